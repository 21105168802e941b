#include "sim/kinds/coallocation/actors/user.hpp"

#include <algorithm>
#include <map>
#include <stdexcept>

#include <xbt/log.h>
#include <simgrid/s4u/Actor.hpp>
#include <simgrid/s4u/Comm.hpp>
#include <simgrid/s4u/Engine.hpp>

#include "sim/actors/delivery.hpp"

XBT_LOG_NEW_DEFAULT_SUBCATEGORY(arsim_user, arsim, "Grid users");

namespace arsim::kinds::coallocation {

User::User(std::string name, std::vector<model::Request> requests,
           std::shared_ptr<Submissions> submissions, Resubmission resubmission)
    : name_(std::move(name)),
      requests_(std::move(requests)),
      submissions_(std::move(submissions)),
      resubmission_(std::move(resubmission)) {
  if (!submissions_) throw std::invalid_argument("User " + name_ + ": no submission courier");
  for (const auto& r : requests_)
    if (r.user != name_) throw std::invalid_argument("User " + name_ + ": request of " + r.user);
  if (!std::is_sorted(requests_.begin(), requests_.end(),
                      [](const auto& a, const auto& b) { return a.submit < b.submit; }))
    throw std::invalid_argument("User " + name_ + ": requests not sorted by submit time");
  if (resubmission_.policy.attempts > 0 && (!resubmission_.next_id || !resubmission_.events))
    throw std::invalid_argument("User " + name_ + ": resubmission without ids or event sink");
}

void User::operator()() {
  sg4::Mailbox* inbox = sg4::Mailbox::by_name("user:" + name_);
  if (resubmission_.policy.attempts > 0)
    submit_and_resubmit(inbox);
  else
    submit_all(inbox);
  XBT_INFO("%s: %zu of %zu requests accepted", name_.c_str(), accepted_, decided_);
}

void User::submit_all(sg4::Mailbox* inbox) {
  for (const auto& r : requests_) {
    sg4::this_actor::sleep_until(r.submit);
    submissions_->send(protocol::Submit{r, inbox}, kControlMessageBytes);
  }
  // Without a policy a released request is lost: its notice needs no answer.
  while (decided_ < requests_.size()) {
    const auto d = actors::receive<protocol::Decision>(inbox);
    if (d->released) continue;
    ++decided_;
    accepted_ += d->accepted ? 1 : 0;
  }
}

// Submissions and decisions interleave: the user waits for a decision until its next submission
// is due. A receive stays posted across waits (Comm::wait_any_for does not cancel it on timeout),
// so no decision is lost in transit.
void User::submit_and_resubmit(sg4::Mailbox* inbox) {
  for (const auto& r : requests_) queue_.push_back({r, r.id, 0});
  std::map<int, Pending> waiting;  // submitted, by request id
  protocol::Decision* decision = nullptr;
  sg4::CommPtr receive;
  auto submit_next = [&] {
    sg4::this_actor::sleep_until(queue_.front().request.submit);
    const Pending next = queue_.front();
    queue_.erase(queue_.begin());
    submissions_->send(protocol::Submit{next.request, inbox}, kControlMessageBytes);
    waiting.emplace(next.request.id, next);
  };
  // With monitoring: accepted, until their frame ends (a release notice may still come).
  std::map<int, std::pair<Pending, double>> held;
  const auto first_end = [&] {
    return std::min_element(held.begin(), held.end(), [](const auto& a, const auto& b) {
      return a.second.second < b.second.second;
    });
  };
  while (!queue_.empty() || !waiting.empty() || !held.empty()) {
    const double now = sg4::Engine::get_clock();
    if (!queue_.empty() &&
        ((waiting.empty() && held.empty()) || queue_.front().request.submit <= now)) {
      submit_next();
      continue;
    }
    if (!receive) receive = inbox->get_async<protocol::Decision>(&decision);
    // The next submission is due first, or the first held frame ends first (it is dropped).
    const bool submission_next =
        !queue_.empty() &&
        (held.empty() || queue_.front().request.submit <= first_end()->second.second);
    const double until = submission_next ? queue_.front().request.submit
                         : !held.empty() ? first_end()->second.second
                                         : -1;
    const double timeout = until < 0 ? -1 : until - now;
    ssize_t done = -1;
    try {
      done = sg4::Comm::wait_any_for({receive}, timeout);
    } catch (const simgrid::NetworkFailureException&) {
      receive = nullptr;  // a failed control link cut the decision: its courier sends it again
      continue;
    }
    if (done < 0) {
      if (submission_next)
        submit_next();
      else
        held.erase(first_end());
      continue;
    }
    receive = nullptr;
    const std::unique_ptr<protocol::Decision> d(decision);
    if (d->released) {  // late notices (the frame had ended here) change nothing
      if (const auto h = held.find(d->request_id); h != held.end()) {
        queue_attempt(h->second.first, d->time);
        held.erase(h);
      }
      continue;
    }
    const auto it = waiting.find(d->request_id);
    if (it == waiting.end()) throw std::logic_error("User " + name_ + ": unknown decision");
    ++decided_;
    accepted_ += d->accepted ? 1 : 0;
    if (!d->accepted) queue_attempt(it->second, d->time);
    if (d->accepted && resubmission_.monitored)
      held.emplace(d->request_id, std::pair{it->second, d->frame.end});
    waiting.erase(it);
  }
  if (receive) receive->cancel();
}

void User::queue_attempt(const Pending& p, double rejected) {
  const ResubmitPolicy& policy = resubmission_.policy;
  if (p.attempt >= policy.attempts) return;
  const int id = (*resubmission_.next_id)++;
  Pending next{resubmitted(p.request, policy, rejected, id), p.original, p.attempt + 1};
  XBT_DEBUG("%s: request %d rejected; attempt %d of request %d is request %d", name_.c_str(),
            p.request.id, next.attempt, p.original, id);
  resubmission_.events->on(Resubmitted{{id, p.original, next.attempt}});
  const auto at = std::upper_bound(queue_.begin(), queue_.end(), next.request.submit,
                                   [](double t, const Pending& x) { return t < x.request.submit; });
  queue_.insert(at, std::move(next));
}

}  // namespace arsim::kinds::coallocation
