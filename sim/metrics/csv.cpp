#include "sim/metrics/csv.hpp"

#include <fcntl.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <fstream>
#include <sstream>
#include <stdexcept>

#include <fmt/format.h>

namespace arsim::metrics {

std::string csv_quote(std::string_view field) {
  if (field.find_first_of(",\"\r\n") == std::string_view::npos) return std::string(field);
  std::string out = "\"";
  for (char c : field) {
    if (c == '"') out += '"';
    out += c;
  }
  out += '"';
  return out;
}

std::string format_number(double v) {
  return fmt::format("{}", v);
}

CsvWriter::CsvWriter(const std::vector<std::string>& header) : columns_(header.size()) {
  for (const auto& h : header) field(h);
  end_row();
  rows_ = 0;  // the header is not a data row
}

CsvWriter& CsvWriter::field(std::string_view s) {
  return raw(csv_quote(s));
}

CsvWriter& CsvWriter::field(double v) {
  return raw(format_number(v));
}

CsvWriter& CsvWriter::raw(std::string_view already_quoted) {
  if (fields_in_row_ > 0) text_ += ',';
  text_ += already_quoted;
  ++fields_in_row_;
  return *this;
}

void CsvWriter::end_row() {
  if (fields_in_row_ != columns_)
    throw std::logic_error(fmt::format("CSV row {} has {} fields, the header has {}", rows_ + 1,
                                       fields_in_row_, columns_));
  text_ += '\n';
  fields_in_row_ = 0;
  ++rows_;
}

std::size_t CsvTable::column(std::string_view name) const {
  for (std::size_t i = 0; i < header.size(); ++i)
    if (header[i] == name) return i;
  throw std::runtime_error(fmt::format("{}: no column '{}'", source, name));
}

std::string CsvTable::where(std::size_t row) const {
  return fmt::format("{}:{}", source, lines.at(row));
}

namespace {

// Splits the next record starting at `pos` (which it advances); `line` counts the newlines read.
std::vector<std::string> next_record(std::string_view text, std::size_t& pos, int& line,
                                     const std::string& source) {
  std::vector<std::string> fields(1);
  const int start_line = line;
  bool quoted = false;
  bool after_quote = false;  // a quoted field just closed: only , or end of line may follow
  while (pos < text.size()) {
    const char c = text[pos++];
    if (quoted) {
      if (c == '"' && pos < text.size() && text[pos] == '"') {
        fields.back() += '"';
        ++pos;
      } else if (c == '"') {
        quoted = false;
        after_quote = true;
      } else {
        if (c == '\n') ++line;
        fields.back() += c;
      }
    } else if (c == ',') {
      fields.emplace_back();
      after_quote = false;
    } else if (c == '\n' || c == '\r') {
      if (c == '\r' && pos < text.size() && text[pos] == '\n') ++pos;
      ++line;
      return fields;
    } else if (after_quote) {
      throw std::runtime_error(fmt::format("{}:{}: text after a closing quote", source, line));
    } else if (c == '"' && fields.back().empty()) {
      quoted = true;
    } else {
      fields.back() += c;
    }
  }
  if (quoted)
    throw std::runtime_error(fmt::format("{}:{}: unterminated quote", source, start_line));
  ++line;
  return fields;
}

}  // namespace

CsvTable parse_csv(std::string_view text, const std::string& source) {
  CsvTable t;
  t.source = source;
  std::size_t pos = 0;
  int line = 1;
  if (text.empty()) throw std::runtime_error(fmt::format("{}:1: no header", source));
  t.header = next_record(text, pos, line, source);
  while (pos < text.size()) {
    const int row_line = line;
    auto fields = next_record(text, pos, line, source);
    if (fields.size() != t.header.size())
      throw std::runtime_error(fmt::format("{}:{}: {} fields, the header has {}", source, row_line,
                                           fields.size(), t.header.size()));
    t.rows.push_back(std::move(fields));
    t.lines.push_back(row_line);
  }
  return t;
}

CsvTable read_csv(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  if (!in) throw std::runtime_error(fmt::format("{}: cannot open", path));
  std::ostringstream buf;
  buf << in.rdbuf();
  return parse_csv(buf.str(), path);
}

namespace {

// Writes all of `content` to `fd`; false with errno set when the system refuses (disk full, file
// size limit, I/O error).
bool write_all(int fd, std::string_view content) {
  while (!content.empty()) {
    const ssize_t n = ::write(fd, content.data(), content.size());
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) return false;
    content.remove_prefix(static_cast<std::size_t>(n));
  }
  return true;
}

[[noreturn]] void fail_write(const std::string& tmp, const char* what, int error) {
  ::unlink(tmp.c_str());  // no half-written file is left behind
  throw WriteError(fmt::format("{}: {}: {}", tmp, what, std::strerror(error)));
}

}  // namespace

void write_atomically(const std::string& path, std::string_view content) {
  // One temporary per process: two sweeps into one folder write sweep.csv at once, and a shared
  // name let one truncate the other's file and fail its rename.
  const std::string tmp = fmt::format("{}.{}.tmp", path, ::getpid());
  const int fd = ::open(tmp.c_str(), O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0666);
  if (fd < 0)
    throw WriteError(fmt::format("{}: cannot open for writing: {}", tmp, std::strerror(errno)));
  if (!write_all(fd, content)) {
    const int error = errno;
    ::close(fd);
    fail_write(tmp, "write failed", error);
  }
  if (::close(fd) != 0) fail_write(tmp, "write failed", errno);
  if (::rename(tmp.c_str(), path.c_str()) != 0) {
    const int error = errno;
    ::unlink(tmp.c_str());
    throw WriteError(fmt::format("cannot rename {} to {}: {}", tmp, path, std::strerror(error)));
  }
}

}  // namespace arsim::metrics
