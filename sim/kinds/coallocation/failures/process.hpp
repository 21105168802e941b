// The seeded failure process of a co-allocation run (keys failures.*, scenarios/README.md): each
// host of a compute site and each path link that may fail (platform/failure_profiles.hpp) is up
// for a time to failure (TTF), down for a time to repair (TTR), up again, and so on, both drawn
// from the class's law with the given means, from its own seeded stream
// "failure:host:NAME" / "failure:link:NAME" of the scenario seed and run index. Same scenario and
// seed, same failures. A resource with a state profile in the platform follows its profile only.
#pragma once

#include <cstdint>
#include <random>
#include <string>

#include "sim/platform/platform_view.hpp"
#include "sim/scenario/settings.hpp"

namespace arsim::kinds::coallocation {

// The failures.* keys; a mean of 0 switches its class off.
struct FailureKeys {
  double hosts_ttf = 0, hosts_ttr = 0;              // s
  double links_ttf = 0, links_ttr = 0;              // s
  double coordinator_ttf = 0, coordinator_ttr = 0;  // s: crashes of the GRC processes
  double retry = 1;  // s: a reliable control message lost by a failed link is sent again then
  std::string law = "exponential";  // exponential (the means) or constant
};

// Validates the keys (an InputError at the key's location); `arsim check` calls it too.
FailureKeys failure_keys(const scenario::Settings& s);
// Whether the scenario's seeded process fails something.
bool seeded_failures(const FailureKeys& k);

// Starts one daemon actor per failing resource on the coordinator's host (a control host never
// fails), skipping those with a state profile.
void start_failure_processes(const FailureKeys& keys, const platform::PlatformView& view,
                             std::uint64_t seed, int run_index);

// The next time to failure or to repair of law `law` with mean `mean`.
double draw_duration(const std::string& law, double mean, std::mt19937_64& rng);

}  // namespace arsim::kinds::coallocation
