// Reading the native classad syntax: expressions and ads (records in brackets). Every syntax
// error is one ParseError naming file:line:col and what was expected. Input size and nesting are
// bounded so that no input can exhaust the stack or hang the reader.
#pragma once

#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "classad/ad.hpp"
#include "classad/ast.hpp"
#include "classad/parse_error.hpp"

namespace arsim::classad {

struct ParseLimits {
  std::size_t max_bytes = 64u << 20;  // larger inputs are refused
  int max_nesting = 200;              // nesting levels (Expr::nesting) accepted
  int max_depth = 16000;              // plain tree height (Expr::depth) accepted
};

// A standalone expression (e.g. from the command line). When read in the context of an ad,
// its names are looked up in that ad, which the expression keeps alive.
class Expression {
 public:
  const Expr& root() const { return *holder_->root; }
  const ClassAd& context() const { return holder_->context; }

 private:
  friend Expression parse_expression(std::string_view, const std::string&, const ClassAd*,
                                     const ParseLimits&);
  struct Holder {
    ClassAd context;
    ExprPtr root;
  };
  std::shared_ptr<const Holder> holder_;
};

Expression parse_expression(std::string_view text, const std::string& file,
                            const ClassAd* context = nullptr, const ParseLimits& limits = {});

// One or more ads, each a bracketed record, separated by white space or comments.
std::vector<ClassAd> parse_ads(std::string_view text, const std::string& file,
                               const ParseLimits& limits = {});
// Exactly one ad.
ClassAd parse_ad(std::string_view text, const std::string& file, const ParseLimits& limits = {});
// The ads of a file; a file that cannot be read is an arsim::InputError naming it.
std::vector<ClassAd> read_ads_file(const std::string& path, const ParseLimits& limits = {});

}  // namespace arsim::classad
