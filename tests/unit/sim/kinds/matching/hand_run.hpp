// A hand-made record of a run of the tiny workload (tests/support/tiny_matching_workload.hpp),
// fed through the Recorder.
#pragma once

#include "sim/kinds/matching/output/audit.hpp"
#include "sim/kinds/matching/output/events.hpp"

namespace arsim::testing {

// The run: j0 (mem 8) submitted at 1, matched on r0 by batch 0 [1, 2), runs [2, 102); j1 (mem 5)
// submitted at 5 waits for r0 and is matched by batch 1 [102, 103), runs [103, 153); j2 and j3
// are rejected; j4 submitted at 8 is dropped by batch 1. Offers of r0: 10 from 0, 5 from 60 (below
// the 8 j0 holds), 10 from 120; r1 4 and r2 6 throughout; the matcher applies each report at once
// (batch 0 sees the first, batch 1 the second). The run ends at 153.
inline kinds::matching::RunRecord hand_run() {
  using namespace kinds::matching;
  Recorder rec(5);
  // a report measured at t, applied by the matcher before batch `next` began
  auto offer = [&](double t, double r0, int next) {
    rec.on(OfferReported{{t, 0, {{r0}, {4}, {6}}, -1}});
    rec.on(OfferApplied{0, t, next});
  };
  BatchRecord b0{0, 1, 2, 1, 1, 1, 0, 1, 1, "optimal", true, 1, 1, 0, 0, 9, 0.004};
  BatchRecord b1{1, 102, 103, 2, 1, 1, 1, 1, 1, "optimal", true, 1, 1, 0, 0, 12, 0.005};
  offer(0, 10, 0);
  rec.on(JobSubmitted{0, 0, 1});
  rec.on(JobMatched{0, 0, 2, 1, {0}});
  rec.on(JobStarted{0, 2});
  rec.on(BatchMatched{b0});
  rec.on(JobSubmitted{1, 0, 5});
  rec.on(JobSubmitted{2, 0, 6});
  rec.on(JobRejected{2, 6});
  rec.on(JobSubmitted{3, 0, 7});
  rec.on(JobRejected{3, 7});
  rec.on(JobSubmitted{4, 0, 8});
  offer(60, 5, 1);
  rec.on(JobFinished{0, 102});
  rec.on(JobMatched{1, 1, 103, 1, {0}});
  rec.on(JobStarted{1, 103});
  rec.on(JobDropped{4, 1, 103, 2});
  rec.on(BatchMatched{b1});
  offer(120, 10, 2);
  rec.on(JobFinished{1, 153});
  return rec.finish(153);
}

// What the auditor needs to know of the hand run's scenario: buckets of 100 s, one second per
// batch (its counts cost nothing else), throughput.
inline kinds::matching::AuditContext hand_context() {
  kinds::matching::AuditContext c;
  c.bucket = 100;
  c.cost.per_batch = 1;
  return c;
}

}  // namespace arsim::testing
