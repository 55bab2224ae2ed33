// A model from a folder or the local Hugging Face cache (roofline/io/checkpoint.h): the
// safetensors headers' count beside roofline's, the dtype as the auto weight format, and every
// malformed or oversized header refused by name. The safetensors files are written here, by the
// format's definition: an 8-byte little-endian header length, the JSON header, the tensors.

#include <gtest/gtest.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "roofline/analysis.h"
#include "roofline/io/checkpoint.h"
#include "roofline/io/preset_library.h"

namespace roofline {
namespace {

namespace fs = std::filesystem;

struct Tensor {
  std::string name, dtype;
  std::vector<uint64_t> shape;
};

uint64_t dtype_size(const std::string& t) {
  return t == "F32" ? 4 : t == "U8" || t == "BOOL" ? 1 : 2;
}

// A safetensors file of these tensors (zeros); `header_override` replaces the header's text.
void write_safetensors(const fs::path& path, const std::vector<Tensor>& tensors,
                       const std::string& header_override = "", uint64_t claimed = 0) {
  nlohmann::json h = {{"__metadata__", {{"format", "pt"}}}};
  uint64_t offset = 0;
  for (const Tensor& t : tensors) {
    uint64_t n = dtype_size(t.dtype);
    for (uint64_t d : t.shape) n *= d;
    h[t.name] = {{"dtype", t.dtype}, {"shape", t.shape}, {"data_offsets", {offset, offset + n}}};
    offset += n;
  }
  const std::string header = header_override.empty() ? h.dump() : header_override;
  const uint64_t size = claimed ? claimed : header.size();
  std::ofstream out(path, std::ios::binary);
  for (int i = 0; i < 8; ++i) out.put(static_cast<char>((size >> (8 * i)) & 0xff));
  out << header << std::string(offset, '\0');
}

// One Llama layer of d 8, 2 heads of 4, 1 KV head, MLP 16, vocab 10, untied: 760 parameters
// (q 64, k 32, v 32, o 64, MLP 3·128, two norms 16, tables 2·80, final norm 8).
const char* kConfig = R"({"model_type": "llama", "num_hidden_layers": 1, "hidden_size": 8,
    "num_attention_heads": 2, "num_key_value_heads": 1, "intermediate_size": 16,
    "vocab_size": 10, "tie_word_embeddings": false})";

std::vector<Tensor> llama_tensors(const std::string& dtype = "BF16") {
  const std::string l = "model.layers.0.";
  return {{"model.embed_tokens.weight", dtype, {10, 8}},
          {l + "self_attn.q_proj.weight", dtype, {8, 8}},
          {l + "self_attn.k_proj.weight", dtype, {4, 8}},
          {l + "self_attn.v_proj.weight", dtype, {4, 8}},
          {l + "self_attn.o_proj.weight", dtype, {8, 8}},
          {l + "mlp.gate_proj.weight", dtype, {16, 8}},
          {l + "mlp.up_proj.weight", dtype, {16, 8}},
          {l + "mlp.down_proj.weight", dtype, {8, 16}},
          {l + "input_layernorm.weight", dtype, {8}},
          {l + "post_attention_layernorm.weight", dtype, {8}},
          {"model.norm.weight", dtype, {8}},
          {"lm_head.weight", dtype, {10, 8}}};
}

class Checkpoint : public ::testing::Test {
 protected:
  void SetUp() override {
    dir_ = fs::temp_directory_path() /
           ("roofline_checkpoint_" +
            std::string(::testing::UnitTest::GetInstance()->current_test_info()->name()));
    fs::remove_all(dir_);
    fs::create_directories(dir_ / "snap");
    std::ofstream(dir_ / "snap" / "config.json") << kConfig;
  }
  void TearDown() override { fs::remove_all(dir_); }
  Result<ModelConfig> load(const std::string& what) const {
    return PresetLibrary::builtin().model(what);
  }
  fs::path dir_;
};

