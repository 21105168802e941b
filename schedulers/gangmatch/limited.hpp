// A gang matcher with limits it checks before it runs: a run kind asks it about the largest pool a
// run can hold before the run starts, so that `arsim check` refuses what the run could not do
// (the exact reference: exact.hpp). Matchers without limits do not implement it.
#pragma once

#include <optional>
#include <string>

#include "model/gang/gang.hpp"

namespace arsim::schedulers::gangmatch {

class LimitedMatcher {
 public:
  virtual ~LimitedMatcher() = default;
  // What the matcher cannot do on `problem` (a limit it would exceed), in one line naming the
  // limit, or nothing.
  virtual std::optional<std::string> refuses(const model::gang::GangProblem& problem) = 0;
};

}  // namespace arsim::schedulers::gangmatch
