// The real roofline-cli binary: exit codes, stdout/stderr discipline, and the numbers it prints.
#include <gtest/gtest.h>

#include <sys/wait.h>
#include "cli_runner.h"
#include "roofline/version.h"

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>
#include <set>
#include <sstream>

namespace {

namespace fs = std::filesystem;
using nlohmann::json;

using roofline::test::cli;
using roofline::test::CliRun;
using roofline::test::scratch;
using roofline::test::slurp;

// A usage error or bad input: non-zero exit, nothing on stdout, one line on stderr.
void expect_error(const CliRun& r, int code, const std::string& message) {
  EXPECT_EQ(r.code, code) << r.err;
  EXPECT_EQ(r.out, "");
  EXPECT_EQ(r.err.rfind("roofline-cli: error: ", 0), 0u) << r.err;
  EXPECT_EQ(std::count(r.err.begin(), r.err.end(), '\n'), 1) << r.err;
  EXPECT_NE(r.err.find(message), std::string::npos) << "stderr: " << r.err;
}

const json* find_op(const json& j, std::string_view name) {
  for (const auto& op : j["ops"]) {
    if (op["name"] == name) return &op;
  }
  return nullptr;
}

TEST(CliAnalyze, JsonCarriesEveryKeyOfTheContract) {
  CliRun r = cli("analyze --format json");
  ASSERT_EQ(r.code, 0) << r.err;
  EXPECT_EQ(r.err, "");
  json j = json::parse(r.out);
  for (const char* k : {"scenario", "hardware", "ops", "groups", "totals", "warnings"}) {
    EXPECT_TRUE(j.contains(k)) << k;
  }
  for (const char* k :
       {"id", "name", "precision", "peak_flops", "bandwidth", "ridge_point", "memory_capacity"}) {
    EXPECT_TRUE(j["hardware"].contains(k)) << k;
  }
  for (const char* g : {"fc", "attention", "elementwise", "step"}) {
    for (const char* k : {"flops", "bytes", "intensity", "time_s", "achieved_flops", "bound"}) {
      EXPECT_TRUE(j["groups"][g].contains(k)) << g << "." << k;
    }
  }
  for (const char* k : {"flops", "bytes", "time_s", "tokens_per_s", "parameters", "weights_bytes",
                        "kv_cache_bytes", "fits_in_memory", "max_batch"}) {
    EXPECT_TRUE(j["totals"].contains(k)) << k;
  }
  ASSERT_FALSE(j["ops"].empty());
  for (const auto& op : j["ops"]) {
    for (const char* k : {"name", "kind", "count", "flops", "bytes", "weight_bytes", "kv_bytes",
                          "intensity", "time_s", "bound"}) {
      EXPECT_TRUE(op.contains(k)) << op["name"] << "." << k;
    }
  }
  // The interfaces.md defaults.
  EXPECT_EQ(j["scenario"]["gpu"], "h100-sxm");
  EXPECT_EQ(j["scenario"]["model"], "llama-3-8b");
  EXPECT_EQ(j["scenario"]["phase"], "decode");
  EXPECT_EQ(j["scenario"]["batch"], 1);
  EXPECT_EQ(j["scenario"]["seq"], 1024);
  EXPECT_EQ(j["scenario"]["weights"], "bf16");
  EXPECT_EQ(j["scenario"]["flash_attention"], true);
  EXPECT_EQ(j["scenario"]["memory_utilization"], 0.9);
  EXPECT_EQ(j["hardware"]["ridge_point"].get<double>(), 989e12 / 3.35e12);
}

// Data-parallel attention with expert parallelism (core/MODEL.md §17): the communication is rows
// of ops of kind comm in JSON and CSV; an ep that does not span the layout is refused by name.
TEST(CliAnalyze, ParallelLayoutsListTheirCommunication) {
  CliRun run =
      cli("analyze --model deepseek-v3 --gpu h200 --dp 8 --ep 8 --batch 256 --format json");
  ASSERT_EQ(run.code, 0) << run.err;
  const json j = json::parse(run.out);
  EXPECT_EQ(j["scenario"]["dp"], 8);
  EXPECT_EQ(j["scenario"]["ep"], 8);
  std::vector<std::string> comm;
  double sent = 0;
  for (const json& op : j["ops"]) {
    if (op["kind"] != "comm") continue;
    comm.push_back(op["id"].get<std::string>());
    EXPECT_EQ(op["bound"], "link");
    EXPECT_EQ(op["gpus"], 8);
    sent += op["bytes"].get<double>();
  }
  EXPECT_EQ(comm, (std::vector<std::string>{"dispatch", "combine"}));
  // 58 MoE layers, 256 tokens over 8 GPUs sent to 4.6328 other GPUs each, 7,168 x 2 bytes, twice.
  EXPECT_NEAR(sent, 2 * 58 * 32 * 4.63282 * 7168 * 2, 1e3);
  EXPECT_NEAR(j["totals"]["tokens_per_s_per_gpu"].get<double>(),
              j["totals"]["tokens_per_s"].get<double>() / 8, 1e-9);
  CliRun csv = cli("analyze --model deepseek-v3 --gpu h200 --dp 8 --ep 8 --batch 256 --format csv");
  EXPECT_NE(csv.out.find("\ndispatch,comm,58,0,"), std::string::npos) << csv.out;
  CliRun bad = cli("analyze --model deepseek-v3 --tp 2 --ep 4");
  EXPECT_NE(bad.code, 0);
  EXPECT_TRUE(bad.out.empty()) << bad.out;
  EXPECT_NE(bad.err.find("ep 4 must be 1 or tp × dp (2)"), std::string::npos) << bad.err;
}

// The README's figure for DeepSeek-V3 on 72 H100s (dp 72, ep 72, 256 sequences per GPU, context
// 2,500): 2,700 tokens/s per GPU on the roofline, its all-to-alls crossing the scale-out network.
TEST(CliAnalyze, ExpertParallelismAcrossNodesAsTheReadmeSays) {
  CliRun run =
      cli("analyze --model deepseek-v3 --gpu h100-sxm --dp 72 --ep 72 --batch 18432 "
          "--seq 2500 --format json");
  ASSERT_EQ(run.code, 0) << run.err;
  const json j = json::parse(run.out);
  EXPECT_NEAR(j["totals"]["tokens_per_s_per_gpu"].get<double>(), 2700, 27);
  int crossing = 0;
  for (const json& op : j["ops"]) {
    if (op["kind"] != "comm") continue;
    EXPECT_TRUE(op["scale_out"].get<bool>()) << op["id"];
    ++crossing;
  }
  EXPECT_EQ(crossing, 2);  // dispatch and combine
}

// Pipeline stages (core/MODEL.md §18): the sends between stages are a comm row of their own, the
// rates count every GPU, a decode batch of two micro-batches over two stages leaves no bubble, a
// prefill one does; more stages than layers is refused by name.
TEST(CliAnalyze, PipelineStagesSendBetweenThem) {
  CliRun run =
      cli("analyze --model llama-3-8b --gpu h100-sxm --tp 2 --pp 2 --batch 8 "
          "--format json");
  ASSERT_EQ(run.code, 0) << run.err;
  const json j = json::parse(run.out);
  EXPECT_EQ(j["scenario"]["pp"], 2);
  const json* send = nullptr;
  for (const json& op : j["ops"])
    if (op["id"] == "stage_send") send = &op;
  ASSERT_NE(send, nullptr) << run.out;
  EXPECT_EQ((*send)["layer_type"], "stage");
  EXPECT_EQ((*send)["count"], 2);
  // 2 micro-batches of 4 sequences, one token each, 4,096 x 2 bytes.
  EXPECT_DOUBLE_EQ((*send)["bytes"].get<double>(), 2 * 4 * 4096 * 2);
  EXPECT_DOUBLE_EQ(j["totals"]["pipeline_bubble_s"].get<double>(), 0);
  EXPECT_NEAR(j["totals"]["tokens_per_s_per_gpu"].get<double>(),
              j["totals"]["tokens_per_s"].get<double>() / 4, 1e-9);
  CliRun prefill =
      cli("analyze --model llama-3-8b --tp 2 --pp 2 --batch 8 --phase prefill "
          "--seq 512 --format json");
  ASSERT_EQ(prefill.code, 0) << prefill.err;
  const json p = json::parse(prefill.out);
  // 3 stage-times, 2 of them working: the bubble is a third of the step.
  EXPECT_NEAR(p["totals"]["pipeline_bubble_s"].get<double>(),
              p["totals"]["time_s"].get<double>() / 3, 1e-12);
  CliRun bad = cli("analyze --model llama-3-8b --pp 64");
  EXPECT_NE(bad.code, 0);
  EXPECT_TRUE(bad.out.empty()) << bad.out;
  EXPECT_NE(bad.err.find("pp 64 is more pipeline stages than"), std::string::npos) << bad.err;
}

// frontier --ep 2 turns expert parallelism on: ep follows each tp (ep = tp × dp); a tp whose
// layout cannot be (tp 16 on Mixtral's 8 experts) is left out, with a warning.
TEST(CliFrontier, ExpertParallelismFollowsEachTp) {
  CliRun run =
      cli("frontier --model mixtral-8x7b --tp 1,2,16 --ep 2 --points 2 --precisions bf16 "
          "--isl 128 --osl 16 --format json");
  ASSERT_EQ(run.code, 0) << run.err;
  std::set<int64_t> tps;
  const json points = json::parse(run.out)["points"];  // alive through the loop
  for (const json& p : points) {
    tps.insert(p["tp"].get<int64_t>());
    EXPECT_EQ(p["ep"], p["tp"].get<int64_t>() == 1 ? 1 : p["tp"].get<int64_t>());
  }
  EXPECT_EQ(tps, (std::set<int64_t>{1, 2}));
  EXPECT_NE(run.err.find("tp 16 left out: ep 16"), std::string::npos) << run.err;
}

// Llama-3-70B (L 80, d 8192, H 64, Hkv 8, dh 128, V 128256), decode, B 64, S 1024, bf16.
TEST(CliAnalyze, Llama70bBatch64MatchesHandComputation) {
  CliRun r = cli("analyze --model llama-3-70b --batch 64 --format json");
  ASSERT_EQ(r.code, 0) << r.err;
  json j = json::parse(r.out);

  const json* lm_head = find_op(j, "lm_head");
  ASSERT_NE(lm_head, nullptr);
  EXPECT_DOUBLE_EQ((*lm_head)["flops"].get<double>(), 2.0 * 64 * 8192 * 128256);  // 1.345e11
  EXPECT_EQ((*lm_head)["count"], 1);

  const json* q = find_op(j, "q_proj");
  ASSERT_NE(q, nullptr);
  EXPECT_EQ((*q)["count"], 80);
  EXPECT_DOUBLE_EQ((*q)["flops"].get<double>(), 80 * 2.0 * 64 * 8192 * 8192);
  // weight K*N*2 + input M*K*2 + output M*N*2, over 80 layers.
  EXPECT_DOUBLE_EQ((*q)["bytes"].get<double>(), 80 * (8192.0 * 8192 * 2 + 64.0 * 8192 * 2 * 2));
  EXPECT_DOUBLE_EQ((*q)["weight_bytes"].get<double>(), 80 * 8192.0 * 8192 * 2);

  const json* k = find_op(j, "k_proj");
  ASSERT_NE(k, nullptr);
  EXPECT_DOUBLE_EQ((*k)["flops"].get<double>(), 80 * 2.0 * 64 * 8192 * 1024);

  // Flash decode attention: B*H*S*(4*dh + 5) FLOPs; K and V read at 2 bytes, Q and O at 2 bytes.
  const json* attention = find_op(j, "attention");
  ASSERT_NE(attention, nullptr);
  EXPECT_DOUBLE_EQ((*attention)["flops"].get<double>(), 80 * 64.0 * 64 * 1024 * 517);
  EXPECT_DOUBLE_EQ((*attention)["bytes"].get<double>(),
                   80 * (2 * 64.0 * 1024 * 8 * 128 * 2 + 2 * 64.0 * 64 * 128 * 2));
  // 2168455168 / 270532608 = 8.0155: about 2*g/bkv = 8, whatever the batch.
  EXPECT_NEAR((*attention)["intensity"].get<double>(), 8.0155, 1e-4);

  EXPECT_DOUBLE_EQ(j["totals"]["tokens_per_s"].get<double>(),
                   64 / j["totals"]["time_s"].get<double>());
  double sum = 0;
  for (const auto& op : j["ops"]) sum += op["time_s"].get<double>();
  EXPECT_DOUBLE_EQ(j["totals"]["time_s"].get<double>(), sum);  // tp 1: no all-reduce
  EXPECT_EQ(j["groups"]["attention"]["bound"], "memory");
}

TEST(CliAnalyze, TableCsvAndMarkdown) {
  CliRun table = cli("analyze");
  ASSERT_EQ(table.code, 0) << table.err;
  for (const char* text :
       {"op", "FLOP/B", "q_proj", "lm_head", "step time", "tokens/s", "GFLOP", "µs", "ms"}) {
    EXPECT_NE(table.out.find(text), std::string::npos) << text << "\n" << table.out;
  }

  CliRun json_run = cli("analyze --format json");
  size_t ops = json::parse(json_run.out)["ops"].size();
  CliRun csv = cli("analyze --format csv");
  ASSERT_EQ(csv.code, 0) << csv.err;
  EXPECT_EQ(csv.out.substr(0, csv.out.find('\n')),
            "name,kind,count,flops,bytes,weight_bytes,kv_bytes,intensity,time_s,bound,"
            "share_of_step_time,achieved_flops,layer_type,id,time_s_low,time_s_high");
  // Every op, then the four groups.
  EXPECT_EQ(static_cast<size_t>(std::count(csv.out.begin(), csv.out.end(), '\n')), ops + 5);
  EXPECT_NE(csv.out.find("\nq_proj,fc,32,1073741824,"), std::string::npos) << csv.out;

  CliRun md = cli("analyze --format markdown");
  ASSERT_EQ(md.code, 0) << md.err;
  EXPECT_EQ(md.out.rfind("## ", 0), 0u);
  const size_t header = md.out.find("\n| op ");
  ASSERT_NE(header, std::string::npos) << md.out;
  std::string cells = md.out.substr(header + 1, md.out.find('\n', header + 1) - header - 1);
  cells.erase(std::remove(cells.begin(), cells.end(), ' '), cells.end());
  EXPECT_EQ(cells,
            "|op|kind|count|FLOPs|bytes|weightbytes|KVbytes|intensity|time|bound|share|achieved|"
            "layer|");
}

TEST(CliAnalyze, LaterFlagsOverrideTheScenarioFile) {
  fs::path file = scratch() / "mine.json";
  std::ofstream(file) << R"({"batch": 8, "seq": 4096, "weights": "fp8", "note": "kept"})";
  CliRun r = cli("analyze --scenario '" + file.string() + "' --batch 2 --format json");
  ASSERT_EQ(r.code, 0) << r.err;
  json j = json::parse(r.out);
  EXPECT_EQ(j["scenario"]["batch"], 2);
  EXPECT_EQ(j["scenario"]["seq"], 4096);
  EXPECT_EQ(j["scenario"]["weights"], "fp8");

  CliRun builtin = cli("analyze --scenario h100-vs-h200 --format json");
  ASSERT_EQ(builtin.code, 0) << builtin.err;
  EXPECT_EQ(json::parse(builtin.out)["compare"]["hardware"]["id"], "h200");
}

TEST(CliAnalyze, PrecisionSetsAllThreeAndSpecificFlagsWin) {
  CliRun r = cli("analyze --precision fp8 --kv bf16 --format json");
  ASSERT_EQ(r.code, 0) << r.err;
  json j = json::parse(r.out);
  EXPECT_EQ(j["scenario"]["weights"], "fp8");
  EXPECT_EQ(j["scenario"]["activations"], "fp8");
  EXPECT_EQ(j["scenario"]["kv"], "bf16");
  EXPECT_EQ(j["hardware"]["precision"], "fp8");
  EXPECT_EQ(j["hardware"]["peak_flops"].get<double>(), 1979e12);
}

TEST(CliAnalyze, EveryScenarioOption) {
  CliRun r = cli(
      "analyze --gpu h200 --model mistral-7b --phase prefill --batch 2 --seq 512 --weights bf16 "
      "--activations bf16 --kv fp8 --flash off --fuse-elementwise on --tp 2 "
      "--compute-efficiency 0.5 --memory-efficiency 0.8 --memory-utilization 0.95 "
      "--compare-gpu h100-sxm --format json");
  ASSERT_EQ(r.code, 0) << r.err;
  json j = json::parse(r.out);
  const json& s = j["scenario"];
  EXPECT_EQ(s["gpu"], "h200");
  EXPECT_EQ(s["model"], "mistral-7b");
  EXPECT_EQ(s["phase"], "prefill");
  EXPECT_EQ(s["batch"], 2);
  EXPECT_EQ(s["seq"], 512);
  EXPECT_EQ(s["kv"], "fp8");
  EXPECT_EQ(s["flash_attention"], false);
  EXPECT_EQ(s["fuse_elementwise"], true);
  EXPECT_EQ(s["tp"], 2);
  EXPECT_EQ(s["compute_efficiency"], 0.5);
  EXPECT_EQ(s["memory_efficiency"], 0.8);
  EXPECT_EQ(s["memory_utilization"], 0.95);
  EXPECT_EQ(s["compare_gpu"], "h100-sxm");
  EXPECT_NE(find_op(j, "softmax"), nullptr);  // flash off: qk, softmax, sv
  EXPECT_TRUE(j["totals"].contains("ttft_s"));
  EXPECT_DOUBLE_EQ(j["hardware"]["bandwidth"].get<double>(),
                   0.8 * j["hardware"]["datasheet_bandwidth"].get<double>());
  EXPECT_DOUBLE_EQ(j["hardware"]["peak_flops"].get<double>(),
                   0.5 * j["hardware"]["datasheet_peak_flops"].get<double>());
}

TEST(CliErrors, UsageErrorsExitTwo) {
  expect_error(cli("analyze --batch abc"), 2, "--batch");
  expect_error(cli("analyze --format xml"), 2, "xml");
  expect_error(cli("analyze --precision fp7"), 2, "fp7");
  expect_error(cli("analyze --flash maybe"), 2, "maybe");
  expect_error(cli("analyze --no-such-flag"), 2, "--no-such-flag");
  expect_error(cli(""), 2, "a command is required: analyze, sweep, ");
  expect_error(cli("frobnicate"), 2, "unknown command 'frobnicate': expected one of analyze, ");
  expect_error(cli("sweep --from 1 --to 10"), 2, "--param");
  expect_error(cli("list"), 2, "what");
  expect_error(cli("list widgets"), 2, "widgets");
}

// A full disk (/dev/full) or any failed write of stdout: exit 1 and say so, never exit 0.
TEST(CliErrors, StdoutWriteErrorsExitOne) {
  if (!fs::exists("/dev/full")) GTEST_SKIP() << "no /dev/full here";
  for (const char* args : {"analyze", "list gpus", "sweep --param batch --from 1 --to 8"}) {
    fs::path err = scratch() / "stderr_full";
    const std::string command =
        std::string("'") + ROOFLINE_CLI + "' " + args + " >/dev/full 2>'" + err.string() + "'";
    const int status = std::system(command.c_str());
    EXPECT_EQ(WIFEXITED(status) ? WEXITSTATUS(status) : -1, 1) << args;
    EXPECT_EQ(slurp(err),
              "roofline-cli: error: cannot write to standard output (No space left on device)\n")
        << args;
  }
}

TEST(CliErrors, BadInputExitsOne) {
  expect_error(cli("analyze --gpu h900"), 1,
               "--gpu: unknown GPU 'h900': expected one of a10, a100-40gb,");
  expect_error(cli("analyze --model llama-9"), 1, "--model: unknown model 'llama-9'");
  // Every command refuses a GPU with no roof for the step (the int4-only reproducer), by name.
  for (const char* command :
       {"analyze", "sweep --param batch --from 1 --to 8", "request --isl 128 --osl 128"}) {
    expect_error(cli(std::string(command) + " --gpu '" + ROOFLINE_TEST_DATA +
                     "/repro/gpu_int4_peak_only.json'"),
                 1, "has no compute roof for bf16 or any wider precision");
  }
  // A GPU whose vendor publishes no FLOP/s: refused by name, not a table of zeros.
  expect_error(cli("analyze --gpu apple-m4-max"), 1,
               "Apple M4 Max 128GB (40-core GPU) has no compute roof for bf16 or any wider "
               "precision (Apple publishes no FLOP/s");
  expect_error(cli("analyze --batch 0"), 1, "batch must be between 1 and 1000000, got 0");
  expect_error(cli("analyze --batch 1000000000000"), 1,
               "batch must be between 1 and 1000000, got 1000000000000");
  // "1e6" is a whole number, as a scenario file's JSON reads it (it was refused); 1.5 is not.
  EXPECT_EQ(cli("analyze --batch 1e6 --format json").code, 0);
  expect_error(cli("analyze --batch 1e7"), 1, "batch must be between 1 and 1000000, got 10000000");
  expect_error(cli("analyze --batch 1.5"), 2, "--batch: expected a whole number, got '1.5'");
  // An unknown id is quoted up to 64 characters, not echoed whole (100 kB were).
  const CliRun long_id = cli("analyze --gpu " + std::string(100000, 'x'));
  EXPECT_EQ(long_id.code, 1);
  EXPECT_LT(long_id.err.size(), 2000u);
  EXPECT_NE(long_id.err.find(std::string(64, 'x') + "… (100000 characters)"), std::string::npos);
  expect_error(cli("analyze --measured ''"), 1,
               "--measured: expected a profile's path, got an empty one");
  expect_error(cli("import ''"), 1, "FILE: expected a profile's path, got an empty one");
  expect_error(cli("analyze --compute-efficiency 1.5"), 1,
               "compute_efficiency must be in [0.01, 1]");
  expect_error(cli("analyze --model /no/such/config.json"), 1,
               "/no/such/config.json: cannot read (No such file or directory)");
  expect_error(cli("sweep --param batch --from 0 --to 10"), 1, "--from");
  expect_error(cli("sweep --param batch --from 10 --to 5"), 1, "--to");

  fs::path bad = scratch() / "broken.json";
  std::ofstream(bad) << "{\"batch\": 4,,}";
  expect_error(cli("analyze --scenario '" + bad.string() + "'"), 1,
               bad.string() + ": invalid JSON at line 1, column 13");
  fs::path config = scratch() / "config.json";
  std::ofstream(config) << R"({"num_hidden_layers": 2, "hidden_size": 64, "num_attention_heads": 6,
    "num_key_value_heads": 4, "head_dim": 16, "intermediate_size": 128, "vocab_size": 100})";
  expect_error(cli("analyze --model '" + config.string() + "'"), 1,
               config.string() +
                   ": num_attention_heads (6) must be divisible by "
                   "num_key_value_heads (4)");
}

