// Snapshots written block by block and read box by box (issue 15): the block-by-block writer
// gives the same values as the whole-file writer, a restart's box read returns exactly the
// box's values and still refuses a damaged chunk, compression (shuffle + deflate) reads back
// identical, and vectors appear as virtual (nz, ny, nx, 3) datasets over their components.
#include <gtest/gtest.h>
#include <hdf5.h>

#include <cmath>
#include <cstring>
#include <fstream>
#include <iterator>

#include "alfven/core/error.hpp"
#include "alfven/io/snapshot.hpp"
#include "temp_dir.hpp"

namespace io = alfven::io;
using alfven_test::TempDir;

namespace {

io::GridInfo grid(int nx, int ny, int nz) {
  io::GridInfo g{};
  g.n[0] = nx, g.n[1] = ny, g.n[2] = nz;
  for (int a = 0; a < 3; ++a) g.lo[a] = -0.5 * (a + 1), g.hi[a] = 1.0 + a;
  return g;
}

/// Field f at cell (i, j, k): distinct full-precision values.
double value(int f, int i, int j, int k) {
  return std::sin(1.0 + f + 0.37 * i) * std::exp(0.11 * j) + 0.013 * k * (f + 1);
}

std::vector<std::vector<double>> fields_of(const io::GridInfo& g, int count) {
  std::vector<std::vector<double>> out(static_cast<std::size_t>(count));
  for (int f = 0; f < count; ++f)
    for (int k = 0; k < g.n[2]; ++k)
      for (int j = 0; j < g.n[1]; ++j)
        for (int i = 0; i < g.n[0]; ++i) out[std::size_t(f)].push_back(value(f, i, j, k));
  return out;
}

const std::vector<std::string> kNames = {"u_x", "u_y", "u_z", "rho"};

std::vector<io::FieldRef> refs(const std::vector<std::vector<double>>& f) {
  std::vector<io::FieldRef> r;
  for (std::size_t n = 0; n < f.size(); ++n)
    r.push_back({kNames[n], io::DataType::Float64, f[n].data()});
  return r;
}

io::SnapshotMeta meta() {
  io::SnapshotMeta m;
  m.time = 0.25;
  m.step = 40;
  m.index = 2;
  m.problem = "test";
  m.gamma = 1.4;
  return m;
}

std::string read_bytes(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  return std::string(std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>());
}

}  // namespace

// The block-by-block writer (what rank 0 does for an MPI run on serial HDF5) writes the values
// of the whole-file writer, whatever the blocks.
TEST(SnapshotBlocks, BlockByBlockEqualsWholeFile) {
  TempDir dir;
  const io::GridInfo g = grid(6, 5, 4);
  const auto f = fields_of(g, 4);
  io::write_snapshot(dir.file("whole.h5"), g, meta(), refs(f));
  io::BlockSource source;
  // Uneven blocks: x split 0-3 / 4-5, z split 0 / 1-3.
  for (int bz = 0; bz < 2; ++bz)
    for (int bx = 0; bx < 2; ++bx) {
      io::CellBox b;
      b.offset[0] = bx ? 4 : 0, b.count[0] = bx ? 2 : 4;
      b.offset[1] = 0, b.count[1] = 5;
      b.offset[2] = bz ? 1 : 0, b.count[2] = bz ? 3 : 1;
      source.blocks.push_back(b);
    }
  source.fill = [&](std::size_t n, const std::vector<void*>& out) {
    const io::CellBox& b = source.blocks[n];
    for (std::size_t q = 0; q < out.size(); ++q) {
      double* p = static_cast<double*>(out[q]);
      for (int k = 0; k < b.count[2]; ++k)
        for (int j = 0; j < b.count[1]; ++j)
          for (int i = 0; i < b.count[0]; ++i)
            *p++ = value(int(q), b.offset[0] + i, b.offset[1] + j, b.offset[2] + k);
    }
  };
  io::write_snapshot_by_blocks(dir.file("blocks.h5"), g, meta(), kNames, io::DataType::Float64,
                               source);
  const io::Snapshot a = io::read_snapshot(dir.file("whole.h5")),
                     b = io::read_snapshot(dir.file("blocks.h5"));
  EXPECT_EQ(a.names, b.names);
  EXPECT_TRUE(a.raw == b.raw);
  EXPECT_EQ(a.centres, b.centres);
  EXPECT_EQ(b.meta.step, 40);
}

