#include "classad/ad.hpp"

#include <algorithm>

#include <fmt/format.h>

#include "classad/parse_error.hpp"
#include "classad/print.hpp"

namespace arsim::classad {

namespace {

template <class F>
void for_each_child(Expr& e, F&& f) {
  switch (e.kind) {
    case ExprKind::Literal:
    case ExprKind::Ref:
      return;
    case ExprKind::Select:
      f(*static_cast<SelectExpr&>(e).base);
      return;
    case ExprKind::Subscript: {
      auto& s = static_cast<SubscriptExpr&>(e);
      f(*s.base);
      f(*s.index);
      return;
    }
    case ExprKind::Unary:
      f(*static_cast<UnaryExpr&>(e).operand);
      return;
    case ExprKind::Binary: {
      auto& b = static_cast<BinaryExpr&>(e);
      f(*b.lhs);
      f(*b.rhs);
      return;
    }
    case ExprKind::Ternary:
    case ExprKind::Elvis: {
      auto& t = static_cast<TernaryExpr&>(e);
      f(*t.cond);
      if (t.then) f(*t.then);
      f(*t.otherwise);
      return;
    }
    case ExprKind::Call:
      for (auto& a : static_cast<CallExpr&>(e).args) f(*a);
      return;
    case ExprKind::List:
      for (auto& i : static_cast<ListExpr&>(e).items) f(*i);
      return;
    case ExprKind::Record:
      for (auto& a : static_cast<RecordExpr&>(e).attrs) f(*a.value);
      return;
  }
}

struct LabelScope {
  const std::string& file;
  const std::vector<Port>& ports;
  int port = 0;  // the port being resolved
};

// Turns the names of visible labels into label references (Raman et al. §4.1: a label is visible
// from its port to the end of the port list); an attribute of a record nested inside the port
// hides a label of the same name. An absolute reference (.name) is never a label.
void resolve_ref(RefExpr& ref, const LabelScope& s) {
  const RecordExpr* port_record = s.ports[s.port].record;
  if (ref.ref == RefKind::Other || ref.ref == RefKind::My) ref.port = s.port;
  if (ref.ref != RefKind::Attr || ref.absolute) return;
  for (const RecordExpr* r = ref.scope; r && r != port_record; r = r->parent)
    if (r->find(ref.name) >= 0) return;
  for (int k = 0; k < static_cast<int>(s.ports.size()); ++k) {
    if (!iequals(s.ports[k].label, ref.name.text)) continue;
    if (k > s.port) {
      const Pos lp = s.ports[k].record->pos;
      throw ParseError(s.file, ref.pos.line, ref.pos.col,
                       fmt::format("label '{}' of port {} (line {}) is not visible in port {}: "
                                   "a port may refer to its own label and to those of earlier "
                                   "ports only",
                                   ref.name.text, k + 1, lp.line, s.port + 1));
    }
    ref.ref = RefKind::Label;
    ref.port = k;
    return;
  }
}

// Every reference of the tree, left to right, with an explicit stack: operator chains may be
// longer than the recursion the stack allows.
void resolve(Expr& root, const LabelScope& s) {
  std::vector<Expr*> todo{&root};
  while (!todo.empty()) {
    Expr& e = *todo.back();
    todo.pop_back();
    if (e.kind == ExprKind::Ref) {
      resolve_ref(static_cast<RefExpr&>(e), s);
      continue;
    }
    const std::size_t mark = todo.size();
    for_each_child(e, [&](Expr& c) { todo.push_back(&c); });
    std::reverse(todo.begin() + static_cast<std::ptrdiff_t>(mark), todo.end());
  }
}

[[noreturn]] void fail(const std::string& file, Pos p, const std::string& message) {
  throw ParseError(file, p.line, p.col, message);
}

std::vector<Port> read_ports(RecordExpr& root, const std::string& file) {
  std::vector<Port> ports;
  const int at = root.find(Name::of("Ports"));
  if (at < 0) return ports;
  Expr& value = *root.attrs[at].value;
  if (value.kind != ExprKind::List)
    fail(file, value.pos,
         "expected the Ports attribute to be a list of port records "
         "{ [ Label = name; Constraint = ...; ], ... }");
  for (auto& item : static_cast<ListExpr&>(value).items) {
    if (item->kind != ExprKind::Record)
      fail(file, item->pos,
           fmt::format("expected a port record [ Label = name; ... ] as port {}, "
                       "got {}",
                       ports.size() + 1, unparse(*item)));
    auto& rec = static_cast<RecordExpr&>(*item);
    rec.port = static_cast<int>(ports.size());
    const int l = rec.find(Name::of("Label"));
    if (l < 0) fail(file, rec.pos, fmt::format("port {} has no Label", ports.size() + 1));
    const Expr& lv = *rec.attrs[l].value;
    if (lv.kind != ExprKind::Ref || static_cast<const RefExpr&>(lv).ref != RefKind::Attr)
      fail(file, lv.pos,
           fmt::format("expected a bare name as the Label of port {} (e.g. Label = "
                       "cpu), got {}",
                       ports.size() + 1, unparse(lv)));
    Port p;
    p.record = &rec;
    p.label = static_cast<const RefExpr&>(lv).name.text;
    for (const auto& q : ports)
      if (iequals(q.label, p.label))
        fail(file, lv.pos, fmt::format("label '{}' is declared by two ports of this ad", p.label));
    p.constraint = constraint_of(rec);
    p.conjuncts = conjuncts_of(p.constraint);
    const int r = rec.find(Name::of("Rank"));
    p.rank = r >= 0 ? rec.attrs[r].value.get() : nullptr;
    ports.push_back(std::move(p));
  }
  return ports;
}

}  // namespace

std::vector<const Expr*> conjuncts_of(const Expr* e) {
  std::vector<const Expr*> out;
  if (!e) return out;
  std::vector<const Expr*> todo{e};  // not recursive: a chain of && may be long
  while (!todo.empty()) {
    const Expr* x = todo.back();
    todo.pop_back();
    if (x->kind == ExprKind::Binary && static_cast<const BinaryExpr*>(x)->op == Op::And) {
      const auto& b = static_cast<const BinaryExpr&>(*x);
      todo.push_back(b.rhs.get());
      todo.push_back(b.lhs.get());
    } else {
      out.push_back(x);
    }
  }
  return out;
}

const Expr* constraint_of(const RecordExpr& r) {
  int i = r.find(Name::of("Constraint"));
  if (i < 0) i = r.find(Name::of("Requirements"));
  return i >= 0 ? r.attrs[i].value.get() : nullptr;
}

ClassAd ClassAd::load(std::unique_ptr<RecordExpr> root, const std::string& file) {
  auto data = std::make_shared<Data>();
  data->file = file;
  data->ports = read_ports(*root, file);
  for (int k = 0; k < static_cast<int>(data->ports.size()); ++k) {
    LabelScope s{file, data->ports, k};
    resolve(*const_cast<RecordExpr*>(data->ports[k].record), s);
  }
  data->constraint = constraint_of(*root);
  data->conjuncts = conjuncts_of(data->constraint);
  data->root = std::move(root);
  ClassAd ad;
  ad.data_ = std::move(data);
  return ad;
}

const Expr* ClassAd::find(std::string_view name) const {
  const int i = data_->root->find(Name::of(name));
  return i >= 0 ? data_->root->attrs[i].value.get() : nullptr;
}

std::string ClassAd::where() const {
  return fmt::format("{}:{}", data_->file, pos().line);
}

}  // namespace arsim::classad
