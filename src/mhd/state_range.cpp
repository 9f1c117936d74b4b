// The magnitude check of initial and restored states (state_range.hpp).
#include "alfven/mhd/state_range.hpp"

#include <cmath>
#include <limits>
#include <sstream>

namespace alfven {
namespace mhd {

std::string describe_cell(const Grid& g, int i, int j, int k) {
  std::ostringstream os;
  os.precision(10);
  os << "cell (i, j, k) = (" << g.offset[0] + i - g.margin[0] << ", "
     << g.offset[1] + j - g.margin[1] << ", " << g.offset[2] + k - g.margin[2]
     << ") at (x, y, z) = (" << g.centre(0, i) << ", " << g.centre(1, j) << ", " << g.centre(2, k)
     << ")";
  return os.str();
}

template <typename Real>
std::string describe_state_out_of_range(const Fields<Real, backend::Host>& state, const Grid& g) {
  const auto q = state.const_view();
  const double limit = state_magnitude_limit<Real>();
  const auto bad = [limit](Real x) { return !(std::fabs(double(x)) <= limit); };
  for (int k = g.margin[2]; k < g.margin[2] + g.n[2]; ++k)
    for (int j = g.margin[1]; j < g.margin[1] + g.n[1]; ++j)
      for (int i = g.margin[0]; i < g.margin[0] + g.n[0]; ++i) {
        const Real rho = q(i, j, k, density), e = q(i, j, k, internal_energy);
        if (!(rho > Real(0)) || !(e >= Real(0))) continue;  // TimeStepKernel names these
        const Real vx = q(i, j, k, velocity_x), vy = q(i, j, k, velocity_y),
                   vz = q(i, j, k, velocity_z);
        const Real bx = q(i, j, k, magnetic_field_x), by = q(i, j, k, magnetic_field_y),
                   bz = q(i, j, k, magnetic_field_z);
        // Each in Real, as the scheme forms it: an overflow here is one there. The speed bounds
        // the fastest signal |v| + c_s + c_a (c_s^2 = gamma (gamma - 1) e, about e), which the
        // fluxes, the time step and the GLM cleaning (psi's flux c_h^2 B) multiply in.
        const Real p = q(i, j, k, psi);
        const Real v2 = vx * vx + vy * vy + vz * vz, b2 = bx * bx + by * by + bz * bz;
        const Real kinetic = rho * v2, internal = rho * e, ca2 = b2 / rho;
        const Real speed = std::sqrt(v2) + std::sqrt(e) + std::sqrt(ca2);  // e, ca2 >= 0 here
        const Real flux = (kinetic + internal + b2 + p * p) * speed;
        const Real cleaning = speed * speed * (std::sqrt(b2) + std::fabs(p));
        const struct {
          const char* name;
          Real value;
        } quantities[] = {
            {"density", rho},
            {"1 / density", Real(1) / rho},
            {"velocity_x", vx},
            {"velocity_y", vy},
            {"velocity_z", vz},
            {"magnetic_field_x", bx},
            {"magnetic_field_y", by},
            {"magnetic_field_z", bz},
            {"internal_energy", e},
            {"psi", p},
            {"|v|^2", v2},
            {"rho |v|^2", kinetic},
            {"rho e", internal},
            {"|B|^2", b2},
            {"the Alfven speed squared |B|^2 / rho", ca2},
            {"the energy flux's scale (rho |v|^2 + rho e + |B|^2 + psi^2) "
             "(|v| + c_s + c_a)",
             flux},
            {"the cleaning term's scale (|v| + c_s + c_a)^2 (|B| + |psi|)", cleaning}};
        for (const auto& x : quantities) {
          if (!bad(x.value)) continue;
          std::ostringstream os;
          os.precision(10);
          os << describe_cell(g, i, j, k) << " has " << x.name << " = " << double(x.value)
             << " (density = " << double(rho) << ", velocity = (" << double(vx) << ", "
             << double(vy) << ", " << double(vz) << "), magnetic_field = (" << double(bx) << ", "
             << double(by) << ", " << double(bz) << "), internal_energy = " << double(e)
             << ", psi = " << double(p) << "): the scheme multiplies and adds such values in "
             << (sizeof(Real) == sizeof(float) ? "float" : "double")
             << ", so each must be finite and at most " << limit;
          return os.str();
        }
      }
  return {};
}

template std::string describe_state_out_of_range<float>(const Fields<float, backend::Host>&,
                                                        const Grid&);
template std::string describe_state_out_of_range<double>(const Fields<double, backend::Host>&,
                                                         const Grid&);

}  // namespace mhd
}  // namespace alfven
