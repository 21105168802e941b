#include "workloads/request_file.hpp"

#include <array>
#include <cmath>
#include <filesystem>
#include <fstream>
#include <map>
#include <sstream>

#include <fmt/format.h>

#include "base/files.hpp"
#include "base/numbers.hpp"

namespace arsim::workloads {
namespace {

constexpr std::array<std::string_view, 10> kFields = {
    "id", "user", "type", "submit", "est", "lst", "duration", "service_level", "cpus", "pairs"};

bool is_space(char c) {
  return c == ' ' || c == '\t' || c == '\r' || c == '\v' || c == '\f';
}

std::vector<std::string_view> split_fields(std::string_view line) {
  std::vector<std::string_view> out;
  std::size_t i = 0;
  while (i < line.size()) {
    while (i < line.size() && is_space(line[i])) ++i;
    const std::size_t start = i;
    while (i < line.size() && !is_space(line[i])) ++i;
    if (i > start) out.push_back(line.substr(start, i - start));
  }
  return out;
}

std::vector<std::string_view> split(std::string_view s, char sep) {
  std::vector<std::string_view> out;
  for (std::size_t start = 0;;) {
    const std::size_t end = s.find(sep, start);
    out.push_back(s.substr(start, end == s.npos ? s.npos : end - start));
    if (end == s.npos) return out;
    start = end + 1;
  }
}

// Whole-token numbers only (base/numbers.hpp).
bool parse_number(std::string_view s, double& out) {
  const auto v = base::parse_double(s);
  if (v) out = *v;
  return v.has_value();
}

bool parse_number(std::string_view s, int& out) {
  const auto v = base::parse_int32(s);
  if (v) out = *v;
  return v.has_value();
}

// The line being parsed, for error messages.
struct LineContext {
  std::string_view source;
  int line = 0;

