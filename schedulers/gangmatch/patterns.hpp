// The comparisons an index can serve (Raman et al. §5: "interval trees to index the constituent
// comparison expressions of constraints"): a conjunct  L.a op e  or  e op L.a  where L names the
// partner of one port (its label, or `other` inside it), op is one of < <= == >= >, and e does
// not mention L. Seen from the port that owns the conjunct, it bounds attribute `a` of the
// candidates; seen from a candidate's own constraint, it is an interval its partner's `a` must
// fall in.
#pragma once

#include <optional>
#include <utility>

#include "classad/ast.hpp"

namespace arsim::schedulers::gangmatch {

struct Pattern {
  int label_port = -1;                   // -1: not such a comparison
  classad::Name attr;                    // a
  classad::Op op = classad::Op::Eq;      // with L.a on the left
  const classad::Expr* other = nullptr;  // e
};

Pattern comparison_pattern(const classad::Expr& conjunct);

// `L.c` with L the label (or `other`) of port k: {k, c}.
std::optional<std::pair<int, classad::Name>> label_selection(const classad::Expr& e);

// When attribute `name` of `record` (looked up from the record outwards) is written as `L.c` with
// L the label (or `other`) of port k of the same ad, returns {k, c}: the attribute is an alias of
// the partner's `c`. Used to move (shunt) a constraint on it to port k (Raman et al. §5).
std::optional<std::pair<int, classad::Name>> label_alias(const classad::RecordExpr* record,
                                                         const classad::Name& name);

}  // namespace arsim::schedulers::gangmatch