TEST_F(Checkpoint, AFolderGivesTheCheckpointsCountBesideRooflines) {
  std::vector<Tensor> t = llama_tensors();
  // Left out of the comparison: an MTP layer (numbered from num_hidden_layers on), a vision
  // tower, a scale.
  t.push_back({"model.layers.1.self_attn.q_proj.weight", "BF16", {8, 8}});
  t.push_back({"vision_tower.patch_embed.weight", "BF16", {8, 8}});
  t.push_back({"model.layers.0.mlp.down_proj.weight_scale", "F32", {1}});
  write_safetensors(dir_ / "snap" / "model.safetensors", t);
  auto c = read_checkpoint((dir_ / "snap").string(), 1);
  ASSERT_TRUE(c) << c.error();
  EXPECT_EQ(c->parameters, 760);
  EXPECT_EQ(c->left_out, 64 + 64 + 1);
  EXPECT_EQ(c->files, 1);
  auto m = load((dir_ / "snap").string());
  ASSERT_TRUE(m) << m.error();
  EXPECT_EQ(parameter_count(*m), 760);
  EXPECT_EQ(m->checkpoint_parameters, 760);
  EXPECT_EQ(checkpoint_comparison(*m), "counted 760, the checkpoint holds 760");
  EXPECT_FALSE(m->quantization.group[0].has_value());  // bf16: the default already
  // The config.json picked by itself reads the safetensors beside it.
  auto by_file = load((dir_ / "snap" / "config.json").string());
  ASSERT_TRUE(by_file) << by_file.error();
  EXPECT_EQ(by_file->checkpoint_parameters, 760);
}

TEST_F(Checkpoint, ShardsOfAnIndexAndTheStoredDtype) {
  const std::vector<Tensor> t = llama_tensors("F16");
  write_safetensors(dir_ / "snap" / "model-00001-of-00002.safetensors", {t.begin(), t.begin() + 6});
  write_safetensors(dir_ / "snap" / "model-00002-of-00002.safetensors", {t.begin() + 6, t.end()});
  nlohmann::json index = {{"metadata", {{"total_size", 1520}}},
                          {"weight_map", nlohmann::json::object()}};
  for (size_t i = 0; i < t.size(); ++i)
    index["weight_map"][t[i].name] =
        i < 6 ? "model-00001-of-00002.safetensors" : "model-00002-of-00002.safetensors";
  std::ofstream(dir_ / "snap" / "model.safetensors.index.json") << index.dump();
  auto m = load((dir_ / "snap").string());
  ASSERT_TRUE(m) << m.error();
  EXPECT_EQ(m->checkpoint_parameters, 760);
  // Stored in fp16 with no quantization_config: the auto weight format is fp16.
  EXPECT_EQ(m->quantization.group[static_cast<size_t>(WeightGroup::mixer)], Precision::fp16);
  EXPECT_EQ(m->quantization.group[static_cast<size_t>(WeightGroup::dense)], Precision::fp16);
  // An index naming a file outside the folder is refused.
  index["weight_map"]["lm_head.weight"] = "../elsewhere.safetensors";
  std::ofstream(dir_ / "snap" / "model.safetensors.index.json") << index.dump();
  auto outside = load((dir_ / "snap").string());
  ASSERT_FALSE(outside);
  EXPECT_NE(outside.error().find("weight_map.lm_head.weight: expected a file name in the folder"),
            std::string::npos)
      << outside.error();
}

// More than 0.5 % apart is a warning naming both counts.
TEST_F(Checkpoint, ACountApartFromTheCheckpointIsAWarning) {
  std::vector<Tensor> t = llama_tensors();
  t.push_back({"model.layers.0.self_attn.extra_proj.weight", "BF16", {8, 8}});  // 64 more
  write_safetensors(dir_ / "snap" / "model.safetensors", t);
  auto m = load((dir_ / "snap").string());
  ASSERT_TRUE(m) << m.error();
  bool apart = false;
  EXPECT_EQ(checkpoint_comparison(*m, &apart),
            "counted 760, the checkpoint holds 824, 7.77% apart: some part of this model is "
            "counted differently from its checkpoint");
  EXPECT_TRUE(apart);
  Scenario s = PresetLibrary::builtin().default_scenario();
  s.model = *m;
  const Analysis a = analyze(s);
  bool warned = false;
  for (const std::string& w : a.warnings)
    warned = warned || w.find("holds 824") != std::string::npos;
  EXPECT_TRUE(warned);
}

