// The desktop's file chooser on the real UI path, with a scripted FileChooser in place of the
// XDG portal (the portal itself is tested on a private bus in tests/desktop): Ctrl+O and
// Ctrl+Shift+S ask it, the window keeps drawing while it is open, and each answer ends as a
// user expects: the file opened or saved, nothing on cancel, the in-app dialog where the desktop
// has no chooser or it failed, a bad file's error in the status line.

#include <gtest/gtest.h>
#include <unistd.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>

#include "headless_ui.h"
#include "roofline/io/json_io.h"
#include "roofline/persist/scenario_file.h"
#include "roofline/ui/frame.h"

namespace roofline::test {
namespace {

namespace fs = std::filesystem;

const PresetLibrary& lib() { return PresetLibrary::builtin(); }

// Keeps what it was asked; answers pending until the test sets the answer.
class ScriptedChooser : public desktop::FileChooser {
 public:
  bool start(const desktop::FileRequest& r) override {
    requests.push_back(r);
    open = true;
    return true;
  }
  desktop::FileResult poll() override {
    if (!open) return {};
    if (answer.outcome == desktop::Outcome::pending) return answer;
    open = false;
    return answer;
  }
  void cancel() override {
    open = false;
    ++cancels;
  }
  std::vector<desktop::FileRequest> requests;
  int cancels = 0;
  desktop::FileResult answer{desktop::Outcome::pending, {}, {}};
  bool open = false;
};

struct Fixture {
  Fixture() : ui(lib().default_scenario()), chooser(std::make_shared<ScriptedChooser>()) {
    fs::create_directories(dir);
    ui.state.ui.file_chooser = chooser;
    ui.frame(3);
  }
  ~Fixture() { fs::remove_all(dir); }
  std::string file(const std::string& name, const std::string& content) const {
    const std::string p = (dir / name).string();
    std::ofstream(p) << content;
    return p;
  }
  fs::path dir = fs::temp_directory_path() / ("roofline_ui_chooser_" + std::to_string(getpid()));
  HeadlessUi ui;
  std::shared_ptr<ScriptedChooser> chooser;
};

TEST(FileChooser, CtrlOAsksTheDesktopAndOpensTheFilePicked) {
  Fixture f;
  const std::string path = f.file("h200 run.json", R"({"gpu": "h200", "model": "mistral-7b",
      "phase": "prefill", "batch": 7, "seq": 300})");
  f.ui.shortcut(key::o);
  ASSERT_EQ(f.chooser->requests.size(), 1u);
  const desktop::FileRequest& r = f.chooser->requests[0];
  EXPECT_FALSE(r.save);
  EXPECT_EQ(r.title, "Open scenario");
  EXPECT_EQ(r.accept_label, "Open");
  ASSERT_EQ(r.filters.size(), 2u);
  EXPECT_EQ(r.filters[0].name, "Scenarios (*.json)");
  EXPECT_EQ(r.filters[1].name, "All files");
  EXPECT_EQ(r.folder, fs::current_path().lexically_normal().string());
  EXPECT_EQ(f.ui.state.ui.file_dialog.action, FileAction::none) << "no in-app dialog";
  EXPECT_TRUE(background_work_pending(f.ui.state)) << "the window keeps polling";

  f.ui.frame(5);  // the dialog is open: the app keeps drawing, nothing changes
  EXPECT_EQ(f.ui.state.doc.gpu.id, "h100-sxm");
  f.ui.shortcut(key::o);
  EXPECT_EQ(f.chooser->requests.size(), 1u) << "one chooser at a time";
  EXPECT_TRUE(f.ui.state.ui.message_is_error);

