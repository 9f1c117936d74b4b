// RFC 4180 reading (csv.hpp): quoted fields with commas, doubled quotes and line breaks, a UTF-8
// byte order mark, CRLF / LF / CR line ends, comment and blank lines, the line and column of
// every field, errors that point at the character to fix, and csv_quote reading back as itself.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <string>
#include <vector>

#include "alfven/core/error.hpp"
#include "alfven/io/csv.hpp"
#include "temp_dir.hpp"

using alfven::Error;
using alfven::io::csv_quote;
using alfven::io::CsvReadOptions;
using alfven::io::CsvRecord;
using alfven::io::parse_csv;

namespace {

/// The field texts of every record.
std::vector<std::vector<std::string>> texts(const std::vector<CsvRecord>& records) {
  std::vector<std::vector<std::string>> out;
  for (const CsvRecord& r : records) {
    out.emplace_back();
    for (const auto& f : r.fields) out.back().push_back(f.text);
  }
  return out;
}

using Rows = std::vector<std::vector<std::string>>;

/// The message of the alfven::Error that parsing `text` throws ("" if none).
std::string error_of(const std::string& text) {
  try {
    parse_csv(text, "f.csv");
  } catch (const Error& e) {
    return e.what();
  }
  return "";
}

TEST(Csv, QuotedFieldsHoldCommasQuotesAndLineBreaks) {
  const auto records = parse_csv("a,\"b,c\",d\n\"say \"\"hi\"\"\",\"two\nlines\",\"\"\n", "f.csv");
  EXPECT_EQ(texts(records), (Rows{{"a", "b,c", "d"}, {"say \"hi\"", "two\nlines", ""}}));
  EXPECT_FALSE(records[0].fields[0].quoted);
  EXPECT_TRUE(records[0].fields[1].quoted);
  EXPECT_TRUE(records[1].fields[2].quoted);
}

TEST(Csv, LineAndColumnOfEveryField) {
  const auto records = parse_csv("ab,cd\n\"x\ny\",z\nlast,\"\"\n", "f.csv");
  ASSERT_EQ(records.size(), 3u);
  EXPECT_EQ(records[0].line, 1u);
  EXPECT_EQ(records[0].fields[1].column, 4u);
  EXPECT_EQ(records[1].line, 2u);            // the record with a line break inside a field
  EXPECT_EQ(records[1].fields[1].line, 3u);  // "z" is on the line after the break
  EXPECT_EQ(records[1].fields[1].column, 4u);
  EXPECT_EQ(records[2].line, 4u);
  EXPECT_EQ(records[2].fields[1].column, 6u);
}

TEST(Csv, ByteOrderMarkAndEveryLineEnd) {
  const auto records = parse_csv("\xEF\xBB\xBFx,y\r\n1,2\r3,4\n5,6", "f.csv");
  EXPECT_EQ(texts(records), (Rows{{"x", "y"}, {"1", "2"}, {"3", "4"}, {"5", "6"}}));
  EXPECT_EQ(records[0].fields[0].column, 1u);  // the BOM is not a column
  EXPECT_EQ(records[2].line, 3u);
  EXPECT_EQ(records[3].line, 4u);
  // CRLF inside quotes is data and stays CRLF.
  EXPECT_EQ(texts(parse_csv("\"a\r\nb\"\r\n", "f.csv")), (Rows{{"a\r\nb"}}));
}

TEST(Csv, CommentAndBlankLinesAreSkippedOnlyWhereTheyStartALine) {
  const auto records = parse_csv("# made by hand\nx,y\n\n  \t\n#1,2\n\"#3\",4\n5,#6\n", "f.csv");
  EXPECT_EQ(texts(records), (Rows{{"x", "y"}, {"#3", "4"}, {"5", "#6"}}));
  EXPECT_EQ(records[1].line, 6u);
  CsvReadOptions keep;
  keep.comment = '\0';
  keep.skip_blank_lines = false;
  EXPECT_EQ(texts(parse_csv("#a\n\nb\n", "f.csv", keep)), (Rows{{"#a"}, {""}, {"b"}}));
}

TEST(Csv, SpacesBelongToUnquotedFieldsAndSurroundQuotedOnes) {
  EXPECT_EQ(texts(parse_csv(" a , b\n1, \"x,y\" ,2\n", "f.csv")),
            (Rows{{" a ", " b"}, {"1", "x,y", "2"}}));
}

TEST(Csv, EmptyFieldsAndTrailingCommas) {
  EXPECT_EQ(texts(parse_csv(",,\n1,2,\n", "f.csv")), (Rows{{"", "", ""}, {"1", "2", ""}}));
  EXPECT_TRUE(parse_csv("", "f.csv").empty());
  EXPECT_TRUE(parse_csv("\xEF\xBB\xBF", "f.csv").empty());
}

TEST(Csv, MalformedQuotingNamesLineColumnAndWhatWasExpected) {
  std::string e = error_of("x,y\n1,\"abc\n");
  EXPECT_NE(e.find("f.csv:2:3: the quoted field that starts here is not closed"), std::string::npos)
      << e;
  EXPECT_NE(e.find("expected a closing \""), std::string::npos) << e;
  e = error_of("\"ab\"c,d\n");
  EXPECT_NE(e.find("f.csv:1:5: expected a comma or the end of the line after the closing quote"),
            std::string::npos)
      << e;
  EXPECT_NE(e.find("got 'c'"), std::string::npos) << e;
  e = error_of("x\nab\"c\"\n");
  EXPECT_NE(e.find("f.csv:2:3: a double quote inside an unquoted field"), std::string::npos) << e;
}

TEST(Csv, QuotedTextReadsBackAsItself) {
  EXPECT_EQ(csv_quote("plain text"), "plain text");
  EXPECT_EQ(csv_quote("a\"b,c"), "\"a\"\"b,c\"");
  EXPECT_EQ(csv_quote("#tag"), "\"#tag\"");
  EXPECT_EQ(csv_quote("#tag", '\0'), "#tag");
  const std::vector<std::string> fields = {"", "a,b", "\"", "x\ny", "r\r\nn", "#c", " s ", "é"};
  std::string line;
  for (std::size_t i = 0; i < fields.size(); ++i) line += (i ? "," : "") + csv_quote(fields[i]);
  const auto records = parse_csv(line + "\n", "f.csv");
  ASSERT_EQ(records.size(), 1u);
  EXPECT_EQ(texts(records)[0], fields);
}

TEST(Csv, VisitorSeesRecordsInOrderAndCanStopTheParse) {
  std::vector<std::size_t> lines;
  EXPECT_THROW(parse_csv("a\nb\nc\n", "f.csv",
                         [&](const CsvRecord& r) {
                           lines.push_back(r.line);
                           if (r.fields[0].text == "b") throw Error("stop");
                         }),
               Error);
  EXPECT_EQ(lines, (std::vector<std::size_t>{1, 2}));
}

TEST(Csv, FilesThatCannotBeReadAreNamed) {
  alfven_test::TempDir dir;
  const auto ignore = [](const CsvRecord&) {};
  try {
    alfven::io::read_csv_file(dir.file("missing.csv"), "points file", ignore);
    FAIL() << "no error for a missing file";
  } catch (const Error& e) {
    EXPECT_NE(std::string(e.what()).find("cannot open points file '" + dir.file("missing.csv")),
              std::string::npos)
        << e.what();
  }
  std::filesystem::create_directories(dir.file("d.csv"));
  try {
    alfven::io::read_csv_file(dir.file("d.csv"), "points file", ignore);
    FAIL() << "no error for a directory";
  } catch (const Error& e) {
    EXPECT_NE(std::string(e.what()).find("is a directory"), std::string::npos) << e.what();
  }
  std::ofstream(dir.file("ok.csv")) << "a,\"b\nc\"\n";
  std::vector<CsvRecord> seen;
  alfven::io::read_csv_file(dir.file("ok.csv"), "CSV file",
                            [&](const CsvRecord& r) { seen.push_back(r); });
  EXPECT_EQ(texts(seen), (Rows{{"a", "b\nc"}}));
}

}  // namespace
