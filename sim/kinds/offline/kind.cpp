#include "sim/kinds/offline/kind.hpp"

#include <fmt/format.h>

#include "sim/engine/catalog.hpp"
#include "sim/engine/run_info.hpp"
#include "sim/metrics/csv.hpp"
#include "sim/scenario/config.hpp"

namespace arsim::kinds::offline {

namespace {

// offline.*: the experiment, whose parameters are the experiment.* group.
struct OfflineKeys {
  std::string experiment;  // a registry name
};

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

// clang-format off
std::vector<scenario::KeySpec> Kind::keys() const {
  using scenario::key;
  using T = scenario::ValueType;
  return {
      base::field("offline.algorithm", &OfflineKeys::experiment).need()
          .about("the offline experiment to run (`results.csv` per run): a registered experiment (`arsim list`)"),
      key("offline.param.*", T::String).about("experiment parameter, one of the experiment's parameters (`arsim list`), from `<offline><param name= value=>`"),
  };
}
// clang-format on

// The spellings before one vocabulary ("Old spellings" in scenarios/README.md).
std::vector<scenario::KeyAlias> Kind::aliases() const {
  return {{"offline.experiment", "offline.algorithm"}, {"experiment.*", "offline.param.*"}};
}

std::vector<scenario::ParamGroup> Kind::param_groups() const {
  return {{"offline", "offline.param."}};
}

std::string Kind::description() const {
  return "an offline experiment: algorithms compared on generated instances, no simulation";
}

namespace {
std::unique_ptr<experiments::OfflineExperiment> make_experiment(const engine::Catalog& catalog,
                                                                const scenario::Settings& s) {
  return engine::at_setting(s, "offline.algorithm", [&] {
    const std::string name = scenario::read_config<OfflineKeys>(s).experiment;
    return catalog.experiments.create(
        name, engine::algorithm_params(s, "offline.param.", catalog.experiments.get(name).params));
  });
}
}  // namespace

void Kind::check(const engine::Catalog& catalog, const scenario::Settings& s) const {
  make_experiment(catalog, s);
}

engine::RunOutcome Kind::run(const engine::Catalog& catalog, const scenario::RunSpec& spec,
                             const std::string& dir, const engine::RunOptions& options,
                             std::ostream& report) const {
  const auto& s = spec.settings;
  auto experiment = make_experiment(catalog, s);
  const auto table =
      experiment->run(scenario::read_config<scenario::ScenarioConfig>(s).seed, spec.run_index);
  const std::string name = scenario::read_config<OfflineKeys>(s).experiment;
  const auto [results, timings] = split_table(table);
  metrics::write_atomically(dir + "/results.csv", results);
  metrics::write_atomically(dir + "/timings.csv", timings);
  report << fmt::format("{}: {} rows in {}/results.csv\n", name, table.rows.size(), dir);
  engine::RunOutcome out;
  out.info = {{"experiment", name},
              {"results_hash", engine::fnv1a_hex(results)},
              {"rows", table.rows.size()}};
  return out;
}

}  // namespace arsim::kinds::offline
