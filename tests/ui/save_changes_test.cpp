// "Save changes?" (save_changes.cpp): quitting, opening and starting a lesson with unsaved
// changes ask first; Save, Don't save and Cancel each do what they say; a restored session's
// changes stay marked.

#include <gtest/gtest.h>

#include <filesystem>
#include <string>

#include "headless_ui.h"
#include "roofline/persist/scenario_file.h"
#include "roofline/ui/classroom.h"
#include "roofline/ui/keys.h"

namespace roofline {

// file_dialog.cpp (ui_internal.h).
std::string save_scenario_to(AppState& s, const std::string& path);
std::string open_scenario_file(AppState& s, const std::string& path);

namespace {

const PresetLibrary& lib() { return PresetLibrary::builtin(); }

// The modal's text, spaces left out (they draw no glyph), "" when it is not shown.
std::string modal_text(const test::HeadlessUi& ui) {
  std::string all;
  for (const std::string& line : ui.window_text_lines("Save changes?")) all += line + "\n";
  return all;
}

std::filesystem::path temp_file(const char* name) {
  return std::filesystem::temp_directory_path() / name;
}

TEST(SaveChanges, NothingChangedNothingAsked) {
  test::HeadlessUi ui(lib().default_scenario());
  ui.frame(2);
  ui.shortcut(key::q);
  EXPECT_TRUE(ui.state.ui.quit_requested);
  EXPECT_FALSE(ui.state.ui.pending_discard.has_value());
}

TEST(SaveChanges, QuitAsksAndDontSaveQuits) {
  test::HeadlessUi ui(lib().default_scenario());
  ui.frame(2);
  ui.state.doc.batch = 8;
  ui.shortcut(key::q);
  ui.frame();
  EXPECT_FALSE(ui.state.ui.quit_requested);
  ASSERT_TRUE(ui.state.ui.pending_discard.has_value());
  const std::string text = modal_text(ui);
  EXPECT_NE(text.find("Thescenariohaschangesthatarenotsaved."), std::string::npos) << text;
  EXPECT_NE(text.find("Savethembeforeyouquit?"), std::string::npos) << text;
  EXPECT_NE(text.find("Saveas…"), std::string::npos) << text;  // no file yet
  ui.tap(key::d);
  EXPECT_TRUE(ui.state.ui.quit_requested);
  EXPECT_FALSE(ui.state.ui.pending_discard.has_value());
}

// Esc answers the question only: presentation mode (whose shortcut is Esc too) stays on.
TEST(SaveChanges, EscapeCancelsAndTheDocumentStays) {
  test::HeadlessUi ui(lib().default_scenario());
  ui.frame(2);
  set_presentation(ui.state, true);
  ui.frame(2);
  ui.state.doc.batch = 8;
  ui.shortcut(key::q);
  ui.frame();
  ui.tap(key::escape);
  EXPECT_TRUE(ui.state.classroom.presentation);
  EXPECT_FALSE(ui.state.ui.quit_requested);
  EXPECT_FALSE(ui.state.ui.pending_discard.has_value());
  EXPECT_EQ(ui.state.doc.batch, 8);
  EXPECT_EQ(modal_text(ui), "");
}

// Save writes the document's own file, then opens the other one.
TEST(SaveChanges, SaveWritesTheFileThenOpens) {
  test::HeadlessUi ui(lib().default_scenario());
  ui.frame(2);
  const std::string a = temp_file("roofline-save-changes-a.roofline.json").string();
  const std::string b = temp_file("roofline-save-changes-b.roofline.json").string();
  ui.state.doc.batch = 8;
  ASSERT_EQ(save_scenario_to(ui.state, b), "");
  ui.state.doc.batch = 16;
  ASSERT_EQ(save_scenario_to(ui.state, a), "");
  ui.state.doc.batch = 64;  // not saved
  ASSERT_EQ(open_scenario_file(ui.state, b), "");
  ui.frame(2);  // an auto-sized window shows from its second frame
  EXPECT_EQ(ui.state.doc.batch, 64) << "nothing replaced before the answer";
  EXPECT_NE(modal_text(ui).find("“roofline-save-changes-a.roofline.json”haschanges"),
            std::string::npos)
      << modal_text(ui);
  EXPECT_NE(modal_text(ui).find("Savethembeforeyouopenroofline-save-changes-b.roofline.json?"),
            std::string::npos)
      << modal_text(ui);
  ui.tap(key::enter);
  auto saved = load_scenario_file(a, lib());
  ASSERT_TRUE(saved) << saved.error();
  EXPECT_EQ(saved->scenario.batch, 64);  // the change went into a first
  EXPECT_EQ(ui.state.doc.batch, 8);      // then b opened
  EXPECT_EQ(ui.state.ui.scenario_path, b);
  EXPECT_FALSE(document_modified(ui.state));
  std::filesystem::remove(a);
  std::filesystem::remove(b);
}

// An untitled document: Save is Save as…, and what was asked waits for the file to be written;
// when Save as… is given up, so is what waited.
TEST(SaveChanges, SaveAsWaitsForTheFileOrGivesUpWithIt) {
  test::HeadlessUi ui(lib().default_scenario());
  ui.frame(2);
  ui.state.doc.batch = 8;
  ui.shortcut(key::q);
  ui.frame();
  ui.tap(key::enter);
  EXPECT_EQ(ui.state.ui.file_dialog.action, FileAction::save_scenario_as);
  ASSERT_TRUE(ui.state.ui.pending_discard.has_value());
  EXPECT_TRUE(ui.state.ui.pending_discard->waiting_for_save);
  EXPECT_FALSE(ui.state.ui.quit_requested);
  // The dialog gives up.
  ui.state.ui.file_dialog.action = FileAction::none;
  ui.frame();
  EXPECT_FALSE(ui.state.ui.pending_discard.has_value());
  EXPECT_FALSE(ui.state.ui.quit_requested);
  // Again, and this time the file is written (as the dialog's Save does).
  ui.shortcut(key::q);
  ui.frame();
  ui.tap(key::enter);
  const std::string path = temp_file("roofline-save-changes-as.roofline.json").string();
  ASSERT_EQ(save_scenario_to(ui.state, path), "");
  ui.frame();
  EXPECT_TRUE(ui.state.ui.quit_requested);
  std::filesystem::remove(path);
}

// The window's close button asks as Ctrl+Q does: the same unless_unsaved("quit"), from the
// platform's loop (window_loop.cpp); here the modal's Cancel button, clicked.
TEST(SaveChanges, TheButtonsDoWhatTheySay) {
  test::HeadlessUi ui(lib().default_scenario());
  ui.frame(2);
  ui.state.doc.batch = 8;
  unless_unsaved(ui.state, "quit", [](AppState& a) { a.ui.quit_requested = true; });
  ui.frame(2);
  const ImVec2 cancel = ui.text_screen_pos("Save changes?", "Cancel");
  ASSERT_GE(cancel.x, 0) << modal_text(ui);
  ui.click(cancel);
  EXPECT_FALSE(ui.state.ui.pending_discard.has_value());
  EXPECT_FALSE(ui.state.ui.quit_requested);
  unless_unsaved(ui.state, "quit", [](AppState& a) { a.ui.quit_requested = true; });
  ui.frame(2);
  ui.click(ui.text_screen_pos("Save changes?", "Don'tsave"));
  EXPECT_TRUE(ui.state.ui.quit_requested);
}

// A lesson's own steps are not the user's work: starting another asks nothing.
TEST(SaveChanges, ALessonStartAsksOnlyForTheUsersWork) {
  test::HeadlessUi ui(lib().default_scenario());
  ui.frame(2);
  const LessonCatalog& catalog = builtin_lessons(lib());
  ASSERT_GE(catalog.lessons.size(), 2u);
  ui.state.doc.batch = 8;
  unless_unsaved(ui.state, "start the lesson",
                 [&](AppState& a) { start_lesson(a, catalog.lessons[0], false); });
  ui.frame();
  EXPECT_FALSE(ui.state.classroom.run.has_value());
  ui.tap(key::d);
  ASSERT_TRUE(ui.state.classroom.run.has_value());
  ui.frame(3);
  ASSERT_TRUE(document_modified(ui.state));  // the lesson's scenario
  unless_unsaved(ui.state, "start the lesson",
                 [&](AppState& a) { start_lesson(a, catalog.lessons[1], false); });
  EXPECT_FALSE(ui.state.ui.pending_discard.has_value());
  EXPECT_EQ(ui.state.classroom.run->lesson.id, catalog.lessons[1].id);
}

// A restored session is compared with its file as it is on disk: a change not saved last time
// is still a change; a file gone is nothing to match.
TEST(SaveChanges, ARestoredSessionKeepsItsChangedMark) {
  const std::string path = temp_file("roofline-save-changes-restore.roofline.json").string();
  ScenarioFile on_disk = default_scenario_file(lib());
  on_disk.scenario.batch = 8;
  ASSERT_EQ(save_scenario_file(path, on_disk).error(), "");
  ScenarioFile session = on_disk;
  session.scenario.batch = 32;  // changed after the save, then the app quit
  test::HeadlessUi ui(session);
  ui.state.ui.scenario_path = path;
  EXPECT_FALSE(document_modified(ui.state));  // make_app_state marks what it was given
  mark_saved_as(ui.state, *load_scenario_file(path, lib()));
  EXPECT_TRUE(document_modified(ui.state));
  EXPECT_EQ(window_title(ui.state), "roofline — roofline-save-changes-restore.roofline.json •");
  ui.state.doc.batch = 8;
  EXPECT_FALSE(document_modified(ui.state));
  mark_unsaved(ui.state);
  EXPECT_TRUE(document_modified(ui.state));
  ASSERT_EQ(save_scenario_to(ui.state, path), "");
  EXPECT_FALSE(document_modified(ui.state));
  std::filesystem::remove(path);
}

}  // namespace
}  // namespace roofline
