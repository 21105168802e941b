// The error of reading ads and expressions: FILE:LINE:COL: what was expected, got what. An
// arsim::InputError (base/input_error.hpp), so every command exits with status 2 on it.
#pragma once

#include <string>

#include "base/input_error.hpp"

namespace arsim::classad {

class ParseError : public InputError {
 public:
  // line and col are 1-based; line 0 means the error concerns the whole file (e.g. cannot open).
  ParseError(std::string file, int line, int col, const std::string& message);

  const std::string& file() const { return file_; }
  int line() const { return line_; }
  int col() const { return col_; }
  const std::string& message() const { return message_; }

 private:
  std::string file_;
  int line_, col_;
  std::string message_;
};

}  // namespace arsim::classad
