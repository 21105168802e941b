#include "schedulers/gangmatch/register.hpp"

#include <chrono>

#include "schedulers/gangmatch/engine.hpp"
#include "schedulers/gangmatch/exact.hpp"
#include "schedulers/gangmatch/limited.hpp"

namespace arsim::schedulers::gangmatch {

namespace {

class EngineMatcher : public GangMatcher {
 public:
  explicit EngineMatcher(EngineOptions o) : o_(o) {}
  GangResult match(const model::gang::GangProblem& problem) override {
    return run_engine(problem, o_);
  }

 private:
  EngineOptions o_;
};

class ExactMatcher : public GangMatcher, public LimitedMatcher {
 public:
  explicit ExactMatcher(ExactOptions o) : o_(o) {}
  GangResult match(const model::gang::GangProblem& problem) override {
    const ExactResult r = solve_exact(problem, o_);
    GangResult out;
    out.gangs = r.gangs;
    out.stats.roots = static_cast<long>(problem.roots.size());
    out.stats.matched = static_cast<long>(r.gangs.size());
    // One evaluation per candidate gang checked (a complete tree: every port of it evaluated at
    // once by the gang checker), so that a run kind's evaluation_cost prices exact's cycles too.
    out.stats.evaluations = r.trees;
    out.stats.seconds = r.seconds;
    return out;
  }
  std::optional<std::string> refuses(const model::gang::GangProblem& problem) override {
    try {
      enumerate_gangs(problem, o_);
    } catch (const ExactLimitError& e) {
      return e.what();
    }
    return {};
  }

 private:
  ExactOptions o_;
};

// The engine's parameters that are not one of its fields.
struct EngineChoices {
  bool right_to_left = false;  // order
  bool scan_by_type = false;   // scan
};

std::vector<ParamSpec> common_specs(bool with_order, bool with_scan = false) {
  using O = EngineOptions;
  std::vector<ParamSpec> specs = {
      field("rank", &O::use_rank).about("try candidates by descending Rank of the probing port"),
      field("max_docks", &O::max_docks)
          .at_least(0)
          .at_most(2e9)
          .about("docks tried per root before giving it up (0 = no limit; deterministic)"),
      field("max_gang_size", &O::max_gang_size)
          .at_least(1)
          .at_most(100000)
          .about("ads in one gang at most"),
  };
  if (with_scan)
    specs.insert(specs.begin(),
                 choice("scan", &EngineChoices::scan_by_type, {{"all", false}, {"type", true}})
                     .about("candidates of a port: every free ad, or only the ads of the Type the "
                            "port asks for (a reading of §5's nested loops)"));
  if (with_order)
    specs.insert(specs.begin(), choice("order", &EngineChoices::right_to_left,
                                       {{"left-to-right", false}, {"right-to-left", true}})
                                    .about("port order: ports of an ad first to last, or last to "
                                           "first"));
  return specs;
}

// `base` with the parameters given: those of a family not declared keep base's value.
EngineOptions options_from(const Params& p, EngineOptions base, bool with_order) {
  EngineOptions o = p.to<EngineOptions>(std::move(base));
  const auto choices = p.to<EngineChoices>();
  if (choices.scan_by_type) {
    o.source = EngineOptions::Source::Index;  // an index over Type alone
    o.index_only = {"type"};
  }
  if (with_order)
    o.order = choices.right_to_left ? EngineOptions::Order::RightToLeft
                                    : EngineOptions::Order::LeftToRight;
  return o;
}

EngineOptions engine(EngineOptions::Source source, EngineOptions::Order order, bool clustered) {
  EngineOptions o;
  o.source = source;
  o.order = order;
  o.clustered = clustered;
  return o;
}

void add_engine(GangMatcherRegistry& r, const std::string& name, const std::string& what,
                EngineOptions base, bool with_order, bool with_scan = false) {
  r.add({name, what, common_specs(with_order, with_scan), [base, with_order](const Params& p) {
           return std::make_unique<EngineMatcher>(options_from(p, base, with_order));
         }});
}

}  // namespace

void register_matchers(GangMatcherRegistry& r) {
  using S = EngineOptions::Source;
  using O = EngineOptions::Order;
  add_engine(r, "naive",
             "Raman et al. §5 naive: backtracking over nested loops, ports in a fixed order, "
             "every free ad a candidate",
             engine(S::Scan, O::LeftToRight, false), true, true);
  add_engine(r, "indexed",
             "the naive order with attribute and constraint-interval indexes (§5): a probe "
             "returns a tight superset of a port's candidates",
             engine(S::Index, O::LeftToRight, false), true);
  add_engine(r, "dynamic",
             "indexed, filling ports in ascending order of candidate-set size and shunting "
             "constraints on unbound ports (§5)",
             engine(S::Index, O::Dynamic, false), false);
  add_engine(r, "clustered",
             "dynamic over autoclusters of interchangeable ads, with candidate lists and failed "
             "partial gangs remembered for the rest of the cycle (same gangs, fewer probes)",
             engine(S::Index, O::Dynamic, true), false);
  r.add({"exact",
         "the most gangs possible (any root order): brute-force enumeration of every valid gang "
         "and a set-packing 0-1 IP on CBC; small pools only",
         {field("max_trees", &ExactOptions::max_trees)
              .at_least(1)
              .at_most(2e9)
              .about("complete trees checked at most"),
          field("max_candidates", &ExactOptions::max_candidates)
              .at_least(1)
              .at_most(2e9)
              .about("valid gangs at most")},
         [](const Params& p) { return std::make_unique<ExactMatcher>(p.to<ExactOptions>()); }});
}

}  // namespace arsim::schedulers::gangmatch
