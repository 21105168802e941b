#include "base/text.hpp"

namespace arsim::base {

namespace {

bool is_space(char c) {
  return c == ' ' || c == '\t' || c == '\n' || c == '\r';
}

std::vector<std::string> split(std::string_view text, bool commas) {
  std::vector<std::string> items;
  std::string current;
  for (char c : text) {
    if (is_space(c) || (commas && c == ',')) {
      if (!current.empty()) items.push_back(std::move(current));
      current.clear();
    } else {
      current += c;
    }
  }
  if (!current.empty()) items.push_back(std::move(current));
  return items;
}

}  // namespace

std::string trim(std::string_view text) {
  size_t b = 0, e = text.size();
  while (b < e && is_space(text[b])) ++b;
  while (e > b && is_space(text[e - 1])) --e;
  return std::string(text.substr(b, e - b));
}

std::vector<std::string> split_list(std::string_view text) {
  return split(text, true);
}
std::vector<std::string> split_words(std::string_view text) {
  return split(text, false);
}

}  // namespace arsim::base
