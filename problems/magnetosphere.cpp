// A planet's magnetosphere in the solar wind, MISO's demo mhd3d_magnetosphere (after Ogino 1986,
// J. Geophys. Res. 91, 6791), in MISO's normalised units: a dipole field of unit moment along -z,
// B = (-3 x z, -3 y z, x^2 + y^2 - 2 z^2) / r^5; an atmosphere at rest with rho = max(1/r^3,
// rho_sw / 5), p = max(p_planet / r^2, p_sw); gravity toward the planet, acceleration g / r^2;
// the solar wind (rho_sw, p_sw, v_x, B_z of the interplanetary field) entering through the x_lower
// face, whose ghost cells hold it (`fixed`). The planet is an embedded body with `wall: fixed` in
// magnetosphere.yaml (its cells keep their initial state, and are left out of the CFL condition);
// MISO blends the state back to the initial one near r = 3.5 instead. Density and pressure floors
// (mhd.floors) keep the tail alive.
//
// The gravity is this problem's own source (ProblemWithSources): a device-callable functor that
// the solver's stage kernels call on the host and on the GPU.
#include <algorithm>
#include <cmath>

#include "alfven/core/error.hpp"
#include "alfven/mhd/problem_sources.hpp"
#include "builtin_configs.hpp"

namespace alfven {
namespace mhd {
namespace {

/// Gravity toward the origin: force density -rho g x / r^3 (MISO's ExternalSources of the demo).
template <typename Real>
struct PlanetGravity {
  static constexpr bool active = true;
  Real g;      ///< acceleration at r = 1
  Real r_min;  ///< below this radius (inside the planet) the force is that at r_min
  ALFVEN_HOST_DEVICE void operator()(const Primitive<Real>& q, const Real* x, Real* force,
                                     Real&) const {
    const Real r2 = math::max(x[0] * x[0] + x[1] * x[1] + x[2] * x[2], r_min * r_min);
    const Real f = -q.rho * g / (r2 * math::sqrt(r2));
    for (int a = 0; a < 3; ++a) force[a] = f * x[a];
  }
};

class Magnetosphere final : public ProblemWithSources<Magnetosphere> {
 public:
  std::string name() const override { return "magnetosphere"; }
  std::string description() const override {
    return "a planet's dipole in the solar wind (MISO's mhd3d_magnetosphere, after Ogino 1986), "
           "3D, embedded planet";
  }
  std::string default_config() const override { return builtin_config_text("magnetosphere"); }
  std::vector<ProblemParameterSpec> parameters() const override {
    using P = ProblemParameterSpec;
    return {
        {"solar_wind_density", P::Real, "5e-4", "density of the solar wind"},
        {"solar_wind_pressure", P::Real, "3.56e-8", "gas pressure of the solar wind"},
        {"solar_wind_velocity", P::Real, "0.05", "v_x of the solar wind (entering at x_min)"},
        {"imf_bz", P::Real, "-1.5e-4", "B_z of the interplanetary field carried by the wind"},
        {"planet_pressure", P::Real, "5.4e-7",
         "p_planet of the atmosphere p = max(p_planet / r^2, p_sw)"},
        {"gravity", P::Real, "1.35e-6", "gravitational acceleration at r = 1 (falls as 1 / r^2)"},
        {"planet_radius", P::Real, "3.5",
         "radius of the planet: inside it the state is that of the surface point on the same "
         "radius (give "
         "the embedded body of bodies: the same radius)"}};
  }
  void configure(const RunConfig& c) override {
    rho_sw_ = parameter_as_double(c, "solar_wind_density");
    p_sw_ = parameter_as_double(c, "solar_wind_pressure");
    v_sw_ = parameter_as_double(c, "solar_wind_velocity");
    bz_imf_ = parameter_as_double(c, "imf_bz");
    p_planet_ = parameter_as_double(c, "planet_pressure");
    g_ = parameter_as_double(c, "gravity");
    radius_ = parameter_as_double(c, "planet_radius");
    ALFVEN_REQUIRE(rho_sw_ > 0 && p_sw_ > 0 && p_planet_ > 0,
                   "magnetosphere: problem_parameters.solar_wind_density, solar_wind_pressure and "
                   "planet_pressure "
                   "must be > 0");
    ALFVEN_REQUIRE(
        c.i_size > 1 && c.j_size > 1 && c.k_size > 1,
        "magnetosphere: the run is 3D; set grid.i_size, j_size and k_size > 1 (e.g. 64)");
    gamma_ = c.gamma;
    x_min_ = c.x_min;
    r_min_ = 0.5 * std::min({(c.x_max - c.x_min) / c.i_size, (c.y_max - c.y_min) / c.j_size,
                             (c.z_max - c.z_min) / c.k_size});
  }
  InitialState initial_state(double x, double y, double z) const override {
    InitialState q;
    if (x < x_min_) {  // the ghost cells of the inflow face: the solar wind
      q.density = rho_sw_;
      q.velocity[0] = v_sw_;
      q.magnetic_field[2] = bz_imf_;
      q.internal_energy = p_sw_ / ((gamma_ - 1) * rho_sw_);
      return q;
    }
    // Inside the planet the state is that of its surface point on the same radius: the cells a
    // fluid stencil reads there then hold the surface's field (a dipole resolved by a few cells
    // would otherwise put its large, badly resolved core field into the stencils next to the wall).
    const double r0 = std::sqrt(x * x + y * y + z * z);
    if (r0 < radius_) {
      const double s = r0 > 0 ? radius_ / r0 : 0.0;
      if (s == 0) {
        x = radius_;
      } else {
        x *= s;
        y *= s;
        z *= s;
      }
    }
    const double r = std::max(std::sqrt(x * x + y * y + z * z), r_min_);
    const double inv_r = 1 / r, inv_r5 = std::pow(inv_r, 5);
    q.density = std::max(inv_r * inv_r * inv_r, 0.2 * rho_sw_);
    q.magnetic_field[0] = -3 * x * z * inv_r5;
    q.magnetic_field[1] = -3 * y * z * inv_r5;
    q.magnetic_field[2] = (x * x + y * y - 2 * z * z) * inv_r5;
    q.internal_energy = std::max(p_planet_ * inv_r * inv_r, p_sw_) / ((gamma_ - 1) * q.density);
    return q;
  }
  /// The gravity of the planet (PlanetGravity) in precision Real.
  template <typename Real>
  PlanetGravity<Real> sources() const {
    return {Real(g_), Real(r_min_)};
  }

 private:
  double rho_sw_ = 5e-4, p_sw_ = 3.56e-8, v_sw_ = 0.05, bz_imf_ = -1.5e-4, p_planet_ = 5.4e-7,
         g_ = 1.35e-6;
  double gamma_ = 5.0 / 3.0, x_min_ = -44.8, r_min_ = 0.35, radius_ = 3.5;
};

}  // namespace

std::unique_ptr<Problem> make_magnetosphere() {
  return std::make_unique<Magnetosphere>();
}

}  // namespace mhd
}  // namespace alfven
