// A classad as read from text: a top-level record with, for gangmatching, its port list
// (Raman et al. §4.1). Copies share the same immutable tree.
//
// Ports = { [ Label = cpu; ... Constraint = ...; Rank = ...; ], [ Label = license; ... ] }
//
// Each port record names its partner with a Label (a bare name). A label is visible from its own
// port to the end of the port list: the loader turns references to visible labels into label
// references and rejects a reference to the label of a later port with the position of the
// reference. A port's Constraint (or, failing that, Requirements) must be true for a dock; a
// port without one accepts any partner. Rank orders a port's candidates (higher first).
#pragma once

#include <memory>
#include <string>
#include <vector>

#include "classad/ast.hpp"

namespace arsim::classad {

struct Port {
  const RecordExpr* record = nullptr;
  std::string label;
  const Expr* constraint = nullptr;    // null: no constraint
  std::vector<const Expr*> conjuncts;  // the operands of the top-level && chain, in order
  const Expr* rank = nullptr;          // null: no rank
};

class ClassAd {
 public:
  ClassAd() = default;

  const RecordExpr& record() const { return *data_->root; }
  const std::vector<Port>& ports() const { return data_->ports; }
  int port_count() const { return static_cast<int>(data_->ports.size()); }
  // Top-level Constraint (or Requirements) for bilateral matchmaking, and its conjuncts.
  const Expr* constraint() const { return data_->constraint; }
  const std::vector<const Expr*>& conjuncts() const { return data_->conjuncts; }
  // The expression of a top-level attribute, or null.
  const Expr* find(std::string_view name) const;
  const std::string& file() const { return data_->file; }
  Pos pos() const { return data_->root->pos; }
  std::string where() const;  // "file:line"
  bool empty() const { return !data_; }

  // Takes a freshly parsed top-level record: resolves labels, extracts ports and constraints.
  // Throws ParseError naming file:line:col.
  static ClassAd load(std::unique_ptr<RecordExpr> root, const std::string& file);

 private:
  struct Data {
    std::unique_ptr<RecordExpr> root;
    std::vector<Port> ports;
    const Expr* constraint = nullptr;
    std::vector<const Expr*> conjuncts;
    std::string file;
  };
  std::shared_ptr<const Data> data_;
};

// The operands of the top-level && chain of `e` (e itself when it is no &&), left to right.
std::vector<const Expr*> conjuncts_of(const Expr* e);

// The Constraint (or Requirements) attribute of a record, or null.
const Expr* constraint_of(const RecordExpr& r);

}  // namespace arsim::classad
