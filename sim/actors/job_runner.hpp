// One reserved component job: waits for its reserved start, then computes on its site's hosts for
// the reserved duration with the reserved number of cores.
#pragma once

#include "sim/actors/run_context.hpp"
#include "model/time.hpp"

namespace arsim::actors {

class JobRunner {
 public:
  JobRunner(RunContext ctx, int site, int request_id, int cores, model::TimeFrame frame);
  void operator()();

 private:
  RunContext ctx_;
  int site_;
  int request_id_;
  int cores_;
  model::TimeFrame frame_;
};

}  // namespace arsim::actors
