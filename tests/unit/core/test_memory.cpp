// The one memory layer: every allocation path (Array, Pool, the resources) reports memory that
// does not fit as an alfven::Error naming the bytes asked and the bytes free.
#include <gtest/gtest.h>

#include <string>
#include <type_traits>

#include "alfven/core/core.hpp"

using namespace alfven;

namespace {
/// Runs f, which must throw alfven::Error; returns its message.
template <typename F>
std::string error_of(F f) {
  try {
    f();
  } catch (const Error& e) {
    return e.what();
  }
  ADD_FAILURE() << "no alfven::Error thrown";
  return {};
}
}  // namespace

TEST(Memory, HostArrayTooLargeNamesBytesAskedAndFree) {
  // 2^30 x 2^30 doubles = 2^63 bytes: more than any address space.
  const std::string m = error_of([] { Array<double, 2> a(1 << 30, 1 << 30); });
  EXPECT_NE(m.find("out of host memory: asked for 9223372036854775808 bytes"), std::string::npos)
      << m;
  EXPECT_NE(m.find("free"), std::string::npos) << m;
}

TEST(Memory, PoolAndResourceFollowTheSamePolicy) {
  const std::size_t huge = std::size_t(1) << 62;
  EXPECT_NE(error_of([&] { Pool p(host_memory_resource(), huge); }).find("out of host memory"),
            std::string::npos);
  EXPECT_NE(error_of([&] {
              emulated_device_memory_resource().allocate(huge);
            }).find("out of host memory"),
            std::string::npos);
}

TEST(Memory, HostMemoryAvailableIsKnownOnLinux) {
#if defined(__linux__)
  EXPECT_GT(host_memory_available(), std::size_t(0));
#endif
}

// The seed's rule: MinResidentThreads / BlockSize rounded up to whole blocks, at least 1.
static_assert(LaunchSettings<256, 384>::min_blocks_per_multiprocessor == 2, "");
static_assert(LaunchSettings<256, 512>::min_blocks_per_multiprocessor == 2, "");
static_assert(LaunchSettings<128, 384>::min_blocks_per_multiprocessor == 3, "");
static_assert(LaunchSettings<256, 0>::min_blocks_per_multiprocessor == 1, "");
static_assert(LaunchSettings<256, 100>::min_blocks_per_multiprocessor == 1, "");
static_assert(gpu::DefaultBlockSize == 128 && gpu::DefaultMinResidentThreads == 384, "");

// A functor's own launch settings (member type launch_settings) are what a loop called without
// template arguments uses; without them, the defaults.
namespace launch_test {
struct Plain {};
struct Declares {
  using launch_settings = LaunchSettings<128, 1024, 32>;
};
}  // namespace launch_test
static_assert(std::is_same<launch_settings_of<launch_test::Plain>, LaunchSettings<>>::value, "");
static_assert(
    std::is_same<launch_settings_of<launch_test::Declares>, LaunchSettings<128, 1024, 32>>::value,
    "");
static_assert(std::is_same<detail::chosen_launch_settings<0, 0, launch_test::Declares>,
                           LaunchSettings<128, 1024, 32>>::value,
              "");
static_assert(std::is_same<detail::chosen_launch_settings<64, 512, launch_test::Declares>,
                           LaunchSettings<64, 512>>::value,
              "explicit template arguments win over the functor's own");
static_assert(LaunchSettings<128, 1024, 32>::min_blocks_per_multiprocessor == 8 &&
                  LaunchSettings<128, 1024, 32>::block_x == 32 && LaunchSettings<>::block_x == 0,
              "");

TEST(Launch, HostLoopsVisitEveryIndexOnceWithBothSchedules) {
  for (auto schedule : {detail::HostSchedule::Static, detail::HostSchedule::Dynamic}) {
    std::vector<int> hits(20000, 0);
    int* h = hits.data();
    detail::host_loop_1d<long>(
        3, 19999, [=](long i) { h[i] += 1; }, schedule);
    for (long i = 0; i < 20000; ++i) ASSERT_EQ(hits[std::size_t(i)], (i >= 3 && i < 19999) ? 1 : 0);
  }
}
