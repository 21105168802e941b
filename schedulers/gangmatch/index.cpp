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

void set_bounds(Op op, double x, Bound& lo, Bound& hi) {
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

Bound tighter_lo(const Bound& a, const Bound& b) {
  if (a.inf) return b;
  if (b.inf || b.key < a.key) return a;
  if (a.key < b.key) return b;
  return a.incl ? b : a;
}

Bound tighter_hi(const Bound& a, const Bound& b) {
  if (a.inf) return b;
  if (b.inf || a.key < b.key) return a;
  if (b.key < a.key) return b;
  return a.incl ? b : a;
}

Interval intersect(const Interval& a, const Interval& b) {
  Interval r;
  r.state = a.state != b.state ? Interval::Empty : a.state;
  if (r.state == Interval::Empty) return r;
  r.lo = tighter_lo(a.lo, b.lo);
  r.hi = tighter_hi(a.hi, b.hi);
  if (!r.lo.inf && !r.hi.inf &&
      (r.hi.key < r.lo.key || (r.lo.key == r.hi.key && !(r.lo.incl && r.hi.incl))))
    r.state = Interval::Empty;
  return r;
}

}  // namespace

struct GangIndex::Raw {
  struct Literal {  // a comparison R.b op literal of a candidate's own constraint
    int attr;
    Op op;
    Value value;
  };
  std::vector<std::string> strings;            // folded
  std::vector<std::vector<Cell>> cells;        // Str cells hold an index into `strings`
  std::vector<std::vector<Literal>> literals;  // per candidate
};

double GangIndex::rank(const std::string& folded) const {
  const auto it = std::lower_bound(dict_.begin(), dict_.end(), folded);
  const double pos = static_cast<double>(it - dict_.begin());
  return it != dict_.end() && *it == folded ? 2 * pos : 2 * pos - 1;
}

std::optional<Interval> GangIndex::interval_of(Op op, const Value& v) const {
  Interval r;
  if (v.is_numeric()) {
    r.state = Interval::Num;
    if (std::fabs(v.as_real()) <= kExact) set_bounds(op, v.as_real(), r.lo, r.hi);
    return r;
  }
  if (v.is(Kind::String)) {
    r.state = Interval::Str;
    set_bounds(op, rank(classad::fold(v.as_string())), r.lo, r.hi);
    return r;
  }
  return std::nullopt;
}

ProbeQuery::Stab GangIndex::stab(int attr, const Value& v) const {
  if (v.is_numeric()) return {attr, Interval::Num, v.as_real()};
  if (v.is(Kind::String)) return {attr, Interval::Str, rank(classad::fold(v.as_string()))};
  return {attr, Interval::Empty, 0};
}

GangIndex::GangIndex(const model::gang::GangProblem& p, const Units& u,
                     const std::vector<CandidatePort>& c, const std::vector<std::string>& only)
    : candidates_(static_cast<int>(c.size())), only_(only) {
  std::vector<std::pair<int, int>> all;
  for (int i = 0; i < candidates_; ++i) all.push_back({0, i});
  all_.build(std::move(all), candidates_);
  Raw raw;
  read(p, u, c, raw);
  std::vector<std::string> strings = raw.strings;
  std::sort(strings.begin(), strings.end());
  strings.erase(std::unique(strings.begin(), strings.end()), strings.end());
  dict_ = std::move(strings);
  build_values(raw);
  build_intervals(raw);
}

