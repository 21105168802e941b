#include "schedulers/param_text.hpp"

#include <fmt/format.h>

namespace arsim::schedulers {

namespace {

// A table cell: '|' would end the cell early.
std::string cell(const std::string& text) {
  std::string out;
  for (const char c : text) {
    if (c == '|') out.push_back('\\');
    out.push_back(c);
  }
  return out;
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

std::string markdown_table(const std::vector<base::Declaration>& declarations) {
  std::string out = "| name | type | default | unit | expected | description |\n";
  out += "|---|---|---|---|---|---|\n";
  for (const auto& d : declarations)
    out += fmt::format("| `{}` | {} | {} | {} | {} | {} |\n", d.name, base::to_string(d.type),
                       d.fallback.empty() ? std::string() : fmt::format("`{}`", cell(d.fallback)),
                       d.unit, cell(base::expected_text(d)), cell(d.doc));
  return out;
}

}  // namespace arsim::schedulers
