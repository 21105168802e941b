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
#pragma once

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

template <class K>
struct Bound {
  K key{};
  bool inf = true;  // unbounded on this side
  bool incl = false;
};

// Numbers compare as doubles (exact up to 2^53; larger values are not indexed); strings compare
// folded to lower case, as the classad comparisons do.
struct Interval {
  enum State : std::uint8_t { Num, Str, Empty } state = Num;
  Bound<double> nlo, nhi;
  Bound<std::string> slo, shi;
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
    classad::Value value;  // a number or a string; anything else admits only candidates
                           // without an interval on the attribute
  };
  std::vector<Range> ranges;
  std::vector<Stab> stabs;
  bool impossible = false;  // an indexed comparison can never be true: no candidate
};

// The interval `attr op v` allows, or nothing when the comparison can never be true (v undefined,
// error, a list...). A number beyond 2^53 gives an unbounded interval (not indexed).
std::optional<Interval> interval_of(classad::Op op, const classad::Value& v);

class GangIndex {
 public:
  GangIndex(const model::gang::GangProblem& problem, const Units& units,
            const std::vector<CandidatePort>& candidates);

  // Attribute ids for ranges (-1: not indexed), and the attributes candidates bound.
  int range_attr(const classad::Name& name) const;
  const std::vector<classad::Name>& interval_attrs() const { return interval_names_; }

  // The candidates satisfying every dimension of `q` that `keep` accepts, ascending.
  std::vector<int> probe(const ProbeQuery& q, const std::function<bool(int)>& keep);

  // Removes a candidate for good (its unit has no free member left).
  void remove(int candidate);
  int alive() const { return all_.alive(0, all_.size()); }

 private:
  struct Cell {
    enum Kind : std::uint8_t { None, Num, Str, Dynamic } kind = None;
    double num = 0;
    std::string str;
  };
  using LoKey = std::tuple<int, double, int>;  // (finite?, key, exclusive?)
  using SLoKey = std::tuple<int, std::string, int>;
  using HiKey = std::tuple<int, double, int>;  // (infinite?, key, inclusive?)
  using SHiKey = std::tuple<int, std::string, int>;
  struct RangeColumns {
    Column<double> num;
    Column<std::string> str;
    Column<int> dynamic;
  };
  struct IntervalColumns {
    Column<double> npoints;
    Column<LoKey> nlo;
    Column<HiKey> nhi;
    Column<std::string> spoints;
    Column<SLoKey> slo;
    Column<SHiKey> shi;
    Column<int> unconstrained;
  };
  struct Dim {
    int kind;  // 0 range, 1 stab
    int index;
    int count;
  };

  void build_values(const model::gang::GangProblem& p, const Units& u,
                    const std::vector<CandidatePort>& c);
  void build_intervals(const model::gang::GangProblem& p, const Units& u,
                       const std::vector<CandidatePort>& c);
  int count(const ProbeQuery& q, const Dim& d);
  void enumerate(const ProbeQuery& q, const Dim& d, const std::function<void(int)>& f);
  bool passes(const ProbeQuery& q, int cp, const Dim& driver) const;
  bool cell_in(const Cell& c, const Interval& r) const;
  const Interval* interval(int cp, int attr) const;

  int candidates_ = 0;
  std::unordered_map<std::string, int> range_ids_;
  std::vector<RangeColumns> range_cols_;
  std::vector<std::vector<Cell>> cells_;  // [candidate][range attr]
  std::vector<classad::Name> interval_names_;
  std::vector<IntervalColumns> interval_cols_;
  std::vector<std::vector<std::pair<int, Interval>>> intervals_;  // [candidate] sparse
  Column<int> all_;
};

bool contains(const Interval& r, const classad::Value& v);

}  // namespace arsim::schedulers::gangmatch
