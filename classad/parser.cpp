#include "classad/parser.hpp"

#include <algorithm>
#include <fstream>
#include <sstream>

#include <fmt/format.h>

#include "base/files.hpp"
#include "classad/builtins.hpp"
#include "classad/lexer.hpp"

namespace arsim::classad {

namespace {

const char* const kReserved[] = {"true", "false", "undefined", "error", "is",    "isnt",
                                 "self", "my",    "parent",    "other", "target"};

bool reserved(std::string_view name) {
  return std::any_of(std::begin(kReserved), std::end(kReserved),
                     [&](const char* r) { return iequals(name, r); });
}

// Binary operators by precedence level, lowest first (HTCondor manual, "ClassAd Mechanism";
// the bitwise and shift levels as in C): || ; && ; | ; ^ ; & ; == != =?= =!= is isnt ;
// < <= > >= ; << >> ; + - ; * / %.
struct BinOp {
  Op op;
  int level = 0;  // 0: not a binary operator
};

BinOp binary_op(const Token& t) {
  if (t.kind == Tok::Name) {
    if (iequals(t.text, "is")) return {Op::Is, 6};
    if (iequals(t.text, "isnt")) return {Op::Isnt, 6};
    return {};
  }
  if (t.kind != Tok::Punct) return {};
  static const std::pair<std::string_view, BinOp> table[] = {
      {"||", {Op::Or, 1}},    {"&&", {Op::And, 2}}, {"|", {Op::BitOr, 3}}, {"^", {Op::BitXor, 4}},
      {"&", {Op::BitAnd, 5}}, {"==", {Op::Eq, 6}},  {"!=", {Op::Ne, 6}},   {"=?=", {Op::Is, 6}},
      {"=!=", {Op::Isnt, 6}}, {"<", {Op::Lt, 7}},   {"<=", {Op::Le, 7}},   {">", {Op::Gt, 7}},
      {">=", {Op::Ge, 7}},    {"<<", {Op::Shl, 8}}, {">>", {Op::Shr, 8}},  {"+", {Op::Add, 9}},
      {"-", {Op::Sub, 9}},    {"*", {Op::Mul, 10}}, {"/", {Op::Div, 10}},  {"%", {Op::Mod, 10}}};
  for (const auto& [text, op] : table)
    if (t.text == text) return op;
  return {};
}

class Parser {
 public:
  Parser(std::string_view text, const std::string& file, const ParseLimits& limits,
         const RecordExpr* outer)
      : lex_(text, file), limits_(limits), scope_(outer) {
    if (text.size() > limits.max_bytes)
      lex_.fail({1, 1}, fmt::format("input is {} bytes; at most {} are read", text.size(),
                                    limits.max_bytes));
  }

  ExprPtr expression() {
    ExprPtr e = parse_expr();
    expect_end("an operator or the end of the expression");
    return e;
  }

  std::vector<std::unique_ptr<RecordExpr>> ads() {
    std::vector<std::unique_ptr<RecordExpr>> out;
    do {
      if (!is_punct("[")) fail_expected("'[' to start an ad");
      out.push_back(parse_record());
    } while (lex_.peek().kind != Tok::End);
    return out;
  }

 private:
  [[noreturn]] void fail_expected(const std::string& what) {
    lex_.fail(lex_.peek().pos, fmt::format("expected {}, got {}", what, describe(lex_.peek())));
  }
  bool is_punct(std::string_view p) const {
    return lex_.peek().kind == Tok::Punct && lex_.peek().text == p;
  }
  void expect(std::string_view p, const std::string& what) {
    if (!is_punct(p)) fail_expected(what);
    lex_.next();
  }
  void expect_end(const std::string& what) {
    if (lex_.peek().kind != Tok::End) fail_expected(what);
  }

  // Guards the recursion of the parser itself (nested parentheses, unary chains, records).
  struct Depth {
    Parser& p;
    explicit Depth(Parser& parser, Pos pos) : p(parser) {
      if (++p.depth_ > p.limits_.max_nesting)
        p.lex_.fail(
            pos, fmt::format("expression nested more than {} levels deep", p.limits_.max_nesting));
    }
    ~Depth() { --p.depth_; }
  };

