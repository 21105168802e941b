#include "sim/kinds/gangmatch/actors/submit_agent.hpp"

#include <algorithm>
#include <limits>
#include <stdexcept>

#include <xbt/log.h>
#include <simgrid/s4u/Actor.hpp>
#include <simgrid/s4u/Engine.hpp>

#include "sim/kinds/gangmatch/actors/inbox.hpp"

XBT_LOG_NEW_DEFAULT_SUBCATEGORY(arsim_gm_submit, arsim, "Gangmatching submit agents");

namespace arsim::kinds::gangmatch {

SubmitAgent::SubmitAgent(RunContext ctx, std::string user, std::vector<JobSpec> jobs,
                         double horizon)
    : ctx_(ctx), user_(std::move(user)), jobs_(std::move(jobs)), horizon_(horizon) {
  if (!ctx_.events || !ctx_.job_users)
    throw std::invalid_argument("SubmitAgent: incomplete context");
  if (!std::is_sorted(jobs_.begin(), jobs_.end(),
                      [](const auto& a, const auto& b) { return a.submit < b.submit; }))
    throw std::invalid_argument("SubmitAgent " + user_ + ": jobs not in submit order");
  for (std::size_t k = 0; k < jobs_.size(); ++k) {
    if (jobs_[k].user != user_ || !(jobs_[k].duration > 0))
      throw std::invalid_argument("SubmitAgent " + user_ + ": job " +
                                  std::to_string(jobs_[k].index) + " is not a job of this user");
    by_index_[jobs_[k].index] = k;
  }
  claimed_.assign(jobs_.size(), 0);
}

void SubmitAgent::advertise(const JobSpec& job) {
  const long version = ++versions_[job.index];
  post(collector_mailbox(),
       protocol::CollectorMessage{
           protocol::Advertise{{MemberKind::Job, job.index}, version, job.ad, job.submit}},
       kControlBytes + kBytesPerAd);
}

void SubmitAgent::operator()() {
  Inbox<protocol::SubmitMessage> inbox(submit_mailbox(user_));
  std::size_t next = 0, claimed = 0, finished = 0;
  for (;;) {
    const double now = sg4::Engine::get_clock();
    for (; next < jobs_.size() && jobs_[next].submit <= now && jobs_[next].submit < horizon_;
         ++next) {
      advertise(jobs_[next]);
      ctx_.events->on(JobSubmitted{jobs_[next].index, now});
    }
    // Done when every job finished; after the horizon, when the claimed ones have.
    if (finished == jobs_.size() || (now >= horizon_ && finished == claimed)) break;
    double until = std::numeric_limits<double>::infinity();  // only completions are awaited
    if (now < horizon_)
      until = next < jobs_.size() ? std::min(jobs_[next].submit, horizon_) : horizon_;
    auto message = inbox.next(until);
    if (!message) continue;
    if (const auto* done = std::get_if<protocol::JobCompleted>(message.get())) {
      XBT_DEBUG("%s: job%d done", user_.c_str(), done->job);
      ++finished;
    } else if (sg4::Engine::get_clock() < horizon_) {  // no claim after the horizon
      if (claim(std::get<protocol::Matched>(*message).offer)) ++claimed;
    }
  }
  XBT_INFO("%s: %zu of %zu jobs claimed, %zu finished", user_.c_str(), claimed, jobs_.size(),
           finished);
}

bool SubmitAgent::claim(const std::shared_ptr<const GangOffer>& offer_ptr) {
  const GangOffer& offer = *offer_ptr;
  const Member root = offer.root();
  auto it = by_index_.find(root.index);
  if (root.kind != MemberKind::Job || it == by_index_.end() || claimed_[it->second])
    throw std::logic_error("SubmitAgent " + user_ + ": notified of a gang for " +
                           member_name(root) + ", which it has no unclaimed job for");
  const JobSpec& job = jobs_[it->second];
  const int members = static_cast<int>(offer.members.size());
  for (int node = 1; node < members; ++node)
    if (offer.gang.nodes[node].parent != 0)
      throw std::logic_error("SubmitAgent: gang deeper than one level");
  sg4::Mailbox* votes = votes_mailbox(user_);
  for (int node = 1; node < members; ++node)  // phase one, top-down: every child of the root
    post_to_resource(ctx_, offer.members[node], protocol::Check{offer_ptr, node, votes},
                     kControlBytes);
  bool all = true;
  for (int k = 1; k < members; ++k) {
    auto vote = votes->get_unique<protocol::Vote>();
    if (vote->gang != offer.id) throw std::logic_error("SubmitAgent: a vote of another gang");
    all = all && vote->ok;
  }
  const double now = sg4::Engine::get_clock();
  for (int node = 1; node < members; ++node) {  // phase two
    if (all)
      post_to_resource(ctx_, offer.members[node], protocol::Commit{offer_ptr, job.duration},
                       kControlBytes);
    else
      post_to_resource(ctx_, offer.members[node], protocol::Release{offer.id}, kControlBytes);
  }
  ctx_.events->on(ClaimDecided{offer.id, all, now});
  XBT_DEBUG("gang %d of %s: %s", offer.id, member_name(root).c_str(),
            all ? "committed" : "refused");
  if (all)
    claimed_[it->second] = 1;
  else
    advertise(job);
  return all;
}

}  // namespace arsim::kinds::gangmatch
