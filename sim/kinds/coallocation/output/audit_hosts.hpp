// The auditor's check of the hosts column of jobs.csv: the reservation tables count a site's
// cores as one pool, so only the cores each job held on each host show whether two jobs were put
// on the same cores (they would share them in SimGrid and outlast their frames).
#pragma once

#include <map>
#include <string>
#include <vector>

#include "sim/metrics/csv.hpp"

namespace arsim::kinds::coallocation::audit {

// The cores of each host of each compute site, from the platform the run used: site name → host
// name → cores.
using SiteHosts = std::map<std::string, std::map<std::string, int>>;

// For every job of jobs.csv: its hosts ("host:cores" joined by ';') are hosts of its site
// (allocated_resources) with positive cores adding up to its requested_number_of_resources; and
// per host, the cores of the jobs running at any instant (their [starting_time, finish_time),
// half-open) never exceed the host's cores. Runs written before the hosts column existed, or an
// empty `hosts`, are not checked.
void check_hosts(const metrics::CsvTable& jobs, const SiteHosts& hosts,
                 std::vector<std::string>& violations);

}  // namespace arsim::kinds::coallocation::audit