  // A node is one level above its highest child (a chain of one precedence level counts as one
  // level, ast.hpp); trees nested deeper than the limit, or deeper than max_depth node by node,
  // are refused, so that evaluating, printing and walking them cannot exhaust the stack.
  void set_size(Expr& e, int nesting, int depth) {
    e.nesting = nesting;
    e.depth = depth;
    if (nesting > limits_.max_nesting)
      lex_.fail(e.pos,
                fmt::format("expression nested more than {} levels deep", limits_.max_nesting));
    if (depth > limits_.max_depth)
      lex_.fail(e.pos, fmt::format("expression more than {} operands deep (a chain of one "
                                   "operator has one level per operand)",
                                   limits_.max_depth));
  }
  ExprPtr sized(ExprPtr e, std::initializer_list<const Expr*> children) {
    int n = 0, d = 0;
    for (const Expr* c : children)
      if (c) n = std::max(n, c->nesting), d = std::max(d, c->depth);
    set_size(*e, n + 1, d + 1);
    return e;
  }
  // lhs op rhs; when lhs is an operator of the same level the node continues its chain.
  ExprPtr binary(Pos pos, Op op, ExprPtr lhs, ExprPtr rhs) {
    const bool chain = lhs->kind == ExprKind::Binary &&
                       precedence(static_cast<const BinaryExpr&>(*lhs).op) == precedence(op);
    const int n =
        chain ? std::max(lhs->nesting, rhs->nesting + 1) : std::max(lhs->nesting, rhs->nesting) + 1;
    const int d = std::max(lhs->depth, rhs->depth) + 1;
    auto e = std::make_unique<BinaryExpr>(pos, op, std::move(lhs), std::move(rhs));
    set_size(*e, n, d);
    return e;
  }

  ExprPtr parse_expr() {
    Depth guard(*this, lex_.peek().pos);
    ExprPtr cond = parse_binary(1);
    if (!is_punct("?")) return cond;
    const Pos pos = lex_.next().pos;
    if (is_punct(":")) {
      lex_.next();
      ExprPtr other = parse_expr();
      const Expr *c = cond.get(), *o = other.get();
      return sized(std::make_unique<TernaryExpr>(ExprKind::Elvis, pos, std::move(cond), nullptr,
                                                 std::move(other)),
                   {c, o});
    }
    ExprPtr then = parse_expr();
    expect(":", "':' of the conditional expression");
    ExprPtr other = parse_expr();
    const Expr *c = cond.get(), *t = then.get(), *o = other.get();
    return sized(std::make_unique<TernaryExpr>(ExprKind::Ternary, pos, std::move(cond),
                                               std::move(then), std::move(other)),
                 {c, t, o});
  }

  ExprPtr parse_binary(int min_level) {
    ExprPtr lhs = parse_unary();
    for (;;) {
      const BinOp b = binary_op(lex_.peek());
      if (b.level == 0 || b.level < min_level) return lhs;
      const Pos pos = lex_.next().pos;
      ExprPtr rhs = parse_binary(b.level + 1);
      lhs = binary(pos, b.op, std::move(lhs), std::move(rhs));
    }
  }

  ExprPtr parse_unary() {
    const Token& t = lex_.peek();
    if (t.kind == Tok::Punct &&
        (t.text == "-" || t.text == "+" || t.text == "!" || t.text == "~")) {
      Depth guard(*this, t.pos);
      const Op op = t.text == "-"   ? Op::Neg
                    : t.text == "+" ? Op::Plus
                    : t.text == "!" ? Op::Not
                                    : Op::BitNot;
      const Pos pos = lex_.next().pos;
      ExprPtr e = parse_unary();
      const Expr* c = e.get();
      return sized(std::make_unique<UnaryExpr>(pos, op, std::move(e)), {c});
    }
    return parse_postfix();
  }

