// The gang index (Raman et al. §5): "conventional search trees for attribute indexes and interval
// trees to index the constituent comparison expressions of constraints", so that a probe returns a
// tight superset of the candidates of a port.
//
// Candidates are the ports of resource units (units.hpp). For every attribute `a` that some
// indexable comparison L.a op e reads (patterns.hpp), the index keeps each candidate's value of
// `a` as seen from its port record (numbers and strings in sorted columns; a value that depends on
// the candidate's own labels is "dynamic" and always passes). For every attribute `b` that a
// candidate's own constraint bounds by comparisons R.b op literal on its partner R, it keeps the
// candidate's interval on `b` (points and ranges, stabbed by the prober's value of `b`).
// Whatever cannot be indexed (!=, functions, comparisons of two unknowns...) is left to the full
// evaluation of the constraints after the probe.
//
// Numbers compare as doubles (exact up to 2^53; larger values are not indexed). Strings compare
// as the classad comparisons do, folded to lower case; the index keeps them as their rank in a
// sorted dictionary of every string it holds (a string it does not hold ranks between its
// neighbours), so that every comparison in a probe is a comparison of two numbers.
#pragma once

#include <climits>
#include <functional>
#include <optional>
#include <string>
#include <tuple>
#include <unordered_map>
#include <vector>

#include "classad/value.hpp"
#include "model/gang/gang.hpp"
#include "schedulers/gangmatch/columns.hpp"
#include "schedulers/gangmatch/patterns.hpp"
#include "schedulers/gangmatch/units.hpp"

namespace arsim::schedulers::gangmatch {

struct Bound {
  double key = 0;
  bool inf = true;  // unbounded on this side
  bool incl = false;
};

// A set of numbers, or of strings (by rank), or nothing.
struct Interval {
  enum State : std::uint8_t { Num, Str, Empty } state = Num;
  Bound lo, hi;
  bool contains(State s, double x) const {
    return state == s && (lo.inf || lo.key < x || (lo.key == x && lo.incl)) &&
           (hi.inf || x < hi.key || (hi.key == x && hi.incl));
  }
};

// What one probe asks: bounds on candidate attributes, and prober values that candidates'
// intervals must contain.
struct ProbeQuery {
  struct Range {
    int attr;
    Interval bounds;  // Num or Str
  };
  struct Stab {
    int attr;
    Interval::State kind;  // Num or Str; Empty for a value that is neither (admits only the
                           // candidates without an interval on the attribute)
    double key;
  };
  std::vector<Range> ranges;
  std::vector<Stab> stabs;
  bool impossible = false;  // an indexed comparison can never be true: no candidate
};

class GangIndex {
 public:
  // `only`: index just these attributes (folded names); empty = every indexable attribute.
  GangIndex(const model::gang::GangProblem& problem, const Units& units,
            const std::vector<CandidatePort>& candidates,
            const std::vector<std::string>& only = {});

  // Attribute ids for ranges (-1: not indexed), and the attributes candidates bound.
  int range_attr(const classad::Name& name) const;
  const std::vector<classad::Name>& interval_attrs() const { return interval_names_; }

  // The interval `attr op v` allows, or nothing when the comparison can never be true (v
  // undefined, error, a list...). A number beyond 2^53 gives an unbounded interval.
  std::optional<Interval> interval_of(classad::Op op, const classad::Value& v) const;
  ProbeQuery::Stab stab(int attr, const classad::Value& v) const;

  // The candidates satisfying every dimension of `q` that `keep` accepts, ascending; at most
  // `limit` of them (then in no particular order).
  std::vector<int> probe(const ProbeQuery& q, const std::function<bool(int)>& keep,
                         int limit = INT_MAX);

  // Removes a candidate for good (its unit has no free member left).
  void remove(int candidate);

 private:
  struct Cell {
    enum Kind : std::uint8_t { None, Num, Str, Dynamic } kind = None;
    double key = 0;
  };
  using LoKey = std::tuple<int, double, int>;  // (finite?, key, exclusive?)
  using HiKey = std::tuple<int, double, int>;  // (infinite?, key, inclusive?)
  struct RangeColumns {
    Column<double> num, str;
    Column<int> dynamic;
  };
  struct DomainColumns {
    Column<double> points;
    Column<LoKey> lo;
    Column<HiKey> hi;
  };
  struct IntervalColumns {
    DomainColumns num, str;
    Column<int> unconstrained;
  };
  struct Dim {
    int kind;  // 0 range, 1 stab
    int index;
    int count;
  };

  struct Raw;  // what the candidates' values and literals are, before strings are ranked
  double rank(const std::string& folded) const;
  void read(const model::gang::GangProblem& p, const Units& u, const std::vector<CandidatePort>& c,
            Raw& raw);
  void build_values(Raw& raw);
  void build_intervals(Raw& raw);
  int count(const ProbeQuery& q, const Dim& d);
  void enumerate(const ProbeQuery& q, const Dim& d, const std::function<void(int)>& f);
  bool passes(const ProbeQuery& q, int cp, const Dim& driver) const;
  const Interval* interval(int cp, int attr) const;

  int candidates_ = 0;
  std::vector<std::string> only_;
  std::vector<std::string> dict_;  // every string the index holds, folded, sorted
  std::unordered_map<std::string, int> range_ids_;
  std::vector<RangeColumns> range_cols_;
  std::vector<std::vector<Cell>> cells_;  // [candidate][range attr]
  std::vector<classad::Name> interval_names_;
  std::vector<IntervalColumns> interval_cols_;
  std::vector<std::vector<std::pair<int, Interval>>> intervals_;  // [candidate] sparse
  Column<int> all_;
};

}  // namespace arsim::schedulers::gangmatch
