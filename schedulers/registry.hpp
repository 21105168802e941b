// Name -> factory registries for the algorithm families (docs/design/architecture.md, Seams).
// Built-ins are added by an explicit call (register_builtins), never by static initialisers.
#pragma once

#include <functional>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include <fmt/format.h>
#include <fmt/ranges.h>

#include "schedulers/params.hpp"

namespace arsim::schedulers {

template <class Interface>
class Registry {
 public:
  using Factory = std::function<std::unique_ptr<Interface>(const Params&)>;
  struct Entry {
    std::string name;
    std::string description;
    std::vector<ParamSpec> params;
    Factory factory;
  };

  explicit Registry(std::string family) : family_(std::move(family)) {}

  // Throws std::logic_error on a duplicate name: two algorithms must not share one.
  void add(Entry e) {
    if (entries_.count(e.name))
      throw std::logic_error(family_ + ": '" + e.name + "' registered twice");
    entries_.emplace(e.name, std::move(e));
  }

  // What a family does with a name nobody registered: an entry made for it (a Python class named
  // `FILE.py:Class`, python/bridge/), or nothing. `accepts` says which names it takes, for errors.
  using Resolver = std::function<std::optional<Entry>(const std::string& name)>;
  void set_resolver(Resolver resolver, std::string accepts) {
    resolver_ = std::move(resolver);
    resolver_accepts_ = std::move(accepts);
  }

  // Throws ParamError listing the valid names when `name` is unknown, and naming the key when a
  // parameter is unknown or out of range.
  const Entry& get(const std::string& name) const {
    if (auto it = entries_.find(name); it != entries_.end()) return it->second;
    if (auto it = resolved_.find(name); it != resolved_.end()) return it->second;
    if (resolver_)
      if (auto e = resolver_(name)) return resolved_.emplace(name, std::move(*e)).first->second;
    throw ParamError(fmt::format("unknown {} '{}'; valid: {}{}", family_, name,
                                 fmt::join(names(), ", "),
                                 resolver_accepts_.empty() ? "" : ", or " + resolver_accepts_));
  }

  Params validate(const std::string& name, const std::map<std::string, std::string>& raw) const {
    return Params(family_ + " '" + name + "'", get(name).params, raw);
  }

  std::unique_ptr<Interface> create(const std::string& name,
                                    const std::map<std::string, std::string>& raw) const {
    return get(name).factory(validate(name, raw));
  }

  std::vector<std::string> names() const {
    std::vector<std::string> out;
    for (const auto& [name, e] : entries_) out.push_back(name);
    return out;
  }
  const std::map<std::string, Entry>& entries() const { return entries_; }
  const std::string& family() const { return family_; }

 private:
  std::string family_;
  std::map<std::string, Entry> entries_;  // sorted: `arsim list` prints in a stable order
  Resolver resolver_;
  std::string resolver_accepts_;
  mutable std::map<std::string, Entry> resolved_;  // what the resolver made, made once per name
};

}  // namespace arsim::schedulers
