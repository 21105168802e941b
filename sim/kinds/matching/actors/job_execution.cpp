#include "sim/kinds/matching/actors/job_execution.hpp"

#include <stdexcept>

#include <xbt/log.h>
#include <simgrid/s4u/Actor.hpp>
#include <simgrid/s4u/Engine.hpp>

#include "sim/kinds/matching/actors/messages.hpp"

XBT_LOG_NEW_DEFAULT_SUBCATEGORY(arsim_match_job, arsim, "Jobs matched by the matcher");

namespace arsim::kinds::matching {

JobExecution::JobExecution(int job, double duration, EventSink* events)
    : job_(job), duration_(duration), events_(events) {
  if (!events_) throw std::invalid_argument("JobExecution: no event sink");
  if (!(duration_ > 0)) throw std::invalid_argument("JobExecution: duration must be > 0");
}

void JobExecution::operator()() {
  const double start = sg4::Engine::get_clock();
  events_->on(JobStarted{job_, start});
  sg4::this_actor::sleep_until(start + duration_);
  events_->on(JobFinished{job_, sg4::Engine::get_clock()});
  XBT_DEBUG("job %d finished", job_);
  send(matcher_mailbox(), MatcherMessage{Released{job_}}, kMessageBytes);
}

}  // namespace arsim::kinds::matching
