// Small builders for hand-made reservation graphs and requests in scheduler tests.
#pragma once

#include <string>
#include <vector>

#include "model/plan.hpp"

namespace arsim::schedulers::testing_fixtures {

inline int add_site(model::ResourceGraph& g, const std::string& name, int cores,
                    const std::string& domain = "d1", double unit_value = 1) {
  return g.add_vertex({name, model::VertexRole::Site, domain, cores, 1e9, 0, unit_value});
}

inline int add_exchange(model::ResourceGraph& g, const std::string& name) {
  return g.add_vertex({name, model::VertexRole::Exchange, "", 0, 0, 0, 0});
}

// Edges are named after their ends and id, so parallel edges get distinct names. latency in s.
inline int add_link(model::ResourceGraph& g, int a, int b, double bandwidth,
                    const std::string& domain = "d1", double unit_value = 1, double latency = 0) {
  const std::string name =
      g.vertex(a).name + "-" + g.vertex(b).name + "#" + std::to_string(g.edge_count());
  return g.add_edge({name, a, b, domain, bandwidth, unit_value, latency});
}

// A pair of `bandwidth` Gbit/s whose route may have at most `max_latency` seconds of latency.
inline model::Pair bounded_pair(int a, int b, double bandwidth, double max_latency) {
  return {a, b, bandwidth, max_latency};
}

inline model::Request make_request(const std::vector<int>& cpus,
                                   const std::vector<model::Pair>& pairs, model::Time est = 0,
                                   model::Time lst = 0, model::Time duration = 10) {
  model::Request r;
  r.id = 1;
  r.user = "u";
  r.est = est;
  r.lst = lst;
  r.duration = duration;
  for (int c : cpus) r.components.push_back({c});
  r.pairs = pairs;
  return r;
}

}  // namespace arsim::schedulers::testing_fixtures
