#include "sim/scenario/config.hpp"

#include <stdexcept>

namespace arsim::scenario {

std::optional<std::string> lookup(const Settings& settings, const KeySpec& spec,
                                  const std::vector<std::string>& names) {
  const std::string key = key_of(spec.name, names);
  if (!settings.has(key)) return std::nullopt;
  return spec.type == ValueType::Path ? settings.get_path(key) : settings.get_string(key);
}

std::vector<std::string> names_set(const Settings& settings, const std::string& pattern) {
  const auto star = pattern.find('*');
  if (star == std::string::npos || pattern.find('*', star + 1) != std::string::npos)
    throw std::logic_error(pattern + ": one '*' expected");
  std::vector<std::string> out;
  for (const auto& [key, setting] : settings.all())
    if (const auto names = stars_of(pattern, key)) out.push_back(names->front());
  return out;
}

}  // namespace arsim::scenario
