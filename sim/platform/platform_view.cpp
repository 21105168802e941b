#include "sim/platform/platform_view.hpp"

#include <algorithm>
#include <sstream>

#include <fmt/format.h>
#include <xbt/log.h>
#include <simgrid/s4u/Link.hpp>
#include <simgrid/s4u/NetZone.hpp>

#include "model/numbers.hpp"

XBT_LOG_NEW_DEFAULT_SUBCATEGORY(arsim_platform, arsim, "Platform to reservation graph");

namespace arsim::platform {

namespace {

constexpr double kBytesPerSecondToGbps = 8.0 / 1e9;

std::string prop(const sg4::Host* h, const char* key, const std::string& fallback = "") {
  const char* v = h->get_property(key);
  return v ? v : fallback;
}

std::string prop(const sg4::Link* l, const char* key, const std::string& fallback = "") {
  const char* v = l->get_property(key);
  return v ? v : fallback;
}

double number(const std::string& file, const std::string& where, const std::string& key,
              const std::string& text) {
  if (const auto v = model::parse_double(text)) return *v;
  throw PlatformError(
      fmt::format("{}: {} prop '{}': expected a number, got '{}'", file, where, key, text));
}

void read_annotated(const sg4::Engine& engine, const std::string& file, PlatformView& view) {
  auto& g = view.graph;
  for (sg4::Host* h : engine.get_all_hosts()) {
    const std::string role = prop(h, "role", "control");
    const std::string where = "host '" + h->get_name() + "'";
    if (role == "site" || role == "exchange") {
      model::Vertex v;
      v.name = h->get_name();
      v.role = role == "site" ? model::VertexRole::Site : model::VertexRole::Exchange;
      v.domain = prop(h, "domain");
      v.cores = role == "site" ? h->get_core_count() : 0;
      v.core_speed = h->get_speed();
      v.unit_value = number(file, where, "unit_value", prop(h, "unit_value", "1"));
      if (role == "site" && v.domain.empty())
        throw PlatformError(fmt::format("{}: {}: a site needs a 'domain' prop", file, where));
      g.add_vertex(v);
      view.site_hosts.push_back(role == "site" ? std::vector<sg4::Host*>{h}
                                               : std::vector<sg4::Host*>{});
    } else if (role == "control") {
      if (h->get_name() == "grc") view.grc_host = h;
      if (h->get_name() == "portal") view.user_host = h;
      if (const char* d = h->get_property("domain")) view.network_rm_hosts[d] = h;
    } else {
      throw PlatformError(
          fmt::format("{}: {} prop 'role': expected site, exchange or control, "
                      "got '{}'",
                      file, where, role));
    }
  }
  for (sg4::Link* l : engine.get_all_links()) {
    if (prop(l, "role") != "path") continue;
    const std::string where = "link '" + l->get_name() + "'";
    std::istringstream ends(prop(l, "ends"));
    std::string a, b, extra;
    if (!(ends >> a >> b) || (ends >> extra))
      throw PlatformError(
          fmt::format("{}: {} prop 'ends': expected two vertex names", file, where));
    auto va = g.find_vertex(a), vb = g.find_vertex(b);
    if (!va || !vb)
      throw PlatformError(fmt::format("{}: {} prop 'ends': '{}' is not a site or exchange point",
                                      file, where, va ? b : a));
    model::Edge e{l->get_name(),
                  *va,
                  *vb,
                  prop(l, "domain"),
                  l->get_bandwidth() * kBytesPerSecondToGbps,
                  number(file, where, "unit_value", prop(l, "unit_value", "1"))};
    if (e.domain.empty())
      throw PlatformError(fmt::format("{}: {}: a path needs a 'domain' prop", file, where));
    g.add_edge(e);
  }
  if (!view.grc_host)
    throw PlatformError(file + ": no control host named 'grc' (it runs the coordinator)");
  if (!view.user_host) view.user_host = view.grc_host;
  for (const auto& e : g.edges())
    if (!view.network_rm_hosts.count(e.domain)) view.network_rm_hosts[e.domain] = view.grc_host;
}

}  // namespace

void read_defaults(const sg4::Engine& engine, PlatformView& view);

int PlatformView::total_cores() const {
  int sum = 0;
  for (const auto& v : graph.vertices()) sum += v.cores;
  return sum;
}

PlatformView read_platform(const sg4::Engine& engine, const std::string& file) {
  PlatformView view;
  const auto hosts = engine.get_all_hosts();
  if (hosts.empty()) throw PlatformError(file + ": the platform has no host");
  view.annotated = std::any_of(hosts.begin(), hosts.end(),
                               [](const sg4::Host* h) { return h->get_property("role"); });
  try {
    if (view.annotated)
      read_annotated(engine, file, view);
    else
      read_defaults(engine, view);
  } catch (const std::invalid_argument& e) {  // from ResourceGraph validation
    throw PlatformError(file + ": " + e.what());
  }
  if (view.graph.sites().empty()) throw PlatformError(file + ": the platform has no compute site");
  XBT_INFO("%s: %zu sites, %d vertices, %d paths, %d cores", file.c_str(),
           view.graph.sites().size(), view.graph.vertex_count(), view.graph.edge_count(),
           view.total_cores());
  return view;
}

}  // namespace arsim::platform