  f.chooser->answer = {desktop::Outcome::picked, path, {}};
  f.ui.frame(2);
  EXPECT_EQ(f.ui.state.doc.gpu.id, "h200");
  EXPECT_EQ(f.ui.state.doc.batch, 7);
  EXPECT_EQ(f.ui.state.ui.scenario_path, path);
  EXPECT_EQ(f.ui.state.ui.message, "Opened " + path);
  EXPECT_FALSE(background_work_pending(f.ui.state));
}

TEST(FileChooser, SaveAsSuggestsTheNameAndWritesWhereThePortalSays) {
  Fixture f;
  f.ui.state.doc.batch = 48;
  f.ui.frame(1);
  f.ui.shortcut(key::s, /*shift=*/true);
  ASSERT_EQ(f.chooser->requests.size(), 1u);
  EXPECT_TRUE(f.chooser->requests[0].save);
  EXPECT_EQ(f.chooser->requests[0].title, "Save scenario as");
  EXPECT_EQ(f.chooser->requests[0].accept_label, "Save");
  EXPECT_EQ(f.chooser->requests[0].current_name, "scenario.json");
  const std::string path = (f.dir / "saved.json").string();
  f.chooser->answer = {desktop::Outcome::picked, path, {}};
  f.ui.frame(2);
  auto loaded = load_scenario_file(path, lib());
  ASSERT_TRUE(loaded) << loaded.error();
  EXPECT_EQ(loaded->scenario.batch, 48);
  EXPECT_EQ(f.ui.state.ui.scenario_path, path);
}

TEST(FileChooser, CancelLeavesEverythingAsItWas) {
  Fixture f;
  f.ui.state.ui.message.clear();
  f.ui.shortcut(key::o);
  f.chooser->answer = {desktop::Outcome::cancelled, {}, {}};
  f.ui.frame(2);
  EXPECT_EQ(f.ui.state.ui.file_dialog.action, FileAction::none);
  EXPECT_EQ(f.ui.state.ui.message, "");
  EXPECT_EQ(f.ui.state.doc.gpu.id, "h100-sxm");
  EXPECT_TRUE(f.ui.state.ui.file_chooser) << "still asked next time";
}

TEST(FileChooser, EscInTheWindowGivesUpOnAChooserThatNeverAnswers) {
  Fixture f;
  f.ui.shortcut(key::o);
  EXPECT_EQ(f.ui.state.ui.message,
            "Choosing in the desktop's file chooser (Esc here gives up on it).");
  f.ui.frame(3);
  f.ui.tap(key::escape);
  EXPECT_EQ(f.chooser->cancels, 1);
  EXPECT_EQ(f.ui.state.ui.file_dialog.chooser_action, FileAction::none);
  EXPECT_EQ(f.ui.state.ui.message, "");
  f.ui.shortcut(key::o);
  EXPECT_EQ(f.chooser->requests.size(), 2u) << "asked again";
}

TEST(FileChooser, NoPortalOpensTheInAppDialogFromThenOn) {
  Fixture f;
  f.ui.shortcut(key::o);
  f.chooser->answer = {desktop::Outcome::unavailable, {}, "ServiceUnknown"};
  f.ui.frame(2);
  EXPECT_EQ(f.ui.state.ui.file_dialog.action, FileAction::open_scenario);
  EXPECT_FALSE(f.ui.state.ui.file_chooser) << "not asked again this session";
  EXPECT_FALSE(f.ui.state.ui.message_is_error) << "no portal is the usual case: no word";
}

TEST(FileChooser, AFailureSaysSoAndOpensTheInAppDialog) {
  Fixture f;
  f.ui.shortcut(key::o);
  f.chooser->answer = {desktop::Outcome::failed, {}, "the file chooser ended with an error"};
  f.ui.frame(2);
  EXPECT_EQ(f.ui.state.ui.file_dialog.action, FileAction::open_scenario);
  EXPECT_TRUE(f.ui.state.ui.message_is_error);
  EXPECT_EQ(f.ui.state.ui.message,
            "The desktop's file chooser failed (the file chooser ended with an error); the app's "
            "own is open.");
}

TEST(FileChooser, ABadFilePickedKeepsTheDocumentAndSaysWhyInTheStatusLine) {
  Fixture f;
  const std::string path = f.file("bad.json", R"({"gpu": "h100-sxm", "batch": 0})");
  f.ui.shortcut(key::o);
  f.chooser->answer = {desktop::Outcome::picked, path, {}};
  f.ui.frame(2);
  EXPECT_TRUE(f.ui.state.ui.message_is_error);
  EXPECT_NE(f.ui.state.ui.message.find("bad.json"), std::string::npos) << f.ui.state.ui.message;
  EXPECT_NE(f.ui.state.ui.message.find("batch"), std::string::npos) << f.ui.state.ui.message;
  EXPECT_EQ(f.ui.state.doc.batch, 1);
  EXPECT_EQ(f.ui.state.ui.scenario_path, "");
}

TEST(FileChooser, ImportAsksWithItsOwnFilter) {
  Fixture f;
  f.ui.shortcut(key::i);
  ASSERT_EQ(f.chooser->requests.size(), 1u);
  EXPECT_EQ(f.chooser->requests[0].title, "Import measurements");
  EXPECT_EQ(f.chooser->requests[0].filters[0].patterns,
            (std::vector<std::string>{"*.csv", "*.json", "*.json.gz"}));
  EXPECT_EQ(f.chooser->requests[0].filters[0].name, "Profiles (*.csv, *.json, *.json.gz)");
}

// The export dialog's Choose… asks the desktop for the folder and name; Export writes there,
// in the format the picked name's extension says.
TEST(FileChooser, ExportChooseTakesTheFolderAndNameFromTheDesktop) {
  Fixture f;
  f.ui.shortcut(key::e);
  ASSERT_TRUE(f.ui.state.ui.export_dialog.open);
  f.ui.frame(2);
  const ImVec2 choose = f.ui.text_screen_pos("Export figure", "Choose…");
  ASSERT_GE(choose.x, 0) << "a Choose… button where the desktop has a chooser";
  f.ui.click(choose);
  ASSERT_EQ(f.chooser->requests.size(), 1u);
  const desktop::FileRequest& r = f.chooser->requests[0];
  EXPECT_TRUE(r.save);
  EXPECT_EQ(r.title, "Export figure");
  EXPECT_EQ(r.current_name, f.ui.state.ui.export_dialog.path);
  EXPECT_EQ(r.filters[0].patterns, std::vector<std::string>{"*.svg"});
  EXPECT_TRUE(f.ui.state.ui.export_dialog.choosing);
  const std::string picked = (f.dir / "figures for the talk.pdf").string();
  f.chooser->answer = {desktop::Outcome::picked, picked, {}};
  f.ui.frame(2);
  EXPECT_FALSE(f.ui.state.ui.export_dialog.choosing);
  EXPECT_EQ(f.ui.state.ui.export_dialog.folder.directory, f.dir.string());
  EXPECT_EQ(f.ui.state.ui.export_dialog.path, "figures for the talk.pdf");
  EXPECT_EQ(f.ui.state.ui.export_dialog.options.figure_format, FigureFormat::pdf)
      << "the picked name's extension picks the format";
  EXPECT_TRUE(f.ui.state.ui.export_dialog.open) << "Export still writes; the dialog stays";
}

// Without a desktop chooser: the in-app dialog offers Home and the desktop's places.
TEST(FileChooser, TheInAppDialogListsHomeAndPlaces) {
  const fs::path home =
      fs::temp_directory_path() / ("roofline_ui_home_" + std::to_string(getpid()));
  fs::create_directories(home / "Documents");
  fs::create_directories(home / ".config");
  std::ofstream(home / ".config/user-dirs.dirs") << "XDG_DOCUMENTS_DIR=\"$HOME/Documents\"\n";
  // HOME and XDG_CONFIG_HOME as they were, and the made-up home gone, however the test ends.
  struct Restore {
    std::string name;
    bool had;
    std::string value;
    explicit Restore(const char* n) : name(n), had(std::getenv(n) != nullptr) {
      if (had) value = std::getenv(n);
    }
    ~Restore() {
      if (had) {
        setenv(name.c_str(), value.c_str(), 1);
      } else {
        unsetenv(name.c_str());
      }
    }
  } restore_home("HOME"), restore_config("XDG_CONFIG_HOME");
  struct Remove {
    fs::path p;
    ~Remove() { fs::remove_all(p); }
  } remove{home};
  setenv("HOME", home.c_str(), 1);
  unsetenv("XDG_CONFIG_HOME");
  HeadlessUi ui(lib().default_scenario());
  ui.frame(3);
  ui.shortcut(key::o);
  ui.frame(2);
  const FolderListing& listing = ui.state.ui.file_dialog.folder;
  ASSERT_EQ(listing.places.size(), 2u);
  EXPECT_EQ(listing.places[0].label, "Home");
  EXPECT_EQ(listing.places[0].path, home.string());
  EXPECT_EQ(listing.places[1].label, "Documents");
  bool buttons = false;
  for (const std::string& line : ui.text_lines_of_windows_named("file_dialog")) {
    if (line.rfind("UpHomePlaces", 0) == 0) buttons = true;
  }
  EXPECT_TRUE(buttons) << "Up, Home and Places… side by side";
}

}  // namespace
}  // namespace roofline::test
