// roofline_fake_portal: a private session bus with the fake file chooser portal on it, for the
// end-to-end test of the real app (tests/e2e/desktop_file_chooser.sh).
//   roofline_fake_portal ADDRESS_FILE LOG_FILE SECONDS URI...
// Writes the bus address to ADDRESS_FILE once the portal owns its name, answers the n-th
// request with the n-th URI (then cancels), appends "METHOD|TITLE|PARENT|NAME" per request to
// LOG_FILE, and exits after SECONDS.

#include <signal.h>

#include <atomic>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <string>
#include <thread>

#include "fake_portal.h"

namespace {
std::atomic<bool> stop{false};
void on_term(int) { stop = true; }  // end the loop, so the bus is taken down with us
}  // namespace

int main(int argc, char** argv) {
  signal(SIGTERM, on_term);
  signal(SIGINT, on_term);
  if (argc < 4) {
    std::fprintf(stderr, "usage: %s ADDRESS_FILE LOG_FILE SECONDS URI...\n", argv[0]);
    return 2;
  }
  roofline::testing::PrivateBus bus;
  if (bus.address().empty()) {
    std::fprintf(stderr, "roofline_fake_portal: %s\n", bus.error().c_str());
    return 1;
  }
  roofline::testing::FakePortal portal(bus.address());
  if (!portal.ready()) {
    std::fprintf(stderr, "roofline_fake_portal: could not own org.freedesktop.portal.Desktop\n");
    return 1;
  }
  size_t answered = 0;
  auto script_next = [&] {
    roofline::testing::FakePortal::Script s;
    if (3 + 1 + answered < static_cast<size_t>(argc)) {
      s.uris = {argv[4 + answered]};
    } else {
      s.response = 1;
    }
    portal.set_script(s);
  };
  script_next();
  std::ofstream(std::string(argv[1]) + ".tmp") << bus.address() << "\n";
  std::rename((std::string(argv[1]) + ".tmp").c_str(), argv[1]);
  const auto end = std::chrono::steady_clock::now() + std::chrono::seconds(std::atoi(argv[3]));
  while (!stop && std::chrono::steady_clock::now() < end) {
    std::this_thread::sleep_for(std::chrono::milliseconds(20));
    const auto calls = portal.calls();
    while (answered < calls.size()) {
      const auto& c = calls[answered];
      std::ofstream(argv[2], std::ios::app)
          << c.method << "|" << c.title << "|" << c.parent_window << "|" << c.current_name << "\n";
      ++answered;
      script_next();
    }
  }
  return 0;
}
