// Tokens of the native classad syntax, with the historical literal forms of Raman et al.:
// size suffixes (256M) and quoted times ('00:15', 'Mon Feb 28 14:22:22 2000 (CST) -06:00').
// Whitespace and comments (// to the end of the line, /* ... */) are skipped.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>

#include "classad/ast.hpp"

namespace arsim::classad {

enum class Tok : std::uint8_t { End, Integer, Real, String, Time, Name, Punct };

struct Token {
  Tok kind = Tok::End;
  Pos pos;
  std::string_view text;  // the source text of the token (for names and punctuation)
  std::int64_t integer = 0;
  double real = 0;
  bool time_is_real = false;  // Time: seconds with a fraction
  std::string string;         // String: the decoded contents
};

class Lexer {
 public:
  Lexer(std::string_view text, std::string file);

  const Token& peek() const { return current_; }
  Token next();  // returns the current token and reads the one after it
  const std::string& file() const { return file_; }

  // Throws ParseError at `pos`.
  [[noreturn]] void fail(Pos pos, const std::string& message) const;

 private:
  void advance();
  void skip_space();
  void read_number();
  void read_string();
  void read_time();
  void read_punct();
  char at(std::size_t i) const { return i < text_.size() ? text_[i] : '\0'; }
  Pos here() const { return {line_, static_cast<int>(i_ - line_start_) + 1}; }

  std::string_view text_;
  std::string file_;
  std::size_t i_ = 0, line_start_ = 0;
  int line_ = 1;
  Token current_;
};

// Describes a token for "expected X, got Y" messages: 'name', "string", end of input...
std::string describe(const Token& t);

// Seconds denoted by the contents of a quoted time literal, or false when it is no time:
// relative times [-][D+]H:MM[:SS[.fff]] and absolute dates "Www Mmm D HH:MM:SS YYYY [(ZONE)]
// [+-HH:MM]" or "YYYY-MM-DD[THH:MM:SS][Z|+-HH:MM]" (seconds since 1970-01-01 UTC).
bool parse_time(std::string_view s, double& seconds, bool& fractional);

}  // namespace arsim::classad
