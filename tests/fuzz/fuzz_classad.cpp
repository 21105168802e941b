// libFuzzer target: the classad parser (classad/parser.hpp). An input is read as a file of ads
// and as a standalone expression. Rejection is the parser's ParseError (an arsim::InputError); any
// other exception, crash or sanitizer report is a finding. What the parser accepts must print back
// (classad/print.hpp) to text that it accepts again and that prints the same.
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <string_view>

#include "classad/parser.hpp"
#include "classad/print.hpp"

namespace {

namespace ca = arsim::classad;

[[noreturn]] void broken(const std::string& what) {
  std::fprintf(stderr, "fuzz_classad: %s\n", what.c_str());
  std::abort();
}

// unparse(parse(printed)) == printed: the printed form is a fixed point.
template <class Parse>
void check_reprint(const std::string& printed, Parse parse) {
  std::string again;
  try {
    again = parse(printed);
  } catch (const ca::ParseError& e) {
    broken("printed text is rejected: " + std::string(e.what()) + "\n" + printed);
  }
  if (again != printed) broken("printing is not stable:\n" + printed + "\n" + again);
}

void ads(std::string_view text) {
  std::vector<ca::ClassAd> read;
  try {
    read = ca::parse_ads(text, "fuzz.ad");
  } catch (const ca::ParseError&) {
    return;
  }
  for (const auto& ad : read)
    check_reprint(ca::unparse(ad.record()), [](const std::string& t) {
      return ca::unparse(ca::parse_ad(t, "printed.ad").record());
    });
}

void expression(std::string_view text) {
  try {
    const auto e = ca::parse_expression(text, "fuzz.expr");
    check_reprint(ca::unparse(e.root()), [](const std::string& t) {
      return ca::unparse(ca::parse_expression(t, "printed.expr").root());
    });
  } catch (const ca::ParseError&) {
  }
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string_view text(reinterpret_cast<const char*>(data), size);
  ads(text);
  expression(text);
  return 0;
}
