// The auditor of gangmatching runs: re-reads the written files (not the in-memory run), so a bug
// in an agent, the recorder or the writers cannot hide itself. Each violation is one message
// naming the file and line. It checks:
//   - holds.csv: no workstation or license held by two gangs at once (half-open [start, end)); no
//     hold starts while its resource is unavailable (the re-check of §4.4 must refuse), and no
//     license is taken outside the pool while held;
//   - gangs.csv: every member exists and is of its kind, a gang has the job and one resource per
//     port of the job ad, no resource is in two gangs of one cycle, a gang is notified when its
//     cycle ends; a committed gang has a committed hold on every member, a refused one names who
//     refused and commits nothing;
//   - jobs.csv: one row per job; every finished job ran for its duration on the workstation of
//     its committed gang, and held that workstation and every license of the gang for its whole
//     run; submit <= match <= claim <= start; the counts of gangs and refusals agree with
//     gangs.csv;
//   - cycles.csv: cycles in order and not overlapping, gangs per cycle as gangs.csv has them,
//     each lasting what its probes and evaluations cost;
//   - every derived number recomputed from the rows: a job's wait, state, first match, match,
//     claim and resources (from gangs.csv); every row of utilisation.csv and every metric of
//     summary.csv (audit_summary.cpp); the run's end no earlier than any time in the files.
#pragma once

#include <string>
#include <vector>

#include "sim/kinds/gangmatch/negotiation.hpp"

namespace arsim::kinds::gangmatch {

struct AuditContext {
  int jobs = 0;
  int workstations = 0;
  int licenses = 0;
  double bucket = 0;
  double horizon = 0;
  CostModel cost;  // a cycle lasts what its probes and evaluations cost
};

std::vector<std::string> audit_run(const std::string& dir, const AuditContext& context);

}  // namespace arsim::kinds::gangmatch
