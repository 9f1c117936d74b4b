// A problem of your own, with source terms of its own written in C++ that run inside the solver's
// kernels on the CPU and the GPU: a hot, magnetised bubble in an isothermal atmosphere that
//   - feels the gravity of the problem's own force density, -rho g y^,
//   - cools back towards the atmosphere's temperature (a heating rate, Newtonian cooling),
//   - diffuses its field through a resistivity that is large only inside the bubble's start region.
// The atmosphere is hydrostatic, rho = exp(-y / H) with the scale height H = c^2 / g; the bubble
// (radius 0.1, twice as hot, the same pressure) is buoyant and rises.
//
//   build/release/examples/custom_problem [--set key=value ...]
//
// writes hot_bubble/ (HDF5 snapshots, run.xdmf, log.csv, density PNGs). Registered with
// register_problem, it runs exactly like a built-in problem. In a CUDA build CMake compiles this
// file with nvcc (examples/CMakeLists.txt), so `--backend cuda` runs the same sources on the GPU.
#include <cmath>
#include <iostream>

#include "alfven/mhd/problem_sources.hpp"
#include "alfven/mhd/run.hpp"

namespace {

using namespace alfven::mhd;

// The sources: a trivially copyable functor whose members the kernels call (source.hpp). Everything
// it needs is copied into it (no pointers to host memory, no virtual functions).
template <typename Real>
struct BubbleSources {
  static constexpr bool active = true;               // it gives a force and a heating rate ...
  static constexpr bool varying_resistivity = true;  // ... and a resistivity eta(x)
  Real g;                                            // gravitational acceleration, along -y
  Real e_ambient;                                    // specific internal energy of the atmosphere
  Real cooling_time;                                 // Newtonian cooling time
  Real eta, eta_radius;  // resistivity inside r < eta_radius of the bubble's start, 0 outside
  Real centre[2];

  // q: the primitive state of the cell (rho, v, B, e, psi); x: its centre. force and heating are
  // zero on entry. The solver adds the work of the force, v . force, to the energy itself.
  ALFVEN_HOST_DEVICE void operator()(const Primitive<Real>& q, const Real* x, Real* force,
                                     Real& heating) const {
    (void)x;
    force[1] = -q.rho * g;
    heating = -q.rho * (q.e - e_ambient) / cooling_time;
  }
  // The magnetic diffusivity at x (a face centre), added to resistivity.eta of the configuration.
  ALFVEN_HOST_DEVICE Real resistivity(const Real* x) const {
    const Real dx = x[0] - centre[0], dy = x[1] - centre[1];
    return dx * dx + dy * dy < eta_radius * eta_radius ? eta : Real(0);
  }
};

class HotBubble final : public ProblemWithSources<HotBubble> {
 public:
  std::string name() const override { return "hot_bubble"; }
  std::string description() const override {
    return "a hot magnetised bubble rising in an atmosphere (example)";
  }
  // The complete configuration: grid, time, scheme. Users may override any key with --set.
  std::string default_config() const override {
    return R"(problem: hot_bubble
grid: {i_size: 96, j_size: 192, k_size: 1, x_min: -0.5, x_max: 0.5, y_min: 0, y_max: 2}
domain: {periodic: {x: true, y: false, z: true}}
boundary: {y_lower: fixed, y_upper: fixed}
time: {tend: 1.0, dt_output: 0.1}
mhd: {cfl_number: 0.4}
eos: {gm: 1.6666666666666667}
problem_parameters: {gravity: 1, scale_height: 1, cooling_time: 0.5, resistivity: 0.002}
)";
  }
  std::vector<ProblemParameterSpec> parameters() const override {
    using P = ProblemParameterSpec;
    return {
        {"gravity", P::Real, "1", "gravitational acceleration g along -y"},
        {"scale_height", P::Real, "1", "scale height H of the isothermal atmosphere"},
        {"cooling_time", P::Real, "0.5",
         "Newtonian cooling time towards the atmosphere's temperature"},
        {"resistivity", P::Real, "0.002", "magnetic diffusivity inside the bubble's start region"}};
  }
  void configure(const RunConfig& c) override {
    g_ = parameter_as_double(c, "gravity");
    h_ = parameter_as_double(c, "scale_height");
    cooling_ = parameter_as_double(c, "cooling_time");
    eta_ = parameter_as_double(c, "resistivity");
    gamma_ = c.gamma;
    if (!(h_ > 0 && cooling_ > 0 && eta_ >= 0))
      throw alfven::Error(
          "hot_bubble: scale_height and cooling_time must be > 0, resistivity >= 0");
  }
  InitialState initial_state(double x, double y, double) const override {
    const double c2 = g_ * h_;                // isothermal sound speed squared
    const double p = std::exp(-y / h_) * c2;  // hydrostatic: dp/dy = -rho g
    const double hot = std::hypot(x, y - 0.4) < 0.1 ? 2.0 : 1.0;
    InitialState s;
    s.density = p / c2 / hot;  // the same pressure, `hot` times the temperature
    s.internal_energy = p / ((gamma_ - 1) * s.density);
    s.magnetic_field[0] = 0.1;  // a weak horizontal field (Gaussian units)
    return s;
  }
  // Called by ProblemWithSources for float and double: the functor above, filled in.
  template <typename Real>
  BubbleSources<Real> sources() const {
    const double e_ambient = g_ * h_ / (gamma_ - 1);
    return {Real(g_),   Real(e_ambient), Real(cooling_),
            Real(eta_), Real(0.15),      {Real(0), Real(0.4)}};
  }

 private:
  double g_ = 1, h_ = 1, cooling_ = 0.5, eta_ = 0.002, gamma_ = 5.0 / 3.0;
};

}  // namespace

int main(int argc, char** argv) {
  register_problem([] { return std::make_unique<HotBubble>(); });
  RunOptions options;
  options.config = "hot_bubble";
  for (int i = 1; i + 1 < argc; i += 2) {
    if (std::string(argv[i]) == "--set") options.overrides.push_back(argv[i + 1]);
    if (std::string(argv[i]) == "--backend") options.backend = argv[i + 1];
  }
  try {
    const RunSummary s = run(options, std::cout);
    std::cout << "\n"
              << s.steps << " steps to t = " << s.time << "; output in " << s.output_dir << "/\n";
  } catch (const alfven::Error& e) {
    std::cerr << "error: " << e.what() << "\n";
    return 1;
  }
  return 0;
}
