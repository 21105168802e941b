// The layers of docs/design/architecture.md, checked on the source tree: base/ (the input-error
// type, the file reader, the number parser) depends on nothing of the project; classad/ on base/
// only; model/ on base/ and classad/ (model/gang/) only; workloads/ and schedulers/ on those
// (schedulers/ never on workloads/); experiments/ on those; topology/ on base/ only; only sim/
// includes SimGrid or XBT.
#include <gtest/gtest.h>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <regex>
#include <sstream>
#include <string>
#include <vector>

namespace {

namespace fs = std::filesystem;

struct Rule {
  std::string folder;                  // a top-level folder of the project
  std::vector<std::string> forbidden;  // include prefixes it must not use
  std::vector<std::string> allowed;    // exceptions: headers it may use all the same
};

const std::vector<std::string> kEngine = {"simgrid/", "xbt/", "xbt.h", "simgrid.h", "sim/"};

std::vector<Rule> rules() {
  auto with = [](std::vector<std::string> extra) {
    std::vector<std::string> out = kEngine;
    out.insert(out.end(), extra.begin(), extra.end());
    return out;
  };
  const auto only_base = with({"classad/", "model/", "schedulers/", "workloads/", "experiments/"});
  return {{"base", only_base, {}},
          {"model", with({"schedulers/", "workloads/", "experiments/"}), {}},
          {"classad", with({"model/", "schedulers/", "workloads/", "experiments/"}), {}},
          {"workloads", with({"schedulers/", "experiments/"}), {}},
          {"schedulers", with({"workloads/", "experiments/"}), {}},
          {"experiments", with({}), {}},
          {"topology", only_base, {}}};
}

// Every `#include <x>` or `#include "x"` of `text` whose path starts with a forbidden prefix, as
// "LINE: PATH".
std::vector<std::string> violations(const std::string& text, const std::vector<std::string>& bad,
                                    const std::vector<std::string>& allowed = {}) {
  static const std::regex include(R"(^\s*#\s*include\s*[<"]([^>"]+)[>"])");
  std::vector<std::string> out;
  std::istringstream in(text);
  std::string line;
  for (int n = 1; std::getline(in, line); ++n) {
    std::smatch m;
    if (!std::regex_search(line, m, include)) continue;
    const std::string path = m[1];
    if (std::find(allowed.begin(), allowed.end(), path) != allowed.end()) continue;
    for (const auto& prefix : bad)
      if (path.compare(0, prefix.size(), prefix) == 0)
        out.push_back(std::to_string(n) + ": " + path);
  }
  return out;
}

std::string read(const fs::path& p) {
  std::ifstream in(p, std::ios::binary);
  std::ostringstream ss;
  ss << in.rdbuf();
  return ss.str();
}

TEST(Layering, TheCheckSeesAForbiddenInclude) {
  const auto bad = rules()[1].forbidden;  // model/
  EXPECT_EQ(violations("#include <vector>\n#include \"model/time.hpp\"\n", bad).size(), 0u);
  EXPECT_EQ(violations("  #  include <simgrid/s4u/Actor.hpp>\n", bad),
            std::vector<std::string>{"1: simgrid/s4u/Actor.hpp"});
  EXPECT_EQ(violations("\n#include \"sim/engine/run_kind.hpp\"\n", bad),
            std::vector<std::string>{"2: sim/engine/run_kind.hpp"});
  EXPECT_EQ(violations("#include <xbt/log.h>\n", bad).size(), 1u);
}

TEST(Layering, EveryFolderIncludesOnlyWhatItMay) {
  const fs::path root = ARSIM_SOURCE_DIR;
  std::size_t files = 0;
  for (const auto& rule : rules()) {
    const fs::path dir = root / rule.folder;
    if (!fs::exists(dir)) continue;
    for (const auto& entry : fs::recursive_directory_iterator(dir)) {
      const auto ext = entry.path().extension();
      if (!entry.is_regular_file() || (ext != ".hpp" && ext != ".cpp")) continue;
      ++files;
      for (const auto& v : violations(read(entry.path()), rule.forbidden, rule.allowed))
        ADD_FAILURE() << fs::relative(entry.path(), root).string() << ":" << v;
    }
  }
  EXPECT_GT(files, 100u) << "the source tree was not found under " << root;
}

}  // namespace
