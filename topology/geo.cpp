#include "topology/geo.hpp"

#include <cmath>
#include <numbers>

namespace arsim::topology {

double great_circle_km(Point a, Point b) {
  constexpr double rad = std::numbers::pi / 180.0;
  const double dlat = (b.latitude - a.latitude) * rad, dlon = (b.longitude - a.longitude) * rad;
  const double h = std::sin(dlat / 2) * std::sin(dlat / 2) +
                   std::cos(a.latitude * rad) * std::cos(b.latitude * rad) * std::sin(dlon / 2) *
                       std::sin(dlon / 2);
  return 2 * kEarthRadiusKm * std::asin(std::min(1.0, std::sqrt(h)));
}

double fibre_latency_s(Point a, Point b) {
  return great_circle_km(a, b) * kFibreSecondsPerKm;
}

double link_latency_s(std::optional<Point> a, std::optional<Point> b, double fallback_s) {
  return a && b ? fibre_latency_s(*a, *b) : fallback_s;
}

}  // namespace arsim::topology
