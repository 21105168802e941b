#include "sim/kinds/matching/actors/submitter.hpp"

#include <stdexcept>

#include <xbt/log.h>
#include <simgrid/s4u/Actor.hpp>
#include <simgrid/s4u/Engine.hpp>

#include "sim/kinds/matching/actors/messages.hpp"

XBT_LOG_NEW_DEFAULT_SUBCATEGORY(arsim_match_submitter, arsim, "Job submitters of the matcher");

namespace arsim::kinds::matching {

Submitter::Submitter(int index, std::vector<int> jobs,
                     const workloads::matching::OnlineWorkload* workload, EventSink* events)
    : index_(index), jobs_(std::move(jobs)), w_(workload), events_(events) {
  if (!w_ || !events_) throw std::invalid_argument("Submitter: incomplete context");
  for (std::size_t k = 0; k < jobs_.size(); ++k) {
    const int j = jobs_[k];
    if (j < 0 || j >= static_cast<int>(w_->submit.size()) || w_->submitter[j] != index_)
      throw std::invalid_argument("Submitter: a job of another submitter");
    if (k > 0 && w_->submit[j] < w_->submit[jobs_[k - 1]])
      throw std::invalid_argument("Submitter: jobs not sorted by submit time");
  }
}

void Submitter::operator()() {
  sg4::Mailbox* inbox = submitter_mailbox(index_);
  for (int j : jobs_) {
    sg4::this_actor::sleep_until(w_->submit[j]);
    events_->on(JobSubmitted{j, index_, sg4::Engine::get_clock()});
    send(matcher_mailbox(), MatcherMessage{Submit{j, index_, inbox}}, kMessageBytes);
  }
  send(matcher_mailbox(), MatcherMessage{SubmitterDone{index_, static_cast<int>(jobs_.size())}},
       kMessageBytes);
  std::size_t matched = 0;
  for (std::size_t k = 0; k < jobs_.size(); ++k)
    matched += inbox->get_unique<Answer>()->matched ? 1 : 0;
  XBT_INFO("submitter %d: %zu of %zu jobs matched", index_, matched, jobs_.size());
}

}  // namespace arsim::kinds::matching
