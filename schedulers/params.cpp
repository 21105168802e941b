#include "schedulers/params.hpp"

#include <algorithm>

#include <fmt/format.h>
#include <fmt/ranges.h>

#include "base/numbers.hpp"

namespace arsim::schedulers {

Params::Params(const std::string& owner, const std::vector<ParamSpec>& specs,
               const std::map<std::string, std::string>& raw)
    : specs_(specs) {
  for (const auto& [key, value] : raw) {
    auto it = std::find_if(specs.begin(), specs.end(),
                           [&name = key](const auto& s) { return s.name == name; });
    if (it == specs.end()) {
      std::vector<std::string> names;
      for (const auto& s : specs) names.push_back(s.name);
      throw ParamError(
          fmt::format("{}: unknown parameter '{}'; valid: {}", owner, key,
                      names.empty() ? "none" : fmt::format("{}", fmt::join(names, ", "))));
    }
  }
  for (const auto& spec : specs) {
    auto it = raw.find(spec.name);
    const std::string value = it == raw.end() ? spec.fallback : it->second;
    const auto normal = base::normalize(spec, value);
    if (!normal)
      throw ParamError(fmt::format("{}: parameter '{}' = '{}': expected {}", owner, spec.name,
                                   value, base::expected_text(spec)));
    values_[spec.name] = *normal;
  }
}

const std::string& Params::raw(const std::string& key) const {
  auto it = values_.find(key);
  if (it == values_.end()) throw ParamError("no parameter '" + key + "'");
  return it->second;
}

}  // namespace arsim::schedulers
