// Evaluation of classad expressions (the HTCondor manual's "ClassAd Evaluation Semantics" and
// Raman et al. §2, §4): strict operators propagate error and undefined, &&, ||, ?:, =?= and =!=
// do not; names are looked up from the innermost enclosing record outwards; labels and `other`
// stand for the partners an ad instance is bound to in a (bilateral or gang) match.
#pragma once

#include <optional>
#include <vector>

#include "classad/ad.hpp"
#include "classad/ast.hpp"
#include "classad/value.hpp"

namespace arsim::classad {

// What the dynamic names of one ad instance stand for.
struct Binding {
  RecordRef other;                   // the other ad of a bilateral match (top-level `other`)
  const RecordRef* ports = nullptr;  // per port of the ad: the partner's port record, or
  int port_count = 0;                // {nullptr} while that port is unbound
};

// Per-evaluation state. `touched_unbound` reports whether the value depended on an unbound
// label: a gang matcher treats such a verdict as not yet known (Raman et al. §5, shunting).
struct EvalState {
  std::optional<double> clock;  // seconds; DayTime() is undefined without a clock
  bool touched_unbound = false;
  int depth = 0;  // nested evaluations; beyond kMaxDepth the value is error
  struct Active {
    const RecordExpr* record;
    int attr;
    const Binding* binding;
  };
  std::vector<Active> active;  // attributes being evaluated: a reference back to one is a cycle
  // Operator chains being evaluated, each pushed above the ones it is nested in (eval.cpp): a
  // chain of any length is evaluated in a loop, without recursion along it.
  std::vector<const BinaryExpr*> chains;
};

inline constexpr int kMaxDepth = 2000;

// The value of `e` for the ad instance `binding` (null: no match context).
Value evaluate(const Expr& e, const Binding* binding, EvalState& state);

// Value of attribute `name` of record `r` (looked up from r outwards, as `r.name`).
Value select(RecordRef r, const Name& name, EvalState& state);

// Finds `name` in `r` or the records enclosing it; returns the record and the attribute index.
std::pair<const RecordExpr*, int> lookup(const RecordExpr* r, const Name& name);

// A fresh state with the given clock, and the whole expression evaluated with it.
Value evaluate(const Expr& e, const Binding* binding, std::optional<double> clock = {});

}  // namespace arsim::classad
