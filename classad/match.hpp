// Bilateral matchmaking (Raman et al. §2): two ads match when each one's Constraint (or
// Requirements) is true with `other` standing for the other ad. An ad without a constraint
// accepts any partner. When a side fails, the first conjunct of its top-level && chain that is not
// true says why.
#pragma once

#include <optional>

#include "classad/ad.hpp"
#include "classad/value.hpp"

namespace arsim::classad {

struct SideVerdict {
  bool satisfied = false;
  Value value;                    // of the whole constraint (true when there is none)
  const Expr* failing = nullptr;  // first conjunct that is not true, when not satisfied
  Value failing_value;
  Value rank;  // the side's top-level Rank, undefined without one
};

struct MatchVerdict {
  bool matched = false;
  SideVerdict a, b;
};

MatchVerdict match_bilateral(const ClassAd& a, const ClassAd& b, std::optional<double> clock = {});

}  // namespace arsim::classad