TEST(CliModel, UserConfigJsonByPath) {
  fs::path config = scratch() / "tiny-config.json";
  std::ofstream(config) << R"({"num_hidden_layers": 2, "hidden_size": 64, "num_attention_heads": 4,
    "intermediate_size": 128, "vocab_size": 100, "hidden_act": "gelu"})";
  CliRun r = cli("analyze --model '" + config.string() + "' --format json");
  ASSERT_EQ(r.code, 0) << r.err;
  json j = json::parse(r.out);
  EXPECT_EQ(j["scenario"]["model"], config.string());
  EXPECT_EQ(find_op(j, "gate_proj"), nullptr);  // gelu: no gate
  const json* up = find_op(j, "up_proj");
  ASSERT_NE(up, nullptr);
  EXPECT_DOUBLE_EQ((*up)["flops"].get<double>(), 2 * 2.0 * 1 * 64 * 128);  // L * 2*M*K*N
}

TEST(CliList, GpusModelsScenarios) {
  CliRun gpus = cli("list gpus");
  ASSERT_EQ(gpus.code, 0) << gpus.err;
  EXPECT_NE(gpus.out.find("h100-sxm"), std::string::npos);
  EXPECT_NE(gpus.out.find("3.35 TB/s"), std::string::npos) << gpus.out;
  // The app's columns: class and memory with its type; data centre first, accelerators last.
  EXPECT_NE(gpus.out.find("85.5 GB HBM3"), std::string::npos) << gpus.out;
  EXPECT_NE(gpus.out.find("137 GB LPDDR5X unified"), std::string::npos) << gpus.out;
  EXPECT_LT(gpus.out.find("datacenter"), gpus.out.find("workstation"));
  EXPECT_LT(gpus.out.find("consumer"), gpus.out.find("accelerator"));

  CliRun models = cli("list models --format json");
  ASSERT_EQ(models.code, 0) << models.err;
  json m = json::parse(models.out);
  auto llama =
      std::find_if(m.begin(), m.end(), [](const json& e) { return e["id"] == "llama-3-8b"; });
  ASSERT_NE(llama, m.end());
  EXPECT_EQ((*llama)["layers"], 32);
  EXPECT_EQ((*llama)["origin"], "presets/models/llama-3-8b.json");

  CliRun gpus_json = cli("list gpus --format json");
  json g = json::parse(gpus_json.out);
  auto h100 = std::find_if(g.begin(), g.end(), [](const json& e) { return e["id"] == "h100-sxm"; });
  ASSERT_NE(h100, g.end());
  EXPECT_EQ((*h100)["peak_flops"]["bf16"].get<double>(), 989e12);

  CliRun scenarios = cli("list scenarios");
  ASSERT_EQ(scenarios.code, 0) << scenarios.err;
  EXPECT_NE(scenarios.out.find("default"), std::string::npos);
}

