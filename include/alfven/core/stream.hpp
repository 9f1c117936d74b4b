/// @file stream.hpp
/// @brief Stream and Event: owning, typed handles of CUDA streams and events, usable from plain
/// C++ files (no CUDA header here), so that host code can order device work across streams.
///
/// A default-constructed Stream is the legacy default stream (not owned; handle() == nullptr);
/// Stream::create() makes a non-blocking stream, which does not synchronise with the legacy
/// default stream (what lets copies on it overlap kernels there). A high-priority stream's
/// blocks are scheduled before waiting blocks of other streams. An Event without timing is the
/// cheapest to record and wait on; a timing event also gives elapsed_milliseconds().
///
/// In a CUDA build (ALFVEN_HAVE_CUDA) the functions are compiled once in src/core/device.cpp;
/// in a host build they do nothing (there is no device work to order), so callers need no
/// #ifdef. Runtime errors are fatal (ALFVEN_CUDA_CHECK). Both types are move-only.
#pragma once

#include <utility>

struct CUstream_st;  // cudaStream_t is CUstream_st*
struct CUevent_st;   // cudaEvent_t is CUevent_st*

namespace alfven {

/// A CUDA stream handle (a cudaStream_t); nullptr is the legacy default stream.
using StreamHandle = CUstream_st*;
/// A CUDA event handle (a cudaEvent_t).
using EventHandle = CUevent_st*;

namespace detail {
#if defined(ALFVEN_HAVE_CUDA)
StreamHandle stream_create(bool high_priority);
void stream_destroy(StreamHandle stream);
void stream_synchronize(StreamHandle stream);
EventHandle event_create(bool timing);
void event_destroy(EventHandle event);
void event_record(EventHandle event, StreamHandle stream);
void stream_wait(StreamHandle stream, EventHandle event);
void event_synchronize(EventHandle event);
float event_elapsed_milliseconds(EventHandle start, EventHandle end);
#else
inline StreamHandle stream_create(bool) {
  return nullptr;
}
inline void stream_destroy(StreamHandle) {}
inline void stream_synchronize(StreamHandle) {}
inline EventHandle event_create(bool) {
  return nullptr;
}
inline void event_destroy(EventHandle) {}
inline void event_record(EventHandle, StreamHandle) {}
inline void stream_wait(StreamHandle, EventHandle) {}
inline void event_synchronize(EventHandle) {}
inline float event_elapsed_milliseconds(EventHandle, EventHandle) {
  return 0.f;
}
#endif
}  // namespace detail

class Event;

/// A CUDA stream: the legacy default stream (default-constructed) or an owned non-blocking one
/// (create()).
class Stream {
 public:
  /// The legacy default stream (not owned).
  Stream() = default;
  /// A new non-blocking stream; `high_priority` takes the device's greatest priority.
  static Stream create(bool high_priority = false) {
    Stream s;
    s.handle_ = detail::stream_create(high_priority);
    return s;
  }
  ~Stream() { detail::stream_destroy(handle_); }
  Stream(Stream&& o) noexcept : handle_(std::exchange(o.handle_, nullptr)) {}
  Stream& operator=(Stream&& o) noexcept {
    if (this != &o) {
      detail::stream_destroy(handle_);
      handle_ = std::exchange(o.handle_, nullptr);
    }
    return *this;
  }
  Stream(const Stream&) = delete;
  Stream& operator=(const Stream&) = delete;

  /// The cudaStream_t (nullptr: the legacy default stream), for for_each, reduce and copies.
  StreamHandle handle() const { return handle_; }
  /// True for the legacy default stream.
  bool is_default() const { return handle_ == nullptr; }
  /// The host waits until the work queued on this stream has finished.
  void synchronize() const { detail::stream_synchronize(handle_); }
  /// Work queued on this stream after this call waits for `event` (the host does not wait).
  inline void wait(const Event& event) const;

 private:
  StreamHandle handle_ = nullptr;
};

/// A CUDA event: records a point in a stream's work.
class Event {
 public:
  /// An empty event (records nothing; create() makes a real one).
  Event() = default;
  /// A new event; `timing` events can be timed with elapsed_milliseconds().
  static Event create(bool timing = false) {
    Event e;
    e.handle_ = detail::event_create(timing);
    return e;
  }
  ~Event() { detail::event_destroy(handle_); }
  Event(Event&& o) noexcept : handle_(std::exchange(o.handle_, nullptr)) {}
  Event& operator=(Event&& o) noexcept {
    if (this != &o) {
      detail::event_destroy(handle_);
      handle_ = std::exchange(o.handle_, nullptr);
    }
    return *this;
  }
  Event(const Event&) = delete;
  Event& operator=(const Event&) = delete;

  EventHandle handle() const { return handle_; }
  /// Records the event on `stream`: it completes when the work queued there before it has.
  void record(const Stream& stream) const { detail::event_record(handle_, stream.handle()); }
  /// The host waits for the event.
  void synchronize() const { detail::event_synchronize(handle_); }
  /// Milliseconds between two completed timing events (cudaEventElapsedTime); 0 in a host build.
  static float elapsed_milliseconds(const Event& start, const Event& end) {
    return detail::event_elapsed_milliseconds(start.handle_, end.handle_);
  }

 private:
  EventHandle handle_ = nullptr;
};

inline void Stream::wait(const Event& event) const {
  detail::stream_wait(handle_, event.handle());
}

}  // namespace alfven
