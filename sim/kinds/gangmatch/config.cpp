#include "sim/kinds/gangmatch/config.hpp"

#include <cmath>

#include <fmt/format.h>

#include "sim/engine/catalog.hpp"
#include "sim/engine/run_kind.hpp"

namespace arsim::kinds::gangmatch {

namespace {

// The limits of config.hpp that bind two keys or more; the message names the key to change.
void check_limits(const scenario::Settings& s, const RunConfig& c) {
  auto at_most = [&](const char* key, double value, double limit, const char* what) {
    if (!(value <= limit))
      s.fail_message(key, fmt::format("{} must be at most {:g}, got {:g}", what, limit, value));
  };
  at_most("matchmaker.period", c.horizon / c.period, kMaxCycles,
          "output.horizon / matchmaker.period (negotiation cycles)");
  const double buckets = std::ceil(c.horizon / c.bucket);
  at_most("output.bucket", buckets, kMaxBuckets,
          "output.horizon / output.bucket (rows of utilisation.csv per kind)");
  const double workstations = c.workload.ads.jobs;
  const double licenses = std::round(c.workload.ads.license_density * c.workload.ads.jobs);
  at_most("output.bucket", buckets * (workstations + licenses), kMaxBucketCells,
          "buckets x (workstations + licenses) of utilisation.csv");
  const double owners = workstations * c.owners.rate * c.horizon;
  const double outside = licenses * c.external.rate * c.horizon;
  at_most(owners >= outside ? "workstations.owner_return_rate" : "licenses.external_rate",
          owners + outside, kMaxPeriods,
          "(workstations x owner_return_rate + licenses x external_rate) x output.horizon "
          "(unavailable periods expected)");
}

}  // namespace

RunConfig read_config(const scenario::Settings& s) {
  RunConfig c;
  c.platform = s.get_path("platform.file");
  auto& w = c.workload;
  w.ads.jobs = static_cast<int>(s.get_int("workload.jobs"));
  w.ads.license_density = s.get_double("workload.license_density");
  w.ads.selectivity = static_cast<int>(s.get_int("workload.selectivity"));
  w.ads.platforms = static_cast<int>(s.get_int("workload.platforms"));
  w.ads.request_scale = static_cast<int>(s.get_int("workload.request_scale"));
  w.poisson = s.get_string("workload.arrival") == "poisson";
  if (w.poisson) w.mean_interarrival = s.get_double("workload.mean_interarrival");
  w.durations = s.get_doubles("workload.durations");
  try {
    validate(w);
  } catch (const std::invalid_argument& e) {  // "field: expected ..." names a workload key
    const std::string message = e.what();
    const std::string key = "workload." + message.substr(0, message.find(':'));
    s.fail_message(s.has(key) ? key : "workload.jobs", message);
  }
  c.matcher = s.get_string("matchmaker.matcher");
  c.params = s.with_prefix("matcher.");
  c.period = s.get_double("matchmaker.period");
  c.cost = {s.get_double("matchmaker.probe_cost"), s.get_double("matchmaker.evaluation_cost")};
  c.owners = {s.get_double("workstations.owner_return_rate"),
              s.get_double("workstations.owner_stay")};
  c.external = {s.get_double("licenses.external_rate"), s.get_double("licenses.external_hold")};
  c.bucket = s.get_double("output.bucket");
  c.horizon = s.get_double("output.horizon");
  check_limits(s, c);
  return c;
}

std::unique_ptr<schedulers::GangMatcher> make_matcher(const engine::Catalog& catalog,
                                                      const scenario::Settings& s) {
  return engine::at_setting(s, "matchmaker.matcher", [&] {
    const auto& matchers = catalog.algorithms.gang_matchers;
    const std::string name = s.get_string("matchmaker.matcher");
    return matchers.create(name,
                           engine::algorithm_params(s, "matcher.", matchers.get(name).params));
  });
}

}  // namespace arsim::kinds::gangmatch
