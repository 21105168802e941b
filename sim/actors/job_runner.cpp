#include "sim/actors/job_runner.hpp"

#include <algorithm>
#include <stdexcept>

#include <simgrid/s4u/Actor.hpp>
#include <simgrid/s4u/Engine.hpp>
#include <simgrid/s4u/Exec.hpp>
#include <simgrid/s4u/Host.hpp>

namespace arsim::actors {

JobRunner::JobRunner(RunContext ctx, int site, int request_id, int cores, model::TimeFrame frame)
    : ctx_(ctx), site_(site), request_id_(request_id), cores_(cores), frame_(frame) {
  if (!ctx.platform || !ctx.record) throw std::invalid_argument("JobRunner: incomplete context");
  if (cores <= 0) throw std::invalid_argument("JobRunner: cores must be > 0");
  if (!(frame.length() > 0)) throw std::invalid_argument("JobRunner: empty frame");
}

void JobRunner::operator()() {
  sg4::this_actor::sleep_until(frame_.start);
  const double start = sg4::Engine::get_clock();
  // Spread the cores over the site's hosts, filling each host in order. Each host's share is one
  // multi-threaded execution of duration × speed flops per thread, so it lasts the reserved time
  // as long as the reservation tables keep the site within its cores.
  std::vector<sg4::ExecPtr> execs;
  int left = cores_;
  for (sg4::Host* h : ctx_.platform->site_hosts.at(site_)) {
    if (left == 0) break;
    const int here = std::min(left, h->get_core_count());
    execs.push_back(sg4::this_actor::exec_init(frame_.length() * h->get_speed())
                        ->set_host(h)
                        ->set_thread_count(here)
                        ->start());
    left -= here;
  }
  for (auto& e : execs) e->wait();
  ctx_.record->jobs.push_back({request_id_, site_, cores_, start, sg4::Engine::get_clock()});
}

}  // namespace arsim::actors
