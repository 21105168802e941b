#include "schedulers/milp/model.hpp"

#include <algorithm>
#include <cctype>
#include <cmath>
#include <stdexcept>

#include <fmt/format.h>

namespace arsim::schedulers::milp {

namespace {

std::string checked_name(std::string name, char prefix, int index) {
  if (name.empty()) return fmt::format("{}{}", prefix, index);
  if (name.size() > 255) throw std::invalid_argument("milp: name longer than 255: " + name);
  for (unsigned char c : name)
    if (std::isspace(c) || !std::isprint(c))
      throw std::invalid_argument("milp: name '" + name + "' has whitespace or control characters");
  return name;
}

}  // namespace

Var Model::add_var(VarType type, double lb, double ub, std::string name) {
  const int index = num_vars();
  name = checked_name(std::move(name), 'c', index);
  if (std::isnan(lb) || std::isnan(ub) || lb > ub || lb == kInfinity || ub == -kInfinity)
    throw std::invalid_argument(fmt::format("milp: variable '{}': bounds [{}, {}]", name, lb, ub));
  vars_.push_back({std::move(name), type, lb, ub, 0.0});
  return Var{index};
}

Var Model::add_binary(std::string name) {
  return add_var(VarType::Binary, 0, 1, std::move(name));
}

Var Model::add_integer(double lb, double ub, std::string name) {
  return add_var(VarType::Integer, lb, ub, std::move(name));
}

Var Model::add_continuous(double lb, double ub, std::string name) {
  return add_var(VarType::Continuous, lb, ub, std::move(name));
}

// Sorted by variable, repeats summed, zeros dropped: GLPK aborts on repeated columns in a row.
std::vector<Term> Model::normalise(const LinearExpr& expr) const {
  std::vector<Term> terms = expr.terms();
  for (const Term& t : terms) {
    if (t.var < 0 || t.var >= num_vars())
      throw std::invalid_argument(fmt::format("milp: unknown variable index {}", t.var));
    if (!std::isfinite(t.coef))
      throw std::invalid_argument(
          fmt::format("milp: coefficient of '{}' is {}", vars_[t.var].name, t.coef));
  }
  std::sort(terms.begin(), terms.end(), [](const Term& a, const Term& b) { return a.var < b.var; });
  std::vector<Term> out;
  for (const Term& t : terms) {
    if (!out.empty() && out.back().var == t.var)
      out.back().coef += t.coef;
    else
      out.push_back(t);
  }
  std::erase_if(out, [](const Term& t) { return t.coef == 0; });
  return out;
}

int Model::add_constraint(const LinearExpr& lhs, Sense sense, double rhs, std::string name) {
  const int index = num_constraints();
  name = checked_name(std::move(name), 'r', index);
  if (!std::isfinite(rhs))
    throw std::invalid_argument(fmt::format("milp: constraint '{}': rhs {}", name, rhs));
  rows_.push_back({std::move(name), normalise(lhs), sense, rhs});
  return index;
}

void Model::set_objective(ObjSense sense, const LinearExpr& expr) {
  sense_ = sense;
  for (auto& v : vars_) v.obj = 0;
  for (const Term& t : normalise(expr)) vars_[t.var].obj = t.coef;
}

void Model::add_objective(Var v, double coef) {
  LinearExpr e;
  e.add(v, coef);
  for (const Term& t : normalise(e)) vars_[t.var].obj += t.coef;
}

int Model::num_integer() const {
  return static_cast<int>(std::count_if(
      vars_.begin(), vars_.end(), [](const Variable& v) { return v.type != VarType::Continuous; }));
}

double Model::objective_value(const std::vector<double>& values) const {
  double sum = 0;
  for (int i = 0; i < num_vars() && i < static_cast<int>(values.size()); ++i)
    sum += vars_[i].obj * values[i];
  return sum;
}

double Model::max_violation(const std::vector<double>& values) const {
  if (values.size() != vars_.size()) return kInfinity;
  double worst = 0;
  for (int i = 0; i < num_vars(); ++i) {
    const Variable& v = vars_[i];
    worst = std::max({worst, v.lb - values[i], values[i] - v.ub});
    if (v.type != VarType::Continuous)
      worst = std::max(worst, std::abs(values[i] - std::round(values[i])));
  }
  for (const Constraint& c : rows_) {
    double lhs = 0;
    for (const Term& t : c.terms) lhs += t.coef * values[t.var];
    if (c.sense != Sense::Ge) worst = std::max(worst, lhs - c.rhs);
    if (c.sense != Sense::Le) worst = std::max(worst, c.rhs - lhs);
  }
  return worst;
}

}  // namespace arsim::schedulers::milp
