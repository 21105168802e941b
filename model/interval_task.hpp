// Tasks with requested start and finish times (SCS §2): what the interval workloads produce, what
// an interval scheduler places and what the interval-scheduling RM runs.
#pragma once

#include "model/time.hpp"

namespace arsim::model {

struct IntervalTask {
  int id = -1;           // the workload's id (generation index, SWF job number), carried through
  Time start = 0;        // requested start ST_i (SWF: submit time)
  Time finish = 0;       // requested finish FT_i >= ST_i (SWF: submit + run time; 0 length allowed)
  int predecessor = -1;  // index in the same vector of the task it depends on, or -1
  // Earliest allowed actual start besides ST_i: the start of the period a deferred task was pushed
  // to, or the actual finish of a predecessor scheduled in an earlier period. Ignored below ST_i.
  Time release = 0;
  int processors = 1;  // SWF allocated (else requested) processors; informative only

  Time duration() const { return finish - start; }
  // The start the task asks for now: ST_i, or later when released later.
  Time ready() const { return release > start ? release : start; }
};

}  // namespace arsim::model
