#include "sim/kinds/coallocation/transfers/launcher.hpp"

#include <sstream>
#include <stdexcept>

#include <simgrid/s4u/Actor.hpp>

#include "model/random.hpp"
#include "sim/actors/spawn.hpp"
#include "sim/kinds/coallocation/output/writers.hpp"
#include "sim/kinds/coallocation/transfers/background.hpp"
#include "sim/kinds/coallocation/transfers/lightpath.hpp"
#include "sim/kinds/coallocation/transfers/network.hpp"
#include "sim/scenario/config.hpp"
#include "workloads/gridars_generator.hpp"

namespace arsim::kinds::coallocation::transfers {

TransferConfig transfer_config(const scenario::Settings& s, int run_index) {
  // The keys are implicit (keys.cpp): a scenario without them keeps the scenario hash it had
  // before transfers existed, and their defaults are TransferConfig's initializers.
  auto c = scenario::read_config<TransferConfig>(s);
  c.seed = scenario::read_config<scenario::ScenarioConfig>(s).seed;
  c.run_index = run_index;
  if (!c.enabled && c.background_flows > 0)
    s.fail_message("background.flows", "background traffic needs transfers.enabled=true");
  return c;
}

Launcher::Launcher(const platform::PlatformView* view, std::vector<Hop> hops, TransferConfig config,
                   EventSink* reports)
    : view_(view), hops_(std::move(hops)), config_(std::move(config)), reports_(reports) {
  if (!view_ || !reports_) throw std::invalid_argument("Launcher: no platform or no sink");
  if (static_cast<int>(hops_.size()) != view_->graph.edge_count())
    throw std::invalid_argument("Launcher: one hop per path edge expected");
}

void Launcher::start(const model::Request& request, const model::Plan& plan) {
  const auto& pairs = request.pairs;
  for (std::size_t l = 0; l < pairs.size() && l < plan.routes.size(); ++l) {
    const auto& route = plan.routes[l];
    if (!(pairs[l].bandwidth > 0) || route.empty()) continue;
    TransferRecord t;
    t.request_id = request.id;
    t.pair = static_cast<int>(l);
    t.bytes = static_cast<double>(
        pair_volume_bytes(volume_fraction(config_.volume, config_.seed, config_.run_index,
                                          request.id, static_cast<int>(l)),
                          plan.frame.length(), pairs[l].bandwidth));
    t.reserved_gbps = pairs[l].bandwidth;
    t.reserved = plan.frame;
    t.rate_capped = config_.reserved();
    for (int e : route) {
      const Hop& hop = hops_.at(e);
      t.exact = t.exact && hop.exact;
      t.links.insert(t.links.end(), hop.links.begin(), hop.links.end());
      if (config_.reserved())
        for (int crossed : hop.edges) reserved_.add(crossed, plan.frame, pairs[l].bandwidth);
    }
    if (!(t.bytes > 0)) continue;  // nothing to carry (a frame too short for one byte)
    actors::spawn<Lightpath>("transfer-" + std::to_string(t.request_id) + "-" + std::to_string(l),
                             hops_.at(route.front()).from, &hops_, route, t, reports_);
  }
}

namespace {

std::vector<int> background_edges(const scenario::Settings& s, const model::ResourceGraph& g,
                                  const std::string& links) {
  std::vector<int> out;
  if (links == "all") {
    for (int e = 0; e < g.edge_count(); ++e) out.push_back(e);
    return out;
  }
  std::istringstream in(links);
  for (std::string name; in >> name;) {
    const auto e = g.find_edge(name);
    if (!e) s.fail_message("background.links", "no path '" + name + "' in the platform");
    out.push_back(*e);
  }
  return out;
}

}  // namespace

std::unique_ptr<Launcher> start_transfers(const scenario::Settings& s, int run_index,
                                          const platform::PlatformView& view,
                                          const std::string& platform_file, EventSink& reports) {
  const TransferConfig config = transfer_config(s, run_index);
  if (!config.enabled) return nullptr;
  auto launcher =
      std::make_unique<Launcher>(&view, read_hops(view, platform_file), config, &reports);
  configure_lightpaths(launcher->hops());
  if (config.background_flows > 0) {
    const BackgroundConfig bc{config.background_flows, config.background_slot,
                              scenario::read_config<workloads::GridarsConfig>(s).window_start,
                              scenario::read_config<MetricsConfig>(s).horizon};
    const auto& g = view.graph;
    for (int e : background_edges(s, g, config.background_links)) {
      const Hop& hop = launcher->hops()[e];
      // Only where a path's flows run on its own link: the hop of a parallel link (S:X1-X2 of
      // platforms/elgl.xml) crosses the other one, whose own background would then be doubled.
      if (!hop.exact) continue;
      actors::spawn<Background>(
          "background-" + g.edge(e).name, hop.from, &hop, g.edge(e).bandwidth,
          &launcher->reserved(), bc,
          model::make_stream(config.seed, static_cast<std::uint64_t>(run_index),
                             "background:" + g.edge(e).name),
          &reports);
    }
  }
  return launcher;
}

}  // namespace arsim::kinds::coallocation::transfers
