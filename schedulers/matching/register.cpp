#include "schedulers/matching/register.hpp"

#include <stdexcept>

#include "schedulers/matching/ea.hpp"
#include "schedulers/matching/lns.hpp"
#include "schedulers/matching/lp.hpp"

namespace arsim::schedulers::matching {

namespace {

const std::vector<std::pair<std::string, milp::Backend>> kBackends = {
    {"cbc", milp::Backend::Cbc}, {"glpk", milp::Backend::Glpk}};

template <class C>
ParamSpec time_limit_spec(const C& defaults) {
  return field_from(defaults, "time_limit", &C::time_limit)
      .at_least(0)
      .in("s")
      .about("wall seconds (0 = none); a limit makes the result depend on the machine");
}

std::vector<ParamSpec> evolution_specs(const EvolutionOptions& d) {
  using O = EvolutionOptions;
  return {
      field_from(d, "population", &O::population)
          .at_least(2)
          .at_most(1e6)
          .about("solutions per generation"),
      field_from(d, "removals", &O::removals)
          .at_least(1)
          .at_most(1e6)
          .about("assignments removed per perturbation"),
      field_from(d, "explore", &O::explore)
          .at_least(1)
          .at_most(1e6)
          .about("survivors drawn at random from below the cut-off (< population)"),
      field_from(d, "max_iterations", &O::max_iterations)
          .at_least(0)
          .at_most(2e9)
          .about("generations"),
      field_from(d, "stall_iterations", &O::stall_iterations)
          .at_least(1)
          .at_most(2e9)
          .about("stop after this many generations without improvement"),
      time_limit_spec(d),
  };
}

void add_lp(MatcherRegistry& registry) {
  using O = LpOptions;
  const LpOptions d;
  registry.add(
      {"lp",
       "the exact 0-1 model of Garbacki & Naik §3.2 on CBC or GLPK (proven optimum unless a limit "
       "stops it)",
       {choice("backend", &O::backend, kBackends).about("MILP solver"), time_limit_spec(d),
        field("node_limit", &O::node_limit)
            .at_least(0)
            .at_most(2e9)
            .about("CBC branch-and-bound nodes (0 = none)"),
        field("solution_limit", &O::solution_limit)
            .at_least(0)
            .at_most(2e9)
            .about("stop after this many improving solutions (0 = none)"),
        field("dump_dir", &O::dump_dir)
            .may_be_empty()
            .about("write every solved model here as MPS + JSON"),
        words("cbc_args", &O::cbc_args)
            .about("CBC options as on the cbc command line, through its driver (empty = CBC's "
                   "defaults); exactly milp::kCbcDirectArgs runs the direct API path instead"),
        field("lexicographic", &O::lexicographic)
            .about("load balance in two solves: throughput, then balance at that throughput")},
       [](const Params& p) {
         LpOptions o = p.to<LpOptions>();
         milp::check_cbc_args(o.cbc_args);
         return std::make_unique<LpMatcher>(o);
       }});
}

void add_hybrid(MatcherRegistry& registry) {
  using O = HybridOptions;
  const HybridOptions d;
  auto specs = evolution_specs(d.evolution);
  specs.push_back(field("partial_jobs", &O::partial_jobs)
                      .at_least(1)
                      .at_most(1e6)
                      .about("unmatched jobs per partial problem"));
  specs.push_back(field("partial_candidates", &O::partial_candidates)
                      .at_least(1)
                      .at_most(1e6)
                      .about("resources per dependency drawn into a partial problem"));
  specs.push_back(
      choice("partials", &O::partials, {{"cover", Partials::Cover}, {"one", Partials::One}})
          .about("cover: every unmatched job, in partial problems of partial_jobs, each rebuild "
                 "(§3.1); one: one partial problem per rebuild (with population=4 explore=1, the "
                 "default before it followed the paper)"));
  specs.push_back(
      choice("backend", &O::backend, kBackends).about("MILP solver of the partial problems"));
  registry.add({"hybrid",
                "the hybrid EA/LP matcher of Garbacki & Naik §3: the EA whose rebuild solves "
                "partial problems of the unmatched jobs exactly",
                specs, [](const Params& p) {
                  HybridOptions o = p.to<HybridOptions>();
                  o.evolution = p.to<EvolutionOptions>();
                  return std::make_unique<HybridMatcher>(o);
                }});
}

void add_lns(MatcherRegistry& registry) {
  using O = LnsOptions;
  const LnsOptions d;
  registry.add(
      {"lns",
       "large-neighbourhood search on CBC (ours): exact neighbourhoods of adaptive size, warm "
       "started from the incumbent",
       {field("initial_size", &O::initial_size)
            .at_least(1)
            .at_most(1e6)
            .about("jobs of the first move"),
        field("min_size", &O::min_size).at_least(1).at_most(1e6).about("least jobs per move"),
        field("max_size", &O::max_size).at_least(1).at_most(1e9).about("most jobs per move"),
        field("starts", &O::starts)
            .at_least(0)
            .at_most(1e6)
            .about("random greedy starts beside the ordered one"),
        field("grow", &O::grow)
            .at_least(1)
            .at_most(100)
            .about("size factor after a move proven optimal"),
        field("shrink", &O::shrink)
            .at_least(0.01)
            .at_most(0.99)
            .about("size factor after a move stopped by the node limit"),
        field("node_limit", &O::node_limit).at_least(1).at_most(2e9).about("CBC nodes per move"),
        listed_as(field("move_work", &O::move_work)
                      .at_least(1)
                      .at_most(1e18)
                      .about("work units per move above which the neighbourhood stops growing"),
                  "1e5"),
        field("max_iterations", &O::max_iterations).at_least(0).at_most(2e9).about("moves"),
        field("stall_iterations", &O::stall_iterations)
            .at_least(1)
            .at_most(2e9)
            .about("stop after this many moves without improvement"),
        time_limit_spec(d)},
       [](const Params& p) { return std::make_unique<LnsMatcher>(p.to<LnsOptions>()); }});
}

}  // namespace

void register_matchers(MatcherRegistry& registry) {
  add_lp(registry);
  registry.add({"ea",
                "the evolutionary matcher of Garbacki & Naik §3.1: perturb by removals, rebuild "
                "greedily, keep the best and a few worse",
                evolution_specs(EvolutionOptions{}), [](const Params& p) {
                  const auto o = p.to<EvolutionOptions>();
                  validate(o, "ea");
                  return std::make_unique<EaMatcher>(o);
                }});
  add_hybrid(registry);
  add_lns(registry);
}

}  // namespace arsim::schedulers::matching
