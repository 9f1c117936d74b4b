// HDF5 snapshots: bit-exact round trips in float and double, the file layout as seen through the
// HDF5 C API, atomic writing, and the error messages of read_snapshot.
#include <gtest/gtest.h>
#include <hdf5.h>

#include <cmath>
#include <cstdint>
#include <cstring>
#include <filesystem>
#include <fstream>

#include "alfven/core/error.hpp"
#include "alfven/io/snapshot.hpp"
#include "alfven/mhd/variables.hpp"
#include "temp_dir.hpp"

namespace io = alfven::io;
using alfven_test::TempDir;

namespace {

io::GridInfo test_grid() {
  io::GridInfo g{};
  g.n[0] = 5, g.n[1] = 4, g.n[2] = 3;
  g.lo[0] = -1.0, g.lo[1] = 0.0, g.lo[2] = 2.0;
  g.hi[0] = 1.0, g.hi[1] = 2.0, g.hi[2] = 5.0;
  return g;
}

io::SnapshotMeta test_meta() {
  io::SnapshotMeta m;
  m.time = 0.1;
  m.step = 12345678901L;
  m.index = 7;
  m.problem = "orszag_tang";
  m.gamma = 5.0 / 3.0;
  m.extra = {{"cfl_number", 0.4}, {"total_mass", 1.0 / 3.0}};
  return m;
}

/// Analytic values of variable v at cell (i, j, k): distinct per variable and per cell, with
/// full-precision bits (sin, exp) so a lossy path would show.
double analytic(const io::GridInfo& g, int v, int i, int j, int k) {
  const double x = io::cell_centre(g, 0, i), y = io::cell_centre(g, 1, j),
               z = io::cell_centre(g, 2, k);
  return (v + 1) * std::sin(x + 0.3 * v) * std::exp(0.5 * y) + z / 7.0;
}

template <class T>
std::vector<std::vector<T>> make_fields(const io::GridInfo& g) {
  std::vector<std::vector<T>> f(alfven::mhd::num_vars);
  for (int v = 0; v < alfven::mhd::num_vars; ++v)
    for (int k = 0; k < g.n[2]; ++k)
      for (int j = 0; j < g.n[1]; ++j)
        for (int i = 0; i < g.n[0]; ++i) f[v].push_back(T(analytic(g, v, i, j, k)));
  return f;
}

template <class T>
std::vector<io::FieldRef> refs(const std::vector<std::vector<T>>& f) {
  const io::DataType type = sizeof(T) == 4 ? io::DataType::Float32 : io::DataType::Float64;
  std::vector<io::FieldRef> r;
  for (int v = 0; v < alfven::mhd::num_vars; ++v)
    r.push_back({alfven::mhd::var_name(v), type, f[v].data()});
  return r;
}

template <class T>
void check_round_trip() {
  TempDir dir;
  const std::string path = dir.file("snap_0007.h5");
  const io::GridInfo g = test_grid();
  const auto fields = make_fields<T>(g);
  io::write_snapshot(path, g, test_meta(), refs(fields));
  const io::Snapshot s = io::read_snapshot(path);

  for (int a = 0; a < 3; ++a) {
    EXPECT_EQ(s.grid.n[a], g.n[a]);
    EXPECT_EQ(s.grid.lo[a], g.lo[a]);
    EXPECT_EQ(s.grid.hi[a], g.hi[a]);
    ASSERT_EQ(s.centres[a].size(), std::size_t(g.n[a]));
    for (int i = 0; i < g.n[a]; ++i)
      EXPECT_EQ(s.centres[a][i], g.lo[a] + (i + 0.5) * (g.hi[a] - g.lo[a]) / g.n[a]);
  }
  EXPECT_EQ(s.centres[0].front(), -0.8);  // -1 + 0.5 * 2/5
  EXPECT_EQ(s.meta.time, 0.1);
  EXPECT_EQ(s.meta.step, 12345678901L);
  EXPECT_EQ(s.meta.index, 7);
  EXPECT_EQ(s.meta.problem, "orszag_tang");
  EXPECT_EQ(s.meta.gamma, 5.0 / 3.0);
  EXPECT_EQ(s.meta.extra, test_meta().extra);
  EXPECT_EQ(s.type, sizeof(T) == 4 ? io::DataType::Float32 : io::DataType::Float64);
  ASSERT_EQ(s.names.size(), std::size_t(alfven::mhd::num_vars));
  for (int v = 0; v < alfven::mhd::num_vars; ++v) {
    const std::string name = alfven::mhd::var_name(v);
    EXPECT_EQ(s.names[v], name);
    const std::vector<unsigned char>& raw = s.raw.at(name);
    ASSERT_EQ(raw.size(), fields[v].size() * sizeof(T));
    EXPECT_EQ(std::memcmp(raw.data(), fields[v].data(), raw.size()), 0) << name;
    const std::vector<double>& d = s.values_as_double.at(name);
    ASSERT_EQ(d.size(), fields[v].size());
    for (std::size_t c = 0; c < d.size(); ++c) ASSERT_EQ(d[c], double(fields[v][c])) << name << c;
  }
  // One value by hand: velocity_x (v = 1) at cell (i, j, k) = (2, 1, 2), index i + nx*(j + ny*k).
  const std::size_t c = 2 + 5 * (1 + 4 * 2);
  EXPECT_EQ(s.values_as_double.at("velocity_x")[c], double(T(analytic(g, 1, 2, 1, 2))));
}

/// Opens `path` read-write, lets `edit` change it with the HDF5 C API, closes it.
template <class Edit>
void edit_file(const std::string& path, Edit edit) {
  const hid_t f = H5Fopen(path.c_str(), H5F_ACC_RDWR, H5P_DEFAULT);
  ASSERT_GE(f, 0);
  edit(f);
  ASSERT_GE(H5Fclose(f), 0);
}

/// Writes a valid float64 snapshot and returns its path.
std::string write_valid(const TempDir& dir, const io::GridInfo& g) {
  const std::string path = dir.file("snap_0003.h5");
  const auto fields = make_fields<double>(g);
  io::write_snapshot(path, g, test_meta(), refs(fields));
  return path;
}

// Inverts the bits of byte `offset` of file `path`.
void flip_byte(const std::string& path, std::uint64_t offset) {
  std::fstream f(path, std::ios::in | std::ios::out | std::ios::binary);
  f.seekg(std::streamoff(offset));
  char c = 0;
  ASSERT_TRUE(f.read(&c, 1)) << path << " has no byte " << offset;
  c = char(~c);
  f.seekp(std::streamoff(offset));
  ASSERT_TRUE(f.write(&c, 1));
}

std::string error_of(const std::string& path) {
  try {
    io::read_snapshot(path);
  } catch (const alfven::Error& e) {
    return e.what();
  }
  return "(no error)";
}

}  // namespace

