// The bodies at a restart compared with the snapshot's (restart_bodies.hpp).
#include "restart_bodies.hpp"

#include <algorithm>
#include <climits>
#include <cmath>
#include <limits>
#include <sstream>
#include <string_view>

#include "alfven/config/config.hpp"
#include "alfven/core/text.hpp"
#include "alfven/mhd/simulation.hpp"
#include "alfven/mhd/state_range.hpp"

namespace alfven {
namespace mhd {

namespace {

/// The differences of this rank's block, then of the whole grid.
struct Difference {
  long to_fluid = 0;    // solid in the snapshot, fluid now
  long to_solid = 0;    // fluid in the snapshot, solid now
  long moved = 0;       // same kind, distance changed beyond the tolerance
  double largest = 0;   // the largest such change
  std::string example;  // the first cell that changes kind (else the first that moved)
};

/// The cell as the run's messages name it (describe_cell: global index, centre), then "solid in
/// the snapshot and fluid now", or the two distances of a cell whose kind stays.
template <typename Real>
std::string cell_text(const Grid& g, int i, int j, int k, Real before, Real now) {
  std::ostringstream os;
  os.precision(6);
  os << describe_cell(g, i, j, k);
  const bool was = before < Real(0), is = now < Real(0);
  if (was != is)
    os << ", " << (was ? "solid" : "fluid") << " in the snapshot and " << (is ? "solid" : "fluid")
       << " now";
  else
    os << ", " << (is ? "solid" : "fluid") << ", at distance " << double(before)
       << " from the snapshot's bodies and " << double(now) << " from the run's";
  return os.str();
}

/// The sentence of a difference: "12 cells solid in the snapshot are fluid now (...) and ...".
std::string changes_text(const Difference& d) {
  std::vector<std::string> parts;
  if (d.to_fluid > 0)
    parts.push_back(std::to_string(d.to_fluid) + " cell" + (d.to_fluid == 1 ? "" : "s") +
                    " solid in the snapshot " + (d.to_fluid == 1 ? "is" : "are") +
                    " fluid now (the states frozen there join the flow)");
  if (d.to_solid > 0)
    parts.push_back(std::to_string(d.to_solid) + " fluid cell" + (d.to_solid == 1 ? "" : "s") +
                    " of the snapshot " + (d.to_solid == 1 ? "is" : "are") + " solid now");
  if (d.moved > 0) {
    std::ostringstream os;
    os.precision(3);
    os << d.moved << " cell" << (d.moved == 1 ? " keeps its" : "s keep their") << " kind but not "
       << (d.moved == 1 ? "its" : "their") << " distance to the bodies (changed by up to "
       << d.largest << ", more than a thousandth of a cell)";
    parts.push_back(os.str());
  }
  std::string text;
  for (std::size_t p = 0; p < parts.size(); ++p)
    text += (p == 0 ? "" : p + 1 == parts.size() ? " and " : ", ") + parts[p];
  return text;
}

}  // namespace

bool overrides_set_bodies(const std::vector<std::string>& overrides) {
  for (const std::string& o : overrides) {
    const std::string key = text::trim(std::string_view(o).substr(0, o.find('=')));  // as --set
    if (key == "bodies" || key.rfind("bodies[", 0) == 0 || key.rfind("bodies.", 0) == 0)
      return true;
  }
  return false;
}

template <typename Real>
std::string check_restart_bodies(Simulation<Real>& sim, const io::Snapshot& snap,
                                 const std::string& file, bool stated) {
  const auto stored = snap.raw.find("signed_distance");
  const bool had = stored != snap.raw.end();  // the same on every rank (one file)
  const bool has = !sim.config().bodies.empty();
  if (!had && !has) return "";
  const auto imported = snap.meta.text.find("imported_from");
  if (!had && imported != snap.meta.text.end())  // MISO writes no signed distance: nothing to hold
    return sim.communicator().rank() == 0
               ? "note: " + file + " was imported (" + imported->second +
                     ") and records no bodies: the configuration's " +
                     std::to_string(sim.config().bodies.size()) + " bod" +
                     (sim.config().bodies.size() == 1 ? "y is taken as it is"
                                                      : "ies are taken as they are") +
                     "\n"
               : std::string();
  const Grid& g = sim.grid();
  const Communicator& comm = sim.communicator();
  // The block's cells, x fastest, in the run's precision (restore_state read and checked them).
  const Real* before = had ? reinterpret_cast<const Real*>(stored->second.data()) : nullptr;
  Array3D<Real> now;
  if (has) {
    now = Array3D<Real>(g.total[0], g.total[1], g.total[2]);
    sim.solver().get_signed_distance(now);
  }
  const double tolerance = 1e-3 * g.min_spacing();
  const Real outside = std::numeric_limits<Real>::max();  // no body: every cell is fluid
  Difference local;
  std::string moved_example;
  std::size_t n = 0;
  for (int k = g.margin[2]; k < g.margin[2] + g.n[2]; ++k)
    for (int j = g.margin[1]; j < g.margin[1] + g.n[1]; ++j)
      for (int i = g.margin[0]; i < g.margin[0] + g.n[0]; ++i, ++n) {
        const Real a = had ? before[n] : outside, b = has ? now(i, j, k) : outside;
        const bool was = a < Real(0), is = b < Real(0);
        if (was != is) {
          ++(was ? local.to_fluid : local.to_solid);
          if (local.example.empty()) local.example = cell_text(g, i, j, k, a, b);
        } else if (had && has && std::fabs(double(a) - double(b)) > tolerance) {
          ++local.moved;
          local.largest = std::max(local.largest, std::fabs(double(a) - double(b)));
          if (moved_example.empty()) moved_example = cell_text(g, i, j, k, a, b);
        }
      }
  Difference all;
  all.to_fluid = long(comm.sum(double(local.to_fluid)));
  all.to_solid = long(comm.sum(double(local.to_solid)));
  all.moved = long(comm.sum(double(local.moved)));
  all.largest = comm.max(local.largest);
  if (all.to_fluid + all.to_solid + all.moved == 0) return "";
  // The example of the lowest rank with a change of kind, else with a moved distance.
  const bool kind = all.to_fluid + all.to_solid > 0;
  const std::string& mine = kind ? local.example : moved_example;
  const long first = comm.min(mine.empty() ? LONG_MAX : long(comm.rank()));
  all.example = comm.broadcast(mine, int(first));

  std::ostringstream what;
  if (had && has)
    what << "the bodies differ from those it was written with: ";
  else if (had)
    what << "it was written with bodies, and the configuration has none: ";
  else
    what << "it was written without bodies (it has no signed_distance), and the configuration "
            "has some: ";
  what << changes_text(all) << "; e.g. " << all.example;
  if (!stated)
    throw ConfigError({"cannot restart from '" + file + "': " + what.str() +
                       ". Restart with the bodies of the run that wrote it, or give the new ones "
                       "with --set bodies=[...] (bodies=[] for none) to change them on purpose"});
  return comm.rank() == 0 ? "note: --set bodies changes the bodies of the restart from " + file +
                                ": " + what.str() + "\n"
                          : std::string();
}

template std::string check_restart_bodies<float>(Simulation<float>&, const io::Snapshot&,
                                                 const std::string&, bool);
template std::string check_restart_bodies<double>(Simulation<double>&, const io::Snapshot&,
                                                  const std::string&, bool);

}  // namespace mhd
}  // namespace alfven
