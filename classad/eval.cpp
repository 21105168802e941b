#include "classad/eval.hpp"

#include <algorithm>
#include <cmath>
#include <limits>

#include "classad/builtins.hpp"
#include "classad/operators.hpp"

namespace arsim::classad {

namespace {

enum class Truth { False, True, Undefined, Error };

// One nested step of the evaluation for its lifetime; beyond kMaxDepth the value is error.
struct Nested {
  EvalState& st;
  explicit Nested(EvalState& s) : st(s) { ++st.depth; }
  ~Nested() { --st.depth; }
  Nested(const Nested&) = delete;
  Nested& operator=(const Nested&) = delete;
  bool too_deep() const { return st.depth > kMaxDepth; }
};

// How && || ! ?: read a value: numbers are true when non-zero (the manual's logical operators
// "operate on integers and reals"); strings, lists and records are errors.
Truth truth(const Value& v) {
  switch (v.kind()) {
    case Kind::Undefined:
      return Truth::Undefined;
    case Kind::Boolean:
    case Kind::Integer:
    case Kind::Real:
      return is_true(v) ? Truth::True : Truth::False;
    default:
      return Truth::Error;
  }
}

Value partner(const Binding* b, int port, EvalState& st) {
  if (!b || port < 0 || port >= b->port_count) return Value::undefined();
  if (!b->ports[port].record) {
    st.touched_unbound = true;
    return Value::undefined();
  }
  return Value::record(b->ports[port]);
}

Value eval_attr(const RecordExpr* r, int idx, const Binding* b, EvalState& st) {
  for (const auto& a : st.active)
    if (a.record == r && a.attr == idx && a.binding == b) return Value::error();  // a cycle
  st.active.push_back({r, idx, b});
  Value v = evaluate(*r->attrs[idx].value, b, st);
  st.active.pop_back();
  return v;
}

Value eval_ref(const RefExpr& ref, const Binding* b, EvalState& st) {
  switch (ref.ref) {
    case RefKind::Attr: {
      const auto [rec, idx] = lookup(ref.scope, ref.name);
      return rec ? eval_attr(rec, idx, b, st) : Value::undefined();
    }
    case RefKind::Label:
      return partner(b, ref.port, st);
    case RefKind::Other:
      if (ref.port >= 0) return partner(b, ref.port, st);
      return b && b->other.record ? Value::record(b->other) : Value::undefined();
    case RefKind::Self:
      return ref.scope ? Value::record({ref.scope, b}) : Value::undefined();
    case RefKind::My: {
      // Defined only in a match, where `other` at the same place is (the HTCondor manual:
      // with a single ad, "MY. and TARGET. are not defined"); then the ad's top-level record.
      const bool matched =
          ref.port >= 0 ? !partner(b, ref.port, st).is_undefined() : b && b->other.record;
      const RecordExpr* root = ref.scope;
      while (root && root->parent) root = root->parent;
      return matched && root ? Value::record({root, b}) : Value::undefined();
    }
    case RefKind::Parent:
      return ref.scope && ref.scope->parent ? Value::record({ref.scope->parent, b})
                                            : Value::undefined();
  }
  return Value::error();
}

// && and || from left to right: false && x is false without looking at x, error && x is error;
// undefined && false is false, undefined && true is undefined (the manual's "don't care" rules).
// `left` is the value of the left operand, `rhs` is evaluated only when it can matter.
Value logical(bool is_and, const Value& left, const Expr& rhs, const Binding* b, EvalState& st) {
  const Truth l = truth(left);
  if (l == Truth::Error) return Value::error();
  if (l == (is_and ? Truth::False : Truth::True)) return Value::boolean(!is_and);
  const Truth r = truth(evaluate(rhs, b, st));
  if (r == Truth::Error) return Value::error();
  if (r == (is_and ? Truth::False : Truth::True)) return Value::boolean(!is_and);
  if (l == Truth::Undefined || r == Truth::Undefined) return Value::undefined();
  return Value::boolean(is_and);  // both true (&&) or both false (||)
}

// `x op rhs` for a node whose left operand has the value x.
Value apply(const BinaryExpr& e, const Value& x, const Binding* b, EvalState& st) {
  if (e.op == Op::And || e.op == Op::Or) return logical(e.op == Op::And, x, *e.rhs, b, st);
  const Value y = evaluate(*e.rhs, b, st);
  switch (e.op) {
    case Op::Mul:
    case Op::Div:
    case Op::Mod:
    case Op::Add:
    case Op::Sub:
      return arithmetic(e.op, x, y);
    case Op::Shl:
    case Op::Shr:
    case Op::BitAnd:
    case Op::BitXor:
    case Op::BitOr:
      return bitwise(e.op, x, y);
    case Op::Is:
      return Value::boolean(identical(x, y));
    case Op::Isnt:
      return Value::boolean(!identical(x, y));
    default:
      return comparison(e.op, x, y);
  }
}

// A chain of one precedence level, (((a op b) op c) op d), from its first operand on, each
// step's value the left operand of the next: the same order and values as evaluating the tree
// node by node, without recursion along the chain.
Value binary(const BinaryExpr& e, const Binding* b, EvalState& st) {
  const std::size_t base = st.chains.size();
  chain_of(e, st.chains);
  Value acc = evaluate(*st.chains.back()->lhs, b, st);
  for (std::size_t i = st.chains.size(); i-- > base;) acc = apply(*st.chains[i], acc, b, st);
  st.chains.resize(base);
  return acc;
}

Value unary(const UnaryExpr& e, const Binding* b, EvalState& st) {
  const Value v = evaluate(*e.operand, b, st);
  if (v.is_error() || v.is_undefined()) return v;
  switch (e.op) {
    case Op::Not: {
      const Truth t = truth(v);
      return t == Truth::Error ? Value::error() : Value::boolean(t == Truth::False);
    }
    case Op::Neg:
      if (v.is(Kind::Real)) return Value::real(-v.as_real());
      if (!int_like(v) || v.as_int() == std::numeric_limits<std::int64_t>::min())
        return Value::error();
      return Value::integer(-v.as_int());
    case Op::Plus:
      if (v.is(Kind::Real)) return v;
      return int_like(v) ? Value::integer(v.as_int()) : Value::error();
    case Op::BitNot:
      return int_like(v) ? Value::integer(~v.as_int()) : Value::error();
    default:
      return Value::error();
  }
}

Value subscript(const SubscriptExpr& e, const Binding* b, EvalState& st) {
  const Value base = evaluate(*e.base, b, st);
  const Value index = evaluate(*e.index, b, st);
  if (base.is_error() || index.is_error()) return Value::error();
  if (base.is_undefined() || index.is_undefined()) return Value::undefined();
  if (base.is(Kind::List) && index.is(Kind::Integer)) {
    const auto& items = base.as_list();
    const std::int64_t i = index.as_int();
    if (i < 0 || i >= static_cast<std::int64_t>(items.size())) return Value::error();
    return items[static_cast<std::size_t>(i)];
  }
  if (base.is(Kind::Record) && index.is(Kind::String))
    return select(base.as_record(), Name::of(index.as_string()), st);
  return Value::error();
}

// `v.name`: an attribute of a record; of a list, the list of the selections from its items (as
// HTCondor does: {[a = 8], [a = 9]}.a is {8, 9}); undefined and error stay; anything else is error.
Value select_in(const Value& v, const Name& name, EvalState& st) {
  switch (v.kind()) {
    case Kind::Undefined:
    case Kind::Error:
      return v;
    case Kind::Record:
      return select(v.as_record(), name, st);
    case Kind::List: {
      const Nested nested(st);
      if (nested.too_deep()) return Value::error();
      std::vector<Value> items;
      items.reserve(v.as_list().size());
      for (const Value& item : v.as_list()) items.push_back(select_in(item, name, st));
      return Value::list(std::move(items));
    }
    default:
      return Value::error();
  }
}

Value conditional(const TernaryExpr& e, const Binding* b, EvalState& st) {
  Value c = evaluate(*e.cond, b, st);
  if (e.kind == ExprKind::Elvis) return c.is_undefined() ? evaluate(*e.otherwise, b, st) : c;
  switch (truth(c)) {
    case Truth::True:
      return evaluate(*e.then, b, st);
    case Truth::False:
      return evaluate(*e.otherwise, b, st);
    case Truth::Undefined:
      return Value::undefined();
    case Truth::Error:
      return Value::error();
  }
  return Value::error();
}

}  // namespace

std::pair<const RecordExpr*, int> lookup(const RecordExpr* r, const Name& name) {
  for (; r; r = r->parent)
    if (const int i = r->find(name); i >= 0) return {r, i};
  return {nullptr, -1};
}

Value select(RecordRef r, const Name& name, EvalState& state) {
  if (iequals(name.text, "parent"))
    return r.record->parent ? Value::record({r.record->parent, r.binding}) : Value::undefined();
  const auto [rec, idx] = lookup(r.record, name);
  return rec ? eval_attr(rec, idx, r.binding, state) : Value::undefined();
}

Value evaluate(const Expr& e, const Binding* b, EvalState& st) {
  const Nested nested(st);
  if (nested.too_deep()) return Value::error();
  switch (e.kind) {
    case ExprKind::Literal:
      return static_cast<const LiteralExpr&>(e).value;
    case ExprKind::Ref:
      return eval_ref(static_cast<const RefExpr&>(e), b, st);
    case ExprKind::Select: {
      const auto& s = static_cast<const SelectExpr&>(e);
      return select_in(evaluate(*s.base, b, st), s.name, st);
    }
    case ExprKind::Subscript:
      return subscript(static_cast<const SubscriptExpr&>(e), b, st);
    case ExprKind::Unary:
      return unary(static_cast<const UnaryExpr&>(e), b, st);
    case ExprKind::Binary:
      return binary(static_cast<const BinaryExpr&>(e), b, st);
    case ExprKind::Ternary:
    case ExprKind::Elvis:
      return conditional(static_cast<const TernaryExpr&>(e), b, st);
    case ExprKind::Call:
      return call_builtin(static_cast<const CallExpr&>(e), b, st);
    case ExprKind::List: {
      std::vector<Value> items;
      for (const auto& item : static_cast<const ListExpr&>(e).items)
        items.push_back(evaluate(*item, b, st));
      return Value::list(std::move(items));
    }
    case ExprKind::Record:
      return Value::record({&static_cast<const RecordExpr&>(e), b});
  }
  return Value::error();
}

Value evaluate(const Expr& e, const Binding* binding, std::optional<double> clock) {
  EvalState st;
  st.clock = clock;
  return evaluate(e, binding, st);
}

}  // namespace arsim::classad
