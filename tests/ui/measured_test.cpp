// Measured kernels in the window, through the real UI path: an import on the worker, its result
// on the chart and in the Measured tab, a failed import that keeps what was there, "use these
// roofs", dropped files and closing.
#include <gtest/gtest.h>

#include <chrono>
#include <filesystem>
#include <fstream>
#include <thread>

#include "headless_ui.h"
#include "roofline/ui/measured.h"

namespace roofline {
namespace {

std::string sample(const std::string& name) {
  return std::string(ROOFLINE_TEST_DATA_DIR) + "/profiles/" + name;
}

// Frames until the import job is done (it runs on a worker), at most ~10 s.
void wait_for_import(test::HeadlessUi& ui) {
  for (int i = 0; i < 1000 && import_running(ui.state); ++i) {
    ui.frame();
    std::this_thread::sleep_for(std::chrono::milliseconds(10));
  }
  ui.frame(2);
}

Scenario ocr_decode() {
  auto s = preset_scenario(PresetLibrary::builtin(), "measured-kernels");
  EXPECT_TRUE(s) << s.error();
  return s->scenario;
}

TEST(Measured, ImportedKernelsAppearOnTheChartAndInTheirTab) {
  test::HeadlessUi ui(ocr_decode());
  ui.frame(2);
  ASSERT_TRUE(start_import(ui.state, sample("nsys_RTX5090_decode_cuda_gpu_kern_sum.csv")));
  wait_for_import(ui);
  ASSERT_NE(ui.state.measured.profile, nullptr) << ui.state.ui.message;
  EXPECT_EQ(ui.state.measured.profile->kernels.size(), 46u);
  EXPECT_EQ(ui.state.ui.message,
            "Imported nsys_RTX5090_decode_cuda_gpu_kern_sum.csv (Nsight Systems kernel summary: 46 "
            "kernels, 78,016 launches)");
  EXPECT_NE(ui.state.view.geometry.find_marker("measured:0"), nullptr);
  EXPECT_EQ(ui.state.ui.details_tab, 3);  // the Measured tab opened
  // 64 steps: the step the caption and the tab compare is 2.80 ms.
  ui.state.measured.steps = 64;
  ui.frame(2);
  const std::shared_ptr<const MeasuredLayer> layer = measured_layer(ui.state);
  ASSERT_NE(layer, nullptr);
  EXPECT_NEAR(layer->comparison.measured_step_s, 0.179072697 / 64, 1e-12);

  // A bad file: one message, the profile stays.
  ASSERT_TRUE(start_import(ui.state, sample("rocprof-compute_MI200_vcopy_sysinfo.csv")));
  wait_for_import(ui);
  EXPECT_TRUE(ui.state.ui.message_is_error);
  EXPECT_NE(ui.state.ui.message.find("describes the machine"), std::string::npos);
  EXPECT_EQ(ui.state.measured.profile->kernels.size(), 46u);
  EXPECT_NE(ui.state.view.geometry.find_marker("measured:0"), nullptr);

  close_measurements(ui.state);
  ui.frame(2);
  EXPECT_EQ(ui.state.measured.profile, nullptr);
  EXPECT_EQ(ui.state.view.geometry.find_marker("measured:0"), nullptr);
}

TEST(Measured, UseTheseRoofsIsOneUndoableChange) {
  Scenario s = ocr_decode();
  s.gpu = *PresetLibrary::builtin().gpu("mi300x");  // 5.3 TB/s
  test::HeadlessUi ui(s);
  ui.frame(2);
  ASSERT_EQ(import_now(ui.state, sample("rocprof-compute_MI200_vcopy_roofline.csv")), "");
  ui.frame(2);
  EXPECT_NE(ui.state.view.geometry.find_line("measured:roof:0"), nullptr);
  use_measured_roofs(ui.state);
  ui.frame(3);
  // HBM 1,388.7961 GB/s of 5.3 TB/s.
  EXPECT_NEAR(ui.state.doc.memory_efficiency, 1388.7961e9 / 5.3e12, 1e-12);
  EXPECT_TRUE(undo(ui.state));
  EXPECT_EQ(ui.state.doc.memory_efficiency, 1.0);
}

TEST(Measured, DroppedFilesImportOrOpen) {
  test::HeadlessUi ui(ocr_decode());
  ui.frame();
  ui.state.ui.dropped_paths = {sample("torch-profiler_A100_triton-kernel_trace.json")};
  ui.frame();
  wait_for_import(ui);
  ASSERT_NE(ui.state.measured.profile, nullptr) << ui.state.ui.message;
  EXPECT_EQ(ui.state.measured.profile->kernels[0].name, "triton_poi_fused_add_cos_sin_0");
  EXPECT_TRUE(ui.state.ui.dropped_paths.empty());
}

// A model's folder dropped on the window loads the model, its safetensors header counted.
TEST(Measured, ADroppedModelFolderLoadsTheModel) {
  namespace fs = std::filesystem;
  const fs::path dir = fs::temp_directory_path() / "roofline_ui_dropped_model";
  fs::remove_all(dir);
  fs::create_directories(dir);
  // One Llama layer of d 8 (760 parameters, tests/io/checkpoint_test.cpp), and a safetensors
  // file holding one tensor of 760 bf16 numbers.
  std::ofstream(dir / "config.json") << R"({"model_type": "llama", "num_hidden_layers": 1,
      "hidden_size": 8, "num_attention_heads": 2, "num_key_value_heads": 1,
      "intermediate_size": 16, "vocab_size": 10, "tie_word_embeddings": false})";
  const std::string header =
      R"({"w": {"dtype": "BF16", "shape": [760], "data_offsets": [0, 1520]}})";
  {
    std::ofstream st(dir / "model.safetensors", std::ios::binary);
    for (int i = 0; i < 8; ++i) st.put(static_cast<char>((header.size() >> (8 * i)) & 0xff));
    st << header << std::string(1520, '\0');
  }
  test::HeadlessUi ui(ocr_decode());
  ui.frame();
  ui.state.ui.dropped_paths = {dir.string()};
  ui.frame(2);
  EXPECT_EQ(ui.state.doc.model.hidden, 8) << ui.state.ui.message;
  EXPECT_EQ(ui.state.doc.model.checkpoint_parameters, 760);
  EXPECT_NE(ui.state.ui.message.find("Loaded model"), std::string::npos) << ui.state.ui.message;
  fs::remove_all(dir);
}

}  // namespace
}  // namespace roofline
