// The registry of run kinds: name -> RunKind, old names still accepted, the default kind, and the
// scenario schemas built from them.
#pragma once

#include <map>
#include <memory>
#include <string>
#include <vector>

#include "sim/engine/run_kind.hpp"
#include "sim/scenario/schema.hpp"

namespace arsim::engine {

class KindRegistry {
 public:
  struct Entry {
    std::string name;
    std::unique_ptr<RunKind> kind;
    std::vector<std::string> aliases;  // old names that still read as this kind
  };

  // Throws std::logic_error on a name or alias used twice.
  void add(std::string name, std::unique_ptr<RunKind> kind, std::vector<std::string> aliases = {});
  // The kind of a scenario without kind="..."; it must be registered.
  void set_default(std::string name);

  // Throws scenario::InputError listing the valid names when `name` is unknown.
  const RunKind& get(const std::string& name) const;
  // The kind of validated settings (their scenario.kind).
  const RunKind& of(const scenario::Settings& settings) const;
  const std::map<std::string, Entry>& entries() const { return entries_; }
  const std::string& default_kind() const { return default_; }

  // The schemas of every kind, for the scenario reader; built once, after the last add().
  const scenario::SchemaSet& schemas() const;

 private:
  std::map<std::string, Entry> entries_;  // sorted: `arsim list` prints in a stable order
  std::string default_;
  mutable std::unique_ptr<scenario::SchemaSet> schemas_;
};

}  // namespace arsim::engine
