// The events of a gangmatching run, as the actors report them (docs/design/architecture.md, "Events
// and outputs"), and the Recorder that turns them into the rows the writers need (records.hpp).
// Pure: no SimGrid.
#pragma once

#include <map>
#include <string>
#include <variant>
#include <vector>

#include "sim/kinds/gangmatch/output/records.hpp"
#include "sim/kinds/gangmatch/workload.hpp"
#include "sim/metrics/events.hpp"

namespace arsim::kinds::gangmatch {

// A submit agent advertised a job for the first time.
struct JobSubmitted {
  int job = -1;
  double time = 0;
};
// The negotiator finished a cycle (and notified its gangs).
struct CycleEnded {
  CycleRow cycle;
};
// The negotiator notified the members of a gang (members[0] is the job).
struct GangMatched {
  int gang = -1;
  int cycle = -1;
  double time = 0;
  std::vector<Member> members;
};
// A member said yes in phase one and holds itself for the gang.
struct HoldStarted {
  Member resource;
  int gang = -1;
  int job = -1;
  double time = 0;
};
// A member said no in phase one.
struct ClaimRefused {
  int gang = -1;
  Member resource;
  std::string reason;
  double time = 0;
};
// The root decided: commit on every member, or release every member.
struct ClaimDecided {
  int gang = -1;
  bool committed = false;
  double time = 0;
};
// A member let go of a gang's hold (released, or its job finished).
struct HoldEnded {
  Member resource;
  int gang = -1;
  double time = 0;
};
struct JobStarted {
  int job = -1;
  int gang = -1;
  Member workstation;
  double time = 0;
};
struct JobFinished {
  int job = -1;
  int gang = -1;
  double time = 0;
};
// A workstation's owner came back or left; a license was taken or given back outside the pool.
struct AvailabilityChanged {
  Member resource;
  bool available = true;
  double time = 0;
};

using Event = std::variant<JobSubmitted, CycleEnded, GangMatched, HoldStarted, ClaimRefused,
                           ClaimDecided, HoldEnded, JobStarted, JobFinished, AvailabilityChanged>;
using EventSink = metrics::EventSink<Event>;

class Recorder : public EventSink {
 public:
  explicit Recorder(const Workload& workload);
  void on(const Event& event) override;
  // The record at the end of the simulation (time `end`): holds and unavailable periods still
  // open end then.
  RunRecord finish(double end) const;

 private:
  void on_gang(const GangMatched& e);
  void on_decided(const ClaimDecided& e);
  void on_hold_ended(const HoldEnded& e);
  void on_job_started(const JobStarted& e);
  void on_availability(const AvailabilityChanged& e);

  RunRecord record_;
  std::map<int, std::size_t> gang_row_;                      // gang id -> row
  std::map<std::pair<Member, int>, std::size_t> open_hold_;  // (resource, gang) -> hold row
  std::map<Member, std::size_t> open_period_;                // resource -> unavailable row
};

}  // namespace arsim::kinds::gangmatch