TEST(CliSweep, CsvRowsAndHeader) {
  CliRun r = cli("sweep --param batch --from 1 --to 1024 --points 11");
  ASSERT_EQ(r.code, 0) << r.err;
  std::istringstream lines(r.out);
  std::string header;
  std::getline(lines, header);
  EXPECT_EQ(header,
            "batch,time_s,tokens_per_s,fits_in_memory,fc_intensity,fc_achieved_flops,"
            "attention_intensity,attention_achieved_flops,elementwise_intensity,"
            "elementwise_achieved_flops,step_intensity,step_achieved_flops");
  std::vector<std::string> firsts;
  for (std::string line; std::getline(lines, line);)
    firsts.push_back(line.substr(0, line.find(',')));
  // Powers of two: 11 log-spaced points from 1 to 1024 are all distinct integers.
  EXPECT_EQ(firsts, (std::vector<std::string>{"1", "2", "4", "8", "16", "32", "64", "128", "256",
                                              "512", "1024"}));

  CliRun by_default = cli("sweep --param seq --from 128 --to 100000");
  ASSERT_EQ(by_default.code, 0) << by_default.err;
  EXPECT_EQ(std::count(by_default.out.begin(), by_default.out.end(), '\n'), 1 + 50);

  CliRun js = cli("sweep --param seq --from 1024 --to 8192 --points 4 --format json");
  ASSERT_EQ(js.code, 0) << js.err;
  json j = json::parse(js.out);
  EXPECT_EQ(j["param"], "seq");
  ASSERT_EQ(j["points"].size(), 4u);
  EXPECT_EQ(j["points"][0]["seq"], 1024);
  EXPECT_EQ(j["points"][3]["seq"], 8192);
}

