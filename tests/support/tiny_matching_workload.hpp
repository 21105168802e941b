// A hand-made on-line matching workload small enough to follow by hand: one type "server" (static
// attribute "os", dynamic attribute "mem"), resources r0 (linux, 10), r1 (linux, 4), r2 (bsd, 6),
// and jobs
//   j0: mem 8 on linux (fits r0 only)      j1: mem 5 on linux (fits r0 only)
//   j2: mem 12 (fits nothing: rejected)    j3: mem 3 on solaris (no candidate: rejected)
//   j4: mem 4 on any os (fits r0, r1, r2)
// submitted at 1, 5, 6, 7, 8 with durations 100, 50, 10, 10, 20, all by submitter 0.
#pragma once

#include "workloads/matching/online.hpp"

namespace arsim::testing {

inline workloads::matching::OnlineWorkload tiny_workload() {
  namespace mm = model::matching;
  workloads::matching::OnlineWorkload w;
  w.instance.types = {{"server", {"os"}, {"mem"}}};
  w.instance.resources = {
      {"r0", 0, {"linux"}, {10}}, {"r1", 0, {"linux"}, {4}}, {"r2", 0, {"bsd"}, {6}}};
  auto job = [](const char* name, double mem, const char* os) {
    mm::Job j{name, 1, {{0, {}, {mem}}}};
    if (*os) j.depends[0].requirements.push_back({0, os});
    return j;
  };
  w.instance.jobs = {job("j0", 8, "linux"), job("j1", 5, "linux"), job("j2", 12, ""),
                     job("j3", 3, "solaris"), job("j4", 4, "")};
  w.submit = {1, 5, 6, 7, 8};
  w.duration = {100, 50, 10, 10, 20};
  w.submitter = {0, 0, 0, 0, 0};
  w.submitters = 1;
  w.rate = 1;
  return w;
}

}  // namespace arsim::testing
