// A co-allocation request (GridARS §2.2, §3.2): a complete graph of components, each asking for
// cores on one site, with a bandwidth demand per component pair, and a time frame given by the
// earliest start EST, the latest start LST and the duration D.
#pragma once

#include <limits>
#include <string>
#include <vector>

#include "model/time.hpp"

namespace arsim::model {

// A component placed nowhere yet, the planner's to place.
inline constexpr int kUnpinned = -1;

struct Component {
  int cpus = 0;  // rc_j: cores on one site
  // A site vertex the component must stay on, or kUnpinned. A modification of a broken
  // reservation (GridARS §5) re-plans the broken components only; the components they exchange
  // data with keep their sites and are given to the planner pinned there.
  int site = kUnpinned;

  bool pinned() const { return site != kUnpinned; }
};

// "No latency bound" on a pair: +infinity, so every route meets it and no planner needs a special
// case to compare against it.
inline constexpr double kNoLatencyBound = std::numeric_limits<double>::infinity();

// A requested network between two components. bandwidth == 0 means no path is needed (eq. 7).
// max_latency bounds the route latency of the pair: the sum of the latencies of its edges
// (model::route_latency); kNoLatencyBound (the default) means none.
struct Pair {
  int a = -1;
  int b = -1;
  double bandwidth = 0;                  // rb_l in Gbit/s
  double max_latency = kNoLatencyBound;  // L_l in seconds

  bool has_latency_bound() const { return max_latency != kNoLatencyBound; }
};

struct Request {
  int id = -1;
  std::string user;
  int type = 0;  // generator's request type (GridARS Fig. 6), 0 when unknown
  Time submit = 0;
  Time est = 0;
  Time lst = 0;
  Time duration = 0;
  double service_level = 1;  // GridARS option (C): the share of availability the user is shown
  std::vector<Component> components;
  std::vector<Pair> pairs;

  int total_cpus() const;
};

// The latest instant a request may reach (about 31,700 years): times stay exact to the microsecond.
inline constexpr double kMaxRequestTime = 1e12;

// Throws std::invalid_argument naming the first field that is out of range (times ordered,
// cpus > 0 and their total an int, pair ends in range and distinct, bandwidth >= 0, max_latency
// >= 0 and finite or kNoLatencyBound, service level in (0, 1]).
void validate(const Request& r);

}  // namespace arsim::model
