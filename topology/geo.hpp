// Great-circle distance and the latency of light in fibre over it (docs/guide/networks.md,
// Latency), and the seeded random numbers of the site attachment and the generator.
#pragma once

#include <cstdint>
#include <optional>
#include <random>

namespace arsim::topology {

// The mean Earth radius (IUGG), km.
inline constexpr double kEarthRadiusKm = 6371.0;
// Light in fibre travels at about c / 1.468 (the group index of standard single-mode fibre at
// 1550 nm), 204,000 km/s: 4.9 us per km, rounded to 5 us/km.
inline constexpr double kFibreSecondsPerKm = 5e-6;

struct Point {
  double latitude = 0, longitude = 0;  // degrees
};

// The haversine great-circle distance between two points, km.
double great_circle_km(Point a, Point b);

// The one-way latency of a fibre link between two points: distance * kFibreSecondsPerKm.
double fibre_latency_s(Point a, Point b);

// The latency of a link whose ends may lack coordinates: the fibre latency, or `fallback_s`.
double link_latency_s(std::optional<Point> a, std::optional<Point> b, double fallback_s);

// Seeded draws that are the same on every platform (std::mt19937_64 is specified exactly; the
// standard distributions are not, so they are not used).
class Rng {
 public:
  explicit Rng(std::uint64_t seed) : engine_(seed) {}
  // Uniform in [0, 1), 53 random bits.
  double uniform() { return static_cast<double>(engine_() >> 11) * 0x1.0p-53; }
  double uniform(double lo, double hi) { return lo + (hi - lo) * uniform(); }
  // Uniform in [0, n), n > 0 (the modulo bias is below 2^-40 for the n arsim uses).
  std::size_t index(std::size_t n) { return static_cast<std::size_t>(engine_() % n); }

 private:
  std::mt19937_64 engine_;
};

}  // namespace arsim::topology
