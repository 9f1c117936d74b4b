/// @file halo_profile.hpp
/// @brief Where halo-exchange time goes (HaloProfile), filled by HaloExchange when the
/// environment variable ALFVEN_PROFILE_HALO=1 is set (halo_exchange.hpp).
#pragma once

namespace alfven {
namespace mhd {

/// Where halo-exchange time goes, in seconds (accumulated over the run; see
/// HaloExchange::profile and Solver::halo_profile). All zeros unless profiling is on.
struct HaloProfile {
  double pack_and_copy_out = 0;   ///< pack kernels and device-to-host staging copies
  double mpi = 0;                 ///< MPI sends and receives (waits included)
  double copy_in_and_unpack = 0;  ///< host-to-device staging copies and unpack kernels
  /// Overlapped exchanges only: device time from the end of the packs to the end of the
  /// device-to-host copies.
  double overlap_copy_out = 0;
  /// Overlapped exchanges only: device time from the end of the packs to the end of the
  /// overlapped computation.
  double overlap_work = 0;
  /// Seconds the exchanges held the host up: pack_and_copy_out + mpi + copy_in_and_unpack (the
  /// overlap_* device times are not added: they overlap those phases).
  double total() const { return pack_and_copy_out + mpi + copy_in_and_unpack; }
};

}  // namespace mhd
}  // namespace alfven
