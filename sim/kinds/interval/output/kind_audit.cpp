// The interval kind's auditor as `arsim run --audit` and `arsim audit` call it: what the auditor
// (audit.hpp) needs of the platform, the workload, and of the hosts' speeds over the run.
#include <algorithm>
#include <cmath>

#include <simgrid/s4u/Actor.hpp>

#include "base/numbers.hpp"
#include "sim/engine/simulation.hpp"
#include "sim/kinds/interval/kind.hpp"
#include "sim/kinds/interval/output/speed_log.hpp"
#include "sim/metrics/csv.hpp"
#include "sim/scenario/config.hpp"

namespace arsim::kinds::interval {

namespace sg4 = simgrid::s4u;

namespace {

// The latest finish_time of jobs.csv (0 when there is none to read): how far the speeds matter.
double last_finish(const std::string& dir) {
  double last = 0;
  try {
    const auto jobs = metrics::read_csv(dir + "/jobs.csv");
    const auto column = jobs.column("finish_time");
    for (const auto& row : jobs.rows)
      if (const auto v = base::parse_double(row[column]); v && std::isfinite(*v))
        last = std::max(last, *v);
  } catch (const std::exception&) {
    // the auditor reports the unreadable file
  }
  return last;
}

}  // namespace

std::vector<sg4::Host*> lane_hosts(const platform::PlatformView& view,
                                   const std::vector<int>& sites) {
  std::vector<sg4::Host*> hosts;
  for (int site : sites) hosts.push_back(view.site_hosts.at(site).front());
  return hosts;
}

std::vector<AuditedResource> audited_resources(const platform::PlatformView& view,
                                               const std::vector<int>& sites,
                                               const SpeedLog& speeds) {
  const auto hosts = lane_hosts(view, sites);
  std::vector<AuditedResource> out;
  for (std::size_t r = 0; r < sites.size(); ++r)
    out.push_back(
        {view.graph.vertex(sites[r]).name, hosts[r]->get_core_count(), speeds.steps().at(r)});
  return out;
}

// A run folder audited apart from its run: the platform loaded again and its hosts' speeds
// replayed up to the last finish, the workload made again from the seed.
std::vector<std::string> Kind::audit(const engine::Catalog&, const scenario::RunSpec& spec,
                                     const std::string& dir) const {
  const auto& s = spec.settings;
  const IntervalConfig c = read_config(s);
  engine::Simulation sim(c.platform, false);
  const auto sites = resource_sites(s, sim.view());
  const SpeedLog speeds(lane_hosts(sim.view(), sites));
  const double horizon = last_finish(dir);
  sg4::Actor::create("speed-replay", sim.view().grc_host,
                     [horizon] { sg4::this_actor::sleep_until(horizon); });
  sim.run();
  return audit_run(dir, {audited_resources(sim.view(), sites, speeds), c.rm_period,
                         make_tasks(s, scenario::read_config<scenario::ScenarioConfig>(s).seed,
                                    spec.run_index)});
}

}  // namespace arsim::kinds::interval
