// Hand-written ads in the format of workloads/gangmatch (Raman et al. Figs. 2-4) and the
// workloads, offers and records the gangmatching tests build from them.
#pragma once

#include <string>
#include <vector>

#include <fmt/format.h>

#include "classad/parser.hpp"
#include "sim/kinds/gangmatch/workload.hpp"

namespace arsim::kinds::gangmatch::testing {

// A job asking for an INTEL/LINUX workstation with >= 128M and a license valid on it.
inline std::string job_text(const std::string& owner, const std::string& arch = "INTEL") {
  return fmt::format(
      "[ Type = \"Job\"; Owner = \"{}\"; Cmd = \"sim_app\";\n"
      "  Ports = {{ [ Label = cpu; ImageSize = 64M;\n"
      "    Constraint = cpu.Type == \"Machine\" && cpu.Arch == \"{}\" && cpu.OpSys == \"LINUX\" "
      "&& cpu.Memory >= 128M ],\n"
      "    [ Label = license; Host = cpu.Name; Partition = cpu.Partition;\n"
      "      Constraint = license.Type == \"License\" && license.App == Cmd ] }} ]",
      owner, arch);
}

inline std::string workstation_text(int i, int partition = 0, int memory_mb = 256,
                                    const std::string& arch = "INTEL") {
  return fmt::format(
      "[ Type = \"Machine\"; Name = \"ws{}\"; Arch = \"{}\"; OpSys = \"LINUX\"; Memory = {}M; "
      "VirtualMemory = 512M; Partition = {};\n"
      "  Ports = {{ [ Label = requester;\n"
      "    Constraint = requester.Type == \"Job\" && requester.ImageSize <= Memory ] }} ]",
      i, arch, memory_mb, partition);
}

inline std::string license_text(int partition = 0) {
  return fmt::format(
      "[ Type = \"License\"; App = \"sim_app\"; Partition = {};\n"
      "  Ports = {{ [ Label = requester;\n"
      "    Constraint = requester.Type == \"Job\" && requester.Partition == Partition ] }} ]",
      partition);
}

inline JobSpec job(int index, const std::string& owner, double submit, double duration,
                   const std::string& arch = "INTEL") {
  JobSpec j;
  j.index = index;
  j.user = owner;
  j.submit = submit;
  j.duration = duration;
  j.ad = classad::parse_ad(job_text(owner, arch), "job" + std::to_string(index));
  return j;
}

inline ResourceSpec resource(Member m, const std::string& text) {
  return {m, classad::parse_ad(with_state(text, kAvailableState), member_name(m)),
          classad::parse_ad(with_state(text, unavailable_state(m.kind)), member_name(m))};
}

inline ResourceSpec workstation(int i, int partition = 0, int memory_mb = 256,
                                const std::string& arch = "INTEL") {
  return resource({MemberKind::Workstation, i}, workstation_text(i, partition, memory_mb, arch));
}

inline ResourceSpec license(int k, int partition = 0) {
  return resource({MemberKind::License, k}, license_text(partition));
}

}  // namespace arsim::kinds::gangmatch::testing
