#include "sim/kinds/coallocation/actors/compute_rm.hpp"

#include <stdexcept>

#include <simgrid/s4u/Actor.hpp>
#include <simgrid/s4u/Host.hpp>

#include "sim/actors/job_runner.hpp"
#include "sim/kinds/coallocation/actors/rm_loop.hpp"
#include "sim/kinds/coallocation/failures/board.hpp"

namespace arsim::kinds::coallocation {

namespace {
std::vector<std::pair<int, double>> site_resource(const RunContext& ctx, int site) {
  if (!ctx.platform || !ctx.events) throw std::invalid_argument("ComputeRm: incomplete context");
  const auto& g = ctx.platform->graph;
  if (site < 0 || site >= g.vertex_count() || g.vertex(site).role != model::VertexRole::Site)
    throw std::invalid_argument("ComputeRm: vertex is not a compute site");
  return {{site, static_cast<double>(g.vertex(site).cores)}};
}
}  // namespace

ComputeRm::ComputeRm(RunContext ctx, int site)
    : ctx_(ctx),
      site_(site),
      desk_(std::make_shared<ReservationDesk>(ResourceKind::Cores, site_resource(ctx, site))),
      allocator_(actors::site_allocator(*ctx.platform, site)) {
  if (ctx_.failures) ctx_.failures->attach(desk_);
}

void ComputeRm::operator()() {
  sg4::Actor::self()->daemonize();
  sg4::Host* here = sg4::Host::current();
  EventSink& events = *ctx_.events;
  const auto ended = [this, &events](const metrics::JobRecord& j, const actors::HostCores& on,
                                     bool killed) {
    runners_.erase(j.request_id);
    started_.erase(j.request_id);
    events.on(JobFinished{{j.request_id, j.site, j.cores, j.start, j.end, on, killed}});
  };
  actors::JobHooks hooks{[this, &events](const metrics::JobRecord& j) {
                           started_.insert(j.request_id);
                           events.on(JobStarted{j});
                         },
                         [ended](const auto& j, const auto& on) { ended(j, on, false); }};
  if (ctx_.failures) {
    hooks.not_run = [this](int job) { runners_.erase(job); };
    hooks.killed = [ended](const auto& j, const auto& on) { ended(j, on, true); };
  }
  const auto run = [this, here, &hooks](const std::vector<ReservationRecord>& created) {
    for (const auto& r : created)
      runners_[r.request_id] = spawn<actors::JobRunner>(
          "job-" + std::to_string(r.request_id), here, ctx_.platform, site_, r.request_id,
          static_cast<int>(r.amount), r.frame, allocator_, hooks);
  };
  const auto stop = [this, &events](const std::vector<ReservationRecord>& released) {
    for (const auto& r : released) {
      const auto it = runners_.find(r.request_id);
      if (it == runners_.end()) continue;
      const bool started = started_.erase(r.request_id) > 0;
      it->second->kill();
      runners_.erase(it);
      events.on(JobCancelled{r.request_id, started});
    }
  };
  serve_reservations(*desk_, compute_rm_mailbox(ctx_.platform->graph.vertex(site_).name), events,
                     run, stop);
}

audit::SiteHosts site_host_cores(const platform::PlatformView& view) {
  audit::SiteHosts out;
  for (int site : view.graph.sites())
    for (const sg4::Host* h : view.site_hosts.at(site))
      out[view.graph.vertex(site).name][h->get_name()] = h->get_core_count();
  return out;
}

}  // namespace arsim::kinds::coallocation
