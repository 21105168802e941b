#include "sim/kinds/matching/output/audit_derived.hpp"

#include <algorithm>
#include <cmath>
#include <iterator>
#include <map>
#include <set>

#include <fmt/format.h>

#include "sim/kinds/matching/output/writers.hpp"

namespace arsim::kinds::matching::audit {

namespace mm = arsim::model::matching;

Holds holds(const Run& run) {
  const auto& inst = run.w.instance;
  Holds out(inst.resources.size());
  for (std::size_t r = 0; r < inst.resources.size(); ++r)
    out[r].resize(inst.resources[r].capacity.size());
  for (std::size_t j = 0; j < run.jobs.size(); ++j) {
    const auto& f = run.jobs[j];
    if (!f.start || !f.finish || !f.batch) continue;
    const auto& depends = inst.jobs[j].depends;
    for (std::size_t d = 0; d < f.resources.size() && d < depends.size(); ++d)
      for (std::size_t a = 0; a < depends[d].usage.size(); ++a)
        if (depends[d].usage[a] != 0)
          out[f.resources[d]][a].push_back({*f.start, *f.finish, depends[d].usage[a], *f.batch});
  }
  return out;
}

double held_at(const std::vector<Hold>& hs, double t) {
  double sum = 0;
  for (const auto& h : hs)
    if (h.start <= t && t < h.finish) sum += h.u;
  return sum;
}

double held_over(const std::vector<Hold>& hs, double a, double b) {
  double sum = 0;
  for (const auto& h : hs) sum += h.u * std::max(0.0, std::min(h.finish, b) - std::max(h.start, a));
  return sum;
}

// The offer of the latest report measured at or before t (0 before the first).
// Reports are in measurement order (read_offers checks it), so both look-ups bisect.
double offer_at(const std::vector<OfferFact>& os, double t) {
  const auto it = std::upper_bound(os.begin(), os.end(), t,
                                   [](double x, const OfferFact& o) { return x < o.time; });
  return it == os.begin() ? 0.0 : std::prev(it)->offered;
}

std::vector<double> cuts(const std::vector<Hold>& hs, const std::vector<OfferFact>& os, double a,
                         double b) {
  std::vector<double> c{a, b};
  for (const auto& h : hs)
    for (double t : {h.start, h.finish})
      if (t > a && t < b) c.push_back(t);
  for (auto it = std::upper_bound(os.begin(), os.end(), a,
                                  [](double x, const OfferFact&o) { return x < o.time; });
       it != os.end() && it->time < b; ++it)
    c.push_back(it->time);
  std::sort(c.begin(), c.end());
  return c;
}

double offer_over(const std::vector<OfferFact>& os, double a, double b) {
  const auto c = cuts({}, os, a, b);
  double sum = 0;
  for (std::size_t i = 0; i + 1 < c.size(); ++i) sum += offer_at(os, c[i]) * (c[i + 1] - c[i]);
  return sum;
}

std::vector<BatchFact> read_batches(const metrics::CsvTable& t, std::vector<std::string>& out) {
  std::vector<BatchFact> bs;
  for (std::size_t i = 0; i < t.rows.size(); ++i) {
    BatchFact b;
    b.where = t.where(i);
    b.status = t.rows[i][t.column("status")];
    auto get = [&](const char* name) { return value(t, i, name, out).value_or(0); };
    b.start = get("start");
    b.end = get("end");
    b.matcher_time = get("matcher_time");
    b.objective = get("objective");
    b.work = get("work");
    b.size = static_cast<int>(get("size"));
    b.iterations = static_cast<long>(get("iterations"));
    b.lp_solves = static_cast<long>(get("lp_solves"));
    b.lp_nodes = static_cast<long>(get("lp_nodes"));
    b.probes = static_cast<long>(get("probes"));
    bs.push_back(std::move(b));
  }
  return bs;
}

std::vector<std::vector<std::vector<OfferFact>>> read_offers(const metrics::CsvTable& t,
                                                             const mm::Instance& inst,
                                                             std::vector<std::string>& out) {
  for (const auto& c : offers_header()) t.column(c);
  std::map<std::pair<std::string, std::string>, std::pair<int, int>> index;
  std::vector<std::vector<std::vector<OfferFact>>> offers(inst.resources.size());
  for (std::size_t r = 0; r < inst.resources.size(); ++r) {
    const auto& attrs = inst.types[inst.resources[r].type].dynamic_attributes;
    offers[r].resize(attrs.size());
    for (std::size_t a = 0; a < attrs.size(); ++a)
      index[{inst.resources[r].name, attrs[a]}] = {static_cast<int>(r), static_cast<int>(a)};
  }
  for (std::size_t i = 0; i < t.rows.size(); ++i) {
    const auto& row = t.rows[i];
    const auto it = index.find({row[t.column("resource")], row[t.column("attribute")]});
    const auto time = value(t, i, "time", out), offered = value(t, i, "offered", out);
    if (it == index.end()) {
      out.push_back(fmt::format("{}: unknown resource attribute {}.{}", t.where(i),
                                row[t.column("resource")], row[t.column("attribute")]));
      continue;
    }
    if (!time || !offered) continue;
    const auto [r, a] = it->second;
    if (!(*offered >= 0 && *offered <= inst.resources[r].capacity[a]))
      out.push_back(fmt::format("{}: offer {} outside [0, N = {}]", t.where(i), *offered,
                                inst.resources[r].capacity[a]));
    auto& list = offers[r][a];
    if (!list.empty() && *time < list.back().time)
      out.push_back(fmt::format("{}: report measured at {} after one at {}", t.where(i), *time,
                                list.back().time));
    OfferFact f{*time, -1, *offered, t.where(i)};
    if (!row[t.column("batch")].empty())
      f.batch = static_cast<int>(value(t, i, "batch", out).value_or(-1));
    list.push_back(f);
  }
  return offers;
}

void batch_numbers(const Run& run, std::vector<std::string>& out) {
  const auto& inst = run.w.instance;
  const auto& ctx = run.context;
  std::vector<double> count(run.batches.size(), 0), priority(run.batches.size(), 0);
  for (std::size_t j = 0; j < run.jobs.size(); ++j) {
    const auto& f = run.jobs[j];
    if (f.status != "completed" || !f.batch || *f.batch < 0 ||
        *f.batch >= static_cast<int>(run.batches.size()))
      continue;
    count[*f.batch] += 1;
    priority[*f.batch] += inst.jobs[j].priority;
  }
  for (std::size_t i = 0; i < run.batches.size(); ++i) {
    const auto& b = run.batches[i];
    const double w = ctx.policy.balance_weight;
    bool ok = true;
    switch (ctx.policy.objective) {
      case mm::Objective::Throughput:
        ok = close(b.objective, count[i]);
        break;
      case mm::Objective::Prioritized:
        ok = close(b.objective, priority[i]);
        break;
      case mm::Objective::LoadBalance:  // matched + w F with F in [0, 1]
        ok = b.objective >= count[i] - kTol && b.objective <= count[i] + w + kTol;
        break;
      case mm::Objective::LoadBalanceLiteral:  // F alone
        ok = b.objective >= -kTol && b.objective <= 1 + kTol;
        break;
    }
    if (!ok)
      out.push_back(fmt::format("{}: objective {} does not score the {} jobs it matched", b.where,
                                b.objective, count[i]));
    const bool missed = b.status == kMissedStatus;
    if (missed && !ctx.deadline.set())
      out.push_back(fmt::format("{}: missed a deadline the run does not have", b.where));
    if (ctx.cost.measured) {  // wall time: only the deadline bounds it
      if (ctx.deadline.set() && b.matcher_time > ctx.deadline.seconds * (1 + kTol))
        out.push_back(fmt::format("{}: matcher time {} s past the deadline {} s", b.where,
                                  b.matcher_time, ctx.deadline.seconds));
      continue;
    }
    const auto& c = ctx.cost;
    const double model = c.per_batch + c.per_iteration * static_cast<double>(b.iterations) +
                         c.per_probe * static_cast<double>(b.probes) +
                         c.per_lp_solve * static_cast<double>(b.lp_solves) +
                         c.per_lp_work * std::max(0.0, b.work - static_cast<double>(b.probes));
    const bool late = ctx.deadline.set() && model > ctx.deadline.seconds;
    const double expected = late ? ctx.deadline.seconds : model;
    if (!close(b.matcher_time, expected))
      out.push_back(fmt::format("{}: matcher time {} s, but its counts cost {} s{}", b.where,
                                b.matcher_time, model, late ? " (deadline: charged it)" : ""));
    if (late != missed)
      out.push_back(
          fmt::format("{}: status '{}' though its counts cost {} s against the deadline "
                      "{} s",
                      b.where, b.status, model, ctx.deadline.seconds));
  }
}

void admissions(const Run& run, std::vector<std::string>& out) {
  const auto& inst = run.w.instance;
  const Holds hs = holds(run);
  const int batches = static_cast<int>(run.batches.size());
  std::set<std::pair<double, int>> told;  // one message per report
  for (const auto& per_resource : run.offers)
    for (const auto& os : per_resource)
      for (const auto& o : os)
        if ((o.batch > batches ||
             (o.batch >= 0 && o.batch < batches && o.time > run.batches[o.batch].start + kTol)) &&
            told.insert({o.time, o.batch}).second)
          out.push_back(
              fmt::format("{}: the report measured at {} is seen by batch {}, which "
                          "began before it",
                          o.where, o.time, o.batch));
  for (std::size_t r = 0; r < inst.resources.size(); ++r)
    for (std::size_t a = 0; a < hs[r].size(); ++a) {
      const auto& os = run.offers[r][a];
      for (std::size_t i = 0; i < run.batches.size(); ++i) {
        const double start = run.batches[i].start;
        double before = 0, admitted = 0;
        for (const auto& h : hs[r][a])
          if (h.batch == static_cast<int>(i))
            admitted += h.u;
          else if (h.batch < static_cast<int>(i) && h.start <= start && start < h.finish)
            before += h.u;
        if (admitted == 0) continue;
        double seen = 0;  // the latest report applied before the batch began
        for (const auto& o : os)
          if (o.batch >= 0 && o.batch <= static_cast<int>(i)) seen = o.offered;
        if (before + admitted > seen + kTol * std::max(1.0, seen))
          out.push_back(
              fmt::format("{}: admits {} of {} {} beside {} held, above the offer {} it saw",
                          run.batches[i].where, admitted, inst.resources[r].name,
                          inst.types[inst.resources[r].type].dynamic_attributes[a], before, seen));
      }
    }
}

}  // namespace arsim::kinds::matching::audit