TEST_F(Checkpoint, BadHeadersAreRefusedByName) {
  const fs::path f = dir_ / "snap" / "model.safetensors";
  auto error = [&] {
    auto m = load((dir_ / "snap").string());
    EXPECT_FALSE(m);
    return m ? std::string() : m.error();
  };
  write_safetensors(f, llama_tensors(), "", 200'000'000);  // claims a 200 MB header
  EXPECT_EQ(error(), f.string() +
                         ": its safetensors header says 200000000 bytes, over the 100 MB "
                         "roofline reads");
  write_safetensors(f, llama_tensors(), "", 5'000'000);  // within the limit, past the file's end
  EXPECT_EQ(error(), f.string() +
                         ": not a safetensors file (the header runs past the end of the "
                         "file)");
  write_safetensors(f, llama_tensors(), "[1, 2]");
  EXPECT_EQ(error(), f.string() + ": not a safetensors file (its header is not a JSON object)");
  write_safetensors(f, {}, R"({"w": {"dtype": "BF16", "shape": [4, 4], "data_offsets": [0, 30]}})");
  EXPECT_EQ(error(), f.string() +
                         ": not a safetensors file (tensor w's data_offsets lie outside "
                         "the file)");
  write_safetensors(f, {{"pad", "U8", {40}}},
                    R"({"w": {"dtype": "BF16", "shape": [4, 4], "data_offsets": [0, 30]}})");
  EXPECT_EQ(error(), f.string() +
                         ": not a safetensors file (tensor w holds 30 bytes for 16 BF16 "
                         "elements)");
  std::ofstream(f, std::ios::binary) << "abc";
  EXPECT_EQ(error(), f.string() + ": not a safetensors file (shorter than 8 bytes)");
}

// Packed integer weights (GPTQ's I32, MXFP4's U8) hold several weights an element: no comparison.
TEST_F(Checkpoint, PackedWeightsAreNotCompared) {
  std::vector<Tensor> t = llama_tensors();
  t[5].dtype = "U8";
  write_safetensors(dir_ / "snap" / "model.safetensors", t);
  auto m = load((dir_ / "snap").string());
  ASSERT_TRUE(m) << m.error();
  EXPECT_FALSE(m->checkpoint_parameters.has_value());
  EXPECT_EQ(checkpoint_comparison(*m), "");
}

