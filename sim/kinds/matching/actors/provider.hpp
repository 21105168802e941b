// A resource provider (Garbacki & Naik §4): the resource usage monitor of one resource type,
// which reports the current offers of every resource of that type to the Resource Matcher every
// period, over the network, from time 0 on (background.hpp says what it offers). A daemon: it
// reports as long as anything else runs, and no longer than its first report past the run's limit
// of simulated time (limits.hpp), which stops the run at the matcher: so it never waits for an
// instant beyond (limit + period).
#pragma once

#include <limits>

#include "sim/kinds/matching/background.hpp"
#include "sim/kinds/matching/output/events.hpp"

namespace arsim::kinds::matching {

class Provider {
 public:
  // `events` must outlive the run. Throws std::invalid_argument on a period <= 0.
  Provider(int type, Background background, double period, EventSink* events,
           double limit = std::numeric_limits<double>::infinity());
  void operator()();

 private:
  int type_;
  Background background_;
  double period_;
  EventSink* events_;
  double limit_;
};

}  // namespace arsim::kinds::matching
