// base/declaration.hpp and base/bound.hpp: a declaration bound to a field takes its type and
// default from the field, checks values against its range and choices, and fills the field.
#include <gtest/gtest.h>

#include "base/bound.hpp"

namespace arsim::base {
namespace {

struct Options {
  double time_limit = 10;
  int n_max = 4;
  bool exact = true;
  std::string backend = "cbc";
  std::vector<double> durations{1800, 3600, 7200};
  std::optional<double> grain;
};

std::vector<Declaration> declarations() {
  return {
      field("time_limit", &Options::time_limit).at_least(0).in("s").about("seconds per solve"),
      field("n_max", &Options::n_max).at_least(1).at_most(100),
      field("exact", &Options::exact),
      field("backend", &Options::backend).one_of({"cbc", "glpk"}),
      field("durations", &Options::durations).above(0),
      field("grain", &Options::grain).at_least(1),
  };
}

TEST(Declaration, TypeAndDefaultComeFromTheField) {
  const auto d = declarations();
  EXPECT_EQ(d[0].type, ValueType::Double);
  EXPECT_EQ(d[0].fallback, "10");
  EXPECT_EQ(d[0].unit, "s");
  EXPECT_EQ(d[1].type, ValueType::Int);
  EXPECT_EQ(d[1].fallback, "4");
  EXPECT_EQ(d[2].fallback, "true");
  EXPECT_EQ(d[3].fallback, "cbc");
  EXPECT_EQ(d[4].type, ValueType::Doubles);
  EXPECT_EQ(d[4].fallback, "1800 3600 7200");
  EXPECT_EQ(d[5].type, ValueType::Double);
  EXPECT_EQ(d[5].fallback, "");  // an optional field has no default
}

TEST(Declaration, ADefaultNumberIsWrittenAsPeopleWriteIt) {
  EXPECT_EQ(detail::number_text(7e-6), "7e-6");
  EXPECT_EQ(detail::number_text(5e-05), "5e-5");
  EXPECT_EQ(detail::number_text(1e20), "1e20");
  EXPECT_EQ(detail::number_text(-2.5e-10), "-2.5e-10");
  EXPECT_EQ(detail::number_text(1e100), "1e100");
  EXPECT_EQ(detail::number_text(86400), "86400");
  EXPECT_EQ(detail::number_text(0.02), "0.02");
  struct Costs {
    std::vector<double> rates{7e-6, 0.5};
  };
  EXPECT_EQ(field("rates", &Costs::rates).fallback, "7e-6 0.5");
}

TEST(Declaration, ValuesAreCheckedAgainstRangeAndChoices) {
  const auto d = declarations();
  EXPECT_EQ(normalize(d[0], " 2.5 "), "2.5");
  EXPECT_FALSE(normalize(d[0], "-1"));
  EXPECT_FALSE(normalize(d[1], "0"));
  EXPECT_FALSE(normalize(d[1], "1.5"));
  EXPECT_FALSE(normalize(d[1], "101"));
  EXPECT_FALSE(normalize(d[3], "gurobi"));
  EXPECT_EQ(normalize(d[4], "1, 2,3"), "1 2 3");
  EXPECT_FALSE(normalize(d[4], "1 0"));
  EXPECT_EQ(expected_text(d[1]), "an integer in [1, 100]");
  EXPECT_EQ(expected_text(d[3]), "one of cbc, glpk");
  EXPECT_EQ(expected_text(d[4]), "a list of numbers > 0");
}

TEST(Declaration, FillSetsTheBoundFieldsAndKeepsTheRest) {
  const std::map<std::string, std::string> values{
      {"time_limit", "2.5"}, {"backend", "glpk"}, {"durations", "60 120"}, {"grain", "30"}};
  const auto out = fill<Options>(declarations(), [&](const Declaration& d) {
    auto it = values.find(d.name);
    return it == values.end() ? std::nullopt : std::optional<std::string>(it->second);
  });
  EXPECT_EQ(out.time_limit, 2.5);
  EXPECT_EQ(out.backend, "glpk");
  EXPECT_EQ(out.durations, (std::vector<double>{60, 120}));
  EXPECT_EQ(out.grain, 30.0);
  EXPECT_EQ(out.n_max, 4);  // not set: the initializer
  EXPECT_TRUE(out.exact);
}

enum class Shape { Ring, Complete, Star };
struct Drawn {
  Shape shape = Shape::Complete;
};
Declaration shape_field() {
  return field("shape", &Drawn::shape,
               {{"ring", Shape::Ring}, {"complete", Shape::Complete}, {"star", Shape::Star}});
}

TEST(Declaration, AnEnumFieldIsOneOfItsWordsWithTheInitializersWordAsDefault) {
  const auto d = shape_field();
  EXPECT_EQ(d.type, ValueType::String);
  EXPECT_EQ(d.fallback, "complete");
  EXPECT_EQ(expected_text(d), "one of ring, complete, star");
  EXPECT_FALSE(normalize(d, "Ring"));
  const auto lookup = [](std::string v) {
    return [v](const Declaration&) { return std::optional<std::string>(v); };
  };
  EXPECT_EQ(fill<Drawn>({d}, lookup("star")).shape, Shape::Star);
  EXPECT_EQ(fill<Drawn>({d}, lookup("ring")).shape, Shape::Ring);
  EXPECT_THROW(fill<Drawn>({d}, lookup("hexagon")), std::logic_error);  // not validated first
}

TEST(Declaration, AnEnumFieldWhoseInitializerHasNoWordIsRefused) {
  EXPECT_THROW(field("shape", &Drawn::shape, {{"ring", Shape::Ring}}), std::logic_error);
}

TEST(Declaration, DeclarationsOfAnotherStructAreSkipped) {
  struct Other {
    int n_max = 7;
  };
  std::vector<Declaration> d{field("n_max", &Other::n_max)};
  const auto out = fill<Options>(d, [](const Declaration&) { return std::string("9"); });
  EXPECT_EQ(out.n_max, 4);
}

TEST(Declaration, ABoundDeclarationRefusesASecondDefault) {
  EXPECT_THROW(field("n_max", &Options::n_max).def("5"), std::logic_error);
  EXPECT_EQ(field("n_max", &Options::n_max).need().fallback, "");
}

// implicit(): the field's initializer is the value of an absent setting but no default to write
// into the settings; the documentation still has it.
TEST(Declaration, AnImplicitDefaultIsKeptOutOfTheFallback) {
  const auto d = field("time_limit", &Options::time_limit).implicit();
  EXPECT_EQ(d.fallback, "");
  EXPECT_EQ(d.absent, "10");
  const auto out = fill<Options>({d}, [](const Declaration&) { return std::nullopt; });
  EXPECT_EQ(out.time_limit, 10);
  EXPECT_THROW(field("grain", &Options::grain).implicit(), std::logic_error);  // no initializer
  EXPECT_THROW(declare("x", ValueType::Double).def("1").implicit(), std::logic_error);  // unbound
}

}  // namespace
}  // namespace arsim::base
