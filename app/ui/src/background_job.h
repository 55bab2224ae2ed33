#pragma once
// Work that must not block the UI thread (a figure written, a profile read): on its own thread
// on the desktop, polled through the future. The web build has no threads (they need
// cross-origin isolation headers a static host cannot send), so there the work runs at once
// and the future is ready when this returns; the UI polls it the same way.

#include <exception>
#include <future>
#include <type_traits>
#include <utility>

namespace roofline {

template <class Work>
std::future<std::invoke_result_t<Work>> start_background_job(Work&& work) {
#ifdef __EMSCRIPTEN__
  std::promise<std::invoke_result_t<Work>> done;
  try {
    done.set_value(std::forward<Work>(work)());
  } catch (...) {
    done.set_exception(std::current_exception());
  }
  return done.get_future();
#else
  return std::async(std::launch::async, std::forward<Work>(work));
#endif
}

}  // namespace roofline
