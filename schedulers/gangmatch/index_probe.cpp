// Probing the gang index: pick the dimension with the fewest live entries, list it, and filter
// its entries by every other dimension.
#include <algorithm>

#include "schedulers/gangmatch/index.hpp"

namespace arsim::schedulers::gangmatch {

namespace {

std::pair<int, int> span(const Column<double>& col, const Bound& lo, const Bound& hi) {
  const int b =
      lo.inf ? 0 : col.partition([&](double k) { return lo.incl ? k < lo.key : k <= lo.key; });
  const int e = hi.inf
                    ? col.size()
                    : col.partition([&](double k) { return hi.incl ? k <= hi.key : k < hi.key; });
  return {b, std::max(b, e)};
}

struct StabSpan {
  int pb = 0, pe = 0;  // points equal to the value
  int lo_end = 0;      // ranges whose lower end admits the value: a prefix of the lo column
  int hi_begin = 0;    // ranges whose upper end admits the value: a suffix of the hi column
};

template <class Cols>
StabSpan stab_span(const Cols& d, double x) {
  StabSpan s;
  s.pb = d.points.partition([&](double k) { return k < x; });
  s.pe = d.points.partition([&](double k) { return k <= x; });
  s.lo_end = d.lo.partition([&](const auto& t) {
    return std::get<0>(t) == 0 || std::get<1>(t) < x ||
           (std::get<1>(t) == x && std::get<2>(t) == 0);
  });
  s.hi_begin = d.hi.partition([&](const auto& t) {
    return std::get<0>(t) == 0 &&
           (std::get<1>(t) < x || (std::get<1>(t) == x && std::get<2>(t) == 0));
  });
  return s;
}

}  // namespace

const Interval* GangIndex::interval(int cp, int attr) const {
  for (const auto& [a, r] : intervals_[cp])
    if (a == attr) return &r;
  return nullptr;
}

int GangIndex::count(const ProbeQuery& q, const Dim& d) {
  if (d.kind == 0) {
    const auto& r = q.ranges[d.index];
    auto& rc = range_cols_[r.attr];
    if (r.bounds.state == Interval::Empty) return 0;
    auto& col = r.bounds.state == Interval::Num ? rc.num : rc.str;
    const auto [b, e] = span(col, r.bounds.lo, r.bounds.hi);
    return col.alive(b, e) + rc.dynamic.alive(0, rc.dynamic.size());
  }
  const auto& s = q.stabs[d.index];
  auto& ic = interval_cols_[s.attr];
  const int free = ic.unconstrained.alive(0, ic.unconstrained.size());
  if (s.kind == Interval::Empty) return free;
  auto& dc = s.kind == Interval::Num ? ic.num : ic.str;
  const StabSpan sp = stab_span(dc, s.key);
  return free + dc.points.alive(sp.pb, sp.pe) + dc.lo.alive(0, sp.lo_end) -
         dc.hi.alive(0, sp.hi_begin);
}

void GangIndex::enumerate(const ProbeQuery& q, const Dim& d, const std::function<void(int)>& f) {
  if (d.kind == 0) {
    const auto& r = q.ranges[d.index];
    auto& rc = range_cols_[r.attr];
    if (r.bounds.state == Interval::Empty) return;
    auto& col = r.bounds.state == Interval::Num ? rc.num : rc.str;
    const auto [b, e] = span(col, r.bounds.lo, r.bounds.hi);
    col.each(b, e, f);
    rc.dynamic.each(0, rc.dynamic.size(), f);
    return;
  }
  const auto& s = q.stabs[d.index];
  auto& ic = interval_cols_[s.attr];
  ic.unconstrained.each(0, ic.unconstrained.size(), f);
  if (s.kind == Interval::Empty) return;
  auto& dc = s.kind == Interval::Num ? ic.num : ic.str;
  const StabSpan sp = stab_span(dc, s.key);
  dc.points.each(sp.pb, sp.pe, f);
  auto inside = [&](int cp) {
    if (const Interval* r = interval(cp, s.attr); r && r->contains(s.kind, s.key)) f(cp);
  };
  // The ranges holding the value: the smaller of the two one-sided lists, filtered.
  if (dc.lo.alive(0, sp.lo_end) <= dc.hi.alive(sp.hi_begin, dc.hi.size()))
    dc.lo.each(0, sp.lo_end, inside);
  else
    dc.hi.each(sp.hi_begin, dc.hi.size(), inside);
}

bool GangIndex::passes(const ProbeQuery& q, int cp, const Dim& driver) const {
  const auto& cells = cells_[cp];
  for (std::size_t i = 0; i < q.ranges.size(); ++i) {
    if (driver.kind == 0 && driver.index == static_cast<int>(i)) continue;
    const Cell& c = cells[q.ranges[i].attr];
    if (c.kind == Cell::Dynamic) continue;
    const auto want = c.kind == Cell::Num ? Interval::Num : Interval::Str;
    if (c.kind == Cell::None || !q.ranges[i].bounds.contains(want, c.key)) return false;
  }
  for (std::size_t i = 0; i < q.stabs.size(); ++i) {
    if (driver.kind == 1 && driver.index == static_cast<int>(i)) continue;
    const Interval* r = interval(cp, q.stabs[i].attr);
    if (r && !r->contains(q.stabs[i].kind, q.stabs[i].key)) return false;
  }
  return true;
}

std::vector<int> GangIndex::probe(const ProbeQuery& q, const std::function<bool(int)>& keep,
                                  int limit) {
  std::vector<int> out;
  if (q.impossible) return out;
  Dim best{-1, -1, all_.alive(0, all_.size())};
  for (int i = 0; i < static_cast<int>(q.ranges.size()); ++i)
    if (const int c = count(q, {0, i, 0}); c < best.count) best = {0, i, c};
  for (int i = 0; i < static_cast<int>(q.stabs.size()); ++i)
    if (const int c = count(q, {1, i, 0}); c < best.count) best = {1, i, c};
  auto visit = [&](int cp) {
    if (static_cast<int>(out.size()) < limit && passes(q, cp, best) && keep(cp)) out.push_back(cp);
  };
  if (best.kind < 0)
    all_.each(0, all_.size(), visit);
  else
    enumerate(q, best, visit);
  if (static_cast<int>(out.size()) < limit) std::sort(out.begin(), out.end());
  return out;
}

}  // namespace arsim::schedulers::gangmatch
