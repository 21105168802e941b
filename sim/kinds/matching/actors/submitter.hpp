// A job submitter (Garbacki & Naik §4: "job submitters send jobs asynchronously" to the Matcher
// Interface): sends its jobs to the Resource Matcher at their submit times, says when it has sent
// them all, and collects one answer per job.
#pragma once

#include <vector>

#include "sim/kinds/matching/output/events.hpp"
#include "workloads/matching/online.hpp"

namespace arsim::kinds::matching {

class Submitter {
 public:
  // `jobs`: the workload indices of this submitter's jobs, by submit time. `workload` and `events`
  // must outlive the run.
  Submitter(int index, std::vector<int> jobs, const workloads::matching::OnlineWorkload* workload,
            EventSink* events);
  void operator()();

 private:
  int index_;
  std::vector<int> jobs_;
  const workloads::matching::OnlineWorkload* w_;
  EventSink* events_;
};

}  // namespace arsim::kinds::matching
