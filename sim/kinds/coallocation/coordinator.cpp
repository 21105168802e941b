#include "sim/kinds/coallocation/coordinator.hpp"

#include <algorithm>
#include <chrono>
#include <cmath>
#include <ctime>
#include <stdexcept>
#include <string>

namespace arsim::kinds::coallocation {

namespace {
// CPU time of the calling thread. Simulated actors share the one thread of the engine, and the
// planner runs without yielding to the engine, so the difference is the planner's own CPU time.
double thread_cpu_seconds() {
  timespec ts{};
  if (clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts) != 0) return 0;
  return static_cast<double>(ts.tv_sec) + 1e-9 * static_cast<double>(ts.tv_nsec);
}

// Wall and thread CPU time spent between start() and stop(), summed over calls.
struct PlannerClock {
  double wall = 0, cpu = 0;
  std::chrono::steady_clock::time_point wall_start;
  double cpu_start = 0;
  void start() {
    wall_start = std::chrono::steady_clock::now();
    cpu_start = thread_cpu_seconds();
  }
  void stop() {
    cpu += thread_cpu_seconds() - cpu_start;
    wall += std::chrono::duration<double>(std::chrono::steady_clock::now() - wall_start).count();
  }
};

// Option (C): the user sees a share of what is free.
void apply_service_level(const model::Request& r, std::vector<model::Availability>& availability) {
  if (r.service_level < 1)
    for (auto& a : availability) a = a.scaled(r.service_level);
}

// Every plan is checked by code that did not build it, against the frame it was made for.
void check_planned(const model::ResourceGraph& g, const model::Request& r,
                   const model::Availability& frame, const model::Plan& p) {
  if (!(p.frame == frame.frame))
    throw std::logic_error("planner returned a plan for a frame it was not given");
  if (auto err = model::check_plan(g, r, frame, p))
    throw std::logic_error("planner returned an infeasible plan for request " +
                           std::to_string(r.id) + ": " + *err);
}

}  // namespace

Coordinator::Coordinator(std::shared_ptr<schedulers::CoallocationPlanner> planner,
                         CoordinatorConfig config)
    : planner_(std::move(planner)), config_(std::move(config)) {
  if (!planner_) throw std::invalid_argument("Coordinator: no planner");
  if (config_.frames < 1) throw std::invalid_argument("Coordinator: frames must be >= 1");
  schedulers::trial_order(config_.order, {});  // throws on an unknown order
}

std::vector<model::TimeFrame> Coordinator::frames(const model::Request& r) const {
  return model::laddered_frames(r.est, r.lst, r.duration, config_.frames);
}

Planning Coordinator::plan(const model::ResourceGraph& g, const model::Request& r,
                           std::vector<model::Availability> availability) const {
  apply_service_level(r, availability);
  Planning out;
  PlannerClock clock;
  clock.start();
  out.plans = planner_->plan(g, r, availability, out.stats);
  clock.stop();
  out.cpu_seconds = clock.cpu;
  out.wall_seconds = clock.wall;
  for (const auto& p : out.plans) {
    auto it = std::find_if(availability.begin(), availability.end(),
                           [&](const auto& a) { return a.frame == p.frame; });
    if (it == availability.end())
      throw std::logic_error("planner returned a plan for a frame it was not given");
    check_planned(g, r, *it, p);
  }
  schedulers::sort_plans(g, r, config_.order, out.plans);
  return out;
}

RequestPlans::RequestPlans(const Coordinator& c, const model::ResourceGraph& g,
                           const model::Request& r, std::vector<model::Availability> availability)
    : graph_(&g), request_(r), frames_(static_cast<int>(availability.size())) {
  std::vector<model::TimeFrame> frames;
  for (const auto& a : availability) frames.push_back(a.frame);
  order_ = c.config_.plan_all ? std::nullopt : schedulers::trial_order(c.config_.order, frames);
  if (!order_) {
    Planning all = c.plan(g, request_, std::move(availability));
    plans_ = std::move(all.plans);
    found_ = static_cast<int>(plans_.size());
    stats_ = all.stats;
    wall_ = all.wall_seconds;
    cpu_ = all.cpu_seconds;
    return;
  }
  apply_service_level(request_, availability);
  availability_ = std::move(availability);
  planner_ = c.planner_;
  planning_ = planner_->start(g, request_, stats_);
}

std::optional<model::Plan> RequestPlans::next_plan() {
  if (!order_) {
    if (next_ >= plans_.size()) return std::nullopt;
    ++tried_;
    return plans_[next_++];
  }
  while (next_ < order_->size()) {
    const std::size_t i = (*order_)[next_++];
    PlannerClock clock;  // only the planner: trying a plan lets the other simulated actors run
    clock.start();
    auto p = planning_->plan(availability_[i]);
    if (p) check_planned(*graph_, request_, availability_[i], *p);
    clock.stop();
    wall_ += clock.wall;
    cpu_ += clock.cpu;
    if (!p) continue;
    ++found_;
    ++tried_;
    return p;
  }
  return std::nullopt;
}

PlanningTally RequestPlans::tally() const {
  return {frames_, found_, tried_, stats_.nodes, stats_.solves, wall_, cpu_};
}

std::vector<model::Availability> availability_from_tables(
    const std::vector<model::TimeFrame>& frames, std::vector<model::ReservationTable>& cores,
    std::vector<model::ReservationTable>& bandwidth, double now) {
  std::vector<model::Availability> out;
  for (const auto& f : frames) out.push_back({f, {}, {}});
  for (auto& t : cores) {
    const auto free = t.min_free(frames, now);  // all frames of one table at once
    for (std::size_t i = 0; i < frames.size(); ++i)
      out[i].free_cores.push_back(static_cast<int>(std::floor(free[i] + 1e-9)));
  }
  for (auto& t : bandwidth) {
    const auto free = t.min_free(frames, now);
    for (std::size_t i = 0; i < frames.size(); ++i) out[i].free_bandwidth.push_back(free[i]);
  }
  return out;
}

}  // namespace arsim::kinds::coallocation