TEST(Snapshot, DoubleRoundTripIsBitExact) {
  check_round_trip<double>();
}

TEST(Snapshot, FloatRoundTripIsBitExact) {
  check_round_trip<float>();
}

TEST(Snapshot, LayoutSeenThroughHdf5CApi) {
  TempDir dir;
  const io::GridInfo g = test_grid();
  const std::string path = dir.file("s.h5");
  const auto fields = make_fields<float>(g);
  io::write_snapshot(path, g, test_meta(), refs(fields));

  const hid_t f = H5Fopen(path.c_str(), H5F_ACC_RDONLY, H5P_DEFAULT);
  ASSERT_GE(f, 0);
  // density: shape (nz, ny, nx), 4-byte floats, C order = x fastest.
  const hid_t d = H5Dopen2(f, "density", H5P_DEFAULT);
  ASSERT_GE(d, 0);
  const hid_t space = H5Dget_space(d);
  hsize_t dims[3] = {0, 0, 0};
  ASSERT_EQ(H5Sget_simple_extent_ndims(space), 3);
  H5Sget_simple_extent_dims(space, dims, nullptr);
  EXPECT_EQ(dims[0], 3u);
  EXPECT_EQ(dims[1], 4u);
  EXPECT_EQ(dims[2], 5u);
  const hid_t type = H5Dget_type(d);
  EXPECT_EQ(H5Tget_class(type), H5T_FLOAT);
  EXPECT_EQ(H5Tget_size(type), 4u);
  std::vector<float> values(60);
  ASSERT_GE(H5Dread(d, H5T_NATIVE_FLOAT, H5S_ALL, H5S_ALL, H5P_DEFAULT, values.data()), 0);
  EXPECT_EQ(values[1], fields[0][1]);  // (i=1, j=0, k=0): the x index is fastest
  H5Tclose(type);
  H5Sclose(space);
  H5Dclose(d);

  // y: the cell centres 0.25, 0.75, 1.25, 1.75.
  const hid_t y = H5Dopen2(f, "y", H5P_DEFAULT);
  double yc[4];
  ASSERT_GE(H5Dread(y, H5T_NATIVE_DOUBLE, H5S_ALL, H5S_ALL, H5P_DEFAULT, yc), 0);
  EXPECT_EQ(yc[0], 0.25);
  EXPECT_EQ(yc[3], 1.75);
  H5Dclose(y);

  // Root attributes.
  int nz = 0;
  const hid_t a = H5Aopen(f, "nz", H5P_DEFAULT);
  ASSERT_GE(H5Aread(a, H5T_NATIVE_INT, &nz), 0);
  EXPECT_EQ(nz, 3);
  H5Aclose(a);
  double z_max = 0;
  const hid_t b = H5Aopen(f, "z_max", H5P_DEFAULT);
  ASSERT_GE(H5Aread(b, H5T_NATIVE_DOUBLE, &z_max), 0);
  EXPECT_EQ(z_max, 5.0);
  H5Aclose(b);
  double cfl = 0;
  const hid_t c = H5Aopen(f, "cfl_number", H5P_DEFAULT);
  ASSERT_GE(H5Aread(c, H5T_NATIVE_DOUBLE, &cfl), 0);
  EXPECT_EQ(cfl, 0.4);
  H5Aclose(c);
  H5Fclose(f);
}

