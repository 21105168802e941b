#include "sim/engine/progress.hpp"

#include <unistd.h>

#include <chrono>

#include <fmt/format.h>
#include <simgrid/s4u/Engine.hpp>

namespace arsim::engine {

ProgressLine::ProgressLine(std::string run, std::string what, std::size_t total, double interval)
    : run_(std::move(run)),
      what_(std::move(what)),
      total_(total),
      interval_(interval),
      clock_(std::make_shared<std::atomic<double>>(0.0)) {
  if (!(interval_ > 0)) return;
  simgrid::s4u::Engine::on_time_advance_cb([clock = clock_](double) {
    clock->store(simgrid::s4u::Engine::get_clock(), std::memory_order_relaxed);
  });
  thread_ = std::thread([this] { loop(); });
}

ProgressLine::~ProgressLine() {
  if (!thread_.joinable()) return;
  {
    const std::lock_guard<std::mutex> lock(mutex_);
    stop_ = true;
  }
  wake_.notify_all();
  thread_.join();
}

std::string ProgressLine::line(double wall) const {
  return fmt::format("arsim: {}: {:.0f} s of wall time, simulated time {:g} s, {} of {} {}\n", run_,
                     wall, clock_->load(std::memory_order_relaxed),
                     done_.load(std::memory_order_relaxed), total_, what_);
}

void ProgressLine::loop() {
  const auto start = std::chrono::steady_clock::now();
  const auto step = std::chrono::duration<double>(interval_);
  std::unique_lock<std::mutex> lock(mutex_);
  for (auto next = start + std::chrono::duration_cast<std::chrono::steady_clock::duration>(step);
       !wake_.wait_until(lock, next, [this] { return stop_; });
       next += std::chrono::duration_cast<std::chrono::steady_clock::duration>(step)) {
    const double wall =
        std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    const std::string text = line(wall);
    // One write: lines of runs side by side in a sweep do not interleave.
    [[maybe_unused]] const auto n = ::write(STDERR_FILENO, text.data(), text.size());
  }
}

}  // namespace arsim::engine
