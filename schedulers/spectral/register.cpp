#include "schedulers/spectral/register.hpp"

#include <memory>

#include "schedulers/spectral/scs.hpp"

namespace arsim::schedulers::spectral {

namespace {

// The seed is declared an int in [0, 2e9] as before; it fills the unsigned field.
ParamSpec seed_spec() {
  ParamSpec d = field("seed", &ScsOptions::seed).at_least(0).at_most(2e9);
  d.type = ParamType::Int;
  return std::move(d).about("seed of the k-means initial centroids");
}

std::vector<ParamSpec> scs_specs() {
  using O = ScsOptions;
  using E = EigenOptions;
  using N = RowNormalization;
  return {
      field("restarts", &O::restarts)
          .at_least(1)
          .at_most(1e6)
          .about("k-means restarts (Table 2 MaxIterations)"),
      field("kmeans_iterations", &O::kmeans_iterations)
          .at_least(1)
          .at_most(1e6)
          .about("Lloyd rounds per k-means restart"),
      seed_spec(),
      choice("normalize", &O::normalize,
             {{"minmax", N::MinMax},
              {"column", N::ColumnMinMax},
              {"unit", N::Unit},
              {"none", N::None}})
          .about("scaling of E_R into [0, 1] before k-means (Table 2 step 5; scs.hpp)"),
      field("deflate", &O::deflate).about("drop the trivial eigenvector, use eigenvectors 2..M+1"),
      field("dense", &O::dense).about("dense O(N^2) operator (reference only)"),
      field("ncv", &E::ncv)
          .at_least(0)
          .at_most(1e6)
          .about("Lanczos subspace size for the k = M - 1 pairs sought (0 = max(2k+1, k+20), at "
                 "most N)"),
      field("tolerance", &E::tolerance)
          .at_least(1e-16)
          .at_most(1e-2)
          .about("Lanczos relative tolerance"),
      field("max_restarts", &E::max_restarts)
          .at_least(1)
          .at_most(1e7)
          .about("Lanczos restarts at most"),
  };
}

// scs-ls: the same spectral steps, then the local search of refine.hpp (scs itself runs none).
struct LocalSearch {
  int refine_sweeps = 100;
};

std::vector<ParamSpec> scs_ls_specs() {
  std::vector<ParamSpec> specs = scs_specs();
  specs.push_back(field("refine_sweeps", &LocalSearch::refine_sweeps)
                      .at_least(1)
                      .at_most(1e6)
                      .about("local-search sweeps at most"));
  specs.push_back(field("init", &ScsOptions::init)
                      .one_of({"spectral", "round-robin", "est-ect"})
                      .about("start of the local search (spectral; the others are ablations)"));
  return specs;
}

ScsOptions scs_options(const Params& p) {
  ScsOptions o = p.to<ScsOptions>();
  o.eigen = p.to<EigenOptions>();
  return o;
}

ScsOptions scs_ls_options(const Params& p) {
  ScsOptions o = scs_options(p);
  o.refine_sweeps = p.to<LocalSearch>().refine_sweeps;
  return o;
}

}  // namespace

void register_schedulers(IntervalRegistry& registry) {
  registry.add({"scs",
                "Spectral Clustering Scheduling as published (SCS Table 2): normalized cut of the "
                "sigma graph, "
                "M largest eigenvectors by (shift-invert) Lanczos, k-means rounding",
                scs_specs(),
                [](const Params& p) { return std::make_unique<ScsScheduler>(scs_options(p)); }});
  registry.add(
      {"scs-ls",
       "SCS repaired: the spectral assignment refined by single-task moves while the total start "
       "deviation (eq. 23) falls (refine.hpp)",
       scs_ls_specs(),
       [](const Params& p) { return std::make_unique<ScsScheduler>(scs_ls_options(p)); }});
}

}  // namespace arsim::schedulers::spectral
