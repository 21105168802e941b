#include "sim/kinds/gangmatch/actors/job_execution.hpp"

#include <stdexcept>

#include <simgrid/s4u/Actor.hpp>
#include <simgrid/s4u/Engine.hpp>
#include <simgrid/s4u/Host.hpp>

namespace arsim::kinds::gangmatch {

JobExecution::JobExecution(RunContext ctx, std::shared_ptr<const GangOffer> offer,
                           Member workstation, double duration)
    : ctx_(ctx), offer_(std::move(offer)), workstation_(workstation), duration_(duration) {
  if (!ctx_.events || !offer_) throw std::invalid_argument("JobExecution: incomplete context");
  if (workstation_.kind != MemberKind::Workstation)
    throw std::invalid_argument("JobExecution: runs on a workstation");
  if (!(duration_ > 0)) throw std::invalid_argument("JobExecution: duration must be > 0");
}

void JobExecution::operator()() {
  const int job = offer_->root().index;
  ctx_.events->on(JobStarted{job, offer_->id, workstation_, sg4::Engine::get_clock()});
  sg4::this_actor::execute(duration_ * sg4::this_actor::get_host()->get_speed());
  ctx_.events->on(JobFinished{job, offer_->id, sg4::Engine::get_clock()});
  for (std::size_t node = 1; node < offer_->members.size(); ++node)
    post_to_resource(ctx_, offer_->members[node], protocol::JobDone{offer_->id}, kControlBytes);
  post(member_mailbox(ctx_, offer_->root()), protocol::SubmitMessage{protocol::JobCompleted{job}},
       kControlBytes);
}

}  // namespace arsim::kinds::gangmatch
