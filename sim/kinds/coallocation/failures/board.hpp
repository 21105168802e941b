// The failure layer of a co-allocation run (docs/design/coallocation.md, Failures): SimGrid
// switches compute-site hosts and path links off and on (state profiles of the platform, or the
// seeded process of process.hpp); the board hears each change and hands it to the RM that owns
// the resource, whose ReservationDesk breaks the reservations the failure overlaps and refuses
// new ones while the resource is down.
//
// The RMs do not die with their resources: in a run with failures every compute RM runs on the
// coordinator's host (a control host, which never fails), its state being the reservation table,
// not the site's host. Jobs still compute on the site's hosts and are killed when one fails.
#pragma once

#include <map>
#include <memory>
#include <set>
#include <string>
#include <utility>
#include <vector>

#include "sim/kinds/coallocation/actors/reservation_desk.hpp"
#include "sim/kinds/coallocation/output/events.hpp"
#include "sim/platform/platform_view.hpp"

namespace arsim::kinds::coallocation {

class FailureBoard {
 public:
  // Listens to SimGrid's host and link state changes until destroyed (one board at a time).
  // `events` gets the failures, repairs and broken reservations.
  FailureBoard(const platform::PlatformView& view, EventSink& events);
  ~FailureBoard();
  FailureBoard(const FailureBoard&) = delete;
  FailureBoard& operator=(const FailureBoard&) = delete;

  // The desk of an RM: the board tells it of the failures of its resources.
  void attach(std::shared_ptr<ReservationDesk> desk);
  // After the run: the reservations that began on a resource still down are broken too.
  void finish();

 private:
  void changed(const std::string& name, bool on);
  // The one place where an RM's broken reservations leave it: the run's record, and the GRC that
  // committed each (monitoring, GridARS §5), told by a message from the RM's host.
  void report_broken(const ReservationDesk& desk, const std::vector<ReservationRecord>& broken);

  EventSink& events_;
  // Per host or link name: the resource it is to its RM (a site vertex or a path edge).
  std::map<std::string, std::pair<ResourceKind, int>> resources_;
  std::set<std::string> links_;
  std::vector<std::shared_ptr<ReservationDesk>> desks_;
  std::set<std::string> down_;
  bool finished_ = false;
};

}  // namespace arsim::kinds::coallocation
