// Reading classads (classad/parser.hpp): the time to parse one ad grows linearly with its number
// of attributes (records index their attributes by name hash, classad/ast.hpp). The text is built
// outside the timing; one iteration parses it once and frees the tree.
//   classad/parse_ad/attrs:N     an ad of N attributes `aI = I;` (640,000 of them are 11.9 MB);
//                                counter per_attr (CPU time per attribute) stays flat when the
//                                growth is linear
//   classad/parse_chain/terms:N  Requirements = Owner == "u0" || ... || Owner == "uN-1", parsed
//                                and evaluated (a chain of one operator is no nesting)
#include <benchmark/benchmark.h>

#include <string>

#include "classad/eval.hpp"
#include "classad/parser.hpp"

namespace {

namespace ca = arsim::classad;

std::string ad_of(int attrs) {
  std::string text = "[\n";
  for (int i = 0; i < attrs; ++i)
    text += " a" + std::to_string(i) + " = " + std::to_string(i) + ";\n";
  return text + " Last = 1\n]\n";
}

void parse_ad(benchmark::State& state) {
  const int n = static_cast<int>(state.range(0));
  const std::string text = ad_of(n);
  ca::ParseLimits limits;
  limits.max_bytes = text.size();
  for (auto _ : state) {
    const ca::ClassAd ad = ca::parse_ad(text, "bench.ad", limits);
    benchmark::DoNotOptimize(ad.find("Last"));
  }
  state.counters["bytes"] = static_cast<double>(text.size());
  // Attributes per second of CPU time, inverted: the CPU time per attribute (e.g. 600ns).
  state.counters["per_attr"] = benchmark::Counter(
      n, benchmark::Counter::kIsIterationInvariantRate | benchmark::Counter::kInvert);
}

void parse_chain(benchmark::State& state) {
  const int n = static_cast<int>(state.range(0));
  std::string text = "[ Owner = \"u" + std::to_string(n - 1) + "\"; Requirements = Owner == \"u0\"";
  for (int i = 1; i < n; ++i) text += " || Owner == \"u" + std::to_string(i) + "\"";
  text += " ]";
  for (auto _ : state) {
    const ca::ClassAd ad = ca::parse_ad(text, "bench.ad");
    const ca::Value v = ca::evaluate(*ad.constraint(), nullptr);
    if (!ca::is_true(v)) state.SkipWithError("the chain does not evaluate to true");
  }
}

}  // namespace

BENCHMARK(parse_ad)
    ->Name("classad/parse_ad")
    ->ArgName("attrs")
    ->RangeMultiplier(4)
    ->Range(10000, 640000)
    ->Unit(benchmark::kMillisecond);
BENCHMARK(parse_chain)
    ->Name("classad/parse_chain")
    ->ArgName("terms")
    ->Arg(200)
    ->Arg(10000)
    ->Unit(benchmark::kMillisecond);
