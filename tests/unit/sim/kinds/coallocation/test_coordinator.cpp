// The GRC's decision logic without SimGrid (coordinator.hpp): frames, the user's share of
// availability, verification of every plan, the order plans are handed out in, the record of a
// decision, and availability read from reservation tables.
#include <gtest/gtest.h>

#include <functional>
#include <limits>
#include <optional>
#include <tuple>

#include "schedulers/builtins.hpp"
#include "sim/kinds/coallocation/coordinator.hpp"
#include "tests/unit/sim/kinds/coallocation/fixture.hpp"

namespace arsim::kinds::coallocation {
namespace {

using namespace fixture;

std::shared_ptr<schedulers::CoallocationPlanner> greedy() {
  static schedulers::Registries reg = [] {
    schedulers::Registries r;
    schedulers::register_builtins(r);
    return r;
  }();
  return reg.planners.create("greedy", {});
}

model::Request two_components(int cpus, double service_level = 1) {
  model::Request r;
  r.id = 5;
  r.user = "u";
  r.est = 0;
  r.lst = 300;
  r.duration = 100;
  r.service_level = service_level;
  r.components = {{cpus}, {cpus}};
  r.pairs = {{0, 1, 1}};
  return r;
}

// A planner that puts both components on site A: never a valid plan (eq. 6).
struct OneSitePlanner : schedulers::CoallocationPlanner {
  std::vector<model::Plan> plan(const model::ResourceGraph&, const model::Request&,
                                const std::vector<model::Availability>& frames,
                                schedulers::PlannerStats&) override {
    return {model::Plan{frames.front().frame, {kA, kA}, {{}}, 0}};
  }
};

// The GRC's loop (actors/grc.cpp): plans taken one at a time and tried until one commits.
RequestRecord decide(RequestPlans& plans, const model::Request& r,
                     const std::function<bool(const model::Plan&)>& commits) {
  std::optional<model::Plan> committed;
  while (!committed) {
    auto p = plans.next_plan();
    if (!p) break;
    if (commits(*p)) committed = std::move(p);
  }
  return decided_request(r, plans.tally(), std::move(committed), 42, "g2");
}

RequestRecord decide(const Coordinator& c, const model::ResourceGraph& g, const model::Request& r,
                     std::vector<model::Availability> avail,
                     const std::function<bool(const model::Plan&)>& commits) {
  RequestPlans plans = c.plans(g, r, std::move(avail));
  return decide(plans, r, commits);
}

TEST(Coordinator, LadderedFramesAsConfigured) {
  const Coordinator c(greedy(), {4, "time"});
  const auto frames = c.frames(two_components(1));
  ASSERT_EQ(frames.size(), 4u);
  EXPECT_EQ(frames.front(), (model::TimeFrame{0, 100}));
  EXPECT_EQ(frames.back(), (model::TimeFrame{300, 400}));
}

TEST(Coordinator, TheUserSeesItsShareOfAvailability) {
  const auto g = tiny_graph();
  const Coordinator c(greedy(), {1, "time"});
  const auto avail = [&] { return std::vector{model::full_availability(g, {0, 100})}; };
  // 3 cores on two sites of 4 cores: possible at service level 1, not when the user sees half.
  EXPECT_EQ(c.plan(g, two_components(3), avail()).plans.size(), 1u);
  EXPECT_EQ(c.plan(g, two_components(3, 0.5), avail()).plans.size(), 0u);
}

TEST(Coordinator, APlanThatFailsTheCheckIsAPlannerBug) {
  const auto g = tiny_graph();
  const Coordinator c(std::make_shared<OneSitePlanner>(), {1, "time"});
  EXPECT_THROW(c.plan(g, two_components(1), {model::full_availability(g, {0, 100})}),
               std::logic_error);
}

TEST(Coordinator, PlansAreTriedInOrderUntilOneCommits) {
  const auto g = tiny_graph();
  const Coordinator c(greedy(), {3, "time", true});
  const auto r = two_components(1);
  std::vector<model::Availability> avail;
  for (const auto& f : c.frames(r)) avail.push_back(model::full_availability(g, f));
  ASSERT_EQ(c.plan(g, r, avail).plans.size(), 3u);
  std::vector<double> tried;
  const auto rec = decide(c, g, r, avail, [&](const model::Plan& p) {
    tried.push_back(p.frame.start);
    return tried.size() == 2;  // the first hold is refused
  });
  EXPECT_EQ(tried, (std::vector<double>{0, 150}));  // earliest first ("time")
  EXPECT_EQ(rec.outcome, Outcome::Accepted);
  EXPECT_EQ(rec.plans_tried, 2);
  EXPECT_EQ(rec.plans_found, 3);
  EXPECT_EQ(rec.plan.frame.start, 150);
  const auto none = decide(c, g, r, avail, [](const model::Plan&) { return false; });
  EXPECT_EQ(none.outcome, Outcome::Rejected);
  EXPECT_EQ(none.plans_tried, 3);
}

// Frame by frame (plan_all off): the same plans tried in the same order as when every frame is
// planned first, and only the frames up to the plan that commits are planned (greedy counts one
// solve a frame).
TEST(Coordinator, FramesArePlannedAsTheirPlansAreTried) {
  const auto g = tiny_graph();
  const auto r = two_components(1);
  for (const std::string order : {"time", "late", "price"}) {
    const Coordinator lazy(greedy(), {3, order});
    const Coordinator all(greedy(), {3, order, true});
    std::vector<model::Availability> avail;
    for (const auto& f : lazy.frames(r)) avail.push_back(model::full_availability(g, f));
    std::vector<double> tried_lazy, tried_all;
    const auto second = [](std::vector<double>& tried) {
      return [&tried](const model::Plan& p) {
        tried.push_back(p.frame.start);
        return tried.size() == 2;  // the first hold is refused
      };
    };
    const auto a = decide(lazy, g, r, avail, second(tried_lazy));
    const auto b = decide(all, g, r, avail, second(tried_all));
    EXPECT_EQ(tried_lazy, tried_all) << order;
    EXPECT_EQ(a.outcome, Outcome::Accepted) << order;
    EXPECT_EQ(a.plan.frame, b.plan.frame) << order;
    EXPECT_EQ(a.plan.sites, b.plan.sites) << order;
    EXPECT_EQ(a.plans_tried, 2) << order;
    EXPECT_EQ(b.solves, 3) << order;
    EXPECT_EQ(b.plans_found, 3) << order;
    const bool frame_order = order != "price";  // price needs every plan's value first
    EXPECT_EQ(a.solves, frame_order ? 2 : 3) << order;
    EXPECT_EQ(a.plans_found, frame_order ? 2 : 3) << order;
  }
  EXPECT_EQ(decide(Coordinator(greedy(), {3, "late"}), g, r, {}, [](const auto&) { return true; })
                .outcome,
            Outcome::Rejected);  // no frame, no plan
}

// The GRC takes one plan at a time and the coordinator never calls it: frame by frame, a frame is
// planned only when its plan is asked for, and nothing is planned after the last plan taken.
TEST(Coordinator, PlansAreHandedOutOneAtATime) {
  const auto g = tiny_graph();
  const auto r = two_components(1);
  const Coordinator c(greedy(), {3, "time"});
  std::vector<model::Availability> avail;
  for (const auto& f : c.frames(r)) avail.push_back(model::full_availability(g, f));
  RequestPlans plans = c.plans(g, r, avail);
  EXPECT_EQ(plans.tally().solves, 0);  // nothing planned before the first plan is asked for
  const auto first = plans.next_plan();
  ASSERT_TRUE(first.has_value());
  EXPECT_EQ(first->frame.start, 0);
  EXPECT_EQ(plans.tally().solves, 1);
  EXPECT_EQ(plans.tally().plans_tried, 1);
  ASSERT_TRUE(plans.next_plan().has_value());
  ASSERT_TRUE(plans.next_plan().has_value());
  EXPECT_FALSE(plans.next_plan().has_value());
  const PlanningTally t = plans.tally();
  EXPECT_EQ(t.frames, 3);
  EXPECT_EQ(t.solves, 3);
  EXPECT_EQ(t.plans_found, 3);
  EXPECT_EQ(t.plans_tried, 3);
}

// One function builds a request's record, from what the GRC knows when it decides.
TEST(Coordinator, TheRecordOfADecisionIsBuiltFromWhatIsKnownThen) {
  const auto r = two_components(2);
  const PlanningTally t{10, 4, 2, 77, 5, 0.5, 0.25};
  const model::Plan p{{100, 200}, {kA, kB}, {{}}, 3};
  const auto rec = decided_request(r, t, p, 123.5, "g2");
  EXPECT_EQ(rec.request.id, r.id);
  EXPECT_EQ(rec.outcome, Outcome::Accepted);
  EXPECT_EQ(rec.plan.frame, p.frame);
  EXPECT_EQ(rec.plan.sites, p.sites);
  EXPECT_EQ(
      std::make_tuple(rec.frames, rec.plans_found, rec.plans_tried, rec.solver_nodes, rec.solves),
      std::make_tuple(10, 4, 2, 77L, 5));
  EXPECT_EQ(rec.planning_wall, 0.5);
  EXPECT_EQ(rec.planning_cpu, 0.25);
  EXPECT_EQ(rec.decision_time, 123.5);
  EXPECT_EQ(rec.coordinator, "g2");
  const auto no = decided_request(r, t, std::nullopt, 124, "grc");
  EXPECT_EQ(no.outcome, Outcome::Rejected);
  EXPECT_EQ(no.plan.sites, std::vector<int>{});
}

TEST(Coordinator, FrameByFrameChecksEveryPlanAndTheUsersShare) {
  const auto g = tiny_graph();
  const Coordinator bad(std::make_shared<OneSitePlanner>(), {1, "time"});
  const auto yes = [](const model::Plan&) { return true; };
  EXPECT_THROW(decide(bad, g, two_components(1), {model::full_availability(g, {0, 100})}, yes),
               std::logic_error);
  const Coordinator c(greedy(), {1, "time"});
  const std::vector avail{model::full_availability(g, {0, 100})};
  EXPECT_EQ(decide(c, g, two_components(3), avail, yes).outcome, Outcome::Accepted);
  EXPECT_EQ(decide(c, g, two_components(3, 0.5), avail, yes).outcome, Outcome::Rejected);
}

TEST(Coordinator, AnUnknownOrderIsRefusedWhenTheCoordinatorIsMade) {
  EXPECT_THROW(Coordinator(greedy(), {3, "soonest"}), std::invalid_argument);
}

TEST(Coordinator, AvailabilityFromTablesIsTheLeastFreeCapacityOverTheFrame) {
  std::vector<model::ReservationTable> cores, bandwidth;
  cores.emplace_back(4);
  bandwidth.emplace_back(10);
  const double forever = std::numeric_limits<double>::infinity();
  ASSERT_TRUE(cores[0].hold({50, 150}, 3, 1, forever, 0));
  ASSERT_TRUE(bandwidth[0].hold({120, 130}, 2.5, 1, forever, 0));
  const auto a = availability_from_tables({{0, 100}, {100, 200}, {150, 250}}, cores, bandwidth, 0);
  ASSERT_EQ(a.size(), 3u);
  EXPECT_EQ(a[0].free_cores, std::vector<int>{1});
  EXPECT_EQ(a[1].free_bandwidth, std::vector<double>{7.5});
  EXPECT_EQ(a[2].free_cores, std::vector<int>{4});
  EXPECT_EQ(a[2].free_bandwidth, std::vector<double>{10});
}

}  // namespace
}  // namespace arsim::kinds::coallocation
