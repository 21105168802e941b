// The scenario keys of the co-allocation kind; scenarios/README.md documents each (a test checks
// every pattern is mentioned there). Each key fills a field (settings.hpp) whose initializer is
// its default: the gridars workload's are GridARS Table 1 (workloads/gridars_generator.hpp).
// Keys added after scenarios had been run are implicit(): their default is not written into the
// settings, so the scenario hash of a scenario that does not set them stays what it was.
#include <algorithm>

#include <fmt/format.h>

#include "sim/kinds/coallocation/config.hpp"
#include "sim/kinds/coallocation/failures/process.hpp"
#include "sim/kinds/coallocation/kind.hpp"
#include "sim/kinds/coallocation/resubmit.hpp"
#include "sim/kinds/coallocation/transfers/launcher.hpp"
#include "sim/scenario/config.hpp"

namespace arsim::kinds::coallocation {

namespace {
using base::field;
using scenario::key;
using T = scenario::ValueType;
using workloads::CpuDraw;
using workloads::GridarsConfig;
using workloads::GridarsUser;
using workloads::Type4Shape;
using Transfers = transfers::TransferConfig;
const std::string kGridars = "workload.generator=gridars";
}  // namespace

// clang-format off
std::vector<scenario::KeySpec> Kind::keys() const {
  return {
      field("platform.file", &PlatformKeys::file).path().need()
          .about("SimGrid platform file (`platforms/`), relative to the scenario file"),
      field("platform.max_paths", &PlatformKeys::max_paths).at_least(0)
          .about("the most default paths (one per pair of sites) a platform without arsim props may get; more is refused before the run (a SimGrid `<cluster>` of 65,536 hosts would need 2^31)"),
      field("workload.generator", &WorkloadKeys::generator).need().one_of({"gridars", "file"})
          .about("`gridars`: the GridARS §4.1 generator; `file`: read requests from a file"),
      field("workload.file", &WorkloadKeys::file).path().need().only("workload.generator=file")
          .about("request file, relative to the scenario file"),
      field("workload.arrival_end", &GridarsConfig::arrival_end).at_least(0).at_most(1e12).in("s")
          .about("users submit while submit time < arrival_end (s); also the end of the success-ratio buckets"),
      field("workload.window_start", &GridarsConfig::window_start).at_least(0).at_most(1e12).in("s")
          .about("start of the reservation window (s); also the window of the load metrics"),
      field("workload.window_end", &GridarsConfig::window_end).at_least(0).at_most(1e12).in("s")
          .about("end of the reservation window (s); must be > `workload.window_start`"),
      field("workload.durations", &GridarsConfig::durations).above(0).only(kGridars).in("s")
          .about("request durations D, drawn uniformly (s)"),
      field("workload.cpus", &GridarsConfig::cpus).at_least(1).only(kGridars).in("cores")
          .about("core counts, drawn uniformly (see `workload.cpu_draw`)"),
      field("workload.cpu_draw", &GridarsConfig::cpu_draw, {{"request", CpuDraw::PerRequest}, {"component", CpuDraw::PerComponent}})
          .only(kGridars)
          .about("`request`: one core count for all sites of a request (GridARS Table 1, \"for all sites\"); `component`: one draw per site"),
      field("workload.bandwidth", &GridarsConfig::bandwidth).at_least(0).only(kGridars).in("Gbit/s")
          .about("bandwidth of every requested path (Gbit/s)"),
      field("workload.lst_factor", &GridarsConfig::lst_factor).at_least(0).only(kGridars)
          .about("LST = EST + lst_factor · D"),
      field("workload.types", &GridarsConfig::types).at_least(1).at_most(4).only(kGridars)
          .about("request types (shapes, `workloads/gridars_generator.hpp`), drawn uniformly"),
      field("workload.type4", &GridarsConfig::type4, {{"ring", Type4Shape::Ring}, {"complete", Type4Shape::Complete}}).only(kGridars)
          .about("paths of a Type 4 request: a ring of 4 pairs or all 6 pairs"),
      field("workload.est_grain", &GridarsConfig::est_grain).implicit().at_least(1).at_most(1e12)
          .only(kGridars).in("s")
          .about("EST is drawn uniformly on the grid window_start + k · est_grain (s); 60 gives whole minutes"),
      field("workload.max_latency", &GridarsConfig::max_latency).implicit().at_least(0).at_most(1e12)
          .only(kGridars).in("s")
          .about("latency bound of every requested path (s): the latencies of the edges of its route sum to at most this; absent: no bound (`docs/guide/coallocation.md`, Latency bounds)"),
      field("user.*.mean_interarrival", &GridarsUser::mean_interarrival).above(0).in("s")
          .about("mean of the exponential inter-arrival time of the user's requests (s); with `generator=gridars`, arrival_end / mean_interarrival × (1 + `resubmit.attempts`) summed over the users at most 100,000 (the requests of a run)"),
      field("user.*.service_level", &GridarsUser::service_level).above(0).at_most(1)
          .about("share of the availability the user is shown (GridARS option C)"),
      field("user.*.grc", &UserKeys::grc)
          .about("the GRC the user submits its requests to: `grc` (the `<grc>`, also when absent) or the name of a `<coordinator>`. Users of a request file that the scenario does not declare submit to the `<grc>`"),
      field("user.*.resubmit.attempts", &ResubmitPolicy::attempts).implicit().at_least(0).at_most(100)
          .about("attempts the user makes after its first request is rejected, each a new request submitted `resubmit.delay` after the previous one's rejection (GridARS §3.1 step 4); 0: no resubmission. Each attempt is a row of `requests.csv`; `resubmissions.csv` links it to its original"),
      field("user.*.resubmit.delay", &ResubmitPolicy::delay).implicit().at_least(0).at_most(1e12).in("s")
          .about("seconds from a rejection to the submission of the next attempt; its EST is max(previous EST, submission)"),
      field("user.*.resubmit.window_factor", &ResubmitPolicy::window_factor).implicit().at_least(1).at_most(1e6)
          .about("each attempt's window LST − EST is the previous one's × this factor (D unchanged)"),
      field("user.*.resubmit.cpus_factor", &ResubmitPolicy::cpus_factor).implicit().above(0).at_most(1)
          .about("each attempt's cores per component are the previous one's × this factor, rounded down, at least 1"),
      field("user.*.resubmit.bandwidth_factor", &ResubmitPolicy::bandwidth_factor).implicit().above(0).at_most(1)
          .about("each attempt's bandwidth per pair is the previous one's × this factor"),
      field("site.*.unit_value", &SiteKeys::unit_value).at_least(0)
          .about("CPU unit value vc_i of that site, overriding the platform's (GridARS option B; absent: the platform's); an unknown site is an error when the run loads the platform"),
      field("grc.algorithm", &CoordinatorSetup::planner)
          .about("co-allocation planner: a registered planner (`arsim list`)"),
      field("grc.frames", &CoordinatorConfig::frames).at_least(1).at_most(10000).about("candidate time frames per request (N)"),
      field("grc.order", &CoordinatorConfig::order).one_of({"time", "late", "price", "quality"})
          .about("user option: how the GRC ranks plans"),
      field("grc.plan_all", &CoordinatorConfig::plan_all)
          .about("plan every frame before trying any plan. By default, where the plan order follows from the frames (`time`, `late`), each frame is planned when its plan would be tried and planning stops at the first plan that commits: the same decisions with fewer solves; `plans_found`, `solves` and `solver_nodes` of `requests.csv` then count only the frames planned"),
      field("grc.hold_timeout", &GrcTiming::hold_timeout).above(0).in("s")
          .about("seconds before an uncommitted hold expires"),
      field("grc.planning_delay", &GrcTiming::planning_delay).implicit().at_least(0)
          .at_most(1e9).in("s")
          .about("simulated seconds the GRC spends planning each request, between the RMs' availability replies and its first hold. With a delay, GRCs' holds interleave: what one saw free may be held by another when its holds arrive. A GRC that falls behind its requests gets holds refused for frames already begun (an RM refuses a hold whose frame starts before the hold arrives)"),
      key("grc.param.*", T::String).about("planner parameter, one of the planner's parameters (`arsim list`), passed to the planner"),
      // Coordinators beside <grc>: every attribute left out takes the <grc>'s value.
      field("coordinator.*.algorithm", &CoordinatorKeys::planner)
          .about("planner of this GRC. Without it the GRC takes the `<grc>`'s planner and its `grc.param.*` parameters, with its own `<param>`s on top; with it, only its own `<param>`s"),
      field("coordinator.*.frames", &CoordinatorKeys::frames).at_least(1).at_most(10000)
          .about("as `grc.frames`, for this GRC (absent: `grc.frames`)"),
      field("coordinator.*.order", &CoordinatorKeys::order).one_of({"time", "late", "price", "quality"})
          .about("as `grc.order`, for this GRC (absent: `grc.order`)"),
      field("coordinator.*.plan_all", &CoordinatorKeys::plan_all)
          .about("as `grc.plan_all`, for this GRC (absent: `grc.plan_all`)"),
      field("coordinator.*.hold_timeout", &CoordinatorKeys::hold_timeout).above(0).in("s")
          .about("as `grc.hold_timeout`, for this GRC (absent: `grc.hold_timeout`)"),
      field("coordinator.*.planning_delay", &CoordinatorKeys::planning_delay).at_least(0)
          .at_most(1e9).in("s")
          .about("as `grc.planning_delay`, for this GRC (absent: `grc.planning_delay`)"),
      key("coordinator.*.param.*", T::String)
          .about("planner parameter of this GRC, from `<coordinator><param name= value=>`"),
      field("output.bucket", &MetricsConfig::bucket).above(0).in("s")
          .about("width of the time buckets of `resources.csv` and load curves (s); at most 10^6 buckets over horizon and arrival_end, and at most 2,000,000 rows per run (the limits of a co-allocation run, `docs/reference/limits.md`)"),
      field("output.horizon", &MetricsConfig::horizon).above(0).in("s")
          .about("simulated time up to which buckets are written (s)"),
      field("transfers.enabled", &Transfers::enabled).implicit()
          .about("carry each reserved pair's data over its reserved path in SimGrid and write `transfers.csv`; `used` of paths in `resources.csv` is then measured (`docs/design/transfers.md`). Off: every output as without these keys"),
      field("transfers.volume", &Transfers::volume).implicit().above(0).at_most(1000)
          .about("volume of each pair as a fraction of D × its reserved bandwidth (above 1 it cannot finish on time), drawn uniformly from the list per pair (seeded stream `transfer:<request>:<pair>`; one value: no draw)"),
      field("transfers.mode", &Transfers::mode).implicit().one_of({"reserved", "unreserved"})
          .about("`reserved`: each hop's flow capped at the reserved bandwidth, background traffic leaves it free; `unreserved`: the same volumes best effort, uncapped, sharing with the background"),
      field("background.flows", &Transfers::background_flows).implicit().at_least(0).at_most(1000)
          .about("mean number of best-effort flows per path per slot (Poisson, seeded per path); 0: no background traffic; > 0 needs `transfers.enabled=true`"),
      field("background.slot", &Transfers::background_slot).implicit().above(0).in("s")
          .about("length of a slot of background traffic (s); slots run from `workload.window_start` to `output.horizon`"),
      field("background.links", &Transfers::background_links).implicit()
          .about("the paths that carry background traffic: `all`, or path names separated by spaces (checked against the platform when the run starts); paths whose flows cross another link, such as `S:X1-X2` of `platforms/elgl.xml`, get none"),
      field("failures.hosts.ttf", &FailureKeys::hosts_ttf).implicit().at_least(0).at_most(1e12).in("s")
          .about("mean time to failure of each host of a compute site that may fail (a site of one host running no control actor); 0: hosts do not fail. Each such host is up for a drawn time to failure, down for a drawn time to repair, and so on (seeded stream `failure:host:<name>`); with `failures.hosts.ttr`. Failures write `failures.csv` (`docs/design/coallocation.md`, Failures)"),
      field("failures.hosts.ttr", &FailureKeys::hosts_ttr).implicit().at_least(0).at_most(1e12).in("s")
          .about("mean time to repair of a failed host (s); > 0 exactly when `failures.hosts.ttf` is"),
      field("failures.links.ttf", &FailureKeys::links_ttf).implicit().at_least(0).at_most(1e12).in("s")
          .about("mean time to failure of each path link that no control message crosses (annotated platforms; seeded stream `failure:link:<name>`); 0: links do not fail; with `failures.links.ttr`"),
      field("failures.links.ttr", &FailureKeys::links_ttr).implicit().at_least(0).at_most(1e12).in("s")
          .about("mean time to repair of a failed path link (s); > 0 exactly when `failures.links.ttf` is"),
      field("failures.coordinator.ttf", &FailureKeys::coordinator_ttf).implicit().at_least(0).at_most(1e12).in("s")
          .about("mean time to failure of each coordinator (GRC) process: it crashes, losing what it was deciding, and restarts after a drawn time to repair from its log (seeded stream `failure:coordinator:<name>`; `docs/design/coallocation.md`, Control-plane faults); 0: coordinators do not fail; with `failures.coordinator.ttr`"),
      field("failures.coordinator.ttr", &FailureKeys::coordinator_ttr).implicit().at_least(0).at_most(1e12).in("s")
          .about("mean time to restart of a crashed coordinator (s); > 0 exactly when `failures.coordinator.ttf` is"),
      field("failures.retry", &FailureKeys::retry).implicit().above(0).at_most(1e6).in("s")
          .about("with control-plane faults (a coordinator that crashes, or state profiles on a network RM's host or a control link): how long a sender waits before sending again a cancel, release, notice, submission or decision that a failed link lost (the GRC waits `hold_timeout` for an answer before counting it lost)"),
      field("failures.law", &FailureKeys::law).implicit().one_of({"exponential", "constant"})
          .about("law of the times to failure and to repair: `exponential` with the given means, or `constant` (each time is its mean)"),
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
