// The response-time deadline of the on-line Resource Matcher (Garbacki & Naik §1, §3.3, §4: an
// on-line matcher must be "sensitive to response time constraints"). A batch whose matcher time
// (cost.hpp) exceeds the deadline misses it: the matcher is stopped at the deadline and the batch
// is answered then with what a stopped matcher has. §3.3: the EA and the hybrid can be stopped at
// any point and return their best solution so far, whose first is a greedy placement; the LP's
// only feasible solution is its optimum, so a stopped LP has none. The simulation runs each call
// to its end (it has no incumbent of the call at an instant of simulated time), so a missed batch
// answers with the greedy placement below (`greedy`, a lower bound of what a stopped EA or hybrid
// returns) or with nothing (`nothing`, the stopped LP). Pure: no SimGrid.
#pragma once

#include "model/matching/matching.hpp"

namespace arsim::kinds::matching {

namespace mm = arsim::model::matching;

struct Deadline {
  double seconds = 0;  // simulated seconds a batch may take; 0: no deadline
  bool greedy = true;  // a missed batch answers with greedy_matching; false: with nothing

  bool set() const { return seconds > 0; }
  bool missed(double matcher_seconds) const { return set() && matcher_seconds > seconds; }
};

// First fit in batch (queue) order: each job in turn takes, for every dependency, the first
// candidate of E(j,t) in resource order whose capacity left covers its usage, or nothing at all
// when one dependency finds none. Feasible by construction.
mm::Matching greedy_matching(const mm::Instance& inst);

// What a batch that missed its deadline answers: greedy_matching, or the empty matching when the
// deadline says nothing or the objective is the literal load balance (whose equal loads a greedy
// placement breaks).
mm::Matching missed_answer(const mm::Instance& inst, const Deadline& d, const mm::Policy& policy);

// The status batches.csv gives a batch that missed its deadline.
inline constexpr const char* kMissedStatus = "missed_deadline";

}  // namespace arsim::kinds::matching
