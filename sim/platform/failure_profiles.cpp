#include "sim/platform/failure_profiles.hpp"

#include <algorithm>
#include <fstream>
#include <set>

#include <fmt/format.h>
#include <simgrid/s4u/Engine.hpp>

#include "sim/platform/platform_view.hpp"
#include "sim/platform/routes.hpp"

namespace arsim::platform {

namespace {

namespace sg4 = simgrid::s4u;

// One state profile of the file: the line declaring it and the element it belongs to (empty when
// the line does not name one).
struct Profiled {
  int line = 0;
  std::string mark;
  std::string element;
};

// The value of attribute `name` on `line`, or "".
std::string attribute(const std::string& line, const std::string& name) {
  for (const char quote : {'"', '\''}) {
    const std::string head = " " + name + "=" + quote;
    const auto at = line.find(head);
    if (at == std::string::npos) continue;
    const auto from = at + head.size(), to = line.find(quote, from);
    if (to != std::string::npos) return line.substr(from, to - from);
  }
  return "";
}

std::vector<Profiled> profiles(const std::string& file) {
  std::vector<Profiled> out;
  std::ifstream in(file);
  std::string line;
  for (int n = 1; std::getline(in, line); ++n) {
    if (line.find("state_file=") != std::string::npos)
      out.push_back({n, "state_file", attribute(line, "id")});
    for (const char* kind : {"HOST_AVAIL", "LINK_AVAIL"})
      if (line.find(std::string("\"") + kind + "\"") != std::string::npos ||
          line.find(std::string("'") + kind + "'") != std::string::npos)
        out.push_back({n, kind, attribute(line, "element")});
  }
  return out;
}

std::set<const sg4::Host*> control_hosts(const PlatformView& view) {
  std::set<const sg4::Host*> out{view.grc_host, view.user_host};
  for (const auto& [domain, host] : view.network_rm_hosts) out.insert(host);
  return out;
}

// The links of the routes between the coordinator's host and the users' and network RMs' hosts,
// both ways: the control messages of a run with failures (its compute RMs run beside the
// coordinator).
std::set<std::string> control_links(const PlatformView& view) {
  std::set<std::string> out;
  using Pair = std::pair<const sg4::Host*, const sg4::Host*>;
  for (const sg4::Host* h : control_hosts(view))
    for (const auto& [a, b] : {Pair{view.grc_host, h}, Pair{h, view.grc_host}})
      if (a && b)
        for (const sg4::Link* l : find_route(a, b).links) out.insert(l->get_name());
  return out;
}

bool failing_host(const PlatformView& view, const std::set<const sg4::Host*>& control,
                  const std::string& name) {
  for (const auto& hosts : view.site_hosts)
    if (hosts.size() == 1 && hosts.front()->get_name() == name)
      return !control.count(hosts.front());
  return false;
}

bool failing_link(const PlatformView& view, const std::set<std::string>& control,
                  const std::string& name) {
  if (!view.annotated || control.count(name)) return false;
  const auto& edges = view.graph.edges();
  return std::any_of(edges.begin(), edges.end(), [&](const auto& e) { return e.name == name; });
}

// The host of a network RM that runs no other control actor: its RM restarts with its table when
// the host comes back (docs/design/coallocation.md, Control-plane faults).
bool network_rm_host(const PlatformView& view, const std::string& name) {
  if (name == view.grc_host->get_name() || (view.user_host && name == view.user_host->get_name()))
    return false;
  return std::any_of(view.network_rm_hosts.begin(), view.network_rm_hosts.end(),
                     [&](const auto& x) { return x.second->get_name() == name; });
}

// A link that carries control messages and no reserved path.
bool control_link(const PlatformView& view, const std::set<std::string>& control,
                  const std::string& name) {
  const auto& edges = view.graph.edges();
  return control.count(name) &&
         std::none_of(edges.begin(), edges.end(), [&](const auto& e) { return e.name == name; });
}

}  // namespace

void reject_failures(const std::string& file) {
  for (const auto& p : profiles(file))
    throw InputError(
        fmt::format("{}:{}: {}: a failure (state) profile; only co-allocation runs model hosts "
                    "and links that fail, remove it",
                    file, p.line, p.mark));
}

void check_failure_profiles(PlatformView& view, const std::string& file) {
  const auto found = profiles(file);
  if (found.empty()) return;
  const auto control = control_hosts(view);
  const auto links = control_links(view);
  for (const auto& p : found) {
    const bool link =
        p.mark == "LINK_AVAIL" || (p.mark == "state_file" && sg4::Link::by_name_or_null(p.element));
    const bool on_control =
        link ? control_link(view, links, p.element) : network_rm_host(view, p.element);
    const bool ok = on_control || (link ? failing_link(view, links, p.element)
                                        : failing_host(view, control, p.element));
    if (!ok)
      throw InputError(fmt::format(
          "{}:{}: {} of {}: arsim survives failures of compute-site hosts (a site of one host "
          "that runs no coordinator, user or network RM), of path links that no control "
          "message crosses, of network RMs' hosts and of control links only (a coordinator's "
          "crash is failures.coordinator.*); remove it or move it to such a host or link",
          file, p.line, p.mark,
          p.element.empty() ? "an element the line does not name" : "'" + p.element + "'"));
    view.profiled.push_back(p.element);
    view.control_profiled = view.control_profiled || on_control;
  }
}

std::vector<sg4::Host*> failing_hosts(const PlatformView& view) {
  const auto control = control_hosts(view);
  std::vector<sg4::Host*> out;
  for (const auto& hosts : view.site_hosts)
    if (hosts.size() == 1 && !control.count(hosts.front())) out.push_back(hosts.front());
  return out;
}

std::vector<sg4::Link*> failing_links(const PlatformView& view) {
  const auto control = control_links(view);
  std::vector<sg4::Link*> out;
  for (const auto& e : view.graph.edges())
    if (failing_link(view, control, e.name)) out.push_back(sg4::Link::by_name(e.name));
  return out;
}

}  // namespace arsim::platform
