#include "classad/ast.hpp"

namespace arsim::classad {

namespace {

char lower(char c) {
  return (c >= 'A' && c <= 'Z') ? static_cast<char>(c - 'A' + 'a') : c;
}

}  // namespace

bool iequals(std::string_view a, std::string_view b) {
  if (a.size() != b.size()) return false;
  for (std::size_t i = 0; i < a.size(); ++i)
    if (lower(a[i]) != lower(b[i])) return false;
  return true;
}

std::string fold(std::string_view s) {
  std::string out(s);
  for (char& c : out) c = lower(c);
  return out;
}

Name Name::of(std::string_view text) {
  std::uint64_t h = 1469598103934665603ull;  // FNV-1a of the folded bytes
  for (char c : text) {
    h ^= static_cast<unsigned char>(lower(c));
    h *= 1099511628211ull;
  }
  return {std::string(text), h};
}

bool Name::same(const Name& other) const {
  return hash == other.hash && iequals(text, other.text);
}

int RecordExpr::find(const Name& name) const {
  for (std::size_t i = 0; i < attrs.size(); ++i)
    if (attrs[i].name.same(name)) return static_cast<int>(i);
  return -1;
}

}  // namespace arsim::classad