// request = the prefill of the prompt, then one decode step per further token: with OSL 2 there
// is one decode step, at context ISL + 1, which `analyze` computes on its own.
TEST(CliRequest, IsThePrefillAndTheDecodeSteps) {
  for (const char* cal : {"none", "h100-cuda-graphs"}) {
    SCOPED_TRACE(cal);
    const std::string common = std::string(" --model llama-3-8b --batch 4 --calibration ") + cal;
    CliRun r = cli("request --isl 1024 --osl 2 --format json" + common);
    ASSERT_EQ(r.code, 0) << r.err;
    json j = json::parse(r.out);
    CliRun prefill = cli("analyze --phase prefill --seq 1024 --format json" + common);
    CliRun step = cli("analyze --phase decode --seq 1025 --format json" + common);
    ASSERT_EQ(prefill.code, 0) << prefill.err;
    const json p = json::parse(prefill.out), d = json::parse(step.out);
    EXPECT_DOUBLE_EQ(j["ttft_s"].get<double>(), p["totals"]["time_s"].get<double>());
    EXPECT_DOUBLE_EQ(j["roofline"]["ttft_s"].get<double>(),
                     p["totals"]["roofline_time_s"].get<double>());
    EXPECT_NEAR(j["tpot_s"].get<double>() / d["totals"]["time_s"].get<double>(), 1, 1e-12);
    EXPECT_NEAR(j["e2e_s"].get<double>(), j["ttft_s"].get<double>() + j["tpot_s"].get<double>(),
                1e-15);
    // 4 sequences × 2 tokens over the end-to-end time.
    EXPECT_DOUBLE_EQ(j["output_tokens_per_s"].get<double>(), 8 / j["e2e_s"].get<double>());
    EXPECT_EQ(j["scenario"]["calibration"], cal);
    // Llama-3-8B: 32 layers × 8 KV heads × 128 × 2 (K and V) × 2 B = 131,072 B a token; 4 × 1026.
    EXPECT_EQ(j["memory"]["kv_cache_bytes"].get<double>(), 4.0 * 1026 * 131072);
  }
  CliRun table = cli("request --isl 1024 --osl 256 --calibration h100-cuda-graphs");
  ASSERT_EQ(table.code, 0) << table.err;
  for (const char* row : {"expected", "bound", "time to first token", "time per output token",
                          "tokens/s per user", "output tokens/s per GPU", "memory at 1,280 tokens"})
    EXPECT_NE(table.out.find(row), std::string::npos) << row << "\n" << table.out;
  CliRun csv = cli("request --isl 128 --osl 128 --format csv");
  ASSERT_EQ(csv.code, 0) << csv.err;
  EXPECT_EQ(csv.out.substr(0, csv.out.find('\n')),
            "isl,osl,batch,tp,ttft_s,tpot_s,e2e_s,output_tokens_per_s,"
            "output_tokens_per_s_per_gpu,total_tokens_per_s,kv_cache_bytes,"
            "memory_per_gpu_bytes,fits_in_memory,ttft_s_low,ttft_s_high,tpot_s_low,tpot_s_high,"
            "e2e_s_low,e2e_s_high,output_tokens_per_s_low,output_tokens_per_s_high,"
            "output_tokens_per_s_per_gpu_low,output_tokens_per_s_per_gpu_high,"
            "total_tokens_per_s_low,total_tokens_per_s_high,cost_per_mtok_usd_low,"
            "cost_per_mtok_usd_high,energy_per_token_j_low,energy_per_token_j_high,"
            "cost_per_mtok_usd,energy_per_token_j,dp,ep,moe_imbalance,pp");
  // Without a calibration the interval columns are there, empty; without a price the cost is
  // empty; the energy is the H100 SXM's 700 W over output tokens/s per GPU (column 9).
  const std::string row = csv.out.substr(csv.out.find('\n') + 1);
  EXPECT_NE(row.find("true" + std::string(18, ',')), std::string::npos) << row;
  std::vector<std::string> cells;
  for (size_t at = 0, next; at <= row.size(); at = next + 1) {
    next = std::min(row.find_first_of(",\n", at), row.size());
    cells.push_back(row.substr(at, next - at));
  }
  ASSERT_GE(cells.size(), 31u) << row;
  EXPECT_DOUBLE_EQ(std::stod(cells[30]), 700 / std::stod(cells[8])) << row;
}

