#include "classad/lexer.hpp"

#include <algorithm>
#include <charconv>
#include <cmath>
#include <ctime>
#include <limits>
#include <vector>

#include <fmt/format.h>

#include "classad/parse_error.hpp"

namespace arsim::classad {

ParseError::ParseError(std::string file, int line, int col, const std::string& message)
    : std::runtime_error(line > 0 ? fmt::format("{}:{}:{}: {}", file, line, col, message)
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

// Parses all of `s` as an unsigned decimal of at most `max_digits` digits.
bool whole_number(std::string_view s, int max_digits, long long& out) {
  if (s.empty() || static_cast<int>(s.size()) > max_digits) return false;
  out = 0;
  for (char c : s) {
    if (!is_digit(c)) return false;
    out = out * 10 + (c - '0');
  }
  return true;
}

// [-][D+]H:MM[:SS[.fff]]
bool parse_relative(std::string_view s, double& seconds, bool& fractional) {
  bool negative = false;
  if (!s.empty() && s[0] == '-') negative = true, s.remove_prefix(1);
  long long days = 0, hours = 0, minutes = 0, secs = 0;
  if (auto plus = s.find('+'); plus != std::string_view::npos) {
    if (!whole_number(s.substr(0, plus), 9, days)) return false;
    s.remove_prefix(plus + 1);
  }
  const auto c1 = s.find(':');
  if (c1 == std::string_view::npos || !whole_number(s.substr(0, c1), 9, hours)) return false;
  s.remove_prefix(c1 + 1);
  const auto c2 = s.find(':');
  if (!whole_number(s.substr(0, c2), 2, minutes) || minutes >= 60) return false;
  double fraction = 0;
  fractional = false;
  if (c2 != std::string_view::npos) {
    s.remove_prefix(c2 + 1);
    const auto dot = s.find('.');
    if (!whole_number(s.substr(0, dot), 2, secs) || secs >= 60) return false;
    if (dot != std::string_view::npos) {
      const auto frac = s.substr(dot + 1);
      long long digits = 0;
      if (!whole_number(frac, 9, digits)) return false;
      fraction = static_cast<double>(digits) / std::pow(10.0, static_cast<double>(frac.size()));
      fractional = digits != 0;
    }
  }
  seconds = static_cast<double>(((days * 24 + hours) * 60 + minutes) * 60 + secs) + fraction;
  if (negative) seconds = -seconds;
  return true;
}

// +HH:MM or -HH:MM as seconds east of UTC.
bool parse_offset(std::string_view s, long long& offset) {
  long long h = 0, m = 0;
  if (s.size() != 6 || (s[0] != '+' && s[0] != '-') || s[3] != ':') return false;
  if (!whole_number(s.substr(1, 2), 2, h) || !whole_number(s.substr(4, 2), 2, m) || m >= 60)
    return false;
  offset = (h * 60 + m) * 60 * (s[0] == '-' ? -1 : 1);
  return true;
}

// Seconds since the epoch of a UTC calendar time; false when the fields name no real date.
bool utc_seconds(long long y, long long mo, long long d, long long h, long long mi, long long s,
                 double& out) {
  if (y < 1900 || y > 9999 || mo < 1 || mo > 12 || d < 1 || d > 31 || h > 23 || mi > 59 || s > 60)
    return false;
  std::tm tm{};
  tm.tm_year = static_cast<int>(y - 1900);
  tm.tm_mon = static_cast<int>(mo - 1);
  tm.tm_mday = static_cast<int>(d);
  tm.tm_hour = static_cast<int>(h);
  tm.tm_min = static_cast<int>(mi);
  tm.tm_sec = static_cast<int>(s);
  const std::time_t t = timegm(&tm);
  std::tm back{};
  gmtime_r(&t, &back);
  if (back.tm_mday != d && s < 60) return false;  // e.g. Feb 30, which timegm normalises
  out = static_cast<double>(t);
  return true;
}

bool parse_clock(std::string_view s, long long& h, long long& m, long long& sec) {
  if (s.size() != 8 || s[2] != ':' || s[5] != ':') return false;
  return whole_number(s.substr(0, 2), 2, h) && whole_number(s.substr(3, 2), 2, m) &&
         whole_number(s.substr(6, 2), 2, sec);
}

int month_of(std::string_view s) {
  static const char* const names[] = {"jan", "feb", "mar", "apr", "may", "jun",
                                      "jul", "aug", "sep", "oct", "nov", "dec"};
  if (s.size() != 3) return 0;
  for (int i = 0; i < 12; ++i) {
    bool eq = true;
    for (int k = 0; k < 3; ++k) eq = eq && (s[k] | 0x20) == names[i][k];
    if (eq) return i + 1;
  }
  return 0;
}

// "Mon Feb 28 14:22:22 2000 (CST) -06:00"; the zone name in parentheses is informative only.
bool parse_ctime(std::string_view s, double& seconds) {
  std::vector<std::string_view> w;
  for (std::size_t i = 0; i < s.size();) {
    if (s[i] == ' ') {
      ++i;
      continue;
    }
    const auto j = std::min(s.find(' ', i), s.size());
    w.push_back(s.substr(i, j - i));
    i = j;
  }
  static const std::string_view days = "sunmontuewedthufrisat";
  if (w.size() < 5 || w.size() > 7 || w[0].size() != 3) return false;
  std::string day{w[0]};
  for (auto& c : day) c = static_cast<char>(c | 0x20);
  if (days.find(day) == std::string_view::npos || days.find(day) % 3 != 0) return false;
  long long d = 0, h = 0, mi = 0, sec = 0, y = 0, offset = 0;
  const int mo = month_of(w[1]);
  if (!mo || !whole_number(w[2], 2, d) || !parse_clock(w[3], h, mi, sec) ||
      !whole_number(w[4], 4, y))
    return false;
  std::size_t k = 5;
  if (k < w.size() && w[k].size() >= 2 && w[k].front() == '(' && w[k].back() == ')') ++k;
  if (k < w.size() && !parse_offset(w[k++], offset)) return false;
  if (k != w.size() || !utc_seconds(y, mo, d, h, mi, sec, seconds)) return false;
  seconds -= static_cast<double>(offset);
  return true;
}

// "2000-02-28", "2000-02-28T14:22:22", with "Z" or "+-HH:MM".
bool parse_iso(std::string_view s, double& seconds) {
  long long y = 0, mo = 0, d = 0, h = 0, mi = 0, sec = 0, offset = 0;
  if (s.size() < 10 || s[4] != '-' || s[7] != '-' || !whole_number(s.substr(0, 4), 4, y) ||
      !whole_number(s.substr(5, 2), 2, mo) || !whole_number(s.substr(8, 2), 2, d))
    return false;
  s.remove_prefix(10);
  if (!s.empty() && s[0] == 'T') {
    if (s.size() < 9 || !parse_clock(s.substr(1, 8), h, mi, sec)) return false;
    s.remove_prefix(9);
  }
  if (s == "Z") s = {};
  if (!s.empty() && !parse_offset(s, offset)) return false;
  if (!utc_seconds(y, mo, d, h, mi, sec, seconds)) return false;
  seconds -= static_cast<double>(offset);
  return true;
}

}  // namespace

bool parse_time(std::string_view s, double& seconds, bool& fractional) {
  fractional = false;
  return parse_relative(s, seconds, fractional) || parse_iso(s, seconds) || parse_ctime(s, seconds);
}

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
