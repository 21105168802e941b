#include "classad/value.hpp"

namespace arsim::classad {

Value Value::error() {
  Value v;
  v.kind_ = Kind::Error;
  return v;
}

Value Value::boolean(bool b) {
  Value v;
  v.kind_ = Kind::Boolean;
  v.b_ = b;
  return v;
}

Value Value::integer(std::int64_t i) {
  Value v;
  v.kind_ = Kind::Integer;
  v.i_ = i;
  return v;
}

Value Value::real(double r) {
  Value v;
  v.kind_ = Kind::Real;
  v.r_ = r;
  return v;
}

Value Value::string(std::string s) {
  Value v;
  v.kind_ = Kind::String;
  v.s_ = std::move(s);
  return v;
}

Value Value::list(std::vector<Value> items) {
  Value v;
  v.kind_ = Kind::List;
  v.list_ = std::make_shared<const std::vector<Value>>(std::move(items));
  return v;
}

Value Value::record(RecordRef r) {
  Value v;
  v.kind_ = Kind::Record;
  v.rec_ = r;
  return v;
}

bool is_true(const Value& v) {
  switch (v.kind()) {
    case Kind::Boolean:
      return v.as_bool();
    case Kind::Integer:
      return v.as_int() != 0;
    case Kind::Real:
      return v.as_real() != 0.0;
    default:
      return false;
  }
}

bool identical(const Value& a, const Value& b) {
  if (a.kind() != b.kind()) return false;
  switch (a.kind()) {
    case Kind::Undefined:
    case Kind::Error:
      return true;
    case Kind::Boolean:
      return a.as_bool() == b.as_bool();
    case Kind::Integer:
      return a.as_int() == b.as_int();
    case Kind::Real:
      return a.as_real() == b.as_real();
    case Kind::String:
      return a.as_string() == b.as_string();
    case Kind::Record:
      return a.as_record() == b.as_record();
    case Kind::List: {
      const auto& x = a.as_list();
      const auto& y = b.as_list();
      if (x.size() != y.size()) return false;
      for (std::size_t i = 0; i < x.size(); ++i)
        if (!identical(x[i], y[i])) return false;
      return true;
    }
  }
  return false;
}

}  // namespace arsim::classad
