// "Save changes?": quitting, opening a scenario or an example, resetting and starting a lesson
// replace the document or end the app; while it has changes that are not saved they ask first.
// Save writes the file (Save as… when it has none, proceeding once that has saved), Don't save
// goes on, Cancel stays. Enter, D and Esc are the three.

#include <imgui.h>

#include <filesystem>
#include <string>
#include <utility>

#include "roofline/ui/keys.h"
#include "ui_internal.h"

namespace roofline {

void unless_unsaved(AppState& s, std::string what, std::function<void(AppState&)> proceed) {
  // A lesson's steps change the document for the class: they are not the user's work to keep.
  if (!document_modified(s) || s.classroom.run) {
    proceed(s);
    return;
  }
  if (s.ui.pending_discard && s.ui.pending_discard->waiting_for_save) {
    // Save as… is choosing a file for the last question: that one goes first.
    set_message(s, "Finish saving (or cancel the file dialog) first.", true);
    return;
  }
  s.ui.pending_discard = PendingDiscard{.what = std::move(what), .proceed = std::move(proceed)};
}

namespace {

void run_pending(AppState& s) {
  std::function<void(AppState&)> proceed = std::move(s.ui.pending_discard->proceed);
  s.ui.pending_discard.reset();
  proceed(s);
}

bool saving_as(const AppState& s) {
  const FileDialogState& d = s.ui.file_dialog;
  return d.action == FileAction::save_scenario_as ||
         d.chooser_action == FileAction::save_scenario_as;
}

}  // namespace

void draw_save_changes(AppState& s) {
  if (!s.ui.pending_discard) return;
  PendingDiscard& p = *s.ui.pending_discard;
  if (p.waiting_for_save) {
    if (!document_modified(s)) {
      run_pending(s);
    } else if (!saving_as(s)) {
      s.ui.pending_discard.reset();  // Save as… was cancelled: so is what waited for it
    }
    return;
  }
  constexpr const char* kTitle = "Save changes?";
  if (p.open_popup) {
    ImGui::OpenPopup(kTitle);
    p.open_popup = false;
  }
  const ImGuiViewport* vp = ImGui::GetMainViewport();
  ImGui::SetNextWindowPos({vp->WorkPos.x + vp->WorkSize.x / 2, vp->WorkPos.y + vp->WorkSize.y / 2},
                          ImGuiCond_Always, {0.5f, 0.5f});
  enum class Choice { none, save, discard, cancel } choice = Choice::none;
  if (ImGui::BeginPopupModal(kTitle, nullptr,
                             ImGuiWindowFlags_AlwaysAutoResize | ImGuiWindowFlags_NoMove)) {
    const std::string name =
        s.ui.scenario_path.empty()
            ? std::string("The scenario")
            : "“" + std::filesystem::path(s.ui.scenario_path).filename().string() + "”";
    ImGui::TextUnformatted((name + " has changes that are not saved.").c_str());
    ImGui::TextUnformatted(("Save them before you " + p.what + "?").c_str());
    ImGui::Spacing();
    const char* save_label = s.ui.scenario_path.empty() ? "Save as…" : "Save";
    if (ImGui::Button(save_label)) choice = Choice::save;
    item_tooltip(s.ui.scenario_path.empty()
                     ? "Choose a file for the scenario, then go on (Enter)."
                     : ("Write " + s.ui.scenario_path + ", then go on (Enter).").c_str());
    ImGui::SameLine();
    if (ImGui::Button("Don't save")) choice = Choice::discard;
    item_tooltip(
        "Go on without saving (D). The changes stay in this session's undo history "
        "only where what follows keeps it.");
    ImGui::SameLine();
    if (ImGui::Button("Cancel")) choice = Choice::cancel;
    item_tooltip("Keep the scenario as it is and do nothing (Esc).");
    // Not on the frame it appears: the Enter that chose a file in the Open dialog is still down.
    const ImGuiIO& io = ImGui::GetIO();
    if (choice == Choice::none && !io.WantTextInput && !ImGui::IsWindowAppearing()) {
      const bool plain = !io.KeyCtrl && !io.KeyAlt && !io.KeySuper;
      if (ImGui::IsKeyPressed(key::enter, false)) choice = Choice::save;
      if (plain && ImGui::IsKeyPressed(key::d, false)) choice = Choice::discard;
      if (ImGui::IsKeyPressed(key::escape, false)) choice = Choice::cancel;
    }
    if (choice != Choice::none) ImGui::CloseCurrentPopup();
    ImGui::EndPopup();
  } else if (!p.open_popup) {
    choice = Choice::cancel;  // closed from outside (a popup it cannot show under)
  }
  switch (choice) {
    case Choice::none:
      break;
    case Choice::save:
      if (s.ui.scenario_path.empty()) {
        p.waiting_for_save = true;
        open_file_dialog(s, FileAction::save_scenario_as);
        if (!saving_as(s)) s.ui.pending_discard.reset();  // the chooser is busy: said there
      } else if (std::string error = save_scenario_to(s, s.ui.scenario_path); !error.empty()) {
        set_message(s, error, true);  // nothing is lost: the document stays, unsaved
        s.ui.pending_discard.reset();
      } else {
        run_pending(s);
      }
      break;
    case Choice::discard:
      run_pending(s);
      break;
    case Choice::cancel:
      s.ui.pending_discard.reset();
      break;
  }
}

}  // namespace roofline
