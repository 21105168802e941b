#include "schedulers/gangmatch/index.hpp"

#include <algorithm>
#include <cmath>

#include "classad/eval.hpp"

namespace arsim::schedulers::gangmatch {

namespace {

using classad::Kind;
using classad::Op;
using classad::Value;

constexpr double kExact = 9007199254740992.0;  // 2^53: doubles hold every integer up to here

template <class K>
void set_bounds(Op op, const K& x, Bound<K>& lo, Bound<K>& hi) {
  switch (op) {
    case Op::Eq:
      lo = {x, false, true}, hi = {x, false, true};
      break;
    case Op::Lt:
      hi = {x, false, false};
      break;
    case Op::Le:
      hi = {x, false, true};
      break;
    case Op::Gt:
      lo = {x, false, false};
      break;
    case Op::Ge:
      lo = {x, false, true};
      break;
    default:
      break;
  }
}

template <class K>
bool admits_lo(const Bound<K>& lo, const K& v) {
  return lo.inf || lo.key < v || (lo.key == v && lo.incl);
}
template <class K>
bool admits_hi(const Bound<K>& hi, const K& v) {
  return hi.inf || v < hi.key || (hi.key == v && hi.incl);
}

template <class K>
Bound<K> tighter_lo(const Bound<K>& a, const Bound<K>& b) {
  if (a.inf) return b;
  if (b.inf) return a;
  if (a.key < b.key) return b;
  if (b.key < a.key) return a;
  return a.incl ? b : a;
}
template <class K>
Bound<K> tighter_hi(const Bound<K>& a, const Bound<K>& b) {
  if (a.inf) return b;
  if (b.inf) return a;
  if (a.key < b.key) return a;
  if (b.key < a.key) return b;
  return a.incl ? b : a;
}
template <class K>
bool empty_between(const Bound<K>& lo, const Bound<K>& hi) {
  if (lo.inf || hi.inf) return false;
  return hi.key < lo.key || (lo.key == hi.key && !(lo.incl && hi.incl));
}

Interval intersect(const Interval& a, const Interval& b) {
  Interval r;
  if (a.state != b.state || a.state == Interval::Empty) {
    r.state = Interval::Empty;
    return r;
  }
  r.state = a.state;
  r.nlo = tighter_lo(a.nlo, b.nlo);
  r.nhi = tighter_hi(a.nhi, b.nhi);
  r.slo = tighter_lo(a.slo, b.slo);
  r.shi = tighter_hi(a.shi, b.shi);
  if ((r.state == Interval::Num && empty_between(r.nlo, r.nhi)) ||
      (r.state == Interval::Str && empty_between(r.slo, r.shi)))
    r.state = Interval::Empty;
  return r;
}

template <class K>
bool is_point(const Bound<K>& lo, const Bound<K>& hi) {
  return !lo.inf && !hi.inf && lo.incl && hi.incl && lo.key == hi.key;
}

}  // namespace

std::optional<Interval> interval_of(Op op, const Value& v) {
  Interval r;
  if (v.is_numeric()) {
    r.state = Interval::Num;
    if (std::fabs(v.as_real()) <= kExact) set_bounds(op, v.as_real(), r.nlo, r.nhi);
    return r;
  }
  if (v.is(Kind::String)) {
    r.state = Interval::Str;
    set_bounds(op, classad::fold(v.as_string()), r.slo, r.shi);
    return r;
  }
  return std::nullopt;
}

bool contains(const Interval& r, const Value& v) {
  if (r.state == Interval::Num && v.is_numeric()) {
    const double x = v.as_real();
    return admits_lo(r.nlo, x) && admits_hi(r.nhi, x);
  }
  if (r.state == Interval::Str && v.is(Kind::String)) {
    const std::string x = classad::fold(v.as_string());
    return admits_lo(r.slo, x) && admits_hi(r.shi, x);
  }
  return false;
}

GangIndex::GangIndex(const model::gang::GangProblem& p, const Units& u,
                     const std::vector<CandidatePort>& c)
    : candidates_(static_cast<int>(c.size())) {
  std::vector<std::pair<int, int>> all;
  for (int i = 0; i < candidates_; ++i) all.push_back({0, i});
  all_.build(std::move(all), candidates_);
  build_values(p, u, c);
  build_intervals(p, u, c);
}

void GangIndex::build_values(const model::gang::GangProblem& p, const Units& u,
                             const std::vector<CandidatePort>& c) {
  // Every attribute an indexable comparison reads, and every target of an alias L.c.
  std::vector<classad::Name> names;
  auto note = [&](const classad::Name& n) {
    if (range_ids_.emplace(classad::fold(n.text), static_cast<int>(names.size())).second)
      names.push_back(n);
  };
  for (int unit = 0; unit < u.count(); ++unit) {
    const auto& ad = p.ads[u.rep[unit]];
    auto aliases = [&](const classad::RecordExpr& r) {
      for (const auto& a : r.attrs)
        if (auto sel = label_selection(*a.value)) note(sel->second);
    };
    aliases(ad.record());
    for (const auto& port : ad.ports()) {
      aliases(*port.record);
      for (const classad::Expr* conj : port.conjuncts)
        if (const Pattern pt = comparison_pattern(*conj); pt.label_port >= 0) note(pt.attr);
    }
  }
  range_cols_.resize(names.size());
  cells_.assign(candidates_, std::vector<Cell>(names.size()));
  std::vector<std::vector<std::pair<double, int>>> nums(names.size());
  std::vector<std::vector<std::pair<std::string, int>>> strs(names.size());
  std::vector<std::vector<std::pair<int, int>>> dyns(names.size());
  for (int i = 0; i < candidates_; ++i) {
    const auto& ad = p.ads[u.rep[c[i].unit]];
    std::vector<classad::RecordRef> unbound(ad.port_count());
    const classad::Binding b{{}, unbound.data(), ad.port_count()};
    const classad::RecordRef self{ad.ports()[c[i].port].record, &b};
    for (std::size_t a = 0; a < names.size(); ++a) {
      classad::EvalState st;
      st.clock = p.clock;
      const Value v = classad::select(self, names[a], st);
      Cell& cell = cells_[i][a];
      if (st.touched_unbound || (v.is_numeric() && std::fabs(v.as_real()) > kExact)) {
        cell.kind = Cell::Dynamic;
        dyns[a].push_back({0, i});
      } else if (v.is_numeric()) {
        cell.kind = Cell::Num;
        cell.num = v.as_real();
        nums[a].push_back({cell.num, i});
      } else if (v.is(Kind::String)) {
        cell.kind = Cell::Str;
        cell.str = classad::fold(v.as_string());
        strs[a].push_back({cell.str, i});
      }
    }
  }
  for (std::size_t a = 0; a < names.size(); ++a) {
    range_cols_[a].num.build(std::move(nums[a]), candidates_);
    range_cols_[a].str.build(std::move(strs[a]), candidates_);
    range_cols_[a].dynamic.build(std::move(dyns[a]), candidates_);
  }
}

void GangIndex::build_intervals(const model::gang::GangProblem& p, const Units& u,
                                const std::vector<CandidatePort>& c) {
  std::unordered_map<std::string, int> ids;
  intervals_.assign(candidates_, {});
  for (int i = 0; i < candidates_; ++i) {
    const auto& ad = p.ads[u.rep[c[i].unit]];
    std::vector<classad::RecordRef> unbound(ad.port_count());
    const classad::Binding b{{}, unbound.data(), ad.port_count()};
    for (const classad::Expr* conj : ad.ports()[c[i].port].conjuncts) {
      const Pattern pt = comparison_pattern(*conj);
      if (pt.label_port != c[i].port) continue;
      classad::EvalState st;
      st.clock = p.clock;
      const Value v = classad::evaluate(*pt.other, &b, st);
      if (st.touched_unbound) continue;
      Interval r;
      if (auto got = interval_of(pt.op, v))
        r = *got;
      else
        r.state = Interval::Empty;
      auto [it, fresh] = ids.emplace(classad::fold(pt.attr.text), interval_names_.size());
      if (fresh) interval_names_.push_back(pt.attr);
      auto& mine = intervals_[i];
      const auto at = std::find_if(mine.begin(), mine.end(),
                                   [&](const auto& e) { return e.first == it->second; });
      if (at == mine.end())
        mine.push_back({it->second, r});
      else
        at->second = intersect(at->second, r);
    }
  }
  const std::size_t n = interval_names_.size();
  std::vector<std::vector<std::pair<double, int>>> np(n);
  std::vector<std::vector<std::pair<LoKey, int>>> nlo(n);
  std::vector<std::vector<std::pair<HiKey, int>>> nhi(n);
  std::vector<std::vector<std::pair<std::string, int>>> sp(n);
  std::vector<std::vector<std::pair<SLoKey, int>>> slo(n);
  std::vector<std::vector<std::pair<SHiKey, int>>> shi(n);
  std::vector<std::vector<std::pair<int, int>>> free(n);
  for (int i = 0; i < candidates_; ++i) {
    std::vector<char> constrained(n, 0);
    for (const auto& [a, r] : intervals_[i]) {
      constrained[a] = 1;
      if (r.state == Interval::Num) {
        if (is_point(r.nlo, r.nhi)) {
          np[a].push_back({r.nlo.key, i});
        } else {
          nlo[a].push_back({{r.nlo.inf ? 0 : 1, r.nlo.key, r.nlo.incl ? 0 : 1}, i});
          nhi[a].push_back({{r.nhi.inf ? 1 : 0, r.nhi.key, r.nhi.incl ? 1 : 0}, i});
        }
      } else if (r.state == Interval::Str) {
        if (is_point(r.slo, r.shi)) {
          sp[a].push_back({r.slo.key, i});
        } else {
          slo[a].push_back({{r.slo.inf ? 0 : 1, r.slo.key, r.slo.incl ? 0 : 1}, i});
          shi[a].push_back({{r.shi.inf ? 1 : 0, r.shi.key, r.shi.incl ? 1 : 0}, i});
        }
      }
    }
    for (std::size_t a = 0; a < n; ++a)
      if (!constrained[a]) free[a].push_back({0, i});
  }
  interval_cols_.resize(n);
  for (std::size_t a = 0; a < n; ++a) {
    auto& ic = interval_cols_[a];
    ic.npoints.build(std::move(np[a]), candidates_);
    ic.nlo.build(std::move(nlo[a]), candidates_);
    ic.nhi.build(std::move(nhi[a]), candidates_);
    ic.spoints.build(std::move(sp[a]), candidates_);
    ic.slo.build(std::move(slo[a]), candidates_);
    ic.shi.build(std::move(shi[a]), candidates_);
    ic.unconstrained.build(std::move(free[a]), candidates_);
  }
}

int GangIndex::range_attr(const classad::Name& name) const {
  const auto it = range_ids_.find(classad::fold(name.text));
  return it == range_ids_.end() ? -1 : it->second;
}

void GangIndex::remove(int cp) {
  all_.kill(cp);
  for (auto& rc : range_cols_) {
    rc.num.kill(cp);
    rc.str.kill(cp);
    rc.dynamic.kill(cp);
  }
  for (auto& ic : interval_cols_) {
    ic.npoints.kill(cp);
    ic.nlo.kill(cp);
    ic.nhi.kill(cp);
    ic.spoints.kill(cp);
    ic.slo.kill(cp);
    ic.shi.kill(cp);
    ic.unconstrained.kill(cp);
  }
}

}  // namespace arsim::schedulers::gangmatch