TEST(Snapshot, WritesThroughTemporaryFileAndRenames) {
  TempDir dir;
  const io::GridInfo g = test_grid();
  const std::string path = write_valid(dir, g);
  EXPECT_TRUE(std::filesystem::exists(path));
  EXPECT_FALSE(std::filesystem::exists(path + ".tmp"));
  // Overwriting replaces the file with the new contents.
  io::SnapshotMeta later = test_meta();
  later.time = 0.2;
  const auto fields = make_fields<double>(g);
  io::write_snapshot(path, g, later, refs(fields));
  EXPECT_FALSE(std::filesystem::exists(path + ".tmp"));
  EXPECT_EQ(io::read_snapshot(path).meta.time, 0.2);
}

TEST(Snapshot, WriteFailureNamesFileAndLeavesNoTemporary) {
  TempDir dir;
  const io::GridInfo g = test_grid();
  const auto fields = make_fields<double>(g);
  const std::string path = dir.file("no_such_directory/snap.h5");
  try {
    io::write_snapshot(path, g, test_meta(), refs(fields));
    FAIL() << "expected an error";
  } catch (const alfven::Error& e) {
    EXPECT_NE(std::string(e.what()).find("no_such_directory/snap.h5"), std::string::npos)
        << e.what();
  }
  EXPECT_FALSE(std::filesystem::exists(path + ".tmp"));
  EXPECT_TRUE(std::filesystem::is_empty(dir.path()));
}

