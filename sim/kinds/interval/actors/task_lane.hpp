// The tasks the interval RM placed on one resource, shared by the two actors that run them there:
// a TaskStarter starts each task's execution when it is due, a TaskFinisher waits for each
// execution to end. So a run has two actors per resource (and the RM), however many tasks wait or
// run: a task costs one entry here, not an actor and its stack.
//
// A resource runs its tasks one after another (the scheduler never overlaps two on one resource),
// so executions end in the order they started and the finisher takes them in that order.
//
// The simulated times are those of one actor per task sleeping from its dispatch until its start,
// to the last bit. A task is due when such a sleep would end (push()). SimGrid dates a wait begun
// at t for d seconds t + d, and derives anew, rounding it, the end of the execution running on a
// host whenever a wait starts or ends there. So the starter waits anew only when the host's
// execution was re-derived anyway (a task queued or started on the lane, an execution ended), or
// when its host runs nothing; and it aims at the due date exactly (duration_until). When no wait
// begun now can end at it (a rounding tie), the lane asks the run's other lanes (LaneBoard) to wake
// its starter at their next event while its host is idle, to aim again from there.
#pragma once

#include <deque>
#include <memory>
#include <queue>
#include <vector>

#include <simgrid/s4u/ConditionVariable.hpp>
#include <simgrid/s4u/Exec.hpp>
#include <simgrid/s4u/Host.hpp>
#include <simgrid/s4u/Mutex.hpp>

#include "model/time.hpp"

namespace arsim::kinds::interval {

class LaneBoard;

class TaskLane {
 public:
  struct Task {
    int index = -1;          // the task's index in the workload
    model::TimeFrame frame;  // [actual start, actual start + duration), duration > 0
    double due = 0;          // set by push()
  };
  struct Running {
    int index = -1;
    double start = 0;  // simulated time the execution started
    simgrid::s4u::ExecPtr exec;
  };

  // `site`: the resource's vertex id; `host`: the host its tasks execute on; `board`: the run's
  // lanes, this one among them (add()).
  TaskLane(int site, simgrid::s4u::Host* host, std::shared_ptr<LaneBoard> board);

  int site() const { return site_; }
  simgrid::s4u::Host* host() const { return host_; }

  // The RM's side (from an actor): queue a task, and say no more will come. The task is due when
  // a sleep until its start begun now ends: now + (start - now), at least SimGrid's timing
  // precision later; its start, unless that subtraction rounds.
  void push(Task task);
  void close();

  // The starter's side. Blocks until a task is due (returned, removed from the queue) or the lane
  // is closed and every execution started has ended (false: SimGrid cancels the executions of an
  // actor that ends, so the starter outlives them).
  bool next_due(Task& task);
  void started(Running running);
  void starter_done();

  // The finisher's side. Blocks until an execution is running (returned, removed) or the starter
  // is done and none is left (false); finished() once the returned execution has ended.
  bool next_running(Running& running);
  void finished();

  // From another lane's actor (LaneBoard): wakes the starter if it waits for a date it could not
  // aim at and the host is idle.
  void poke();

 private:
  struct LaterDue {
    bool operator()(const Task& a, const Task& b) const {
      return a.due != b.due ? a.due > b.due : a.index > b.index;
    }
  };

  int site_;
  simgrid::s4u::Host* host_;
  std::shared_ptr<LaneBoard> board_;
  double precision_;  // SimGrid's timing precision: a wait ends when the clock is this close
  simgrid::s4u::MutexPtr mutex_;
  simgrid::s4u::ConditionVariablePtr to_start_, to_finish_;
  std::priority_queue<Task, std::vector<Task>, LaterDue> waiting_;
  std::deque<Running> running_;
  int unfinished_ = 0;  // executions started and not yet seen ending by the finisher
  bool closed_ = false, starter_done_ = false;
  bool off_target_ = false;  // the starter's wait ends after the due date (no wait ends at it)
};

// The lanes of a run: each lane's events (a start, an end) poke the others. A lane ends with its
// two actors, while others still run: the board holds them weakly and skips the ended ones.
class LaneBoard {
 public:
  void add(std::weak_ptr<TaskLane> lane) { lanes_.push_back(std::move(lane)); }
  // Pokes every lane but `from` while some lane waits off target (off_target counts them).
  void poke_others(const TaskLane* from) const;
  int off_target = 0;

 private:
  std::vector<std::weak_ptr<TaskLane>> lanes_;
};

// The duration d of a wait begun at `now` that SimGrid dates now + d = `date` exactly. When no
// double d gives it (now + (date - now) rounds, and a tie skips date), the d of the first date
// after it. 0 if date <= now.
double duration_until(double now, double date);

}  // namespace arsim::kinds::interval
