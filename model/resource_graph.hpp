// The reservation graph G = (V, E) of GridARS §3.2 (Fig. 4): compute sites and network exchange
// points as vertices, network paths as undirected edges whose bandwidth is shared by both
// directions. Each path belongs to one domain's network RM; parallel edges are allowed.
#pragma once

#include <map>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace arsim::model {

enum class VertexRole { Site, Exchange };

struct Vertex {
  std::string name;
  VertexRole role = VertexRole::Site;
  std::string domain;
  int cores = 0;          // wc_i; 0 for exchange points
  double core_speed = 0;  // flop/s per core
  double memory = 0;      // bytes; 0 = not modelled
  double unit_value = 1;  // vc_i
};

struct Edge {
  std::string name;
  int a = -1;  // vertex ids; the path carries traffic both ways
  int b = -1;
  std::string domain;     // the network RM that manages it
  double bandwidth = 0;   // wb_k in Gbit/s
  double unit_value = 1;  // vb_k
  double latency = 0;     // lat_k in seconds: the SimGrid latency of the path (platform_view.cpp)
};

class ResourceGraph {
 public:
  // Both validate their argument (unique name, known endpoints, non-negative capacities, an edge's
  // latency finite and >= 0) and throw
  // std::invalid_argument naming the offending field.
  int add_vertex(Vertex v);
  int add_edge(Edge e);

  // Changes the unit value of a vertex (scenario overrides, GridARS option B).
  void set_unit_value(int v, double value);

  const std::vector<Vertex>& vertices() const { return vertices_; }
  const std::vector<Edge>& edges() const { return edges_; }
  const Vertex& vertex(int id) const { return vertices_.at(id); }
  const Edge& edge(int id) const { return edges_.at(id); }
  int vertex_count() const { return static_cast<int>(vertices_.size()); }
  int edge_count() const { return static_cast<int>(edges_.size()); }

  std::optional<int> find_vertex(std::string_view name) const;
  std::optional<int> find_edge(std::string_view name) const;
  // Edge ids incident to vertex v, in insertion order.
  const std::vector<int>& incident(int v) const { return incident_.at(v); }
  // The endpoint of edge e that is not v (v must be an endpoint).
  int other_end(int e, int v) const;
  // Vertex ids of compute sites, in insertion order.
  std::vector<int> sites() const;
  // Sorted, distinct domain names of sites and edges.
  std::vector<std::string> domains() const;

 private:
  std::vector<Vertex> vertices_;
  std::vector<Edge> edges_;
  std::vector<std::vector<int>> incident_;
  std::map<std::string, int, std::less<>> vertex_index_;
  std::map<std::string, int, std::less<>> edge_index_;
};

}  // namespace arsim::model
