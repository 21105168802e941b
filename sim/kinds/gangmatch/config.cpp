#include "sim/kinds/gangmatch/config.hpp"

#include <cmath>

#include <fmt/format.h>

#include "sim/engine/catalog.hpp"
#include "sim/engine/run_kind.hpp"
#include "sim/scenario/config.hpp"

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
  const double workstations = c.jobs;
  const double licenses = std::round(c.license_density * c.jobs);
  at_most("output.bucket", buckets * (workstations + licenses), kMaxBucketCells,
          "buckets x (workstations + licenses) of utilisation.csv");
  const double owners = workstations * c.owner_return_rate * c.horizon;
  const double outside = licenses * c.external_rate * c.horizon;
  at_most(owners >= outside ? "workstations.owner_return_rate" : "licenses.external_rate",
          owners + outside, kMaxPeriods,
          "(workstations x owner_return_rate + licenses x external_rate) x output.horizon "
          "(unavailable periods expected)");
}

}  // namespace

WorkloadConfig RunConfig::workload() const {
  WorkloadConfig w;
  w.ads = {jobs, license_density, selectivity, platforms, request_scale};
  w.poisson = arrival == "poisson";
  if (w.poisson) w.mean_interarrival = mean_interarrival;
  w.durations = durations;
  return w;
}

RunConfig read_config(const scenario::Settings& s) {
  const auto c = scenario::read_config<RunConfig>(s);
  try {
    validate(c.workload());
  } catch (const std::invalid_argument& e) {  // "field: expected ..." names a workload key
    const std::string message = e.what();
    const std::string key = "workload." + message.substr(0, message.find(':'));
    s.fail_message(s.schema().find(key) ? key : "workload.jobs", message);
  }
  check_limits(s, c);
  return c;
}

std::unique_ptr<schedulers::GangMatcher> make_matcher(const engine::Catalog& catalog,
                                                      const scenario::Settings& s) {
  return engine::at_setting(s, "matchmaker.algorithm", [&] {
    const auto& matchers = catalog.algorithms.gang_matchers;
    const std::string name = scenario::read_config<RunConfig>(s).matcher;
    return matchers.create(
        name, engine::algorithm_params(s, "matchmaker.param.", matchers.get(name).params));
  });
}

}  // namespace arsim::kinds::gangmatch
