#include "sim/kinds/interval/actors/task_lane.hpp"

#include <algorithm>
#include <cmath>
#include <mutex>
#include <stdexcept>

#include <simgrid/s4u/Engine.hpp>
#include <xbt/config.hpp>

namespace arsim::kinds::interval {

namespace sg4 = simgrid::s4u;

TaskLane::TaskLane(int site, sg4::Host* host, std::shared_ptr<LaneBoard> board)
    : site_(site),
      host_(host),
      board_(std::move(board)),
      precision_(simgrid::config::get_value<double>("surf/precision")),
      mutex_(sg4::Mutex::create()),
      to_start_(sg4::ConditionVariable::create()),
      to_finish_(sg4::ConditionVariable::create()) {
  if (!host_ || !board_) throw std::invalid_argument("TaskLane: incomplete context");
}

void TaskLane::push(Task task) {
  if (!(task.frame.length() > 0)) throw std::invalid_argument("TaskLane: empty frame");
  const double now = sg4::Engine::get_clock(), start = task.frame.start;
  task.due = start > now ? now + std::max(start - now, precision_) : now;
  std::unique_lock lock(*mutex_);
  if (closed_) throw std::logic_error("TaskLane: task queued after close");
  waiting_.push(task);
  to_start_->notify_all();  // to wait anew, even for the same task (see the header)
}

void TaskLane::close() {
  std::unique_lock lock(*mutex_);
  closed_ = true;
  // An idle lane's starter ends now (its host runs nothing); a busy one's when its last task ends.
  if (waiting_.empty() && unfinished_ == 0) to_start_->notify_all();
}

bool TaskLane::next_due(Task& task) {
  std::unique_lock lock(*mutex_);
  // The due date a timed wait aimed at and reached: SimGrid ends a wait within its timing precision
  // of its date, possibly a hair before it, and the task then starts, as after a plain sleep.
  double reached = NAN;
  while (true) {
    if (waiting_.empty()) {
      if (closed_ && unfinished_ == 0) return false;
      to_start_->wait(lock);
      continue;
    }
    const double due = waiting_.top().due, now = sg4::Engine::get_clock();
    // Woken this close to the due date, a sleep until it would have ended now too.
    if (due - now < precision_ || due == reached) break;
    const double d = duration_until(now, due);
    if ((now + d != due) != off_target_) {
      off_target_ = !off_target_;
      board_->off_target += off_target_ ? 1 : -1;
    }
    const auto status = to_start_->wait_for(lock, d);
    reached = status == std::cv_status::timeout ? due : NAN;
  }
  if (off_target_) {
    off_target_ = false;
    --board_->off_target;
  }
  task = waiting_.top();
  waiting_.pop();
  return true;
}

void TaskLane::started(Running running) {
  {
    std::unique_lock lock(*mutex_);
    running_.push_back(std::move(running));
    ++unfinished_;
    to_finish_->notify_all();
  }
  board_->poke_others(this);
}

void TaskLane::starter_done() {
  std::unique_lock lock(*mutex_);
  starter_done_ = true;
  to_finish_->notify_all();
}

bool TaskLane::next_running(Running& running) {
  std::unique_lock lock(*mutex_);
  while (running_.empty()) {
    if (starter_done_) return false;
    to_finish_->wait(lock);
  }
  running = std::move(running_.front());
  running_.pop_front();
  return true;
}

void TaskLane::finished() {
  {
    std::unique_lock lock(*mutex_);
    --unfinished_;
    to_start_->notify_all();  // to wait anew (see the header), or to end after the last task
  }
  board_->poke_others(this);
}

void TaskLane::poke() {
  std::unique_lock lock(*mutex_);
  if (off_target_ && unfinished_ == 0) to_start_->notify_all();
}

void LaneBoard::poke_others(const TaskLane* from) const {
  if (off_target == 0) return;
  for (const auto& weak : lanes_)  // a poke may block on a mutex: keep the lane alive across it
    if (const auto lane = weak.lock(); lane && lane.get() != from) lane->poke();
}

double duration_until(double now, double date) {
  if (!(date > now)) return 0;
  // Exact when now >= date / 2 (Sterbenz), and then now + d == date. Otherwise d is off by at most
  // half an ulp of itself (d > date / 2), so a few steps of one ulp settle it.
  double d = date - now;
  for (int k = 0; k < 8 && now + d < date; ++k) d = std::nextafter(d, INFINITY);
  for (int k = 0; k < 8 && now + d > date && now + std::nextafter(d, 0.0) >= date; ++k)
    d = std::nextafter(d, 0.0);
  return d;
}

}  // namespace arsim::kinds::interval
