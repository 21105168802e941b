// The attributes the Internet Topology Zoo gives nodes and links, read the same way from GraphML
// and GML (docs/guide/networks.md, Topology Zoo).
#include <map>

#include <fmt/format.h>

#include "base/input_error.hpp"
#include "base/numbers.hpp"
#include "topology/readers.hpp"

namespace arsim::topology {

void fail_at(const std::string& source, int line, const std::string& field,
             const std::string& what) {
  // The message quotes the file's text, which may hold line breaks and be long: it stays one
  // line of at most kMaxQuoted characters of what.
  constexpr std::size_t kMaxQuoted = 300;
  std::string text = what.size() > kMaxQuoted ? what.substr(0, kMaxQuoted) + "..." : what;
  for (char& c : text)
    if (static_cast<unsigned char>(c) < 0x20) c = ' ';
  throw InputError(fmt::format("{}{}: {}{}", source, line > 0 ? fmt::format(":{}", line) : "",
                               field.empty() ? "" : fmt::format("field '{}': ", field), text));
}

std::optional<double> degrees_within(double value, double limit) {
  if (value < -limit || value > limit) return std::nullopt;
  return value;
}

void set_zoo_attribute(Node& node, const std::string& key, const std::string& value,
                       const std::string& source, int line) {
  auto number = [&]() {
    const auto v = base::parse_double(value);
    if (!v) fail_at(source, line, key, fmt::format("expected a number, got '{}'", value));
    return *v;
  };
  if (key == "label") {
    node.label = value;
  } else if (key == "Latitude") {
    node.latitude = degrees_within(number(), 90);
  } else if (key == "Longitude") {
    node.longitude = degrees_within(number(), 180);
  } else if (key == "Internal") {
    if (value != "0" && value != "1")
      fail_at(source, line, key, fmt::format("expected 0 or 1, got '{}'", value));
    node.external = value == "0";
  } else if (key == "Network") {
    node.network = value;
  }
}

std::optional<double> link_speed_gbps(const LinkSpeed& s, const std::string& source, int line) {
  auto number = [&](const std::string& field, const std::string& text) {
    const auto v = base::parse_double(text);
    if (!v || *v < 0 || *v > 1e18)
      fail_at(source, line, field, fmt::format("expected a speed in [0, 1e18], got '{}'", text));
    return *v;
  };
  if (!s.raw.empty()) {
    const double bps = number("LinkSpeedRaw", s.raw);
    return bps > 0 ? std::optional<double>(bps / 1e9) : std::nullopt;
  }
  if (s.speed.empty()) return std::nullopt;
  static const std::map<std::string, double> kUnit = {
      {"", 1e-9}, {"K", 1e-6}, {"M", 1e-3}, {"G", 1}, {"T", 1e3}};
  const auto unit = kUnit.find(s.units);
  if (unit == kUnit.end())
    fail_at(source, line, "LinkSpeedUnits",
            fmt::format("expected K, M, G or T, got '{}'", s.units));
  const double gbps = number("LinkSpeed", s.speed) * unit->second;
  return gbps > 0 ? std::optional<double>(gbps) : std::nullopt;
}

}  // namespace arsim::topology
