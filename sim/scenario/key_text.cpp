#include "sim/scenario/key_text.hpp"

#include <fmt/format.h>
#include <fmt/ranges.h>

#include "schedulers/param_text.hpp"
#include "sim/scenario/settings.hpp"

namespace arsim::scenario {

namespace {

const std::string kCommon = "scenario";

bool is_common(const KeySpec& spec) {
  return spec.name.rfind(kCommon + ".", 0) == 0;
}

// The keys of `schema` that are (`common`) or are not the scenario.* keys.
std::vector<KeySpec> keys_of(const Schema& schema, bool common) {
  std::vector<KeySpec> out;
  for (const auto& spec : schema.keys())
    if (is_common(spec) == common) out.push_back(spec);
  return out;
}

std::string section(const std::string& heading, const std::vector<KeySpec>& keys, bool markdown,
                    bool with_heading) {
  std::string out;
  if (!markdown) {
    out = heading;
    out += ":\n";
    out += schedulers::detail_lines(keys);
  } else {
    if (with_heading) out = "### " + heading + "\n\n";
    out += schedulers::markdown_table(keys, "key");
  }
  return out;
}

}  // namespace

std::string keys_text(const SchemaSet& schemas, const std::string& which, bool markdown) {
  const Schema* fallback = schemas.find(schemas.default_kind);
  if (!fallback) throw std::logic_error("no schema for the default kind " + schemas.default_kind);
  const auto common = [&](bool with_heading) {
    return section("keys of every scenario", keys_of(*fallback, true), markdown, with_heading);
  };
  const auto own = [&](const std::string& kind, bool with_heading) {
    return section(fmt::format("keys of kind=\"{}\"", kind), keys_of(*schemas.find(kind), false),
                   markdown, with_heading);
  };
  if (which == kCommon) return common(false);
  std::string kind;
  if (!which.empty()) {
    if (!schemas.find(which, &kind))
      throw InputError(fmt::format("--keys {}: expected {} or a run kind ({})", which, kCommon,
                                   fmt::join(schemas.names(), ", ")));
    return own(kind, false);
  }
  std::string out = common(true);
  for (const auto& name : schemas.names()) {
    if (markdown) out += "\n";
    out += own(name, true);
  }
  return out;
}

}  // namespace arsim::scenario
