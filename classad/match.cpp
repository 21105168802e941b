#include "classad/match.hpp"

#include "classad/eval.hpp"

namespace arsim::classad {

namespace {

SideVerdict judge(const ClassAd& ad, const Binding& b, std::optional<double> clock) {
  SideVerdict v;
  if (const Expr* rank = ad.find("Rank")) v.rank = evaluate(*rank, &b, clock);
  if (!ad.constraint()) {
    v.satisfied = true;
    v.value = Value::boolean(true);
    return v;
  }
  v.value = evaluate(*ad.constraint(), &b, clock);
  v.satisfied = is_true(v.value);
  if (v.satisfied) return v;
  for (const Expr* c : ad.conjuncts()) {
    Value cv = evaluate(*c, &b, clock);
    if (!is_true(cv)) {
      v.failing = c;
      v.failing_value = std::move(cv);
      break;
    }
  }
  return v;
}

}  // namespace

MatchVerdict match_bilateral(const ClassAd& a, const ClassAd& b, std::optional<double> clock) {
  Binding ba, bb;
  ba.other = {&b.record(), &bb};
  bb.other = {&a.record(), &ba};
  MatchVerdict m;
  m.a = judge(a, ba, clock);
  m.b = judge(b, bb, clock);
  m.matched = m.a.satisfied && m.b.satisfied;
  return m;
}

}  // namespace arsim::classad
