// The workload of a gangmatching run: the ads of Raman et al. §6 (workloads/gangmatch: N jobs, N
// workstations, L·N licenses in S partitions), when each job is submitted and how long it runs,
// and when each workstation's owner is back and each license is used outside the pool. Pure: no
// SimGrid; deterministic in (config, seed, run index).
//
// Resource ads carry the state their agent is in, as HTCondor's startd does (Raman et al. §2:
// "jobs are only serviced when ..."): `State = "Unclaimed"` while the resource can serve jobs,
// "Owner" while a workstation's owner is back, "InUse" while a license is used outside the pool;
// their port's Constraint starts with `State == "Unclaimed"`. A changed state is a changed ad, so
// the re-check of §4.4 refuses by re-evaluating the constraints on the current ad.
#pragma once

#include <cstdint>
#include <random>
#include <string>
#include <string_view>
#include <vector>

#include "classad/ad.hpp"
#include "sim/kinds/gangmatch/members.hpp"
#include "workloads/gangmatch/generator.hpp"

namespace arsim::kinds::gangmatch {

struct WorkloadConfig {
  workloads::gangmatch::Config ads;     // N, L, S, platforms, request_scale
  bool poisson = false;                 // false: every job is submitted at time 0
  double mean_interarrival = 60;        // s, when poisson
  std::vector<double> durations{3600};  // s, each job's drawn uniformly
};

// Unavailability of a resource: periods alternate with availability, both exponential.
struct AvailabilityConfig {
  double rate = 0;           // 1 / mean available time (per second); 0: always available
  double mean_duration = 0;  // s, mean length of an unavailable period
};

struct JobSpec {
  int index = -1;
  std::string user;  // the ad's Owner: one submit agent per user
  double submit = 0;
  double duration = 0;
  classad::ClassAd ad;
};

struct ResourceSpec {
  Member id;
  classad::ClassAd available;    // State = "Unclaimed"
  classad::ClassAd unavailable;  // State = "Owner" (workstation) or "InUse" (license)
};

struct Workload {
  std::vector<JobSpec> jobs;  // by index; submit times non-decreasing in index
  std::vector<ResourceSpec> workstations, licenses;
};

// A period [start, end) during which a resource is not available.
struct Period {
  double start = 0;
  double end = 0;
};

// Throws std::invalid_argument naming the field.
void validate(const WorkloadConfig& c);

// Streams: the generator's "gangmatch-jobs" and "gangmatch-workstations", then
// "gangmatch-arrivals" and "gangmatch-durations" (model/random.hpp).
Workload make_workload(const WorkloadConfig& c, std::uint64_t seed, int run_index);

// The state names a resource ad can carry.
inline constexpr std::string_view kAvailableState = "Unclaimed";
std::string_view unavailable_state(MemberKind kind);  // "Owner" or "InUse"

// A resource ad of workloads/gangmatch (one port) in a state: `State = "<state>"` first, and
// `State == "Unclaimed" && ` at the head of its port's Constraint. Throws std::logic_error when the
// text is not such an ad (a leading "[ " and exactly one "Constraint = ").
std::string with_state(std::string_view resource_text, std::string_view state);

// The unavailable periods of one resource that start before `horizon`: an available time
// exponential with mean 1/rate, then an unavailable one with mean `mean_duration`, and so on,
// from time 0 (available). Nothing when rate is 0.
std::vector<Period> unavailability(std::mt19937_64& rng, const AvailabilityConfig& c,
                                   double horizon);

// The stream of resource `m`'s unavailability: "gangmatch-owner-ws3", "gangmatch-external-lic5".
std::string unavailability_stream(Member m);

}  // namespace arsim::kinds::gangmatch
