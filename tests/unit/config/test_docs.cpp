/// @file test_docs.cpp
/// @brief docs/configuration.md documents every key the loader accepts.
#include <gtest/gtest.h>

#include <fstream>
#include <sstream>

#include "alfven/config/config.hpp"

TEST(ConfigDocs, EveryKeyIsDocumented) {
  std::ifstream file(std::string(ALFVEN_SOURCE_DIR) + "/docs/configuration.md");
  ASSERT_TRUE(file) << "docs/configuration.md not found";
  std::stringstream text;
  text << file.rdbuf();
  const std::string docs = text.str();
  for (const std::string& key : alfven::mhd::config_keys()) {
    EXPECT_NE(docs.find("`" + key + "`"), std::string::npos) << key << " is not documented";
  }
}
