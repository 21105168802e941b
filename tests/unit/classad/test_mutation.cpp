// Thousands of deterministic mutations of the figure ads (bytes deleted, inserted, replaced,
// duplicated, swapped, truncated): each one either reads, or throws a one-line ParseError with
// file:line:col; nothing crashes or hangs. What reads also evaluates (every attribute and port
// constraint, bilateral against itself) and prints back to text that reads to the same print.
#include <gtest/gtest.h>

#include <fstream>
#include <sstream>

#include "classad/eval.hpp"
#include "classad/match.hpp"
#include "classad/parser.hpp"
#include "classad/print.hpp"
#include "model/random.hpp"

namespace ca = arsim::classad;
using arsim::model::uniform_index;

namespace {

std::string slurp(const std::string& path) {
  std::ifstream in(path);
  std::ostringstream ss;
  ss << in.rdbuf();
  return ss.str();
}

const char* const kFragments[] = {"[",
                                  "]",
                                  "{",
                                  "}",
                                  "(",
                                  ")",
                                  ";",
                                  ",",
                                  "=",
                                  "==",
                                  "&&",
                                  "||",
                                  "?",
                                  ":",
                                  ".",
                                  "\"",
                                  "'",
                                  "/*",
                                  "//",
                                  "\n",
                                  "\xD0\xA2",
                                  "1e999",
                                  "99999999999999999999",
                                  "M",
                                  "other",
                                  "parent",
                                  "Label",
                                  "Ports = {",
                                  "cpu",
                                  "license",
                                  "requester",
                                  "-",
                                  "!",
                                  "~",
                                  " ",
                                  "true",
                                  "'00:15'",
                                  "DayTime()",
                                  "member(",
                                  "x",
                                  "[ Label = z ]",
                                  "=?=",
                                  "is",
                                  "\\",
                                  "0.5",
                                  "size(self)"};

std::string mutate(std::string text, std::mt19937_64& rng) {
  const int steps = 1 + static_cast<int>(uniform_index(rng, 3));
  for (int s = 0; s < steps; ++s) {
    const std::size_t n = text.size();
    const std::size_t p = n ? uniform_index(rng, n) : 0;
    const std::size_t len = 1 + uniform_index(rng, 12);
    switch (uniform_index(rng, 6)) {
      case 0:
        text.erase(p, len);
        break;
      case 1: {
        const auto& f = kFragments[uniform_index(rng, std::size(kFragments))];
        text.insert(p, f);
        break;
      }
      case 2:
        if (n) text[p] = static_cast<char>(uniform_index(rng, 256));
        break;
      case 3:
        text.insert(p, text.substr(uniform_index(rng, n + 1), len));
        break;
      case 4:
        text.resize(p);
        break;
      case 5:
        if (p + 2 * len <= n) {
          const std::string a = text.substr(p, len), b = text.substr(p + len, len);
          text.replace(p, 2 * len, b + a);
        }
        break;
    }
  }
  return text;
}

// Evaluates everything an ad holds, with unbound ports and as its own bilateral partner.
void exercise(const ca::ClassAd& ad) {
  std::vector<ca::RecordRef> ports(static_cast<std::size_t>(ad.port_count()));
  ca::Binding b{{}, ports.data(), ad.port_count()};
  b.other = {&ad.record(), &b};
  for (const auto& attr : ad.record().attrs) ca::to_string(ca::evaluate(*attr.value, &b, 3600.0));
  for (const auto& port : ad.ports()) {
    if (port.constraint) ca::to_string(ca::evaluate(*port.constraint, &b, 3600.0));
    if (port.rank) ca::to_string(ca::evaluate(*port.rank, &b, 3600.0));
    for (const auto& attr : port.record->attrs) ca::evaluate(*attr.value, &b);
  }
  ca::match_bilateral(ad, ad, 3600.0);
}

}  // namespace

TEST(ClassadMutation, EveryMutantReadsOrFailsWithAPosition) {
  const std::string dir = "scenarios/gangmatch/ads/";
  std::vector<std::string> sources;
  for (const char* f : {"fig1_machine.ad", "fig1_job.ad", "fig2_job.ad", "fig2_job_sim_app.ad",
                        "fig3_workstation.ad", "fig4_license.ad"})
    sources.push_back(slurp(dir + f));
  int parsed = 0, failed = 0;
  for (int k = 0; k < 6000; ++k) {
    auto rng = arsim::model::make_stream(7, static_cast<std::uint64_t>(k), "classad-mutation");
    const std::string text = mutate(sources[k % sources.size()], rng);
    std::vector<ca::ClassAd> ads;
    try {
      ads = ca::parse_ads(text, "mut.ad");
    } catch (const ca::ParseError& e) {
      ++failed;
      ASSERT_EQ(e.file(), "mut.ad");
      ASSERT_GE(e.line(), 1) << e.what();
      ASSERT_GE(e.col(), 1) << e.what();
      ASSERT_EQ(std::string(e.what()).find('\n'), std::string::npos) << e.what();
      ASSERT_EQ(std::string(e.what()).rfind("mut.ad:", 0), 0u) << e.what();
      continue;
    }
    ++parsed;
    for (const auto& ad : ads) {
      exercise(ad);
      const std::string printed = ca::unparse(ad.record());
      ca::ClassAd back;
      ASSERT_NO_THROW(back = ca::parse_ad(printed, "printed.ad")) << printed;
      ASSERT_EQ(ca::unparse(back.record()), printed);
    }
  }
  // Both outcomes must be exercised for the test to mean something.
  EXPECT_GT(parsed, 500);
  EXPECT_GT(failed, 2000);
}

TEST(ClassadMutation, TruncationsAtEveryByteReadOrFail) {
  const std::string text = slurp("scenarios/gangmatch/ads/fig2_job.ad");
  for (std::size_t n = 0; n <= text.size(); ++n) {
    try {
      for (const auto& ad : ca::parse_ads(text.substr(0, n), "cut.ad")) exercise(ad);
    } catch (const ca::ParseError& e) {
      ASSERT_GE(e.line(), 1) << e.what();
    }
  }
}
