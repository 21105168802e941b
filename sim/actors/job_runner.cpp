#include "sim/actors/job_runner.hpp"

#include <algorithm>
#include <memory>
#include <stdexcept>

#include <simgrid/s4u/Actor.hpp>
#include <simgrid/s4u/Engine.hpp>
#include <simgrid/s4u/Exec.hpp>
#include <simgrid/s4u/Host.hpp>

namespace arsim::actors {

namespace sg4 = simgrid::s4u;

JobRunner::JobRunner(const platform::PlatformView* platform, int site, int job, int cores,
                     model::TimeFrame frame, JobHooks hooks)
    : platform_(platform),
      site_(site),
      job_(job),
      cores_(cores),
      frame_(frame),
      hooks_(std::move(hooks)) {
  if (!platform_) throw std::invalid_argument("JobRunner: no platform");
  if (site < 0 || site >= static_cast<int>(platform_->site_hosts.size()) ||
      platform_->site_hosts[site].empty())
    throw std::invalid_argument("JobRunner: vertex is not a site with hosts");
  if (cores <= 0) throw std::invalid_argument("JobRunner: cores must be > 0");
  if (!(frame.length() > 0)) throw std::invalid_argument("JobRunner: empty frame");
  if (!hooks_.finished) throw std::invalid_argument("JobRunner: no finish hook");
}

void JobRunner::operator()() {
  sg4::this_actor::sleep_until(frame_.start);
  const double start = sg4::Engine::get_clock();
  if (hooks_.started) hooks_.started({job_, site_, cores_, start, start});
  // Spread the cores over the site's hosts, filling each host in order. Each host's share is one
  // multi-threaded execution of duration × speed flops per thread, so it lasts the reserved time
  // as long as the reservation tables keep the site within its cores.
  // Shared with the exit callback: a runner killed (its reservation cancelled) stops its
  // executions, so they no longer share the hosts' cores with other jobs.
  auto execs = std::make_shared<std::vector<sg4::ExecPtr>>();
  sg4::this_actor::on_exit([execs](bool failed) {
    if (failed)
      for (auto& e : *execs) e->cancel();
  });
  int left = cores_;
  for (sg4::Host* h : platform_->site_hosts.at(site_)) {
    if (left == 0) break;
    const int here = std::min(left, h->get_core_count());
    execs->push_back(sg4::this_actor::exec_init(frame_.length() * h->get_speed())
                         ->set_host(h)
                         ->set_thread_count(here)
                         ->start());
    left -= here;
  }
  for (auto& e : *execs) e->wait();
  hooks_.finished({job_, site_, cores_, start, sg4::Engine::get_clock()});
}

}  // namespace arsim::actors
