// Output blocks at run time (output_block.hpp).
#include "output_block.hpp"

#include <algorithm>
#include <cstddef>
#include <sstream>
#include <string>

#include "alfven/core/error.hpp"
#include "alfven/io/snapshot.hpp"
#include "alfven/mhd/derived.hpp"
#include "alfven/mhd/output_region.hpp"
#include "alfven/mhd/state.hpp"
#include "alfven/mhd/state_io.hpp"
#include "file_index.hpp"

namespace alfven {
namespace mhd {

OutputBlock resolve_output_block(const OutputBlockConfig& config, const Grid& global) {
  OutputBlock b;
  b.config = config;
  int offset[3], count[3];
  ALFVEN_REQUIRE(output_region(config, global.global_n, global.lo, global.hi, offset, count),
                 "output '" << config.name << "': its slice or box holds no cell of the grid");
  for (int a = 0; a < 3; ++a) {
    const int n = global.global_n[a];
    b.region.offset[a] = offset[a];
    b.region.count[a] = count[a];
    b.info.n[a] = count[a];
    const double h = (global.hi[a] - global.lo[a]) / n;
    b.info.lo[a] = offset[a] == 0 ? global.lo[a] : global.lo[a] + offset[a] * h;
    b.info.hi[a] =
        offset[a] + count[a] == n ? global.hi[a] : global.lo[a] + (offset[a] + count[a]) * h;
  }
  std::vector<std::string> names;
  for (const std::string& name : config.variables) {
    std::string why;
    const std::vector<OutputVariable> vars = output_variables(name, why);
    ALFVEN_REQUIRE(!vars.empty(), "output '" << config.name << "': " << why);
    for (const OutputVariable& v : vars) {
      b.variables.push_back(v);
      names.push_back(v.name);
    }
  }
  b.vectors = complete_vectors(names);
  return b;
}

namespace {
/// "nx x ny x nz cells of a, b, c", as the message of require_blocks_match_earlier_files says it.
std::string layout_text(const int n[3], const std::vector<std::string>& names) {
  std::ostringstream os;
  os << n[0] << " x " << n[1] << " x " << n[2] << " cells of ";
  for (std::size_t i = 0; i < names.size(); ++i) os << (i ? ", " : "") << names[i];
  return os.str();
}
}  // namespace

void require_blocks_match_earlier_files(const std::string& dir,
                                        const std::vector<OutputBlockConfig>& outputs,
                                        const Grid& global) {
  std::vector<std::string> notes;  // a damaged index is reported by the run itself
  const std::vector<FileEntry> files = read_file_index(dir, kOutputIndex, notes);
  for (std::size_t i = 0; i < outputs.size(); ++i) {
    const OutputBlock block = resolve_output_block(outputs[i], global);
    std::vector<std::string> names;
    for (const OutputVariable& v : block.variables) names.push_back(v.name);
    const int now[3] = {block.region.count[0], block.region.count[1], block.region.count[2]};
    for (auto e = files.rbegin(); e != files.rend(); ++e) {
      if (e->group != outputs[i].name) continue;
      io::Snapshot earlier;
      try {
        earlier = io::read_snapshot_metadata(dir + "/" + e->name);
      } catch (const Error&) {
        continue;  // missing or damaged: the next older one
      }
      bool same = earlier.names == names;
      for (int a = 0; a < 3; ++a) same = same && earlier.grid.n[a] == now[a];
      ALFVEN_REQUIRE(same, "outputs["
                               << i << "] ('" << outputs[i].name << "') has changed since "
                               << "the earlier run in '" << dir << "': its files (" << e->name
                               << ") hold " << layout_text(earlier.grid.n, earlier.names)
                               << ", the configuration asks for " << layout_text(now, names) << "; "
                               << outputs[i].name
                               << ".xdmf describes all of a block's files alike, so give "
                                  "the changed block a new name (the old files stay), or "
                                  "set io.continue: false to start the run anew");
      break;  // the newest file that reads decides
    }
  }
}

std::vector<io::VectorRef> complete_vectors(const std::vector<std::string>& names) {
  std::vector<io::VectorRef> vectors;
  auto has = [&](const std::string& n) {
    for (const std::string& m : names)
      if (m == n) return true;
    return false;
  };
  for (const char* base : {"velocity", "magnetic_field", "current_density", "vorticity"}) {
    const std::string b = base;
    if (has(b + "_x") && has(b + "_y") && has(b + "_z") && !has(b))
      vectors.push_back({b, {b + "_x", b + "_y", b + "_z"}});
  }
  return vectors;
}

template <typename Real>
void compute_output_variable(const OutputVariable& variable,
                             const Fields<Real, backend::Host>& state, const Grid& local,
                             const EquationOfState<double>& eos,
                             const std::vector<Real>& signed_distance,
                             const RadiationOutput<Real>& radiation, const io::CellBox& box,
                             std::vector<Real>& out) {
  out.resize(io::cell_count(box));
  const CellAccess<const Real> a(state.const_view());
  const int ci = variable.component;
  const std::size_t plane = std::size_t(box.count[0]) * std::size_t(box.count[1]);
  if (variable.quantity == OutputQuantity::Field) {  // a stored field: its rows as they are
    copy_interior(state, local, variable.field, box, out);
    return;
  }
  // Planes on all threads (a 256^3 field took about 0.1 s on one).
#pragma omp parallel for schedule(static) if (out.size() >= (std::size_t(1) << 16))
  for (int k = 0; k < box.count[2]; ++k)
    for (int j = 0; j < box.count[1]; ++j)
      for (int i = 0; i < box.count[0]; ++i) {
        const std::size_t n =
            std::size_t(k) * plane + std::size_t(j) * std::size_t(box.count[0]) + std::size_t(i);
        const int bi = box.offset[0] - local.offset[0] + i,
                  bj = box.offset[1] - local.offset[1] + j,
                  bk = box.offset[2] - local.offset[2] + k;  // block interior indices
        const long c = (bi + local.margin[0]) +
                       long(local.total[0]) *
                           ((bj + local.margin[1]) + long(local.total[1]) * (bk + local.margin[2]));
        Primitive<double> s{};
        const Primitive<Real> p = a.load(c);
        s.rho = p.rho;
        s.e = p.e;
        s.psi = p.psi;
        for (int d = 0; d < 3; ++d) {
          s.v[d] = p.v[d];
          s.b[d] = p.b[d];
        }
        double value = 0;
        switch (variable.quantity) {
          case OutputQuantity::Field:  // copied above
            continue;
          case OutputQuantity::SignedDistance:
            out[n] =
                signed_distance[std::size_t(bi) +
                                std::size_t(local.n[0]) *
                                    (std::size_t(bj) + std::size_t(local.n[1]) * std::size_t(bk))];
            continue;
          case OutputQuantity::Pressure:
            value = gas_pressure(s, eos);
            break;
          case OutputQuantity::MagneticPressure:
            value = magnetic_pressure(s);
            break;
          case OutputQuantity::PlasmaBeta:
            value = plasma_beta(s, eos);
            break;
          case OutputQuantity::MachNumber:
            value = mach_number(s, eos);
            break;
          case OutputQuantity::MeanIntensity:
            out[n] = radiation.mean[c];
            continue;
          case OutputQuantity::RadiativeFlux:
            out[n] = radiation.flux[long(ci) * local.total_cells() + c];
            continue;
          case OutputQuantity::RadiativeHeating:
            out[n] = radiation.heating[c];
            continue;
          case OutputQuantity::Temperature:
            value = temperature(s, eos);
            break;
          case OutputQuantity::CurrentDensity:
            value = current_density(a, local, c, ci);
            break;
          case OutputQuantity::Vorticity:
            value = vorticity(a, local, c, ci);
            break;
          case OutputQuantity::DivB:
            value = divergence_b(a, local, c);
            break;
        }
        out[n] = Real(value);
      }
}

template void compute_output_variable<float>(const OutputVariable&,
                                             const Fields<float, backend::Host>&, const Grid&,
                                             const EquationOfState<double>&,
                                             const std::vector<float>&,
                                             const RadiationOutput<float>&, const io::CellBox&,
                                             std::vector<float>&);
template void compute_output_variable<double>(const OutputVariable&,
                                              const Fields<double, backend::Host>&, const Grid&,
                                              const EquationOfState<double>&,
                                              const std::vector<double>&,
                                              const RadiationOutput<double>&, const io::CellBox&,
                                              std::vector<double>&);

}  // namespace mhd
}  // namespace alfven
