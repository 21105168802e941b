#include "sim/engine/kind_registry.hpp"

#include <stdexcept>

#include <fmt/format.h>
#include <fmt/ranges.h>

namespace arsim::engine {

void KindRegistry::add(std::string name, std::unique_ptr<RunKind> kind,
                       std::vector<std::string> aliases) {
  if (!kind) throw std::logic_error("run kind '" + name + "': null");
  if (schemas_)
    throw std::logic_error("run kind '" + name + "' added after the schemas were built");
  auto taken = [&](const std::string& n) {
    if (entries_.count(n)) return true;
    for (const auto& [other, e] : entries_)
      for (const auto& a : e.aliases)
        if (a == n) return true;
    return false;
  };
  for (const auto& n : aliases)
    if (taken(n)) throw std::logic_error("run kind name '" + n + "' registered twice");
  if (taken(name)) throw std::logic_error("run kind name '" + name + "' registered twice");
  entries_.emplace(name, Entry{name, std::move(kind), std::move(aliases)});
}

void KindRegistry::set_default(std::string name) {
  if (!entries_.count(name)) throw std::logic_error("default run kind '" + name + "' unknown");
  default_ = std::move(name);
}

const RunKind& KindRegistry::get(const std::string& name) const {
  auto it = entries_.find(name);
  if (it == entries_.end()) {
    std::vector<std::string> names;
    for (const auto& [n, e] : entries_) names.push_back(n);
    throw scenario::InputError(
        fmt::format("unknown run kind '{}'; valid: {}", name, fmt::join(names, ", ")));
  }
  return *it->second.kind;
}

const RunKind& KindRegistry::of(const scenario::Settings& settings) const {
  return get(settings.get_string("scenario.kind"));
}

const scenario::SchemaSet& KindRegistry::schemas() const {
  if (schemas_) return *schemas_;
  if (default_.empty()) throw std::logic_error("KindRegistry: no default kind");
  auto set = std::make_unique<scenario::SchemaSet>();
  set->default_kind = default_;
  std::vector<std::string> names;
  for (const auto& [name, e] : entries_) names.push_back(name);
  for (const auto& [name, e] : entries_) {
    auto keys = scenario::scenario_keys(names, default_);
    for (auto& k : e.kind->keys()) keys.push_back(std::move(k));
    const RunKind* kind = e.kind.get();
    set->kinds[name] = std::make_shared<const scenario::Schema>(
        std::move(keys), kind->param_groups(),
        [kind](const scenario::Settings& s) { kind->check_rules(s); }, kind->aliases());
    for (const auto& a : e.aliases) set->aliases[a] = name;
  }
  schemas_ = std::move(set);
  return *schemas_;
}

}  // namespace arsim::engine
