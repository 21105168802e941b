// The settings of a matching run read into the parameters of its parts (keys.cpp lists the
// keys). Values the schema cannot check alone become InputErrors at their key.
#pragma once

#include <cstdint>
#include <memory>

#include "schedulers/resource_matcher.hpp"
#include "sim/engine/catalog.hpp"
#include "sim/kinds/matching/background.hpp"
#include "sim/kinds/matching/cost.hpp"
#include "sim/kinds/matching/state.hpp"
#include "sim/scenario/scenario.hpp"
#include "workloads/matching/online.hpp"

namespace arsim::kinds::matching {

workloads::matching::OnlineParams online_params(const scenario::Settings& s);
workloads::matching::OnlineWorkload make_workload(const scenario::Settings& s, std::uint64_t seed,
                                                  int run_index);
BackgroundParams background_params(const scenario::Settings& s);
QueuePolicy queue_policy(const scenario::Settings& s);
CostModel cost_model(const scenario::Settings& s);
model::matching::Policy match_policy(const scenario::Settings& s);

// The configured matcher with its match.* parameters. Throws an InputError at matcher.algorithm
// for an unknown name or parameter.
std::shared_ptr<schedulers::ResourceMatcher> make_matcher(const engine::Catalog& catalog,
                                                          const scenario::Settings& s);
// make_matcher, and for the literal load balance (which only some matchers solve) one call on a
// one-job instance: an InputError at matcher.objective when the matcher refuses the objective.
// For check(), before anything runs.
void check_matcher(const engine::Catalog& catalog, const scenario::Settings& s);

}  // namespace arsim::kinds::matching
