#include "classad/ast.hpp"

namespace arsim::classad {

namespace {

char lower(char c) {
  return (c >= 'A' && c <= 'Z') ? static_cast<char>(c - 'A' + 'a') : c;
}

}  // namespace

bool iequals(std::string_view a, std::string_view b) {
  if (a.size() != b.size()) return false;
  for (std::size_t i = 0; i < a.size(); ++i)
    if (lower(a[i]) != lower(b[i])) return false;
  return true;
}

std::string fold(std::string_view s) {
  std::string out(s);
  for (char& c : out) c = lower(c);
  return out;
}

Name Name::of(std::string_view text) {
  std::uint64_t h = 1469598103934665603ull;  // FNV-1a of the folded bytes
  for (char c : text) {
    h ^= static_cast<unsigned char>(lower(c));
    h *= 1099511628211ull;
  }
  return {std::string(text), h};
}

bool Name::same(const Name& other) const {
  return hash == other.hash && iequals(text, other.text);
}

int RecordExpr::find(const Name& name) const {
  if (attrs.size() < kIndexFrom) {
    for (std::size_t i = 0; i < attrs.size(); ++i)
      if (attrs[i].name.same(name)) return static_cast<int>(i);
    return -1;
  }
  const auto it = last_.find(name.hash);
  for (int i = it == last_.end() ? -1 : it->second; i >= 0; i = previous_[i])
    if (attrs[i].name.same(name)) return i;
  return -1;
}

int RecordExpr::add(Attr a) {
  if (const int prev = find(a.name); prev >= 0) return prev;
  attrs.push_back(std::move(a));
  const int n = static_cast<int>(attrs.size());
  if (attrs.size() == kIndexFrom) {
    for (int i = 0; i < n; ++i) index(i);
  } else if (attrs.size() > kIndexFrom) {
    index(n - 1);
  }
  return -1;
}

void RecordExpr::index(int i) {
  const auto [it, fresh] = last_.try_emplace(attrs[i].name.hash, i);
  previous_.push_back(fresh ? -1 : it->second);
  it->second = i;
}

BinaryExpr::~BinaryExpr() {
  // Unlink the left spine iteratively: each node freed here has no lhs left, so its own
  // destructor does not walk further down.
  while (lhs && lhs->kind == ExprKind::Binary) {
    ExprPtr next = std::move(static_cast<BinaryExpr&>(*lhs).lhs);
    lhs = std::move(next);
  }
}

int precedence(Op op) {
  switch (op) {
    case Op::Or:
      return 1;
    case Op::And:
      return 2;
    case Op::BitOr:
      return 3;
    case Op::BitXor:
      return 4;
    case Op::BitAnd:
      return 5;
    case Op::Eq:
    case Op::Ne:
    case Op::Is:
    case Op::Isnt:
      return 6;
    case Op::Lt:
    case Op::Le:
    case Op::Gt:
    case Op::Ge:
      return 7;
    case Op::Shl:
    case Op::Shr:
      return 8;
    case Op::Add:
    case Op::Sub:
      return 9;
    default:
      return 10;
  }
}

void chain_of(const BinaryExpr& e, std::vector<const BinaryExpr*>& spine) {
  const int level = precedence(e.op);
  for (const BinaryExpr* x = &e;;) {
    spine.push_back(x);
    const Expr& l = *x->lhs;
    if (l.kind != ExprKind::Binary || precedence(static_cast<const BinaryExpr&>(l).op) != level)
      return;
    x = static_cast<const BinaryExpr*>(&l);
  }
}

Pos start_of(const Expr& e) {
  const Expr* x = &e;
  Pos best = e.pos;
  for (;;) {
    switch (x->kind) {
      case ExprKind::Binary:
        x = static_cast<const BinaryExpr*>(x)->lhs.get();
        break;
      case ExprKind::Select:
        x = static_cast<const SelectExpr*>(x)->base.get();
        break;
      case ExprKind::Subscript:
        x = static_cast<const SubscriptExpr*>(x)->base.get();
        break;
      case ExprKind::Ternary:
      case ExprKind::Elvis:
        x = static_cast<const TernaryExpr*>(x)->cond.get();
        break;
      default:
        return x->pos.line < best.line || (x->pos.line == best.line && x->pos.col < best.col)
                   ? x->pos
                   : best;
    }
    if (x->pos.line < best.line || (x->pos.line == best.line && x->pos.col < best.col))
      best = x->pos;
  }
}

}  // namespace arsim::classad
