#include "classad/builtins.hpp"

#include <charconv>
#include <cmath>
#include <limits>

#include <fmt/format.h>

#include "classad/print.hpp"

namespace arsim::classad {

namespace {

struct Entry {
  const char* name;
  Builtin fn;
};

const Entry kBuiltins[] = {{"member", Builtin::Member},
                           {"isUndefined", Builtin::IsUndefined},
                           {"isError", Builtin::IsError},
                           {"isString", Builtin::IsString},
                           {"isInteger", Builtin::IsInteger},
                           {"isReal", Builtin::IsReal},
                           {"isBoolean", Builtin::IsBoolean},
                           {"isList", Builtin::IsList},
                           {"isClassAd", Builtin::IsClassAd},
                           {"ifThenElse", Builtin::IfThenElse},
                           {"strcat", Builtin::Strcat},
                           {"string", Builtin::String},
                           {"int", Builtin::Int},
                           {"real", Builtin::Real},
                           {"size", Builtin::Size},
                           {"DayTime", Builtin::DayTime}};

// A number written as a whole string (surrounding blanks allowed), as int() and real() read it.
bool parse_number(const std::string& s, double& out, bool& integral, std::int64_t& as_int) {
  std::size_t b = s.find_first_not_of(" \t"), e = s.find_last_not_of(" \t");
  if (b == std::string::npos) return false;
  const char* first = s.data() + b;
  const char* last = s.data() + e + 1;
  if (*first == '+') ++first;
  auto [p, ec] = std::from_chars(first, last, as_int);
  if (ec == std::errc() && p == last) {
    integral = true;
    out = static_cast<double>(as_int);
    return true;
  }
  auto [q, ec2] = std::from_chars(first, last, out);
  integral = false;
  return ec2 == std::errc() && q == last && std::isfinite(out);
}

Value to_int(const Value& v) {
  switch (v.kind()) {
    case Kind::Integer:
    case Kind::Boolean:
      return Value::integer(v.as_int());
    case Kind::Real: {
      const double t = std::trunc(v.as_real());
      if (!(t >= -9.2233720368547758e18 && t < 9.2233720368547758e18)) return Value::error();
      return Value::integer(static_cast<std::int64_t>(t));
    }
    case Kind::String: {
      double d = 0;
      bool integral = false;
      std::int64_t i = 0;
      if (!parse_number(v.as_string(), d, integral, i)) return Value::error();
      return integral ? Value::integer(i) : to_int(Value::real(d));
    }
    default:
      return Value::error();
  }
}

Value to_real(const Value& v) {
  switch (v.kind()) {
    case Kind::Integer:
    case Kind::Boolean:
    case Kind::Real:
      return Value::real(v.as_real());
    case Kind::String: {
      double d = 0;
      bool integral = false;
      std::int64_t i = 0;
      return parse_number(v.as_string(), d, integral, i) ? Value::real(d) : Value::error();
    }
    default:
      return Value::error();
  }
}

// member(m, l): true when an element of l equals m in the sense of == (HTCondor manual).
Value member(const Value& m, const Value& l) {
  if (m.is_error() || l.is_error()) return Value::error();
  if (m.is_undefined() || l.is_undefined()) return Value::undefined();
  if (!l.is(Kind::List) || m.is(Kind::List) || m.is(Kind::Record)) return Value::error();
  for (const Value& item : l.as_list()) {
    if (item.is(Kind::String) && m.is(Kind::String)) {
      if (fold(item.as_string()) == fold(m.as_string())) return Value::boolean(true);
    } else if (item.is_numeric() && m.is_numeric()) {
      const bool real = item.is(Kind::Real) || m.is(Kind::Real);
      if (real ? item.as_real() == m.as_real() : item.as_int() == m.as_int())
        return Value::boolean(true);
    }
  }
  return Value::boolean(false);
}

Value if_then_else(const CallExpr& c, const Binding* b, EvalState& st) {
  const Value cond = evaluate(*c.args[0], b, st);
  switch (cond.kind()) {
    case Kind::Undefined:
    case Kind::Error:
      return cond;
    case Kind::Boolean:
    case Kind::Integer:
    case Kind::Real:
      return evaluate(*c.args[is_true(cond) ? 1 : 2], b, st);
    default:
      return Value::error();
  }
}

Value day_time(const EvalState& st) {
  if (!st.clock || !std::isfinite(*st.clock)) return Value::undefined();
  double s = std::fmod(std::floor(*st.clock), 86400.0);
  if (s < 0) s += 86400.0;
  return Value::integer(static_cast<std::int64_t>(s));
}

Value size_of(const Value& v) {
  switch (v.kind()) {
    case Kind::Undefined:
      return v;
    case Kind::String:
      return Value::integer(static_cast<std::int64_t>(v.as_string().size()));
    case Kind::List:
      return Value::integer(static_cast<std::int64_t>(v.as_list().size()));
    case Kind::Record:
      return Value::integer(static_cast<std::int64_t>(v.as_record().record->attrs.size()));
    default:
      return Value::error();
  }
}

int arity(Builtin fn) {
  switch (fn) {
    case Builtin::Member:
      return 2;
    case Builtin::IfThenElse:
      return 3;
    case Builtin::Strcat:
      return -1;  // any
    case Builtin::DayTime:
      return 0;
    default:
      return 1;
  }
}

}  // namespace

std::optional<Builtin> find_builtin(std::string_view name) {
  for (const auto& e : kBuiltins)
    if (iequals(name, e.name)) return e.fn;
  return std::nullopt;
}

std::string builtin_names() {
  std::string out;
  for (const auto& e : kBuiltins) out += (out.empty() ? "" : ", ") + std::string(e.name);
  return out;
}

Value to_string_value(const Value& v) {
  switch (v.kind()) {
    case Kind::Undefined:
    case Kind::Error:
      return Value::error();
    case Kind::String:
      return v;
    default:
      return Value::string(to_string(v));
  }
}

Value call_builtin(const CallExpr& c, const Binding* b, EvalState& st) {
  const int n = arity(c.fn);
  if (n >= 0 && static_cast<int>(c.args.size()) != n) return Value::error();
  if (c.fn == Builtin::IfThenElse) return if_then_else(c, b, st);
  if (c.fn == Builtin::DayTime) return day_time(st);
  if (c.fn == Builtin::Strcat) {
    std::string out;
    for (const auto& a : c.args) {
      const Value s = to_string_value(evaluate(*a, b, st));
      if (s.is_error()) return s;
      out += s.as_string();
    }
    return Value::string(std::move(out));
  }
  const Value x = evaluate(*c.args[0], b, st);
  switch (c.fn) {
    case Builtin::Member:
      return member(x, evaluate(*c.args[1], b, st));
    case Builtin::IsUndefined:
      return Value::boolean(x.is_undefined());
    case Builtin::IsError:
      return Value::boolean(x.is_error());
    case Builtin::IsString:
      return Value::boolean(x.is(Kind::String));
    case Builtin::IsInteger:
      return Value::boolean(x.is(Kind::Integer));
    case Builtin::IsReal:
      return Value::boolean(x.is(Kind::Real));
    case Builtin::IsBoolean:
      return Value::boolean(x.is(Kind::Boolean));
    case Builtin::IsList:
      return Value::boolean(x.is(Kind::List));
    case Builtin::IsClassAd:
      return Value::boolean(x.is(Kind::Record));
    case Builtin::String:
      return to_string_value(x);
    case Builtin::Int:
      return to_int(x);
    case Builtin::Real:
      return to_real(x);
    case Builtin::Size:
      return size_of(x);
    default:
      return Value::error();
  }
}

}  // namespace arsim::classad