// A box read returns exactly the values of the box, x fastest within it.
TEST(SnapshotBlocks, BoxReadReturnsTheBoxValues) {
  TempDir dir;
  const io::GridInfo g = grid(7, 6, 5);
  const auto f = fields_of(g, 4);
  io::write_snapshot(dir.file("s.h5"), g, meta(), refs(f));
  io::CellBox box;
  box.offset[0] = 2, box.count[0] = 4;
  box.offset[1] = 1, box.count[1] = 3;
  box.offset[2] = 3, box.count[2] = 2;
  const io::Snapshot s = io::read_snapshot_block(dir.file("s.h5"), box);
  EXPECT_TRUE(s.values_as_double.empty());
  EXPECT_EQ(s.meta.time, 0.25);
  EXPECT_EQ(s.grid.n[0], 7);
  for (std::size_t q = 0; q < kNames.size(); ++q) {
    const std::vector<unsigned char>& raw = s.raw.at(kNames[q]);
    ASSERT_EQ(raw.size(), io::cell_count(box) * 8);
    std::size_t n = 0;
    for (int k = 0; k < box.count[2]; ++k)
      for (int j = 0; j < box.count[1]; ++j)
        for (int i = 0; i < box.count[0]; ++i, ++n) {
          double v;
          std::memcpy(&v, raw.data() + 8 * n, 8);
          ASSERT_EQ(v, value(int(q), 2 + i, 1 + j, 3 + k))
              << kNames[q] << " " << i << " " << j << " " << k;
        }
  }
  io::CellBox outside = box;
  outside.count[0] = 6;  // cells 2..7 of 7
  try {
    io::read_snapshot_block(dir.file("s.h5"), outside);
    FAIL() << "a box outside the grid was read";
  } catch (const alfven::Error& e) {
    EXPECT_NE(std::string(e.what()).find("has 7 x 6 x 5 cells"), std::string::npos) << e.what();
  }
}

// A restart reads only its block, but the chunks it reads are still verified: a flipped value
// inside the box is refused with the dataset's name.
TEST(SnapshotBlocks, BoxReadRefusesADamagedChunk) {
  TempDir dir;
  const io::GridInfo g = grid(4, 3, 2);
  const auto f = fields_of(g, 4);
  const std::string path = dir.file("s.h5");
  io::write_snapshot(path, g, meta(), refs(f));
  std::string bytes = read_bytes(path);
  const std::size_t at =
      bytes.find(std::string(reinterpret_cast<const char*>(f[3].data()), 8 * 24));
  ASSERT_NE(at, std::string::npos);
  bytes[at + 8 * 13 + 3] = char(bytes[at + 8 * 13 + 3] ^ 4);  // value 13 of rho: cell (1, 0, 1)
  std::ofstream(path, std::ios::binary) << bytes;
  io::CellBox box;
  box.offset[0] = 1, box.count[0] = 1;
  box.count[1] = 1;
  box.offset[2] = 1, box.count[2] = 1;
  try {
    io::read_snapshot_block(path, box);
    FAIL() << "a damaged chunk was read";
  } catch (const alfven::Error& e) {
    EXPECT_NE(std::string(e.what()).find("dataset 'rho' is damaged"), std::string::npos)
        << e.what();
  }
}

