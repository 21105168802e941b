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
  for (std::size_t i = 0; i < attrs.size(); ++i)
    if (attrs[i].name.same(name)) return static_cast<int>(i);
  return -1;
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
