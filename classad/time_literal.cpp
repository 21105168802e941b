// The quoted time literals of Raman et al. (Figs. 1-2): relative times '00:15', '00:23:12' and
// dates 'Mon Feb 28 14:22:22 2000 (CST) -06:00', as seconds.
#include <algorithm>
#include <cmath>
#include <ctime>
#include <string>
#include <vector>

#include "classad/lexer.hpp"

namespace arsim::classad {

namespace {

bool is_digit(char c) {
  return c >= '0' && c <= '9';
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

}  // namespace arsim::classad
