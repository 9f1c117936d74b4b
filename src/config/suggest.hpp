/// @file suggest.hpp
/// @brief "Did you mean ...?" for misspelt keys and names, by edit distance.
#pragma once

#include <string>
#include <vector>

namespace alfven {
namespace mhd {
namespace config_detail {

/// Optimal-string-alignment distance between `a` and `b`, ignoring case: insertions, deletions,
/// substitutions and swaps of two neighbouring characters each cost 1.
int edit_distance(const std::string& a, const std::string& b);

/// The candidate closest to `name`, or "" when none is close enough to be a likely misspelling
/// (at most 1 edit for names up to 4 characters, 2 up to 8, 3 beyond; never all of it). A
/// candidate whose length differs by more than that is skipped at once, so the search costs
/// O(candidates) however long `name` is.
std::string closest_match(const std::string& name, const std::vector<std::string>& candidates);

/// `a, b, c`: the candidates joined for a message.
std::string join_names(const std::vector<std::string>& names);

}  // namespace config_detail
}  // namespace mhd
}  // namespace alfven
