// Registry (names, duplicates, parameter validation on create), the built-ins, and sort_plans.
#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include "schedulers/builtins.hpp"
#include "schedulers/planner.hpp"
#include "tests/unit/schedulers/fixtures.hpp"

namespace arsim::schedulers {
namespace {

using ::testing::AllOf;
using ::testing::HasSubstr;
using namespace testing_fixtures;

struct Widget {
  virtual ~Widget() = default;
  int size = 0;
};

struct WidgetOptions {
  int size = 3;
};

Registry<Widget>::Entry widget_entry(const std::string& name) {
  return {name,
          "a widget",
          {field("size", &WidgetOptions::size).at_least(0).at_most(9).about("how big")},
          [](const Params& p) {
            auto w = std::make_unique<Widget>();
            w->size = p.to<WidgetOptions>().size;
            return w;
          }};
}

TEST(Registry, UnknownNameListsValidNames) {
  Registry<Widget> r("widget");
  r.add(widget_entry("beta"));
  r.add(widget_entry("alpha"));
  try {
    r.get("gamma");
    ADD_FAILURE() << "no error for an unknown name";
  } catch (const ParamError& e) {
    EXPECT_THAT(e.what(), AllOf(HasSubstr("unknown widget 'gamma'"), HasSubstr("alpha, beta")));
  }
  EXPECT_THROW(r.create("gamma", {}), ParamError);
  EXPECT_EQ(r.names(), (std::vector<std::string>{"alpha", "beta"}));  // sorted
}

TEST(Registry, DuplicateRegistrationThrows) {
  Registry<Widget> r("widget");
  r.add(widget_entry("alpha"));
  EXPECT_THROW(r.add(widget_entry("alpha")), std::logic_error);
  EXPECT_EQ(r.entries().size(), 1u);
}

TEST(Registry, CreateValidatesParameters) {
  Registry<Widget> r("widget");
  r.add(widget_entry("alpha"));
  EXPECT_EQ(r.create("alpha", {})->size, 3);
  EXPECT_EQ(r.create("alpha", {{"size", "7"}})->size, 7);
  try {
    r.create("alpha", {{"sise", "7"}});
    ADD_FAILURE() << "typo accepted";
  } catch (const ParamError& e) {
    EXPECT_THAT(e.what(),
                AllOf(HasSubstr("widget 'alpha'"), HasSubstr("'sise'"), HasSubstr("size")));
  }
  EXPECT_THROW(r.create("alpha", {{"size", "10"}}), ParamError);
}

TEST(Builtins, RegistersGreedy) {
  Registries r;
  register_builtins(r);
  const auto& e = r.planners.get("greedy");
  EXPECT_FALSE(e.description.empty());
  EXPECT_NE(r.planners.create("greedy", {}), nullptr);
  EXPECT_NE(r.planners.create("greedy", {{"max_hops", "3"}}), nullptr);
  try {
    r.planners.create("greedy", {{"max_hops", "-1"}});
    ADD_FAILURE() << "negative max_hops accepted";
  } catch (const ParamError& err) {
    EXPECT_THAT(err.what(), HasSubstr("'max_hops'"));
  }
  Registries twice;
  register_builtins(twice);
  EXPECT_THROW(register_builtins(twice), std::logic_error);
}

class SortPlansTest : public ::testing::Test {
 protected:
  void SetUp() override {
    a_ = add_site(g_, "A", 8, "d1", 1);
    b_ = add_site(g_, "B", 8, "d1", 3);
    req_ = make_request({2}, {}, 0, 100, 10);
    // Frame starts 30, 10, 20, 5 on sites B, A, B, A: values 6, 2, 6, 2.
    const std::vector<std::pair<double, int>> spec{{30, b_}, {10, a_}, {20, b_}, {5, a_}};
    for (auto [start, site] : spec) {
      model::Plan p{{start, start + 10}, {site}, {}, 0};
      p.cost = model::plan_value(g_, req_, p);
      plans_.push_back(p);
    }
  }
  std::vector<double> starts() const {
    std::vector<double> out;
    for (const auto& p : plans_) out.push_back(p.frame.start);
    return out;
  }
  model::ResourceGraph g_;
  int a_ = -1, b_ = -1;
  model::Request req_;
  std::vector<model::Plan> plans_;
};

TEST_F(SortPlansTest, ByTimeEarliestFirst) {
  sort_plans(g_, req_, "time", plans_);
  EXPECT_EQ(starts(), (std::vector<double>{5, 10, 20, 30}));
}

TEST_F(SortPlansTest, ByLateLatestFirst) {
  sort_plans(g_, req_, "late", plans_);
  EXPECT_EQ(starts(), (std::vector<double>{30, 20, 10, 5}));
}

TEST_F(SortPlansTest, ByPriceCheapestFirstTiesKeepFrameOrder) {
  sort_plans(g_, req_, "price", plans_);
  EXPECT_EQ(starts(), (std::vector<double>{10, 5, 30, 20}));
}

TEST_F(SortPlansTest, ByQualityLikePrice) {
  sort_plans(g_, req_, "quality", plans_);
  EXPECT_EQ(starts(), (std::vector<double>{10, 5, 30, 20}));
}

TEST_F(SortPlansTest, UnknownOrderListsValidOnes) {
  try {
    sort_plans(g_, req_, "cheapest", plans_);
    ADD_FAILURE() << "unknown order accepted";
  } catch (const std::invalid_argument& e) {
    EXPECT_THAT(e.what(), AllOf(HasSubstr("'cheapest'"), HasSubstr("time, late, price, quality")));
  }
}

}  // namespace
}  // namespace arsim::schedulers