  ExprPtr parse_postfix() {
    ExprPtr e = parse_primary();
    for (;;) {
      if (is_punct(".")) {
        const Pos pos = lex_.next().pos;
        if (lex_.peek().kind != Tok::Name) fail_expected("an attribute name after '.'");
        Name name = Name::of(lex_.next().text);
        const Expr* b = e.get();
        e = sized(std::make_unique<SelectExpr>(pos, std::move(e), std::move(name)), {b});
      } else if (is_punct("[")) {
        const Pos pos = lex_.next().pos;
        ExprPtr index = parse_expr();
        expect("]", "']' closing the subscript");
        const Expr *b = e.get(), *i = index.get();
        e = sized(std::make_unique<SubscriptExpr>(pos, std::move(e), std::move(index)), {b, i});
      } else {
        return e;
      }
    }
  }

  ExprPtr literal(Pos pos, Value v) { return std::make_unique<LiteralExpr>(pos, std::move(v)); }

  ExprPtr parse_primary() {
    const Token& t = lex_.peek();
    const Pos pos = t.pos;
    switch (t.kind) {
      case Tok::Integer:
        return literal(pos, Value::integer(lex_.next().integer));
      case Tok::Real:
        return literal(pos, Value::real(lex_.next().real));
      case Tok::String:
        return literal(pos, Value::string(lex_.next().string));
      case Tok::Time: {
        const Token tt = lex_.next();
        return literal(pos, tt.time_is_real ? Value::real(tt.real)
                                            : Value::integer(static_cast<std::int64_t>(tt.real)));
      }
      case Tok::Name:
        return parse_name();
      case Tok::Punct:
        if (t.text == "(") {
          lex_.next();
          ExprPtr e = parse_expr();
          expect(")", "')'");
          return e;
        }
        if (t.text == "{") return parse_list();
        if (t.text == "[") return parse_record();
        if (t.text == ".") return parse_absolute();
        break;
      case Tok::End:
        break;
    }
    fail_expected("an expression");
  }

  ExprPtr parse_name() {
    const Token t = lex_.next();
    const std::string_view n = t.text;
    if (iequals(n, "true")) return literal(t.pos, Value::boolean(true));
    if (iequals(n, "false")) return literal(t.pos, Value::boolean(false));
    if (iequals(n, "undefined")) return literal(t.pos, Value::undefined());
    if (iequals(n, "error")) return literal(t.pos, Value::error());
    if (iequals(n, "is") || iequals(n, "isnt"))
      lex_.fail(t.pos, fmt::format("expected an expression, got '{}'", n));
    RefKind kind = RefKind::Attr;
    if (iequals(n, "self")) kind = RefKind::Self;
    if (iequals(n, "my")) kind = RefKind::My;
    if (iequals(n, "parent")) kind = RefKind::Parent;
    if (iequals(n, "other") || iequals(n, "target")) kind = RefKind::Other;
    if (kind == RefKind::Attr && is_punct("(")) return parse_call(t);
    auto ref = std::make_unique<RefExpr>(t.pos, kind, Name::of(n));
    ref->scope = scope_;
    return ref;
  }

  // `.name`: an attribute of the ad's top-level record (HTCondor's absolute reference, which
  // starts the look-up at the root scope).
  ExprPtr parse_absolute() {
    const Pos pos = lex_.next().pos;
    const Token& t = lex_.peek();
    if (t.kind != Tok::Name || reserved(t.text))
      fail_expected("an attribute name after '.' (an absolute reference)");
    auto ref = std::make_unique<RefExpr>(pos, RefKind::Attr, Name::of(lex_.next().text));
    const RecordExpr* root = scope_;
    while (root && root->parent) root = root->parent;
    ref->scope = root;
    ref->absolute = true;
    return ref;
  }

