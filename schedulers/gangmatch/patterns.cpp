#include "schedulers/gangmatch/patterns.hpp"

#include "classad/eval.hpp"

namespace arsim::schedulers::gangmatch {

namespace {

using namespace classad;

// The port whose partner `e` names when it is a label or a port's `other`, else -1.
int partner_port(const Expr& e) {
  if (e.kind != ExprKind::Ref) return -1;
  const auto& r = static_cast<const RefExpr&>(e);
  if (r.ref == RefKind::Label || (r.ref == RefKind::Other && r.port >= 0)) return r.port;
  return -1;
}

bool mentions_port(const Expr& e, int port) {
  if (partner_port(e) == port) return true;
  switch (e.kind) {
    case ExprKind::Select:
      return mentions_port(*static_cast<const SelectExpr&>(e).base, port);
    case ExprKind::Subscript: {
      const auto& s = static_cast<const SubscriptExpr&>(e);
      return mentions_port(*s.base, port) || mentions_port(*s.index, port);
    }
    case ExprKind::Unary:
      return mentions_port(*static_cast<const UnaryExpr&>(e).operand, port);
    case ExprKind::Binary: {
      const auto& b = static_cast<const BinaryExpr&>(e);
      return mentions_port(*b.lhs, port) || mentions_port(*b.rhs, port);
    }
    case ExprKind::Ternary:
    case ExprKind::Elvis: {
      const auto& t = static_cast<const TernaryExpr&>(e);
      return mentions_port(*t.cond, port) || (t.then && mentions_port(*t.then, port)) ||
             mentions_port(*t.otherwise, port);
    }
    case ExprKind::Call:
      for (const auto& a : static_cast<const CallExpr&>(e).args)
        if (mentions_port(*a, port)) return true;
      return false;
    case ExprKind::List:
      for (const auto& i : static_cast<const ListExpr&>(e).items)
        if (mentions_port(*i, port)) return true;
      return false;
    case ExprKind::Record:
      for (const auto& a : static_cast<const RecordExpr&>(e).attrs)
        if (mentions_port(*a.value, port)) return true;
      return false;
    default:
      return false;
  }
}

Op flipped(Op op) {
  switch (op) {
    case Op::Lt:
      return Op::Gt;
    case Op::Le:
      return Op::Ge;
    case Op::Gt:
      return Op::Lt;
    case Op::Ge:
      return Op::Le;
    default:
      return op;
  }
}

// L.a as the side of a comparison: the port of L, and a.
int label_select(const Expr& e, Name& attr) {
  if (e.kind != ExprKind::Select) return -1;
  const auto& s = static_cast<const SelectExpr&>(e);
  const int port = partner_port(*s.base);
  if (port >= 0) attr = s.name;
  return port;
}

}  // namespace

Pattern comparison_pattern(const Expr& conjunct) {
  Pattern p;
  if (conjunct.kind != ExprKind::Binary) return p;
  const auto& b = static_cast<const BinaryExpr&>(conjunct);
  if (b.op != Op::Lt && b.op != Op::Le && b.op != Op::Gt && b.op != Op::Ge && b.op != Op::Eq)
    return p;
  Name attr;
  if (const int port = label_select(*b.lhs, attr); port >= 0 && !mentions_port(*b.rhs, port)) {
    p = {port, attr, b.op, b.rhs.get()};
  } else if (const int port2 = label_select(*b.rhs, attr);
             port2 >= 0 && !mentions_port(*b.lhs, port2)) {
    p = {port2, attr, flipped(b.op), b.lhs.get()};
  }
  return p;
}

std::optional<std::pair<int, Name>> label_selection(const Expr& e) {
  Name attr;
  const int port = label_select(e, attr);
  if (port < 0) return std::nullopt;
  return std::make_pair(port, attr);
}

std::optional<std::pair<int, Name>> label_alias(const RecordExpr* record, const Name& name) {
  const auto [rec, idx] = lookup(record, name);
  if (!rec) return std::nullopt;
  return label_selection(*rec->attrs[idx].value);
}

}  // namespace arsim::schedulers::gangmatch
