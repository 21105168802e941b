#include "sim/engine/run_info.hpp"

#include <cmath>
#include <cstdint>
#include <fstream>
#include <sstream>

#include <coin/CbcConfig.h>
#include <fmt/format.h>
#include <glpk.h>
#include <simgrid/config.h>
#include <simgrid/version.h>
#include <xbt/base.h>

#include "base/files.hpp"
#include "base/input_error.hpp"
#include "sim/metrics/csv.hpp"

#ifndef ARSIM_GIT_COMMIT
#define ARSIM_GIT_COMMIT "unknown"
#endif

namespace arsim::engine {

namespace {
std::string file_bytes(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  std::ostringstream ss;
  ss << in.rdbuf();
  return ss.str();
}
}  // namespace

std::string fnv1a_hex(const std::string& bytes) {
  std::uint64_t h = 0xcbf29ce484222325ULL;
  for (unsigned char c : bytes) {
    h ^= c;
    h *= 0x100000001b3ULL;
  }
  return fmt::format("{:016x}", h);
}

std::string scenario_hash(const scenario::RunSpec& spec) {
  return fnv1a_hex(spec.settings.canonical());
}

double rounded(double x, int digits) {
  const double scale = std::pow(10.0, digits);
  return std::round(x * scale) / scale;
}

namespace {

// The --set and --seed values the run was made with, as "key=value" in key order: with the
// scenario file they rebuild its settings (arsim audit).
Json overrides_json(const scenario::Settings& s) {
  Json out = Json::array();
  for (const auto& [key, setting] : s.all())
    if (setting.where.file == "--set") out.push_back(key + "=" + setting.value);
  return out;
}

}  // namespace

void write_run_json(const std::string& dir, const scenario::RunSpec& spec, const Json& extra,
                    double wall_seconds) {
  Json point = Json::object();
  for (const auto& [key, value] : spec.point) point[key] = value;
  Json j = {{"scenario", spec.settings.source()},
            {"scenario_hash", scenario_hash(spec)},
            {"seed", spec.settings.get_uint64("scenario.seed")},
            {"run_index", spec.run_index},
            {"point", point},
            {"overrides", overrides_json(spec.settings)}};
  for (const auto& [key, value] : extra.items()) j[key] = value;
  j["arsim_commit"] = ARSIM_GIT_COMMIT;
  j["simgrid"] = SIMGRID_VERSION_STRING;
  j["cbc"] = CBC_VERSION;
  j["glpk"] = glp_version();
  j["wall_seconds"] = rounded(wall_seconds, 3);
  // Bytes that are not UTF-8 (a file name) are written as U+FFFD rather than stopping the run.
  metrics::write_atomically(dir + "/run.json",
                            j.dump(2, ' ', false, Json::error_handler_t::replace) + "\n");
}

namespace {

// "PATH: field 'FIELD': WHAT" (InputError's own formatting trips GCC 12's -Wrestrict here).
InputError field_error(const std::string& path, const std::string& field, const std::string& what) {
  return InputError(fmt::format("{}: field '{}': {}", path, field, what));
}

std::string string_field(const std::string& path, const Json& j, const char* name) {
  const auto it = j.find(name);
  if (it == j.end() || !it->is_string()) throw field_error(path, name, "expected a JSON string");
  return it->get<std::string>();
}

}  // namespace

RecordedRun read_run_json(const std::string& path) {
  const std::string text = base::read_file(path, "run record");
  Json j;
  try {
    j = Json::parse(text);
  } catch (const Json::parse_error& e) {
    throw InputError(fmt::format("{}: not a JSON run record ({})", path, e.what()));
  }
  if (!j.is_object()) throw InputError(path + ": expected a JSON object");
  RecordedRun r;
  r.scenario = string_field(path, j, "scenario");
  r.scenario_hash = string_field(path, j, "scenario_hash");
  const auto index = j.find("run_index");
  if (index == j.end() || !index->is_number_unsigned() || *index > 1'000'000'000)
    throw field_error(path, "run_index", "expected a run index");
  r.run_index = index->get<int>();
  const auto overrides = j.find("overrides");
  const auto bad = [&] { return field_error(path, "overrides", "expected a list of strings"); };
  if (overrides == j.end() || !overrides->is_array()) throw bad();
  for (const auto& o : *overrides) {
    if (!o.is_string()) throw bad();
    r.overrides.push_back(o.get<std::string>());
  }
  if (j.contains("arsim_commit")) r.arsim_commit = string_field(path, j, "arsim_commit");
  return r;
}

std::string file_hash(const std::string& path) {
  return fnv1a_hex(file_bytes(path));
}

}  // namespace arsim::engine
