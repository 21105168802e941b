#include "schedulers/planner.hpp"

#include <algorithm>
#include <stdexcept>

namespace arsim::schedulers {

void sort_plans(const model::ResourceGraph& graph, const model::Request& request,
                const std::string& order, std::vector<model::Plan>& plans) {
  if (order == "time") {
    std::stable_sort(plans.begin(), plans.end(),
                     [](const auto& a, const auto& b) { return a.frame.start < b.frame.start; });
  } else if (order == "late") {
    std::stable_sort(plans.begin(), plans.end(),
                     [](const auto& a, const auto& b) { return a.frame.start > b.frame.start; });
  } else if (order == "price" || order == "quality") {
    std::stable_sort(plans.begin(), plans.end(), [&](const auto& a, const auto& b) {
      return model::plan_value(graph, request, a) < model::plan_value(graph, request, b);
    });
  } else {
    throw std::invalid_argument("unknown plan order '" + order +
                                "'; valid: time, late, price, quality");
  }
}

}  // namespace arsim::schedulers
