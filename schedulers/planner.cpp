#include "schedulers/planner.hpp"

#include <algorithm>
#include <numeric>
#include <stdexcept>

namespace arsim::schedulers {

namespace {

// Plans each frame alone through CoallocationPlanner::plan.
class EachFrameAlone final : public FramePlanning {
 public:
  EachFrameAlone(CoallocationPlanner& planner, const model::ResourceGraph& graph,
                 const model::Request& request, PlannerStats& stats)
      : planner_(planner), graph_(graph), request_(request), stats_(stats) {}

  std::optional<model::Plan> plan(const model::Availability& frame) override {
    auto plans = planner_.plan(graph_, request_, {frame}, stats_);
    if (plans.empty()) return std::nullopt;
    return std::move(plans.front());
  }

 private:
  CoallocationPlanner& planner_;
  const model::ResourceGraph& graph_;
  const model::Request& request_;
  PlannerStats& stats_;
};

}  // namespace

std::unique_ptr<FramePlanning> CoallocationPlanner::start(const model::ResourceGraph& graph,
                                                          const model::Request& request,
                                                          PlannerStats& stats) {
  return std::make_unique<EachFrameAlone>(*this, graph, request, stats);
}

void sort_plans(const model::ResourceGraph& graph, const model::Request& request,
                const std::string& order, std::vector<model::Plan>& plans) {
  std::vector<model::TimeFrame> frames;
  for (const auto& p : plans) frames.push_back(p.frame);
  if (const auto by_frame = trial_order(order, frames)) {  // time, late
    std::vector<model::Plan> sorted;
    for (const std::size_t i : *by_frame) sorted.push_back(std::move(plans[i]));
    plans = std::move(sorted);
    return;
  }
  std::stable_sort(
      plans.begin(), plans.end(), [&](const auto& a, const auto& b) {  // price, quality
        return model::plan_value(graph, request, a) < model::plan_value(graph, request, b);
      });
}

std::optional<std::vector<std::size_t>> trial_order(const std::string& order,
                                                    const std::vector<model::TimeFrame>& frames) {
  std::vector<std::size_t> idx(frames.size());
  std::iota(idx.begin(), idx.end(), 0);
  if (order == "time") {
    std::stable_sort(idx.begin(), idx.end(), [&](std::size_t a, std::size_t b) {
      return frames[a].start < frames[b].start;
    });
  } else if (order == "late") {
    std::stable_sort(idx.begin(), idx.end(), [&](std::size_t a, std::size_t b) {
      return frames[a].start > frames[b].start;
    });
  } else if (order == "price" || order == "quality") {
    return std::nullopt;
  } else {
    throw std::invalid_argument("unknown plan order '" + order +
                                "'; valid: time, late, price, quality");
  }
  return idx;
}

}  // namespace arsim::schedulers
