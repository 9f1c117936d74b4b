// Malformed MISO folders (issue 14, part 3): each damage of an exported folder gives an error that
// names the file and says what is wrong, and nothing is written.
#include <cmath>
#include <cstdint>
#include <limits>

#include "alfven/io/miso_layout.hpp"
#include "miso_test_support.hpp"

namespace fs = std::filesystem;
using namespace alfven_test;

namespace {

/// One export (16 x 16 Orszag-Tang, outputs 0 to 2, 2 x 2 ranks, double) that every test copies
/// and damages.
class MisoErrors : public ::testing::Test {
 protected:
  static void SetUpTestSuite() {
    run_ = fresh_dir("miso_errors_run");
    pristine_ = fresh_dir("miso_errors_pristine");
    run_into(run_, small_vortex({"time.tend=0.2", "time.dt_output=0.1"}));
    export_run(run_, pristine_, {2, 2, 1});
  }
  static void TearDownTestSuite() {
    fs::remove_all(run_);
    fs::remove_all(pristine_);
  }
  void SetUp() override {
    dir_ = fresh_dir("miso_errors_copy");
    fs::copy(pristine_, dir_, fs::copy_options::recursive);
    file_ = dir_ + "_imported.h5";
    fs::remove(file_);
  }
  void TearDown() override {
    fs::remove_all(dir_);
    fs::remove(file_);
  }
  /// The error of importing output `output` (-1: the latest); the snapshot must not exist after.
  std::string import_error(int output = -1, const std::string& problem = "") {
    alfven::mhd::MisoImportOptions o;
    o.output = output;
    o.file = file_;
    o.problem = problem;
    std::string e = error_of([&] { alfven::mhd::import_from_miso(dir_, o); });
    if (!e.empty()) {
      EXPECT_FALSE(fs::exists(file_)) << "an import that failed wrote " << file_;
    }
    return e;
  }
  std::string path(const std::string& relative) const { return dir_ + "/" + relative; }
  static std::string mhd(int output, int rank) {
    char name[64];
    std::snprintf(name, sizeof name, "mhd/mhd.%08d.%08d.bin", output, rank);
    return name;
  }

  static std::string run_, pristine_;
  std::string dir_, file_;
};

std::string MisoErrors::run_, MisoErrors::pristine_;

#define EXPECT_HAS(text, part) EXPECT_NE((text).find(part), std::string::npos) << (text)

}  // namespace

TEST_F(MisoErrors, TheUndamagedCopyImports) {
  EXPECT_EQ(import_error(), "");
}

TEST_F(MisoErrors, TruncatedMhdFile) {
  fs::resize_file(path(mhd(2, 1)), fs::file_size(path(mhd(2, 1))) - 8);
  const std::string e = import_error();
  EXPECT_HAS(e, "MISO file '" + path(mhd(2, 1)) + "': truncated: 10364 bytes, expected 10372");
  EXPECT_HAS(e, "9 arrays of 12 x 12 x 1 values of 8 bytes");
}

TEST_F(MisoErrors, MhdFileTooLong) {
  std::ofstream(path(mhd(2, 3)), std::ios::binary | std::ios::app) << "x";
  EXPECT_HAS(import_error(), "': too long: 10373 bytes, expected 10372");
}

TEST_F(MisoErrors, WrongElementSize) {
  const std::uint32_t six = 6;
  poke(path(mhd(2, 0)), 0, &six, 4);
  EXPECT_HAS(import_error(), mhd(2, 0) +
                                 "': element size 6 in its header, expected 4 (float) or "
                                 "8 (double)");
}

TEST_F(MisoErrors, WrongByteOrderInTheConfiguration) {
  replace_in_file(path("config.yaml"), "Endian: \"little\"", "Endian: \"big\"");
  EXPECT_HAS(import_error(),
             "grid.bin': element size 134217728 in its header, expected 4 (float) "
             "or 8 (double); read in the other byte order it is 8: the file is "
             "little-endian but config.yaml says data_type.Endian: big");
}

TEST_F(MisoErrors, MissingOrUnknownByteOrder) {
  replace_in_file(path("config.yaml"), "Endian: \"little\"", "Endian: \"middle\"");
  EXPECT_HAS(import_error(), "config.yaml: data_type.Endian = 'middle': expected little or big");
  replace_in_file(path("config.yaml"), "  Endian: \"middle\"\n", "");
  EXPECT_HAS(import_error(), "config.yaml: data_type.Endian is missing (little or big");
}

TEST_F(MisoErrors, GridFileOfAnotherSize) {
  fs::resize_file(path("grid.bin"), fs::file_size(path("grid.bin")) - 8);
  EXPECT_HAS(import_error(), "MISO file '" + path("grid.bin") +
                                 "': 324 bytes, expected 332 (4-byte header and 41 coordinates "
                                 "of 8 bytes: 16 x 16 x 1 cells with 2 ghost cells");
}

TEST_F(MisoErrors, GridFileOfAnotherBox) {
  const double x = 0.5;
  poke(path("grid.bin"), 4 + 8 * 3, &x, 8);  // x[3], the centre of cell 1: 0.09375
  EXPECT_HAS(import_error(),
             "grid.bin': x[3] = 0.5, but config.yaml's grid puts that cell centre "
             "at 0.09375: grid.bin and config.yaml describe different grids");
}

TEST_F(MisoErrors, MissingTimeFile) {
  fs::remove(path("time/time.00000001.txt"));
  EXPECT_HAS(import_error(1), "MISO file '" + path("time/time.00000001.txt") + "': missing");
}

