#include "schedulers/param_text.hpp"

#include <cmath>
#include <cstdint>
#include <functional>

#include <fmt/format.h>
#include <fmt/ranges.h>

namespace arsim::schedulers {

namespace {

using T = base::ValueType;

// A table cell: '|' would end the cell early, and a '<' outside a code span would open an HTML
// tag ("<grc>" would vanish from the rendered page).
std::string cell(const std::string& text) {
  std::string out;
  bool code = false;
  for (const char c : text) {
    if (c == '`') code = !code;
    if (c == '|' || (c == '<' && !code)) out.push_back('\\');
    out.push_back(c);
  }
  return out;
}

// A bound as written in a scenario: 1e12 rather than 1000000000000 (a whole double of at least
// 10^6 with at most three significant digits); integers' bounds in full.
std::string bound_text(double v, bool ints) {
  if (!ints && v == std::floor(v) && std::fabs(v) >= 1e6) {
    int exp = 0;
    double m = v;
    while (std::fmod(m, 10) == 0) m /= 10, ++exp;
    if (std::fabs(m) < 1000) return fmt::format("{}e{}", m, exp);
  }
  return fmt::format("{}", v);
}

// "≥ 0", "> 0", "in [0, 1]", "in (0, 1]", "" when unbounded. An int field's own limits
// (base::field) are its type's, not a choice of the declaration: left out.
std::string range_cell(const base::Declaration& d) {
  const bool ints = d.type == T::Int || d.type == T::Ints;
  const bool lo = d.min > -base::Declaration::kInf && !(ints && d.min <= INT32_MIN);
  const bool hi = d.max < base::Declaration::kInf && !(ints && d.max >= INT32_MAX);
  if (lo && hi)
    return fmt::format("in {}{}, {}{}", d.min_open ? '(' : '[', bound_text(d.min, ints),
                       bound_text(d.max, ints), d.max_open ? ')' : ']');
  if (lo) return fmt::format("{} {}", d.min_open ? ">" : "≥", bound_text(d.min, ints));
  if (hi) return fmt::format("{} {}", d.max_open ? "<" : "≤", bound_text(d.max, ints));
  return "";
}

std::string allowed_cell(const base::Declaration& d,
                         const std::function<std::string(std::string)>& code) {
  std::string out;
  switch (d.type) {
    case T::Doubles:
    case T::Ints:
      out = range_cell(d);
      if (!out.empty()) out = "each " + out;
      break;
    case T::String:
    case T::Path: {
      std::vector<std::string> choices;
      for (const auto& c : d.choices) choices.push_back(code(c));
      out = fmt::format("{}", fmt::join(choices, ", "));
      if (d.empty_ok) out = "may be empty";
      break;
    }
    case T::Bool:
      break;
    default:
      out = range_cell(d);
  }
  if (!d.only_if.empty()) out += (out.empty() ? "only if " : "; only if ") + code(d.only_if);
  return out;
}

std::string fallback_cell(const base::Declaration& d,
                          const std::function<std::string(std::string)>& code) {
  if (d.required) return "required";
  if (!d.required_if.empty()) return "required if " + code(d.required_if);
  if (!d.fallback.empty()) return code(d.fallback);
  if (!d.absent.empty()) return "none: " + code(d.absent);
  return "none";
}

}  // namespace

std::string default_text(const base::Declaration& d) {
  if (d.fallback.empty()) return "''";
  return d.unit.empty() ? d.fallback : d.fallback + " " + d.unit;
}

std::string list_lines(const std::vector<base::Declaration>& declarations) {
  std::string out;
  for (const auto& d : declarations)
    out += fmt::format("      {:<22} {:<7} default {:<8} {} ({})\n", d.name,
                       base::to_string(d.type), default_text(d), d.doc, base::expected_text(d));
  return out;
}

Cells cells_of(const base::Declaration& d, bool markdown) {
  const auto code = [markdown](std::string text) { return markdown ? "`" + text + "`" : text; };
  return {code(d.name), base::to_string(d.type), fallback_cell(d, code),
          d.unit,       allowed_cell(d, code),   d.doc};
}

std::string detail_lines(const std::vector<base::Declaration>& declarations) {
  std::string out;
  for (const auto& d : declarations) {
    const Cells c = cells_of(d, false);
    std::string line =
        fmt::format("  {:<32} {:<7} {:<20} {}", c.name, c.type,
                    c.unit.empty() ? c.fallback : c.fallback + " " + c.unit, c.allowed);
    line.erase(line.find_last_not_of(' ') + 1);
    out += line + "\n";
    if (!c.doc.empty()) out += "      " + c.doc + "\n";
  }
  return out;
}

std::string markdown_table(const std::vector<base::Declaration>& declarations,
                           const std::string& first) {
  std::string out = fmt::format("| {} | type | default | unit | allowed | meaning |\n", first);
  out += "|---|---|---|---|---|---|\n";
  for (const auto& d : declarations) {
    const Cells c = cells_of(d, true);
    out += fmt::format("| {} | {} | {} | {} | {} | {} |\n", c.name, c.type, cell(c.fallback),
                       c.unit, cell(c.allowed), cell(c.doc));
  }
  return out;
}

}  // namespace arsim::schedulers
