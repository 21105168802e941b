// A private temporary folder per test, removed afterwards, for writing scenario files; and the
// scenario reader with the schemas of the built-in run kinds.
#pragma once

#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <string>

#include <gtest/gtest.h>

#include "sim/kinds/builtins.hpp"
#include "sim/scenario/scenario.hpp"

namespace arsim::scenario::testing {

inline const engine::Catalog& catalog() {
  static const engine::Catalog* c = [] {
    auto* built = new engine::Catalog;  // lives as long as the process, like arsim's own
    kinds::register_builtins(*built);
    return built;
  }();
  return *c;
}

inline Settings load(const std::string& path) {
  return load_scenario(path, catalog().kinds.schemas());
}

class TempDirTest : public ::testing::Test {
 protected:
  void SetUp() override {
    const auto* info = ::testing::UnitTest::GetInstance()->current_test_info();
    dir_ = std::filesystem::temp_directory_path() /
           (std::string("arsim-scenario-") + std::to_string(::getpid()) + "-" +
            info->test_suite_name() + "-" + info->name());
    std::filesystem::remove_all(dir_);
    std::filesystem::create_directories(dir_);
    write("platform.xml", "<platform version=\"4.1\"/>\n");
  }
  void TearDown() override { std::filesystem::remove_all(dir_); }

  // Writes `text` to dir/name and returns the full path.
  std::string write(const std::string& name, const std::string& text) {
    const auto path = dir_ / name;
    std::filesystem::create_directories(path.parent_path());
    std::ofstream(path, std::ios::binary) << text;
    return path.string();
  }
  std::string path(const std::string& name) const { return (dir_ / name).string(); }

  std::filesystem::path dir_;
};

}  // namespace arsim::scenario::testing
