#include "workloads/gangmatch/generator.hpp"

#include <cmath>
#include <stdexcept>

#include <fmt/format.h>

#include "classad/parser.hpp"
#include "model/random.hpp"

namespace arsim::workloads::gangmatch {

namespace {

// Seven architecture/operating-system pairs, as in the paper's pool ("seven different
// architecture/operating system combinations", §2 footnote), most common first. Weights in
// thousandths; workstations and jobs draw from the same distribution.
struct Platform {
  const char* arch;
  const char* opsys;
  int weight;
};
const Platform kPlatforms[] = {{"INTEL", "LINUX", 400},   {"INTEL", "SOLARIS", 150},
                               {"SUN4u", "SOLARIS", 150}, {"INTEL", "WINNT", 100},
                               {"ALPHA", "OSF1", 80},     {"SGI", "IRIX", 70},
                               {"HPPA", "HPUX", 50}};
const int kMemory[] = {64, 128, 256, 512, 1024};  // MB, workstations
const int kRequest[] = {32, 64, 128, 256, 512};   // MB, what jobs ask for
const int kImage[] = {16, 32, 64, 128, 256};      // MB, job image sizes

template <std::size_t N>
int pick(std::mt19937_64& rng, const int (&values)[N]) {
  return values[model::uniform_index(rng, N)];
}

const Platform& platform(std::mt19937_64& rng, int used) {
  int total = 0;
  for (int i = 0; i < used; ++i) total += kPlatforms[i].weight;
  int x = static_cast<int>(model::uniform_index(rng, static_cast<std::uint64_t>(total)));
  for (int i = 0; i < used; ++i) {
    if (x < kPlatforms[i].weight) return kPlatforms[i];
    x -= kPlatforms[i].weight;
  }
  return kPlatforms[used - 1];
}

std::string workstation(int i, const Platform& p, int memory, int virt, int partition) {
  return fmt::format(
      "[ Type = \"Machine\"; Name = \"ws{}\"; Arch = \"{}\"; OpSys = \"{}\"; Memory = {}M; "
      "VirtualMemory = {}M; Partition = {};\n"
      "  Ports = {{ [ Label = requester;\n"
      "    Constraint = requester.Type == \"Job\" && requester.ImageSize <= Memory ] }} ]",
      i, p.arch, p.opsys, memory, virt, partition);
}

std::string job(int j, const Platform& p, int memory, int virt, int image) {
  return fmt::format(
      "[ Type = \"Job\"; Owner = \"user{}\"; Cmd = \"sim_app\";\n"
      "  Ports = {{ [ Label = cpu; ImageSize = {}M;\n"
      "    Constraint = cpu.Type == \"Machine\" && cpu.Arch == \"{}\" && cpu.OpSys == \"{}\" &&\n"
      "      cpu.Memory >= {}M && cpu.VirtualMemory >= {}M ],\n"
      "    [ Label = license; Host = cpu.Name; Partition = cpu.Partition;\n"
      "      Constraint = license.Type == \"License\" && license.App == Cmd ] }} ]",
      j % 16, image, p.arch, p.opsys, memory, virt);
}

std::string license(int partition) {
  return fmt::format(
      "[ Type = \"License\"; App = \"sim_app\"; Partition = {};\n"
      "  Ports = {{ [ Label = requester;\n"
      "    Constraint = requester.Type == \"Job\" && requester.Partition == Partition ] }} ]",
      partition);
}

}  // namespace

void validate(const Config& c) {
  if (c.jobs < 0 || c.jobs > 10000000)
    throw std::invalid_argument(fmt::format("jobs: expected 0..10000000, got {}", c.jobs));
  if (!(c.license_density >= 0 && c.license_density <= 100))
    throw std::invalid_argument(
        fmt::format("license_density: expected 0..100, got {}", c.license_density));
  if (c.selectivity < 1 || c.selectivity > 1000000)
    throw std::invalid_argument(
        fmt::format("selectivity: expected 1..1000000, got {}", c.selectivity));
  if (c.request_scale < 1 || c.request_scale > 16)
    throw std::invalid_argument(
        fmt::format("request_scale: expected 1..16, got {}", c.request_scale));
  if (c.platforms < 1 || c.platforms > 7)
    throw std::invalid_argument(fmt::format("platforms: expected 1..7, got {}", c.platforms));
}

std::vector<std::string> generate_text(const Config& c, std::uint64_t seed, int run_index) {
  validate(c);
  const auto run = static_cast<std::uint64_t>(run_index);
  auto jr = model::make_stream(seed, run, "gangmatch-jobs");
  auto wr = model::make_stream(seed, run, "gangmatch-workstations");
  std::vector<std::string> ads;
  for (int j = 0; j < c.jobs; ++j) {
    const Platform& p = platform(jr, c.platforms);
    const int memory = pick(jr, kRequest) * c.request_scale;
    const int virt = memory * (1 + static_cast<int>(model::uniform_index(jr, 2)));
    ads.push_back(job(j, p, memory, virt, pick(jr, kImage)));
  }
  for (int i = 0; i < c.jobs; ++i) {
    const Platform& p = platform(wr, c.platforms);
    const int memory = pick(wr, kMemory);
    const int virt = memory * (1 << model::uniform_index(wr, 3));  // x1, x2 or x4
    ads.push_back(workstation(i, p, memory, virt, i % c.selectivity));
  }
  const int licenses = static_cast<int>(std::lround(c.license_density * c.jobs));
  for (int k = 0; k < licenses; ++k) ads.push_back(license(k % c.selectivity));
  return ads;
}

model::gang::GangProblem generate(const Config& c, std::uint64_t seed, int run_index) {
  model::gang::GangProblem p;
  for (const auto& text : generate_text(c, seed, run_index))
    p.ads.push_back(classad::parse_ad(text, "gangmatch-workload"));
  for (int j = 0; j < c.jobs; ++j) p.roots.push_back(j);
  return p;
}

}  // namespace arsim::workloads::gangmatch
