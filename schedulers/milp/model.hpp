// A small, solver-neutral mixed-integer linear model: variables with bounds and names, linear
// constraints (<=, >=, ==) and a linear objective. The back-ends (CBC, GLPK) translate it; the
// planners build it. Nothing here depends on a solver header.
#pragma once

#include <limits>
#include <string>
#include <utility>
#include <vector>

namespace arsim::schedulers::milp {

inline constexpr double kInfinity = std::numeric_limits<double>::infinity();

enum class VarType { Binary, Integer, Continuous };
enum class Sense { Le, Ge, Eq };
enum class ObjSense { Minimize, Maximize };

// A handle to a variable of one Model: its column index.
struct Var {
  int index = -1;
};

struct Term {
  int var = -1;
  double coef = 0;
};

// A sum of coefficient × variable terms. A variable may appear several times; Model merges the
// repeats when the expression is stored.
class LinearExpr {
 public:
  LinearExpr() = default;
  LinearExpr& add(Var v, double coef = 1.0) {
    terms_.push_back({v.index, coef});
    return *this;
  }
  const std::vector<Term>& terms() const { return terms_; }
  bool empty() const { return terms_.empty(); }

 private:
  std::vector<Term> terms_;
};

struct Variable {
  std::string name;
  VarType type = VarType::Continuous;
  double lb = 0;
  double ub = kInfinity;
  double obj = 0;  // objective coefficient
};

struct Constraint {
  std::string name;
  std::vector<Term> terms;  // sorted by variable, no repeats, no zero coefficients
  Sense sense = Sense::Le;
  double rhs = 0;
};

class Model {
 public:
  explicit Model(std::string name = "model") : name_(std::move(name)) {}

  // Names must be free of whitespace and at most 255 characters (MPS, GLPK); an empty name
  // becomes "c<index>" for a variable, "r<index>" for a constraint. Bounds may be ±kInfinity.
  // Throws std::invalid_argument on lb > ub, NaN bounds or a bad name.
  Var add_binary(std::string name = {});
  Var add_integer(double lb, double ub, std::string name = {});
  Var add_continuous(double lb, double ub, std::string name = {});

  // Returns the row index. Throws std::invalid_argument on an unknown variable, a non-finite
  // coefficient or right-hand side.
  int add_constraint(const LinearExpr& lhs, Sense sense, double rhs, std::string name = {});

  // Replaces the whole objective (coefficients of variables not in `expr` become 0).
  void set_objective(ObjSense sense, const LinearExpr& expr);
  // Adds `coef` to one variable's objective coefficient.
  void add_objective(Var v, double coef);
  void set_objective_sense(ObjSense sense) { sense_ = sense; }

  const std::string& name() const { return name_; }
  ObjSense objective_sense() const { return sense_; }
  int num_vars() const { return static_cast<int>(vars_.size()); }
  int num_constraints() const { return static_cast<int>(rows_.size()); }
  int num_integer() const;
  const Variable& variable(int i) const { return vars_.at(i); }
  const Constraint& constraint(int r) const { return rows_.at(r); }
  const std::vector<Variable>& variables() const { return vars_; }
  const std::vector<Constraint>& constraints() const { return rows_; }

  // Objective value of a full assignment (one value per variable).
  double objective_value(const std::vector<double>& values) const;
  // The largest violation of bounds, integrality and rows by `values` (0 when feasible).
  double max_violation(const std::vector<double>& values) const;

 private:
  Var add_var(VarType type, double lb, double ub, std::string name);
  std::vector<Term> normalise(const LinearExpr& expr) const;

  std::string name_;
  ObjSense sense_ = ObjSense::Minimize;
  std::vector<Variable> vars_;
  std::vector<Constraint> rows_;
};

}  // namespace arsim::schedulers::milp
