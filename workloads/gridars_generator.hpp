// The request workload of the GridARS simulations (Takefusa et al., §4.1, Table 1).
//
// Each user submits co-allocation requests as a Poisson process (exponential inter-arrival times
// with the user's mean, 407.327 s in the paper) during the first day; each request reserves
// resources in the second day. Per request, drawn uniformly and independently:
//   - the type, from `types` (Table 1: Type1..4);
//   - the duration D, from `durations` (30, 60, 120 min);
//   - the cores, from `cpus` (1, 2, 4, 8): by default one draw per request, the same for all its
//     sites (Table 1: "1, 2, 4, 8 for all sites"); `cpu_draw = PerComponent` draws each component
//     independently instead (the other reading, kept to compare);
//   - EST, uniform over the grid {window_start, window_start + g, window_start + 2g, ...} of
//     `est_grain` g up to window_end - (lst_factor + 1) D; LST = EST + lst_factor D, so the whole
//     window [EST, LST + D] lies inside [window_start, window_end] (workloads/README.md). The text
//     gives no grain: g = 1 s (whole seconds) by default, 60 s gives whole minutes like Table 1's
//     durations.
// Every requested path asks for `bandwidth` Gbit/s (1 Gbps in Table 1) and gets the latency bound
// `max_latency` in seconds (not in the paper; the default, model::kNoLatencyBound, is none). No
// random draw depends on either, so a bound leaves every other field of the workload unchanged.
// Submit times are kept continuous (not rounded).
//
// Request types. Fig. 6 is not in the text we have; our reading (workloads/README.md,
// analysis/NOTES.md) fits both the three sizes of Fig. 10 and the calibration "100 % load at 1440
// min", which needs 3 sites per request on average:
//   Type1: 2 components, 1 path    0-1
//   Type2: 3 components in a line  0-1, 1-2          (no path between 0 and 2)
//   Type3: 3 components, triangle  0-1, 1-2, 0-2
//   Type4: 4 components, ring      0-1, 1-2, 2-3, 0-3
//          or, with `type4 = Complete`, every pair: 0-1, 1-2, 2-3, 0-3, 0-2, 1-3
// Both Type 4 readings ask for 4 sites, so both give the calibrated load (it counts cores only).
// Pairs that need no path are omitted rather than listed with bandwidth 0: the two are equivalent
// for the model (GridARS eq. (7), model::Pair), and omitting keeps request files short. Every
// component still goes to its own site.
//
// Randomness: each user draws from its own stream, make_stream(seed, run_index, user name), in the
// order inter-arrival, type, duration, EST, cores (one draw, or one per component). Requests of all
// users are merged, sorted by (submit, user) and numbered 0..n-1.
#pragma once

#include <cstdint>
#include <string>
#include <utility>
#include <vector>

#include "model/request.hpp"
#include "model/time.hpp"

namespace arsim::workloads {

struct GridarsUser {
  std::string name;
  double mean_interarrival = 407.327;  // seconds (Table 1 text, §4.1)
  double service_level = 1;            // option (C); UserB has 0.5 in the "-S" runs of Fig. 7
};

// How the cores of a request are drawn (Table 1, "Requested No. of CPUs").
enum class CpuDraw { PerRequest, PerComponent };
// The paths of a Type 4 request: a ring of 4 pairs or the complete graph of 6.
enum class Type4Shape { Ring, Complete };

struct GridarsConfig {
  std::vector<GridarsUser> users = {{"UserA"}, {"UserB"}};
  model::Time arrival_end = 86400;   // arrivals while submit < arrival_end
  model::Time window_start = 86400;  // reservations inside the second day
  model::Time window_end = 172800;
  std::vector<model::Time> durations = {1800, 3600, 7200};
  std::vector<int> cpus = {1, 2, 4, 8};
  double bandwidth = 1.0;  // Gbit/s per requested path
  double lst_factor = 3;   // LST - EST = lst_factor * D
  std::vector<int> types = {1, 2, 3, 4};
  CpuDraw cpu_draw = CpuDraw::PerRequest;
  Type4Shape type4 = Type4Shape::Ring;
  model::Time est_grain = 1;  // EST on a grid of this many seconds from window_start, >= 1
  double max_latency = model::kNoLatencyBound;  // seconds, every pair's bound; +inf: none
};

// The components and paths of a request type (see above). Throws std::invalid_argument for a type
// outside 1..4.
struct TypeShape {
  int components = 0;
  std::vector<std::pair<int, int>> paths;
};
TypeShape type_shape(int type, Type4Shape type4 = Type4Shape::Ring);

// Throws std::invalid_argument naming the first bad field (e.g. "users[1].mean_interarrival").
void validate(const GridarsConfig& config);

// The requests of run `run_index` of an experiment with base seed `seed`. Validates the config.
std::vector<model::Request> generate_gridars(const GridarsConfig& config, std::uint64_t seed,
                                             std::uint64_t run_index);

// The "request load" of §4.1 at the end of each bucket: the core-seconds asked for by requests
// submitted strictly before t, over the core-seconds of the reservation window,
//   load(t) = sum_{submit < t} total_cpus * D / (total_cores * window_length).
// Buckets end at bucket_width, 2 bucket_width, ... up to horizon (the last point is at the
// first bucket end >= horizon). horizon 0 means: up to the first bucket end strictly after the
// latest submit, so every request is counted; no requests and horizon 0 give no points. With the
// ELGL platform (232 cores), a one-day window and 144-min buckets this reaches about 1.0 at 1440
// min.
struct LoadPoint {
  model::Time t = 0;
  double load = 0;
};
std::vector<LoadPoint> load_curve(const std::vector<model::Request>& requests, int total_cores,
                                  model::Time window_length, model::Time bucket_width,
                                  model::Time horizon = 0);

}  // namespace arsim::workloads
