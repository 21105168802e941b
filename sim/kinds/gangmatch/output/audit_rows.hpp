// The auditor's reading of a run's files (audit.hpp): typed rows with the place each came from.
// A field that does not read is a violation, and the row is left out of the checks. Pure.
#pragma once

#include <string>
#include <vector>

#include "sim/kinds/gangmatch/output/audit.hpp"
#include "sim/kinds/gangmatch/output/records.hpp"
#include "sim/metrics/csv.hpp"

namespace arsim::kinds::gangmatch {

template <class Row>
struct Located {
  Row row;
  std::string where;  // "file:line"
};

struct AuditRows {
  std::vector<Located<JobRow>> jobs;
  std::vector<Located<GangRow>> gangs;
  std::vector<Located<HoldRow>> holds;
  std::vector<Located<PeriodRow>> periods;
  std::vector<Located<CycleRow>> cycles;
};

// Reads jobs.csv, gangs.csv, holds.csv, unavailability.csv and cycles.csv of `dir`. Members must
// exist in the context (index in range); violations go to `out`. Throws std::runtime_error when a
// file is missing or lacks a column.
AuditRows read_audit_rows(const std::string& dir, const AuditContext& c,
                          std::vector<std::string>& out);

}  // namespace arsim::kinds::gangmatch

namespace arsim::kinds::gangmatch {

// The checks of audit.hpp on rows already read, each appending its violations.
void check_holds(const AuditRows& rows, std::vector<std::string>& out);
void check_gangs(const AuditRows& rows, std::vector<std::string>& out);
void check_hold_owners(const AuditRows& rows, std::vector<std::string>& out);
void check_jobs(const AuditRows& rows, const AuditContext& c, std::vector<std::string>& out);
void check_cycles(const AuditRows& rows, const AuditContext& c, std::vector<std::string>& out);
// The derived numbers (audit_summary.cpp): utilisation.csv with the run's simulated `end`, and
// every metric of summary.csv.
void check_utilisation(const metrics::CsvTable& t, const AuditRows& rows, const AuditContext& c,
                       double end, std::vector<std::string>& out);
void check_summary(const metrics::CsvTable& s, const AuditRows& rows, const AuditContext& c,
                   std::vector<std::string>& out);

}  // namespace arsim::kinds::gangmatch
