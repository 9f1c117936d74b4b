// Mutation fuzz of the mesh readers (issue 10): random mutations of the test meshes, in every
// format and encoding the writers produce, are read with read_mesh and, when they read, cleaned
// and validated. Every outcome must be a mesh or an alfven::Error: any other exception
// (std::bad_alloc from a header count, std::length_error, ...), a crash or a case running past
// its time limit is a failure, reported with the seed, the case number and a copy of the input.
//
// Usage: fuzz_mesh_readers [--cases N] [--seconds S] [--seed K] [--save DIR] MESH...
//   --cases N    stop after N mutated files (default 1000)
//   --seconds S  stop after S seconds (default: no limit; whichever comes first)
//   --seed K     random seed (default 1); a case is reproduced by its seed and number
//   --save DIR   where failing inputs are copied (default: the system's temporary folder)
// Exit status: 0 if every case was a mesh or an alfven::Error, 1 otherwise (2: bad usage).
// Memory is limited to 4 GiB (RLIMIT_AS), so an allocation from a bogus count fails at once
// instead of swapping; each case has 20 s (SIGALRM). tests/unit/geom/CMakeLists.txt runs a quick
// bounded pass; scripts/fuzz-mesh-readers runs longer ones.
#include <sys/resource.h>
#include <unistd.h>

#include <cctype>
#include <chrono>
#include <csignal>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <random>
#include <sstream>
#include <string>
#include <vector>

#include "alfven/core/error.hpp"
#include "alfven/geom/mesh_clean.hpp"
#include "alfven/geom/mesh_io.hpp"

namespace fs = std::filesystem;
namespace g = alfven::geom;

namespace {

struct Seed {
  std::string name;  ///< where it came from ("dodecahedron.ply as le.ply")
  std::string ext;   ///< extension the mutated file is written with
  std::string bytes;
};

std::string read_bytes(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  return std::string(std::istreambuf_iterator<char>(in), {});
}

void write_bytes(const std::string& path, const std::string& bytes) {
  std::ofstream(path, std::ios::binary | std::ios::trunc) << bytes;
}

// The file as given, and its mesh written in every format and encoding.
std::vector<Seed> seeds_of(const std::string& path, const fs::path& scratch) {
  std::vector<Seed> out;
  out.push_back(
      {fs::path(path).filename().string(), fs::path(path).extension().string(), read_bytes(path)});
  const g::TriangleMesh mesh = g::read_mesh(path);
  struct Encoding {
    const char* ext;
    g::MeshEncoding encoding;
    const char* label;
  };
  const Encoding encodings[] = {
      {".stl", g::MeshEncoding::ascii, "ASCII STL"},
      {".stl", g::MeshEncoding::binary_little_endian, "binary STL"},
      {".ply", g::MeshEncoding::ascii, "ASCII PLY"},
      {".ply", g::MeshEncoding::binary_little_endian, "little-endian PLY"},
      {".ply", g::MeshEncoding::binary_big_endian, "big-endian PLY"},
      {".obj", g::MeshEncoding::ascii, "OBJ"},
      {".vtk", g::MeshEncoding::ascii, "ASCII VTK"},
      {".vtk", g::MeshEncoding::binary_big_endian, "binary VTK"}};
  int k = 0;
  for (const Encoding& e : encodings) {
    const std::string file = (scratch / ("seed" + std::to_string(k++) + e.ext)).string();
    g::write_mesh(mesh, file, e.encoding);
    out.push_back({out.front().name + " as " + e.label, e.ext, read_bytes(file)});
  }
  return out;
}

// Numbers that break counts, indices and coordinates.
const char* const kNumbers[] = {"0",
                                "-1",
                                "1",
                                "3",
                                "255",
                                "65535",
                                "2147483647",
                                "2147483648",
                                "4294967295",
                                "4294967296",
                                "1099511627776",
                                "9223372036854775807",
                                "99999999999999999999",
                                "-2147483648",
                                "1e308",
                                "-1e308",
                                "nan",
                                "inf",
                                "1e-320",
                                "0x10",
                                ""};

// One random change of `b`.
void mutate(std::string& b, std::mt19937_64& rng) {
  auto pick = [&](std::size_t n) { return n == 0 ? 0 : std::size_t(rng() % n); };
  switch (rng() % 9) {
    case 0:  // flip a bit
      if (!b.empty()) b[pick(b.size())] ^= char(1u << (rng() % 8));
      break;
    case 1:  // a random byte
      if (!b.empty()) b[pick(b.size())] = char(rng() & 0xff);
      break;
    case 2: {  // a number in the text replaced by a troublesome one
      std::vector<std::size_t> starts;
      for (std::size_t i = 0; i < b.size(); ++i)
        if (std::isdigit(static_cast<unsigned char>(b[i])) &&
            (i == 0 || !std::isdigit(static_cast<unsigned char>(b[i - 1]))))
          starts.push_back(i);
      if (starts.empty()) break;
      const std::size_t s = starts[pick(starts.size())];
      std::size_t e = s;
      while (e < b.size() && (std::isdigit(static_cast<unsigned char>(b[e])) || b[e] == '.')) ++e;
      b.replace(s, e - s, kNumbers[pick(sizeof kNumbers / sizeof kNumbers[0])]);
      break;
    }
    case 3:  // cut short
      b.resize(pick(b.size() + 1));
      break;
    case 4: {  // a span deleted
      const std::size_t s = pick(b.size() + 1),
                        n = pick(std::min<std::size_t>(64, b.size() - s) + 1);
      b.erase(s, n);
      break;
    }
    case 5: {  // a span repeated
      if (b.empty()) break;
      const std::size_t s = pick(b.size()), n = 1 + pick(std::min<std::size_t>(256, b.size() - s));
      b.insert(s, b.substr(s, n));
      break;
    }
    case 6: {  // random bytes inserted
      std::string junk(1 + pick(16), '\0');
      for (char& c : junk) c = char(rng() & 0xff);
      b.insert(pick(b.size() + 1), junk);
      break;
    }
    case 7: {  // a 32-bit word of extreme value (binary counts and indices)
      if (b.size() < 4) break;
      const std::uint32_t words[] = {0xffffffffu, 0x7fffffffu, 0x80000000u, 0u, 0x00010000u, 3u};
      const std::uint32_t w = words[pick(6)];
      std::memcpy(&b[pick(b.size() - 3)], &w, 4);
      break;
    }
    default: {  // a line duplicated or removed (text formats)
      const std::size_t at = b.find('\n', pick(b.size()));
      if (at == std::string::npos) break;
      const std::size_t end = b.find('\n', at + 1);
      if (end == std::string::npos) break;
      if (rng() % 2)
        b.insert(at + 1, b.substr(at + 1, end - at));
      else
        b.erase(at + 1, end - at);
    }
  }
}

// What the signal handlers report (set before each case; only async-signal-safe use).
char g_current[512] = "";

void on_fatal_signal(int sig) {
  const char* what =
      sig == SIGALRM ? "FAIL: the case ran past its time limit: " : "FAIL: crashed (signal) on ";
  (void)!write(2, what, std::strlen(what));
  (void)!write(2, g_current, std::strlen(g_current));
  (void)!write(2, "\n", 1);
  _exit(1);
}

int usage() {
  std::fprintf(
      stderr,
      "usage: fuzz_mesh_readers [--cases N] [--seconds S] [--seed K] [--save DIR] MESH...\n");
  return 2;
}

}  // namespace

