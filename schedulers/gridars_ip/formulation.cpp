#include "schedulers/gridars_ip/formulation.hpp"

#include <algorithm>
#include <cmath>
#include <map>
#include <stdexcept>
#include <string>

#include <fmt/format.h>

namespace arsim::schedulers::gridars_ip {

namespace {

constexpr double kEps = 1e-9;
using milp::LinearExpr;
using milp::Sense;

// x_{i,j}: binary, or fixed (to 1 on its site, 0 elsewhere) when component j is pinned. A pin on
// no compute site leaves every x_{i,j} at 0, so eq. (4) makes the model infeasible: no plan.
milp::Var x_variable(milp::Model& model, int site, std::size_t j, const model::Component& c) {
  std::string name = fmt::format("x_v{}_c{}", site, j);
  if (!c.pinned()) return model.add_binary(std::move(name));
  const double fixed = c.site == site ? 1 : 0;
  return model.add_integer(fixed, fixed, std::move(name));
}

// Variables (1) and (2), and the objective (3) with option (A) folded into vc'_i.
void add_variables(Formulation& f, const model::ResourceGraph& g, const model::Request& r,
                   const model::Availability& avail, const FormulationOptions& o) {
  f.sites = g.sites();
  for (int i : f.sites) {
    const auto& v = g.vertex(i);
    const double used = std::max(0, v.cores - avail.free_cores[i]);
    f.site_value.push_back(v.unit_value + o.balance * used / v.cores);
    auto& row = f.x.emplace_back();
    for (std::size_t j = 0; j < r.components.size(); ++j) {
      row.push_back(x_variable(f.model, i, j, r.components[j]));
      f.model.add_objective(row.back(), f.site_value.back() * r.components[j].cpus);
    }
  }
  for (int e = 0; e < g.edge_count(); ++e) {
    f.arcs.push_back({e, g.edge(e).a, g.edge(e).b});
    f.arcs.push_back({e, g.edge(e).b, g.edge(e).a});
  }
  for (std::size_t l = 0; l < r.pairs.size(); ++l) {
    if (r.pairs[l].bandwidth <= 0) continue;  // eq. (7), rb_l = 0: no path, no variables
    f.flow_pairs.push_back(static_cast<int>(l));
    auto& ys = f.y.emplace_back();
    for (std::size_t k = 0; k < f.arcs.size(); ++k) {
      ys.push_back(f.model.add_binary(fmt::format("y_e{}{}_p{}", k / 2, k % 2 ? "r" : "f", l)));
      f.model.add_objective(ys.back(), g.edge(f.arcs[k].edge).unit_value * r.pairs[l].bandwidth);
    }
  }
}

// (4)–(6): every component on exactly one site, one component per site, within its free cores.
void add_site_constraints(Formulation& f, const model::Request& r,
                          const model::Availability& avail) {
  const std::size_t n = r.components.size();
  for (std::size_t j = 0; j < n; ++j) {
    LinearExpr once;
    for (const auto& row : f.x) once.add(row[j]);
    f.model.add_constraint(once, Sense::Eq, 1, fmt::format("eq4_c{}", j));
  }
  for (std::size_t s = 0; s < f.sites.size(); ++s) {
    LinearExpr count, cores;
    for (std::size_t j = 0; j < n; ++j) {
      count.add(f.x[s][j]);
      cores.add(f.x[s][j], r.components[j].cpus);
    }
    f.model.add_constraint(count, Sense::Le, 1, fmt::format("eq5_v{}", f.sites[s]));
    f.model.add_constraint(cores, Sense::Le, avail.free_cores[f.sites[s]],
                           fmt::format("eq6_v{}", f.sites[s]));
  }
}

// (7)–(9): a path per pair with bandwidth, edge bandwidth shared by both directions and all
// pairs, and flow conservation tying y to x.
void add_network_constraints(Formulation& f, const model::ResourceGraph& g, const model::Request& r,
                             const model::Availability& avail) {
  std::vector<int> site_index(g.vertex_count(), -1);
  for (std::size_t s = 0; s < f.sites.size(); ++s) site_index[f.sites[s]] = static_cast<int>(s);
  for (std::size_t q = 0; q < f.flow_pairs.size(); ++q) {
    const int l = f.flow_pairs[q];
    LinearExpr any;
    for (const auto& y : f.y[q]) any.add(y);
    f.model.add_constraint(any, Sense::Ge, 1, fmt::format("eq7_p{}", l));
    std::vector<LinearExpr> balance(g.vertex_count());
    for (std::size_t k = 0; k < f.arcs.size(); ++k) {
      balance[f.arcs[k].to].add(f.y[q][k], 1.0);     // inflow of the head
      balance[f.arcs[k].from].add(f.y[q][k], -1.0);  // outflow of the tail
    }
    const model::Pair& pair = r.pairs[l];
    for (int m = 0; m < g.vertex_count(); ++m) {
      if (const int s = site_index[m]; s >= 0) {  // right-hand side x_{m,o} − x_{m,p}, moved left
        balance[m].add(f.x[s][pair.a], -1.0);
        balance[m].add(f.x[s][pair.b], 1.0);
      }
      if (!balance[m].empty())  // an isolated exchange point has nothing to balance
        f.model.add_constraint(balance[m], Sense::Eq, 0, fmt::format("eq9_p{}_v{}", l, m));
    }
  }
  if (f.flow_pairs.empty()) return;
  for (int e = 0; e < g.edge_count(); ++e) {
    LinearExpr load;
    for (std::size_t q = 0; q < f.flow_pairs.size(); ++q) {
      const double rb = r.pairs[f.flow_pairs[q]].bandwidth;
      load.add(f.y[q][2 * e], rb).add(f.y[q][2 * e + 1], rb);
    }
    f.model.add_constraint(load, Sense::Le, avail.free_bandwidth[e], fmt::format("eq8_e{}", e));
  }
}

// (10) per pair and vertex pair (all parallel edges together, see the header) and (11).
void add_extra_constraints(Formulation& f, const model::ResourceGraph& g, int n_max) {
  std::map<std::pair<int, int>, std::vector<int>> between;  // {m < n} -> arcs joining them
  for (std::size_t k = 0; k < f.arcs.size(); ++k) {
    const auto& a = f.arcs[k];
    between[{std::min(a.from, a.to), std::max(a.from, a.to)}].push_back(static_cast<int>(k));
  }
  for (std::size_t q = 0; q < f.flow_pairs.size(); ++q) {
    const int l = f.flow_pairs[q];
    for (const auto& [ends, arcs] : between) {
      LinearExpr once;
      for (int k : arcs) once.add(f.y[q][k]);
      f.model.add_constraint(once, Sense::Le, 1,
                             fmt::format("eq10_p{}_v{}_v{}", l, ends.first, ends.second));
    }
    LinearExpr length;
    for (const auto& y : f.y[q]) length.add(y);
    f.model.add_constraint(length, Sense::Le, n_max, fmt::format("eq11_p{}", l));
  }
}

// The latency bound of the header (not in the paper): per pair l with a bound,
// Σ_k lat_k · y_{k,l} ≤ L_l over both orientations of every edge. Edges without latency add
// nothing; a pair whose every edge has none gets no row.
void add_latency_constraints(Formulation& f, const model::ResourceGraph& g,
                             const model::Request& r) {
  for (std::size_t q = 0; q < f.flow_pairs.size(); ++q) {
    const model::Pair& pair = r.pairs[f.flow_pairs[q]];
    if (!pair.has_latency_bound()) continue;
    LinearExpr latency;
    for (std::size_t k = 0; k < f.arcs.size(); ++k)
      if (const double lat = g.edge(f.arcs[k].edge).latency; lat > 0) latency.add(f.y[q][k], lat);
    if (!latency.empty())
      f.model.add_constraint(latency, Sense::Le, pair.max_latency,
                             fmt::format("lat_p{}", f.flow_pairs[q]));
  }
}

// The optional valid inequalities of the header: flow arrives at o's site, leaves p's site.
void add_tightening(Formulation& f, const model::Request& r) {
  for (std::size_t q = 0; q < f.flow_pairs.size(); ++q) {
    const model::Pair& pair = r.pairs[f.flow_pairs[q]];
    for (std::size_t s = 0; s < f.sites.size(); ++s) {
      const int m = f.sites[s];
      LinearExpr in, out;
      for (std::size_t k = 0; k < f.arcs.size(); ++k) {
        if (f.arcs[k].to == m) in.add(f.y[q][k]);
        if (f.arcs[k].from == m) out.add(f.y[q][k]);
      }
      in.add(f.x[s][pair.a], -1.0);
      out.add(f.x[s][pair.b], -1.0);
      f.model.add_constraint(in, Sense::Ge, 0, fmt::format("tin_p{}_v{}", f.flow_pairs[q], m));
      f.model.add_constraint(out, Sense::Ge, 0, fmt::format("tout_p{}_v{}", f.flow_pairs[q], m));
    }
  }
}

}  // namespace

void validate_input(const model::ResourceGraph& g, const model::Request& r,
                    const model::Availability& avail) {
  model::validate(r);
  auto fail = [&](const std::string& what) {
    throw std::invalid_argument(fmt::format("gridars-ip: request {}, frame [{}, {}): {}", r.id,
                                            avail.frame.start, avail.frame.end, what));
  };
  if (avail.free_cores.size() != static_cast<std::size_t>(g.vertex_count()) ||
      avail.free_bandwidth.size() != static_cast<std::size_t>(g.edge_count()))
    fail("availability does not match the graph");
  if (std::abs(avail.frame.length() - r.duration) > kEps) fail("frame length is not D");
  if (avail.frame.start < r.est - kEps || avail.frame.start > r.lst + kEps)
    fail("frame starts outside [EST, LST]");
}

Formulation build_formulation(const model::ResourceGraph& g, const model::Request& r,
                              const model::Availability& avail, const FormulationOptions& o) {
  if (o.n_max < 1 || !(o.balance >= 0))
    throw std::invalid_argument("gridars-ip: n_max must be >= 1 and balance >= 0");
  Formulation f;
  f.model = milp::Model(fmt::format("gridars_r{}", r.id));
  f.model.set_objective_sense(milp::ObjSense::Minimize);
  add_variables(f, g, r, avail, o);
  add_site_constraints(f, r, avail);
  add_network_constraints(f, g, r, avail);
  if (o.extra_constraints) add_extra_constraints(f, g, o.n_max);
  add_latency_constraints(f, g, r);
  if (o.tighten) add_tightening(f, r);
  return f;
}

double plan_objective(const Formulation& f, const model::ResourceGraph& g, const model::Request& r,
                      const model::Plan& p) {
  double v = 0;
  for (std::size_t j = 0; j < p.sites.size(); ++j) {
    const auto it = std::find(f.sites.begin(), f.sites.end(), p.sites[j]);
    v += f.site_value.at(it - f.sites.begin()) * r.components[j].cpus;
  }
  for (std::size_t l = 0; l < p.routes.size(); ++l)
    for (int e : p.routes[l]) v += g.edge(e).unit_value * r.pairs[l].bandwidth;
  return v;
}

}  // namespace arsim::schedulers::gridars_ip
