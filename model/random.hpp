// Seeded random streams and portable sampling (docs/design/architecture.md, Determinism: same
// scenario, same seed → byte-identical outputs).
//
// Every stream is a std::mt19937_64 seeded from (base seed, run index, stream name) by a fixed
// hash, so adding a stream never shifts the numbers of another and no std::random_device is
// involved. The engine itself is fully specified by the standard, but std::*_distribution are not
// (libstdc++, libc++ and MSVC draw different numbers), so the samplers below are written out here.
#pragma once

#include <cstdint>
#include <random>
#include <string_view>

namespace arsim::model {

// FNV-1a (64 bit) of the bytes of `s`.
std::uint64_t fnv1a64(std::string_view s);

// One step of splitmix64 (Steele, Lea, Flood 2014): a bijective 64-bit mixer.
std::uint64_t splitmix64(std::uint64_t x);

// The seed of stream `stream_name` in run `run_index` of an experiment with `base_seed`.
std::uint64_t derive_seed(std::uint64_t base_seed, std::uint64_t run_index,
                          std::string_view stream_name);

// A generator seeded with derive_seed(base_seed, run_index, stream_name).
std::mt19937_64 make_stream(std::uint64_t base_seed, std::uint64_t run_index,
                            std::string_view stream_name);

// Uniform in [0, 1) with 53 random bits (one engine call).
double uniform01(std::mt19937_64& rng);

// Uniform in {0, ..., n - 1}, unbiased (rejects the lowest 2^64 mod n values). Throws
// std::invalid_argument when n == 0.
std::uint64_t uniform_index(std::mt19937_64& rng, std::uint64_t n);

// Exponential with the given mean (> 0) by inverse transform: -mean * log(1 - U). Portable up to
// std::log, which glibc rounds correctly in practice but the standard does not pin down.
double exponential(std::mt19937_64& rng, double mean);

}  // namespace arsim::model
