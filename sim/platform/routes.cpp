#include "sim/platform/routes.hpp"

#include <unistd.h>

#include <algorithm>
#include <exception>
#include <set>

#include "sim/platform/platform_view.hpp"

namespace arsim::platform {

namespace sg4 = simgrid::s4u;

namespace {
int trace_fd = -1;

// "FROM TO" before a look-up, "-" after it.
void announce(const std::string& line) {
  if (trace_fd < 0) return;
  const std::string text = line + "\n";
  // A short write only shortens the message naming the pair; the check itself goes on.
  [[maybe_unused]] const auto written = ::write(trace_fd, text.data(), text.size());
}
}  // namespace

double Route::bottleneck() const {
  if (links.empty()) return 0;
  double bw = links.front()->get_bandwidth();
  for (const auto* l : links) bw = std::min(bw, l->get_bandwidth());
  return bw;
}

Route find_route(const sg4::Host* a, const sg4::Host* b) {
  Route r;
  if (a == b) return r;
  announce(a->get_name() + " " + b->get_name());
  try {
    a->route_to(b, r.links, &r.latency);
  } catch (const std::exception& e) {
    r.links.clear();
    r.error = e.what();
  }
  announce("-");
  if (!r.ok()) return r;
  if (r.links.empty() && !(r.latency > 0)) r.error = "the platform declares no route";
  return r;
}

void trace_route_lookups(int fd) {
  trace_fd = fd;
}

void require_reachable(const PlatformView& view, const std::string& file) {
  std::set<const sg4::Host*> others;  // ordered by address only to drop duplicates
  std::vector<const sg4::Host*> order;
  auto add = [&](const sg4::Host* h) {
    if (h && h != view.grc_host && others.insert(h).second) order.push_back(h);
  };
  add(view.user_host);
  for (const auto& hosts : view.site_hosts)
    if (!hosts.empty()) add(hosts.front());
  for (const auto& entry : view.network_rm_hosts) add(entry.second);
  using Pair = std::pair<const sg4::Host*, const sg4::Host*>;
  for (const sg4::Host* h : order)
    for (const auto& [from, to] : {Pair{view.grc_host, h}, Pair{h, view.grc_host}}) {
      const Route r = find_route(from, to);
      if (!r.ok())
        throw PlatformError(file + ": no route from host '" + from->get_name() + "' to host '" +
                            to->get_name() + "' (" + r.error +
                            "), which the coordinator and a resource manager or user need");
    }
}

}  // namespace arsim::platform