// The 80 % intervals of presets/calibrations/h100-cuda-graphs.json (measured / expected):
// op times 0.798-1.29, TTFT 0.928-1.28, output tokens/s 0.892-1.32 (as times: expected over
// measured tokens/s).
TEST(CliRequest, EveryExpectedValueCarriesItsInterval) {
  const std::string common = " --model llama-3-8b --batch 4 --calibration h100-cuda-graphs";
  CliRun r = cli("request --isl 1024 --osl 64 --format json" + common);
  ASSERT_EQ(r.code, 0) << r.err;
  const json j = json::parse(r.out);
  auto near = [](const json& v, double expected) {
    EXPECT_NEAR(v.get<double>() / expected, 1, 1e-12);
  };
  near(j["ttft_s_low"], 0.928 * j["ttft_s"].get<double>());
  near(j["ttft_s_high"], 1.28 * j["ttft_s"].get<double>());
  // TPOT and end to end have no measurements of their own: throughput's, as times.
  near(j["tpot_s_low"], 0.892 * j["tpot_s"].get<double>());
  near(j["e2e_s_high"], 1.32 * j["e2e_s"].get<double>());
  // A rate inverts: the slowest measured time is the lowest rate.
  near(j["output_tokens_per_s_low"], j["output_tokens_per_s"].get<double>() / 1.32);
  near(j["output_tokens_per_s_high"], j["output_tokens_per_s"].get<double>() / 0.892);
  // analyze: the step time (a decode step: throughput's), TTFT in prefill, every op's time.
  CliRun d = cli("analyze --format json" + common);
  ASSERT_EQ(d.code, 0) << d.err;
  const json a = json::parse(d.out);
  near(a["totals"]["time_s_low"], 0.892 * a["totals"]["time_s"].get<double>());
  near(a["totals"]["tokens_per_s_high"], a["totals"]["tokens_per_s"].get<double>() / 0.892);
  for (const json& op : a["ops"]) {
    near(op["time_s_low"], 0.798 * op["time_s"].get<double>());
    near(op["time_s_high"], 1.29 * op["time_s"].get<double>());
  }
  CliRun pf = cli("analyze --phase prefill --seq 512 --format json" + common);
  const json p = json::parse(pf.out);
  near(p["totals"]["ttft_s_high"], 1.28 * p["totals"]["ttft_s"].get<double>());
  near(p["totals"]["time_s_low"], 0.928 * p["totals"]["time_s"].get<double>());
  // The frontier: every point's TPOT, TTFT and rates; its CSV's last columns.
  CliRun f = cli("frontier --isl 1024 --osl 64 --points 3 --format json" + common);
  ASSERT_EQ(f.code, 0) << f.err;
  const json frontier_json = json::parse(f.out);  // alive through the loop
  for (const json& pt : frontier_json["points"]) {
    near(pt["tpot_s_high"], 1.32 * pt["tpot_s"].get<double>());
    near(pt["ttft_s_low"], 0.928 * pt["ttft_s"].get<double>());
    near(pt["tokens_per_s_per_gpu_high"], pt["tokens_per_s_per_gpu"].get<double>() / 0.892);
  }
  CliRun fcsv = cli("frontier --isl 1024 --osl 64 --points 3 --format csv" + common);
  EXPECT_NE(
      fcsv.out.find("fits,pareto,tokens_per_s_per_user_low,tokens_per_s_per_user_high,"
                    "tokens_per_s_per_gpu_low,tokens_per_s_per_gpu_high,tpot_s_low,"
                    "tpot_s_high,ttft_s_low,ttft_s_high,cost_per_mtok_usd_low,"
                    "cost_per_mtok_usd_high,energy_per_token_j_low,"
                    "energy_per_token_j_high,cost_per_mtok_usd,energy_per_token_j,dp,ep,pp\n"),
      std::string::npos)
      << fcsv.out;
  // The table says it; without a calibration (the bound) there is no interval anywhere.
  CliRun table = cli("analyze" + common);
  EXPECT_NE(table.out.find("80 % interval"), std::string::npos) << table.out;
  CliRun bound = cli("request --isl 1024 --osl 64 --format json --model llama-3-8b");
  ASSERT_EQ(bound.code, 0) << bound.err;
  EXPECT_EQ(bound.out.find("_low"), std::string::npos);
  EXPECT_EQ(cli("analyze --model llama-3-8b").out.find("80 % interval"), std::string::npos);
}

