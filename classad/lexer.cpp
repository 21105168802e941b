#include "classad/lexer.hpp"

#include <algorithm>
#include <charconv>
#include <cmath>
#include <limits>
#include <vector>

#include <fmt/format.h>

#include "classad/parse_error.hpp"

namespace arsim::classad {

ParseError::ParseError(std::string file, int line, int col, const std::string& message)
    : InputError(line > 0 ? fmt::format("{}:{}:{}: {}", file, line, col, message)
                          : fmt::format("{}: {}", file, message)),
      file_(std::move(file)),
      line_(line),
      col_(col),
      message_(message) {}

namespace {

bool is_digit(char c) {
  return c >= '0' && c <= '9';
}
bool is_alpha(char c) {
  return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c == '_';
}
bool is_word(char c) {
  return is_alpha(c) || is_digit(c);
}

}  // namespace

Lexer::Lexer(std::string_view text, std::string file) : text_(text), file_(std::move(file)) {
  advance();
}

void Lexer::fail(Pos pos, const std::string& message) const {
  throw ParseError(file_, pos.line, pos.col, message);
}

Token Lexer::next() {
  Token t = std::move(current_);
  advance();
  return t;
}

void Lexer::skip_space() {
  for (;;) {
    const char c = at(i_);
    if (c == '\n') {
      ++i_, ++line_, line_start_ = i_;
    } else if (c == ' ' || c == '\t' || c == '\r' || c == '\f' || c == '\v') {
      ++i_;
    } else if (c == '/' && at(i_ + 1) == '/') {
      while (i_ < text_.size() && text_[i_] != '\n') ++i_;
    } else if (c == '/' && at(i_ + 1) == '*') {
      const Pos start = here();
      i_ += 2;
      while (i_ < text_.size() && !(text_[i_] == '*' && at(i_ + 1) == '/')) {
        if (text_[i_] == '\n') ++line_, line_start_ = i_ + 1;
        ++i_;
      }
      if (i_ >= text_.size()) fail(start, "unterminated comment: expected '*/'");
      i_ += 2;
    } else {
      return;
    }
  }
}

void Lexer::advance() {
  skip_space();
  current_ = Token{};
  current_.pos = here();
  if (i_ >= text_.size()) return;  // End
  const char c = text_[i_];
  if (is_digit(c) || (c == '.' && is_digit(at(i_ + 1)))) return read_number();
  if (c == '"') return read_string();
  if (c == '\'') return read_time();
  if (is_alpha(c)) {
    const std::size_t start = i_;
    while (is_word(at(i_))) ++i_;
    current_.kind = Tok::Name;
    current_.text = text_.substr(start, i_ - start);
    return;
  }
  read_punct();
}

void Lexer::read_number() {
  const std::size_t start = i_;
  bool real = false;
  while (is_digit(at(i_))) ++i_;
  if (at(i_) == '.' && is_digit(at(i_ + 1))) {
    real = true;
    ++i_;
    while (is_digit(at(i_))) ++i_;
  }
  if ((at(i_) == 'e' || at(i_) == 'E') &&
      (is_digit(at(i_ + 1)) ||
       ((at(i_ + 1) == '+' || at(i_ + 1) == '-') && is_digit(at(i_ + 2))))) {
    real = true;
    i_ += 2;
    while (is_digit(at(i_))) ++i_;
  }
  const std::string_view digits = text_.substr(start, i_ - start);
  int shift = 0;  // binary size suffix K, M, G, T (Raman et al. Fig. 1: 256M)
  switch (at(i_) | 0x20) {
    case 'k':
      shift = 10;
      break;
    case 'm':
      shift = 20;
      break;
    case 'g':
      shift = 30;
      break;
    case 't':
      shift = 40;
      break;
    default:
      break;
  }
  if (shift && !is_word(at(i_ + 1)))
    ++i_;
  else
    shift = 0;
  if (is_word(at(i_)))
    fail(here(), fmt::format("unexpected '{}' after the number '{}' (size suffixes are K, M, G, T)",
                             at(i_), text_.substr(start, i_ - start)));
  current_.text = text_.substr(start, i_ - start);
  if (!real) {
    std::int64_t v = 0;
    auto [p, ec] = std::from_chars(digits.data(), digits.data() + digits.size(), v);
    if (ec != std::errc() || (shift && v > (std::numeric_limits<std::int64_t>::max() >> shift)))
      fail(current_.pos, fmt::format("integer literal '{}' is out of range", current_.text));
    current_.kind = Tok::Integer;
    current_.integer = v << shift;
    return;
  }
  double v = 0;
  auto [p, ec] = std::from_chars(digits.data(), digits.data() + digits.size(), v);
  v *= std::ldexp(1.0, shift);
  if (ec != std::errc() || !std::isfinite(v))
    fail(current_.pos, fmt::format("real literal '{}' is out of range", current_.text));
  current_.kind = Tok::Real;
  current_.real = v;
}

void Lexer::read_string() {
  const Pos start = here();
  ++i_;
  std::string out;
  for (;;) {
    if (i_ >= text_.size() || text_[i_] == '\n')
      fail(start, "unterminated string: expected '\"' before the end of the line");
    const char c = text_[i_++];
    if (c == '"') break;
    if (c != '\\') {
      out += c;
      continue;
    }
    const Pos esc{line_, static_cast<int>(i_ - line_start_)};
    switch (at(i_)) {
      case '\\':
        out += '\\';
        break;
      case '"':
        out += '"';
        break;
      case '\'':
        out += '\'';
        break;
      case '/':
        out += '/';
        break;
      case 'n':
        out += '\n';
        break;
      case 't':
        out += '\t';
        break;
      case 'r':
        out += '\r';
        break;
      default:
        fail(esc, "unknown escape in string: expected one of \\\\ \\\" \\' \\/ \\n \\t \\r");
    }
    ++i_;
  }
  current_.kind = Tok::String;
  current_.string = std::move(out);
  current_.text = text_.substr(0, 0);
}

void Lexer::read_time() {
  const Pos start = here();
  const std::size_t close = text_.find('\'', i_ + 1);
  const std::size_t eol = text_.find('\n', i_ + 1);
  if (close == std::string_view::npos || (eol != std::string_view::npos && eol < close))
    fail(start, "unterminated time literal: expected a closing quote (')");
  const std::string_view body = text_.substr(i_ + 1, close - i_ - 1);
  double seconds = 0;
  bool fractional = false;
  if (!parse_time(body, seconds, fractional))
    fail(start, fmt::format("expected a time 'H:MM[:SS]' or a date 'Www Mmm D HH:MM:SS YYYY "
                            "[(ZONE)] [+-HH:MM]' between quotes, got '{}'",
                            body));
  i_ = close + 1;
  current_.kind = Tok::Time;
  current_.real = seconds;
  current_.time_is_real = fractional;
}

void Lexer::read_punct() {
  static const char* const multi[] = {"=?=", "=!=", "==", "!=", "<=", ">=", "<<", ">>", "&&", "||"};
  for (const char* m : multi) {
    const std::string_view mv(m);
    if (text_.substr(i_, mv.size()) == mv) {
      current_.kind = Tok::Punct;
      current_.text = text_.substr(i_, mv.size());
      i_ += mv.size();
      return;
    }
  }
  const char c = text_[i_];
  static const std::string_view singles = "(){}[],;.?:=<>+-*/%!~&^|";
  if (singles.find(c) == std::string_view::npos) {
    if (static_cast<unsigned char>(c) >= 0x80)
      fail(here(), fmt::format("unexpected non-ASCII character (byte 0x{:02X}) outside a string",
                               static_cast<unsigned char>(c)));
    fail(here(), fmt::format("unexpected character '{}'", c));
  }
  current_.kind = Tok::Punct;
  current_.text = text_.substr(i_, 1);
  ++i_;
}

std::string describe(const Token& t) {
  switch (t.kind) {
    case Tok::End:
      return "end of input";
    case Tok::Integer:
    case Tok::Real:
      return fmt::format("number {}", t.text);
    case Tok::String:
      return "a string";
    case Tok::Time:
      return "a time literal";
    case Tok::Name:
      return fmt::format("'{}'", t.text);
    case Tok::Punct:
      return fmt::format("'{}'", t.text);
  }
  return "?";
}

}  // namespace arsim::classad
