#include "classad/print.hpp"

#include <cmath>
#include <limits>
#include <vector>

#include <fmt/format.h>

namespace arsim::classad {

namespace {

constexpr int kUnaryLevel = 11;
constexpr int kPrimaryLevel = 12;

std::string integer_text(std::int64_t i) {
  // The lexer reads no negative literals; the most negative integer has no positive twin.
  if (i == std::numeric_limits<std::int64_t>::min()) return "(-9223372036854775807 - 1)";
  return std::to_string(i);
}

bool negative_number(const Value& v) {
  return (v.is(Kind::Integer) && v.as_int() < 0) || (v.is(Kind::Real) && std::signbit(v.as_real()));
}

int level_of(const Expr& e) {
  switch (e.kind) {
    case ExprKind::Ternary:
    case ExprKind::Elvis:
      return 0;
    case ExprKind::Binary:
      return precedence(static_cast<const BinaryExpr&>(e).op);
    case ExprKind::Unary:
      return kUnaryLevel;
    case ExprKind::Literal:
      return negative_number(static_cast<const LiteralExpr&>(e).value) ? kUnaryLevel
                                                                       : kPrimaryLevel;
    default:
      return kPrimaryLevel;
  }
}

void write(std::string& out, const Expr& e, int min_level);

void write_record(std::string& out, const RecordExpr& r) {
  out += '[';
  for (std::size_t i = 0; i < r.attrs.size(); ++i) {
    if (i) out += "; ";
    out += r.attrs[i].name.text;
    out += " = ";
    write(out, *r.attrs[i].value, 0);
  }
  out += ']';
}

void write_inner(std::string& out, const Expr& e) {
  switch (e.kind) {
    case ExprKind::Literal:
      out += to_string(static_cast<const LiteralExpr&>(e).value);
      return;
    case ExprKind::Ref: {
      const auto& r = static_cast<const RefExpr&>(e);
      if (r.absolute) out += '.';
      out += r.name.text;
      return;
    }
    case ExprKind::Select: {
      const auto& s = static_cast<const SelectExpr&>(e);
      write(out, *s.base, kPrimaryLevel);
      out += '.';
      out += s.name.text;
      return;
    }
    case ExprKind::Subscript: {
      const auto& s = static_cast<const SubscriptExpr&>(e);
      write(out, *s.base, kPrimaryLevel);
      out += '[';
      write(out, *s.index, 0);
      out += ']';
      return;
    }
    case ExprKind::Unary: {
      const auto& u = static_cast<const UnaryExpr&>(e);
      out += op_text(u.op);
      write(out, *u.operand, kUnaryLevel);
      return;
    }
    case ExprKind::Binary: {
      // A chain of one level in a loop: its first operand, then each operator and operand.
      const auto& b = static_cast<const BinaryExpr&>(e);
      const int level = precedence(b.op);
      std::vector<const BinaryExpr*> spine;
      chain_of(b, spine);
      write(out, *spine.back()->lhs, level);
      for (auto it = spine.rbegin(); it != spine.rend(); ++it) {
        out += ' ';
        out += op_text((*it)->op);
        out += ' ';
        write(out, *(*it)->rhs, level + 1);
      }
      return;
    }
    case ExprKind::Ternary:
    case ExprKind::Elvis: {
      const auto& t = static_cast<const TernaryExpr&>(e);
      write(out, *t.cond, 1);
      if (t.then) {
        out += " ? ";
        write(out, *t.then, 0);
        out += " : ";
      } else {
        out += " ?: ";
      }
      write(out, *t.otherwise, 0);
      return;
    }
    case ExprKind::Call: {
      const auto& c = static_cast<const CallExpr&>(e);
      out += c.name;
      out += '(';
      for (std::size_t i = 0; i < c.args.size(); ++i) {
        if (i) out += ", ";
        write(out, *c.args[i], 0);
      }
      out += ')';
      return;
    }
    case ExprKind::List: {
      const auto& l = static_cast<const ListExpr&>(e);
      out += '{';
      for (std::size_t i = 0; i < l.items.size(); ++i) {
        if (i) out += ", ";
        write(out, *l.items[i], 0);
      }
      out += '}';
      return;
    }
    case ExprKind::Record:
      write_record(out, static_cast<const RecordExpr&>(e));
      return;
  }
}

void write(std::string& out, const Expr& e, int min_level) {
  const bool parens = level_of(e) < min_level;
  if (parens) out += '(';
  write_inner(out, e);
  if (parens) out += ')';
}

}  // namespace

std::string format_real(double r) {
  std::string s = fmt::format("{}", r);
  if (s.find_first_of(".eEn") == std::string::npos) s += ".0";  // n: inf and nan
  return s;
}

std::string quote(const std::string& s) {
  std::string out = "\"";
  for (char c : s) {
    switch (c) {
      case '\\':
        out += "\\\\";
        break;
      case '"':
        out += "\\\"";
        break;
      case '\n':
        out += "\\n";
        break;
      case '\t':
        out += "\\t";
        break;
      case '\r':
        out += "\\r";
        break;
      default:
        out += c;
    }
  }
  return out + '"';
}

std::string to_string(const Value& v) {
  switch (v.kind()) {
    case Kind::Undefined:
      return "undefined";
    case Kind::Error:
      return "error";
    case Kind::Boolean:
      return v.as_bool() ? "true" : "false";
    case Kind::Integer:
      return integer_text(v.as_int());
    case Kind::Real:
      return format_real(v.as_real());
    case Kind::String:
      return quote(v.as_string());
    case Kind::List: {
      std::string out = "{";
      const auto& items = v.as_list();
      for (std::size_t i = 0; i < items.size(); ++i) out += (i ? ", " : "") + to_string(items[i]);
      return out + "}";
    }
    case Kind::Record: {
      std::string out;
      write_record(out, *v.as_record().record);
      return out;
    }
  }
  return "?";
}

std::string unparse(const Expr& e) {
  std::string out;
  write(out, e, 0);
  return out;
}

}  // namespace arsim::classad