  ExprPtr parse_call(const Token& name) {
    const auto fn = find_builtin(name.text);
    if (!fn)
      lex_.fail(name.pos,
                fmt::format("unknown function '{}'; known: {}", name.text, builtin_names()));
    auto call = std::make_unique<CallExpr>(name.pos, *fn, std::string(name.text));
    lex_.next();  // (
    int n = 0, d = 0;
    if (!is_punct(")")) {
      for (;;) {
        call->args.push_back(parse_expr());
        n = std::max(n, call->args.back()->nesting);
        d = std::max(d, call->args.back()->depth);
        if (is_punct(")")) break;
        expect(",", "',' or ')' in the arguments of " + std::string(name.text) + "()");
      }
    }
    lex_.next();
    set_size(*call, n + 1, d + 1);
    return call;
  }

  ExprPtr parse_list() {
    Depth guard(*this, lex_.peek().pos);
    auto list = std::make_unique<ListExpr>(lex_.next().pos);
    int n = 0, d = 0;
    if (!is_punct("}")) {
      for (;;) {
        list->items.push_back(parse_expr());
        n = std::max(n, list->items.back()->nesting);
        d = std::max(d, list->items.back()->depth);
        if (is_punct("}")) break;
        expect(",", "',' or '}' in the list");
      }
    }
    lex_.next();
    set_size(*list, n + 1, d + 1);
    return list;
  }

  std::unique_ptr<RecordExpr> parse_record() {
    Depth guard(*this, lex_.peek().pos);
    auto rec = std::make_unique<RecordExpr>(lex_.next().pos);
    rec->parent = scope_;
    const RecordExpr* saved = scope_;
    scope_ = rec.get();
    int n = 0, d = 0;
    while (!is_punct("]")) {
      const Token& t = lex_.peek();
      if (t.kind != Tok::Name || reserved(t.text))
        fail_expected("an attribute name or ']' in the record");
      const Token name = lex_.next();
      Name key = Name::of(name.text);
      if (const int prev = rec->find(key); prev >= 0)
        lex_.fail(name.pos,
                  fmt::format("attribute '{}' is defined twice in this record (first at "
                              "line {}, column {})",
                              name.text, rec->attrs[prev].pos.line, rec->attrs[prev].pos.col));
      expect("=", fmt::format("'=' after the attribute name '{}'", name.text));
      ExprPtr value = parse_expr();
      n = std::max(n, value->nesting);
      d = std::max(d, value->depth);
      rec->add({std::move(key), std::move(value), name.pos});
      if (is_punct("]")) break;
      expect(";", fmt::format("';' or ']' after the value of attribute '{}'", name.text));
    }
    lex_.next();
    scope_ = saved;
    set_size(*rec, n + 1, d + 1);
    return rec;
  }

  Lexer lex_;
  const ParseLimits& limits_;
  const RecordExpr* scope_ = nullptr;
  int depth_ = 0;
};

}  // namespace

Expression parse_expression(std::string_view text, const std::string& file, const ClassAd* context,
                            const ParseLimits& limits) {
  auto holder = std::make_shared<Expression::Holder>();
  if (context) holder->context = *context;
  Parser p(text, file, limits, context ? &context->record() : nullptr);
  holder->root = p.expression();
  Expression e;
  e.holder_ = std::move(holder);
  return e;
}

std::vector<ClassAd> parse_ads(std::string_view text, const std::string& file,
                               const ParseLimits& limits) {
  Parser p(text, file, limits, nullptr);
  std::vector<ClassAd> out;
  for (auto& rec : p.ads()) out.push_back(ClassAd::load(std::move(rec), file));
  return out;
}

ClassAd parse_ad(std::string_view text, const std::string& file, const ParseLimits& limits) {
  auto ads = parse_ads(text, file, limits);
  if (ads.size() != 1) {
    const Pos p = ads[1].pos();
    throw ParseError(file, p.line, p.col, "expected exactly one ad, got a second one");
  }
  return ads[0];
}

std::vector<ClassAd> read_ads_file(const std::string& path, const ParseLimits& limits) {
  return parse_ads(base::read_file(path, "classad file", limits.max_bytes), path, limits);
}

}  // namespace arsim::classad
