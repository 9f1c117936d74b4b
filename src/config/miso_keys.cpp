/// @file miso_keys.cpp
/// @brief MISO's layout keys of a configuration (miso_keys.hpp), from the keys it gives.
#include "alfven/config/miso_keys.hpp"

#include "alfven/core/text.hpp"

namespace alfven {
namespace mhd {

namespace {

/// The value of the first of `keys` that `given` has, or nullptr.
const std::string* first_given(const GivenKeys& given, std::initializer_list<const char*> keys,
                               const char** which = nullptr) {
  for (const char* key : keys) {
    const auto it = given.find(key);
    if (it != given.end()) {
      if (which) *which = key;
      return &it->second;
    }
  }
  return nullptr;
}

int digits(const GivenKeys& given, std::initializer_list<const char*> keys, int fallback,
           const std::string& source) {
  const char* key = nullptr;
  const std::string* text = first_given(given, keys, &key);
  if (!text) return fallback;
  const auto value = text::parse_integer(*text);  // validated by the schema: a positive integer
  if (!value || *value < 1 || *value > kMaxMisoDigits)
    throw ConfigError({source + ": " + key + ": expected 1 to " + std::to_string(kMaxMisoDigits) +
                       " digits of a MISO file number, got " + *text});
  return int(*value);
}

}  // namespace

MisoLayoutKeys miso_layout_keys(const GivenKeys& given, const std::string& source) {
  MisoLayoutKeys k;
  if (const std::string* v = first_given(given, {"io.time_save_dir", "time.time_save_dir"}))
    k.time_dir = *v;
  if (const std::string* v = first_given(given, {"io.mpi_save_dir", "mpi.mpi_save_dir"}))
    k.mpi_dir = *v;
  if (const std::string* v = first_given(given, {"io.mhd_save_dir", "mhd.mhd_save_dir"}))
    k.mhd_dir = *v;
  k.output_digits = digits(given, {"io.n_output_digits", "time.n_output_digits"}, 8, source);
  k.rank_digits =
      digits(given, {"io.n_output_digits", "mhd.n_output_digits", "mpi.n_procs_digits"}, 8, source);
  if (const std::string* v = first_given(given, {"data_type.Endian"})) k.endian = *v;
  if (const std::string* v = first_given(given, {"data_type.Real"})) k.real = *v;
  const std::string* rt = first_given(given, {"physics.rt"});
  const std::string* mhd = first_given(given, {"physics.mhd"});
  k.rt = rt && *rt == "true";
  k.mhd = mhd ? *mhd == "true" : !k.rt;
  k.problem_given = given.count("problem") > 0;
  return k;
}

}  // namespace mhd
}  // namespace alfven
