// A resource provider (Garbacki & Naik §4): the resource usage monitor of one resource type,
// which reports the current offers of every resource of that type to the Resource Matcher every
// period, over the network, from time 0 on (background.hpp says what it offers). A daemon: it
// reports as long as anything else runs.
#pragma once

#include "sim/kinds/matching/background.hpp"
#include "sim/kinds/matching/events.hpp"

namespace arsim::kinds::matching {

class Provider {
 public:
  // `events` must outlive the run. Throws std::invalid_argument on a period <= 0.
  Provider(int type, Background background, double period, EventSink* events);
  void operator()();

 private:
  int type_;
  Background background_;
  double period_;
  EventSink* events_;
};

}  // namespace arsim::kinds::matching
