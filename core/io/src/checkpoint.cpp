// A model from a folder or the local Hugging Face cache, and its safetensors headers
// (roofline/io/checkpoint.h). A safetensors file is an 8-byte little-endian header length N, N
// bytes of JSON ({"name": {"dtype", "shape", "data_offsets": [begin, end]}, "__metadata__"}),
// then the tensors' bytes; only the first 8 + N bytes are read.

#include "roofline/io/checkpoint.h"

#include <unistd.h>

#include <algorithm>
#include <cctype>
#include <cstdlib>
#include <filesystem>
#include <set>
#include <vector>

#include "roofline/io/json_io.h"
#include "roofline/io/json_reader.h"
#include "roofline/units.h"

namespace roofline {
namespace {

namespace fs = std::filesystem;
using R = Result<CheckpointCount>;

bool is_folder(const std::string& path) {
  std::error_code ec;
  return fs::is_directory(path, ec);
}

std::optional<std::string> cache_snapshot(std::string_view id) {
  // ORG/NAME: two non-empty parts, no "." or ".." part, nothing a folder name cannot hold.
  const size_t slash = id.find('/');
  if (slash == std::string_view::npos || slash == 0 || slash + 1 >= id.size() ||
      id.find('/', slash + 1) != std::string_view::npos)
    return std::nullopt;
  const std::string org(id.substr(0, slash)), name(id.substr(slash + 1));
  for (const std::string& part : {org, name})
    if (part == "." || part == "..") return std::nullopt;
  std::string hub;
  if (const char* c = std::getenv("HF_HUB_CACHE"); c && *c) {
    hub = c;
  } else if (const char* h = std::getenv("HF_HOME"); h && *h) {
    hub = std::string(h) + "/hub";
  } else if (const char* home = std::getenv("HOME"); home && *home) {
    hub = std::string(home) + "/.cache/huggingface/hub";
  } else {
    return std::nullopt;
  }
  const std::string repo = hub + "/models--" + org + "--" + name;
  const std::string snapshots = repo + "/snapshots";
  if (!is_folder(snapshots)) return std::nullopt;
  // refs/main names the snapshot the hub's tools use; else the only snapshot there is.
  if (auto ref = read_text_file(repo + "/refs/main"); ref && ref->size() <= 128) {
    std::string hash = *ref;
    while (!hash.empty() && std::isspace(static_cast<unsigned char>(hash.back()))) hash.pop_back();
    if (!hash.empty() && hash.find('/') == std::string::npos && is_folder(snapshots + "/" + hash))
      return snapshots + "/" + hash;
  }
  std::vector<std::string> found;
  std::error_code ec;
  for (fs::directory_iterator it(snapshots, ec), end; !ec && it != end && found.size() < 2;
       it.increment(ec)) {
    if (is_folder(it->path().string())) found.push_back(it->path().string());
  }
  if (found.size() == 1) return found.front();
  return std::nullopt;
}

// Bytes per element of a safetensors dtype; 0 for one roofline does not know.
double dtype_bytes(std::string_view t) {
  if (t == "F64" || t == "I64" || t == "U64") return 8;
  if (t == "F32" || t == "I32" || t == "U32") return 4;
  if (t == "F16" || t == "BF16" || t == "I16" || t == "U16") return 2;
  if (t == "F8_E4M3" || t == "F8_E5M2" || t == "F8_E8M0" || t == "I8" || t == "U8" || t == "BOOL")
    return 1;
  return 0;
}

bool is_float(std::string_view t) { return t.starts_with("F") || t == "BF16"; }

// Tensors a decode step's count leaves out: vision and audio towers, MTP layers (numbered from
// `layers` on), and the scales and zero points that quantized checkpoints store beside weights.
bool left_out(std::string_view name, int64_t layers) {
  for (std::string_view part : {"vision", "visual", "vit.", "image", "audio", "speech",
                                "mm_projector", "multi_modal_projector", "mtp"}) {
    if (name.find(part) != std::string_view::npos) return true;
  }
  for (std::string_view end : {"_scale", "scale_inv", "_scales", ".scales", "weight_scale_2",
                               "_amax", "qzeros", "g_idx", "_zero_point"}) {
    if (name.ends_with(end)) return true;
  }
  if (const size_t at = name.find("layers."); at != std::string_view::npos) {
    size_t i = at + 7;
    int64_t n = 0;
    bool digits = false;
    while (i < name.size() && std::isdigit(static_cast<unsigned char>(name[i])) && n < 1'000'000) {
      n = n * 10 + (name[i++] - '0');
      digits = true;
    }
    if (digits && n >= layers) return true;
  }
  return false;
}

Status read_header(const std::string& path, int64_t layers, CheckpointCount& out) {
  using S = Status;
  Result<int> opened = open_regular_file(path);
  if (!opened) return S::fail(opened.error());
  const int fd = opened.value();
  struct Closer {
    int fd;
    ~Closer() { ::close(fd); }
  } closer{fd};
  auto read_exact = [&](char* into, uint64_t n) {
    uint64_t got = 0;
    while (got < n) {
      const ssize_t r =
          ::read(fd, into + got, static_cast<size_t>(std::min<uint64_t>(n - got, 1 << 20)));
      if (r <= 0) return false;
      got += static_cast<uint64_t>(r);
    }
    return true;
  };
  auto bad = [&](const std::string& why) {
    return S::fail(path + ": not a safetensors file (" + why + ")");
  };
  unsigned char size_bytes[8];
  if (!read_exact(reinterpret_cast<char*>(size_bytes), 8)) return bad("shorter than 8 bytes");
  uint64_t n = 0;
  for (int i = 7; i >= 0; --i) n = (n << 8) | size_bytes[i];
  if (n > kMaxSafetensorsHeader)
    return S::fail(path + ": its safetensors header says " + std::to_string(n) +
                   " bytes, over the 100 MB roofline reads");
  const off_t file_size = ::lseek(fd, 0, SEEK_END);
  if (file_size < 0 || static_cast<uint64_t>(file_size) < 8 + n)
    return bad("the header runs past the end of the file");
  if (::lseek(fd, 8, SEEK_SET) != 8) return bad("cannot seek");
  std::string header(static_cast<size_t>(n), '\0');
  if (!read_exact(header.data(), n)) return bad("the header runs past the end of the file");
  // nlohmann::json (a std::map), not the ordered Json: a header or an index of 100,000 names
  // is quadratic in an ordered map (9 MB of DeepSeek-V3's index took 6 s).
  const nlohmann::json j = nlohmann::json::parse(header, nullptr, false);
  if (j.is_discarded() || !j.is_object()) return bad("its header is not a JSON object");
  const uint64_t data = static_cast<uint64_t>(file_size) - 8 - n;
  for (const auto& [name, t] : j.items()) {
    if (name == "__metadata__") continue;
    const std::string shown = printable(name);
    if (!t.is_object() || !t.contains("dtype") || !t["dtype"].is_string() || !t.contains("shape") ||
        !t["shape"].is_array() || !t.contains("data_offsets") || !t["data_offsets"].is_array() ||
        t["data_offsets"].size() != 2)
      return bad("tensor " + shown + " lacks its dtype, shape or data_offsets");
    const std::string dtype = t["dtype"].get<std::string>();
    double elements = 1;
    for (const nlohmann::json& d : t["shape"]) {
      if (!d.is_number_unsigned()) return bad("tensor " + shown + " has a shape that is not sizes");
      elements *= static_cast<double>(d.get<uint64_t>());
    }
    // Buffers, not weights: BOOL masks (GPT-NeoX) and GPT-2's causal mask "attn.bias" of
    // [1, 1, n, n] (a 4-dimensional "bias").
    const bool mask =
        dtype == "BOOL" || ((name.ends_with("attn.bias") || name.ends_with("attn.masked_bias")) &&
                            t["shape"].size() >= 3);
    const nlohmann::json& o = t["data_offsets"];
    if (!o[0].is_number_unsigned() || !o[1].is_number_unsigned() ||
        o[1].get<uint64_t>() < o[0].get<uint64_t>() || o[1].get<uint64_t>() > data)
      return bad("tensor " + shown + "'s data_offsets lie outside the file");
    const double bytes = dtype_bytes(dtype);
    const double span = static_cast<double>(o[1].get<uint64_t>() - o[0].get<uint64_t>());
    if (bytes > 0 && span != elements * bytes)
      return bad("tensor " + shown + " holds " + format_exact(span) + " bytes for " +
                 format_exact(elements) + " " + dtype + " elements");
    if (mask || left_out(name, layers)) {
      out.left_out += elements;
      continue;
    }
    if ((!is_float(dtype) || bytes == 0) && out.packed.empty()) out.packed = printable(dtype);
    out.parameters += elements;
    out.dtypes[printable(dtype)] += elements;
  }
  ++out.files;
  return S::ok();
}

}  // namespace

std::optional<std::string> model_folder(std::string_view id_or_path) {
  const std::string p(id_or_path);
  if (is_folder(p)) return p;
  std::error_code ec;
  if (fs::exists(p, ec)) return std::nullopt;
  return cache_snapshot(id_or_path);
}

Result<CheckpointCount> read_checkpoint(const std::string& folder, int64_t layers) {
  CheckpointCount out;
  std::vector<std::string> files;
  const std::string index = folder + "/model.safetensors.index.json";
  std::error_code ec;
  if (fs::exists(index, ec)) {
    auto text = read_text_file(index, size_t{128} << 20);  // DeepSeek-V3's is 9 MB, Kimi-K2's 14
    if (!text) return R::fail(text.error());
    const nlohmann::json j = nlohmann::json::parse(*text, nullptr, false);
    if (j.is_discarded() || !j.is_object() || !j.contains("weight_map") ||
        !j["weight_map"].is_object())
      return R::fail(index + ": expected a JSON object with a weight_map");
    std::set<std::string> shards;
    for (const auto& [tensor, file] : j["weight_map"].items()) {
      if (!file.is_string())
        return R::fail(index + ": weight_map." + printable(tensor) + ": expected a file name");
      const std::string f = file.get<std::string>();
      if (f.empty() || f.find('/') != std::string::npos || f == "." || f == "..")
        return R::fail(index + ": weight_map." + printable(tensor) +
                       ": expected a file name in the folder, got \"" + printable(f) + "\"");
      shards.insert(f);
    }
    int missing = 0;
    for (const std::string& f : shards) {
      // A shard not there (a partial download, a dangling link in the cache): nothing to compare.
      if (fs::exists(folder + "/" + f, ec)) {
        files.push_back(folder + "/" + f);
      } else {
        ++missing;
      }
    }
    if (missing > 0) {
      out.missing = std::to_string(missing) + " of the " + std::to_string(shards.size()) +
                    " shards the index names are not in the folder";
      return R::ok(std::move(out));
    }
  } else {
    for (fs::directory_iterator it(folder, ec), end; !ec && it != end; it.increment(ec)) {
      if (it->path().extension() == ".safetensors") files.push_back(it->path().string());
      if (files.size() > 100'000) return R::fail(folder + ": more than 100000 safetensors files");
    }
    std::sort(files.begin(), files.end());
    // transformers' own files (model.safetensors, model-00001-of-00004.safetensors) when there
    // are others beside them (Mistral's consolidated.safetensors holds the same weights).
    std::vector<std::string> own;
    for (const std::string& f : files) {
      const std::string name = fs::path(f).filename().string();
      if (name == "model.safetensors" || name.starts_with("model-")) own.push_back(f);
    }
    if (!own.empty()) files = std::move(own);
  }
  for (const std::string& f : files) {
    if (Status s = read_header(f, layers, out); !s) return R::fail(s.error());
  }
  return R::ok(std::move(out));
}

}  // namespace roofline