// Shuffle + deflate: the values read back identical, each dataset keeps its checksum, and the
// file says it is compressed.
TEST(SnapshotBlocks, CompressedDatasetsReadBackIdentical) {
  TempDir dir;
  const io::GridInfo g = grid(32, 16, 8);
  auto f = fields_of(g, 4);
  for (double& v : f[3]) v = std::round(v * 8) / 8;  // a field that compresses well
  io::StorageOptions options;
  options.deflate = 6;
  io::write_snapshot(dir.file("plain.h5"), g, meta(), refs(f));
  io::write_snapshot(dir.file("packed.h5"), g, meta(), refs(f), options);
  const io::Snapshot a = io::read_snapshot(dir.file("plain.h5")),
                     b = io::read_snapshot(dir.file("packed.h5"));
  EXPECT_TRUE(a.raw == b.raw);
  const hid_t file = H5Fopen(dir.file("packed.h5").c_str(), H5F_ACC_RDONLY, H5P_DEFAULT);
  ASSERT_GE(file, 0);
  const hid_t set = H5Dopen2(file, "rho", H5P_DEFAULT);
  const hid_t create = H5Dget_create_plist(set);
  for (H5Z_filter_t filter : {H5Z_FILTER_SHUFFLE, H5Z_FILTER_DEFLATE, H5Z_FILTER_FLETCHER32})
    EXPECT_GE(H5Pget_filter_by_id2(create, filter, nullptr, nullptr, nullptr, 0, nullptr, nullptr),
              0)
        << filter;
  const hsize_t stored = H5Dget_storage_size(set);
  EXPECT_LT(stored, hsize_t(8 * 32 * 16 * 8));  // rounded values take less room
  H5Pclose(create);
  H5Dclose(set);
  H5Fclose(file);
  io::StorageOptions bad;
  bad.deflate = 10;
  EXPECT_THROW(io::write_snapshot(dir.file("bad.h5"), g, meta(), refs(f), bad), alfven::Error);
}

// A vector is a virtual dataset (nz, ny, nx, 3) over its components: no value stored twice,
// component c of cell (i, j, k) is the field's value.
TEST(SnapshotBlocks, VectorsAreVirtualDatasetsOverTheComponents) {
  TempDir dir;
  const io::GridInfo g = grid(5, 4, 3);
  const auto f = fields_of(g, 4);
  io::StorageOptions options;
  options.vectors.push_back({"u", {"u_x", "u_y", "u_z"}});
  const std::string path = dir.file("v.h5");
  io::write_snapshot(path, g, meta(), refs(f), options);
  const hid_t file = H5Fopen(path.c_str(), H5F_ACC_RDONLY, H5P_DEFAULT);
  const hid_t set = H5Dopen2(file, "u", H5P_DEFAULT);
  ASSERT_GE(set, 0);
  const hid_t create = H5Dget_create_plist(set);
  EXPECT_EQ(H5Pget_layout(create), H5D_VIRTUAL);
  const hid_t space = H5Dget_space(set);
  hsize_t dims[4] = {0, 0, 0, 0};
  ASSERT_EQ(H5Sget_simple_extent_ndims(space), 4);
  H5Sget_simple_extent_dims(space, dims, nullptr);
  EXPECT_EQ(dims[0], 3u);
  EXPECT_EQ(dims[1], 4u);
  EXPECT_EQ(dims[2], 5u);
  EXPECT_EQ(dims[3], 3u);
  std::vector<double> u(3 * 4 * 5 * 3);
  ASSERT_GE(H5Dread(set, H5T_NATIVE_DOUBLE, H5S_ALL, H5S_ALL, H5P_DEFAULT, u.data()), 0);
  for (std::size_t cell = 0; cell < 60; ++cell)
    for (int c = 0; c < 3; ++c) ASSERT_EQ(u[3 * cell + std::size_t(c)], f[std::size_t(c)][cell]);
  H5Sclose(space);
  H5Pclose(create);
  H5Dclose(set);
  H5Fclose(file);
  // The reader lists the stored fields only.
  EXPECT_EQ(io::read_snapshot(path).names, kNames);
  io::StorageOptions wrong;
  wrong.vectors.push_back({"w", {"u_x", "u_y", "nothing"}});
  EXPECT_THROW(io::write_snapshot(dir.file("w.h5"), g, meta(), refs(f), wrong), alfven::Error);
}

// alfven info names the library and whether it writes in parallel.
TEST(SnapshotBlocks, Hdf5DescriptionSaysSerialOrParallel) {
  const std::string d = io::hdf5_description();
  EXPECT_NE(d.find(io::parallel_writes_available() ? "parallel (MPI-IO" : "serial"),
            std::string::npos)
      << d;
  EXPECT_EQ(d.rfind("1.", 0), 0u) << d;
  if (!io::parallel_writes_available()) {
    EXPECT_THROW(io::write_snapshot_collective("x.h5", grid(2, 2, 2), meta(), {}, io::CellBox{},
                                               io::Collective{}),
                 alfven::Error);
  }
}
