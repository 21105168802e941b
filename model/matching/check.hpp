// The checker of matchings (§3.2.2), written apart from every matcher: it recomputes E(j,t) from
// the static values itself (it does not call candidate_sets), the loads and the objective value,
// so a bug in a matcher's shared routines cannot hide here. Every matching a matcher returns goes
// through it.
#pragma once

#include <optional>
#include <string>

#include "model/matching/instance.hpp"
#include "model/matching/matching.hpp"

namespace arsim::model::matching {

// Relative tolerance of capacity and equality checks: capacities and usages are integral in the
// generated instances, so any real violation is far above it.
inline constexpr double kCheckTolerance = 1e-9;

// The first violation, or nothing: one entry per job; a matched job has exactly one resource per
// dependency (gang constraint sum_{r in E(j,t)} X(j,r) = Z_j), each of the dependency's type and
// meeting its static requirements (r in E(j,t)); no resource attribute loaded above N(r,a); under
// LoadBalanceLiteral also sum_j U(j,a) X(j,r) = N(r,a) G_a with one G_a per attribute.
std::optional<std::string> check_feasible(const Instance& inst, const Matching& m,
                                          const Policy& policy);

// check_feasible, then the objective value recomputed and compared with `claimed` (absolute
// tolerance 1e-6 relative to max(1, |value|)).
std::optional<std::string> check_matching(const Instance& inst, const Matching& m,
                                          const Policy& policy, double claimed);

}  // namespace arsim::model::matching