// A review's cases: an index over 8 MiB (DeepSeek-V3's is 9 MB) is read; a shard the index
// names that is missing (a partial download) leaves nothing to compare, not an error; buffers
// (GPT-2's 4-dimensional attn.bias mask, BOOL masks) are not weights; consolidated.safetensors
// beside model.safetensors is not counted twice; an unknown dtype is not compared; an fp32
// checkpoint does not make the weights fp32 (engines serve it in 16 bits).
TEST_F(Checkpoint, LargeIndexesPartialDownloadsBuffersAndDuplicates) {
  const fs::path snap = dir_ / "snap";
  std::vector<Tensor> t = llama_tensors();
  write_safetensors(snap / "model-00001-of-00001.safetensors", t);
  nlohmann::json index = {{"weight_map", nlohmann::json::object()}};
  for (const Tensor& x : t) index["weight_map"][x.name] = "model-00001-of-00001.safetensors";
  // Padding entries up to 9 MB that name the same shard (a real index names every scale too).
  // Each entry is about 79 bytes of JSON: 130,000 of them make 10 MB.
  for (int i = 0; i < 130000; ++i)
    index["weight_map"]["model.layers.0.pad_" + std::to_string(i) + ".weight_scale_inv"] =
        "model-00001-of-00001.safetensors";
  ASSERT_GT(index.dump().size(), size_t{9} << 20);
  std::ofstream(snap / "model.safetensors.index.json") << index.dump();
  auto big = load(snap.string());
  ASSERT_TRUE(big) << big.error();
  EXPECT_EQ(big->checkpoint_parameters, 760);

  index["weight_map"]["lm_head.weight"] = "model-00002-of-00002.safetensors";  // not there
  std::ofstream(snap / "model.safetensors.index.json") << index.dump();
  auto partial = load(snap.string());
  ASSERT_TRUE(partial) << partial.error();
  EXPECT_FALSE(partial->checkpoint_parameters.has_value());
  auto c = read_checkpoint(snap.string(), 1);
  ASSERT_TRUE(c) << c.error();
  EXPECT_EQ(c->missing, "1 of the 2 shards the index names are not in the folder");
  fs::remove(snap / "model.safetensors.index.json");
  fs::remove(snap / "model-00001-of-00001.safetensors");

  t.push_back({"model.layers.0.self_attn.attn.bias", "BF16", {1, 1, 4, 4}});  // a mask buffer
  t.push_back({"model.layers.0.attention.masked", "BOOL", {4, 4}});
  write_safetensors(snap / "model.safetensors", t);
  write_safetensors(snap / "consolidated.safetensors", llama_tensors());  // Mistral's copy
  auto buffers = load(snap.string());
  ASSERT_TRUE(buffers) << buffers.error();
  EXPECT_EQ(buffers->checkpoint_parameters, 760);

  write_safetensors(snap / "model.safetensors", llama_tensors("F32"));
  auto fp32 = load(snap.string());
  ASSERT_TRUE(fp32) << fp32.error();
  EXPECT_FALSE(fp32->quantization.group[static_cast<size_t>(WeightGroup::mixer)].has_value());
  write_safetensors(snap / "model.safetensors", {}, R"({"w": {"dtype": "F4_NEW", "shape": [760],
      "data_offsets": [0, 10]}})");
  {
    std::ofstream pad(snap / "model.safetensors", std::ios::app | std::ios::binary);
    pad << std::string(10, '\0');
  }
  auto unknown = load(snap.string());
  ASSERT_TRUE(unknown) << unknown.error();
  EXPECT_FALSE(unknown->checkpoint_parameters.has_value());
}

// An id ORG/NAME found in the local cache: refs/main names the snapshot.
TEST_F(Checkpoint, AModelIdInTheLocalCache) {
  const fs::path repo = dir_ / "hub" / "models--acme--tiny-llama";
  fs::create_directories(repo / "snapshots" / "abc123");
  fs::create_directories(repo / "snapshots" / "old456");
  fs::create_directories(repo / "refs");
  std::ofstream(repo / "refs" / "main") << "abc123\n";
  std::ofstream(repo / "snapshots" / "abc123" / "config.json") << kConfig;
  write_safetensors(repo / "snapshots" / "abc123" / "model.safetensors", llama_tensors());
  const char* before = std::getenv("HF_HUB_CACHE");
  const std::string saved = before ? before : "";
  setenv("HF_HUB_CACHE", (dir_ / "hub").c_str(), 1);
  auto m = load("acme/tiny-llama");
  auto missing = load("acme/other-model");
  if (before) {
    setenv("HF_HUB_CACHE", saved.c_str(), 1);
  } else {
    unsetenv("HF_HUB_CACHE");
  }
  ASSERT_TRUE(m) << m.error();
  EXPECT_EQ(m->checkpoint_parameters, 760);
  EXPECT_EQ(m->id, "acme/tiny-llama");
  ASSERT_FALSE(missing);
  EXPECT_NE(missing.error().find("acme/other-model: cannot read"), std::string::npos)
      << missing.error();
}

}  // namespace
}  // namespace roofline