TEST(Snapshot, RejectsInvalidArguments) {
  TempDir dir;
  const io::GridInfo g = test_grid();
  const std::vector<double> d(60, 1.0);
  const std::vector<float> f(60, 1.0f);
  const std::string path = dir.file("bad.h5");
  const io::FieldRef rho{"density", io::DataType::Float64, d.data()};
  // Mixed precision, duplicate names, a name that clashes with the coordinates, no fields.
  EXPECT_THROW(
      io::write_snapshot(path, g, test_meta(), {rho, {"psi", io::DataType::Float32, f.data()}}),
      alfven::Error);
  EXPECT_THROW(io::write_snapshot(path, g, test_meta(), {rho, rho}), alfven::Error);
  EXPECT_THROW(io::write_snapshot(path, g, test_meta(), {{"x", io::DataType::Float64, d.data()}}),
               alfven::Error);
  EXPECT_THROW(io::write_snapshot(path, g, test_meta(), {}), alfven::Error);
  io::SnapshotMeta clash = test_meta();
  clash.extra["time"] = 1.0;
  EXPECT_THROW(io::write_snapshot(path, g, clash, {rho}), alfven::Error);
  io::GridInfo empty = g;
  empty.n[1] = 0;
  EXPECT_THROW(io::write_snapshot(path, empty, test_meta(), {rho}), alfven::Error);
  EXPECT_TRUE(std::filesystem::is_empty(dir.path()));
}

TEST(Snapshot, MissingFileIsNamed) {
  const std::string message = error_of("/nonexistent/run/snap_0003.h5");
  EXPECT_NE(message.find("snapshot '/nonexistent/run/snap_0003.h5': file not found"),
            std::string::npos)
      << message;
}

// `--restart DIR` and `--restart /dev/zero` both said "file not found".
TEST(Snapshot, DirectoryOrDeviceIsNamedForWhatItIs) {
  TempDir dir;
  const std::string folder = dir.path().string();
  std::string message = error_of(folder);
  EXPECT_NE(message.find("snapshot '" + folder + "' is a directory"), std::string::npos) << message;
  EXPECT_NE(message.find("io.continue: true"), std::string::npos) << message;
  message = error_of("/dev/zero");
  EXPECT_NE(message.find("snapshot '/dev/zero' is not a regular file"), std::string::npos)
      << message;
}

TEST(Snapshot, NonHdf5FileIsNamed) {
  TempDir dir;
  const std::string path = dir.file("text.h5");
  FILE* f = std::fopen(path.c_str(), "w");
  std::fputs("not hdf5\n", f);
  std::fclose(f);
  const std::string message = error_of(path);
  EXPECT_NE(message.find("snapshot '" + path + "': cannot open as HDF5"), std::string::npos)
      << message;
}

TEST(Snapshot, MissingDatasetIsNamed) {
  TempDir dir;
  const std::string path = write_valid(dir, test_grid());
  edit_file(path, [](hid_t f) { ASSERT_GE(H5Ldelete(f, "psi", H5P_DEFAULT), 0); });
  const std::string message = error_of(path);
  EXPECT_NE(message.find("snapshot '" + path + "': dataset 'psi' missing"), std::string::npos)
      << message;
}

TEST(Snapshot, MissingCoordinateIsNamed) {
  TempDir dir;
  const std::string path = write_valid(dir, test_grid());
  edit_file(path, [](hid_t f) { ASSERT_GE(H5Ldelete(f, "y", H5P_DEFAULT), 0); });
  EXPECT_NE(error_of(path).find("dataset 'y' missing"), std::string::npos) << error_of(path);
}