// "-" as a file is standard input (a model, GPU or scenario piped in) and, for export, standard
// output in the --format given.
TEST(CliStandardStreams, DashReadsStandardInputAndExportWritesStandardOutput) {
  const std::string config = std::string(ROOFLINE_TEST_DATA) + "/configs/aya-23-8b.json";
  CliRun file = cli("analyze --format json --model '" + config + "'");
  CliRun piped = cli("analyze --format json --model - <'" + config + "'");
  ASSERT_EQ(piped.code, 0) << piped.err;
  EXPECT_EQ(json::parse(piped.out)["totals"], json::parse(file.out)["totals"]);
  const std::string gpu = std::string(ROOFLINE_PRESETS) + "/gpus/h200.json";
  CliRun g = cli("analyze --format json --gpu - <'" + gpu + "'");
  ASSERT_EQ(g.code, 0) << g.err;
  EXPECT_EQ(json::parse(g.out)["hardware"]["datasheet_bandwidth"].get<double>(), 4.8e12);
  // Nothing piped in, or a terminal: one message, exit 1, nothing on stdout.
  CliRun empty = cli("analyze --model - </dev/null");
  EXPECT_EQ(empty.code, 1);
  EXPECT_EQ(empty.out, "");
  EXPECT_NE(empty.err.find("-: standard input is empty"), std::string::npos) << empty.err;
  // export --out -: the bytes of the format asked for.
  CliRun svg = cli("export --out - --format svg");
  ASSERT_EQ(svg.code, 0) << svg.err;
  EXPECT_TRUE(svg.out.starts_with("<?xml")) << svg.out.substr(0, 40);
  EXPECT_NE(svg.out.find("</svg>"), std::string::npos);
  CliRun png = cli("export --out - --format png --width 320 --height 200");
  ASSERT_EQ(png.code, 0) << png.err;
  EXPECT_TRUE(png.out.starts_with("\x89PNG\r\n\x1a\n"));
  CliRun csv = cli("export --out - --format csv");
  EXPECT_TRUE(csv.out.starts_with("name,kind,count,")) << csv.out.substr(0, 40);
  CliRun bare = cli("export --out -");
  EXPECT_EQ(bare.code, 1);
  EXPECT_EQ(bare.out, "");
  EXPECT_NE(bare.err.find("--out -: give --format"), std::string::npos) << bare.err;
  CliRun disagree = cli("export --out x.svg --format png");
  EXPECT_EQ(disagree.code, 1);
  EXPECT_NE(disagree.err.find("--format png and --out x.svg disagree"), std::string::npos);
  CliRun tiny = cli("export --out - --format png --width 5");
  EXPECT_EQ(tiny.out, "");
  EXPECT_NE(tiny.err.find("standard output: figure size 5x800"), std::string::npos) << tiny.err;
}

