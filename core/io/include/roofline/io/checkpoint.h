#pragma once
// A model from a folder: a local Hugging Face snapshot (config.json beside its safetensors
// files) or a model id found in the local Hugging Face cache, offline. The safetensors headers
// are read, never the tensors: the checkpoint's own parameter count checks roofline's, and its
// dtypes fill the `auto` weight precision where the config has no quantization_config.

#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <string_view>

#include "roofline/result.h"

namespace roofline {

// The largest safetensors header read (the JSON before the tensors): 100 MB.
inline constexpr uint64_t kMaxSafetensorsHeader = 100'000'000;

struct CheckpointCount {
  double parameters = 0;  // elements of the tensors a decode step's count covers
  double left_out = 0;    // elements of vision and audio towers, MTP layers and scale tensors
  std::map<std::string, double> dtypes;  // elements of the counted tensors per safetensors dtype
  std::string packed;   // an integer dtype holding packed weights (U8, I32), or one roofline does
                        // not know: no comparison then
  std::string missing;  // shards the index names that are not there (a partial download): no
                        // comparison then
  int files = 0;        // safetensors files read
};

// The folder holding `id_or_path`'s config.json: the path itself when it is a folder; else, for
// an id ORG/NAME that is not a path on disk, its snapshot in the local cache ($HF_HUB_CACHE, else
// $HF_HOME/hub, else ~/.cache/huggingface/hub: models--ORG--NAME/snapshots/, the one refs/main
// names, else the only one). nullopt when it is neither.
std::optional<std::string> model_folder(std::string_view id_or_path);

// The headers of the folder's safetensors files: model.safetensors.index.json's shards, else every
// *.safetensors in it (none: zero files, nothing to compare). A header over 100 MB, a malformed
// header or one whose offsets do not match its shapes is refused, naming the file. Tensors of
// layers numbered `layers` and above (MTP), of vision and audio towers, and scales are counted
// apart (left_out).
Result<CheckpointCount> read_checkpoint(const std::string& folder, int64_t layers);

}  // namespace roofline
