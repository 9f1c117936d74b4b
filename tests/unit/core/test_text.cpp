// The string helpers (text.hpp): trimming, ASCII case, splitting, and strict number parsing that
// rejects what strtod and from_chars would otherwise half-accept.
#include <gtest/gtest.h>

#include <cfloat>
#include <string>
#include <vector>

#include "alfven/core/text.hpp"

namespace text = alfven::text;

namespace {

TEST(Text, TrimRemovesAsciiWhiteSpaceAtBothEnds) {
  EXPECT_EQ(text::trim("  a b \t\r\n"), "a b");
  EXPECT_EQ(text::trim(" \t "), "");
  EXPECT_EQ(text::trim(""), "");
  EXPECT_EQ(text::trim_view("\vx\f"), "x");
  EXPECT_EQ(text::trim("\xC3\xA9 "), "\xC3\xA9");  // UTF-8 bytes are not white space
}

TEST(Text, LowerCaseAndComparisonTouchOnlyAsciiLetters) {
  EXPECT_EQ(text::to_lower("X_Min-9 \xC3\x89"), "x_min-9 \xC3\x89");
  EXPECT_TRUE(text::equals_ignoring_case("SOLID", "solid"));
  EXPECT_TRUE(text::equals_ignoring_case("", ""));
  EXPECT_FALSE(text::equals_ignoring_case("solid", "solids"));
  EXPECT_FALSE(text::equals_ignoring_case("[", "{"));  // differ by 0x20 but are not letters
}

TEST(Text, SplitKeepsEmptyParts) {
  using V = std::vector<std::string>;
  EXPECT_EQ(text::split("a.b.c", '.'), (V{"a", "b", "c"}));
  EXPECT_EQ(text::split("a..b", '.'), (V{"a", "", "b"}));
  EXPECT_EQ(text::split("", '.'), (V{""}));
  EXPECT_EQ(text::split(".a.", '.'), (V{"", "a", ""}));
}

TEST(Text, IntegersAreDecimalWithAnOptionalSign) {
  EXPECT_EQ(text::parse_integer("42"), 42);
  EXPECT_EQ(text::parse_integer("+42"), 42);
  EXPECT_EQ(text::parse_integer("-7"), -7);
  EXPECT_EQ(text::parse_integer("9223372036854775807"), 9223372036854775807LL);
  for (const char* bad :
       {"", "+", "++1", "+-1", "1.5", "1e3", " 4", "4 ", "0x10", "9223372036854775808"})
    EXPECT_FALSE(text::parse_integer(bad)) << bad;
}

TEST(Text, RealsAreFiniteDecimalNumbers) {
  EXPECT_EQ(text::parse_real("123"), 123.0);
  EXPECT_EQ(text::parse_real("-1.5"), -1.5);
  EXPECT_EQ(text::parse_real("+.5"), 0.5);
  EXPECT_EQ(text::parse_real("2e-3"), 2e-3);
  EXPECT_EQ(text::parse_real("0.1"), 0.1);  // nearest double, as the compiler reads it
  EXPECT_EQ(text::parse_real("1.7976931348623157e308"), DBL_MAX);
  // Below the smallest normal double: the nearest subnormal, or zero (strtod's underflow).
  EXPECT_EQ(text::parse_real("4.9406564584124654e-324"), DBL_TRUE_MIN);
  EXPECT_EQ(text::parse_real("1e-310"), 1e-310);
  EXPECT_EQ(text::parse_real("-1e-400"), -0.0);
  for (const char* bad :
       {"", "abc", "0x10", "inf", "-inf", "nan", "1e999", " 1", "1 ", "1,5", "1.5.2", "e5", "--1"})
    EXPECT_FALSE(text::parse_real(bad)) << bad;
}

}  // namespace

// A NUL in an echoed value ended the message where it was printed (a UTF-16 file's header came
// out as "got 'ÿþx" with no closing quote); control bytes are now written as \xNN, and a long
// value is cut to its first 60 bytes with its length.
TEST(Text, ExcerptsShowControlBytesAndCutLongValues) {
  EXPECT_EQ(text::excerpt("x,y,z"), "x,y,z");
  EXPECT_EQ(text::excerpt(std::string("x\0y\x1b[2J\x7f", 8)), "x\\x00y\\x1b[2J\\x7f");
  const std::string digits(1000000, '7');
  EXPECT_EQ(text::excerpt(digits), std::string(60, '7') + "... (1000000 characters)");
  EXPECT_EQ(text::excerpt("\xc3\xa9t\xc3\xa9"), "\xc3\xa9t\xc3\xa9");  // UTF-8 passes through
}

// Sizes in messages (a full disk): "0 MiB free, needs about 1 MiB" said nothing of a disk with
// 356 KiB free; each size now takes the largest binary unit it reaches, to 3 digits.
TEST(Text, SizesTakeTheLargestUnitTheyReach) {
  EXPECT_EQ(text::size_text(0), "0 B");
  EXPECT_EQ(text::size_text(1023), "1023 B");
  EXPECT_EQ(text::size_text(1023.0 * 1024), "1023 KiB");
  EXPECT_EQ(text::size_text(1024), "1 KiB");
  EXPECT_EQ(text::size_text(356.0 * 1024), "356 KiB");
  EXPECT_EQ(text::size_text(1.5 * 1048576), "1.5 MiB");
  EXPECT_EQ(text::size_text(604.0 * 1048576), "604 MiB");
  EXPECT_EQ(text::size_text(2.37 * 1073741824.0), "2.37 GiB");
  EXPECT_EQ(text::size_text(3.0 * 1125899906842624.0 * 1024), "3072 PiB");
}
