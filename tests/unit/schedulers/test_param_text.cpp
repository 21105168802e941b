// A declaration's default, declared once in a struct initializer, is what validation fills in,
// what `arsim list` prints and what the generated Markdown tables show; a second struct whose
// initializer differs shows its own default in all three.
#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <optional>
#include <vector>

#include "base/bound.hpp"

#include "schedulers/param_text.hpp"
#include "schedulers/registry.hpp"

namespace {

using arsim::schedulers::ParamError;
using arsim::schedulers::Params;
using arsim::schedulers::ParamSpec;
using testing::HasSubstr;

struct Widget {
  struct Options {
    double time_limit = 10;
  };
  static constexpr const char* kDefault = "10";
};
struct ChangedWidget {
  struct Options {
    double time_limit = 2.5;
  };
  static constexpr const char* kDefault = "2.5";
};

template <class W>
std::vector<ParamSpec> specs() {
  return {arsim::schedulers::field("time_limit", &W::Options::time_limit)
              .at_least(0)
              .at_most(100)
              .in("s")
              .about("wall seconds per solve")};
}

template <class W>
class DeclaredDefault : public testing::Test {};
using Widgets = testing::Types<Widget, ChangedWidget>;
TYPED_TEST_SUITE(DeclaredDefault, Widgets);

TYPED_TEST(DeclaredDefault, ValidationFillsTheInitializer) {
  const auto o =
      Params("widget", specs<TypeParam>(), {}).template to<typename TypeParam::Options>();
  EXPECT_EQ(o.time_limit, typename TypeParam::Options{}.time_limit);
  EXPECT_EQ(Params("widget", specs<TypeParam>(), {}).values().at("time_limit"),
            TypeParam::kDefault);
}

TYPED_TEST(DeclaredDefault, OutOfRangeRefusedWithTheExpectedText) {
  try {
    Params("widget", specs<TypeParam>(), {{"time_limit", "101"}});
    FAIL() << "101 accepted";
  } catch (const ParamError& e) {
    EXPECT_EQ(std::string(e.what()),
              "widget: parameter 'time_limit' = '101': expected a number in [0, 100]");
  }
}

TYPED_TEST(DeclaredDefault, ListPrintsDefaultWithUnitAndRange) {
  const std::string text = arsim::schedulers::list_lines(specs<TypeParam>());
  EXPECT_THAT(text, HasSubstr(std::string("default ") + TypeParam::kDefault + " s"));
  EXPECT_THAT(text, HasSubstr("wall seconds per solve (a number in [0, 100])"));
}

TYPED_TEST(DeclaredDefault, MarkdownTablePrintsDefault) {
  const std::string text = arsim::schedulers::markdown_table(specs<TypeParam>());
  EXPECT_THAT(text, HasSubstr(std::string("| `time_limit` | double | `") + TypeParam::kDefault +
                              "` | s | in [0, 100] | wall seconds per solve |"));
}

TEST(ParamText, ChangedDefaultDiffers) {  // the two widgets do differ
  EXPECT_NE(arsim::schedulers::list_lines(specs<Widget>()),
            arsim::schedulers::list_lines(specs<ChangedWidget>()));
  EXPECT_NE(arsim::schedulers::markdown_table(specs<Widget>()),
            arsim::schedulers::markdown_table(specs<ChangedWidget>()));
}

// The default and allowed cells of the key tables of scenarios/README.md.
TEST(ParamText, CellsSayRequiredNoneConditionsAndRanges) {
  struct Config {
    int count = 3;
    double grain = 1;
    std::optional<double> deadline;
    std::vector<double> sizes{1, 2};
  };
  using arsim::base::field;
  const auto cells = [](const arsim::base::Declaration& d) {
    const auto c = arsim::schedulers::cells_of(d, true);
    return c.fallback + " / " + c.allowed;
  };
  EXPECT_EQ(cells(field("n", &Config::count).at_least(1)), "`3` / ≥ 1");  // int limits left out
  EXPECT_EQ(cells(field("n", &Config::count).need().only("k=a|b")), "required / only if `k=a|b`");
  EXPECT_EQ(cells(field("g", &Config::grain).implicit().at_least(1).at_most(1e12)),
            "none: `1` / in [1, 1e12]");
  EXPECT_EQ(cells(field("d", &Config::deadline).above(0)), "none / > 0");
  EXPECT_EQ(cells(field("s", &Config::sizes).above(0).at_most(1000)), "`1 2` / each in (0, 1000]");
  EXPECT_EQ(cells(arsim::base::declare("m", arsim::base::ValueType::String)
                      .def("a")
                      .one_of({"a", "b"})
                      .need_if("k=x")),
            "required if `k=x` / `a`, `b`");
  EXPECT_EQ(arsim::schedulers::cells_of(field("m", &Config::count).only("k=a"), false).allowed,
            "only if k=a");
}

TEST(ParamText, MarkdownCellEscapesBarAndTagsOutsideCode) {
  const std::vector<ParamSpec> tags{
      arsim::schedulers::declare("k", arsim::schedulers::ParamType::String)
          .def("a")
          .about("under <grc>, as `<grc>`")};
  EXPECT_THAT(arsim::schedulers::markdown_table(tags), HasSubstr("under \\<grc>, as `<grc>`"));
}

TEST(ParamText, MarkdownCellEscapesBar) {
  const std::vector<ParamSpec> s{
      arsim::schedulers::declare("k", arsim::schedulers::ParamType::String)
          .def("a")
          .about("x | y")};
  EXPECT_THAT(arsim::schedulers::markdown_table(s), HasSubstr("x \\| y"));
}

}  // namespace
