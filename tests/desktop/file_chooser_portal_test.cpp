// FileChooserPortal against a fake portal on a private bus: what it asks (method, title,
// filters, folder, suggested name, parent window), what it makes of each answer (a file, a
// cancel, an error, no portal at all), and that it never blocks while waiting.

#include "roofline/desktop/file_chooser_portal.h"

#include <dbus/dbus.h>
#include <gtest/gtest.h>

#include <chrono>
#include <memory>
#include <string>
#include <thread>

#include "fake_portal.h"

namespace roofline::desktop {
namespace {

using roofline::testing::FakePortal;
using roofline::testing::PrivateBus;

// Polls until the outcome is final (or 10 s pass), as the UI does once a frame.
FileResult wait_for(FileChooserPortal& chooser) {
  const auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(10);
  FileResult r = chooser.poll();
  while (r.outcome == Outcome::pending && std::chrono::steady_clock::now() < deadline) {
    std::this_thread::sleep_for(std::chrono::milliseconds(5));
    r = chooser.poll();
  }
  return r;
}

FileRequest open_scenario_request() {
  FileRequest r;
  r.title = "Open scenario";
  r.accept_label = "Open";
  r.filters = {{"Scenarios (*.json)", {"*.json"}}, {"All files", {"*"}}};
  r.folder = "/home/ada/scenarios";
  return r;
}

TEST(FileUri, LocalPathsAreDecodedAndOthersRefused) {
  EXPECT_EQ(path_from_file_uri("file:///home/ada/my%20runs/llama.json"),
            "/home/ada/my runs/llama.json");
  EXPECT_EQ(path_from_file_uri("file://localhost/tmp/x.json"), "/tmp/x.json");
  EXPECT_EQ(path_from_file_uri("file:///tmp/%C3%A9t%C3%A9.json"), "/tmp/\xC3\xA9t\xC3\xA9.json");
  EXPECT_EQ(path_from_file_uri("sftp://server/tmp/x.json"), "");
  EXPECT_EQ(path_from_file_uri("file://server/tmp/x.json"), "");  // another host
  EXPECT_EQ(path_from_file_uri("file:///tmp/bad%2"), "");
  EXPECT_EQ(path_from_file_uri("file:///tmp/bad%zz"), "");
  EXPECT_EQ(path_from_file_uri("file:///tmp/nul%00.json"), "");
}

TEST(FileUri, RequestPathFollowsThePortalsRule) {
  EXPECT_EQ(request_object_path(":1.42", "roofline_7_1"),
            "/org/freedesktop/portal/desktop/request/1_42/roofline_7_1");
}

TEST(FileChooserPortal, NoBusMeansNoConnectionAndNoRequest) {
  FileChooserPortal chooser("unix:path=/nonexistent/roofline-test-bus");
  EXPECT_FALSE(chooser.connected());
  EXPECT_NE(chooser.connection_error().find("no session bus"), std::string::npos)
      << chooser.connection_error();
  EXPECT_FALSE(chooser.start(open_scenario_request()));
  EXPECT_EQ(chooser.poll().outcome, Outcome::idle);
}

class PortalTest : public ::testing::Test {
 protected:
  void SetUp() override { ASSERT_FALSE(bus.address().empty()) << bus.error(); }
  PrivateBus bus;
};

TEST_F(PortalTest, NoPortalOnTheBusIsUnavailable) {
  FileChooserPortal chooser(bus.address());
  ASSERT_TRUE(chooser.connected()) << chooser.connection_error();
  ASSERT_TRUE(chooser.start(open_scenario_request()));
  const FileResult r = wait_for(chooser);
  EXPECT_EQ(r.outcome, Outcome::unavailable);
  EXPECT_NE(r.message.find("ServiceUnknown"), std::string::npos) << r.message;
  EXPECT_FALSE(chooser.busy());
}

TEST_F(PortalTest, OpenAsksForTheFileAndReturnsThePathPicked) {
  FakePortal portal(bus.address());
  ASSERT_TRUE(portal.ready());
  portal.set_script({0, {"file:///tmp/with%20space/llama.json"}, "", false, false});
  FileChooserPortal chooser(bus.address());
  chooser.parent_window = "x11:1a00004";
  ASSERT_TRUE(chooser.start(open_scenario_request()));
  EXPECT_TRUE(chooser.busy());
  EXPECT_FALSE(chooser.start(open_scenario_request())) << "one request at a time";
  const FileResult r = wait_for(chooser);
  EXPECT_EQ(r.outcome, Outcome::picked) << r.message;
  EXPECT_EQ(r.path, "/tmp/with space/llama.json");
  EXPECT_EQ(chooser.poll().outcome, Outcome::idle) << "a final outcome comes once";

  const auto calls = portal.calls();
  ASSERT_EQ(calls.size(), 1u);
  const auto& c = calls[0];
  EXPECT_EQ(c.method, "OpenFile");
  EXPECT_EQ(c.title, "Open scenario");
  EXPECT_EQ(c.accept_label, "Open");
  EXPECT_EQ(c.parent_window, "x11:1a00004");
  EXPECT_TRUE(c.modal);
  EXPECT_EQ(c.current_folder, std::string("/home/ada/scenarios\0", 20));  // ay, NUL-ended
  ASSERT_EQ(c.filters.size(), 2u);
  EXPECT_EQ(c.filters[0].first, "Scenarios (*.json)");
  EXPECT_EQ(c.filters[0].second, std::vector<std::string>{"*.json"});
  EXPECT_EQ(c.filters[1].second, std::vector<std::string>{"*"});
  EXPECT_EQ(c.current_filter, "Scenarios (*.json)");
  EXPECT_EQ(c.current_name, "");
}

TEST_F(PortalTest, SaveSuggestsTheNameAndTheWindowOfTheRequestWins) {
  FakePortal portal(bus.address());
  ASSERT_TRUE(portal.ready());
  portal.set_script({0, {"file:///tmp/out/new.json"}, "", false, false});
  FileChooserPortal chooser(bus.address());
  chooser.parent_window = "x11:1";
  FileRequest r = open_scenario_request();
  r.save = true;
  r.title = "Save scenario as";
  r.accept_label = "Save";
  r.current_name = "llama.json";
  r.parent_window = "x11:2";
  ASSERT_TRUE(chooser.start(r));
  const FileResult got = wait_for(chooser);
  EXPECT_EQ(got.outcome, Outcome::picked) << got.message;
  EXPECT_EQ(got.path, "/tmp/out/new.json");
  const auto calls = portal.calls();
  ASSERT_EQ(calls.size(), 1u);
  EXPECT_EQ(calls[0].method, "SaveFile");
  EXPECT_EQ(calls[0].current_name, "llama.json");
  EXPECT_EQ(calls[0].parent_window, "x11:2");
}

TEST_F(PortalTest, CancelAndEmptyChoiceAreCancelled) {
  FakePortal portal(bus.address());
  ASSERT_TRUE(portal.ready());
  FileChooserPortal chooser(bus.address());
  portal.set_script({1, {}, "", false, false});
  ASSERT_TRUE(chooser.start(open_scenario_request()));
  EXPECT_EQ(wait_for(chooser).outcome, Outcome::cancelled);
  portal.set_script({0, {}, "", false, false});
  ASSERT_TRUE(chooser.start(open_scenario_request())) << "a new request once the last ended";
  EXPECT_EQ(wait_for(chooser).outcome, Outcome::cancelled);
}

TEST_F(PortalTest, OtherRequestsResponsesAreIgnoredAndAnOldPortalsOwnHandleIsFollowed) {
  FakePortal portal(bus.address());
  ASSERT_TRUE(portal.ready());
  FileChooserPortal chooser(bus.address());
  portal.set_script({0, {"file:///tmp/mine.json"}, "", false, true});
  ASSERT_TRUE(chooser.start(open_scenario_request()));
  FileResult r = wait_for(chooser);
  EXPECT_EQ(r.path, "/tmp/mine.json") << "not the other request's /etc/not-this-one.json";
  portal.set_script({0, {"file:///tmp/legacy.json"}, "", true, false});
  ASSERT_TRUE(chooser.start(open_scenario_request()));
  r = wait_for(chooser);
  EXPECT_EQ(r.outcome, Outcome::picked) << r.message;
  EXPECT_EQ(r.path, "/tmp/legacy.json");
}

TEST_F(PortalTest, ErrorsAndRemoteFilesSayWhat) {
  FakePortal portal(bus.address());
  ASSERT_TRUE(portal.ready());
  FileChooserPortal chooser(bus.address());
  portal.set_script({2, {}, "", false, false});
  ASSERT_TRUE(chooser.start(open_scenario_request()));
  FileResult r = wait_for(chooser);
  EXPECT_EQ(r.outcome, Outcome::failed);
  EXPECT_EQ(r.message, "the file chooser ended with an error");

  portal.set_script({0, {"sftp://server/x.json"}, "", false, false});
  ASSERT_TRUE(chooser.start(open_scenario_request()));
  r = wait_for(chooser);
  EXPECT_EQ(r.outcome, Outcome::failed);
  EXPECT_EQ(r.message, "sftp://server/x.json: not a local file (only local files can be read)");

  portal.set_script({0, {}, "org.freedesktop.portal.Error.Failed", false, false});
  ASSERT_TRUE(chooser.start(open_scenario_request()));
  r = wait_for(chooser);
  EXPECT_EQ(r.outcome, Outcome::failed);
  EXPECT_EQ(r.message, "org.freedesktop.portal.Error.Failed: scripted failure");

  portal.set_script({0, {}, "org.freedesktop.DBus.Error.UnknownMethod", false, false});
  ASSERT_TRUE(chooser.start(open_scenario_request()));
  EXPECT_EQ(wait_for(chooser).outcome, Outcome::unavailable) << "a portal without FileChooser";
}

TEST_F(PortalTest, CancelClosesTheDialogAndAPortalThatLeavesEndsTheRequest) {
  auto portal = std::make_unique<FakePortal>(bus.address());
  ASSERT_TRUE(portal->ready());
  FakePortal::Script open_dialog;
  open_dialog.silent = true;
  portal->set_script(open_dialog);
  FileChooserPortal chooser(bus.address());
  ASSERT_TRUE(chooser.start(open_scenario_request()));
  // Until the portal has replied, then the dialog "stays open".
  for (int i = 0; i < 200 && portal->calls().empty(); ++i) {
    EXPECT_EQ(chooser.poll().outcome, Outcome::pending);
    std::this_thread::sleep_for(std::chrono::milliseconds(5));
  }
  for (int i = 0; i < 20; ++i) {
    EXPECT_EQ(chooser.poll().outcome, Outcome::pending);
    std::this_thread::sleep_for(std::chrono::milliseconds(5));
  }
  chooser.cancel();
  EXPECT_EQ(chooser.poll().outcome, Outcome::idle);
  for (int i = 0; i < 200 && portal->closed().empty(); ++i) {
    std::this_thread::sleep_for(std::chrono::milliseconds(5));
  }
  ASSERT_EQ(portal->closed().size(), 1u) << "Request.Close on the request's handle";
  EXPECT_NE(portal->closed()[0].find("/org/freedesktop/portal/desktop/request/"),
            std::string::npos);

  // A dialog open when the portal goes away (crashed, stopped): unavailable, not stuck.
  ASSERT_TRUE(chooser.start(open_scenario_request()));
  for (int i = 0; i < 200 && portal->calls().size() < 2; ++i) {
    (void)chooser.poll();
    std::this_thread::sleep_for(std::chrono::milliseconds(5));
  }
  for (int i = 0; i < 10; ++i) {
    (void)chooser.poll();
    std::this_thread::sleep_for(std::chrono::milliseconds(5));
  }
  portal.reset();
  const FileResult r = wait_for(chooser);
  EXPECT_EQ(r.outcome, Outcome::unavailable);
  EXPECT_EQ(r.message, "the file chooser portal left the bus");
}

// Esc pressed before the portal's reply was read: the dialog about to show is still closed.
TEST_F(PortalTest, CancelBeforeTheReplyStillClosesTheDialog) {
  FakePortal portal(bus.address());
  ASSERT_TRUE(portal.ready());
  FakePortal::Script open_dialog;
  open_dialog.silent = true;
  portal.set_script(open_dialog);
  FileChooserPortal chooser(bus.address());
  ASSERT_TRUE(chooser.start(open_scenario_request()));
  chooser.cancel();  // no poll in between
  EXPECT_FALSE(chooser.busy());
  for (int i = 0; i < 400 && portal.closed().empty(); ++i) {
    std::this_thread::sleep_for(std::chrono::milliseconds(5));
  }
  ASSERT_EQ(portal.closed().size(), 1u);
  EXPECT_NE(portal.closed()[0].find("/roofline_"), std::string::npos) << portal.closed()[0];
  EXPECT_EQ(chooser.poll().outcome, Outcome::idle);
}

TEST_F(PortalTest, PollNeverWaitsAndASilentPortalIsGivenUp) {
  // A connection that owns the portal's name and never reads a message: the request is taken
  // and never answered.
  DBusError err;
  dbus_error_init(&err);
  DBusConnection* silent = dbus_connection_open_private(bus.address().c_str(), &err);
  ASSERT_NE(silent, nullptr);
  struct Closer {
    DBusConnection* c;
    ~Closer() {
      dbus_connection_close(c);
      dbus_connection_unref(c);
    }
  } closer{silent};
  ASSERT_TRUE(dbus_bus_register(silent, &err));
  ASSERT_EQ(dbus_bus_request_name(silent, "org.freedesktop.portal.Desktop",
                                  DBUS_NAME_FLAG_DO_NOT_QUEUE, &err),
            DBUS_REQUEST_NAME_REPLY_PRIMARY_OWNER);
  FileChooserPortal chooser(bus.address());
  chooser.reply_timeout_s = 0.3;
  ASSERT_TRUE(chooser.start(open_scenario_request()));
  const auto before = std::chrono::steady_clock::now();
  EXPECT_EQ(chooser.poll().outcome, Outcome::pending);
  EXPECT_LT(std::chrono::steady_clock::now() - before, std::chrono::milliseconds(200))
      << "poll must not wait for the portal";
  const FileResult r = wait_for(chooser);
  EXPECT_EQ(r.outcome, Outcome::unavailable);
  EXPECT_EQ(r.message, "the file chooser portal did not answer");
}

}  // namespace
}  // namespace roofline::desktop
