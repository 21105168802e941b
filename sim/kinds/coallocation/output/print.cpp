// print_summary: the terminal view of summary.csv (same numbers, from compute_summary).
#include <map>
#include <string>
#include <tuple>

#include <fmt/format.h>

#include "sim/kinds/coallocation/output/writers.hpp"
#include "sim/metrics/csv.hpp"

namespace arsim::kinds::coallocation {

using metrics::format_number;

namespace {

using Key = std::tuple<std::string, std::string, std::string, std::string>;

std::string show(const std::optional<double>& v, const char* spec = "{:.3f}") {
  return v ? fmt::format(fmt::runtime(spec), *v) : std::string("-");
}

// One line per GRC (grcs.csv), for runs with several.
void print_coordinators(std::ostream& out, const RunRecord& rec) {
  const std::string row = "{:<12} {:>9} {:>8} {:>7} {:>11} {:>14}\n";
  out << fmt::format(fmt::runtime(row), "GRC", "requests", "accepted", "success", "plans tried",
                     "hold refusals");
  for (const auto& name : rec.coordinators) {
    long requests = 0, accepted = 0, tried = 0, refused = 0;
    for (const auto& r : rec.requests)
      if (r.coordinator == name) {
        ++requests;
        accepted += r.outcome == Outcome::Accepted;
        tried += r.plans_tried;
      }
    for (const auto& a : rec.attempts)
      refused += a.coordinator == name && a.phase == AttemptPhase::Hold;
    const auto ratio = requests ? std::optional(static_cast<double>(accepted) / requests)
                                : std::optional<double>();
    out << fmt::format(fmt::runtime(row), name, requests, accepted, show(ratio), tried, refused);
  }
}

}  // namespace

void print_summary(std::ostream& out, const RunRecord& rec, const model::ResourceGraph& g,
                   const MetricsConfig& cfg) {
  const auto rows = compute_summary(rec, g, cfg);
  std::map<Key, std::optional<double>> value;
  std::vector<std::string> users;  // in summary order: sorted names, then "all"
  std::string last_bucket;         // bucket_end of the last load bucket
  for (const auto& r : rows) {
    value[{r.metric, r.user, r.resource, r.bucket_end}] = r.value;
    if (r.metric == "submitted") users.push_back(r.user);
    if (r.metric == "request_load") last_bucket = r.bucket_end;
  }
  auto get = [&](const std::string& metric, const std::string& user, const std::string& resource,
                 const std::string& bucket) -> std::optional<double> {
    auto it = value.find({metric, user, resource, bucket});
    return it == value.end() ? std::nullopt : it->second;
  };
  // GridARS Fig. 7 quotes the success ratio at 50, 80 and 100 % load: buckets ending at 720, 1152
  // and 1440 minutes under the default configuration (bucket_end is in seconds).
  const std::vector<std::string> marks = {format_number(720 * 60), format_number(1152 * 60),
                                          format_number(1440 * 60)};
  out << fmt::format("{:<12} {:>9} {:>8} {:>7} {:>9} {:>9} {:>9} {:>12}\n", "user", "submitted",
                     "accepted", "success", "@720min", "@1152min", "@1440min", "mean dev (s)");
  for (const auto& u : users) {
    out << fmt::format(
        "{:<12} {:>9} {:>8} {:>7}", u, show(get("submitted", u, "", "all"), "{:.0f}"),
        show(get("accepted", u, "", "all"), "{:.0f}"), show(get("success_ratio", u, "", "all")));
    for (const auto& m : marks) out << fmt::format(" {:>9}", show(get("success_ratio", u, "", m)));
    out << fmt::format(" {:>12}\n", show(get("mean_time_deviation", u, "", "all"), "{:.1f}"));
  }
  double load_sum = 0;
  int sites = 0;
  for (int s : g.sites()) {
    if (auto v = get("site_load", "all", g.vertex(s).name, last_bucket)) {
      load_sum += *v;
      ++sites;
    }
  }
  out << fmt::format("request load at {} min: {}; mean site load: {} over {} sites\n",
                     last_bucket.empty() ? "-" : format_number(std::stod(last_bucket) / 60),
                     show(get("request_load", "all", "", last_bucket)),
                     show(sites > 0 ? std::optional(load_sum / sites) : std::nullopt), sites);
  if (rec.resubmission)
    out << fmt::format(
        "resubmission (all users): eventual acceptance {}, attempts per request {}, delay until "
        "acceptance {} s\n",
        show(get("eventual_acceptance", "all", "", "all")),
        show(get("attempts_per_request", "all", "", "all")),
        show(get("delay_until_acceptance", "all", "", "all"), "{:.1f}"));
  if (rec.coordinators.size() > 1) print_coordinators(out, rec);
}

}  // namespace arsim::kinds::coallocation
