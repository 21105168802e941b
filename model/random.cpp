#include "model/random.hpp"

#include <cmath>
#include <stdexcept>

namespace arsim::model {

std::uint64_t fnv1a64(std::string_view s) {
  std::uint64_t h = 0xcbf29ce484222325ULL;  // FNV offset basis
  for (unsigned char c : s) {
    h ^= c;
    h *= 0x100000001b3ULL;  // FNV prime
  }
  return h;
}

std::uint64_t splitmix64(std::uint64_t x) {
  x += 0x9e3779b97f4a7c15ULL;
  x = (x ^ (x >> 30)) * 0xbf58476d1ce4e5b9ULL;
  x = (x ^ (x >> 27)) * 0x94d049bb133111ebULL;
  return x ^ (x >> 31);
}

std::uint64_t derive_seed(std::uint64_t base_seed, std::uint64_t run_index,
                          std::string_view stream_name) {
  // Chain the three inputs through the mixer so that nearby seeds, runs and names (e.g. "UserA",
  // "UserB") give unrelated engine states.
  std::uint64_t h = splitmix64(base_seed);
  h = splitmix64(h ^ run_index);
  return splitmix64(h ^ fnv1a64(stream_name));
}

std::mt19937_64 make_stream(std::uint64_t base_seed, std::uint64_t run_index,
                            std::string_view stream_name) {
  return std::mt19937_64(derive_seed(base_seed, run_index, stream_name));
}

double uniform01(std::mt19937_64& rng) {
  return static_cast<double>(rng() >> 11) * 0x1.0p-53;
}

std::uint64_t uniform_index(std::mt19937_64& rng, std::uint64_t n) {
  if (n == 0) throw std::invalid_argument("uniform_index: n must be > 0");
  // 2^64 mod n, computed without 128-bit arithmetic; the draws at or above it span a whole
  // number of blocks of n values, so x % n is exactly uniform.
  const std::uint64_t threshold = (0 - n) % n;
  for (;;) {
    const std::uint64_t x = rng();
    if (x >= threshold) return x % n;
  }
}

double exponential(std::mt19937_64& rng, double mean) {
  if (!(mean > 0) || !std::isfinite(mean))
    throw std::invalid_argument("exponential: mean must be finite and > 0");
  // 1 - U lies in (0, 1], so the log is finite.
  return -mean * std::log(1.0 - uniform01(rng));
}

}  // namespace arsim::model
