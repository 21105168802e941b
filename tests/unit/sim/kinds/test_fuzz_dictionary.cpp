// The scenario fuzzer's dictionary (tests/fuzz/scenario.dict) holds the tokens of every run
// kind's scenarios: each key as "KEY=" (a --set override after the NUL byte), each element as
// "<NAME" and each attribute as " NAME=\"", so mutations reach the checks of every kind.
#include <gtest/gtest.h>

#include <fstream>
#include <set>
#include <sstream>
#include <string>

#include "sim/engine/catalog.hpp"
#include "sim/kinds/builtins.hpp"

namespace arsim::engine {
namespace {

// The dictionary's tokens, unquoted, with the escapes \" and \\ undone.
std::set<std::string> dictionary_tokens() {
  std::ifstream in(std::string(ARSIM_SOURCE_DIR) + "/tests/fuzz/scenario.dict");
  std::set<std::string> out;
  for (std::string line; std::getline(in, line);) {
    if (line.size() < 2 || line.front() != '"' || line.back() != '"') continue;
    std::string token;
    for (std::size_t i = 1; i + 1 < line.size(); ++i) {
      if (line[i] == '\\' && i + 2 < line.size() && (line[i + 1] == '"' || line[i + 1] == '\\'))
        ++i;
      token += line[i];
    }
    out.insert(token);
  }
  return out;
}

TEST(FuzzDictionary, HoldsEveryKeyElementAndAttributeOfEveryKind) {
  Catalog catalog;
  kinds::register_builtins(catalog);
  const auto tokens = dictionary_tokens();
  ASSERT_FALSE(tokens.empty());
  for (const auto& [kind, schema] : catalog.kinds.schemas().kinds) {
    for (const auto& spec : schema->keys())
      EXPECT_TRUE(tokens.count(spec.name + "=")) << kind << ": key " << spec.name;
    for (const auto& element : schema->root_elements()) {
      EXPECT_TRUE(tokens.count("<" + element)) << kind << ": element " << element;
      for (const auto& attribute : schema->attributes_of(element))
        EXPECT_TRUE(tokens.count(" " + attribute + "=\""))
            << kind << ": attribute " << attribute << " of <" << element << ">";
    }
  }
}

}  // namespace
}  // namespace arsim::engine