TEST_F(MisoErrors, TimeFileWithoutAFiniteTime) {
  write_text(path("time/time.00000002.txt"), "nan\n2\n11\n");
  EXPECT_HAS(import_error(),
             "time.00000002.txt': line 1: 'nan' is not a simulation time (finite, >= 0)");
  write_text(path("time/time.00000002.txt"), "0.2\n3\n11\n");
  EXPECT_HAS(import_error(), "time.00000002.txt': line 2: '3' is not its output index 2");
  write_text(path("time/time.00000002.txt"), "0.2\n2\n");
  EXPECT_HAS(import_error(), "time.00000002.txt': 2 lines, expected three");
}

TEST_F(MisoErrors, NOutputPointingNowhere) {
  write_text(path("time/n_output.txt"), "7\n");
  const std::string e = import_error();
  EXPECT_HAS(e, "time.00000007.txt': missing");
  EXPECT_HAS(e, "time/n_output.txt names output 7 as the latest");
  write_text(path("time/n_output.txt"), "-1\n");
  EXPECT_HAS(import_error(), "n_output.txt': '-1' is not an output index");
}

TEST_F(MisoErrors, CoordsOutOfRange) {
  replace_in_file(path("mpi/coords.csv"), "3,1,1,0", "3,2,1,0");
  EXPECT_HAS(import_error(),
             "coords.csv' line 5: rank 3 at (2, 1, 0) lies outside the "
             "decomposition 2 x 2 x 1 of config.yaml");
}

TEST_F(MisoErrors, CoordsRepeatedOrMissing) {
  replace_in_file(path("mpi/coords.csv"), "3,1,1,0", "3,1,0,0");
  EXPECT_HAS(import_error(), "coords.csv' line 5: rank 3 at (1, 0, 0), where another rank is");
  write_text(path("mpi/coords.csv"), "rank,x,y,z\n0,0,0,0\n1,0,1,0\n");
  EXPECT_HAS(import_error(), "coords.csv': 2 ranks listed, config.yaml has 4");
  write_text(path("mpi/coords.csv"), "rank;x;y;z\n");
  EXPECT_HAS(import_error(), "coords.csv' line 1: expected the header rank,x,y,z");
}

TEST_F(MisoErrors, SizesTheDecompositionDoesNotDivide) {
  replace_in_file(path("config.yaml"), "x_procs: 2", "x_procs: 3");
  EXPECT_HAS(import_error(), "config.yaml: grid.i_size = 16 is not divisible by mpi.x_procs = 3");
  replace_in_file(path("config.yaml"), "x_procs: 3", "x_procs: 0");
  EXPECT_HAS(import_error(), "mpi.x_procs = 0: a MISO run names its decomposition");
}

TEST_F(MisoErrors, MissingMhdFile) {
  fs::remove(path(mhd(2, 3)));
  EXPECT_HAS(import_error(), "MISO file '" + path(mhd(2, 3)) + "': missing");
}

TEST_F(MisoErrors, PrecisionOtherThanTheConfigurationSays) {
  replace_in_file(path("config.yaml"), "Real: \"double\"", "Real: \"float\"");
  EXPECT_HAS(import_error(),
             "element size 8 (double), but " + path("config.yaml") + " says data_type.Real: float");
}

TEST_F(MisoErrors, NonFiniteField) {
  const double nan = std::numeric_limits<double>::quiet_NaN();
  // Rank 0's block is 12 x 12 (with ghosts): cell (2, 3) of vx is value 144 + 2 * 12 + 3.
  poke(path(mhd(2, 0)), 4 + 8 * (144 + 2 * 12 + 3), &nan, 8);
  EXPECT_HAS(import_error(), mhd(2, 0) + "': vx (velocity_x) of cell (i, j, k) = (0, 1, 0) is nan");
}

// A density that is not positive or an internal energy below 0 is no state the scheme steps:
// refused at import (not later, as an unphysical step of the restarted run).
TEST_F(MisoErrors, NonPositiveDensityOrNegativeEnergy) {
  const double minus_one = -1;
  poke(path(mhd(2, 0)), 4 + 8 * (2 * 12 + 3), &minus_one, 8);  // ro of cell (0, 1, 0)
  EXPECT_HAS(import_error(), mhd(2, 0) + "': ro (density) of cell (i, j, k) = (0, 1, 0) is -1");
}

TEST_F(MisoErrors, NoProblemName) {
  replace_in_file(path("config.yaml"), "problem: \"orszag_tang\"\n", "");
  EXPECT_HAS(import_error(), "does not name an Alfven problem");
  EXPECT_EQ(import_error(-1, "orszag_tang"), "");
}

TEST_F(MisoErrors, RadiativeTransferRunAndNoFolder) {
  replace_in_file(path("config.yaml"), "rt: false", "rt: true");
  EXPECT_HAS(import_error(), "physics says rt: true: not an MHD run");
  fs::remove(path("config.yaml"));
  EXPECT_HAS(import_error(), "is not a MISO run folder (it has no config.yaml)");
}

TEST_F(MisoErrors, AnExistingSnapshotIsNeverReplaced) {
  write_text(file_, "mine");
  alfven::mhd::MisoImportOptions o;
  o.file = file_;
  const std::string e = error_of([&] { alfven::mhd::import_from_miso(dir_, o); });
  EXPECT_HAS(e, "' exists; remove it or choose another -o");
  EXPECT_EQ(read_text(file_), "mine");
}
