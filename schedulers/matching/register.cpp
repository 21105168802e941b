#include "schedulers/matching/register.hpp"

#include <stdexcept>

#include "schedulers/matching/ea.hpp"
#include "schedulers/matching/lns.hpp"
#include "schedulers/matching/lp.hpp"

namespace arsim::schedulers::matching {

namespace {

using T = ParamType;

ParamSpec spec(std::string name, ParamType type, std::string def, std::string description,
               double min = -1e300, double max = 1e300, std::vector<std::string> choices = {}) {
  return legacy_spec(std::move(name), type, std::move(def), std::move(description),
                     std::move(choices), min, max);
}

ParamSpec time_limit_spec() {
  return spec("time_limit", T::Double, "0",
              "wall seconds (0 = none); a limit makes the result depend on the machine", 0);
}

std::vector<ParamSpec> evolution_specs(const EvolutionOptions& d) {
  return {
      spec("population", T::Int, std::to_string(d.population), "solutions per generation", 2, 1e6),
      spec("removals", T::Int, std::to_string(d.removals), "assignments removed per perturbation",
           1, 1e6),
      spec("explore", T::Int, std::to_string(d.explore),
           "survivors drawn at random from below the cut-off (< population)", 1, 1e6),
      spec("max_iterations", T::Int, std::to_string(d.max_iterations), "generations", 0, 2e9),
      spec("stall_iterations", T::Int, std::to_string(d.stall_iterations),
           "stop after this many generations without improvement", 1, 2e9),
      time_limit_spec(),
  };
}

EvolutionOptions evolution_from(const Params& p) {
  EvolutionOptions o;
  o.population = p.get_int("population");
  o.removals = p.get_int("removals");
  o.explore = p.get_int("explore");
  o.max_iterations = p.get_int("max_iterations");
  o.stall_iterations = p.get_int("stall_iterations");
  o.time_limit = p.get_double("time_limit");
  return o;
}

void add_lp(MatcherRegistry& registry) {
  registry.add({"lp",
                "the exact 0-1 model of Garbacki & Naik §3.2 on CBC or GLPK (proven optimum "
                "unless a limit stops it)",
                {spec("backend", T::String, "cbc", "MILP solver", -1e300, 1e300, {"cbc", "glpk"}),
                 time_limit_spec(),
                 spec("node_limit", T::Int, "0", "CBC branch-and-bound nodes (0 = none)", 0, 2e9),
                 spec("solution_limit", T::Int, "0",
                      "stop after this many improving solutions (0 = none)", 0, 2e9),
                 spec("dump_dir", T::String, "", "write every solved model here as MPS + JSON"),
                 spec("cbc_args", T::String, "",
                      "CBC options as on the cbc command line, through its driver (empty = CBC's "
                      "defaults); exactly milp::kCbcDirectArgs runs the direct API path instead"),
                 spec("lexicographic", T::Bool, "true",
                      "load balance in two solves: throughput, then balance at that throughput")},
                [](const Params& p) {
                  LpOptions o;
                  o.backend = milp::parse_backend(p.get_string("backend"));
                  o.time_limit = p.get_double("time_limit");
                  o.node_limit = p.get_int("node_limit");
                  o.solution_limit = p.get_int("solution_limit");
                  o.dump_dir = p.get_string("dump_dir");
                  o.lexicographic = p.get_bool("lexicographic");
                  o.cbc_args = milp::split_words(p.get_string("cbc_args"));
                  milp::check_cbc_args(o.cbc_args);
                  return std::make_unique<LpMatcher>(o);
                }});
}

void add_hybrid(MatcherRegistry& registry) {
  const HybridOptions d;
  auto specs = evolution_specs(d.evolution);
  specs.push_back(spec("partial_jobs", T::Int, std::to_string(d.partial_jobs),
                       "unmatched jobs per partial problem", 1, 1e6));
  specs.push_back(spec("partial_candidates", T::Int, std::to_string(d.partial_candidates),
                       "resources per dependency drawn into a partial problem", 1, 1e6));
  specs.push_back(spec("partials", T::String, "cover",
                       "cover: every unmatched job, in partial problems of partial_jobs, each "
                       "rebuild (§3.1); one: one partial problem per rebuild (with population=4 "
                       "explore=1, the default before it followed the paper)",
                       -1e300, 1e300, {"cover", "one"}));
  specs.push_back(spec("backend", T::String, "cbc", "MILP solver of the partial problems", -1e300,
                       1e300, {"cbc", "glpk"}));
  registry.add({"hybrid",
                "the hybrid EA/LP matcher of Garbacki & Naik §3: the EA whose rebuild solves "
                "partial problems of the unmatched jobs exactly",
                specs, [](const Params& p) {
                  HybridOptions o;
                  o.evolution = evolution_from(p);
                  o.partial_jobs = p.get_int("partial_jobs");
                  o.partial_candidates = p.get_int("partial_candidates");
                  o.partials = p.get_string("partials") == "one" ? Partials::One : Partials::Cover;
                  o.backend = milp::parse_backend(p.get_string("backend"));
                  return std::make_unique<HybridMatcher>(o);
                }});
}

void add_lns(MatcherRegistry& registry) {
  const LnsOptions d;
  registry.add(
      {"lns",
       "large-neighbourhood search on CBC (ours): exact neighbourhoods of adaptive size, warm "
       "started from the incumbent",
       {spec("initial_size", T::Int, std::to_string(d.initial_size), "jobs of the first move", 1,
             1e6),
        spec("min_size", T::Int, std::to_string(d.min_size), "least jobs per move", 1, 1e6),
        spec("max_size", T::Int, std::to_string(d.max_size), "most jobs per move", 1, 1e9),
        spec("starts", T::Int, std::to_string(d.starts),
             "random greedy starts beside the ordered one", 0, 1e6),
        spec("grow", T::Double, "1.5", "size factor after a move proven optimal", 1, 100),
        spec("shrink", T::Double, "0.7", "size factor after a move stopped by the node limit", 0.01,
             0.99),
        spec("node_limit", T::Int, std::to_string(d.node_limit), "CBC nodes per move", 1, 2e9),
        spec("move_work", T::Double, "1e5",
             "work units per move above which the neighbourhood stops growing", 1, 1e18),
        spec("max_iterations", T::Int, std::to_string(d.max_iterations), "moves", 0, 2e9),
        spec("stall_iterations", T::Int, std::to_string(d.stall_iterations),
             "stop after this many moves without improvement", 1, 2e9),
        time_limit_spec()},
       [](const Params& p) {
         LnsOptions o;
         o.initial_size = p.get_int("initial_size");
         o.min_size = p.get_int("min_size");
         o.max_size = p.get_int("max_size");
         o.starts = p.get_int("starts");
         o.grow = p.get_double("grow");
         o.shrink = p.get_double("shrink");
         o.node_limit = p.get_int("node_limit");
         o.max_iterations = p.get_int("max_iterations");
         o.move_work = p.get_double("move_work");
         o.stall_iterations = p.get_int("stall_iterations");
         o.time_limit = p.get_double("time_limit");
         return std::make_unique<LnsMatcher>(o);
       }});
}

}  // namespace

void register_matchers(MatcherRegistry& registry) {
  add_lp(registry);
  registry.add({"ea",
                "the evolutionary matcher of Garbacki & Naik §3.1: perturb by removals, rebuild "
                "greedily, keep the best and a few worse",
                evolution_specs(EvolutionOptions{}), [](const Params& p) {
                  const EvolutionOptions o = evolution_from(p);
                  validate(o, "ea");
                  return std::make_unique<EaMatcher>(o);
                }});
  add_hybrid(registry);
  add_lns(registry);
}

}  // namespace arsim::schedulers::matching
