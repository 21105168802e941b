// The gang search shared by every matcher of this folder (Raman et al. §5): for each root in
// order, a backtracking search that binds one unbound port at a time to a candidate port of a
// new ad, recursing into the ports of every ad it adds, until every port is bound and every
// constraint is true; the first gang found is kept and its ads are consumed.
//
// What varies (EngineOptions):
//   source   Scan: a port's candidates are all the free resource ports (the naive nested loops);
//            Index: the index of index.hpp returns a tight superset.
//   order    LeftToRight: the ports of an ad first to last, depth first (a child's ports before
//            its parent's next port); RightToLeft: last to first; Dynamic: at every step the
//            unbound port with the fewest candidates (each estimate is a probe; a port without
//            candidates ends the branch at once).
//   clustered  units are autoclusters (units.hpp) instead of single ads, candidate lists and
//            failed partial gangs are remembered for the rest of the run (a failed partial gang
//            of a root cluster fails for every later member: ads only disappear within a run).
//
// Constraints are checked conjunct by conjunct when a dock binds their port. A conjunct whose
// value depended on a label not bound yet is kept pending (shunted) and evaluated again after
// each later dock; a probe also turns a pending comparison on an alias of the probed port (the
// license's requester.Host where the job wrote Host = cpu.Name) into a bound on the candidates
// (§5: "dynamically shunting constraints from the license classad to the cpu port"). Candidates
// are tried in descending order of the probing port's Rank (non-numbers count as 0; a constant
// Rank is not evaluated), ties by ad id.
#pragma once

#include <climits>
#include <deque>
#include <optional>
#include <string>
#include <unordered_map>
#include <unordered_set>
#include <vector>

#include "classad/eval.hpp"
#include "schedulers/gang_matcher.hpp"
#include "schedulers/gangmatch/index.hpp"
#include "schedulers/gangmatch/patterns.hpp"
#include "schedulers/gangmatch/units.hpp"

namespace arsim::schedulers::gangmatch {

struct EngineOptions {
  enum class Source { Scan, Index };
  enum class Order { LeftToRight, RightToLeft, Dynamic };
  Source source = Source::Index;
  Order order = Order::Dynamic;
  bool clustered = false;
  bool use_rank = true;
  long long max_docks = 0;  // per root; 0 = no limit. A root over the limit gets no gang.
  int max_gang_size = 64;   // ads in one gang; larger gangs are not searched
  std::vector<std::string> index_only;  // Index: use only these attributes (folded); empty = all
};

GangResult run_engine(const model::gang::GangProblem& problem, const EngineOptions& options);

class Engine {
 public:
  Engine(const model::gang::GangProblem& problem, const EngineOptions& options);
  GangResult run();

 private:
  struct Node {
    int unit = -1, ad = -1;  // ad: the unit's representative, which the search evaluates
    int parent = -1, parent_port = -1, port = -1;
    std::vector<classad::RecordRef> bound;  // per port of the ad
    classad::Binding binding;
    std::vector<int> key;  // order of its ports: the port path from the root
    std::string path;      // the same, as text, for state keys
  };
  struct OpenPort {
    int node, port;
  };
  struct Pending {
    int node, port, conjunct;
  };
  struct Saved {
    std::vector<OpenPort> open;
    std::vector<Pending> pending;
  };

  // partial.cpp
  void start(int root);
  void dock(int n, int i, int cp);
  void undo();
  bool check_dock();
  bool settle(int x, int k, const std::vector<int>& conjuncts);
  std::string state_key() const;
  ProbeQuery probe_query(int n, int i) const;
  static std::string query_key(const ProbeQuery& q);
  std::optional<double> rank_of(int n, int i, int cp);
  int free_of(int cp) const { return units_.available(cps_[cp].unit) - uses_[cps_[cp].unit]; }

  // engine.cpp
  bool extend();
  bool choose(const std::string& state, OpenPort& chosen, std::vector<int>& cps);
  std::vector<int> probe(int n, int i, int limit = INT_MAX);
  const std::vector<int>& cached_probe(int n, int i);
  std::vector<double> ranks(int n, int i, const std::vector<int>& cps, const std::string& state);
  std::vector<int> order(const std::vector<int>& cps, const std::vector<double>& ranks) const;
  int estimate(const std::vector<int>& cps) const;
  model::gang::Gang instantiate(int root) const;
  void consume(const model::gang::Gang& g);
  std::vector<int> open_in_order() const;

  const model::gang::GangProblem& p_;
  EngineOptions o_;
  Units units_;
  std::vector<CandidatePort> cps_;
  std::vector<std::vector<int>> cps_of_unit_;
  std::optional<GangIndex> index_;
  Column<int> scan_;                                         // every candidate, for Source::Scan
  std::vector<std::vector<std::vector<Pattern>>> patterns_;  // [unit][port][conjunct]
  GangStats stats_;

  std::deque<Node> nodes_;
  std::vector<OpenPort> open_;
  std::vector<Pending> pending_;
  std::vector<Saved> saved_;
  std::vector<int> uses_;  // per unit: nodes of the partial gang
  long docks_this_root_ = 0;
  bool aborted_ = false;

  // clustered: remembered for the whole run
  std::unordered_set<std::string> failed_;
  std::unordered_map<std::string, std::vector<int>> cache_;          // by query
  std::unordered_map<std::string, std::vector<double>> rank_cache_;  // by partial gang, port
};

}  // namespace arsim::schedulers::gangmatch
