// The scenario keys of the co-allocation kind; scenarios/README.md documents each (a test checks
// every pattern is mentioned there). Each key fills a field (settings.hpp) whose initializer is
// its default: the gridars workload's are GridARS Table 1 (workloads/gridars_generator.hpp).
// Keys added after scenarios had been run are implicit(): their default is not written into the
// settings, so the scenario hash of a scenario that does not set them stays what it was.
#include <algorithm>

#include <fmt/format.h>

#include "sim/kinds/coallocation/config.hpp"
#include "sim/kinds/coallocation/kind.hpp"
#include "sim/kinds/coallocation/transfers/launcher.hpp"
#include "sim/scenario/config.hpp"

namespace arsim::kinds::coallocation {

namespace {
using base::field;
using scenario::key;
using T = scenario::ValueType;
using workloads::GridarsConfig;
using workloads::GridarsUser;
using Transfers = transfers::TransferConfig;
const std::string kGridars = "workload.generator=gridars";
}  // namespace

// clang-format off
std::vector<scenario::KeySpec> Kind::keys() const {
  return {
      field("platform.file", &PlatformKeys::file).path().need()
          .about("SimGrid platform file, relative to the scenario file"),
      field("platform.max_paths", &PlatformKeys::max_paths).at_least(0)
          .about("most default paths a platform without arsim props may get (one per pair of sites)"),
      field("workload.generator", &WorkloadKeys::generator).need().one_of({"gridars", "file"})
          .about("gridars: GridARS §4.1 generator; file: read requests from a file"),
      field("workload.file", &WorkloadKeys::file).path().need().only("workload.generator=file")
          .about("request file, relative to the scenario file"),
      field("workload.arrival_end", &GridarsConfig::arrival_end).at_least(0).at_most(1e12).in("s")
          .about("arrivals while submit time < arrival_end (s); also bounds the success-ratio buckets"),
      field("workload.window_start", &GridarsConfig::window_start).at_least(0).at_most(1e12).in("s")
          .about("start of the reservation window (s); also the load metrics' window"),
      field("workload.window_end", &GridarsConfig::window_end).at_least(0).at_most(1e12).in("s")
          .about("end of the reservation window (s), > window_start"),
      field("workload.durations", &GridarsConfig::durations).above(0).only(kGridars).in("s")
          .about("request durations D drawn uniformly (s)"),
      field("workload.cpus", &GridarsConfig::cpus).at_least(1).only(kGridars).in("cores")
          .about("core counts drawn uniformly"),
      field("workload.cpu_draw", &WorkloadKeys::cpu_draw).one_of({"request", "component"})
          .only(kGridars)
          .about("request: one core count for all sites of a request (GridARS Table 1); component: one draw per site"),
      field("workload.bandwidth", &GridarsConfig::bandwidth).at_least(0).only(kGridars).in("Gbit/s")
          .about("bandwidth of every requested path (Gbit/s)"),
      field("workload.lst_factor", &GridarsConfig::lst_factor).at_least(0).only(kGridars)
          .about("LST = EST + lst_factor * D"),
      field("workload.types", &GridarsConfig::types).at_least(1).at_most(4).only(kGridars)
          .about("request types (shapes) drawn uniformly"),
      field("workload.type4", &WorkloadKeys::type4).one_of({"ring", "complete"}).only(kGridars)
          .about("paths of a Type 4 request: ring (4 pairs) or complete (6 pairs)"),
      field("workload.est_grain", &GridarsConfig::est_grain).implicit().at_least(1).at_most(1e12)
          .only(kGridars).in("s")
          .about("EST drawn on a grid of this many seconds from window_start"),
      field("user.*.mean_interarrival", &GridarsUser::mean_interarrival).above(0).in("s")
          .about("mean of the exponential inter-arrival time (s)"),
      field("user.*.service_level", &GridarsUser::service_level).above(0).at_most(1)
          .about("share of availability the user is shown (GridARS option C)"),
      field("user.*.grc", &UserKeys::grc)
          .about("the coordinator the user submits to: grc (the <grc>, when absent) or a "
                 "<coordinator> name"),
      field("site.*.unit_value", &SiteKeys::unit_value).at_least(0)
          .about("overrides the platform's CPU unit value vc_i of that site (GridARS option B)"),
      field("grc.algorithm", &CoordinatorSetup::planner)
          .about("co-allocation planner (registry name; checked by the registry)"),
      field("grc.frames", &CoordinatorConfig::frames).at_least(1).at_most(10000).about("candidate time frames per request"),
      field("grc.order", &CoordinatorConfig::order).one_of({"time", "late", "price", "quality"})
          .about("user option: how plans are ranked"),
      field("grc.plan_all", &CoordinatorConfig::plan_all)
          .about("plan every frame before trying any; false: frames are planned as their plans "
                 "are tried (orders time, late), the same decisions with fewer solves"),
      field("grc.hold_timeout", &CoordinatorSetup::hold_timeout).above(0).in("s")
          .about("seconds before an uncommitted hold expires"),
      field("grc.planning_delay", &CoordinatorSetup::planning_delay).implicit().at_least(0)
          .at_most(1e9).in("s")
          .about("simulated seconds the GRC spends planning a request, between the RMs' "
                 "availability replies and its first hold"),
      key("grc.param.*", T::String).about("planner parameter (checked by the registry)"),
      // Coordinators beside <grc>: every attribute left out takes the <grc>'s value.
      field("coordinator.*.algorithm", &CoordinatorKeys::planner)
          .about("planner of this coordinator (absent: grc.algorithm with the <grc>'s params)"),
      field("coordinator.*.frames", &CoordinatorKeys::frames).at_least(1).at_most(10000)
          .about("candidate time frames per request (absent: grc.frames)"),
      field("coordinator.*.order", &CoordinatorKeys::order).one_of({"time", "late", "price", "quality"})
          .about("how plans are ranked (absent: grc.order)"),
      field("coordinator.*.plan_all", &CoordinatorKeys::plan_all)
          .about("as grc.plan_all (absent: grc.plan_all)"),
      field("coordinator.*.hold_timeout", &CoordinatorKeys::hold_timeout).above(0).in("s")
          .about("seconds before an uncommitted hold expires (absent: grc.hold_timeout)"),
      field("coordinator.*.planning_delay", &CoordinatorKeys::planning_delay).at_least(0)
          .at_most(1e9).in("s")
          .about("simulated planning seconds per request (absent: grc.planning_delay)"),
      key("coordinator.*.param.*", T::String)
          .about("planner parameter of this coordinator (checked by the registry)"),
      field("output.bucket", &MetricsConfig::bucket).above(0).in("s")
          .about("width of the time buckets of resources.csv and load curves (s)"),
      field("output.horizon", &MetricsConfig::horizon).above(0).in("s")
          .about("simulated time up to which buckets are written (s)"),
      field("transfers.enabled", &Transfers::enabled).implicit()
          .about("carry each reserved pair's data over its path in SimGrid (transfers.csv)"),
      field("transfers.volume", &Transfers::volume).implicit().above(0).at_most(1000)
          .about("volume per pair as a fraction of duration x reserved bandwidth, drawn uniformly from the list"),
      field("transfers.mode", &Transfers::mode).implicit().one_of({"reserved", "unreserved"})
          .about("reserved: flows capped at the reservation, ahead of best effort; unreserved: best effort"),
      field("background.flows", &Transfers::background_flows).implicit().at_least(0).at_most(1000)
          .about("mean best-effort flows per path per slot (Poisson); 0: none"),
      field("background.slot", &Transfers::background_slot).implicit().above(0).in("s")
          .about("length of a slot of background traffic (s)"),
      field("background.links", &Transfers::background_links).implicit()
          .about("paths carrying background traffic: all, or path names separated by spaces"),
  };
}
// clang-format on

// The spellings before one vocabulary ("Old spellings" in scenarios/README.md).
std::vector<scenario::KeyAlias> Kind::aliases() const {
  return {{"grc.planner", "grc.algorithm"},
          {"planner.*", "grc.param.*"},
          {"coordinator.*.planner", "coordinator.*.algorithm"}};
}

std::vector<scenario::ParamGroup> Kind::param_groups() const {
  return {{"grc", "grc.param."}, {"coordinator", "coordinator.*.param."}};
}

void Kind::check_rules(const scenario::Settings& s) const {
  if (scenario::condition_holds(s, kGridars) && s.users().empty())
    s.fail_message("workload.generator", "generator 'gridars' needs at least one <user> element");
  for (const auto& name : s.coordinators())
    if (name == kDefaultCoordinator) {
      const auto* where = s.section("coordinator." + name);
      throw InputError(
          fmt::format("{}<coordinator> attribute 'name': '{}' is the <grc>'s name; "
                      "expected another",
                      where ? scenario::location_prefix(*where) : "", name));
    }
  for (const auto& user : s.users()) {
    const auto grc = scenario::read_config<UserKeys>(s, {user}).grc;
    const auto& names = s.coordinators();
    if (grc && *grc != kDefaultCoordinator &&
        std::find(names.begin(), names.end(), *grc) == names.end())
      s.fail(scenario::key_of("user.*.grc", {user}), "grc or the name of a <coordinator>");
  }
  const auto w = scenario::read_config<GridarsConfig>(s);
  if (w.window_end <= w.window_start)
    s.fail("workload.window_end", fmt::format("a number > window_start ({})", w.window_start));
}

}  // namespace arsim::kinds::coallocation