TEST(Snapshot, WrongShapeIsNamed) {
  TempDir dir;
  const std::string path = write_valid(dir, test_grid());
  // Replace density (3, 4, 5) by a dataset of the transposed shape (5, 4, 3).
  edit_file(path, [](hid_t f) {
    ASSERT_GE(H5Ldelete(f, "density", H5P_DEFAULT), 0);
    const hsize_t dims[3] = {5, 4, 3};
    const hid_t space = H5Screate_simple(3, dims, nullptr);
    const hid_t d =
        H5Dcreate2(f, "density", H5T_IEEE_F64LE, space, H5P_DEFAULT, H5P_DEFAULT, H5P_DEFAULT);
    ASSERT_GE(d, 0);
    std::vector<double> zeros(60, 0.0);
    ASSERT_GE(H5Dwrite(d, H5T_NATIVE_DOUBLE, H5S_ALL, H5S_ALL, H5P_DEFAULT, zeros.data()), 0);
    H5Dclose(d);
    H5Sclose(space);
  });
  const std::string message = error_of(path);
  EXPECT_NE(message.find("dataset 'density' has shape (5,4,3), which does not match nz,ny,nx = "
                         "(3,4,5) from the attributes"),
            std::string::npos)
      << message;
}

// A damaged root object header (its checksum fails) is not an absent attribute: the message
// says the metadata is damaged. The header's address is read from the superblock (version 2 or
// 3, which the 1.10 format writes: the root group's object header address at byte 36, 8 bytes
// little-endian); a byte 20 bytes into the header is flipped.
TEST(Snapshot, DamagedRootHeaderIsReportedAsDamagedNotMissing) {
  TempDir dir;
  const std::string path = write_valid(dir, test_grid());
  char super[44] = {};
  ASSERT_TRUE(std::ifstream(path, std::ios::binary).read(super, sizeof super));
  ASSERT_EQ(std::string(super, 8), "\x89HDF\r\n\x1a\n");
  ASSERT_GE(int(super[8]), 2) << "superblock version";
  std::uint64_t root = 0;
  for (int b = 7; b >= 0; --b) root = (root << 8) | static_cast<unsigned char>(super[36 + b]);
  flip_byte(path, root + 20);
  const std::string message = error_of(path);
  EXPECT_NE(message.find("damaged metadata"), std::string::npos) << message;
  EXPECT_EQ(message.find("missing"), std::string::npos) << message;
}

// A group in a field's place is named as such; a dataset whose object header is damaged (a byte
// flipped 20 bytes into it, so its checksum fails) is reported as damaged, not missing.
TEST(Snapshot, AGroupOrADamagedHeaderInADatasetsPlaceIsNamed) {
  TempDir dir;
  const std::string grouped = write_valid(dir, test_grid());
  edit_file(grouped, [](hid_t f) {
    ASSERT_GE(H5Ldelete(f, "psi", H5P_DEFAULT), 0);
    const hid_t g = H5Gcreate2(f, "psi", H5P_DEFAULT, H5P_DEFAULT, H5P_DEFAULT);
    ASSERT_GE(g, 0);
    H5Gclose(g);
  });
  EXPECT_NE(error_of(grouped).find("dataset 'psi' is a group or a named datatype, not a dataset"),
            std::string::npos)
      << error_of(grouped);
#if H5_VERSION_GE(1, 12, 0)
  GTEST_SKIP() << "the object header's address is read with the HDF5 1.10 API";
#else
  const std::string path = write_valid(dir, test_grid());
  haddr_t header = HADDR_UNDEF;
  {
    const hid_t f = H5Fopen(path.c_str(), H5F_ACC_RDONLY, H5P_DEFAULT);
    ASSERT_GE(f, 0);
    H5O_info_t info;
    ASSERT_GE(H5Oget_info_by_name2(f, "density", &info, H5O_INFO_BASIC, H5P_DEFAULT), 0);
    header = info.addr;
    H5Fclose(f);
  }
  flip_byte(path, header + 20);
  const std::string message = error_of(path);
  EXPECT_NE(message.find("dataset 'density' cannot be read (damaged metadata)"), std::string::npos)
      << message;
#endif
}

