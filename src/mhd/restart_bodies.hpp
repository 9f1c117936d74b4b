// The bodies at a restart: the snapshot stores the signed distance of the bodies it was written
// with (dataset signed_distance; none without bodies), and a restart compares it with that of
// the restarted run's bodies. A body changed, added or removed silently would turn frozen states
// of solid cells into fluid (or fluid into solid): it is refused with the difference named,
// unless `--set bodies=...` states the change, which the run then reports.
#pragma once

#include <string>
#include <vector>

#include "alfven/io/snapshot.hpp"

namespace alfven {
namespace mhd {

template <typename Real>
class Simulation;

/// True when the `--set` overrides `overrides` (KEY=VALUE) set the bodies: the key `bodies`, or
/// a key within it (bodies[0].geometry, ...).
bool overrides_set_bodies(const std::vector<std::string>& overrides);

/// Collective, at a restart of `sim` from `file` (restore_state's return: its metadata and this
/// rank's block of its signed_distance, when it has one): classifies every cell as solid
/// (signed distance < 0) or fluid by the snapshot's bodies and by the run's, and compares the
/// distances of cells whose kind stays (a change of more than a thousandth of the smallest cell
/// width moves image points; rounding of another backend or tree builder stays far below).
/// Without a difference it returns "". With one and `stated` false it throws ConfigError on every
/// rank: "cannot restart from 'FILE': ...", how many cells change from solid to fluid and back
/// and by how much distances change, one example cell (global index, position) and what to do.
/// With `stated` (--set bodies) it returns rank 0's note of the change for the run's output.
template <typename Real>
std::string check_restart_bodies(Simulation<Real>& sim, const io::Snapshot& snap,
                                 const std::string& file, bool stated);

}  // namespace mhd
}  // namespace alfven
