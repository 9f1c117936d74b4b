// Equation-of-state table files: both forms read back bit for bit what was written, and every
// kind of bad file is refused with a message that names the file and the fault.
#include <gtest/gtest.h>
#include <unistd.h>

#include <cmath>
#include <filesystem>
#include <fstream>
#include <string>

#include "alfven/core/error.hpp"
#include "alfven/io/eos_table_file.hpp"

namespace {

using alfven::io::EosTableData;
namespace fs = std::filesystem;

std::string temp(const std::string& name) {
  return (fs::temp_directory_path() /
          ("alfven_test_eos_" + std::to_string(::getpid()) + "_" + name))
      .string();
}

EosTableData small_table() {
  EosTableData t;
  t.log_axes = true;
  t.n_rho = 3;
  t.n_e = 4;
  t.rho_min = 1e-3;
  t.rho_max = 10;
  t.e_min = 0.1;
  t.e_max = 1e3 / 3;  // not a short decimal: the text form must keep every digit
  t.description = "a test table";
  for (int i = 0; i < t.n_rho; ++i)
    for (int j = 0; j < t.n_e; ++j) {
      t.pressure.push_back(0.1 * (i + 1) * (j + 1) + 1.0 / 3.0);
      t.sound_speed.push_back(1.0 + j / 7.0);
      t.temperature.push_back(300.0 * (j + 1));
    }
  return t;
}

std::string error_of(const std::string& path) {
  try {
    alfven::io::read_eos_table(path);
  } catch (const alfven::Error& e) {
    return e.what();
  }
  return "(no error)";
}

void write_text(const std::string& path, const std::string& text) {
  std::ofstream(path) << text;
}

TEST(EosTableFile, BothFormsReadBackBitForBit) {
  const EosTableData t = small_table();
  for (const std::string name : {"t.h5", "t.txt"}) {
    const std::string path = temp(name);
    alfven::io::write_eos_table(t, path);
    const EosTableData r = alfven::io::read_eos_table(path);
    EXPECT_EQ(r.log_axes, t.log_axes) << name;
    EXPECT_EQ(r.n_rho, t.n_rho) << name;
    EXPECT_EQ(r.n_e, t.n_e) << name;
    EXPECT_EQ(r.rho_min, t.rho_min) << name;
    EXPECT_EQ(r.e_max, t.e_max) << name;
    EXPECT_EQ(r.pressure, t.pressure) << name;
    EXPECT_EQ(r.sound_speed, t.sound_speed) << name;
    EXPECT_EQ(r.temperature, t.temperature) << name;
    EXPECT_EQ(r.description, t.description) << name;
    EXPECT_EQ(r.source, path);
    EXPECT_FALSE(fs::exists(path + ".tmp"));
    fs::remove(path);
  }
}

TEST(EosTableFile, BadTablesAreRefusedNamingTheFault) {
  EosTableData t = small_table();
  t.pressure[5] = t.pressure[6];  // density node 1, energy nodes 1 and 2
  const std::string path = temp("bad.h5");
  try {
    alfven::io::write_eos_table(t, path);
    FAIL() << "a table whose pressure does not rise with e was written";
  } catch (const alfven::Error& e) {
    EXPECT_NE(std::string(e.what()).find("not increasing with internal energy at density node 1"),
              std::string::npos)
        << e.what();
  }
  EXPECT_FALSE(fs::exists(path));
  t = small_table();
  t.sound_speed[2] = std::nan("");
  EXPECT_THROW(alfven::io::check_eos_table(t, "x"), alfven::Error);
  t = small_table();
  t.rho_min = -1;  // log axes need positive bounds
  EXPECT_THROW(alfven::io::check_eos_table(t, "x"), alfven::Error);
  t = small_table();
  t.temperature.pop_back();
  EXPECT_THROW(alfven::io::check_eos_table(t, "x"), alfven::Error);
  // Linear axes were accepted from a negative density or energy (no gas has one).
  t = small_table();
  t.log_axes = false;
  EXPECT_NO_THROW(alfven::io::check_eos_table(t, "x"));
  t.rho_min = -1;
  try {
    alfven::io::check_eos_table(t, "x");
    ADD_FAILURE() << "a linear table from density -1 was accepted";
  } catch (const alfven::Error& e) {
    EXPECT_NE(std::string(e.what()).find("must be finite and non-negative"), std::string::npos)
        << e.what();
  }
  // A directory given as the table said "empty".
  const std::string dir = temp("table_dir");
  fs::create_directories(dir);
  EXPECT_NE(error_of(dir).find("' is a directory; give the table's file"), std::string::npos)
      << error_of(dir);
  fs::remove_all(dir);
}

TEST(EosTableFile, MalformedFilesAreRefusedNamingFileAndLine) {
  const std::string missing = temp("missing.h5");
  EXPECT_NE(error_of(missing).find("cannot open the equation-of-state table '" + missing),
            std::string::npos);
  const std::string path = temp("bad.txt");
  const std::string head =
      "alfven eos table 1\naxes log10\ndensity 1e-3 10 2\ninternal_energy 0.1 10 2\n";
  struct Case {
    std::string text, expected;
  };
  const Case cases[] = {
      {"hello\n", ":1: expected 'alfven eos table 1' as the first line"},
      {"alfven eos table 7\n", ":1: version 7"},
      {"alfven eos table 1\naxes cubic\n", ":2: axes 'cubic'"},
      {"alfven eos table 1\naxes log10\ndensity 1 2\n", ":3: expected 'density MIN MAX NODES'"},
      {"alfven eos table 1\naxes log10\ndensity 1e-3 10 2\ndensity 1 5 2\n",
       ":4: a second 'density' line; the header gives each once"},
      {"alfven eos table 1\naxes log10\ndensity 1e-3 10 2\ninternal_energy 0.1 10 100000\n",
       "a table needs 2 to 65536 nodes"},
      {head + "1 1 1\n2 2 2\n3 3 3\n", "3 rows, but a 2 x 2 table has 4"},
      {head + "1 1 1\n2 2 2\n3 3 3\n4 4 4\n5 5 5\n", ":9: more than the 4 rows"},
      {head + "1 1 1\n2 x 2\n", ":6: expected three numbers"},
      {head + "1 1 1\n2 2 2\n3 3 3\n-4 4 4\n", "pressure[1][1] = -4"},
      {"alfven eos table 1\ndensity 1e-3 10 2\ninternal_energy 0.1 10 2\n1 1 1\n",
       ":4: expected axes, density, internal_energy or description before the rows"},
  };
  for (const Case& c : cases) {
    write_text(path, c.text);
    const std::string m = error_of(path);
    EXPECT_NE(m.find(c.expected), std::string::npos) << "file:\n" << c.text << "message: " << m;
    EXPECT_NE(m.find(path), std::string::npos) << m;
  }
  fs::remove(path);
}

TEST(EosTableFile, AnHdf5FileThatIsNoTableOrIsDamagedIsRefused) {
  const std::string path = temp("damaged.h5");
  alfven::io::write_eos_table(small_table(), path);
  // Flip one byte in every place of the file in turn (a stride keeps it quick): each flip is
  // refused with an error or reads back the same table; never a crash or a different table.
  std::string bytes;
  {
    std::ifstream f(path, std::ios::binary);
    bytes.assign(std::istreambuf_iterator<char>(f), {});
  }
  const EosTableData original = alfven::io::read_eos_table(path);
  int refused = 0;
  for (std::size_t at = 0; at < bytes.size(); at += 7) {
    std::string flipped = bytes;
    flipped[at] = char(flipped[at] ^ 0x5a);
    {
      std::ofstream f(path, std::ios::binary | std::ios::trunc);
      f.write(flipped.data(), std::streamsize(flipped.size()));
    }
    try {
      const EosTableData r = alfven::io::read_eos_table(path);
      EXPECT_EQ(r.pressure, original.pressure) << "flip at " << at;
      EXPECT_EQ(r.sound_speed, original.sound_speed) << "flip at " << at;
      EXPECT_EQ(r.temperature, original.temperature) << "flip at " << at;
      EXPECT_EQ(r.rho_min, original.rho_min) << "flip at " << at;
      EXPECT_EQ(r.e_max, original.e_max) << "flip at " << at;
    } catch (const alfven::Error&) {
      ++refused;
    }
  }
  EXPECT_GT(refused, 0);
  fs::remove(path);
}

}  // namespace
