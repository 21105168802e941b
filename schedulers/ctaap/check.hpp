// The checker of CTAAP allocations against eqs. (1)–(5) of §3.2. It is written apart from every
// solver (it calls none of their helpers, not even fits/conflicts of instance.hpp), so a solver bug
// cannot hide in a shared routine: every allocation the heuristic or the IP returns goes through
// it.
#pragma once

#include <optional>
#include <string>

#include "schedulers/ctaap/instance.hpp"

namespace arsim::schedulers::ctaap {

// The allocation matrix X (n × m). Returns the first violated equation with its indices, or
// nothing: (5) every entry exactly 0 or 1; (1) at most one 1 per row; (2) at most cap_j ones in
// column j; (3) c_i <= ĉ_j and m_i <= m̂_j where x_ij = 1; (4) b_ik <= b̂_jl for every two distinct
// allocated tasks i on j and k on l.
std::optional<std::string> check_matrix(const Instance& inst, const Matrix& x);

// The same for a per-task allocation (converted to X; a cluster index out of range is a violation).
std::optional<std::string> check_allocation(const Instance& inst, const Allocation& a);

// X of a per-task allocation; throws std::invalid_argument on a cluster index out of range.
Matrix to_matrix(const Instance& inst, const Allocation& a);

}  // namespace arsim::schedulers::ctaap
