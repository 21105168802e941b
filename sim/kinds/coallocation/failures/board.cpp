#include "sim/kinds/coallocation/failures/board.hpp"

#include <cstdint>
#include <mutex>
#include <stdexcept>

#include <xbt/log.h>
#include <simgrid/kernel/Timer.hpp>
#include <simgrid/s4u/Actor.hpp>
#include <simgrid/s4u/Engine.hpp>
#include <simgrid/s4u/Host.hpp>
#include <simgrid/s4u/Link.hpp>

#include "sim/kinds/coallocation/actors/run_context.hpp"

XBT_LOG_NEW_DEFAULT_SUBCATEGORY(arsim_failures, arsim, "Failures of hosts and path links");

namespace arsim::kinds::coallocation {

namespace sg4 = simgrid::s4u;

namespace {
// SimGrid's state signals are per process and a link's cannot be disconnected: they are connected
// once, to the board of the run under way (one engine at a time in a process), if any.
FailureBoard* current = nullptr;
}  // namespace

FailureBoard::FailureBoard(const platform::PlatformView& view, EventSink& events)
    : events_(events) {
  const auto& g = view.graph;
  for (int site : g.sites())
    for (const sg4::Host* h : view.site_hosts.at(site))
      resources_[h->get_name()] = {ResourceKind::Cores, site};
  for (int e = 0; e < g.edge_count(); ++e) {
    resources_[g.edge(e).name] = {ResourceKind::Bandwidth, e};
    links_.insert(g.edge(e).name);
  }
  static std::once_flag connected;
  std::call_once(connected, [] {
    sg4::Host::on_state_change_cb([](const sg4::Host& h) {
      if (current) current->changed(h.get_name(), h.is_on());
    });
    sg4::Link::on_state_change_cb([](const sg4::Link& l) {
      if (current) current->changed(l.get_name(), l.is_on());
    });
  });
  if (current) throw std::logic_error("FailureBoard: a board is listening already");
  current = this;
}

FailureBoard::~FailureBoard() {
  current = nullptr;
}

void FailureBoard::attach(std::shared_ptr<ReservationDesk> desk) {
  desks_.push_back(std::move(desk));
}

// Runs in SimGrid's maestro, between actors' steps: it only updates tables and records.
void FailureBoard::changed(const std::string& name, bool on) {
  const auto it = resources_.find(name);
  // Only sites' hosts and paths may fail (platform/failure_profiles.hpp); a repeated state is
  // no change.
  if (it == resources_.end() || down_.count(name) == static_cast<std::size_t>(!on)) return;
  const double now = sg4::Engine::get_clock();
  const bool link = links_.count(name) > 0;
  XBT_DEBUG("%s '%s' %s", link ? "link" : "host", name.c_str(), on ? "back up" : "down");
  if (on) {
    down_.erase(name);
    events_.on(ResourceRepaired{name, now});
  } else {
    down_.insert(name);
    events_.on(ResourceFailed{{name, link, now, std::nullopt}});
  }
  const auto [kind, resource] = it->second;
  for (const auto& desk : desks_)
    if (desk->kind() == kind && desk->owns(resource))
      report_broken(*desk,
                    on ? desk->resource_up(resource, now) : desk->resource_down(resource, now));
}

void FailureBoard::report_broken(const ReservationDesk& desk,
                                 const std::vector<ReservationRecord>& broken) {
  for (const auto& r : broken) {
    events_.on(ReservationBroken{r});
    sg4::Mailbox* grc = desk.monitor_of(r.request_id);
    // After the run (finish) no actor runs: the break is recorded, nobody is told.
    if (!grc || !desk.host() || finished_) continue;
    const protocol::BrokenNotice notice{r.request_id, r.kind == ResourceKind::Cores, r.resource,
                                        *r.broken_at};
    // This runs in maestro, which cannot communicate: a messenger actor on the RM's host sends the
    // notice. It is created from a kernel timer due now: an actor created in a link's state
    // signal is never scheduled (SimGrid 3.32), one created by a timer is, as delayed actors are.
    simgrid::kernel::timer::Timer::set(sg4::Engine::get_clock(), [grc, notice, host = desk.host()] {
      sg4::Actor::create("monitor-" + std::to_string(notice.request_id), host, [grc, notice] {
        sg4::Actor::self()->daemonize();
        grc->put(new protocol::GrcMessage{notice},
                 static_cast<std::uint64_t>(kControlMessageBytes));
      });
    });
  }
}

void FailureBoard::finish() {
  finished_ = true;
  for (const auto& desk : desks_) report_broken(*desk, desk->close_failures());
}

}  // namespace arsim::kinds::coallocation
