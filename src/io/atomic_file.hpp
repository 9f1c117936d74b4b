// Private name of the atomic file helpers inside alfven_io (detail::), kept for the writers of
// this library; the functions are public in alfven/io/atomic_file.hpp.
#pragma once

#include "alfven/io/atomic_file.hpp"

namespace alfven {
namespace io {
namespace detail {

using io::move_into_place;
using io::require_no_temporary;
using io::sync_file;
using io::temporary_path;
using io::write_file_atomically;

}  // namespace detail
}  // namespace io
}  // namespace alfven
