#include "sim/kinds/coallocation/failures/board.hpp"

#include <algorithm>
#include <cstdint>
#include <memory>
#include <mutex>
#include <stdexcept>
#include <utility>

#include <xbt/log.h>
#include <simgrid/kernel/Timer.hpp>
#include <simgrid/s4u/Actor.hpp>
#include <simgrid/s4u/Engine.hpp>
#include <simgrid/s4u/Host.hpp>
#include <simgrid/s4u/Link.hpp>

#include "sim/actors/delivery.hpp"
#include "sim/kinds/coallocation/actors/run_context.hpp"

XBT_LOG_NEW_DEFAULT_SUBCATEGORY(arsim_failures, arsim, "Failures of hosts and path links");

namespace arsim::kinds::coallocation {

namespace sg4 = simgrid::s4u;

namespace {
// SimGrid's state signals are per process and a link's cannot be disconnected: they are connected
// once, to the board of the run under way (one engine at a time in a process), if any.
FailureBoard* current = nullptr;
}  // namespace

FailureBoard::FailureBoard(const platform::PlatformView& view, EventSink& events, double retry)
    : events_(events), retry_(retry) {
  const auto& g = view.graph;
  for (int site : g.sites())
    for (const sg4::Host* h : view.site_hosts.at(site))
      resources_[h->get_name()] = {ResourceKind::Cores, site};
  for (int e = 0; e < g.edge_count(); ++e) {
    resources_[g.edge(e).name] = {ResourceKind::Bandwidth, e};
    links_.insert(g.edge(e).name);
  }
  // The control elements with a profile (platform/failure_profiles.hpp accepted no other).
  for (const auto& name : view.profiled)
    if (!resources_.count(name)) control_.insert(name);
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
  if (control_.count(name)) return control_changed(name, on);
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
    events_.on(ResourceFailed{{name, link, FailureScope::Reserved, now, std::nullopt}});
  }
  const auto [kind, resource] = it->second;
  const std::uint64_t outage = on ? 0 : ++outages_[name];
  for (const auto& desk : desks_) {
    if (desk->kind() != kind || !desk->owns(resource)) continue;
    report_broken(*desk,
                  on ? desk->resource_up(resource, now) : desk->resource_down(resource, now));
    if (on || !desk->host()) continue;
    const auto starts = desk->starts_after(resource, now);
    if (!starts.empty())
      launch("watch-" + name, desk->host(), [this, name, outage, &d = *desk, r = resource, starts] {
        watch(name, outage, d, r, starts);
      });
  }
}

// A network RM's host or a control link: recorded. A host coming back runs what waited for it.
void FailureBoard::control_changed(const std::string& name, bool on) {
  if (down_.count(name) == static_cast<std::size_t>(!on)) return;
  const double now = sg4::Engine::get_clock();
  const bool link = sg4::Link::by_name_or_null(name) != nullptr;
  XBT_DEBUG("control %s '%s' %s", link ? "link" : "host", name.c_str(), on ? "back up" : "down");
  if (!on) {
    down_.insert(name);
    events_.on(ResourceFailed{{name, link, FailureScope::Control, now, std::nullopt}});
    return;
  }
  down_.erase(name);
  events_.on(ResourceRepaired{name, now});
  const auto it = deferred_.find(name);
  if (it == deferred_.end()) return;
  for (auto& p : it->second) pending_.push_back(std::move(p));
  deferred_.erase(it);
  simgrid::kernel::timer::Timer::set(now, [] { start_pending(); });
}

// A daemon: the run does not wait for reservations that begin after its last job.
void FailureBoard::watch(const std::string& name, std::uint64_t outage, ReservationDesk& desk,
                         int resource, const std::vector<double>& starts) {
  sg4::Actor::self()->daemonize();
  for (double t : starts) {
    sg4::this_actor::sleep_until(t);
    if (!down_.count(name) || outages_.at(name) != outage) return;  // repaired meanwhile
    // Still down: what begins now breaks now, as the failure breaks what holds its instant.
    report_broken(desk, desk.resource_down(resource, t));
  }
}

// A hold granted before a failure may be committed during it: what then begins while the
// resource is still down breaks at its start too.
void FailureBoard::committed(const ReservationRecord& r) {
  const double now = sg4::Engine::get_clock();
  if (r.frame.start <= now) return;  // begun already: found when the resource comes back up
  for (const auto& [name, owner] : resources_) {
    if (owner != std::pair{r.kind, r.resource} || !down_.count(name)) continue;
    for (const auto& desk : desks_)
      if (desk->kind() == r.kind && desk->owns(r.resource) && desk->host())
        launch("watch-" + name, desk->host(),
               [this, n = name, outage = outages_.at(name), &d = *desk, r] {
                 watch(n, outage, d, r.resource, {r.frame.start});
               });
    return;
  }
}

void FailureBoard::launch(std::string name, sg4::Host* host, std::function<void()> body) {
  // An RM's host that is down starts nothing: its notices leave when it is back up.
  if (!host->is_on()) {
    deferred_[host->get_name()].push_back({std::move(name), host, std::move(body)});
    return;
  }
  pending_.push_back({std::move(name), host, std::move(body)});
  // An actor created in a link's state signal is never scheduled (SimGrid 3.32); one created by
  // a timer is, as delayed actors are.
  if (sg4::this_actor::is_maestro())
    simgrid::kernel::timer::Timer::set(sg4::Engine::get_clock(), [] { start_pending(); });
  else
    start_pending();
}

void FailureBoard::start_pending() {
  if (!current) return;
  for (auto& p : std::exchange(current->pending_, {})) sg4::Actor::create(p.name, p.host, p.body);
}

bool FailureBoard::unreleased(int request_id) const {
  return std::any_of(desks_.begin(), desks_.end(),
                     [&](const auto& d) { return d->monitor_of(request_id) != nullptr; });
}

void FailureBoard::Sink::on(const Event& event) {
  board_.events_.on(event);
  if (const auto* c = std::get_if<ReservationCommitted>(&event)) board_.committed(c->reservation);
  if (!std::holds_alternative<ReservationReleased>(event) || board_.waking_) return;
  // The messengers wake once every actor has run at this instant: woken at once, one could end
  // the run while the RM is still recording the rest of its release.
  board_.waking_ = true;
  simgrid::kernel::timer::Timer::set(sg4::Engine::get_clock(), [&board = board_] {
    board.waking_ = false;
    board.released_->notify_all();
  });
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
    // Maestro cannot communicate: a messenger on the RM's host carries the notice, then waits
    // until the GRC's release has reached every RM (or the frame has ended: nothing is left to
    // release), so the run does not end in between.
    launch("monitor-" + std::to_string(notice.request_id), desk.host(),
           [this, grc, notice, end = r.frame.end] {
             // Sent again while a failed control link loses it; a GRC that crashed reads it
             // when it is back.
             actors::deliver(grc, std::make_unique<protocol::GrcMessage>(notice),
                             kControlMessageBytes, retry_);
             std::unique_lock lock(*mutex_);
             while (unreleased(notice.request_id) && sg4::Engine::get_clock() < end)
               released_->wait_until(lock, end);
           });
  }
}

void FailureBoard::finish() {
  finished_ = true;
  for (const auto& desk : desks_) report_broken(*desk, desk->close_failures());
}

}  // namespace arsim::kinds::coallocation
