// A scenario key's default, declared once in a struct initializer, is what validation fills in,
// what `arsim list --keys` prints and what the generated tables of scenarios/README.md show
// (keys_text, the function behind both): a second struct whose initializer differs shows its own
// default in all three.
#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <fmt/format.h>

#include "sim/kinds/coallocation/coordinator.hpp"
#include "sim/scenario/config.hpp"
#include "sim/scenario/key_text.hpp"
#include "temp_files.hpp"

namespace arsim::scenario {
namespace {

using ::testing::HasSubstr;

struct Widget {
  struct Config {
    double timeout = 60;
  };
  static constexpr const char* kDefault = "60";
};
struct ChangedWidget {
  struct Config {
    double timeout = 90;
  };
  static constexpr const char* kDefault = "90";
};

// A run kind "widget" with the scenario.* keys and one key bound to W's field.
template <class W>
SchemaSet widget_schemas() {
  std::vector<KeySpec> keys = scenario_keys({"widget"}, "widget");
  keys.push_back(base::field("widget.timeout", &W::Config::timeout)
                     .above(0)
                     .at_most(1000)
                     .in("s")
                     .about("seconds before a `<widget>` gives up"));
  SchemaSet set;
  set.default_kind = "widget";
  set.kinds["widget"] = std::make_shared<const Schema>(keys, std::vector<ParamGroup>{});
  return set;
}

template <class W>
class DeclaredKeyDefault : public ::testing::Test {};
using Widgets = ::testing::Types<Widget, ChangedWidget>;
TYPED_TEST_SUITE(DeclaredKeyDefault, Widgets);

Settings parse(const SchemaSet& schemas, const std::string& attributes) {
  return parse_scenario(
      "w.xml", "<scenario name=\"t\">\n<widget " + attributes + "/>\n</scenario>\n", schemas);
}

TYPED_TEST(DeclaredKeyDefault, ValidationFillsTheInitializer) {
  const SchemaSet schemas = widget_schemas<TypeParam>();
  const Settings s = parse(schemas, "");
  EXPECT_EQ(s.get_string("widget.timeout"), TypeParam::kDefault);
  EXPECT_EQ(read_config<typename TypeParam::Config>(s).timeout,
            typename TypeParam::Config{}.timeout);
  EXPECT_EQ(read_config<typename TypeParam::Config>(parse(schemas, "timeout=\"5\"")).timeout, 5);
}

TYPED_TEST(DeclaredKeyDefault, OutOfRangeRefusedWithTheExpectedText) {
  try {
    parse(widget_schemas<TypeParam>(), "timeout=\"1001\"");
    FAIL() << "1001 accepted";
  } catch (const InputError& e) {
    EXPECT_THAT(e.what(), HasSubstr("expected a number in (0, 1000]"));
  }
}

TYPED_TEST(DeclaredKeyDefault, ListKeysPrintsDefaultWithUnitAndRange) {
  const std::string text = keys_text(widget_schemas<TypeParam>(), "widget", false);
  EXPECT_THAT(text,
              HasSubstr(fmt::format("  {:<32} {:<7} {:<20} {}\n", "widget.timeout", "double",
                                    std::string(TypeParam::kDefault) + " s", "in (0, 1000]")));
  EXPECT_THAT(text, HasSubstr("      seconds before a `<widget>` gives up\n"));
  EXPECT_THAT(text, ::testing::Not(HasSubstr("scenario.name")));  // the kind's own keys only
}

TYPED_TEST(DeclaredKeyDefault, MarkdownTablePrintsDefault) {
  const std::string text = keys_text(widget_schemas<TypeParam>(), "widget", true);
  EXPECT_THAT(text, ::testing::StartsWith("| key | type | default | unit | allowed | meaning |\n"));
  EXPECT_THAT(text, HasSubstr(std::string("| `widget.timeout` | double | `") + TypeParam::kDefault +
                              "` | s | in (0, 1000] | seconds before a `<widget>` gives up |\n"));
}

TEST(KeyText, ChangedDefaultDiffers) {  // the two widgets do differ
  for (const bool markdown : {false, true})
    EXPECT_NE(keys_text(widget_schemas<Widget>(), "widget", markdown),
              keys_text(widget_schemas<ChangedWidget>(), "widget", markdown));
}

TEST(KeyText, SelectsTheCommonKeysAKindOrAll) {
  const SchemaSet& schemas = testing::catalog().kinds.schemas();
  const std::string common = keys_text(schemas, "scenario", true);
  EXPECT_THAT(common, HasSubstr("| `scenario.name` | string | required |"));
  EXPECT_THAT(common, ::testing::Not(HasSubstr("grc.frames")));
  // A built-in kind's key shows its field's initializer (sim/kinds/coallocation/coordinator.hpp).
  const std::string coallocation = keys_text(schemas, "coallocation", true);
  EXPECT_THAT(coallocation,
              HasSubstr(fmt::format("| `grc.frames` | int | `{}` |",
                                    kinds::coallocation::CoordinatorConfig{}.frames)));
  EXPECT_THAT(coallocation, ::testing::Not(HasSubstr("scenario.name")));
  EXPECT_EQ(keys_text(schemas, "simulation", true), coallocation);  // an old name of the kind
  const std::string all = keys_text(schemas, "", false);
  EXPECT_THAT(all, HasSubstr("keys of every scenario:\n"));
  for (const auto& kind : schemas.names())
    EXPECT_THAT(all, HasSubstr("keys of kind=\"" + kind + "\":\n"));
  try {
    keys_text(schemas, "nosuch", false);
    FAIL() << "an unknown kind accepted";
  } catch (const InputError& e) {
    EXPECT_THAT(e.what(), HasSubstr("--keys nosuch: expected scenario or a run kind"));
  }
}

}  // namespace
}  // namespace arsim::scenario
