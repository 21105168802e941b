// A tiny CSV writer and reader (RFC 4180 quoting) for the files a run writes.
//
// Numbers are printed with fmt's `{}`: the shortest text that reads back to the same double, so
// identical runs give byte-identical files and the auditor re-reads exactly what was computed.
#pragma once

#include <concepts>
#include <optional>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

namespace arsim::metrics {

// The field as it goes into a CSV line: quoted (with doubled quotes) when it holds , " CR or LF.
std::string csv_quote(std::string_view field);

// The shortest round-trip text of v (fmt `{}`), e.g. 0.1 → "0.1", 144.0 → "144".
std::string format_number(double v);

// Builds a CSV text row by row; every row must have as many fields as the header.
class CsvWriter {
 public:
  explicit CsvWriter(const std::vector<std::string>& header);

  CsvWriter& field(std::string_view s);
  CsvWriter& field(const char* s) { return field(std::string_view(s)); }
  CsvWriter& field(const std::string& s) { return field(std::string_view(s)); }
  CsvWriter& field(double v);
  // An empty field when v is empty (a time that did not happen).
  CsvWriter& field(const std::optional<double>& v) { return v ? field(*v) : empty(); }
  template <std::integral T>
  CsvWriter& field(T v) {
    return raw(std::to_string(v));
  }
  CsvWriter& empty() { return raw(""); }
  // Closes the current row; throws std::logic_error when its field count differs from the header.
  void end_row();

  const std::string& str() const { return text_; }
  std::size_t rows() const { return rows_; }

 private:
  CsvWriter& raw(std::string_view already_quoted);

  std::string text_;
  std::size_t columns_ = 0;
  std::size_t fields_in_row_ = 0;
  std::size_t rows_ = 0;
};

// A parsed CSV file: the header and the rows as strings.
struct CsvTable {
  std::string source;  // file name, for error messages
  std::vector<std::string> header;
  std::vector<std::vector<std::string>> rows;
  std::vector<int> lines;  // 1-based line on which each row starts (the header is line 1)

  // Index of the named column; throws std::runtime_error naming the file when it is missing.
  std::size_t column(std::string_view name) const;
  // "source:line" of row i, for messages.
  std::string where(std::size_t row) const;
};

// Parses CSV text. Throws std::runtime_error "source:line: what" on an unterminated quote, text
// after a closing quote, or a row whose field count differs from the header's.
CsvTable parse_csv(std::string_view text, const std::string& source);
// Reads and parses a file; throws std::runtime_error when it cannot be read.
CsvTable read_csv(const std::string& path);

// A file the system refused to write (disk full, file size limit, permissions): its message names
// the file and the system's reason (strerror). Not a defect of arsim's nor bad input: the run
// failed, and runs again when the sweep is resumed (docs/design/architecture.md, exit statuses).
class WriteError : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

// Writes `content` to `path.PID.tmp`, then renames it over `path`, so a killed run never leaves a
// half-written file (the .tmp file is removed when writing fails) and two processes writing the
// same file each leave a whole one. Throws WriteError on failure.
void write_atomically(const std::string& path, std::string_view content);

}  // namespace arsim::metrics
