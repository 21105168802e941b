#include "sim/actors/job_runner.hpp"

#include <algorithm>
#include <memory>
#include <stdexcept>

#include <simgrid/Exception.hpp>
#include <simgrid/s4u/Actor.hpp>
#include <simgrid/s4u/Engine.hpp>
#include <simgrid/s4u/Exec.hpp>
#include <simgrid/s4u/Host.hpp>

namespace arsim::actors {

namespace sg4 = simgrid::s4u;

JobRunner::JobRunner(const platform::PlatformView* platform, int site, int job, int cores,
                     model::TimeFrame frame, std::shared_ptr<CoreAllocator> allocator,
                     JobHooks hooks)
    : platform_(platform),
      site_(site),
      job_(job),
      cores_(cores),
      frame_(frame),
      allocator_(std::move(allocator)),
      hooks_(std::move(hooks)) {
  if (!platform_) throw std::invalid_argument("JobRunner: no platform");
  if (site < 0 || site >= static_cast<int>(platform_->site_hosts.size()) ||
      platform_->site_hosts[site].empty())
    throw std::invalid_argument("JobRunner: vertex is not a site with hosts");
  if (cores <= 0) throw std::invalid_argument("JobRunner: cores must be > 0");
  if (!(frame.length() > 0)) throw std::invalid_argument("JobRunner: empty frame");
  if (!allocator_ || allocator_->hosts() != static_cast<int>(platform_->site_hosts[site].size()))
    throw std::invalid_argument("JobRunner: no allocator of the site's hosts");
  if (!hooks_.finished) throw std::invalid_argument("JobRunner: no finish hook");
}

void JobRunner::operator()() {
  sg4::this_actor::sleep_until(frame_.start);
  const double start = sg4::Engine::get_clock();
  const auto& site_hosts = platform_->site_hosts[site_];
  if (hooks_.not_run && std::any_of(site_hosts.begin(), site_hosts.end(),
                                    [](const sg4::Host* h) { return !h->is_on(); })) {
    hooks_.not_run(job_);
    return;
  }
  // The cores of the reservation, on hosts no other running job holds: the reservation table
  // counts the site's cores as one pool, so two jobs put on the same hosts would share them and
  // each outlast its frame. Throws (an internal error ending the run) when the hosts cannot.
  const auto placement = allocator_->take(job_, cores_, frame_);
  if (hooks_.started) hooks_.started({job_, site_, cores_, start, start});
  // Each host's share is one multi-threaded execution of duration × speed flops per thread, so it
  // lasts the reserved time. A runner killed (its reservation released) gives back its cores in
  // its exit callback, which must make no simcall: the actor is dead then, and a simcall (such as
  // cancelling an execution) never returns, so what follows it would never run. SimGrid cancels
  // the dead actor's executions itself, after the callbacks (kernel ActorImpl::cleanup).
  sg4::this_actor::on_exit([allocator = allocator_, job = job_](bool failed) {
    if (failed) allocator->release(job);
  });
  std::vector<sg4::ExecPtr> execs;
  HostCores hosts;
  for (const auto& [index, here] : placement) {
    sg4::Host* h = platform_->site_hosts[site_][index];
    hosts.emplace_back(h->get_name(), here);
    execs.push_back(sg4::this_actor::exec_init(frame_.length() * h->get_speed())
                        ->set_host(h)
                        ->set_thread_count(here)
                        ->start());
  }
  try {
    for (auto& e : execs) e->wait();
  } catch (const simgrid::HostFailureException&) {
    if (!hooks_.killed) throw;
    // A host of the job failed: the job is lost, its executions on the other hosts stop.
    for (auto& e : execs)
      if (e->get_state() != sg4::Activity::State::FINISHED &&
          e->get_state() != sg4::Activity::State::FAILED)
        e->cancel();
    allocator_->release(job_);
    hooks_.killed({job_, site_, cores_, start, sg4::Engine::get_clock()}, hosts);
    return;
  }
  allocator_->release(job_);
  hooks_.finished({job_, site_, cores_, start, sg4::Engine::get_clock()}, hosts);
}

std::shared_ptr<CoreAllocator> site_allocator(const platform::PlatformView& platform, int site) {
  std::vector<int> cores;
  for (const sg4::Host* h : platform.site_hosts.at(site)) cores.push_back(h->get_core_count());
  return std::make_shared<CoreAllocator>(std::move(cores));
}

}  // namespace arsim::actors
