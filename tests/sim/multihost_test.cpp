// Co-allocation on sites made of several hosts (SimGrid's example platforms in data/platforms/,
// each cluster one site): jobs whose reservations overlap on a site run on cores no other job
// holds, so each lasts exactly its reserved frame, and the audit checks every host.
#include <gtest/gtest.h>

#include <map>
#include <sstream>
#include <vector>

#include "tests/sim/cli_support.hpp"

using namespace arsim_test;  // NOLINT: the helpers of every end-to-end test

namespace {

// The host names of a hosts field ("host:cores;host:cores").
std::vector<std::string> audit_items(const std::string& field) {
  std::vector<std::string> out;
  std::istringstream in(field);
  for (std::string item; std::getline(in, item, ';');)
    out.push_back(item.substr(0, item.rfind(':')));
  return out;
}

// Requests 0 and 1 each reserve `part` cores on every site over [600, 4200); request 2 all cores
// of every site over [4200, 7800), from the instant the first two end.
std::string requests(const std::string& part, const std::string& all) {
  return "# id user type submit est lst duration service_level cpus pairs\n"
         "0 U 1 0 600 600 3600 1 " +
         part +
         " -\n"
         "1 U 1 10 600 600 3600 1 " +
         part +
         " -\n"
         "2 U 1 20 4200 4200 3600 1 " +
         all + " -\n";
}

fs::path write_run_files(const fs::path& dir, const std::string& platform,
                         const std::string& planner, const std::string& workload) {
  std::ofstream(dir / "w.txt") << workload;
  const fs::path f = dir / "s.xml";
  std::ofstream(f) << "<scenario name=\"multihost\" kind=\"coallocation\" runs=\"1\" seed=\"1\">\n"
                   << "  <platform file=\"" << fs::absolute("data/platforms/" + platform).string()
                   << "\"/>\n"
                   << "  <workload generator=\"file\" file=\"w.txt\" arrival_end=\"3600\" "
                      "window_start=\"0\" window_end=\"10800\"/>\n"
                   << "  <grc planner=\"" << planner << "\" frames=\"1\"/>\n"
                   << "  <output bucket=\"1800\" horizon=\"10800\"/>\n</scenario>\n";
  return f;
}

// Every request is accepted, every job lasts its reserved time, and the audit (which checks each
// host's cores) passes; with `one_core_hosts`, on each site the jobs of requests 0 and 1 (which
// overlap) hold different hosts.
void expect_each_job_within_its_frame(const std::string& platform, const std::string& planner,
                                      const std::string& workload, std::size_t sites,
                                      bool one_core_hosts) {
  const auto dir = scratch("multihost-" + planner);
  const auto r = arsim(fmt::format("run {} --out {} --audit",
                                   write_run_files(dir, platform, planner, workload).string(),
                                   (dir / "o").string()));
  ASSERT_EQ(r.status, 0) << r.output;
  EXPECT_NE(r.output.find("audit: passed"), std::string::npos) << r.output;
  const std::string jobs = slurp(dir / "o" / "jobs.csv");
  const auto ids = column(jobs, "job_id"), took = column(jobs, "execution_time"),
             asked = column(jobs, "requested_time"), hosts = column(jobs, "hosts"),
             on = column(jobs, "allocated_resources");
  ASSERT_EQ(ids.size(), 3 * sites) << jobs;
  std::map<std::string, std::vector<std::string>> first_two;  // per site: hosts of requests 0, 1
  for (std::size_t i = 0; i < ids.size(); ++i) {
    EXPECT_NEAR(std::stod(took[i]), std::stod(asked[i]), 1e-6) << ids[i];
    if (ids[i][0] != '2') first_two[on[i]].push_back(hosts[i]);
  }
  ASSERT_EQ(first_two.size(), sites) << jobs;
  if (!one_core_hosts) return;
  for (const auto& [site, held] : first_two) {
    ASSERT_EQ(held.size(), 2u) << site;
    for (const auto& h0 : audit_items(held[0]))
      for (const auto& h1 : audit_items(held[1])) EXPECT_NE(h0, h1) << site << "\n" << jobs;
  }
}

}  // namespace

// Two clusters of two 1-core hosts: two 1-core jobs at once on each site.
TEST(MultiHost, OverlappingJobsOnASiteRunOnDifferentHostsGreedy) {
  expect_each_job_within_its_frame("two_clusters.xml", "greedy", requests("1,1", "2,2"), 2, true);
}

TEST(MultiHost, OverlappingJobsOnASiteRunOnDifferentHostsGridarsIp) {
  expect_each_job_within_its_frame("two_clusters.xml", "gridars-ip", requests("1,1", "2,2"), 2,
                                   true);
}

// Clusters of eight hosts of 1, 2 and 4 cores: 3-core jobs spread over hosts, then whole sites.
TEST(MultiHost, JobsSpreadOverHostsOfClustersOfManyHosts) {
  expect_each_job_within_its_frame("cluster_multi.xml", "greedy", requests("3,3,3", "8,16,32"), 3,
                                   false);
}
