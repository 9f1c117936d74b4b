/// @file suggest.cpp
/// @brief Edit distance (optimal string alignment, Damerau's transpositions included) and the
/// closest-candidate search used for "did you mean" hints.
#include "suggest.hpp"

#include <algorithm>

#include "alfven/core/text.hpp"

namespace alfven {
namespace mhd {
namespace config_detail {

namespace {
/// Largest distance still taken for a misspelling of a name of `length` characters.
int tolerance(std::size_t length) {
  if (length <= 4) return 1;
  if (length <= 8) return 2;
  return 3;
}
}  // namespace

int edit_distance(const std::string& a_in, const std::string& b_in) {
  const std::string a = text::to_lower(a_in), b = text::to_lower(b_in);
  const std::size_t n = a.size(), m = b.size();
  // d[i][j]: distance between the first i characters of a and the first j of b.
  std::vector<std::vector<int>> d(n + 1, std::vector<int>(m + 1, 0));
  for (std::size_t i = 0; i <= n; ++i) d[i][0] = static_cast<int>(i);
  for (std::size_t j = 0; j <= m; ++j) d[0][j] = static_cast<int>(j);
  for (std::size_t i = 1; i <= n; ++i) {
    for (std::size_t j = 1; j <= m; ++j) {
      const int cost = a[i - 1] == b[j - 1] ? 0 : 1;
      d[i][j] = std::min({d[i - 1][j] + 1, d[i][j - 1] + 1, d[i - 1][j - 1] + cost});
      if (i > 1 && j > 1 && a[i - 1] == b[j - 2] && a[i - 2] == b[j - 1]) {
        d[i][j] = std::min(d[i][j], d[i - 2][j - 2] + 1);
      }
    }
  }
  return d[n][m];
}

std::string closest_match(const std::string& name, const std::vector<std::string>& candidates) {
  std::string best;
  int best_distance = 0;
  for (const std::string& candidate : candidates) {
    const std::size_t longest = std::max(name.size(), candidate.size());
    // The distance is at least the difference of the lengths: a name far longer than every
    // candidate (a pasted file, 50 MB) is ruled out without the quadratic table.
    const std::size_t shortest = std::min(name.size(), candidate.size());
    if (longest - shortest > std::size_t(tolerance(longest))) continue;
    const int distance = edit_distance(name, candidate);
    const bool close =
        distance <= tolerance(longest) && static_cast<std::size_t>(distance) < longest;
    if (close && (best.empty() || distance < best_distance)) {
      best = candidate;
      best_distance = distance;
    }
  }
  return best;
}

std::string join_names(const std::vector<std::string>& names) {
  std::string out;
  for (const std::string& name : names) {
    if (!out.empty()) out += ", ";
    out += name;
  }
  return out;
}

}  // namespace config_detail
}  // namespace mhd
}  // namespace alfven
