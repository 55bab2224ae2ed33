// preset_list.h: the objects of `roofline-cli list --format json`, from loaded values (GPUs and
// models; the scenarios' are persist's, tests/persist/scenario_file_test.cpp).

#include "roofline/io/preset_list.h"

#include <gtest/gtest.h>

#include "roofline/io/json_io.h"

namespace roofline {
namespace {

TEST(PresetList, GpusAreTheirFilesPlusOrigin) {
  const GpuSpec gpu = parse_gpu(R"({"id": "g", "name": "G", "memory_bandwidth": 2e12,
                                      "memory_capacity": 8e10, "peak_flops": {"bf16": 1e15}})",
                                "g.json")
                          .value();
  const std::string list = preset_list_to_json(
      std::vector<ListedPreset<GpuSpec>>{{{"g", "G", "presets/gpus/g.json", ""}, gpu}});
  // The file's object, indented one level deeper, with "origin" after its last key.
  EXPECT_EQ(list,
            "[\n"
            "  {\n"
            "    \"id\": \"g\",\n"
            "    \"name\": \"G\",\n"
            "    \"vendor\": \"\",\n"
            "    \"memory_bandwidth\": 2000000000000.0,\n"
            "    \"memory_capacity\": 80000000000.0,\n"
            "    \"peak_flops\": {\n"
            "      \"bf16\": 1e+15\n"
            "    },\n"
            "    \"source\": \"\",\n"
            "    \"origin\": \"presets/gpus/g.json\"\n"
            "  }\n"
            "]\n");
}

TEST(PresetList, ModelsGiveTheirShape) {
  const ModelConfig m = parse_model(R"({"_name": "M", "num_hidden_layers": 2, "hidden_size": 64,
                                         "num_attention_heads": 4, "num_key_value_heads": 2,
                                         "intermediate_size": 128, "vocab_size": 100})",
                                    "m.json", "m")
                            .value();
  const std::string list = preset_list_to_json(
      std::vector<ListedPreset<ModelConfig>>{{{"m", "M", "presets/models/m.json", ""}, m}});
  EXPECT_NE(list.find("\"id\": \"m\",\n    \"name\": \"M\",\n    \"origin\": "
                      "\"presets/models/m.json\",\n    \"source\": \"\",\n    \"parameters\": "),
            std::string::npos)
      << list;
  EXPECT_NE(list.find("\"layers\": 2,\n    \"layout\": \"2 layers\",\n    \"hidden\": 64,\n    "
                      "\"heads\": 4,\n    \"kv_heads\": 2,\n    \"head_dim\": 16,\n    \"moe\": "
                      "false,\n    \"mla\": false\n  }\n]\n"),
            std::string::npos)
      << list;
  // 2 layers of 4096 + 2048 + 2048 + 4096 (q, k, v, o) + 3·64·128 MLP + 2·64 norms = 36992,
  // + 2·100·64 embeddings and lm_head + 64 final norm = 86848; dense, so all of it is active.
  EXPECT_NE(list.find("\"parameters\": 86848.0,\n    \"active_parameters\": 86848.0,"),
            std::string::npos)
      << list;
}

}  // namespace
}  // namespace roofline
