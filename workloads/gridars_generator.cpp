#include "workloads/gridars_generator.hpp"

#include <algorithm>
#include <cctype>
#include <cmath>
#include <set>
#include <stdexcept>
#include <tuple>

#include <fmt/format.h>

#include "model/random.hpp"

namespace arsim::workloads {
namespace {

void require(bool ok, const std::string& field, const std::string& what) {
  if (!ok) throw std::invalid_argument(fmt::format("GridARS config: {} {}", field, what));
}

bool finite_positive(double x) {
  return std::isfinite(x) && x > 0;
}

void validate_users(const std::vector<GridarsUser>& users) {
  require(!users.empty(), "users", "must not be empty");
  std::set<std::string> seen;
  for (std::size_t i = 0; i < users.size(); ++i) {
    const auto& u = users[i];
    const std::string f = fmt::format("users[{}]", i);
    // Names become stream names and a whitespace-separated field of request files.
    require(!u.name.empty(), f + ".name", "must not be empty");
    require(
        std::none_of(u.name.begin(), u.name.end(), [](unsigned char c) { return std::isspace(c); }),
        f + ".name", fmt::format("must not contain whitespace, got '{}'", u.name));
    require(seen.insert(u.name).second, f + ".name", fmt::format("'{}' is not unique", u.name));
    require(finite_positive(u.mean_interarrival), f + ".mean_interarrival",
            fmt::format("must be finite and > 0, got {}", u.mean_interarrival));
    require(u.service_level > 0 && u.service_level <= 1, f + ".service_level",
            fmt::format("must be in (0, 1], got {}", u.service_level));
  }
}

// One request of `user` submitted at `submit`, drawn in the documented order.
model::Request draw_request(const GridarsConfig& c, const GridarsUser& user, model::Time submit,
                            std::mt19937_64& rng) {
  model::Request r;
  r.user = user.name;
  r.service_level = user.service_level;
  r.submit = submit;
  r.type = c.types[model::uniform_index(rng, c.types.size())];
  r.duration = c.durations[model::uniform_index(rng, c.durations.size())];
  // EST offsets k g in [0, window_end - (f+1) D - window_start], k whole (workloads/README.md).
  const double span = c.window_end - (c.lst_factor + 1) * r.duration - c.window_start;
  const auto offsets = static_cast<std::uint64_t>(std::floor(span / c.est_grain)) + 1;
  r.est = c.window_start + c.est_grain * static_cast<double>(model::uniform_index(rng, offsets));
  r.lst = r.est + c.lst_factor * r.duration;
  const TypeShape shape = type_shape(r.type, c.type4);
  const auto draw_cores = [&] { return c.cpus[model::uniform_index(rng, c.cpus.size())]; };
  if (c.cpu_draw == CpuDraw::PerRequest) {
    // Table 1: one core count "for all sites" of the request.
    const int cores = draw_cores();
    for (int j = 0; j < shape.components; ++j) r.components.push_back({cores});
  } else {
    for (int j = 0; j < shape.components; ++j) r.components.push_back({draw_cores()});
  }
  for (const auto& [a, b] : shape.paths) r.pairs.push_back({a, b, c.bandwidth, c.max_latency});
  return r;
}

}  // namespace

TypeShape type_shape(int type, Type4Shape type4) {
  switch (type) {
    case 1:
      return {2, {{0, 1}}};
    case 2:
      return {3, {{0, 1}, {1, 2}}};
    case 3:
      return {3, {{0, 1}, {1, 2}, {0, 2}}};
    case 4:
      if (type4 == Type4Shape::Complete)
        return {4, {{0, 1}, {1, 2}, {2, 3}, {0, 3}, {0, 2}, {1, 3}}};
      return {4, {{0, 1}, {1, 2}, {2, 3}, {0, 3}}};
    default:
      throw std::invalid_argument(fmt::format("request type must be 1..4, got {}", type));
  }
}

void validate(const GridarsConfig& c) {
  validate_users(c.users);
  require(finite_positive(c.arrival_end), "arrival_end",
          fmt::format("must be finite and > 0, got {}", c.arrival_end));
  require(
      std::isfinite(c.window_start) && c.window_start >= c.arrival_end, "window_start",
      fmt::format("must be finite and >= arrival_end ({}), got {}", c.arrival_end, c.window_start));
  require(
      std::isfinite(c.window_end) && c.window_end > c.window_start, "window_end",
      fmt::format("must be finite and > window_start ({}), got {}", c.window_start, c.window_end));
  // At least a second, so the number of EST offsets stays below the window's length in seconds.
  require(std::isfinite(c.est_grain) && c.est_grain >= 1, "est_grain",
          fmt::format("must be finite and >= 1 (seconds), got {}", c.est_grain));
  require(std::isfinite(c.lst_factor) && c.lst_factor >= 0, "lst_factor",
          fmt::format("must be finite and >= 0, got {}", c.lst_factor));
  require(!c.durations.empty(), "durations", "must not be empty");
  for (std::size_t i = 0; i < c.durations.size(); ++i) {
    const double d = c.durations[i];
    require(finite_positive(d), fmt::format("durations[{}]", i),
            fmt::format("must be finite and > 0, got {}", d));
    // The whole window [EST, LST + D] must fit between window_start and window_end.
    require(c.window_start + (c.lst_factor + 1) * d <= c.window_end,
            fmt::format("durations[{}]", i),
            fmt::format("({}) times (lst_factor + 1) must fit in [window_start, window_end]", d));
  }
  require(!c.cpus.empty(), "cpus", "must not be empty");
  for (std::size_t i = 0; i < c.cpus.size(); ++i)
    require(c.cpus[i] > 0, fmt::format("cpus[{}]", i),
            fmt::format("must be > 0, got {}", c.cpus[i]));
  require(std::isfinite(c.bandwidth) && c.bandwidth >= 0, "bandwidth",
          fmt::format("must be finite and >= 0, got {}", c.bandwidth));
  require(c.max_latency >= 0, "max_latency",  // +inf: no bound
          fmt::format("must be >= 0 seconds, got {}", c.max_latency));
  require(!c.types.empty(), "types", "must not be empty");
  for (std::size_t i = 0; i < c.types.size(); ++i)
    require(c.types[i] >= 1 && c.types[i] <= 4, fmt::format("types[{}]", i),
            fmt::format("must be in 1..4, got {}", c.types[i]));
}

std::vector<model::Request> generate_gridars(const GridarsConfig& config, std::uint64_t seed,
                                             std::uint64_t run_index) {
  validate(config);
  std::vector<model::Request> requests;
  for (const auto& user : config.users) {
    // Poisson arrivals (§4.1): one stream per user, so adding a user leaves the others unchanged.
    auto rng = model::make_stream(seed, run_index, user.name);
    for (model::Time t = model::exponential(rng, user.mean_interarrival); t < config.arrival_end;
         t += model::exponential(rng, user.mean_interarrival))
      requests.push_back(draw_request(config, user, t, rng));
  }
  std::stable_sort(requests.begin(), requests.end(), [](const auto& x, const auto& y) {
    return std::tie(x.submit, x.user) < std::tie(y.submit, y.user);
  });
  for (std::size_t i = 0; i < requests.size(); ++i) {
    requests[i].id = static_cast<int>(i);
    model::validate(requests[i]);  // a generator bug must not reach a simulation
  }
  return requests;
}

std::vector<LoadPoint> load_curve(const std::vector<model::Request>& requests, int total_cores,
                                  model::Time window_length, model::Time bucket_width,
                                  model::Time horizon) {
  if (total_cores <= 0) throw std::invalid_argument("load_curve: total_cores must be > 0");
  if (!finite_positive(window_length))
    throw std::invalid_argument("load_curve: window_length must be finite and > 0");
  if (!finite_positive(bucket_width))
    throw std::invalid_argument("load_curve: bucket_width must be finite and > 0");
  if (!(std::isfinite(horizon) && horizon >= 0))
    throw std::invalid_argument("load_curve: horizon must be finite and >= 0");

  std::vector<std::pair<model::Time, double>> asks;  // (submit, core-seconds)
  for (const auto& r : requests) asks.emplace_back(r.submit, r.total_cpus() * r.duration);
  std::sort(asks.begin(), asks.end());

  std::size_t buckets = 0;
  if (horizon > 0) {
    buckets = static_cast<std::size_t>(std::ceil(horizon / bucket_width));
  } else if (!asks.empty()) {
    // The first bucket end strictly after the latest submit, so every request is counted.
    buckets = static_cast<std::size_t>(std::floor(asks.back().first / bucket_width)) + 1;
  }
  const double capacity = static_cast<double>(total_cores) * window_length;
  std::vector<LoadPoint> curve;
  std::size_t next = 0;
  double asked = 0;
  for (std::size_t k = 1; k <= buckets; ++k) {
    const model::Time t = static_cast<double>(k) * bucket_width;  // no accumulated rounding
    for (; next < asks.size() && asks[next].first < t; ++next) asked += asks[next].second;
    curve.push_back({t, asked / capacity});
  }
  return curve;
}

}  // namespace arsim::workloads
