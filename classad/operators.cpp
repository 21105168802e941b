#include "classad/operators.hpp"

#include <algorithm>
#include <cmath>
#include <limits>

namespace arsim::classad {

namespace {

// Byte order of the lower-cased texts, without building them.
int compare_folded(const std::string& a, const std::string& b) {
  auto lower = [](char c) {
    return static_cast<unsigned char>(c >= 'A' && c <= 'Z' ? c - 'A' + 'a' : c);
  };
  const std::size_t n = std::min(a.size(), b.size());
  for (std::size_t i = 0; i < n; ++i) {
    const unsigned char x = lower(a[i]), y = lower(b[i]);
    if (x != y) return x < y ? -1 : 1;
  }
  return a.size() < b.size() ? -1 : (a.size() > b.size() ? 1 : 0);
}

}  // namespace

bool int_like(const Value& v) {
  return v.is(Kind::Integer) || v.is(Kind::Boolean);
}

Value arithmetic(Op op, const Value& a, const Value& b) {
  if (a.is_error() || b.is_error()) return Value::error();
  if (!(a.is_numeric() || a.is_undefined()) || !(b.is_numeric() || b.is_undefined()))
    return Value::error();
  if (a.is_undefined() || b.is_undefined()) return Value::undefined();
  if (int_like(a) && int_like(b)) {
    const std::int64_t x = a.as_int(), y = b.as_int();
    std::int64_t r = 0;
    bool overflow = false;
    switch (op) {
      case Op::Add:
        overflow = __builtin_add_overflow(x, y, &r);
        break;
      case Op::Sub:
        overflow = __builtin_sub_overflow(x, y, &r);
        break;
      case Op::Mul:
        overflow = __builtin_mul_overflow(x, y, &r);
        break;
      case Op::Div:
      case Op::Mod:
        if (y == 0 || (x == std::numeric_limits<std::int64_t>::min() && y == -1))
          return Value::error();
        r = op == Op::Div ? x / y : x % y;
        break;
      default:
        return Value::error();
    }
    return overflow ? Value::error() : Value::integer(r);
  }
  const double x = a.as_real(), y = b.as_real();
  double r = 0;
  switch (op) {
    case Op::Add:
      r = x + y;
      break;
    case Op::Sub:
      r = x - y;
      break;
    case Op::Mul:
      r = x * y;
      break;
    case Op::Div:
      if (y == 0) return Value::error();
      r = x / y;
      break;
    default:  // % takes integers only, as in HTCondor (a real operand gives error)
      return Value::error();
  }
  return std::isfinite(r) ? Value::real(r) : Value::error();
}

Value bitwise(Op op, const Value& a, const Value& b) {
  if (a.is_error() || b.is_error()) return Value::error();
  if (!(int_like(a) || a.is_undefined()) || !(int_like(b) || b.is_undefined()))
    return Value::error();
  if (a.is_undefined() || b.is_undefined()) return Value::undefined();
  const std::int64_t x = a.as_int(), y = b.as_int();
  switch (op) {
    case Op::Shl:
    case Op::Shr:
      if (y < 0 || y > 63) return Value::error();
      return Value::integer(
          op == Op::Shl ? static_cast<std::int64_t>(static_cast<std::uint64_t>(x) << y) : x >> y);
    case Op::BitAnd:
      return Value::integer(x & y);
    case Op::BitXor:
      return Value::integer(x ^ y);
    case Op::BitOr:
      return Value::integer(x | y);
    default:
      return Value::error();
  }
}

Value comparison(Op op, const Value& a, const Value& b) {
  if (a.is_error() || b.is_error()) return Value::error();
  auto allowed = [](const Value& v) {
    return v.is_numeric() || v.is(Kind::String) || v.is_undefined();
  };
  if (!allowed(a) || !allowed(b)) return Value::error();
  if (!a.is_undefined() && !b.is_undefined() && a.is(Kind::String) != b.is(Kind::String))
    return Value::error();
  if (a.is_undefined() || b.is_undefined()) return Value::undefined();
  int c = 0;
  if (a.is(Kind::String)) {
    c = compare_folded(a.as_string(), b.as_string());
  } else if (int_like(a) && int_like(b)) {
    c = a.as_int() < b.as_int() ? -1 : (a.as_int() > b.as_int() ? 1 : 0);
  } else {
    c = a.as_real() < b.as_real() ? -1 : (a.as_real() > b.as_real() ? 1 : 0);
  }
  switch (op) {
    case Op::Lt:
      return Value::boolean(c < 0);
    case Op::Le:
      return Value::boolean(c <= 0);
    case Op::Gt:
      return Value::boolean(c > 0);
    case Op::Ge:
      return Value::boolean(c >= 0);
    case Op::Eq:
      return Value::boolean(c == 0);
    case Op::Ne:
      return Value::boolean(c != 0);
    default:
      return Value::error();
  }
}

}  // namespace arsim::classad
