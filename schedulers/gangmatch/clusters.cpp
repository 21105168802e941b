// Autoclusters: which attributes can matter, and the signature of an ad over them.
#include <algorithm>
#include <set>
#include <unordered_map>

#include "classad/print.hpp"
#include "schedulers/gangmatch/units.hpp"

namespace arsim::schedulers::gangmatch {

namespace {

using namespace classad;

// Collects the attribute names an expression can read. A record reached other than through a
// selection with a literal name (size(self), isClassAd(cpu), cpu[x]...) can expose any attribute:
// then `everything` is set.
struct NameCollector {
  std::set<std::string>& names;
  bool& everything;

  void add(const std::string& n) { names.insert(fold(n)); }

  void base(const Expr& b) {
    if (b.kind == ExprKind::Ref) {
      const auto& r = static_cast<const RefExpr&>(b);
      if (r.ref == RefKind::Attr) add(r.name.text);
      return;  // a label, self, parent or other, used to select one attribute
    }
    visit(b);
  }

  void visit(const Expr& e) {
    switch (e.kind) {
      case ExprKind::Literal:
        return;
      case ExprKind::Ref: {
        const auto& r = static_cast<const RefExpr&>(e);
        if (r.ref == RefKind::Attr)
          add(r.name.text);
        else
          everything = true;  // a whole record as a value
        return;
      }
      case ExprKind::Select: {
        const auto& s = static_cast<const SelectExpr&>(e);
        add(s.name.text);
        base(*s.base);
        return;
      }
      case ExprKind::Subscript: {
        const auto& s = static_cast<const SubscriptExpr&>(e);
        if (s.index->kind == ExprKind::Literal &&
            static_cast<const LiteralExpr&>(*s.index).value.is(Kind::String)) {
          add(static_cast<const LiteralExpr&>(*s.index).value.as_string());
          base(*s.base);
        } else {
          visit(*s.base);
          visit(*s.index);
          if (s.base->kind == ExprKind::Ref) everything = true;
        }
        return;
      }
      case ExprKind::Unary:
        visit(*static_cast<const UnaryExpr&>(e).operand);
        return;
      case ExprKind::Binary: {
        const auto& b = static_cast<const BinaryExpr&>(e);
        visit(*b.lhs);
        visit(*b.rhs);
        return;
      }
      case ExprKind::Ternary:
      case ExprKind::Elvis: {
        const auto& t = static_cast<const TernaryExpr&>(e);
        visit(*t.cond);
        if (t.then) visit(*t.then);
        visit(*t.otherwise);
        return;
      }
      case ExprKind::Call:
        for (const auto& a : static_cast<const CallExpr&>(e).args) visit(*a);
        return;
      case ExprKind::List:
        for (const auto& i : static_cast<const ListExpr&>(e).items) visit(*i);
        return;
      case ExprKind::Record:
        for (const auto& a : static_cast<const RecordExpr&>(e).attrs) visit(*a.value);
        return;
    }
  }
};

// Every record of an ad: the top level, records nested in attribute values, port records.
void records_of(const Expr& e, std::vector<const RecordExpr*>& out);

void children_records(const Expr& e, std::vector<const RecordExpr*>& out) {
  switch (e.kind) {
    case ExprKind::Select:
      records_of(*static_cast<const SelectExpr&>(e).base, out);
      return;
    case ExprKind::Subscript: {
      const auto& s = static_cast<const SubscriptExpr&>(e);
      records_of(*s.base, out);
      records_of(*s.index, out);
      return;
    }
    case ExprKind::Unary:
      records_of(*static_cast<const UnaryExpr&>(e).operand, out);
      return;
    case ExprKind::Binary: {
      const auto& b = static_cast<const BinaryExpr&>(e);
      records_of(*b.lhs, out);
      records_of(*b.rhs, out);
      return;
    }
    case ExprKind::Ternary:
    case ExprKind::Elvis: {
      const auto& t = static_cast<const TernaryExpr&>(e);
      records_of(*t.cond, out);
      if (t.then) records_of(*t.then, out);
      records_of(*t.otherwise, out);
      return;
    }
    case ExprKind::Call:
      for (const auto& a : static_cast<const CallExpr&>(e).args) records_of(*a, out);
      return;
    case ExprKind::List:
      for (const auto& i : static_cast<const ListExpr&>(e).items) records_of(*i, out);
      return;
    default:
      return;
  }
}

void records_of(const Expr& e, std::vector<const RecordExpr*>& out) {
  if (e.kind == ExprKind::Record) {
    const auto& r = static_cast<const RecordExpr&>(e);
    out.push_back(&r);
    for (const auto& a : r.attrs) records_of(*a.value, out);
    return;
  }
  children_records(e, out);
}

ClusterInfo significant_names(const model::gang::GangProblem& p) {
  std::set<std::string> names;
  bool everything = false;
  NameCollector collect{names, everything};
  // Definitions of every attribute name anywhere in the pool, to close the set over them.
  std::unordered_map<std::string, std::vector<const Expr*>> defs;
  for (const auto& ad : p.ads) {
    for (const auto& port : ad.ports()) {
      if (port.constraint) collect.visit(*port.constraint);
      if (port.rank) collect.visit(*port.rank);
    }
    std::vector<const RecordExpr*> recs;
    records_of(ad.record(), recs);
    for (const RecordExpr* r : recs)
      for (const auto& a : r->attrs) defs[fold(a.name.text)].push_back(a.value.get());
  }
  std::vector<std::string> work(names.begin(), names.end());
  while (!work.empty() && !everything) {
    const std::string n = work.back();
    work.pop_back();
    const auto it = defs.find(n);
    if (it == defs.end()) continue;
    for (const Expr* d : it->second) {
      std::set<std::string> found;
      NameCollector more{found, everything};
      more.visit(*d);
      for (const auto& f : found)
        if (names.insert(f).second) work.push_back(f);
    }
  }
  ClusterInfo info;
  info.significant.assign(names.begin(), names.end());
  info.everything = everything;
  return info;
}

void append_record(std::string& sig, const RecordExpr& r, const std::set<std::string>& names,
                   bool everything) {
  sig += '{';
  for (const auto& a : r.attrs) {
    if (!everything && !names.count(fold(a.name.text))) continue;
    sig += fold(a.name.text);
    sig += '=';
    sig += unparse(*a.value);
    sig += ';';
  }
  sig += '}';
}

std::string signature(const ClassAd& ad, bool root, const std::set<std::string>& names,
                      bool everything) {
  std::string sig = root ? "R" : "S";
  if (everything) return sig + unparse(ad.record());
  append_record(sig, ad.record(), names, false);
  for (const auto& port : ad.ports()) {
    sig += "P:" + port.label + '|';
    sig += port.constraint ? unparse(*port.constraint) : "";
    sig += '|';
    sig += port.rank ? unparse(*port.rank) : "";
    append_record(sig, *port.record, names, false);
  }
  return sig;
}

}  // namespace

Units cluster_units(const model::gang::GangProblem& problem, ClusterInfo* info_out) {
  const ClusterInfo info = significant_names(problem);
  const std::set<std::string> names(info.significant.begin(), info.significant.end());
  const int n = static_cast<int>(problem.ads.size());
  std::vector<char> is_root(n, 0);
  for (int r : problem.roots) is_root[r] = 1;
  Units u;
  u.unit_of.assign(n, -1);
  std::unordered_map<std::string, int> by_signature;
  for (int a = 0; a < n; ++a) {
    const std::string sig = signature(problem.ads[a], is_root[a], names, info.everything);
    auto [it, fresh] = by_signature.emplace(sig, u.count());
    if (fresh) {
      u.rep.push_back(a);
      u.members.emplace_back();
      u.root.push_back(is_root[a]);
      u.taken.push_back(0);
    }
    u.members[it->second].push_back(a);
    u.unit_of[a] = it->second;
  }
  if (info_out) *info_out = info;
  return u;
}

}  // namespace arsim::schedulers::gangmatch
