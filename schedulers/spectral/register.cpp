#include "schedulers/spectral/register.hpp"

#include <memory>

#include "schedulers/spectral/scs.hpp"

namespace arsim::schedulers::spectral {

namespace {

std::vector<ParamSpec> scs_specs() {
  return {
      legacy_spec("restarts", ParamType::Int, "10", "k-means restarts (Table 2 MaxIterations)", {},
                  1, 1e6),
      legacy_spec("kmeans_iterations", ParamType::Int, "100", "Lloyd rounds per k-means restart",
                  {}, 1, 1e6),
      legacy_spec("seed", ParamType::Int, "1", "seed of the k-means initial centroids", {}, 0, 2e9),
      legacy_spec("normalize", ParamType::String, "column",
                  "scaling of E_R into [0, 1] before k-means (Table 2 step 5; scs.hpp)",
                  {"minmax", "column", "unit", "none"}),
      legacy_spec("deflate", ParamType::Bool, "false",
                  "drop the trivial eigenvector, use eigenvectors 2..M+1", {}),
      legacy_spec("dense", ParamType::Bool, "false", "dense O(N^2) operator (reference only)", {}),
      legacy_spec(
          "ncv", ParamType::Int, "0",
          "Lanczos subspace size for the k = M - 1 pairs sought (0 = max(2k+1, k+20), at most N)",
          {}, 0, 1e6),
      legacy_spec("tolerance", ParamType::Double, "1e-10", "Lanczos relative tolerance", {}, 1e-16,
                  1e-2),
      legacy_spec("max_restarts", ParamType::Int, "1000", "Lanczos restarts at most", {}, 1, 1e7),
  };
}

// scs-ls: the same spectral steps, then the local search of refine.hpp.
std::vector<ParamSpec> scs_ls_specs() {
  std::vector<ParamSpec> specs = scs_specs();
  specs.push_back(legacy_spec("refine_sweeps", ParamType::Int, "100", "local-search sweeps at most",
                              {}, 1, 1e6));
  specs.push_back(legacy_spec("init", ParamType::String, "spectral",
                              "start of the local search (spectral; the others are ablations)",
                              {"spectral", "round-robin", "est-ect"}));
  return specs;
}

ScsOptions scs_options(const Params& p) {
  ScsOptions o;
  o.restarts = p.get_int("restarts");
  o.kmeans_iterations = p.get_int("kmeans_iterations");
  o.seed = static_cast<std::uint64_t>(p.get_int("seed"));
  o.normalize = parse_row_normalization(p.get_string("normalize"));
  o.deflate = p.get_bool("deflate");
  o.dense = p.get_bool("dense");
  o.eigen.ncv = p.get_int("ncv");
  o.eigen.tolerance = p.get_double("tolerance");
  o.eigen.max_restarts = p.get_int("max_restarts");
  if (p.values().count("refine_sweeps")) o.refine_sweeps = p.get_int("refine_sweeps");
  if (p.values().count("init")) o.init = p.get_string("init");
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
       [](const Params& p) { return std::make_unique<ScsScheduler>(scs_options(p)); }});
}

}  // namespace arsim::schedulers::spectral
