// A small run told as events, by hand: two jobs, two workstations, one license. ws1's owner comes
// back at 60.5, during cycle 0 [60, 61], which matched {job0, ws1, lic0}: lic0 says yes, ws1 no,
// the gang is released. Cycle 1 [120, 121] matches {job0, ws0, lic0}, which commits; job0 runs
// [121.3, 221.3). ws1's owner leaves at 300; job1 never gets a gang; the run ends at 400.
#pragma once

#include "sim/kinds/gangmatch/output/events.hpp"
#include "tests/unit/sim/kinds/gangmatch/fixture.hpp"

namespace arsim::kinds::gangmatch::testing {

inline const Member kJob0{MemberKind::Job, 0}, kJob1{MemberKind::Job, 1},
    kWs0{MemberKind::Workstation, 0}, kWs1{MemberKind::Workstation, 1},
    kLic0{MemberKind::License, 0};

inline Workload small_workload() {
  Workload w;
  w.jobs = {job(0, "u", 0, 100), job(1, "u", 0, 50)};
  w.workstations = {workstation(0), workstation(1)};
  w.licenses = {license(0)};
  return w;
}

inline std::vector<Event> small_run_events() {
  return {JobSubmitted{0, 0},
          JobSubmitted{1, 0},
          AvailabilityChanged{kWs1, false, 60.5},
          GangMatched{0, 0, 61, {kJob0, kWs1, kLic0}},
          CycleEnded{{0, 60, 61, 2, 3, 1, 4, 6, 2, 0.001}},
          HoldStarted{kLic0, 0, 0, 61.1},
          ClaimRefused{0, kWs1, "owner", 61.1},
          ClaimDecided{0, false, 61.2},
          HoldEnded{kLic0, 0, 61.3},
          GangMatched{1, 1, 121, {kJob0, kWs0, kLic0}},
          CycleEnded{{1, 120, 121, 2, 3, 1, 4, 6, 2, 0.002}},
          HoldStarted{kWs0, 1, 0, 121.1},
          HoldStarted{kLic0, 1, 0, 121.1},
          ClaimDecided{1, true, 121.2},
          JobStarted{0, 1, kWs0, 121.3},
          JobFinished{0, 1, 221.3},
          HoldEnded{kWs0, 1, 221.4},
          HoldEnded{kLic0, 1, 221.4},
          AvailabilityChanged{kWs1, true, 300}};
}

inline RunRecord small_run() {
  Recorder r(small_workload());
  for (const auto& e : small_run_events()) r.on(e);
  return r.finish(400);
}

}  // namespace arsim::kinds::gangmatch::testing
