// transfers.csv (docs/reference/outputs.md) and the auditor's check of it. Pure: no SimGrid.
//
// transfers.csv, one row per requested pair with bandwidth of each accepted request, sorted by
// (request_id, pair): request_id, pair (index in the request's pairs), volume_bytes,
// reserved_gbps, reserved_start, reserved_end, transfer_start, transfer_end, throughput_gbps
// (volume over transfer_end − transfer_start), on_time (1 when transfer_end <= reserved_end),
// mode (reserved: capped at the reservation; unreserved: best effort), exact (1 when every hop ran
// on its own path link alone), links (the SimGrid links the hops' flows crossed, '+').
#pragma once

#include <string>
#include <vector>

#include "model/resource_graph.hpp"
#include "sim/kinds/coallocation/output/audit_rows.hpp"
#include "sim/kinds/coallocation/output/records.hpp"

namespace arsim::kinds::coallocation::transfers {

std::string transfers_csv(const RunRecord& rec);

// Seconds a reserved transfer may take beyond volume / reserved bandwidth: the latency of its
// hops (SimGrid's LV08 model multiplies link latency by 13.01) and rounding.
constexpr double kLatencyAllowance = 0.5;

// Checks `transfers_csv` text (`where` names the file) against the requests and the graph:
//   - one row per pair with bandwidth of every accepted request, none for anything else;
//   - the transfer starts at or after the reserved start, ends after it starts, throughput and
//     on_time agree with the times and volume;
//   - the rate guarantee: a reserved-mode transfer whose every link is a path edge with
//     capacity >= the total reserved bandwidth of the reserved-mode transfers crossing it at
//     every instant of the transfer took at most volume / reserved bandwidth + kLatencyAllowance.
void audit_transfers(const std::vector<audit::RequestRow>& requests, const metrics::CsvTable& t,
                     const model::ResourceGraph& g, std::vector<std::string>& violations);

}  // namespace arsim::kinds::coallocation::transfers
