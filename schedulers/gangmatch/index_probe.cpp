// Probing the gang index: pick the dimension with the fewest live entries, list it, and filter
// its entries by every other dimension.
#include <algorithm>
#include <cmath>

#include "schedulers/gangmatch/index.hpp"

namespace arsim::schedulers::gangmatch {

namespace {

template <class K>
std::pair<int, int> span(const Column<K>& col, const Bound<K>& lo, const Bound<K>& hi) {
  const int b =
      lo.inf ? 0 : col.partition([&](const K& k) { return lo.incl ? k < lo.key : !(lo.key < k); });
  const int e =
      hi.inf ? col.size()
             : col.partition([&](const K& k) { return hi.incl ? !(hi.key < k) : k < hi.key; });
  return {b, std::max(b, e)};
}

struct StabSpan {
  int pb = 0, pe = 0;  // points equal to the value
  int lo_end = 0;      // ranges whose lower end admits the value: a prefix of the lo column
  int hi_begin = 0;    // ranges whose upper end admits the value: a suffix of the hi column
};

template <class K, class Lo, class Hi>
StabSpan stab_span(const Column<K>& pts, const Column<Lo>& lo, const Column<Hi>& hi, const K& x) {
  StabSpan s;
  s.pb = pts.partition([&](const K& k) { return k < x; });
  s.pe = pts.partition([&](const K& k) { return !(x < k); });
  s.lo_end = lo.partition([&](const Lo& t) {
    return std::get<0>(t) == 0 || std::get<1>(t) < x ||
           (std::get<1>(t) == x && std::get<2>(t) == 0);
  });
  s.hi_begin = hi.partition([&](const Hi& t) {
    return std::get<0>(t) == 0 &&
           (std::get<1>(t) < x || (std::get<1>(t) == x && std::get<2>(t) == 0));
  });
  return s;
}

}  // namespace

bool GangIndex::cell_in(const Cell& c, const Interval& r) const {
  switch (c.kind) {
    case Cell::Dynamic:
      return r.state != Interval::Empty;
    case Cell::Num:
      return contains(r, classad::Value::real(c.num));
    case Cell::Str:
      return contains(r, classad::Value::string(c.str));
    default:
      return false;
  }
}

const Interval* GangIndex::interval(int cp, int attr) const {
  for (const auto& [a, r] : intervals_[cp])
    if (a == attr) return &r;
  return nullptr;
}

int GangIndex::count(const ProbeQuery& q, const Dim& d) {
  if (d.kind == 0) {
    const auto& r = q.ranges[d.index];
    auto& rc = range_cols_[r.attr];
    const int dyn = rc.dynamic.alive(0, rc.dynamic.size());
    if (r.bounds.state == Interval::Num) {
      const auto [b, e] = span(rc.num, r.bounds.nlo, r.bounds.nhi);
      return rc.num.alive(b, e) + dyn;
    }
    if (r.bounds.state == Interval::Str) {
      const auto [b, e] = span(rc.str, r.bounds.slo, r.bounds.shi);
      return rc.str.alive(b, e) + dyn;
    }
    return 0;
  }
  const auto& s = q.stabs[d.index];
  auto& ic = interval_cols_[s.attr];
  const int free = ic.unconstrained.alive(0, ic.unconstrained.size());
  if (s.value.is_numeric()) {
    const StabSpan sp = stab_span(ic.npoints, ic.nlo, ic.nhi, s.value.as_real());
    return free + ic.npoints.alive(sp.pb, sp.pe) + ic.nlo.alive(0, sp.lo_end) -
           ic.nhi.alive(0, sp.hi_begin);
  }
  if (s.value.is(classad::Kind::String)) {
    const StabSpan sp = stab_span(ic.spoints, ic.slo, ic.shi, classad::fold(s.value.as_string()));
    return free + ic.spoints.alive(sp.pb, sp.pe) + ic.slo.alive(0, sp.lo_end) -
           ic.shi.alive(0, sp.hi_begin);
  }
  return free;
}

void GangIndex::enumerate(const ProbeQuery& q, const Dim& d, const std::function<void(int)>& f) {
  if (d.kind == 0) {
    const auto& r = q.ranges[d.index];
    auto& rc = range_cols_[r.attr];
    if (r.bounds.state == Interval::Num) {
      const auto [b, e] = span(rc.num, r.bounds.nlo, r.bounds.nhi);
      rc.num.each(b, e, f);
    } else if (r.bounds.state == Interval::Str) {
      const auto [b, e] = span(rc.str, r.bounds.slo, r.bounds.shi);
      rc.str.each(b, e, f);
    } else {
      return;
    }
    rc.dynamic.each(0, rc.dynamic.size(), f);
    return;
  }
  const auto& s = q.stabs[d.index];
  auto& ic = interval_cols_[s.attr];
  ic.unconstrained.each(0, ic.unconstrained.size(), f);
  auto ranges = [&](auto& pts, auto& lo, auto& hi, const auto& x) {
    const StabSpan sp = stab_span(pts, lo, hi, x);
    pts.each(sp.pb, sp.pe, f);
    auto inside = [&](int cp) {
      if (const Interval* r = interval(cp, s.attr); r && contains(*r, s.value)) f(cp);
    };
    if (lo.alive(0, sp.lo_end) <= hi.alive(sp.hi_begin, hi.size()))
      lo.each(0, sp.lo_end, inside);
    else
      hi.each(sp.hi_begin, hi.size(), inside);
  };
  if (s.value.is_numeric())
    ranges(ic.npoints, ic.nlo, ic.nhi, s.value.as_real());
  else if (s.value.is(classad::Kind::String))
    ranges(ic.spoints, ic.slo, ic.shi, classad::fold(s.value.as_string()));
}

bool GangIndex::passes(const ProbeQuery& q, int cp, const Dim& driver) const {
  for (std::size_t i = 0; i < q.ranges.size(); ++i) {
    if (driver.kind == 0 && driver.index == static_cast<int>(i)) continue;
    if (!cell_in(cells_[cp][q.ranges[i].attr], q.ranges[i].bounds)) return false;
  }
  for (std::size_t i = 0; i < q.stabs.size(); ++i) {
    if (driver.kind == 1 && driver.index == static_cast<int>(i)) continue;
    const Interval* r = interval(cp, q.stabs[i].attr);
    if (r && !contains(*r, q.stabs[i].value)) return false;
  }
  return true;
}

std::vector<int> GangIndex::probe(const ProbeQuery& q, const std::function<bool(int)>& keep) {
  std::vector<int> out;
  if (q.impossible) return out;
  Dim best{-1, -1, all_.alive(0, all_.size())};
  for (int i = 0; i < static_cast<int>(q.ranges.size()); ++i) {
    const Dim d{0, i, 0};
    if (const int c = count(q, d); c < best.count) best = {0, i, c};
  }
  for (int i = 0; i < static_cast<int>(q.stabs.size()); ++i) {
    const Dim d{1, i, 0};
    if (const int c = count(q, d); c < best.count) best = {1, i, c};
  }
  auto visit = [&](int cp) {
    if (passes(q, cp, best) && keep(cp)) out.push_back(cp);
  };
  if (best.kind < 0)
    all_.each(0, all_.size(), visit);
  else
    enumerate(q, best, visit);
  std::sort(out.begin(), out.end());
  out.erase(std::unique(out.begin(), out.end()), out.end());
  return out;
}

}  // namespace arsim::schedulers::gangmatch
