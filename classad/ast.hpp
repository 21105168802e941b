// Expression trees of the classad language. The parser builds them (parser.hpp); an ad or an
// expression owns its tree and never changes it after loading, so evaluation can hold raw
// pointers into it for as long as the ad lives.
#pragma once

#include <cstdint>
#include <memory>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

#include "classad/value.hpp"

namespace arsim::classad {

struct Pos {
  int line = 0;  // 1-based
  int col = 0;   // 1-based, in bytes
};

enum class ExprKind : std::uint8_t {
  Literal,
  Ref,
  Select,
  Subscript,
  Unary,
  Binary,
  Ternary,
  Elvis,
  Call,
  List,
  Record
};

enum class Op : std::uint8_t {
  // unary
  Neg,
  Plus,
  Not,
  BitNot,
  // binary, grouped by precedence level (precedence() below)
  Mul,
  Div,
  Mod,
  Add,
  Sub,
  Shl,
  Shr,
  Lt,
  Le,
  Gt,
  Ge,
  Eq,
  Ne,
  Is,
  Isnt,
  BitAnd,
  BitXor,
  BitOr,
  And,
  Or
};

// What a name stands for, decided when the ad is read:
//   Attr   an attribute, looked up from the innermost enclosing record outwards;
//   Label  the ad bound to port `port` of this ad (gangmatching, Raman et al. §4.1);
//   Self   the innermost enclosing record (`self`);
//   My     the ad's top-level record while the ad is in a match, else undefined (`my`; the
//          HTCondor manual: "MY. and TARGET. are not defined" with a single ad);
//   Parent the record enclosing that one (`parent`);
//   Other  the partner: inside port `port` the ad bound to that port, elsewhere the other ad of
//          a bilateral match (`other`, `target`).
enum class RefKind : std::uint8_t { Attr, Label, Self, Parent, Other, My };

enum class Builtin : std::uint8_t {
  Member,
  IsUndefined,
  IsError,
  IsString,
  IsInteger,
  IsReal,
  IsBoolean,
  IsList,
  IsClassAd,
  IfThenElse,
  Strcat,
  String,
  Int,
  Real,
  Size,
  DayTime
};

struct RecordExpr;

struct Expr {
  explicit Expr(ExprKind k, Pos p) : kind(k), pos(p) {}
  virtual ~Expr() = default;
  ExprKind kind;
  Pos pos;
  // Nesting of the subtree, where a chain of operators of one precedence level (a || b || c)
  // counts as one level: this library walks such chains in loops, so its recursion is bounded
  // by `nesting`. `depth` is the plain height of the tree (a chain of n operands is n deep),
  // which bounds code that recurses into every child. The parser bounds both.
  int nesting = 1;
  int depth = 1;
};

using ExprPtr = std::unique_ptr<Expr>;

// Case-insensitive equality of ASCII names, and the case-folded (lower-case) form.
bool iequals(std::string_view a, std::string_view b);
std::string fold(std::string_view s);

// A name as written and its case-folded hash (attribute names are case-insensitive).
struct Name {
  std::string text;
  std::uint64_t hash = 0;
  static Name of(std::string_view text);
  bool same(const Name& other) const;
};

struct LiteralExpr : Expr {
  LiteralExpr(Pos p, Value v) : Expr(ExprKind::Literal, p), value(std::move(v)) {}
  Value value;  // a scalar: undefined, error, boolean, integer, real or string
};

struct RefExpr : Expr {
  RefExpr(Pos p, RefKind r, Name n) : Expr(ExprKind::Ref, p), ref(r), name(std::move(n)) {}
  RefKind ref;
  Name name;                          // as written (also for keywords, to print them back)
  const RecordExpr* scope = nullptr;  // innermost record enclosing the reference
  int port = -1;                      // Label: the port; Other, My: the enclosing port, or -1
  bool absolute = false;  // `.name`: looked up in the ad's top-level record only (then `scope`)
};

struct SelectExpr : Expr {
  SelectExpr(Pos p, ExprPtr b, Name n)
      : Expr(ExprKind::Select, p), base(std::move(b)), name(std::move(n)) {}
  ExprPtr base;
  Name name;
};

struct SubscriptExpr : Expr {
  SubscriptExpr(Pos p, ExprPtr b, ExprPtr i)
      : Expr(ExprKind::Subscript, p), base(std::move(b)), index(std::move(i)) {}
  ExprPtr base, index;
};

struct UnaryExpr : Expr {
  UnaryExpr(Pos p, Op o, ExprPtr e) : Expr(ExprKind::Unary, p), op(o), operand(std::move(e)) {}
  Op op;
  ExprPtr operand;
};

// Chains of one precedence level are left-deep (((a || b) || c) || d): the destructor unlinks
// the left operands in a loop, so freeing a chain of any length does not recurse along it.
struct BinaryExpr : Expr {
  BinaryExpr(Pos p, Op o, ExprPtr l, ExprPtr r)
      : Expr(ExprKind::Binary, p), op(o), lhs(std::move(l)), rhs(std::move(r)) {}
  ~BinaryExpr() override;
  Op op;
  ExprPtr lhs, rhs;
};

// Precedence level of a binary operator, lowest first: || 1, && 2, | 3, ^ 4, & 5,
// == != =?= =!= 6, < <= > >= 7, << >> 8, + - 9, * / % 10 (the HTCondor manual's order, with C's
// bitwise levels). All levels are left-associative.
int precedence(Op op);

// Appends to `spine` the nodes of the chain `e` heads: e, then its left operands while they are
// binary operators of e's precedence level. The last one appended holds the chain's first
// operand as its lhs.
void chain_of(const BinaryExpr& e, std::vector<const BinaryExpr*>& spine);

// c ? a : b (Ternary) and a ?: b (Elvis: `then` is null).
struct TernaryExpr : Expr {
  TernaryExpr(ExprKind k, Pos p, ExprPtr c, ExprPtr t, ExprPtr e)
      : Expr(k, p), cond(std::move(c)), then(std::move(t)), otherwise(std::move(e)) {}
  ExprPtr cond, then, otherwise;
};

struct CallExpr : Expr {
  CallExpr(Pos p, Builtin f, std::string n) : Expr(ExprKind::Call, p), fn(f), name(std::move(n)) {}
  Builtin fn;
  std::string name;  // as written
  std::vector<ExprPtr> args;
};

struct ListExpr : Expr {
  explicit ListExpr(Pos p) : Expr(ExprKind::List, p) {}
  std::vector<ExprPtr> items;
};

struct RecordExpr : Expr {
  explicit RecordExpr(Pos p) : Expr(ExprKind::Record, p) {}
  struct Attr {
    Name name;
    ExprPtr value;
    Pos pos;  // of the name
  };
  std::vector<Attr> attrs;             // in the order written; append with add()
  const RecordExpr* parent = nullptr;  // the enclosing record, or null
  int port = -1;                       // the port this record is, in its ad's port list

  // Index of the attribute `name` (case-insensitive), or -1. Constant time on average.
  int find(const Name& name) const;
  // Appends `a` and returns -1, or returns the index of the attribute of the same name.
  int add(Attr a);

 private:
  // Records of more than a few attributes keep a hash index (name hash -> last index with that
  // hash, and per attribute the previous one with the same hash), so that reading an ad of n
  // attributes takes time linear in n; small records are scanned.
  static constexpr std::size_t kIndexFrom = 8;
  void index(int i);
  std::unordered_map<std::uint64_t, int> last_;
  std::vector<int> previous_;
};

// Where the text of `e` begins (a binary node's own position is its operator's).
Pos start_of(const Expr& e);

inline const char* op_text(Op op) {
  static const char* const texts[] = {
      "-",  "+", "!",  "~",  "*",  "/",   "%",   "+", "-", "<<", ">>", "<",
      "<=", ">", ">=", "==", "!=", "=?=", "=!=", "&", "^", "|",  "&&", "||"};
  return texts[static_cast<int>(op)];
}

}  // namespace arsim::classad
