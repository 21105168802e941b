// The rows of a gangmatching run's files (writers.hpp), built by the Recorder (events.hpp) and
// read back by the auditor (audit.hpp). Times are simulated seconds; NaN: did not happen. Pure.
#pragma once

#include <limits>
#include <string>
#include <utility>
#include <vector>

#include "sim/kinds/gangmatch/members.hpp"

namespace arsim::kinds::gangmatch {

inline constexpr double kNever = std::numeric_limits<double>::quiet_NaN();

struct JobRow {
  int job = -1;
  std::string user;
  bool submitted = false;  // false: the run ended before its submit time
  double submit = 0;
  double duration = 0;
  int ports = 0;  // resources its gang needs (the job ad's ports)
  double first_match = kNever;
  double match = kNever;  // notification of the gang that committed
  double claim = kNever;  // the root's commit
  double start = kNever;
  double finish = kNever;
  int gang = -1;  // the gang that committed
  Member workstation;
  std::vector<Member> licenses;
  int gangs = 0;     // gangs marshalled for it
  int refusals = 0;  // of those, refused in phase one
};

struct GangRow {
  int gang = -1;
  int cycle = -1;
  double matched = 0;
  std::vector<Member> members;        // members[0] is the job
  std::string outcome = "unclaimed";  // committed, refused, or unclaimed when the run ended first
  double decided = kNever;
  std::vector<std::pair<Member, std::string>> refused_by;  // member, reason
};

struct HoldRow {
  Member resource;
  int gang = -1;
  int job = -1;
  double start = 0;
  double end = kNever;
  bool committed = false;
};

struct PeriodRow {
  Member resource;
  double start = 0;
  double end = kNever;
};

struct CycleRow {
  int cycle = -1;
  double start = 0;
  double end = 0;  // start + simulated cost
  int roots = 0;
  int resources = 0;
  int gangs = 0;
  long probes = 0;
  long evaluations = 0;
  long docks = 0;
  double wall_seconds = 0;  // the matcher's wall time (timings.csv only)
};

struct RunRecord {
  std::vector<JobRow> jobs;            // by job index
  std::vector<GangRow> gangs;          // by gang id
  std::vector<HoldRow> holds;          // in order of start
  std::vector<PeriodRow> unavailable;  // in order of start
  std::vector<CycleRow> cycles;
  int workstations = 0;
  int licenses = 0;
  double end = 0;  // simulated end of the run
};

}  // namespace arsim::kinds::gangmatch