// --error-format json, anywhere on the line: the error as one JSON object on stderr, its exit
// code and kind; the command line's own errors too; text stays the default.
TEST(CliErrors, JsonErrorsAreOneObject) {
  CliRun bad = cli("analyze --model 'no\"such' --error-format json");
  EXPECT_EQ(bad.code, 1);
  EXPECT_EQ(bad.out, "");
  const json e = json::parse(bad.err);
  EXPECT_TRUE(e["error"].get<std::string>().starts_with("--model: unknown model 'no\"such'"))
      << bad.err;
  EXPECT_EQ(e["exit_code"], 1);
  EXPECT_EQ(e["kind"], "input");
  CliRun usage = cli("--error-format=json analyze --batch x");
  EXPECT_EQ(usage.code, 2);
  const json u = json::parse(usage.err);
  EXPECT_EQ(u["error"], "--batch: expected a whole number, got 'x'");
  EXPECT_EQ(u["kind"], "usage");
  CliRun text = cli("analyze --batch x");
  EXPECT_EQ(text.err, "roofline-cli: error: --batch: expected a whole number, got 'x'\n");
  CliRun wrong = cli("analyze --error-format yaml");
  EXPECT_EQ(wrong.code, 2);
  EXPECT_NE(wrong.err.find("--error-format: expected text or json, got 'yaml'"), std::string::npos);
  EXPECT_EQ(cli("analyze --error-format json").code, 0);
}

TEST(CliRequest, BadInputIsOneMessage) {
  expect_error(cli("request --isl 1024 --osl 0"), 1,
               "osl must be a positive number of output tokens, got 0");
  expect_error(cli("request --isl 8000 --osl 1000 --model llama-3-8b"), 1,
               "isl + osl (9,000 tokens) is beyond Llama 3 8B's context limit of 8,192 tokens");
  expect_error(cli("request --isl 10"), 2, "--osl is required");
  const fs::path dir = scratch();
  std::ofstream(dir / "missing.json") << R"({"id": "x", "efficiency": {}})";
  expect_error(
      cli("request --isl 10 --osl 10 --calibration '" + (dir / "missing.json").string() + "'"), 1,
      "efficiency.gemm: missing");
  std::string text = slurp(fs::path(ROOFLINE_PRESETS) / "calibrations/h100-cuda-graphs.json");
  const size_t at = text.find("\"kernel_latency_s\": ");
  ASSERT_NE(at, std::string::npos);
  text.insert(at + 20, 1, '-');  // a count and a char: g++ 12 misreads insert(pos, "-")
  std::ofstream(dir / "negative.json") << text;
  expect_error(
      cli("request --isl 10 --osl 10 --calibration '" + (dir / "negative.json").string() + "'"), 1,
      "kernel_latency_s");
}

