#include "sim/engine/offline.hpp"

#include <chrono>
#include <filesystem>

#include <fmt/format.h>

#include "sim/engine/run_info.hpp"
#include "sim/engine/setup.hpp"
#include "sim/metrics/csv.hpp"

namespace arsim::engine {

namespace {

bool is_timing(const std::string& column) {
  const std::string suffix = "_seconds";
  return column.size() > suffix.size() &&
         column.compare(column.size() - suffix.size(), suffix.size(), suffix) == 0;
}

// Splits the experiment's table into the deterministic part and the wall-clock part.
std::pair<std::string, std::string> split_table(const experiments::ResultTable& t) {
  std::vector<std::string> kept{}, timed{"row"};
  for (const auto& c : t.header) (is_timing(c) ? timed : kept).push_back(c);
  metrics::CsvWriter results(kept), timings(timed);
  for (std::size_t r = 0; r < t.rows.size(); ++r) {
    if (t.rows[r].size() != t.header.size())
      throw std::logic_error("offline experiment returned a row of the wrong width");
    timings.field(r);
    for (std::size_t c = 0; c < t.header.size(); ++c)
      (is_timing(t.header[c]) ? timings : results).field(t.rows[r][c]);
    results.end_row();
    timings.end_row();
  }
  return {results.str(), timings.str()};
}

}  // namespace

void check_offline(const Catalog& reg, const scenario::Settings& s) {
  at_setting(s, "offline.experiment", [&] {
    reg.experiments.validate(s.get_string("offline.experiment"), s.with_prefix("experiment."));
  });
}

int run_offline(const Catalog& reg, const scenario::RunSpec& spec,
                const std::string& dir, std::ostream& report) {
  const auto wall_start = std::chrono::steady_clock::now();
  const auto& s = spec.settings;
  check_offline(reg, s);
  auto experiment = reg.experiments.create(s.get_string("offline.experiment"),
                                           s.with_prefix("experiment."));
  const auto table = experiment->run(s.get_uint64("scenario.seed"), spec.run_index);
  const auto [results, timings] = split_table(table);
  std::filesystem::create_directories(dir);
  metrics::write_atomically(dir + "/results.csv", results);
  metrics::write_atomically(dir + "/timings.csv", timings);
  report << fmt::format("{}: {} rows in {}/results.csv\n", s.get_string("offline.experiment"),
                        table.rows.size(), dir);
  const double wall =
      std::chrono::duration<double>(std::chrono::steady_clock::now() - wall_start).count();
  write_run_json(dir, spec,
                 {{"experiment", json_string(s.get_string("offline.experiment"))},
                  {"results_hash", json_string(fnv1a_hex(results))},
                  {"rows", std::to_string(table.rows.size())}},
                 wall);
  return 0;
}

}  // namespace arsim::engine