void GangIndex::read(const model::gang::GangProblem& p, const Units& u,
                     const std::vector<CandidatePort>& c, Raw& raw) {
  // Every attribute an indexable comparison reads, and every target of an alias L.c.
  std::vector<classad::Name> names;
  auto allowed = [&](const classad::Name& n) {
    return only_.empty() ||
           std::find(only_.begin(), only_.end(), classad::fold(n.text)) != only_.end();
  };
  auto note = [&](const classad::Name& n) {
    if (allowed(n) &&
        range_ids_.emplace(classad::fold(n.text), static_cast<int>(names.size())).second)
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
  std::unordered_map<std::string, int> interval_ids;
  raw.cells.assign(candidates_, std::vector<Cell>(names.size()));
  raw.literals.assign(candidates_, {});
  for (int i = 0; i < candidates_; ++i) {
    const auto& ad = p.ads[u.rep[c[i].unit]];
    std::vector<classad::RecordRef> unbound(ad.port_count());
    const classad::Binding b{{}, unbound.data(), ad.port_count()};
    const classad::RecordRef self{ad.ports()[c[i].port].record, &b};
    for (std::size_t a = 0; a < names.size(); ++a) {
      classad::EvalState st;
      st.clock = p.clock;
      const Value v = classad::select(self, names[a], st);
      Cell& cell = raw.cells[i][a];
      if (st.touched_unbound || (v.is_numeric() && std::fabs(v.as_real()) > kExact)) {
        cell.kind = Cell::Dynamic;
      } else if (v.is_numeric()) {
        cell = {Cell::Num, v.as_real()};
      } else if (v.is(Kind::String)) {
        cell = {Cell::Str, static_cast<double>(raw.strings.size())};
        raw.strings.push_back(classad::fold(v.as_string()));
      }
    }
    for (const classad::Expr* conj : ad.ports()[c[i].port].conjuncts) {
      const Pattern pt = comparison_pattern(*conj);
      if (pt.label_port != c[i].port || !allowed(pt.attr)) continue;
      classad::EvalState st;
      st.clock = p.clock;
      Value v = classad::evaluate(*pt.other, &b, st);
      if (st.touched_unbound) continue;
      auto [it, fresh] = interval_ids.emplace(classad::fold(pt.attr.text), interval_names_.size());
      if (fresh) interval_names_.push_back(pt.attr);
      if (v.is(Kind::String)) raw.strings.push_back(classad::fold(v.as_string()));
      raw.literals[i].push_back({it->second, pt.op, std::move(v)});
    }
  }
  range_cols_.resize(names.size());
}

void GangIndex::build_values(Raw& raw) {
  const std::size_t n = range_cols_.size();
  std::vector<std::vector<std::pair<double, int>>> nums(n), strs(n);
  std::vector<std::vector<std::pair<int, int>>> dyns(n);
  cells_ = std::move(raw.cells);
  for (int i = 0; i < candidates_; ++i) {
    for (std::size_t a = 0; a < n; ++a) {
      Cell& cell = cells_[i][a];
      if (cell.kind == Cell::Str) cell.key = rank(raw.strings[static_cast<std::size_t>(cell.key)]);
      if (cell.kind == Cell::Num) nums[a].push_back({cell.key, i});
      if (cell.kind == Cell::Str) strs[a].push_back({cell.key, i});
      if (cell.kind == Cell::Dynamic) dyns[a].push_back({0, i});
    }
  }
  for (std::size_t a = 0; a < n; ++a) {
    range_cols_[a].num.build(std::move(nums[a]), candidates_);
    range_cols_[a].str.build(std::move(strs[a]), candidates_);
    range_cols_[a].dynamic.build(std::move(dyns[a]), candidates_);
  }
}

void GangIndex::build_intervals(Raw& raw) {
  const std::size_t n = interval_names_.size();
  intervals_.assign(candidates_, {});
  struct Entries {
    std::vector<std::pair<double, int>> points;
    std::vector<std::pair<LoKey, int>> lo;
    std::vector<std::pair<HiKey, int>> hi;
  };
  std::vector<Entries> num(n), str(n);
  std::vector<std::vector<std::pair<int, int>>> free(n);
  for (int i = 0; i < candidates_; ++i) {
    auto& mine = intervals_[i];
    for (const auto& l : raw.literals[i]) {
      Interval r;
      if (auto got = interval_of(l.op, l.value))
        r = *got;
      else
        r.state = Interval::Empty;  // a comparison that is never true
      const auto at =
          std::find_if(mine.begin(), mine.end(), [&](const auto& e) { return e.first == l.attr; });
      if (at == mine.end())
        mine.push_back({l.attr, r});
      else
        at->second = intersect(at->second, r);
    }
    std::vector<char> constrained(n, 0);
    for (const auto& [a, r] : mine) {
      constrained[a] = 1;
      if (r.state == Interval::Empty) continue;
      Entries& e = r.state == Interval::Num ? num[a] : str[a];
      if (!r.lo.inf && !r.hi.inf && r.lo.incl && r.hi.incl && r.lo.key == r.hi.key) {
        e.points.push_back({r.lo.key, i});
      } else {
        e.lo.push_back({{r.lo.inf ? 0 : 1, r.lo.key, r.lo.incl ? 0 : 1}, i});
        e.hi.push_back({{r.hi.inf ? 1 : 0, r.hi.key, r.hi.incl ? 1 : 0}, i});
      }
    }
    for (std::size_t a = 0; a < n; ++a)
      if (!constrained[a]) free[a].push_back({0, i});
  }
  interval_cols_.resize(n);
  for (std::size_t a = 0; a < n; ++a) {
    for (auto [cols, e] :
         {std::pair{&interval_cols_[a].num, &num[a]}, std::pair{&interval_cols_[a].str, &str[a]}}) {
      cols->points.build(std::move(e->points), candidates_);
      cols->lo.build(std::move(e->lo), candidates_);
      cols->hi.build(std::move(e->hi), candidates_);
    }
    interval_cols_[a].unconstrained.build(std::move(free[a]), candidates_);
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
    for (DomainColumns* d : {&ic.num, &ic.str}) {
      d->points.kill(cp);
      d->lo.kill(cp);
      d->hi.kill(cp);
    }
    ic.unconstrained.kill(cp);
  }
}

}  // namespace arsim::schedulers::gangmatch
