#include "model/resource_graph.hpp"

#include <algorithm>
#include <cmath>
#include <stdexcept>

namespace arsim::model {

namespace {
void require(bool ok, const std::string& what) {
  if (!ok) throw std::invalid_argument(what);
}

// Names are listed inside CSV cells joined by ';' and '+' (requests.csv), so those may not occur.
bool plain_name(const std::string& name) {
  return !name.empty() && name.find_first_of(";+, \t\n\"") == std::string::npos;
}
}  // namespace

int ResourceGraph::add_vertex(Vertex v) {
  require(plain_name(v.name),
          "vertex '" + v.name + "': a name is non-empty, without ; + , quotes or spaces");
  require(!find_vertex(v.name), "vertex '" + v.name + "': duplicate name");
  require(v.cores >= 0, "vertex '" + v.name + "': cores must be >= 0");
  require(v.role == VertexRole::Exchange || v.cores > 0,
          "vertex '" + v.name + "': a site needs cores > 0");
  require(v.role == VertexRole::Site || v.cores == 0,
          "vertex '" + v.name + "': an exchange point has no cores");
  require(v.unit_value >= 0, "vertex '" + v.name + "': unit_value must be >= 0");
  vertex_index_.emplace(v.name, vertex_count());
  vertices_.push_back(std::move(v));
  incident_.emplace_back();
  return vertex_count() - 1;
}

int ResourceGraph::add_edge(Edge e) {
  require(plain_name(e.name),
          "edge '" + e.name + "': a name is non-empty, without ; + , quotes or spaces");
  require(!find_edge(e.name), "edge '" + e.name + "': duplicate name");
  require(e.a >= 0 && e.a < vertex_count() && e.b >= 0 && e.b < vertex_count(),
          "edge '" + e.name + "': unknown endpoint");
  require(e.a != e.b, "edge '" + e.name + "': both ends are the same vertex");
  require(e.bandwidth > 0, "edge '" + e.name + "': bandwidth must be > 0");
  require(e.unit_value >= 0, "edge '" + e.name + "': unit_value must be >= 0");
  require(std::isfinite(e.latency) && e.latency >= 0,
          "edge '" + e.name + "': latency must be finite and >= 0 seconds");
  const int id = edge_count();
  incident_[e.a].push_back(id);
  incident_[e.b].push_back(id);
  edge_index_.emplace(e.name, id);
  edges_.push_back(std::move(e));
  return id;
}

void ResourceGraph::set_unit_value(int v, double value) {
  require(value >= 0, "vertex '" + vertices_.at(v).name + "': unit_value must be >= 0");
  vertices_.at(v).unit_value = value;
}

std::optional<int> ResourceGraph::find_vertex(std::string_view name) const {
  auto it = vertex_index_.find(name);
  if (it == vertex_index_.end()) return std::nullopt;
  return it->second;
}

std::optional<int> ResourceGraph::find_edge(std::string_view name) const {
  auto it = edge_index_.find(name);
  if (it == edge_index_.end()) return std::nullopt;
  return it->second;
}

int ResourceGraph::other_end(int e, int v) const {
  const Edge& edge = edges_.at(e);
  if (edge.a == v) return edge.b;
  if (edge.b == v) return edge.a;
  throw std::invalid_argument("other_end: vertex is not an endpoint of edge '" + edge.name + "'");
}

std::vector<int> ResourceGraph::sites() const {
  std::vector<int> out;
  for (int i = 0; i < vertex_count(); ++i)
    if (vertices_[i].role == VertexRole::Site) out.push_back(i);
  return out;
}

std::vector<std::string> ResourceGraph::domains() const {
  std::vector<std::string> out;
  for (const auto& v : vertices_)
    if (v.role == VertexRole::Site) out.push_back(v.domain);
  for (const auto& e : edges_) out.push_back(e.domain);
  std::sort(out.begin(), out.end());
  out.erase(std::unique(out.begin(), out.end()), out.end());
  return out;
}

}  // namespace arsim::model
