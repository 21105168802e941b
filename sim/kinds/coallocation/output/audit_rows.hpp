// The auditor's own reading of requests.csv and reservations.csv into typed rows (internal to
// sim/metrics). Written apart from the writers on purpose: it only knows the file format.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "model/request.hpp"
#include "model/resource_graph.hpp"
#include "sim/metrics/csv.hpp"

namespace arsim::kinds::coallocation::audit {

struct PairDemand {
  int a = -1;
  int b = -1;
  double bandwidth = 0;
  double max_latency = model::kNoLatencyBound;  // "@bound" in pair_demands; absent: none
};

struct RequestRow {
  std::string where;  // "file:line"
  int id = -1;
  std::string user;
  bool accepted = false;
  double submit = 0, est = 0, lst = 0, duration = 0;
  std::optional<double> time_deviation;
  int components = 0;
  int cpus = 0;
  int pairs_with_bandwidth = 0;
  std::optional<double> start, end;             // the reserved frame
  std::vector<std::string> sites;               // per component
  std::vector<std::vector<std::string>> paths;  // per pair: edge names
  std::vector<int> component_cpus;
  std::vector<PairDemand> pairs;
};

struct ReservationRow {
  std::string where;
  int request_id = -1;
  std::string kind;  // "cores" or "bandwidth"
  std::string resource;
  std::string domain;
  double start = 0, end = 0, amount = 0;
  std::optional<double> broken_at;    // column broken_at, in runs with failures
  std::optional<double> released_at;  // column released_at, in runs with failures
  int repair = 0;                     // column repair, in runs with failures (0: the first plan)
};

// Parse the rows of a table; a malformed field adds a violation and drops its row.
std::vector<RequestRow> read_requests(const metrics::CsvTable& t,
                                      std::vector<std::string>& violations);
std::vector<ReservationRow> read_reservations(const metrics::CsvTable& t,
                                              std::vector<std::string>& violations);

// "a;b;c" → {a, b, c}; "" → {} (a list of no items).
std::vector<std::string> split_list(const std::string& s, char sep);

// Why the paths named by `route` are not a chain leaving vertex `from` and ending at `to` without
// visiting a vertex twice, or "" when they are: the routes of requests.csv and of repairs.csv.
std::string chain_problem(const model::ResourceGraph& g, const std::vector<std::string>& route,
                          int from, int to);

}  // namespace arsim::kinds::coallocation::audit