int main(int argc, char** argv) {
  long cases = 1000;
  double seconds = -1;
  unsigned long long seed = 1;
  std::string save = fs::temp_directory_path().string();
  std::vector<std::string> meshes;
  for (int i = 1; i < argc; ++i) {
    const std::string a = argv[i];
    if ((a == "--cases" || a == "--seconds" || a == "--seed" || a == "--save") && i + 1 >= argc)
      return usage();
    if (a == "--cases")
      cases = std::atol(argv[++i]);
    else if (a == "--seconds")
      seconds = std::atof(argv[++i]);
    else if (a == "--seed")
      seed = std::strtoull(argv[++i], nullptr, 10);
    else if (a == "--save")
      save = argv[++i];
    else if (!a.empty() && a[0] == '-')
      return usage();
    else
      meshes.push_back(a);
  }
  if (meshes.empty()) return usage();

  rlimit memory{rlim_t(4) << 30, rlim_t(4) << 30};
  setrlimit(RLIMIT_AS, &memory);
  for (int sig : {SIGSEGV, SIGBUS, SIGFPE, SIGILL, SIGABRT, SIGALRM})
    std::signal(sig, on_fatal_signal);

  // Mutated files go to memory (/dev/shm) where there is one: thousands of small files a second.
  std::error_code ec;
  const fs::path tmp = fs::is_directory("/dev/shm", ec) && access("/dev/shm", W_OK) == 0
                           ? fs::path("/dev/shm")
                           : fs::temp_directory_path();
  const fs::path scratch = tmp / ("alfven_fuzz_mesh_" + std::to_string(::getpid()));
  fs::create_directories(scratch);
  std::vector<Seed> seeds;
  for (const std::string& m : meshes)
    for (Seed& s : seeds_of(m, scratch)) seeds.push_back(std::move(s));

  std::mt19937_64 rng(seed);
  const auto t0 = std::chrono::steady_clock::now();
  long done = 0, meshes_read = 0, errors = 0, failures = 0;
  for (; done < cases; ++done) {
    if (seconds >= 0 &&
        std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count() > seconds)
      break;
    const Seed& base = seeds[std::size_t(rng() % seeds.size())];
    std::string bytes = base.bytes;
    const int changes = 1 + int(rng() % 3);
    for (int c = 0; c < changes; ++c) mutate(bytes, rng);
    const std::string file = (scratch / ("case" + base.ext)).string();
    write_bytes(file, bytes);
    std::snprintf(g_current, sizeof g_current, "seed %llu case %ld (%s, %d mutation(s)); input %s",
                  seed, done, base.name.c_str(), changes, file.c_str());
    alarm(20);
    std::string failure;
    try {
      g::TriangleMesh m = g::read_mesh(file);
      g::clean(m);
      g::validate(m);
      ++meshes_read;
    } catch (const alfven::Error&) {
      ++errors;
    } catch (const std::exception& e) {
      failure = std::string("not an alfven::Error: ") + e.what();
    }
    alarm(0);
    if (!failure.empty()) {
      ++failures;
      const std::string kept = save + "/fuzz_mesh_failure_" + std::to_string(seed) + "_" +
                               std::to_string(done) + base.ext;
      write_bytes(kept, bytes);
      std::fprintf(stderr, "FAIL: %s: %s (input kept as %s)\n", g_current, failure.c_str(),
                   kept.c_str());
    }
  }
  fs::remove_all(scratch);
  std::printf(
      "fuzz_mesh_readers: seed %llu, %ld cases from %zu seeds: %ld read as meshes, %ld refused "
      "with an "
      "alfven::Error, %ld failures\n",
      seed, done, seeds.size(), meshes_read, errors, failures);
  return failures == 0 ? 0 : 1;
}
