// libFuzzer target: the scenario reader (sim/scenario/) with the schemas of the built-in run kinds,
// as `arsim check` reads a scenario: parse, `--set` overrides, sweep expansion. An input is the
// scenario's text; after a NUL byte, if any, come `--set` overrides, one key=value a line.
// Rejection is an arsim::InputError; any other exception, crash or sanitizer report is a finding.
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <string_view>
#include <vector>

#include "base/input_error.hpp"
#include "sim/engine/catalog.hpp"
#include "sim/kinds/builtins.hpp"
#include "sim/scenario/loader.hpp"
#include "sim/scenario/override.hpp"
#include "sim/scenario/sweep.hpp"

namespace {

namespace sc = arsim::scenario;

// Sweeps with more runs than this are read and checked (every point) but not expanded: expansion
// keeps one copy of the settings per run, large by design for a large sweep.
constexpr unsigned long long kMaxExpandedRuns = 256;

const sc::SchemaSet& schemas() {
  static const arsim::engine::Catalog& catalog = []() -> const arsim::engine::Catalog& {
    static arsim::engine::Catalog c;
    arsim::kinds::register_builtins(c);
    return c;
  }();
  return catalog.kinds.schemas();
}

[[noreturn]] void broken(const char* what) {
  std::fprintf(stderr, "fuzz_scenario: %s\n", what);
  std::abort();
}

std::vector<std::string> overrides(std::string_view text) {
  std::vector<std::string> out;
  while (!text.empty()) {
    const std::size_t end = text.find('\n');
    out.emplace_back(text.substr(0, end));
    text = end == text.npos ? std::string_view() : text.substr(end + 1);
  }
  return out;
}

// points * runs, or kMaxExpandedRuns + 1 when larger.
unsigned long long run_count(const sc::Settings& s) {
  unsigned long long n = static_cast<unsigned long long>(s.get_int("scenario.runs"));
  for (const auto& d : s.sweep()) {
    n *= d.values.size();
    if (n > kMaxExpandedRuns) return kMaxExpandedRuns + 1;
  }
  return n;
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string_view input(reinterpret_cast<const char*>(data), size);
  const std::size_t nul = input.find('\0');
  const std::string xml(input.substr(0, nul));
  const auto sets =
      nul == input.npos ? std::vector<std::string>{} : overrides(input.substr(nul + 1));
  try {
    sc::Settings s = sc::parse_scenario("fuzz/scenario.xml", xml, schemas());
    const std::string before = s.canonical();
    sc::apply_overrides(s, sets);
    if (sets.empty() && s.canonical() != before) broken("no override changed the settings");
    const unsigned long long runs = run_count(s);
    if (runs > kMaxExpandedRuns) return 0;
    const auto specs = sc::expand(s);
    if (specs.size() != runs) broken("the sweep expands to another number of runs");
    for (const auto& spec : specs) (void)spec.settings.canonical();
  } catch (const arsim::InputError&) {
  }
  return 0;
}
