#include "sim/scenario/schema.hpp"

#include <algorithm>
#include <filesystem>
#include <optional>

#include <fmt/format.h>
#include <fmt/ranges.h>

#include "sim/scenario/values.hpp"

namespace arsim::scenario {

namespace {

using T = ValueType;
const std::string kGridars = "workload.generator=gridars";
const std::string kIntervals = "workload.generator=intervals";
const std::string kIntervalRm = "workload.generator=intervals|swf";

// The schema. One entry per key; keep scenarios/README.md in step (a test checks every pattern is
// mentioned there). Defaults of the gridars workload are GridARS Table 1 (workloads/
// gridars_generator.hpp).
// clang-format off
std::vector<KeySpec> make_schema() {
  return {
      key("scenario.name", T::String).need().about("name of the experiment"),
      key("scenario.kind", T::String).def("simulation").one_of({"simulation", "offline"})
          .about("simulation: a SimGrid run; offline: algorithm evaluation on generated instances"),
      key("scenario.runs", T::Int).def("1").at_least(1).at_most(1e6).about("runs per sweep point"),
      key("scenario.seed", T::UInt64).def("1").about("base seed; run r uses seed + r"),
      key("platform.file", T::Path).need_if("scenario.kind=simulation")
          .about("SimGrid platform file, relative to the scenario file"),
      key("workload.generator", T::String).need_if("scenario.kind=simulation")
          .one_of({"gridars", "file", "intervals", "swf"})
          .about("gridars: GridARS §4.1 generator; file: read requests from a file"),
      key("workload.file", T::Path).need().only("workload.generator=file")
          .about("request file, relative to the scenario file"),
      key("workload.arrival_end", T::Double).def("86400").at_least(0)
          .about("arrivals while submit time < arrival_end (s); also bounds the success-ratio buckets"),
      key("workload.window_start", T::Double).def("86400").at_least(0)
          .about("start of the reservation window (s); also the load metrics' window"),
      key("workload.window_end", T::Double).def("172800").at_least(0)
          .about("end of the reservation window (s), > window_start"),
      key("workload.durations", T::Doubles).def("1800 3600 7200").above(0).only(kGridars)
          .about("request durations D drawn uniformly (s)"),
      key("workload.cpus", T::Ints).def("1 2 4 8").at_least(1).only(kGridars)
          .about("cores per component drawn uniformly"),
      key("workload.bandwidth", T::Double).def("1").at_least(0).only(kGridars)
          .about("bandwidth of every requested path (Gbit/s)"),
      key("workload.lst_factor", T::Double).def("3").at_least(0).only(kGridars)
          .about("LST = EST + lst_factor * D"),
      key("workload.types", T::Ints).def("1 2 3 4").at_least(1).at_most(4).only(kGridars)
          .about("request types (shapes) drawn uniformly"),
      key("workload.tasks", T::Int).def("500").at_least(1).only(kIntervals)
          .about("N: tasks of the synthetic interval workload (SCS §6.1.1)"),
      key("workload.period", T::Double).def("1").above(0).only(kIntervals)
          .about("T of the synthetic workload: requested starts uniform over [0, T)"),
      key("workload.granularity", T::Double).def("0.02").above(0).only(kIntervals)
          .about("g = mean duration / T (SCS eq. 18)"),
      key("workload.duration_law", T::String).def("constant").one_of({"constant", "uniform", "lognormal"})
          .only(kIntervals).about("constant (symmetric) or varying (asymmetric) durations"),
      key("workload.duration_cv", T::Double).def("0").at_least(0).only(kIntervals)
          .about("standard deviation / mean of asymmetric durations"),
      key("workload.dependent_fraction", T::Double).def("0").at_least(0).at_most(1).only(kIntervals)
          .about("share of tasks that depend on an earlier task (DAG)"),
      key("workload.trace", T::Path).need().only("workload.generator=swf")
          .about("SWF trace (Parallel Workloads Archive); submit -> requested start, run time -> duration"),
      key("workload.first_job", T::Int).def("0").at_least(0).only("workload.generator=swf")
          .about("index of the first job of the trace to use"),
      key("workload.jobs", T::Int).def("0").at_least(0).only("workload.generator=swf")
          .about("jobs to use from first_job on (0 = all)"),
      key("interval_rm.scheduler", T::String).need().only(kIntervalRm)
          .about("interval scheduler (registry name; checked by the registry)"),
      key("interval_rm.resources", T::Int).def("10").at_least(1).only(kIntervalRm)
          .about("M: resources, the first M compute sites of the platform"),
      key("interval_rm.period", T::Double).need().above(0).only(kIntervalRm)
          .about("T: the scheduler runs once per period (SCS §2.3)"),
      key("interval.*", T::String).about("interval scheduler parameter (checked by the registry)"),
      key("user.*.mean_interarrival", T::Double).def("407.327").above(0)
          .about("mean of the exponential inter-arrival time (s)"),
      key("user.*.service_level", T::Double).def("1").above(0).at_most(1)
          .about("share of availability the user is shown (GridARS option C)"),
      key("site.*.unit_value", T::Double).at_least(0)
          .about("overrides the platform's CPU unit value vc_i of that site (GridARS option B)"),
      key("grc.planner", T::String).def("greedy")
          .about("co-allocation planner (registry name; checked by the registry)"),
      key("grc.frames", T::Int).def("10").at_least(1).about("candidate time frames per request"),
      key("grc.order", T::String).def("time").one_of({"time", "late", "price", "quality"})
          .about("user option: how plans are ranked"),
      key("grc.hold_timeout", T::Double).def("60").above(0)
          .about("seconds before an uncommitted hold expires"),
      key("planner.*", T::String).about("planner parameter (checked by the registry)"),
      key("offline.experiment", T::String).need_if("scenario.kind=offline")
          .about("offline experiment (registry name; checked by the registry)"),
      key("experiment.*", T::String).about("experiment parameter (checked by the registry)"),
      key("output.bucket", T::Double).def("8640").above(0)
          .about("width of the time buckets of resources.csv and load curves (s)"),
      key("output.horizon", T::Double).def("172800").above(0)
          .about("simulated time up to which buckets are written (s)"),
  };
}
// clang-format on

std::string bound(double v) {
  return fmt::format("{}", v);
}

std::string range_text(const KeySpec& s) {
  const bool lo = s.min > -KeySpec::kInf, hi = s.max < KeySpec::kInf;
  if (lo && hi)
    return fmt::format(" in {}{}, {}{}", s.min_open ? '(' : '[', bound(s.min), bound(s.max),
                       s.max_open ? ')' : ']');
  if (lo) return fmt::format(" {} {}", s.min_open ? ">" : ">=", bound(s.min));
  if (hi) return fmt::format(" {} {}", s.max_open ? "<" : "<=", bound(s.max));
  return "";
}

bool in_range(const KeySpec& s, double v) {
  if (s.min_open ? v <= s.min : v < s.min) return false;
  return s.max_open ? v < s.max : v <= s.max;
}

// One number (or list item) of a numeric type; nullopt when it does not parse.
std::optional<double> parse_number(ValueType type, const std::string& text) {
  switch (type) {
    case T::Int:
    case T::Ints: {
      auto v = parse_int(text);
      if (type == T::Ints && v && (*v < INT32_MIN || *v > INT32_MAX)) return std::nullopt;
      return v ? std::optional<double>(static_cast<double>(*v)) : std::nullopt;
    }
    case T::UInt64: {
      auto v = parse_uint64(text);
      return v ? std::optional<double>(static_cast<double>(*v)) : std::nullopt;
    }
    default:
      return parse_double(text);
  }
}

}  // namespace

std::string type_name(ValueType type) {
  switch (type) {
    case T::Int:
      return "int";
    case T::UInt64:
      return "uint64";
    case T::Double:
      return "double";
    case T::Bool:
      return "bool";
    case T::String:
      return "string";
    case T::Path:
      return "path";
    case T::Doubles:
      return "list-of-double";
    case T::Ints:
      return "list-of-int";
  }
  return "?";
}

const std::vector<KeySpec>& schema() {
  static const std::vector<KeySpec> table = make_schema();
  return table;
}

bool pattern_matches(std::string_view pattern, std::string_view key) {
  size_t p = 0, k = 0;
  while (p < pattern.size()) {
    if (pattern[p] == '*') {
      const size_t start = k;
      while (k < key.size() && key[k] != '.') ++k;
      if (k == start) return false;
      ++p;
    } else {
      if (k >= key.size() || key[k] != pattern[p]) return false;
      ++p, ++k;
    }
  }
  return k == key.size();
}

const KeySpec* find_spec(std::string_view key) {
  for (const auto& spec : schema())
    if (pattern_matches(spec.pattern, key)) return &spec;
  return nullptr;
}

std::string expected_text(const KeySpec& s) {
  switch (s.type) {
    case T::Int:
      return "an integer" + range_text(s);
    case T::UInt64:
      return "an unsigned 64-bit integer" + range_text(s);
    case T::Double:
      return "a number" + range_text(s);
    case T::Bool:
      return "true or false";
    case T::String:
      return s.choices.empty() ? "a non-empty string"
                               : fmt::format("one of {}", fmt::join(s.choices, ", "));
    case T::Path:
      return "a path to an existing file";
    case T::Doubles:
      return "a list of numbers" + range_text(s);
    case T::Ints:
      return "a list of integers" + range_text(s);
  }
  return "?";
}

std::string check_value(const KeySpec& spec, const std::string& value, const Location& where,
                        const std::string& suffix) {
  const std::string v = trim(value);
  auto bad = [&](const std::string& extra = "") {
    throw value_error(where, expected_text(spec) + suffix + extra, value);
  };
  switch (spec.type) {
    case T::Bool:
      if (!parse_bool(v)) bad();
      return v;
    case T::String:
      if (v.empty()) bad();
      if (!spec.choices.empty() &&
          std::find(spec.choices.begin(), spec.choices.end(), v) == spec.choices.end())
        bad();
      return v;
    case T::Path: {
      if (v.empty()) bad();
      const std::string resolved = resolve_path(v, where);
      std::error_code ec;
      const auto status = std::filesystem::status(resolved, ec);
      if (ec || !std::filesystem::exists(status) || std::filesystem::is_directory(status))
        bad(fmt::format(" (not found: {})", printable(resolved)));
      return v;
    }
    case T::Doubles:
    case T::Ints: {
      const auto items = split_list(v);
      if (items.empty()) bad();
      for (const auto& item : items) {
        auto n = parse_number(spec.type, item);
        if (!n || !in_range(spec, *n)) bad();
      }
      return fmt::format("{}", fmt::join(items, " "));
    }
    default: {
      auto n = parse_number(spec.type, v);
      if (!n || !in_range(spec, *n)) bad();
      return v;
    }
  }
}

std::string param_prefix_of(const std::string& element) {
  if (element == "grc") return "planner.";
  if (element == "offline") return "experiment.";
  if (element == "interval_rm") return "interval.";
  return "";
}

bool is_param_group(const std::string& first) {
  return first == "planner" || first == "experiment" || first == "interval";
}

std::vector<std::string> root_elements() {
  std::vector<std::string> out{"description"};
  for (const auto& spec : schema()) {
    const std::string first = spec.pattern.substr(0, spec.pattern.find('.'));
    if (first == "scenario" || is_param_group(first)) continue;
    if (std::find(out.begin(), out.end(), first) == out.end()) out.push_back(first);
  }
  out.push_back("sweep");
  return out;
}

std::vector<std::string> attributes_of(const std::string& element) {
  std::vector<std::string> out;
  const std::string prefix = element + ".";
  for (const auto& spec : schema()) {
    if (spec.pattern.compare(0, prefix.size(), prefix) != 0) continue;
    std::string rest = spec.pattern.substr(prefix.size());
    if (rest.compare(0, 2, "*.") == 0) {  // repeatable element keyed by its name
      if (out.empty()) out.push_back("name");
      rest = rest.substr(2);
    }
    out.push_back(rest);
  }
  return out;
}

std::pair<std::string, std::string> element_and_attribute(const std::string& key) {
  const std::string first = key.substr(0, key.find('.'));
  if (is_param_group(first)) return {"param", "value"};
  return {first, key.substr(key.rfind('.') + 1)};
}

}  // namespace arsim::scenario
