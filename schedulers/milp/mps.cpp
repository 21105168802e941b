#include "schedulers/milp/mps.hpp"

#include <algorithm>
#include <cmath>
#include <fstream>
#include <stdexcept>
#include <vector>

#include <fmt/format.h>

namespace arsim::schedulers::milp {

namespace {

std::string json_string(const std::string& s) {
  std::string out = "\"";
  for (char c : s) {
    if (c == '"' || c == '\\') out += '\\';
    out += c;
  }
  return out + "\"";
}

std::string json_number(double v) {
  return std::isfinite(v) ? fmt::format("{}", v) : "null";
}

void rename_into_place(const std::filesystem::path& tmp, const std::filesystem::path& path) {
  std::error_code ec;
  std::filesystem::rename(tmp, path, ec);
  if (ec) throw std::runtime_error("cannot rename " + tmp.string() + ": " + ec.message());
}

// Shortest text that reads back as the same double.
std::string number(double v) {
  return fmt::format("{}", v);
}

void write_bounds(std::ofstream& out, const Variable& v) {
  const bool lo_inf = v.lb == -kInfinity, up_inf = v.ub == kInfinity;
  if (lo_inf && up_inf) {
    out << fmt::format(" FR bnd {}\n", v.name);
    return;
  }
  if (!lo_inf && !up_inf && v.lb == v.ub) {
    out << fmt::format(" FX bnd {} {}\n", v.name, number(v.lb));
    return;
  }
  if (lo_inf)
    out << fmt::format(" MI bnd {}\n", v.name);
  else
    out << fmt::format(" LO bnd {} {}\n", v.name, number(v.lb));
  if (up_inf)
    out << fmt::format(" PL bnd {}\n", v.name);
  else
    out << fmt::format(" UP bnd {} {}\n", v.name, number(v.ub));
}

}  // namespace

// Free MPS, written here rather than by CoinMpsIO, whose writer silently drops the objective sense.
// MPS has no portable sense either (CoinMpsIO ignores an OBJSENSE section, GLPK rejects it), so a
// maximisation is written as the minimisation of the negated objective, and a comment says so.
// Integer columns sit between MARKER INTORG/INTEND lines and always get explicit bounds (a bare
// integer column defaults to [0, 1] in some readers); rows and columns keep their model names.
void write_mps(const Model& model, const std::filesystem::path& path) {
  std::ofstream out(path, std::ios::trunc);
  if (!out) throw std::runtime_error("cannot open " + path.string());
  out << "NAME " << model.name() << "\n";
  const bool negate = model.objective_sense() == ObjSense::Maximize;
  if (negate) out << "* The model maximises; this file minimises the negated objective.\n";
  // The objective row needs a name no constraint uses.
  std::string obj = "obj";
  for (bool clash = true; clash;) {
    clash = std::any_of(model.constraints().begin(), model.constraints().end(),
                        [&](const Constraint& c) { return c.name == obj; });
    if (clash) obj += "_";
  }
  out << "ROWS\n N  " << obj << "\n";
  for (const auto& c : model.constraints())
    out << (c.sense == Sense::Le   ? " L  "
            : c.sense == Sense::Ge ? " G  "
                                   : " E  ")
        << c.name << "\n";
  // Column-wise entries: the model stores rows, MPS wants columns.
  std::vector<std::vector<std::pair<int, double>>> columns(model.num_vars());
  for (int r = 0; r < model.num_constraints(); ++r)
    for (const Term& t : model.constraint(r).terms) columns[t.var].emplace_back(r, t.coef);
  out << "COLUMNS\n";
  bool in_integers = false;
  int marker = 0;
  for (int i = 0; i < model.num_vars(); ++i) {
    const Variable& v = model.variable(i);
    const bool integer = v.type != VarType::Continuous;
    if (integer != in_integers) {
      out << fmt::format("    M{} 'MARKER' '{}'\n", marker++, integer ? "INTORG" : "INTEND");
      in_integers = integer;
    }
    out << fmt::format("    {} {} {}\n", v.name, obj, number(negate ? -v.obj : v.obj));
    for (const auto& [r, coef] : columns[i])
      out << fmt::format("    {} {} {}\n", v.name, model.constraint(r).name, number(coef));
  }
  if (in_integers) out << fmt::format("    M{} 'MARKER' 'INTEND'\n", marker);
  out << "RHS\n";
  for (const auto& c : model.constraints())
    if (c.rhs != 0) out << fmt::format("    rhs {} {}\n", c.name, number(c.rhs));
  out << "BOUNDS\n";
  for (const auto& v : model.variables()) write_bounds(out, v);
  out << "ENDATA\n";
  if (!out.flush()) throw std::runtime_error("cannot write MPS file " + path.string());
}

void write_model_dump(const Model& model, const Result& result, const std::filesystem::path& dir,
                      const std::string& name) {
  std::filesystem::create_directories(dir);
  const auto mps = dir / (name + ".mps");
  const auto json = dir / (name + ".json");
  write_mps(model, mps.string() + ".tmp");
  rename_into_place(mps.string() + ".tmp", mps);

  const bool solved = result.has_solution();
  const std::string text = fmt::format(
      "{{\n  \"name\": {},\n  \"sense\": \"{}\",\n  \"status\": \"{}\",\n  \"objective\": {},\n"
      "  \"best_bound\": {},\n  \"nodes\": {},\n  \"seconds\": {},\n  \"rows\": {},\n  \"cols\": "
      "{},\n  \"integers\": {}\n}}\n",
      json_string(name), model.objective_sense() == ObjSense::Maximize ? "max" : "min",
      to_string(result.status), solved ? json_number(result.objective) : "null",
      json_number(result.best_bound), result.nodes, json_number(result.seconds),
      model.num_constraints(), model.num_vars(), model.num_integer());
  const auto tmp = json.string() + ".tmp";
  {
    std::ofstream out(tmp, std::ios::trunc);
    out << text;
    if (!out.flush()) throw std::runtime_error("cannot write " + tmp);
  }
  rename_into_place(tmp, json);
}

}  // namespace arsim::schedulers::milp
