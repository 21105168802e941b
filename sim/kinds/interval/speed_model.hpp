// How long the tasks of one resource run when its host's speed varies (a SimGrid speed profile: a
// host's `speed_file`): the model the kind runs by and the auditor judges by. A task of requested
// time d is d x peak flops (task_starter.cpp), so on a host at its peak it runs d seconds; it
// runs at peak x scale(t) flop/s, scale being the profile's value at t (Host::get_available_speed).
// Tasks running at once on a host of c cores share it as SimGrid's CPU model (Cas01) shares equal
// one-thread executions: each gets peak x scale(t) x min(1, c / n) (n running). The scheduler
// never overlaps two reservations on a resource; a host slower than its peak can still stretch a
// task into the next one's. Pure: no SimGrid.
#pragma once

#include <vector>

namespace arsim::kinds::interval {

// A host's available speed as a share of its peak from each date on (dates non-decreasing; at
// equal dates the last holds); 1 before the first date.
struct SpeedSteps {
  std::vector<double> date, scale;
};

struct Execution {
  double start = 0;
  double work = 0;  // seconds at the host's peak speed, > 0
};

// The end of every execution (in the given order) on a host of `cores` cores whose speed follows
// `speed`; infinity for one that never ends (the speed stays 0). Throws std::invalid_argument for
// cores < 1 or a work that is not > 0.
std::vector<double> finish_times(const std::vector<Execution>& runs, int cores,
                                 const SpeedSteps& speed);

}  // namespace arsim::kinds::interval
