// roofline-cli import, and --measured on analyze and export: the real binary on the real
// profiler samples (tests/data/profiles).
#include <gtest/gtest.h>

#include <sys/wait.h>
#include <unistd.h>
#include "cli_runner.h"

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>
#include <sstream>

namespace {

namespace fs = std::filesystem;
using nlohmann::json;

using roofline::test::cli;
using roofline::test::CliRun;
using roofline::test::scratch;
using roofline::test::slurp;

std::string sample(const std::string& name) {
  return std::string(ROOFLINE_TEST_DATA) + "/profiles/" + name;
}

const std::string kNsys = sample("nsys_RTX5090_decode_cuda_gpu_kern_sum.csv");
const std::string kDecode = "--gpu rtx-5090 --model deepseek-ocr-decoder --seq 960";

TEST(CliImport, JsonHasEveryKernelAndTheStep) {
  const CliRun r = cli("import '" + kNsys + "' " + kDecode + " --steps 64 --format json");
  ASSERT_EQ(r.code, 0) << r.err;
  const json j = json::parse(r.out);
  EXPECT_EQ(j["format"], "Nsight Systems kernel summary");
  EXPECT_EQ(j["launches"], 78016);
  ASSERT_EQ(j["kernels"].size(), 46u);
  EXPECT_EQ(j["kernels"][0]["class"], "gemm");
  EXPECT_EQ(j["kernels"][0]["launches"], 16448);
  EXPECT_DOUBLE_EQ(j["kernels"][0]["time_s"].get<double>(), 0.061602133);
  EXPECT_TRUE(j["kernels"][0]["flops"].is_null());
  EXPECT_TRUE(j["kernels"][0]["placed_at_model_intensity"].get<bool>());
  // 0.179072697 s over 64 steps.
  EXPECT_NEAR(j["step"]["measured_s"].get<double>(), 0.179072697 / 64, 1e-15);
  // The decoder's experts ran as cuBLAS GEMVs: compared with the GEMMs.
  EXPECT_EQ(j["classes"][0]["class"], "gemm + experts");
}

TEST(CliImport, TableNamesTheKernelsAndTheClasses) {
  const CliRun r = cli("import '" + kNsys + "' " + kDecode + " --steps 64");
  ASSERT_EQ(r.code, 0) << r.err;
  EXPECT_NE(r.out.find("Nsight Systems kernel summary, 46 kernels, 78,016 launches"),
            std::string::npos);
  EXPECT_NE(r.out.find("gemvx::kernel"), std::string::npos);
  EXPECT_NE(r.out.find("gemm + experts"), std::string::npos);
  EXPECT_NE(r.out.find("measured step 2.80 ms"), std::string::npos) << r.out;
}

// A kernel name is text from a file: a line break in it forged a line "roofline-cli: error: ..."
// on stdout, and terminal escapes (a clear screen, a title change) reached the terminal raw.
TEST(CliImport, KernelNamesCannotForgeLinesOrDriveTheTerminal) {
  const std::filesystem::path dir = scratch();
  std::ofstream(dir / "hostile.csv")
      << "Time (%),Total Time (ns),Instances,Avg (ns),Med (ns),Min (ns),Max (ns),StdDev (ns),"
         "Name\n100.0,1000,1,1000,1000,1000,1000,0,\"gemm\nroofline-cli: error: forged\x1b[2J"
         "\x1b]0;pwned\x07\"\n";
  for (const char* format : {"table", "csv"}) {
    const CliRun r = cli("import '" + (dir / "hostile.csv").string() + "' --format " + format);
    ASSERT_EQ(r.code, 0) << r.err;
    EXPECT_EQ(r.out.find('\x1b'), std::string::npos) << format;
    EXPECT_EQ(r.out.find('\x07'), std::string::npos) << format;
    if (std::string_view(format) == "table") {
      EXPECT_EQ(r.out.find("\nroofline-cli: error"), std::string::npos) << r.out;
      EXPECT_NE(r.out.find("gemm\uFFFDroofline-cli: error: forged\uFFFD[2J"), std::string::npos)
          << r.out;
    }
  }
}

TEST(CliImport, CsvHasOneRowPerKernel) {
  const CliRun r = cli("import '" + sample("ncu_RTX5090_cutlass-bf16-gemm_metrics.csv") +
                       "' --gpu rtx-5090 --format csv");
  ASSERT_EQ(r.code, 0) << r.err;
  EXPECT_EQ(std::count(r.out.begin(), r.out.end(), '\n'), 2);
  EXPECT_NE(r.out.find(",gemm,1,0.00011181,12532580352,17500000,"), std::string::npos) << r.out;
}

// A PyTorch trace names its device ("NVIDIA A100-PG509-200"): against the default H100 that is
// a warning, first in the JSON's warnings and the table's, on stderr beside a CSV; none on an
// A100.
TEST(CliImport, AProfileOfAnotherDeviceIsAWarning) {
  const std::string trace =
      std::string("'").append(sample("torch-profiler_A100_triton-kernel_trace.json")).append("'");
  const std::string said =
      "the profile was measured on NVIDIA A100-PG509-200, not on the "
      "scenario's NVIDIA H100 SXM5 80GB";
  const CliRun j = cli("import " + trace + " --format json");
  ASSERT_EQ(j.code, 0) << j.err;
  const json w = json::parse(j.out)["warnings"];
  ASSERT_FALSE(w.empty());
  EXPECT_TRUE(w[0].get<std::string>().starts_with(said)) << w;
  const CliRun table = cli("import " + trace);
  EXPECT_NE(table.out.find("warning: " + said), std::string::npos) << table.out;
  const CliRun csv = cli("import " + trace + " --format csv");
  ASSERT_EQ(csv.code, 0) << csv.err;
  EXPECT_NE(csv.err.find("roofline-cli: warning: " + said), std::string::npos) << csv.err;
  EXPECT_EQ(csv.out.find("warning"), std::string::npos);
  const CliRun a100 = cli("import " + trace + " --gpu a100-80gb-sxm --format json");
  const json on_a100 = json::parse(a100.out);  // alive through the loop
  for (const json& x : on_a100["warnings"])
    EXPECT_EQ(x.get<std::string>().find("measured on"), std::string::npos) << x;
}

TEST(CliImport, MeasuredRoofsGiveTheEfficienciesToType) {
  const CliRun r =
      cli("import '" + sample("rocprof-compute_MI200_vcopy_roofline.csv") + "' --gpu mi300x");
  ASSERT_EQ(r.code, 0) << r.err;
  // HBM 1.3888 TB/s of the MI300X's 5.3 TB/s = 0.262.
  EXPECT_NE(r.out.find("--memory-efficiency 0.262 (HBM)"), std::string::npos) << r.out;
}

TEST(CliImport, BadFilesFailWithOneLineAndNoOutput) {
  for (const auto& [file, message] : std::vector<std::pair<std::string, std::string>>{
           {sample("rocprof-compute_MI200_vcopy_sysinfo.csv"), "describes the machine"},
           {"/nonexistent.csv", "/nonexistent.csv: cannot read (No such file or directory)"},
           {std::string(ROOFLINE_PRESETS) + "/gpus/h100-sxm.json",
            "a JSON file with neither \"traceEvents\""}}) {
    SCOPED_TRACE(file);
    const CliRun r = cli("import '" + file + "'");
    EXPECT_EQ(r.code, 1);
    EXPECT_EQ(r.out, "");
    EXPECT_EQ(std::count(r.err.begin(), r.err.end(), '\n'), 1) << r.err;
    EXPECT_NE(r.err.find(message), std::string::npos) << r.err;
  }
  EXPECT_EQ(cli("import").code, 2);  // FILE is required
  EXPECT_EQ(cli("import '" + kNsys + "' --steps 0").code, 2);
}

TEST(CliImport, AnalyzeAndExportTakeMeasured) {
  const CliRun a = cli("analyze " + kDecode + " --measured '" + kNsys + "' --steps 64");
  ASSERT_EQ(a.code, 0) << a.err;
  EXPECT_NE(a.out.find("step time"), std::string::npos);
  EXPECT_NE(a.out.find("gemm + experts"), std::string::npos);
  const CliRun j = cli("analyze " + kDecode + " --measured '" + kNsys + "' --format json");
  ASSERT_EQ(j.code, 0) << j.err;
  const json parsed = json::parse(j.out);
  EXPECT_TRUE(parsed.contains("ops"));
  EXPECT_EQ(parsed["measured"]["kernels"].size(), 46u);
  EXPECT_EQ(cli("analyze --measured '" + kNsys + "' --format csv").code, 1);

  const fs::path svg = scratch() / "measured.svg";
  const CliRun e = cli("export " + kDecode + " --measured '" + kNsys + "' --steps 64 --out '" +
                       svg.string() + "'");
  ASSERT_EQ(e.code, 0) << e.err;
  const std::string text = slurp(svg);
  EXPECT_NE(text.find("measured: nsys_RTX5090_decode_cuda_gpu_kern_sum.csv"), std::string::npos);
  EXPECT_NE(text.find("measured step 2.80 ms"), std::string::npos);
  fs::remove(svg);
  EXPECT_EQ(
      cli("export --measured '" + kNsys + "' --out '" + (scratch() / "t.csv").string() + "'").code,
      1);
}

}  // namespace
