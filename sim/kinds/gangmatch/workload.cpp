#include "sim/kinds/gangmatch/workload.hpp"

#include <stdexcept>

#include <fmt/format.h>

#include "classad/eval.hpp"
#include "classad/parser.hpp"
#include "model/random.hpp"

namespace arsim::kinds::gangmatch {

namespace {

classad::ClassAd parse(const std::string& text, Member m) {
  return classad::parse_ad(text, member_name(m));
}

std::string owner_of(const classad::ClassAd& ad, int job) {
  const classad::Expr* owner = ad.find("Owner");
  if (owner) {
    const classad::Value v = classad::evaluate(*owner, nullptr);
    if (v.is(classad::Kind::String)) return v.as_string();
  }
  throw std::logic_error(fmt::format("job {}: the workload's ad has no Owner string", job));
}

ResourceSpec resource(const std::string& text, Member m) {
  return {m, parse(with_state(text, kAvailableState), m),
          parse(with_state(text, unavailable_state(m.kind)), m)};
}

}  // namespace

void validate(const WorkloadConfig& c) {
  workloads::gangmatch::validate(c.ads);
  if (c.ads.jobs < 1) throw std::invalid_argument("jobs: expected at least 1");
  if (c.poisson && !(c.mean_interarrival > 0))
    throw std::invalid_argument(
        fmt::format("mean_interarrival: expected > 0, got {}", c.mean_interarrival));
  if (c.durations.empty()) throw std::invalid_argument("durations: expected at least one");
  for (double d : c.durations)
    if (!(d > 0)) throw std::invalid_argument(fmt::format("durations: expected > 0, got {}", d));
}

std::string_view unavailable_state(MemberKind kind) {
  if (kind == MemberKind::Workstation) return "Owner";
  if (kind == MemberKind::License) return "InUse";
  throw std::logic_error("unavailable_state: a job has no resource state");
}

std::string with_state(std::string_view text, std::string_view state) {
  constexpr std::string_view open = "[ ", constraint = "Constraint = ";
  const auto at = text.find(constraint);
  if (text.substr(0, open.size()) != open || at == std::string_view::npos ||
      text.find(constraint, at + 1) != std::string_view::npos)
    throw std::logic_error("with_state: not a one-port resource ad of workloads/gangmatch");
  const std::size_t head = at + constraint.size();
  return fmt::format("[ State = \"{}\"; {}State == \"{}\" && {}", state,
                     text.substr(open.size(), head - open.size()), kAvailableState,
                     text.substr(head));
}

Workload make_workload(const WorkloadConfig& c, std::uint64_t seed, int run_index) {
  validate(c);
  const auto texts = workloads::gangmatch::generate_text(c.ads, seed, run_index);
  const int n = c.ads.jobs;
  const auto run = static_cast<std::uint64_t>(run_index);
  auto arrivals = model::make_stream(seed, run, "gangmatch-arrivals");
  auto durations = model::make_stream(seed, run, "gangmatch-durations");
  Workload w;
  double t = 0;
  for (int j = 0; j < n; ++j) {
    if (c.poisson) t += model::exponential(arrivals, c.mean_interarrival);
    JobSpec job;
    job.index = j;
    job.ad = parse(texts[j], {MemberKind::Job, j});
    job.user = owner_of(job.ad, j);
    job.submit = t;
    job.duration = c.durations[model::uniform_index(durations, c.durations.size())];
    w.jobs.push_back(std::move(job));
  }
  for (int i = 0; i < n; ++i)
    w.workstations.push_back(resource(texts[n + i], {MemberKind::Workstation, i}));
  for (std::size_t k = 2 * static_cast<std::size_t>(n); k < texts.size(); ++k)
    w.licenses.push_back(resource(texts[k], {MemberKind::License, static_cast<int>(k - 2 * n)}));
  return w;
}

std::vector<Period> unavailability(std::mt19937_64& rng, const AvailabilityConfig& c,
                                   double horizon) {
  std::vector<Period> out;
  if (c.rate <= 0) return out;
  if (!(c.mean_duration > 0))
    throw std::invalid_argument("unavailability: mean duration must be > 0 when rate > 0");
  double t = 0;
  for (;;) {
    t += model::exponential(rng, 1 / c.rate);
    if (t >= horizon) return out;
    const double end = t + model::exponential(rng, c.mean_duration);
    out.push_back({t, end});
    t = end;
  }
}

std::string unavailability_stream(Member m) {
  return (m.kind == MemberKind::Workstation ? "gangmatch-owner-" : "gangmatch-external-") +
         member_name(m);
}

}  // namespace arsim::kinds::gangmatch
