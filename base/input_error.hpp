// Bad input, in one type for every reader (scenario, platform, request file, trace, classad,
// parameters): what() is one line naming the file, line and field and what was expected, fit to
// print as is before exiting with status 2 (the exit statuses are listed in
// docs/reference/exit_statuses.md).
#pragma once

#include <stdexcept>
#include <string>

namespace arsim {

class InputError : public std::runtime_error {
 public:
  // A message already in the "FILE:LINE: ..." form.
  explicit InputError(const std::string& message) : std::runtime_error(message) {}
  // "FILE:LINE: field 'FIELD': MESSAGE"; a line of 0 and an empty field are left out.
  InputError(const std::string& file, int line, const std::string& field,
             const std::string& message)
      : std::runtime_error(format(file, line, field, message)) {}

  static std::string format(const std::string& file, int line, const std::string& field,
                            const std::string& message) {
    std::string out = file;
    if (line > 0) out += ":" + std::to_string(line);
    if (!out.empty()) out += ": ";
    if (!field.empty()) out += "field '" + field + "': ";
    return out + message;
  }
};

}  // namespace arsim
