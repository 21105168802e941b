// Pools of ads for the gang matcher tests: from text, from the paper's figures, and at random.
#pragma once

#include <fstream>
#include <map>
#include <optional>
#include <random>
#include <sstream>
#include <string>
#include <vector>

#include "classad/parser.hpp"
#include "model/gang/gang.hpp"
#include "model/random.hpp"
#include "schedulers/builtins.hpp"

namespace arsim::test {

// Ads from text, one per string; roots are the given positions.
inline model::gang::GangProblem pool(const std::vector<std::string>& ads, std::vector<int> roots,
                                     std::optional<double> clock = {}) {
  model::gang::GangProblem p;
  for (std::size_t i = 0; i < ads.size(); ++i)
    p.ads.push_back(classad::parse_ad(ads[i], "ad" + std::to_string(i)));
  p.roots = std::move(roots);
  p.clock = clock;
  return p;
}

inline std::string figure(const std::string& name) {
  std::ifstream in("scenarios/gangmatch/ads/" + name);
  std::ostringstream ss;
  ss << in.rdbuf();
  return ss.str();
}

inline schedulers::Registries& registries() {
  static schedulers::Registries r = [] {
    schedulers::Registries reg;
    schedulers::register_builtins(reg);
    return reg;
  }();
  return r;
}

inline schedulers::GangResult run(const std::string& matcher, const model::gang::GangProblem& p,
                                  const std::map<std::string, std::string>& params = {}) {
  return registries().gang_matchers.create(matcher, params)->match(p);
}

// A job needing a machine (Arch, Memory) and a license valid in the machine's zone, as in
// Raman et al. Figs. 2-4 with a zone for a host.
inline std::string job(const std::string& arch, int memory, const std::string& extra = "") {
  return "[ Type = \"Job\"; Ports = { [ Label = cpu; Need = " + std::to_string(memory) +
         "; Constraint = cpu.Type == \"Machine\" && cpu.Arch == \"" + arch +
         "\" && cpu.Memory >= Need" + extra +
         " ], [ Label = license; Zone = cpu.Zone; Constraint = license.Type == \"License\" ] } ]";
}
inline std::string machine(const std::string& arch, int memory, int zone,
                           const std::string& rank = "") {
  return "[ Type = \"Machine\"; Arch = \"" + arch + "\"; Memory = " + std::to_string(memory) +
         "; Zone = " + std::to_string(zone) +
         "; Ports = { [ Label = requester; Constraint = requester.Type == \"Job\"" + rank +
         " ] } ]";
}
inline std::string license(int zone) {
  return "[ Type = \"License\"; Zone = " + std::to_string(zone) +
         "; Ports = { [ Label = requester; Constraint = requester.Type == \"Job\" && "
         "requester.Zone == Zone ] } ]";
}

// A random pool: jobs asking for one to three kinds of resources with random bounds, resources
// of random attributes, some with a port of their own, some aliases (a port exporting an earlier
// partner's attribute for a later partner to check), some ranks. Small enough for the exact
// reference.
inline model::gang::GangProblem random_pool(std::mt19937_64& rng, int jobs, int resources) {
  using model::uniform_index;
  auto pick = [&](int n) {
    return static_cast<int>(uniform_index(rng, static_cast<std::uint64_t>(n)));
  };
  const char* kinds[] = {"cpu", "disk", "lic"};
  const char* colors[] = {"red", "blue", "Red"};
  std::vector<std::string> ads;
  std::vector<int> roots;
  for (int j = 0; j < jobs; ++j) {
    const int ports = 1 + pick(3);
    std::string t = "[ Type = \"Job\"; Prio = " + std::to_string(pick(3)) + "; Ports = { ";
    for (int p = 0; p < ports; ++p) {
      const std::string label = std::string("l") + std::to_string(p);
      t +=
          std::string(p ? ", " : "") + "[ Label = " + label + "; Size = " + std::to_string(pick(4));
      if (p > 0) t += "; Zone = l0.Zone";  // an alias of the first partner's zone
      t += "; Constraint = " + label + ".Kind == \"" + kinds[pick(3)] + "\"";
      if (pick(2)) t += " && " + label + ".X >= " + std::to_string(pick(5));
      if (pick(3) == 0) t += " && " + label + ".Color == \"" + colors[pick(3)] + "\"";
      if (pick(4) == 0) t += " && " + label + ".X != " + std::to_string(pick(5));
      if (p > 0 && pick(3) == 0) t += " && " + label + ".Zone == l0.Zone";
      if (pick(3) == 0) t += "; Rank = " + label + ".X";
      t += " ]";
    }
    t += " } ]";
    roots.push_back(static_cast<int>(ads.size()));
    ads.push_back(t);
  }
  for (int r = 0; r < resources; ++r) {
    std::string t = std::string("[ Kind = \"") + kinds[pick(3)] +
                    "\"; X = " + std::to_string(pick(5)) + "; Color = \"" + colors[pick(3)] +
                    "\"; Zone = " + std::to_string(pick(2)) + "; Ports = { [ Label = req";
    t += "; Constraint = req.Size <= " + std::to_string(pick(5));
    if (pick(3) == 0) t += " && req.Zone == Zone";
    if (pick(5) == 0) t += " && req.Prio > 0";
    t += " ]";
    if (pick(6) == 0)  // a resource that needs a resource of its own: a three-level gang
      t += ", [ Label = sub; Size = 0; Constraint = sub.Kind == \"disk\" && sub.X >= X ]";
    t += " } ]";
    ads.push_back(t);
  }
  return pool(ads, roots);
}

}  // namespace arsim::test