TEST(CliFrontier, RowsAndParetoPoints) {
  CliRun r =
      cli("frontier --model llama-3-8b --tp 1,2 --precisions bf16,fp8 --points 4 "
          "--isl 512 --osl 512 --format json");
  ASSERT_EQ(r.code, 0) << r.err;
  const json j = json::parse(r.out);
  ASSERT_EQ(j["points"].size(), 2u * 2 * 4);
  int pareto = 0;
  for (const json& p : j["points"]) {
    EXPECT_DOUBLE_EQ(p["tokens_per_s_per_gpu"].get<double>(),
                     p["batch"].get<double>() * p["tokens_per_s_per_user"].get<double>() /
                         p["tp"].get<double>());
    pareto += p["pareto"].get<bool>();
  }
  EXPECT_GE(pareto, 2);
  CliRun csv = cli("frontier --tp 1 --points 2");
  ASSERT_EQ(csv.code, 0) << csv.err;
  EXPECT_EQ(std::count(csv.out.begin(), csv.out.end(), '\n'), 1 + 2 * 2);  // bf16 and fp8
  expect_error(cli("frontier --tp 1,0"), 1, "tp must be between 1 and 1024, got 0");
  expect_error(cli("frontier --precisions bf17"), 2, "bf17");
}

// predict: every measurement of a file against the model; the model ids in the file resolve
// against the presets or relative to the file.
TEST(CliPredict, MeasuredAgainstExpectedAndBound) {
  const std::string file = std::string(ROOFLINE_TEST_DATA) + "/calibration/measured-public.json";
  CliRun r = cli("predict '" + file + "' --format json");
  ASSERT_EQ(r.code, 0) << r.err;
  const json j = json::parse(r.out);
  ASSERT_EQ(j.size(), 44u);
  for (const json& p : j) {
    ASSERT_TRUE(p.contains("expected")) << p.dump();
    EXPECT_EQ(p["expected"], p["bound"]);  // no calibration: the bound
  }
  CliRun cal = cli("predict '" + file + "' --calibration a100-cuda-graphs --format json");
  ASSERT_EQ(cal.code, 0) << cal.err;
  const json c = json::parse(cal.out);
  for (const json& p : c) {
    if (p["gpu"] == "a100-80gb-sxm") {
      EXPECT_GT(p["expected"], p["bound"]) << p["id"];
    }
  }
  const fs::path dir = scratch();
  std::ofstream(dir / "bad.json") << R"([{"id": "x", "metric": "op_time_s", "value": 1e-5,
    "conditions": {"gpu": "h100-sxm", "model": "llama-3-8b"}}])";
  expect_error(cli("predict '" + (dir / "bad.json").string() + "'"), 1, "eval.ops");
  // A timer's cost is an op timing's, a step without host work a decode step's.
  std::ofstream(dir / "timer.json") << R"([{"id": "x", "metric": "ttft_s", "value": 0.1,
    "conditions": {"gpu": "h100-sxm", "model": "llama-3-8b", "phase": "prefill"},
    "eval": {"timer_s": 3e-6}}])";
  expect_error(cli("predict '" + (dir / "timer.json").string() + "'"), 1,
               "[0].eval.timer_s: only an op_time_s measurement has a timer's cost");
  std::ofstream(dir / "host.json") << R"([{"id": "x", "metric": "ttft_s", "value": 0.1,
    "conditions": {"gpu": "h100-sxm", "model": "llama-3-8b", "phase": "prefill"},
    "eval": {"host": false}}])";
  expect_error(cli("predict '" + (dir / "host.json").string() + "'"), 1,
               "[0].eval.host: only a decode_step_s step can be without host work");
  // A phase that is neither is named ("prefil" was read as decode, exit 0).
  std::ofstream(dir / "typo.json") << R"([{"id": "x", "metric": "ttft_s", "value": 0.1,
    "conditions": {"gpu": "h100-sxm", "model": "llama-3-8b", "phase": "prefil"}}])";
  expect_error(cli("predict '" + (dir / "typo.json").string() + "'"), 1,
               "conditions.phase: expected \"prefill\" or \"decode\", got \"prefil\"");
  // A measured value from a nanosecond to a day (5e-324 s printed "∞×", 1e308 "-nan×"), and
  // conditions in roofline's ranges, named rather than printed in the expected column.
  for (const auto& [value, conditions, message] :
       std::vector<std::tuple<std::string, std::string, std::string>>{
           {"5e-324", R"("batch": 1)", "[0].value: expected a time in seconds between"},
           {"1e308", R"("batch": 1)", "[0].value: expected a time in seconds between"},
           {"0.1", R"("batch": 1000000000000)",
            "[0].conditions.: out of range: batch must be between 1 and 1000000"}}) {
    std::ofstream(dir / "range.json")
        << R"([{"id": "x", "metric": "ttft_s", "value": )" << value
        << R"(, "conditions": {"gpu": "h100-sxm", "model": "llama-3-8b", "phase": "prefill", )"
        << conditions << "}}]";
    expect_error(cli("predict '" + (dir / "range.json").string() + "'"), 1, message);
  }
}

// --version, as users of ncu, nsys and vllm type it (it exited 2): the project's version.
TEST(CliHelp, VersionPrintsTheProjectsVersion) {
  CliRun r = cli("--version");
  EXPECT_EQ(r.code, 0);
  EXPECT_EQ(r.out, "roofline-cli " + std::string(roofline::version()) + "\n");
  EXPECT_EQ(r.err, "");
  EXPECT_EQ(roofline::version(), "0.1.0");  // project(roofline VERSION 0.1.0) in CMakeLists.txt
}

TEST(CliHelp, EveryCommandHasHelp) {
  CliRun top = cli("--help");
  EXPECT_EQ(top.code, 0);
  EXPECT_EQ(top.err, "");
  for (const char* cmd : {"analyze", "sweep", "list", "request", "frontier", "predict"}) {
    EXPECT_NE(top.out.find(cmd), std::string::npos) << cmd;
  }
  const std::pair<const char*, const char*> commands[] = {
      {"analyze", "--compute-efficiency"}, {"sweep", "--points"}, {"list", "--format"},
      {"analyze", "--calibration"},        {"request", "--osl"},  {"frontier", "--precisions"},
      {"predict", "--calibration"}};
  for (const auto& [cmd, option] : commands) {
    CliRun r = cli(std::string(cmd) + " --help");
    EXPECT_EQ(r.code, 0) << cmd << ": " << r.err;
    EXPECT_NE(r.out.find(option), std::string::npos) << cmd << ":\n" << r.out;
  }
}

}  // namespace
