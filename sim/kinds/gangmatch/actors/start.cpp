#include "sim/kinds/gangmatch/actors/start.hpp"

#include <fmt/format.h>
#include <simgrid/s4u/Host.hpp>

#include "base/input_error.hpp"
#include "model/random.hpp"
#include "sim/kinds/gangmatch/actors/availability.hpp"
#include "sim/kinds/gangmatch/actors/collector.hpp"
#include "sim/kinds/gangmatch/actors/negotiator.hpp"
#include "sim/kinds/gangmatch/actors/resource_agent.hpp"
#include "sim/kinds/gangmatch/actors/submit_agent.hpp"

namespace arsim::kinds::gangmatch {

namespace {
sg4::Host* host(const RunConfig& c, const std::string& name) {
  if (auto* h = sg4::Host::by_name_or_null(name)) return h;
  throw InputError(
      fmt::format("{}: no host '{}' (a gangmatching platform has hosts cm, submit, "
                  "licenses and ws0 ... ws<N-1>)",
                  c.platform, name));
}
}  // namespace

std::map<Member, std::vector<Period>> unavailable_periods(const RunConfig& c, const Workload& w,
                                                          std::uint64_t seed, int run_index) {
  std::map<Member, std::vector<Period>> out;
  auto add = [&](const ResourceSpec& r, const AvailabilityConfig& a) {
    auto rng = model::make_stream(seed, static_cast<std::uint64_t>(run_index),
                                  unavailability_stream(r.id));
    auto periods = unavailability(rng, a, c.horizon);
    if (!periods.empty()) out[r.id] = std::move(periods);
  };
  for (const auto& ws : w.workstations) add(ws, c.owners());
  for (const auto& lic : w.licenses) add(lic, c.external());
  return out;
}

void start_actors(const RunConfig& c, const Workload& w, RunContext ctx,
                  std::shared_ptr<schedulers::GangMatcher> matcher,
                  const std::map<Member, std::vector<Period>>& periods) {
  sg4::Host* cm = host(c, "cm");
  sg4::Host* licenses = host(c, "licenses");
  sg4::Host* submit = host(c, "submit");
  std::vector<sg4::Host*> stations;
  for (const auto& ws : w.workstations) stations.push_back(host(c, member_name(ws.id)));
  spawn<Collector>("collector", cm, ctx);
  spawn<Negotiator>("negotiator", cm, ctx, std::move(matcher),
                    NegotiatorConfig{c.period, c.cost(), c.horizon});
  // One agent and one availability actor per workstation; one of each for all licenses.
  auto resources = [&](const std::vector<ResourceSpec>& specs, const std::string& name,
                       sg4::Host* on) {
    std::vector<std::shared_ptr<ResourceState>> states;
    std::vector<ResourcePeriods> unavailable;
    for (const auto& spec : specs) {
      states.push_back(std::make_shared<ResourceState>(spec));
      auto p = periods.find(spec.id);
      if (p != periods.end()) unavailable.push_back({states.back(), p->second});
    }
    if (states.empty()) return;
    spawn<ResourceAgent>(name, on, ctx, std::move(states));
    if (!unavailable.empty())
      spawn<Availability>(name + "-availability", on, ctx, std::move(unavailable));
  };
  for (std::size_t i = 0; i < w.workstations.size(); ++i)
    resources({w.workstations[i]}, member_name(w.workstations[i].id), stations[i]);
  resources(w.licenses, "licenses", licenses);
  std::map<std::string, std::vector<JobSpec>> by_user;  // sorted: agents start in name order
  for (const auto& j : w.jobs) by_user[j.user].push_back(j);
  for (auto& [user, jobs] : by_user)
    spawn<SubmitAgent>("submit-" + user, submit, ctx, user, std::move(jobs), c.horizon);
}

}  // namespace arsim::kinds::gangmatch
