#include "base/files.hpp"

#include <cerrno>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <sstream>

#include "base/input_error.hpp"

namespace arsim::base {

void require_regular_file(const std::string& path, const std::string& what, std::uintmax_t limit) {
  auto fail = [&](const std::string& reason) {
    throw InputError(path + ": cannot read " + what + ": " + reason);
  };
  std::error_code ec;
  const auto status = std::filesystem::status(path, ec);
  if (ec || !std::filesystem::exists(status)) fail("no such file");
  if (std::filesystem::is_directory(status)) fail("is a directory");
  if (!std::filesystem::is_regular_file(status)) fail("not a regular file");
  const auto size = std::filesystem::file_size(path, ec);
  if (ec) fail(ec.message());
  if (size > limit)
    fail("larger than " + std::to_string(limit) + " bytes (" + std::to_string(size) + ")");
}

std::string read_file(const std::string& path, const std::string& what, std::uintmax_t limit) {
  require_regular_file(path, what, limit);
  std::ifstream in(path, std::ios::binary);
  if (!in) throw InputError(path + ": cannot read " + what + ": " + std::strerror(errno));
  std::ostringstream text;
  text << in.rdbuf();
  if (in.bad()) throw InputError(path + ": cannot read " + what + ": read error");
  return text.str();
}

}  // namespace arsim::base