  [[noreturn]] void fail(std::string_view field, std::string_view expected,
                         std::string_view got) const {
    throw InputError(fmt::format("{}:{}: field '{}': expected {}, got '{}'", source, line, field,
                                 expected, got));
  }
  int to_int(std::string_view field, std::string_view s) const {
    int v = 0;
    if (!parse_number(s, v)) fail(field, "an integer", s);
    return v;
  }
  double to_double(std::string_view field, std::string_view s) const {
    double v = 0;
    if (!parse_number(s, v)) fail(field, "a finite number", s);
    return v;
  }
};

std::vector<model::Component> parse_cpus(const LineContext& ctx, std::string_view s) {
  std::vector<model::Component> out;
  for (std::string_view item : split(s, ',')) {
    int v = 0;
    if (!parse_number(item, v)) ctx.fail("cpus", "a comma list of integers like 4,2,8", s);
    out.push_back({v});
  }
  return out;
}

std::vector<model::Pair> parse_pairs(const LineContext& ctx, std::string_view s, int components) {
  std::vector<model::Pair> out;
  if (s == "-") return out;
  const std::string_view expected =
      "'-' or a comma list of a-b:bandwidth[@max_latency] like 0-1:1,1-2:1@0.05";
  for (std::string_view item : split(s, ',')) {
    const std::size_t dash = item.find('-');
    const std::size_t colon = item.find(':');
    const std::size_t at = item.find('@');  // npos: no latency bound
    model::Pair p;
    if (dash == item.npos || colon == item.npos || colon < dash ||
        (at != item.npos && at < colon) || !parse_number(item.substr(0, dash), p.a) ||
        !parse_number(item.substr(dash + 1, colon - dash - 1), p.b) ||
        !parse_number(item.substr(colon + 1, at == item.npos ? item.npos : at - colon - 1),
                      p.bandwidth) ||
        (at != item.npos && !parse_number(item.substr(at + 1), p.max_latency)))
      ctx.fail("pairs", expected, item);
    if (p.a < 0 || p.a >= components || p.b < 0 || p.b >= components)
      ctx.fail("pairs",
               fmt::format("component indices in [0, {}) (the request has {} components)",
                           components, components),
               item);
    out.push_back(p);
  }
  return out;
}

model::Request parse_line(const LineContext& ctx, const std::vector<std::string_view>& f) {
  if (f.size() < kFields.size())
    throw InputError(
        fmt::format("{}:{}: field '{}': expected a value ({} fields: {}), got end of line",
                    ctx.source, ctx.line, kFields[f.size()], kFields.size(), kRequestColumns));
  if (f.size() > kFields.size())
    throw InputError(fmt::format("{}:{}: expected {} fields ({}), got {}: extra '{}'", ctx.source,
                                 ctx.line, kFields.size(), kRequestColumns, f.size(),
                                 f[kFields.size()]));
  model::Request r;
  r.id = ctx.to_int("id", f[0]);
  r.user = std::string(f[1]);
  r.type = ctx.to_int("type", f[2]);
  r.submit = ctx.to_double("submit", f[3]);
  r.est = ctx.to_double("est", f[4]);
  r.lst = ctx.to_double("lst", f[5]);
  r.duration = ctx.to_double("duration", f[6]);
  r.service_level = ctx.to_double("service_level", f[7]);
  r.components = parse_cpus(ctx, f[8]);
  r.pairs = parse_pairs(ctx, f[9], static_cast<int>(r.components.size()));
  return r;
}

void require_finite(const model::Request& r, double x, std::string_view field) {
  if (!std::isfinite(x))
    throw std::invalid_argument(fmt::format("request {}: {} must be finite", r.id, field));
}

}  // namespace

std::string format_request_line(const model::Request& r) {
  model::validate(r);
  for (char c : r.user)
    if (is_space(c) || c == '\n')
      throw std::invalid_argument(
          fmt::format("request {}: user '{}' must not contain whitespace", r.id, r.user));
  require_finite(r, r.submit, "submit");
  require_finite(r, r.lst, "lst");  // est <= lst and duration > 0 were checked by validate
  require_finite(r, r.duration, "duration");
  std::string cpus;
  for (const auto& c : r.components) cpus += fmt::format("{}{}", cpus.empty() ? "" : ",", c.cpus);
  std::string pairs;
  for (const auto& p : r.pairs) {
    require_finite(r, p.bandwidth, "pair bandwidth");
    pairs += fmt::format("{}{}-{}:{}", pairs.empty() ? "" : ",", p.a, p.b, p.bandwidth);
    if (p.has_latency_bound()) {  // absent when unbounded, so such lines are what they were
      require_finite(r, p.max_latency, "pair max_latency");
      pairs += fmt::format("@{}", p.max_latency);
    }
  }
  // fmt's {} prints the shortest decimal that reads back to the same double.
  return fmt::format("{} {} {} {} {} {} {} {} {} {}", r.id, r.user, r.type, r.submit, r.est, r.lst,
                     r.duration, r.service_level, cpus, pairs.empty() ? "-" : pairs);
}

std::string format_request_file(const std::vector<model::Request>& requests,
                                const std::vector<std::string>& comments) {
  std::string out;
  for (const auto& c : comments) {
    if (c.find('\n') != c.npos)
      throw std::invalid_argument("request file comment must be a single line");
    out += fmt::format("# {}\n", c);
  }
  out += fmt::format("# {}\n", kRequestColumns);
  for (const auto& r : requests) out += format_request_line(r) + '\n';
  return out;
}

void write_request_file(const std::string& path, const std::vector<model::Request>& requests,
                        const std::vector<std::string>& comments) {
  const std::string text = format_request_file(requests, comments);
  const std::string tmp = path + ".tmp";
  {
    std::ofstream out(tmp, std::ios::binary | std::ios::trunc);
    out.write(text.data(), static_cast<std::streamsize>(text.size()));
    out.close();
    if (!out) {
      std::error_code ignored;
      std::filesystem::remove(tmp, ignored);
      throw std::runtime_error(fmt::format("{}: cannot write", tmp));
    }
  }
  std::error_code ec;
  std::filesystem::rename(tmp, path, ec);
  if (ec) {
    std::error_code ignored;
    std::filesystem::remove(tmp, ignored);
    throw std::runtime_error(fmt::format("{}: cannot rename to {}: {}", tmp, path, ec.message()));
  }
}

std::vector<model::Request> parse_request_text(std::string_view text, std::string_view source) {
  std::vector<model::Request> requests;
  std::map<int, int> line_of_id;
  LineContext ctx{source, 0};
  for (std::string_view line : split(text, '\n')) {
    ++ctx.line;
    const auto fields = split_fields(line);
    if (fields.empty() || fields[0].front() == '#') continue;
    model::Request r = parse_line(ctx, fields);
    if (auto [it, fresh] = line_of_id.emplace(r.id, ctx.line); !fresh)
      ctx.fail("id", fmt::format("a unique id (already on line {})", it->second), fields[0]);
    try {
      model::validate(r);
    } catch (const std::invalid_argument& e) {
      throw InputError(fmt::format("{}:{}: {}", source, ctx.line, e.what()));
    }
    requests.push_back(std::move(r));
  }
  return requests;
}

std::vector<model::Request> read_request_file(const std::string& path) {
  return parse_request_text(base::read_file(path, "request file"), path);
}

}  // namespace arsim::workloads
