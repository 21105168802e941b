#include "sim/platform/platform_view.hpp"

#include <algorithm>
#include <cmath>
#include <fstream>
#include <sstream>

#include <fmt/format.h>
#include <xbt/log.h>
#include <simgrid/s4u/Link.hpp>
#include <simgrid/s4u/NetZone.hpp>

#include "base/numbers.hpp"
#include "sim/platform/failure_profiles.hpp"
#include "sim/platform/routes.hpp"

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
  if (const auto v = base::parse_double(text)) return *v;
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
                  number(file, where, "unit_value", prop(l, "unit_value", "1")),
                  l->get_latency()};  // seconds; check_resources refused one not finite >= 0
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

// "FILE:LINE: " or "FILE: " where the file does not spell out the id.
std::string at(const std::string& file, const std::string& id) {
  const int line = declaration_line(file, id);
  return line > 0 ? fmt::format("{}:{}: ", file, line) : file + ": ";
}

// What SimGrid accepts at load time and then fails on in the middle of a run.
void check_resources(const sg4::Engine& engine, const std::string& file, bool failures) {
  if (!failures) reject_failures(file);
  for (const sg4::Host* h : engine.get_all_hosts()) {
    const double speed = h->get_speed();
    if (!std::isfinite(speed) || speed <= 0)
      throw PlatformError(fmt::format("{}host '{}' speed: expected a positive finite speed, got {}",
                                      at(file, h->get_name()), h->get_name(), speed));
  }
  for (const sg4::Link* l : engine.get_all_links()) {
    if (l->get_sharing_policy() == sg4::Link::SharingPolicy::WIFI)
      throw PlatformError(fmt::format(
          "{}link '{}' sharing_policy: a WIFI link needs each station's rate set by the program "
          "(Link::set_host_rate), which arsim does not do; use a SHARED link",
          at(file, l->get_name()), l->get_name()));
    const double bw = l->get_bandwidth(), lat = l->get_latency();
    if (!std::isfinite(bw) || bw <= 0)
      throw PlatformError(
          fmt::format("{}link '{}' bandwidth: expected a positive finite bandwidth, got {}",
                      at(file, l->get_name()), l->get_name(), bw));
    if (!std::isfinite(lat) || lat < 0)
      throw PlatformError(fmt::format("{}link '{}' latency: expected a finite latency >= 0, got {}",
                                      at(file, l->get_name()), l->get_name(), lat));
  }
}

}  // namespace

void read_defaults(const sg4::Engine& engine, const std::string& file, const ReadOptions& options,
                   PlatformView& view);

int declaration_line(const std::string& file, const std::string& id) {
  std::ifstream in(file);
  const std::string dq = "id=\"" + id + "\"", sq = "id='" + id + "'";
  std::string line;
  for (int n = 1; std::getline(in, line); ++n)
    if (line.find(dq) != std::string::npos || line.find(sq) != std::string::npos) return n;
  return 0;
}

int PlatformView::total_cores() const {
  int sum = 0;
  for (const auto& v : graph.vertices()) sum += v.cores;
  return sum;
}

PlatformView read_platform(const sg4::Engine& engine, const std::string& file,
                           const ReadOptions& options) {
  PlatformView view;
  const auto hosts = engine.get_all_hosts();
  if (hosts.empty()) throw PlatformError(file + ": the platform has no host");
  check_resources(engine, file, options.failures);
  view.annotated = std::any_of(hosts.begin(), hosts.end(),
                               [](const sg4::Host* h) { return h->get_property("role"); });
  try {
    if (view.annotated)
      read_annotated(engine, file, view);
    else
      read_defaults(engine, file, options, view);
  } catch (const std::invalid_argument& e) {  // from ResourceGraph validation
    throw PlatformError(file + ": " + e.what());
  }
  if (view.graph.sites().empty()) throw PlatformError(file + ": the platform has no compute site");
  if (options.control_routes) require_reachable(view, file);
  if (options.failures) check_failure_profiles(view, file);
  XBT_INFO("%s: %zu sites, %d vertices, %d paths, %d cores", file.c_str(),
           view.graph.sites().size(), view.graph.vertex_count(), view.graph.edge_count(),
           view.total_cores());
  return view;
}

}  // namespace arsim::platform
