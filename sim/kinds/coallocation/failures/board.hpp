// The failure layer of a co-allocation run (docs/design/coallocation.md, Failures): SimGrid
// switches compute-site hosts and path links off and on (state profiles of the platform, or the
// seeded process of process.hpp); the board hears each change and hands it to the RM that owns
// the resource, whose ReservationDesk breaks the reservations the failure overlaps and refuses
// new ones while the resource is down.
//
// Network RMs' hosts and control links may fail too (control-plane faults): the board records
// them, and what an RM whose host is down would start waits until the host is back.
//
// The RMs do not die with their resources: in a run with failures every compute RM runs on the
// coordinator's host (a control host, which never fails), its state being the reservation table,
// not the site's host. Jobs still compute on the site's hosts and are killed when one fails.
//
// A reservation that begins while its resource is down breaks at its start: a watcher started
// with the failure wakes at each start and breaks what begins then if the outage goes on. The
// run lasts until every notice sent has reached its GRC and that GRC's release every RM: the
// messenger that carries a notice is an ordinary actor (not a daemon) that waits for it, so the
// run cannot end with a release on its way.
#pragma once

#include <functional>
#include <map>
#include <memory>
#include <set>
#include <string>
#include <utility>
#include <vector>

#include <simgrid/s4u/ConditionVariable.hpp>
#include <simgrid/s4u/Mutex.hpp>

#include "sim/kinds/coallocation/actors/reservation_desk.hpp"
#include "sim/kinds/coallocation/output/events.hpp"
#include "sim/platform/platform_view.hpp"

namespace arsim::kinds::coallocation {

class FailureBoard {
 public:
  // Listens to SimGrid's host and link state changes until destroyed (one board at a time).
  // `events` gets the failures, repairs and broken reservations.
  // A notice that a failed control link lost is sent again `retry` seconds later.
  FailureBoard(const platform::PlatformView& view, EventSink& events, double retry = 1);
  ~FailureBoard();
  FailureBoard(const FailureBoard&) = delete;
  FailureBoard& operator=(const FailureBoard&) = delete;

  // The desk of an RM: the board tells it of the failures of its resources.
  void attach(std::shared_ptr<ReservationDesk> desk);
  // After the run: the reservations that began on a resource still down are broken too.
  void finish();
  // What the run's actors record through: the events go on to `events`; the board hears the
  // releases (its messengers wait for them).
  EventSink& sink() { return sink_; }
  // Starts the actors the board's last state change asked for, from the calling actor (the
  // seeded process calls it after each switch): one created later by a timer could come after
  // the end of the run, when the state change killed its last job.
  static void start_pending();

 private:
  // Forwards every event and wakes the messengers at each release.
  class Sink : public EventSink {
   public:
    explicit Sink(FailureBoard& board) : board_(board) {}
    void on(const Event& event) override;

   private:
    FailureBoard& board_;
  };

  void changed(const std::string& name, bool on);
  void control_changed(const std::string& name, bool on);
  // Starts an actor now: at once from an actor, through a kernel timer due now from maestro.
  void launch(std::string name, sg4::Host* host, std::function<void()> body);
  // Breaks, at each of `starts`, what begins then on `resource` of `desk` while outage `outage`
  // of `name` goes on.
  void watch(const std::string& name, std::uint64_t outage, ReservationDesk& desk, int resource,
             const std::vector<double>& starts);
  // An RM committed `r`: watched if its resource is down and it begins later.
  void committed(const ReservationRecord& r);
  // Whether an RM still holds a part of `request_id` its GRC was told of (not yet released).
  bool unreleased(int request_id) const;
  // The one place where an RM's broken reservations leave it: the run's record, and the GRC that
  // committed each (monitoring, GridARS §5), told by a message from the RM's host.
  void report_broken(const ReservationDesk& desk, const std::vector<ReservationRecord>& broken);

  EventSink& events_;
  // Per host or link name: the resource it is to its RM (a site vertex or a path edge).
  std::map<std::string, std::pair<ResourceKind, int>> resources_;
  std::set<std::string> links_;
  std::set<std::string> control_;  // network RMs' hosts and control links that may fail
  double retry_;
  std::vector<std::shared_ptr<ReservationDesk>> desks_;
  std::set<std::string> down_;
  std::map<std::string, std::uint64_t> outages_;  // per name, how many times it went down
  bool finished_ = false;
  Sink sink_{*this};
  struct Pending {
    std::string name;
    sg4::Host* host;
    std::function<void()> body;
  };
  std::vector<Pending> pending_;                          // actors to start, in order
  std::map<std::string, std::vector<Pending>> deferred_;  // per host down: to start once it is up
  sg4::MutexPtr mutex_ = sg4::Mutex::create();
  sg4::ConditionVariablePtr released_ = sg4::ConditionVariable::create();
  bool waking_ = false;  // a wake-up of the messengers is due at this instant
};

}  // namespace arsim::kinds::coallocation
