#include "model/request.hpp"

#include <limits>
#include <stdexcept>

#include <fmt/format.h>

namespace arsim::model {

int Request::total_cpus() const {
  int sum = 0;
  for (const auto& c : components) sum += c.cpus;
  return sum;
}

void validate(const Request& r) {
  auto fail = [&](const std::string& what) {
    throw std::invalid_argument(fmt::format("request {}: {}", r.id, what));
  };
  if (r.id < 0) fail("id must be >= 0");
  if (r.user.empty()) fail("user must not be empty");
  if (!(r.submit >= 0)) fail("submit must be >= 0");
  if (!(r.est >= r.submit)) fail("EST must be >= submit time");
  if (!(r.lst >= r.est)) fail("LST must be >= EST");
  if (!(r.duration > 0)) fail("duration must be > 0");
  // Beyond this a frame [LST, LST + duration) loses its length to rounding (1e20 + 3600 == 1e20).
  if (!(r.lst + r.duration <= kMaxRequestTime))
    fail(fmt::format("LST + duration must be at most {:g} s", kMaxRequestTime));
  if (!(r.service_level > 0 && r.service_level <= 1)) fail("service level must be in (0, 1]");
  if (r.components.empty()) fail("needs at least one component");
  long long total = 0;  // total_cpus() sums in an int
  for (std::size_t j = 0; j < r.components.size(); ++j) {
    if (r.components[j].cpus <= 0) fail(fmt::format("component {}: cpus must be > 0", j));
    if (r.components[j].site < kUnpinned)
      fail(fmt::format("component {}: site must be a vertex id or unpinned", j));
    for (std::size_t i = 0; i < j; ++i)
      if (r.components[j].pinned() && r.components[i].site == r.components[j].site)
        fail(fmt::format("components {} and {}: pinned to one site", i, j));
    total += r.components[j].cpus;
    if (total > std::numeric_limits<int>::max())
      fail(fmt::format("total cpus must be at most {}", std::numeric_limits<int>::max()));
  }
  const int n = static_cast<int>(r.components.size());
  for (const auto& p : r.pairs) {
    if (p.a < 0 || p.a >= n || p.b < 0 || p.b >= n || p.a == p.b)
      fail(fmt::format("pair {}-{}: components must be distinct and in [0, {})", p.a, p.b, n));
    if (!(p.bandwidth >= 0)) fail(fmt::format("pair {}-{}: bandwidth must be >= 0", p.a, p.b));
    if (!(p.max_latency >= 0))  // NaN fails too; +inf is "no bound"
      fail(fmt::format("pair {}-{}: max_latency must be >= 0 seconds (or none)", p.a, p.b));
  }
}

}  // namespace arsim::model
