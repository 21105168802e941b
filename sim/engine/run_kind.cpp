#include "sim/engine/run_kind.hpp"

#include <algorithm>

namespace arsim::engine {

std::map<std::string, std::string> algorithm_params(
    const scenario::Settings& s, const std::string& prefix,
    const std::vector<schedulers::ParamSpec>& specs) {
  auto params = s.with_prefix(prefix);
  for (auto& [name, value] : params) {
    const auto spec = std::find_if(specs.begin(), specs.end(),
                                   [&key = name](const auto& p) { return p.name == key; });
    if (spec != specs.end() && spec->type == schedulers::ParamType::Path && !value.empty())
      value = scenario::resolve_path(value, s.where(prefix + name));
  }
  return params;
}

std::vector<std::string> RunKind::audit(const Catalog&, const scenario::RunSpec& spec,
                                        const std::string&) const {
  throw InputError("runs of kind '" + spec.settings.get_string("scenario.kind") +
                   "' have no auditor (their results are checked as they are made)");
}

}  // namespace arsim::engine
