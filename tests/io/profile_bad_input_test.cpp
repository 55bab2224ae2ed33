// Profile imports of broken input: each gets one message naming the file and the line or key,
// never a crash or a half-read profile.
#include <gtest/gtest.h>

#include <sys/stat.h>
#include <unistd.h>
#include <zlib.h>

#include <algorithm>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>

#include "roofline/io/json_io.h"
#include "roofline/io/profile_import.h"

namespace roofline {
namespace {

std::string sample(std::string_view name) {
  return std::string(ROOFLINE_TEST_DATA_DIR) + "/profiles/" + std::string(name);
}

std::string error_of(std::string_view text, std::string_view origin = "k.csv") {
  const Result<Profile> p = import_profile_text(text, origin);
  EXPECT_FALSE(p);
  return p ? std::string() : p.error();
}

constexpr std::string_view kNcuHeader =
    "\"ID\",\"Process ID\",\"Process Name\",\"Host Name\",\"Kernel Name\",\"Context\",\"Stream\","
    "\"Block Size\",\"Grid Size\",\"Device\",\"CC\",\"Section Name\",\"Metric Name\","
    "\"Metric Unit\",\"Metric Value\"\n";

std::string ncu_row(std::string_view metric, std::string_view unit, std::string_view value) {
  return "\"0\",\"1\",\"p\",\"h\",\"gemv_kernel\",\"1\",\"7\",\"(1, 1, 1)\",\"(1, 1, 1)\",\"0\","
         "\"9.0\",\"Command line profiler metrics\",\"" +
         std::string(metric) + "\",\"" + std::string(unit) + "\",\"" + std::string(value) + "\"\n";
}

TEST(ProfileBadInput, NcuNumberThatIsNotOneNamesLineAndMetric) {
  const std::string text = std::string(kNcuHeader) + ncu_row("gpu__time_duration.sum", "us", "12") +
                           ncu_row("dram__bytes.sum", "byte", "12abc");
  EXPECT_EQ(error_of(text), "k.csv: line 3: dram__bytes.sum: expected a number, got '12abc'");
}

// A decimal comma is not a thousands separator: "17,50" read as 1750; groups of three still read.
TEST(ProfileBadInput, NcuDecimalCommaIsNotAThousandsSeparator) {
  for (const char* value : {"17,50", "1,2345", ",500", "1,,500", "12,34.5", "1 23"}) {
    SCOPED_TRACE(value);
    const std::string text = std::string(kNcuHeader) + ncu_row("dram__bytes.sum", "byte", value);
    EXPECT_EQ(
        error_of(text),
        std::string("k.csv: line 2: dram__bytes.sum: expected a number, got '") + value + "'");
  }
  const std::string ok = std::string(kNcuHeader) +
                         ncu_row("dram__bytes.sum", "byte", "1,234,567.5") +
                         ncu_row("gpu__time_duration.sum", "us", "1 500");
  const Result<Profile> p = import_profile_text(ok, "k.csv");
  ASSERT_TRUE(p) << p.error();
  EXPECT_DOUBLE_EQ(*p->kernels[0].bytes, 1234567.5);
  EXPECT_DOUBLE_EQ(*p->kernels[0].time_s, 1500e-6);
}

TEST(ProfileBadInput, NcuUnknownUnit) {
  const std::string text = std::string(kNcuHeader) + ncu_row("dram__bytes.sum", "Xbyte", "1");
  EXPECT_EQ(error_of(text), "k.csv: line 2: dram__bytes.sum: unknown unit 'Xbyte'");
}

TEST(ProfileBadInput, NcuMixedUnitsAreScaledPerRow) {
  // The same metric in Kbyte on one launch and Gbyte on another (ncu auto-scales per value).
  std::string text = std::string(kNcuHeader) + ncu_row("dram__bytes.sum", "Kbyte", "1,500") +
                     ncu_row("gpu__time_duration.sum", "msecond", "2");
  std::string second = ncu_row("dram__bytes.sum", "Gbyte", "2.5");
  second[1] = '1';  // ID 1
  text += second;
  std::string time1 = ncu_row("gpu__time_duration.sum", "nsecond", "500");
  time1[1] = '1';
  text += time1;
  const Result<Profile> p = import_profile_text(text, "k.csv");
  ASSERT_TRUE(p) << p.error();
  ASSERT_EQ(p->kernels.size(), 1u);
  EXPECT_DOUBLE_EQ(*p->kernels[0].bytes, 1.5e6 + 2.5e9);
  EXPECT_DOUBLE_EQ(*p->kernels[0].time_s, 2e-3 + 500e-9);
  EXPECT_EQ(p->launches, 2);
}

TEST(ProfileBadInput, TruncatedCsvInsideAQuote) {
  std::string text = std::string(kNcuHeader) + ncu_row("dram__bytes.sum", "byte", "1");
  text += "\"1\",\"1\",\"p\",\"h\",\"gemv_ker";  // cut mid-record
  EXPECT_EQ(error_of(text),
            "k.csv: line 3: a quoted field never ends (a truncated or mangled CSV)");
}

TEST(ProfileBadInput, TruncatedRowWithTooFewFields) {
  const std::string text = std::string(kNcuHeader) + "\"0\",\"1\",\"p\"\n";
  EXPECT_EQ(error_of(text),
            "k.csv: line 2: expected 15 fields, got 3 (a truncated or mangled CSV)");
}

TEST(ProfileBadInput, HeaderWithoutRows) {
  EXPECT_EQ(error_of(kNcuHeader), "k.csv: an Nsight Compute CSV with a header and no kernel rows");
}

TEST(ProfileBadInput, NcuRawPageIsNamed) {
  EXPECT_NE(error_of("\"ID\",\"Kernel Name\",\"dram__bytes.sum\"\n\"\",\"\",\"byte\"\n")
                .find("without a \"Metric Name\" column (the raw page"),
            std::string::npos);
}

TEST(ProfileBadInput, NsysInstancesMustBeWhole) {
  const std::string text =
      "Time (%),Total Time (ns),Instances,Avg (ns),Med (ns),Min (ns),Max (ns),StdDev (ns),Name\n"
      "100.0,1000,2.5,400,400,400,400,0,\"k\"\n";
  EXPECT_EQ(error_of(text, "s.csv"),
            "s.csv: line 2: expected a total time >= 0 ns and a whole number of instances >= 1, "
            "got '1000' and '2.5'");
}

TEST(ProfileBadInput, AnotherFormat) {
  // A GPU preset: JSON, but neither a trace nor ERT's roofs.
  EXPECT_EQ(error_of("{\"id\": \"x\", \"memory_bandwidth\": 1e12}", "gpu.json"),
            "gpu.json: a JSON file with neither \"traceEvents\" (a PyTorch profiler trace) nor "
            "\"empirical\" (an ERT roofline.json)");
  // Text that is no profiler's CSV.
  EXPECT_NE(error_of("hello, world\nthis is a letter\n", "letter.txt")
                .find("letter.txt: not a profiler file roofline reads"),
            std::string::npos);
  EXPECT_EQ(error_of("", "empty.csv"), "empty.csv: the file is empty");
}

TEST(ProfileBadInput, TraceWithoutKernels) {
  EXPECT_EQ(
      error_of("{\"traceEvents\": [{\"ph\": \"X\", \"cat\": \"cpu_op\", \"name\": \"aten::mm\","
               " \"ts\": 1, \"dur\": 5}]}",
               "cpu.json"),
      "cpu.json: traceEvents: no GPU kernels (no events with \"cat\": \"kernel\"): was the "
      "profile taken with ProfilerActivity.CUDA?");
}

TEST(ProfileBadInput, MangledJsonNamesLineAndColumn) {
  const std::string e = error_of("{\"traceEvents\": [\n{\"ph\": \"X\",, }]}", "t.json");
  EXPECT_TRUE(e.starts_with("t.json: invalid JSON at line 2, column")) << e;
}

TEST(ProfileBadInput, DeepNestingIsRefusedWithoutRecursion) {
  std::string deep = "{\"traceEvents\": ";
  deep += std::string(100000, '[');
  EXPECT_EQ(error_of(deep, "deep.json"), "deep.json: JSON nested deeper than 64 levels");
}

TEST(ProfileBadInput, TruncatedGzip) {
  // The first half of the real .json.gz sample: gzip says the stream ends early.
  std::ifstream in(sample("torch-profiler_A100_cupti-counters_trace.json.gz"), std::ios::binary);
  std::string bytes((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
  ASSERT_GT(bytes.size(), 1000u);
  const auto path = std::filesystem::temp_directory_path() / "roofline-truncated-trace.json.gz";
  std::ofstream(path, std::ios::binary)
      .write(bytes.data(), static_cast<std::streamsize>(bytes.size() / 2));
  const Result<Profile> p = import_profile(path.string());
  std::filesystem::remove(path);
  ASSERT_FALSE(p);
  EXPECT_NE(p.error().find("roofline-truncated-trace.json.gz: "), std::string::npos) << p.error();
}

// A FIFO named like a trace is refused at once (the import blocked for ever in gzopen, and the
// app's Ctrl+Q with it).
TEST(ProfileBadInput, AFifoIsRefusedNotWaitedOn) {
  const auto path = std::filesystem::temp_directory_path() /
                    ("roofline-fifo-" + std::to_string(::getpid()) + ".json");
  std::filesystem::remove(path);
  ASSERT_EQ(::mkfifo(path.c_str(), 0600), 0);
  const Result<Profile> p = import_profile(path.string());
  std::filesystem::remove(path);
  ASSERT_FALSE(p);
  EXPECT_EQ(p.error(), path.string() + ": cannot read (a FIFO, not a regular file)");
}

// Gzip inflating to 80 MiB of one trace event's arguments (zeros: a thousand times its size):
// refused as a decompression bomb once 64 MiB have come out, not parsed to the end (a 4.2 MB
// one inflating to 4 GiB took 153 s of CPU).
TEST(ProfileBadInput, ADecompressionBombIsRefused) {
  const auto path = std::filesystem::temp_directory_path() /
                    ("roofline-bomb-" + std::to_string(::getpid()) + ".json.gz");
  {
    gzFile out = gzopen(path.c_str(), "wb9");
    ASSERT_NE(out, nullptr);
    const std::string head =
        R"({"traceEvents": [{"ph": "X", "cat": "kernel", "name": "k", "ts": 1, "dur": 1, "args": [)";
    std::string block;
    for (int i = 0; i < 50000; ++i) block += "0,";
    gzwrite(out, head.data(), static_cast<unsigned>(head.size()));
    for (size_t written = 0; written < (size_t{80} << 20); written += block.size())
      gzwrite(out, block.data(), static_cast<unsigned>(block.size()));
    gzclose(out);
  }
  const auto on_disk = std::filesystem::file_size(path);
  EXPECT_LT(on_disk, size_t{200} << 10);  // a bomb: a small file
  const Result<Profile> p = import_profile(path.string());
  std::filesystem::remove(path);
  ASSERT_FALSE(p);
  EXPECT_EQ(p.error(), path.string() +
                           ": inflates to more than 300 times its size on disk: refused as a "
                           "decompression bomb (a profile compresses 5 to 30 times; gunzip a real "
                           "one and import the plain file)");
}

TEST(ProfileBadInput, MissingFileAndDirectory) {
  EXPECT_EQ(import_profile("/nonexistent/trace.json").error(),
            "/nonexistent/trace.json: cannot read (No such file or directory)");
  EXPECT_EQ(import_profile("/tmp").error(), "/tmp: cannot read (is a directory)");
}

// A trace whose '{' is the last byte of the first piece read (256 KiB of leading spaces before
// it) is still a trace: the look-ahead past it gives the '{' back across the refill (it was
// refused, "cannot tell the file's format"). An empty path is named as such.
TEST(ProfileBadInput, AJsonStartAtAPieceBoundaryAndAnEmptyPath) {
  for (size_t spaces : {size_t{262143}, size_t{262142}, size_t{262144}, size_t{266000}}) {
    SCOPED_TRACE(spaces);
    const auto path = std::filesystem::temp_directory_path() / "roofline-boundary-trace.json";
    std::ofstream(path) << std::string(spaces, ' ')
                        << "{\"traceEvents\": [{\"ph\": \"X\", \"cat\": \"cpu_op\", "
                           "\"name\": \"aten::mm\", \"ts\": 1, \"dur\": 5}]}";
    const std::string e = import_profile(path.string()).error();
    EXPECT_NE(e.find("traceEvents: no GPU kernels"), std::string::npos) << e;
    std::filesystem::remove(path);
  }
  EXPECT_EQ(import_profile("").error(), "cannot read a file of an empty name");
}

// Negative or infinite measurements and non-positive roofs are refused by name, not printed.
TEST(ProfileBadInput, NegativeOrInfiniteMeasurementsAndRoofs) {
  EXPECT_EQ(error_of("{\"empirical\": {\"gflops\": {\"data\": [[\"FP32 GFLOPs\", 100.0]]}, "
                     "\"gbytes\": {\"data\": [[\"DRAM\", -3000.0]]}}}",
                     "r.json"),
            "r.json: roof DRAM: -3.00 TB/s is not a measured roof (expected a positive number)");
  EXPECT_NE(error_of("{\"empirical\": {\"gflops\": {\"data\": [[\"FP32 GFLOPs\", 0]]}}}", "r.json")
                .find("roof FP32 GFLOPs: 0 FLOP/s is not a measured roof"),
            std::string::npos);
  // rocprofiler-compute: more 32-byte read requests than requests (TCC_EA_RDREQ_32B_sum over
  // TCC_EA_RDREQ_sum) made the bytes negative (-844 MB was printed).
  std::ifstream in(std::string(ROOFLINE_TEST_DATA_DIR) +
                   "/profiles/rocprof-compute_MI200_vcopy_pmc_perf.csv");
  std::string header, line, text;
  std::getline(in, header);
  text = header + "\n";
  std::vector<std::string> names;
  {
    std::stringstream h(header);
    for (std::string f; std::getline(h, f, ',');) names.push_back(f);
  }
  while (std::getline(in, line)) {
    // Kernel names hold commas inside quotes: rebuild the row from the end, where the counters are.
    const size_t at = std::find(names.begin(), names.end(), "TCC_EA_RDREQ_32B_sum") - names.begin();
    const size_t from_end = names.size() - at;
    size_t pos = line.size();
    for (size_t i = 0; i < from_end; ++i) pos = line.rfind(',', pos - 1);
    const size_t end = line.find(',', pos + 1);
    text += line.substr(0, pos + 1) + "1e12" + line.substr(end) + "\n";
  }
  const std::string e = error_of(text, "pmc_perf.csv");
  EXPECT_NE(e.find("pmc_perf.csv: kernel vecCopy(double*, double*, double*, int, int) [clone .kd]: "
                   "its bytes is -"),
            std::string::npos)
      << e;
  EXPECT_NE(e.find("a difference of counters that went negative"), std::string::npos) << e;
}

TEST(ProfileBadInput, ErtWithoutRoofs) {
  EXPECT_EQ(error_of("{\"empirical\": {\"gflops\": {\"data\": []}}}", "r.json"),
            "r.json: empirical: no roofs (expected gflops.data and gbytes.data lists of [name, "
            "value])");
}

TEST(ProfileBadInput, HugeInstanceCountsAreCountedNotLooped) {
  const std::string head =
      "Time (%),Total Time (ns),Instances,Avg (ns),Med (ns),Min (ns),Max (ns),StdDev (ns),Name\n";
  const Result<Profile> p =
      import_profile_text(head + "100.0,1000,1e15,0,0,0,0,0,\"k\"\n", "s.csv");
  ASSERT_TRUE(p) << p.error();
  EXPECT_EQ(p->launches, 1000000000000000);
  EXPECT_NE(error_of(head + "100.0,1000,1e19,0,0,0,0,0,\"k\"\n", "s.csv")
                .find("a whole number of instances >= 1"),
            std::string::npos);
}

TEST(ProfileBadInput, ALineOfCommasIsBounded) {
  // 16 MiB of commas would be 16 million empty fields: refused at 4,096.
  const std::string commas(1 << 20, ',');
  EXPECT_NE(error_of(commas, "c.csv").find("c.csv: not a profiler file roofline reads"),
            std::string::npos);
  const std::string text = std::string(kNcuHeader) + commas + "\n";
  EXPECT_EQ(error_of(text),
            "k.csv: line 2: more than 4,096 fields in a record: not a profiler CSV");
}

TEST(ProfileBadInput, ProgramOutputInBracketsBeforeTheHeader) {
  // A program may print "[W init.cpp:...]" before ncu's header: it is not JSON.
  const std::string text = "[W init.cpp:767] Warning: something\n\n" + std::string(kNcuHeader) +
                           ncu_row("gpu__time_duration.sum", "us", "2.5");
  const Result<Profile> p = import_profile_text(text, "k.csv");
  ASSERT_TRUE(p) << p.error();
  EXPECT_DOUBLE_EQ(*p->kernels[0].time_s, 2.5e-6);
}

TEST(ProfileBadInput, LineNumbersCountLeadingBlankLines) {
  const std::string text =
      "\n\n" + std::string(kNcuHeader) + ncu_row("dram__bytes.sum", "byte", "x");
  EXPECT_EQ(error_of(text), "k.csv: line 4: dram__bytes.sum: expected a number, got 'x'");
}

TEST(ProfileBadInput, CounterRangesWithoutTheirKernelAreLeftOutAndSaid) {
  const Result<Profile> p = import_profile_text(
      R"({"traceEvents": [
        {"ph": "X", "cat": "kernel", "name": "a", "dur": 2},
        {"ph": "X", "cat": "cuda_profiler_range", "name": "a", "dur": 9,
         "args": {"smsp__sass_thread_inst_executed_op_ffma_pred_on.sum": 10}},
        {"ph": "X", "cat": "cuda_profiler_range", "name": "b", "dur": 9,
         "args": {"smsp__sass_thread_inst_executed_op_fadd_pred_on.sum": 10}}]})",
      "t.json");
  ASSERT_TRUE(p) << p.error();
  ASSERT_EQ(p->kernels.size(), 1u);
  EXPECT_DOUBLE_EQ(*p->kernels[0].flops, 20.0);  // 2 · ffma
  EXPECT_DOUBLE_EQ(*p->kernels[0].time_s, 2e-6);
  EXPECT_EQ(p->notes.back(),
            "1 CUPTI counter ranges name no kernel event of the trace: their FLOPs are left out");
}

TEST(ProfileBadInput, AJsonTokenPast16MiBStopsTheRead) {
  const auto path = std::filesystem::temp_directory_path() / "roofline-long-string.json";
  {
    std::ofstream out(path, std::ios::binary);
    out << R"({"traceEvents": [{"ph": "X", "cat": "kernel", "name": ")";
    out << std::string((size_t{17} << 20), 'k') << R"("}]})";
  }
  const Result<Profile> p = import_profile(path.string());
  ASSERT_FALSE(p);
  EXPECT_EQ(p.error(), path.string() +
                           ": a JSON value longer than 16 MiB (a string or a number): not a trace");
  // And a progress callback that says stop stops it.
  const Result<Profile> cancelled = import_profile(
      sample("torch-profiler_MI250_ROCm6.2_trace.json"), [](uint64_t, uint64_t) { return false; });
  ASSERT_FALSE(cancelled);
  EXPECT_NE(cancelled.error().find(": import cancelled"), std::string::npos);
  std::filesystem::remove(path);
}

}  // namespace
}  // namespace roofline
