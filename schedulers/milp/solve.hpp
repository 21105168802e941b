// Solving a milp::Model with COIN-OR CBC (default) or GLPK, behind one call.
//
// Both back-ends run single-threaded, print nothing, and are deterministic for a fixed model and
// seed as long as no time limit is hit. CBC runs on OsiClpSolverInterface: by default through the
// CbcModel API directly with fixed settings (kCbcDirectArgs), otherwise through its command-line
// driver (CbcMain0/CbcMain1, as the cbc program with the same options), whose setup costs about
// 1 ms a call and whose global state serialises concurrent driver solves by a mutex. The direct
// path shares no state but std::rand, which it reseeds from SolveOptions::seed before each search
// (CglZeroHalf draws from it): concurrent direct solves may run in parallel, but are reproducible
// only one at a time. GLPK runs glp_intopt with its MIP presolver and default branch-and-cut
// settings.
#pragma once

#include <string>
#include <vector>

#include "schedulers/milp/model.hpp"

namespace arsim::schedulers::milp {

enum class Backend { Cbc, Glpk };

// The CBC settings milp::solve applies itself through the CbcModel API, skipping the driver: no
// preprocessing, no heuristics, zero-half cuts at the root node only and no other cut generator,
// no strong branching (branch on pseudo-costs from the start). They suit small 0-1 models, where
// the root LP plus cuts usually closes the gap and everything else costs more than it saves
// (measured on the GridARS IP: bench_gridars_ip.cpp and the ELGL simulation's models). The direct
// path also returns an integral optimum of the root LP, alone or after a few rounds of zero-half
// cuts, without building the search (see cbc_backend.cpp).
inline constexpr const char* kCbcDirectArgs =
    "-cutsOnOff off -zeroHalfCuts root -heuristicsOnOff off -preprocess off -strongBranching 0 "
    "-trustPseudoCosts 0";

// Whitespace-separated words of `text`, e.g. kCbcDirectArgs as a cbc_args list.
std::vector<std::string> split_words(const std::string& text);

// Optimal: proven optimal (within relative_gap). Feasible: a solution, optimality not proven
// (stopped at the solution limit, or at the time limit with an incumbent). Infeasible: proven to
// have no solution. TimeLimit: the time limit was hit before any solution was found. Error: the
// solver failed or the model is unbounded.
enum class Status { Optimal, Feasible, Infeasible, TimeLimit, Error };

struct SolveOptions {
  double time_limit = 0;        // wall seconds; 0 = none
  int solution_limit = 0;       // stop after this many improving solutions; 0 = none
  bool first_feasible = false;  // same as solution_limit = 1
  double relative_gap = 0;      // stop when (incumbent - bound) / |incumbent| <= gap; 0 = exact
  int seed = 1;                 // CBC's random seed (GLPK's branch-and-cut draws no random numbers)
  // CBC's direct path only (ignored by GLPK and the driver): stop after this many
  // branch-and-bound nodes (0 = none), a deterministic limit; and a feasible solution (one value
  // per variable) to start from as the incumbent (empty = none).
  long node_limit = 0;
  std::vector<double> start;
  // CBC options as on the cbc command line, e.g. {"-heuristicsOnOff", "off"}. Exactly the words
  // of kCbcDirectArgs (the default) run the direct CbcModel path with those settings; any other
  // list, including a reordering of them, goes to CBC's driver, and empty means the driver's own
  // defaults. Ignored by GLPK. solve() throws std::invalid_argument when a driver option is not a
  // known parameter with a valid value (see check_cbc_args).
  std::vector<std::string> cbc_args = split_words(kCbcDirectArgs);
};

struct Result {
  Status status = Status::Error;
  bool hit_time_limit = false;
  double objective = 0;        // of the returned solution; meaningful when has_solution()
  double best_bound = 0;       // the solver's proven bound on the optimum (NaN if unknown)
  long nodes = 0;              // branch-and-bound nodes
  double seconds = 0;          // wall time of the solve call
  std::vector<double> values;  // one per variable when has_solution(), else empty
  std::string message;         // what the solver said, for Error

  bool has_solution() const { return status == Status::Optimal || status == Status::Feasible; }
  double value(Var v) const { return values.at(v.index); }
  // Binaries are read as value > 0.5 (solvers return 0.9999999 and 1e-10, never exactly).
  bool is_one(Var v) const { return values.at(v.index) > 0.5; }
};

Result solve(const Model& model, Backend backend = Backend::Cbc, const SolveOptions& options = {});

// Throws std::invalid_argument unless `args` is a list of "-name value" where each name is a CBC
// driver parameter (numeric or keyword; actions such as -solve are refused) and each value valid.
void check_cbc_args(const std::vector<std::string>& args);

std::string to_string(Status s);
std::string to_string(Backend b);
// "cbc" or "glpk"; throws std::invalid_argument naming the valid values otherwise.
Backend parse_backend(const std::string& name);

}  // namespace arsim::schedulers::milp
