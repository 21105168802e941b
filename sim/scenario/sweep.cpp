#include "sim/scenario/sweep.hpp"

#include <algorithm>
#include <functional>

#include <fmt/format.h>

#include "sim/scenario/validate.hpp"

namespace arsim::scenario {

namespace {

struct Point {
  Settings settings;
  std::string dir;  // "k=v/k=v/" or "" without a sweep
  std::vector<std::pair<std::string, std::string>> values;
};

// Calls `visit` for each point of the cartesian product, first parameter slowest.
void for_each_point(const Settings& base, const std::function<void(Point&)>& visit) {
  const auto& dims = base.sweep();
  for (const auto& d : dims)
    if (d.values.empty()) return;  // the loader rejects this; an empty product has no point
  std::vector<size_t> index(dims.size(), 0);
  while (true) {
    Point p{base, "", {}};
    p.settings.sweep().clear();
    for (size_t i = 0; i < dims.size(); ++i) {
      const std::string& value = dims[i].values[index[i]];
      if (dims[i].is_variant())
        for (const auto& v : dims[i].sets[index[i]]) p.settings.set(v.key, v.value, v.where);
      else
        p.settings.set(dims[i].key, value, dims[i].where);
      // A renamed key keeps its first name here: results made before the rename resume.
      const std::string label = base.first_name(dims[i].key);
      p.dir += fmt::format("{}={}/", label, dir_value(value));
      p.values.emplace_back(label, value);
    }
    complete(p.settings);
    visit(p);
    // Odometer: advance the last parameter, carry to the left.
    size_t i = dims.size();
    while (i > 0 && ++index[i - 1] == dims[i - 1].values.size()) index[--i] = 0;
    if (i == 0) return;
  }
}

std::string run_name(long long run, long long runs) {
  const int width = std::max<int>(3, fmt::format("{}", runs - 1).size());
  return fmt::format("run_{:0{}}", run, width);
}

}  // namespace

std::string dir_value(const std::string& value) {
  std::string out;
  for (char c : value) {
    const bool keep = (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') ||
                      c == '.' || c == ',' || c == '+' || c == '-' || c == '_';
    out += c == ' ' ? ',' : keep ? c : '_';
  }
  return out;
}

std::vector<RunSpec> expand(const Settings& settings) {
  std::vector<RunSpec> runs;
  for_each_point(settings, [&](Point& p) {
    const long long count = p.settings.get_int("scenario.runs");
    const std::uint64_t base_seed = p.settings.get_uint64("scenario.seed");
    for (long long r = 0; r < count; ++r)
      runs.push_back(RunSpec{p.settings, p.dir + run_name(r, count), static_cast<int>(r),
                             base_seed + static_cast<std::uint64_t>(r), p.values});
  });
  if (runs.size() == 1 && settings.sweep().empty()) runs.front().single = true;
  return runs;
}

void check_sweep_points(const Settings& settings) {
  std::uint64_t points = 1;
  for (const auto& d : settings.sweep()) {
    points *= std::max<std::uint64_t>(d.values.size(), 1);  // both at most kMaxSweepPoints
    if (points > kMaxSweepPoints)
      throw InputError(
          fmt::format("{}<sweep>: more than {} points (the product of the numbers "
                      "of values of its parameters, up to this one)",
                      location_prefix(d.where), kMaxSweepPoints));
  }
  const auto runs = static_cast<std::uint64_t>(settings.get_int("scenario.runs"));
  if (points * runs > kMaxRuns) {
    const Location& where = settings.where("scenario.runs");
    throw InputError(fmt::format("{}{}: {} runs per point x {} sweep points is more than {} runs",
                                 location_prefix(where), describe(where), runs, points, kMaxRuns));
  }
  for_each_point(settings, [](Point&) {});
}

}  // namespace arsim::scenario
