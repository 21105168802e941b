// Values of the classad language (Raman et al. §2; the HTCondor manual, "ClassAd Mechanism"):
// integer, real, string, boolean, the two exceptional values undefined and error, lists and
// records. A record value is a record expression seen from one ad instance (RecordRef): records
// are evaluated lazily, attribute by attribute, in the scope where they were written.
#pragma once

#include <cstdint>
#include <memory>
#include <string>
#include <vector>

namespace arsim::classad {

struct RecordExpr;
struct Binding;

// A record expression in the context of one ad instance. `binding` says what the labels and
// `other` of that instance stand for (eval.hpp); it may be null outside any match.
struct RecordRef {
  const RecordExpr* record = nullptr;
  const Binding* binding = nullptr;
  bool operator==(const RecordRef&) const = default;
};

enum class Kind : std::uint8_t { Undefined, Error, Boolean, Integer, Real, String, List, Record };

class Value {
 public:
  Value() = default;  // undefined
  static Value undefined() { return {}; }
  static Value error();
  static Value boolean(bool b);
  static Value integer(std::int64_t i);
  static Value real(double r);
  static Value string(std::string s);
  static Value list(std::vector<Value> items);
  static Value record(RecordRef r);

  Kind kind() const { return kind_; }
  bool is(Kind k) const { return kind_ == k; }
  bool is_undefined() const { return kind_ == Kind::Undefined; }
  bool is_error() const { return kind_ == Kind::Error; }
  // Integer, Real, or Boolean (which the operators treat as the integers 1 and 0, as the
  // HTCondor manual defines TRUE and FALSE).
  bool is_numeric() const {
    return kind_ == Kind::Integer || kind_ == Kind::Real || kind_ == Kind::Boolean;
  }

  bool as_bool() const { return b_; }
  std::int64_t as_int() const { return kind_ == Kind::Boolean ? (b_ ? 1 : 0) : i_; }
  double as_real() const { return kind_ == Kind::Real ? r_ : static_cast<double>(as_int()); }
  const std::string& as_string() const { return s_; }
  const std::vector<Value>& as_list() const { return *list_; }
  RecordRef as_record() const { return rec_; }

 private:
  Kind kind_ = Kind::Undefined;
  union {
    bool b_;
    std::int64_t i_ = 0;
    double r_;
  };
  std::string s_;
  std::shared_ptr<const std::vector<Value>> list_;
  RecordRef rec_;
};

// What a Constraint must evaluate to for a match: boolean true or a non-zero number (the
// manual's TRUE is the integer 1). Undefined, error, strings, lists and records are not true.
bool is_true(const Value& v);

// The =?= relation: same kind and same value; strings compared case-sensitively, lists element
// by element, records by identity (the same record expression of the same ad instance).
bool identical(const Value& a, const Value& b);

}  // namespace arsim::classad
