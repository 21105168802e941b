// The scenario keys of the co-allocation kind; scenarios/README.md documents each (a test checks
// every pattern is mentioned there). Defaults of the gridars workload are GridARS Table 1
// (workloads/gridars_generator.hpp).
#include <algorithm>

#include <fmt/format.h>

#include "sim/kinds/coallocation/kind.hpp"
#include "sim/kinds/coallocation/settings.hpp"

namespace arsim::kinds::coallocation {

namespace {
using scenario::key;
using T = scenario::ValueType;
const std::string kGridars = "workload.generator=gridars";
}  // namespace

// clang-format off
std::vector<scenario::KeySpec> Kind::keys() const {
  return {
      key("platform.file", T::Path).need()
          .about("SimGrid platform file, relative to the scenario file"),
      key("platform.max_paths", T::Int).def("1000000").at_least(0)
          .about("most default paths a platform without arsim props may get (one per pair of sites)"),
      key("workload.generator", T::String).need().one_of({"gridars", "file"})
          .about("gridars: GridARS §4.1 generator; file: read requests from a file"),
      key("workload.file", T::Path).need().only("workload.generator=file")
          .about("request file, relative to the scenario file"),
      key("workload.arrival_end", T::Double).def("86400").at_least(0).at_most(1e12)
          .about("arrivals while submit time < arrival_end (s); also bounds the success-ratio buckets"),
      key("workload.window_start", T::Double).def("86400").at_least(0).at_most(1e12)
          .about("start of the reservation window (s); also the load metrics' window"),
      key("workload.window_end", T::Double).def("172800").at_least(0).at_most(1e12)
          .about("end of the reservation window (s), > window_start"),
      key("workload.durations", T::Doubles).def("1800 3600 7200").above(0).only(kGridars)
          .about("request durations D drawn uniformly (s)"),
      key("workload.cpus", T::Ints).def("1 2 4 8").at_least(1).only(kGridars)
          .about("core counts drawn uniformly"),
      key("workload.cpu_draw", T::String).def("request").one_of({"request", "component"})
          .only(kGridars)
          .about("request: one core count for all sites of a request (GridARS Table 1); component: one draw per site"),
      key("workload.bandwidth", T::Double).def("1").at_least(0).only(kGridars)
          .about("bandwidth of every requested path (Gbit/s)"),
      key("workload.lst_factor", T::Double).def("3").at_least(0).only(kGridars)
          .about("LST = EST + lst_factor * D"),
      key("workload.types", T::Ints).def("1 2 3 4").at_least(1).at_most(4).only(kGridars)
          .about("request types (shapes) drawn uniformly"),
      key("workload.type4", T::String).def("ring").one_of({"ring", "complete"}).only(kGridars)
          .about("paths of a Type 4 request: ring (4 pairs) or complete (6 pairs)"),
      // No default written into the settings, so scenarios that do not set it keep their hash.
      key("workload.est_grain", T::Double).at_least(1).at_most(1e12).only(kGridars)
          .about("EST drawn on a grid of this many seconds from window_start (absent: 1)"),
      key("user.*.mean_interarrival", T::Double).def("407.327").above(0)
          .about("mean of the exponential inter-arrival time (s)"),
      key("user.*.service_level", T::Double).def("1").above(0).at_most(1)
          .about("share of availability the user is shown (GridARS option C)"),
      key("user.*.grc", T::String)
          .about("the coordinator the user submits to: grc (the <grc>, when absent) or a "
                 "<coordinator> name"),
      key("site.*.unit_value", T::Double).at_least(0)
          .about("overrides the platform's CPU unit value vc_i of that site (GridARS option B)"),
      key("grc.planner", T::String).def("greedy")
          .about("co-allocation planner (registry name; checked by the registry)"),
      key("grc.frames", T::Int).def("10").at_least(1).at_most(10000).about("candidate time frames per request"),
      key("grc.order", T::String).def("time").one_of({"time", "late", "price", "quality"})
          .about("user option: how plans are ranked"),
      key("grc.plan_all", T::Bool).def("false")
          .about("plan every frame before trying any; false: frames are planned as their plans "
                 "are tried (orders time, late), the same decisions with fewer solves"),
      key("grc.hold_timeout", T::Double).def("60").above(0)
          .about("seconds before an uncommitted hold expires"),
      // No default written into the settings, so scenarios that do not set it keep their hash.
      key("grc.planning_delay", T::Double).at_least(0).at_most(1e9)
          .about("simulated seconds the GRC spends planning a request, between the RMs' "
                 "availability replies and its first hold (absent: 0)"),
      key("planner.*", T::String).about("planner parameter (checked by the registry)"),
      // Coordinators beside <grc>: every attribute left out takes the <grc>'s value.
      key("coordinator.*.planner", T::String)
          .about("planner of this coordinator (absent: grc.planner with the <grc>'s params)"),
      key("coordinator.*.frames", T::Int).at_least(1).at_most(10000)
          .about("candidate time frames per request (absent: grc.frames)"),
      key("coordinator.*.order", T::String).one_of({"time", "late", "price", "quality"})
          .about("how plans are ranked (absent: grc.order)"),
      key("coordinator.*.plan_all", T::Bool).about("as grc.plan_all (absent: grc.plan_all)"),
      key("coordinator.*.hold_timeout", T::Double).above(0)
          .about("seconds before an uncommitted hold expires (absent: grc.hold_timeout)"),
      key("coordinator.*.planning_delay", T::Double).at_least(0).at_most(1e9)
          .about("simulated planning seconds per request (absent: grc.planning_delay)"),
      key("coordinator.*.param.*", T::String)
          .about("planner parameter of this coordinator (checked by the registry)"),
      key("output.bucket", T::Double).def("8640").above(0)
          .about("width of the time buckets of resources.csv and load curves (s)"),
      key("output.horizon", T::Double).def("172800").above(0)
          .about("simulated time up to which buckets are written (s)"),
      // No defaults written into the settings (transfers/launcher.cpp has them), so scenarios
      // without transfers keep their hash.
      key("transfers.enabled", T::Bool)
          .about("carry each reserved pair's data over its path in SimGrid (transfers.csv; absent: false)"),
      key("transfers.volume", T::Doubles).above(0).at_most(1000)
          .about("volume per pair as a fraction of duration x reserved bandwidth, drawn uniformly from the list (absent: 0.5)"),
      key("transfers.mode", T::String).one_of({"reserved", "unreserved"})
          .about("reserved: flows capped at the reservation, ahead of best effort; unreserved: best effort (absent: reserved)"),
      key("background.flows", T::Double).at_least(0).at_most(1000)
          .about("mean best-effort flows per path per slot (Poisson); 0: none (absent: 0)"),
      key("background.slot", T::Double).above(0)
          .about("length of a slot of background traffic (s; absent: 600)"),
      key("background.links", T::String)
          .about("paths carrying background traffic: all, or path names separated by spaces (absent: all)"),
  };
}
// clang-format on

std::vector<scenario::ParamGroup> Kind::param_groups() const {
  return {{"grc", "planner."}, {"coordinator", "coordinator.*.param."}};
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
    const std::string key = "user." + user + ".grc";
    if (!s.has(key)) continue;
    const auto& names = s.coordinators();
    const std::string name = s.get_string(key);
    if (name != kDefaultCoordinator && std::find(names.begin(), names.end(), name) == names.end())
      s.fail(key, "grc or the name of a <coordinator>");
  }
  const double start = s.get_double("workload.window_start");
  if (s.get_double("workload.window_end") <= start)
    s.fail("workload.window_end", fmt::format("a number > window_start ({})", start));
}

}  // namespace arsim::kinds::coallocation
