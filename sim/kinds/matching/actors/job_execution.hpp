// A matched job running (Garbacki & Naik §2: jobs consume the capacities of the resources they
// are matched to): holds them for its duration, then tells the Resource Matcher, over the network,
// that they are free. The matcher starts it when the batch's matcher time has passed.
#pragma once

#include "sim/kinds/matching/output/events.hpp"

namespace arsim::kinds::matching {

class JobExecution {
 public:
  // `events` must outlive the run. Throws std::invalid_argument on a duration <= 0.
  JobExecution(int job, double duration, EventSink* events);
  void operator()();

 private:
  int job_;
  double duration_;
  EventSink* events_;
};

}  // namespace arsim::kinds::matching