TEST(Snapshot, MissingAndMistypedAttributesAreNamed) {
  TempDir dir;
  const std::string path = write_valid(dir, test_grid());
  edit_file(path, [](hid_t f) { ASSERT_GE(H5Adelete(f, "time"), 0); });
  EXPECT_NE(error_of(path).find("snapshot '" + path + "': attribute 'time' missing"),
            std::string::npos)
      << error_of(path);

  const std::string path2 = write_valid(dir, test_grid());
  edit_file(path2, [](hid_t f) {
    ASSERT_GE(H5Adelete(f, "nx"), 0);
    const hid_t space = H5Screate(H5S_SCALAR);
    const hid_t a = H5Acreate2(f, "nx", H5T_IEEE_F64LE, space, H5P_DEFAULT, H5P_DEFAULT);
    const double five = 5.0;
    ASSERT_GE(H5Awrite(a, H5T_NATIVE_DOUBLE, &five), 0);
    H5Aclose(a);
    H5Sclose(space);
  });
  EXPECT_NE(error_of(path2).find("attribute 'nx' has the wrong type (expected an integer scalar)"),
            std::string::npos)
      << error_of(path2);
}

TEST(Snapshot, GridThatIsNoRunStateHasNoRunAttributes) {
  TempDir dir;
  const std::string path = dir.file("grid.h5");
  const io::GridInfo g = test_grid();
  std::vector<double> distance(60);
  for (std::size_t c = 0; c < distance.size(); ++c) distance[c] = 0.5 * double(c) - 7.0;
  io::SnapshotMeta meta;
  meta.run_state = false;
  meta.text["mesh_file"] = "sphere.stl";
  meta.vectors["spacing"] = {0.4, 0.5, 1.0};
  io::write_snapshot(path, g, meta, {{"signed_distance", io::DataType::Float64, distance.data()}});

  const hid_t f = H5Fopen(path.c_str(), H5F_ACC_RDONLY, H5P_DEFAULT);
  ASSERT_GE(f, 0);
  for (const char* name : {"time", "step", "index", "problem", "gamma"})
    EXPECT_EQ(H5Aexists(f, name), 0) << name;
  for (const char* name : {"format_version", "fields", "nx", "z_max", "mesh_file", "spacing"})
    EXPECT_GT(H5Aexists(f, name), 0) << name;
  H5Fclose(f);

  const io::Snapshot s = io::read_snapshot(path);
  EXPECT_FALSE(s.meta.run_state);
  EXPECT_EQ(s.meta.problem, "");
  EXPECT_EQ(s.meta.text.at("mesh_file"), "sphere.stl");
  EXPECT_EQ(s.meta.vectors.at("spacing"), (std::vector<double>{0.4, 0.5, 1.0}));
  EXPECT_EQ(s.values_as_double.at("signed_distance"), distance);
  // A run's snapshot reads back as one.
  EXPECT_TRUE(io::read_snapshot(write_valid(dir, g)).meta.run_state);
}

// Something already at the temporary name (an attacker's link to an input, a file of another
// program, a leftover) was truncated, or written through: `ln -s mesh.stl out.h5.tmp` replaced
// the mesh. It is now refused, and left as it was.
TEST(Snapshot, AFileAtTheTemporaryNameIsRefusedAndLeftAlone) {
  TempDir dir;
  const io::GridInfo g = test_grid();
  const auto fields = make_fields<double>(g);
  const std::string path = dir.file("s.h5"), input = dir.file("mesh.stl");
  { std::ofstream(input) << "solid precious\n"; }
  std::filesystem::create_symlink(input, path + ".tmp");
  try {
    io::write_snapshot(path, g, test_meta(), refs(fields));
    FAIL() << "no error";
  } catch (const alfven::Error& e) {
    EXPECT_NE(std::string(e.what()).find("s.h5.tmp' exists"), std::string::npos) << e.what();
  }
  EXPECT_EQ(alfven_test::read_text(input), "solid precious\n");
  EXPECT_TRUE(std::filesystem::is_symlink(path + ".tmp"));
  EXPECT_FALSE(std::filesystem::exists(path));
  std::filesystem::remove(path + ".tmp");
  io::write_snapshot(path, g, test_meta(), refs(fields));  // once it is gone
  EXPECT_TRUE(std::filesystem::exists(path));
}
