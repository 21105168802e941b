// What competition between coordinators costs (GridARS §2.1: several GRCs compete for the same
// RMs on behalf of their users), as two files of every co-allocation run, and their audit.
//
//   grcs.csv      coordinator (the <grc> first, then each <coordinator> in file order):
//                 coordinator,requests,accepted,success_ratio (empty without requests),
//                 plans_found,plans_tried,hold_refusals (plans refused in phase one),
//                 frame_started (of those, refused because the frame had begun),
//                 commit_failures (plans whose commit came after a hold expired).
//   attempts.csv  failed attempt, in the order they failed: request_id,coordinator,attempt (1 for
//                 the request's first plan tried),phase (hold|commit),frame_start,frame_end,
//                 time (when the coordinator learnt of it),rms (RMs of the plan),refused (RMs
//                 that said no),started (of those, because the frame had begun).
#pragma once

#include <map>
#include <string>
#include <vector>

#include "sim/kinds/coallocation/output/records.hpp"
#include "sim/metrics/csv.hpp"

namespace arsim::kinds::coallocation {

std::string grcs_csv(const RunRecord& rec);
std::string attempts_csv(const RunRecord& rec);

namespace audit {

// The coordinator of each user with one of its own; other users submit to `fallback`.
struct CoordinatorOfUser {
  std::map<std::string, std::string> by_user;
  std::string fallback = "grc";
  const std::string& of(const std::string& user) const {
    const auto it = by_user.find(user);
    return it == by_user.end() ? fallback : it->second;
  }
};

// Checks attempts.csv and grcs.csv against requests.csv: every failed attempt belongs to a
// request of that coordinator's users, lies in the request's window with length D, and the
// failed attempts of each request are exactly its plans tried but the one that committed; a
// refusal for a frame that had begun came after the frame began; each grcs.csv row is what
// requests.csv and attempts.csv add up to.
void check_competition(const metrics::CsvTable& requests, const metrics::CsvTable& attempts,
                       const metrics::CsvTable& grcs, const CoordinatorOfUser& coordinators,
                       std::vector<std::string>& violations);

}  // namespace audit
}  // namespace arsim::kinds::coallocation
