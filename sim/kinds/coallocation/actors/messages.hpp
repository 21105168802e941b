// Typed messages between users, the GRC and the RMs (GridARS §3.1). Each mailbox carries one
// variant type and is read with get_unique, so ownership is explicit and no void* is cast.
#pragma once

#include <cstdint>
#include <string>
#include <utility>
#include <variant>
#include <vector>

#include <simgrid/s4u/Mailbox.hpp>

#include "model/plan.hpp"
#include "model/request.hpp"
#include "model/reservation_table.hpp"

namespace arsim::kinds::coallocation::protocol {

namespace sg4 = simgrid::s4u;

// User -> GRC.
struct Submit {
  model::Request request;
  sg4::Mailbox* reply = nullptr;
};

// GRC -> user.
struct Decision {
  int request_id = -1;
  bool accepted = false;
  model::TimeFrame frame;
  double time = 0;  // simulated time of the decision: a resubmission counts its delay from it
  // Not a decision but the notice that the accepted request was released after a failure broke
  // part of it (GridARS §5): the user's resubmission policy applies as to a rejection at `time`.
  bool released = false;
};

// One resource of an RM: a vertex id (cores) or an edge id (bandwidth), and an amount.
struct Amount {
  int resource = -1;
  double amount = 0;
};

// GRC -> RM, stage 2ii: minimum free capacity of the given resources over each frame.
struct AvailabilityQuery {
  std::vector<model::TimeFrame> frames;
  sg4::Mailbox* reply = nullptr;
  std::uint64_t query = 0;  // the GRC's number of the query, echoed: late replies are told apart
};

// RM -> GRC: free[f][i] is the free capacity of resource `resources[i]` over frame f.
struct AvailabilityReply {
  std::uint64_t query = 0;
  bool cores = true;  // what the resources are: vertex ids (cores) or edge ids (bandwidth)
  std::vector<int> resources;
  std::vector<std::vector<double>> free;
};

// GRC -> RM, stage 3 phase one: hold all amounts over the frame, or none.
struct HoldRequest {
  model::ReservationId id = 0;
  int request_id = -1;
  model::TimeFrame frame;
  std::vector<Amount> amounts;
  double expiry = 0;
  sg4::Mailbox* reply = nullptr;
  sg4::Mailbox* monitor = nullptr;  // the GRC's inbox: where a failure breaking it is reported
  int repair = 0;  // 0: the request's first plan; k: its k-th modification (ReservationRecord)
};

// GRC -> RM, phase two.
struct CommitRequest {
  model::ReservationId id = 0;
  sg4::Mailbox* reply = nullptr;
};

struct AbortRequest {
  model::ReservationId id = 0;
};

// GRC -> RM, after a commit some RM refused (its hold had expired: the round trip took longer
// than the hold timeout): give back what was committed, and run no job for it.
struct CancelRequest {
  model::ReservationId id = 0;
  int request_id = -1;
};

// GRC -> RM, after a failure broke some part of the request's reservation: give back what is left
// of its reservations here and stop its jobs (docs/design/coallocation.md, Failures).
struct ReleaseRequest {
  int request_id = -1;
};

// GRC -> RM, after a modification of the request committed (modification.hpp): give back the
// request's committed reservations of commit `id` on `resources`, which the new plan no longer
// needs, and stop their jobs.
struct ReleasePartRequest {
  int request_id = -1;
  model::ReservationId id = 0;
  std::vector<int> resources;
};

// RM -> GRC, monitoring (GridARS §5): a failure broke the request's reservation on `resource`
// (a vertex id for cores, an edge id for bandwidth) from `at` on.
struct BrokenNotice {
  int request_id = -1;
  bool cores = true;
  int resource = -1;
  double at = 0;
};

// RM -> GRC: the answer to a hold or commit. `started`: a hold refused because its frame had
// already begun when it arrived (a coordinator that fell behind its requests).
struct Vote {
  model::ReservationId id = 0;
  bool ok = false;
  bool started = false;
};

struct Shutdown {};

using RmMessage = std::variant<AvailabilityQuery, HoldRequest, CommitRequest, AbortRequest,
                               CancelRequest, ReleaseRequest, ReleasePartRequest, Shutdown>;
using GrcMessage = std::variant<Submit, BrokenNotice, Shutdown>;

}  // namespace arsim::kinds::coallocation::protocol
