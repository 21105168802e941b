// Tasks with requested start and finish times (SCS §2): what the interval workloads produce and an
// interval scheduler consumes (the caller copies them into schedulers::IntervalTask).
#pragma once

namespace arsim::workloads {

struct IntervalRequest {
  int id = -1;            // generation index, or the SWF job number
  double start = 0;       // requested start ST (SWF: submit time)
  double duration = 0;    // requested finish FT = ST + duration (SWF: run time)
  int predecessor = -1;   // index in the same vector of the task it depends on, or -1
  int processors = 1;     // SWF allocated (else requested) processors; informative only

  double finish() const { return start + duration; }
};

}  // namespace arsim::workloads
