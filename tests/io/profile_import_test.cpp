// Profile imports against values worked by hand from the real files in tests/data/profiles
// (tests/data/profiles/SOURCES.md says which tool made each): every number below was summed
// from the file's text independently of the importer (a Python script with decimal arithmetic).
#include "roofline/io/profile_import.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <numeric>
#include <string>

namespace roofline {
namespace {

std::string sample(std::string_view name) {
  return std::string(ROOFLINE_TEST_DATA_DIR) + "/profiles/" + std::string(name);
}

Profile load(std::string_view name) {
  Result<Profile> p = import_profile(sample(name));
  EXPECT_TRUE(p) << p.error();
  return p ? std::move(p).value() : Profile{};
}

// The kernel whose name starts with `prefix` (the first, as sorted: longest first).
const MeasuredKernel* kernel(const Profile& p, std::string_view prefix) {
  for (const MeasuredKernel& k : p.kernels) {
    if (k.name.starts_with(prefix)) return &k;
  }
  return nullptr;
}

double total_time(const Profile& p) {
  double t = 0;
  for (const MeasuredKernel& k : p.kernels) t += k.time_s.value_or(0);
  return t;
}

// [SECTION] Nsight Compute

TEST(ProfileImport, NcuMetricsAfterProgramOutputA100) {
  // ncu 2022.4: ten lines of program output and ==PROF== before the "ID" header; time from
  // sm__cycles_elapsed.avg / .per_second, bytes from dram__bytes.sum ("823,404,288" byte).
  const Profile p = load("ncu-2022.4_A100-PCIE-40GB_metrics-long.csv");
  EXPECT_EQ(p.format, ProfileFormat::ncu_csv);
  EXPECT_EQ(p.launches, 11);
  ASSERT_EQ(p.kernels.size(), 4u);
  // Longest first: six CUTLASS GEMM launches, 0.79031766398328495 s, 885,036,394,624 bytes.
  EXPECT_TRUE(p.kernels[0].name.starts_with("void cutlass::Kernel<cutlass::gemm::kernel::Gemm"));
  EXPECT_EQ(p.kernels[0].launches, 6);
  EXPECT_NEAR(*p.kernels[0].time_s, 0.79031766398328495, 1e-12);
  EXPECT_DOUBLE_EQ(*p.kernels[0].bytes, 885036394624.0);
  EXPECT_FALSE(p.kernels[0].flops);  // sm__inst_executed_pipe_tensor counts instructions
  const MeasuredKernel* ampere = kernel(p, "ampere_s16816gemm_fp16_256x128");
  ASSERT_NE(ampere, nullptr);
  // 81,838,503.94 cycles / 765,001,631.38 cycles/s (ID 10).
  EXPECT_NEAR(*ampere->time_s, 0.10697516800100342, 1e-12);
  EXPECT_DOUBLE_EQ(*ampere->bytes, 25702818048.0);
  const MeasuredKernel* half = kernel(p, "void InitializeMatrix_kernel<__half");
  ASSERT_NE(half, nullptr);
  EXPECT_EQ(half->launches, 2);
  EXPECT_DOUBLE_EQ(*half->bytes, 823404288.0 + 823402880.0);
  EXPECT_NEAR(total_time(p), 0.90622924797510814, 1e-11);
}

TEST(ProfileImport, NcuMixedUnitsAndNotAvailable) {
  // RTX 5090, CUTLASS bf16 GEMM: dram__bytes_read.sum "17.50" Mbyte + write "0" byte;
  // gpu__time_duration.sum "111.81" us; FLOPs from sm__ops_path_tensor_src_bf16_dst_fp32.sum
  // "12,532,580,352" (flop_count_* and the bf16-to-bf16 path are "n/a").
  for (const char* file : {"ncu_RTX5090_cutlass-bf16-gemm_metrics.csv",
                           "ncu_RTX5090_cutlass-bf16-gemm_page-details.csv"}) {
    SCOPED_TRACE(file);
    const Profile p = load(file);
    ASSERT_EQ(p.kernels.size(), 1u);
    const MeasuredKernel& k = p.kernels[0];
    EXPECT_EQ(k.launches, 1);
    EXPECT_NEAR(*k.time_s, 111.81e-6, 1e-15);
    EXPECT_DOUBLE_EQ(*k.bytes, 17.5e6);
    EXPECT_DOUBLE_EQ(*k.flops, 12532580352.0);
    EXPECT_NEAR(*k.intensity(), 12532580352.0 / 17.5e6, 1e-9);  // 716.1 FLOP/byte
    EXPECT_NEAR(*k.achieved_flops(), 12532580352.0 / 111.81e-6, 1e3);
  }
}

TEST(ProfileImport, NcuRooflineSectionGivesRates) {
  // The SpeedOfLight_RooflineChart page: no duration, rates per cycle. FP32 ops per cycle
  // 158.12 (FFMA operations) + 1.97 (FADD) + 0 (FMUL), at 2.15 GHz: 344.1935 GFLOP/s; DRAM
  // bandwidth 345.14 GB/s; intensity 0.99725763 FLOP/byte.
  const Profile p = load("ncu_RTX5090_cublas-gemv_section-RooflineChart.csv");
  ASSERT_EQ(p.kernels.size(), 1u);
  const MeasuredKernel& k = p.kernels[0];
  EXPECT_FALSE(k.time_s);
  EXPECT_FALSE(k.flops);
  EXPECT_NEAR(*k.flops_per_s, 344193500000.0, 1.0);
  EXPECT_NEAR(*k.bytes_per_s, 345140000000.0, 1.0);
  EXPECT_NEAR(*k.intensity(), 0.99725763458306774, 1e-12);
  EXPECT_NE(std::find_if(p.notes.begin(), p.notes.end(),
                         [](const std::string& n) { return n.starts_with("no kernel durations"); }),
            p.notes.end());
}

// [SECTION] Nsight Systems

TEST(ProfileImport, NsysKernelSummary) {
  const Profile p = load("nsys_RTX5090_decode_cuda_gpu_kern_sum.csv");
  EXPECT_EQ(p.format, ProfileFormat::nsys_kernel_summary);
  EXPECT_EQ(p.kernels.size(), 46u);
  EXPECT_EQ(p.launches, 78016);
  // The first row: 61,602,133 ns over 16,448 cuBLAS gemvx launches.
  EXPECT_TRUE(p.kernels[0].name.starts_with("std::enable_if<!T7, void>::type internal::gemvx"));
  EXPECT_EQ(p.kernels[0].launches, 16448);
  EXPECT_NEAR(*p.kernels[0].time_s, 0.061602133, 1e-15);
  EXPECT_FALSE(p.kernels[0].flops);
  EXPECT_FALSE(p.kernels[0].bytes);
  EXPECT_NEAR(total_time(p), 0.179072697, 1e-12);
}

// [SECTION] PyTorch profiler

TEST(ProfileImport, TorchTraceKernelsAndCopies) {
  // ROCm 6.2 on an MI250: 14 kernel events and 2 gpu_memcpy events, 13 names; dur in µs.
  const Profile p = load("torch-profiler_MI250_ROCm6.2_trace.json");
  EXPECT_EQ(p.format, ProfileFormat::torch_trace);
  EXPECT_EQ(p.device, "AMD Radeon Graphics");
  EXPECT_EQ(p.launches, 16);
  EXPECT_EQ(p.kernels.size(), 13u);
  const MeasuredKernel* copy = kernel(p, "Memcpy HtoD (Host -> Device)");
  ASSERT_NE(copy, nullptr);
  EXPECT_EQ(copy->launches, 2);
  EXPECT_NEAR(*copy->time_s, 38.161e-6, 1e-15);
  const MeasuredKernel* gemm = kernel(p, "Cijk_Alik_Bljk_SB_Bias_AS_SAV_UserArgs_MT64x16x32");
  ASSERT_NE(gemm, nullptr);
  EXPECT_NEAR(*gemm->time_s, 17.6e-6, 1e-15);
  EXPECT_NEAR(total_time(p), 149.042e-6, 1e-14);
}

TEST(ProfileImport, TorchTraceOneTritonKernel) {
  const Profile p = load("torch-profiler_A100_triton-kernel_trace.json");
  ASSERT_EQ(p.kernels.size(), 1u);
  EXPECT_EQ(p.kernels[0].name, "triton_poi_fused_add_cos_sin_0");
  EXPECT_NEAR(*p.kernels[0].time_s, 1.76e-6, 1e-18);
  EXPECT_EQ(p.device, "NVIDIA A100-PG509-200");
}

TEST(ProfileImport, TorchTraceGzipWithCuptiCounters) {
  // 77 cuda_profiler_range events (no kernel events), read through gzip: FLOPs = fadd + fmul +
  // 2 ffma + 2 hadd + 2 hmul + 4 hfma + dadd + dmul + 2 dfma; no times (every range lasts
  // 121,431 µs: the replay slot, not the kernel).
  const Profile p = load("torch-profiler_A100_cupti-counters_trace.json.gz");
  EXPECT_EQ(p.launches, 77);
  EXPECT_EQ(p.kernels.size(), 16u);
  double flops = 0;
  for (const MeasuredKernel& k : p.kernels) {
    EXPECT_FALSE(k.time_s) << k.name;
    flops += k.flops.value_or(0);
  }
  EXPECT_DOUBLE_EQ(flops, 80782622200.0);
  const MeasuredKernel* sgemm = kernel(p, "ampere_sgemm_32x32_sliced1x4_tn");
  ASSERT_NE(sgemm, nullptr);
  EXPECT_EQ(sgemm->launches, 6);
  EXPECT_DOUBLE_EQ(*sgemm->flops, 30160191488.0);
  EXPECT_DOUBLE_EQ(*kernel(p, "void epilogue::impl::globalKernel")->flops, 2359296.0);
}

// [SECTION] Measured roofs

TEST(ProfileImport, ErtRoofs) {
  const Profile p = load("ert-1.1.0_titan-cpu_roofline.json");
  EXPECT_EQ(p.format, ProfileFormat::ert_json);
  EXPECT_FALSE(p.has_kernels());
  ASSERT_EQ(p.roofs.size(), 4u);
  EXPECT_EQ(p.roofs[0].name, "L1");
  EXPECT_DOUBLE_EQ(p.roofs[0].value, 360.04e9);
  EXPECT_EQ(p.roofs[2].name, "DRAM");
  EXPECT_TRUE(p.roofs[2].main_memory);
  EXPECT_DOUBLE_EQ(p.roofs[2].value, 31.16e9);
  EXPECT_EQ(p.roofs[3].kind, MeasuredRoof::Kind::compute);
  EXPECT_DOUBLE_EQ(p.roofs[3].value, 105.34e9);
  EXPECT_FALSE(p.roofs[3].precision);  // ERT 1.1.0 does not say

  const Profile n = load("ert-newer_apollo-skylake-cpu_roofline.json");
  ASSERT_EQ(n.roofs.size(), 4u);
  EXPECT_EQ(n.roofs[0].name, "FP64 GFLOPs");
  EXPECT_DOUBLE_EQ(n.roofs[0].value, 2772.78e9);
  EXPECT_DOUBLE_EQ(n.roofs[3].value, 200.3e9);  // DRAM
}

TEST(ProfileImport, RocprofRooflineCsvDeviceZero) {
  const Profile p = load("rocprof-compute_MI200_vcopy_roofline.csv");
  EXPECT_EQ(p.format, ProfileFormat::rocprof_roofline);
  auto roof = [&](std::string_view name) {
    for (const MeasuredRoof& r : p.roofs)
      if (r.name == name) return r.value;
    return 0.0;
  };
  EXPECT_DOUBLE_EQ(roof("HBM"), 1388.7961e9);
  EXPECT_DOUBLE_EQ(roof("L2"), 5017.1123e9);
  EXPECT_DOUBLE_EQ(roof("MFMA BF16"), 170559.28e9);
  EXPECT_DOUBLE_EQ(roof("FP32 (vector)"), 20948.875e9);
  EXPECT_EQ(p.notes.front(), "4 devices in the file: device 0's roofs are used");
}

TEST(ProfileImport, RocprofCountersBytesAndTimes) {
  // Three vecCopy dispatches: HBM bytes 32·RDREQ_32B + 64·(RDREQ − RDREQ_32B) + 64·WRREQ_64B +
  // 32·(WRREQ − WRREQ_64B) = 16,777,728 + 14,217,024 + 14,225,728; times 20.16 + 15.84 + 16.8 µs;
  // every VALU and MFMA counter is 0: 0 FLOPs, known.
  const Profile p = load("rocprof-compute_MI200_vcopy_pmc_perf.csv");
  EXPECT_EQ(p.format, ProfileFormat::rocprof_counters);
  ASSERT_EQ(p.kernels.size(), 1u);
  EXPECT_EQ(p.kernels[0].launches, 3);
  EXPECT_DOUBLE_EQ(*p.kernels[0].bytes, 45220480.0);
  EXPECT_NEAR(*p.kernels[0].time_s, 52.8e-6, 1e-15);
  EXPECT_DOUBLE_EQ(*p.kernels[0].flops, 0.0);
}

TEST(ProfileImport, RocprofSysinfoIsRefusedByName) {
  const Result<Profile> p = import_profile(sample("rocprof-compute_MI200_vcopy_sysinfo.csv"));
  ASSERT_FALSE(p);
  EXPECT_NE(p.error().find("sysinfo.csv describes the machine, not its kernels"),
            std::string::npos);
}

// [SECTION] The kernel-name table (presets/kernels/kernel-names.json)

std::string class_of(std::string_view name) {
  const KernelMatch m = match_kernel(name, builtin_kernel_rules());
  return m.op_class ? std::string(to_string(*m.op_class)) : "other";
}

TEST(KernelNames, EveryKernelOfTheSamplesHasTheClassItRan) {
  // The Nsight Systems decode profile (eager PyTorch, cuBLAS, FlashAttention 2), by prefix.
  const Profile nsys = load("nsys_RTX5090_decode_cuda_gpu_kern_sum.csv");
  const std::pair<std::string_view, std::string_view> expected[] = {
      {"std::enable_if<!T7, void>::type internal::gemvx::kernel", "gemm"},
      {"void gemmk1_kernel", "gemm"},
      {"void cutlass::Kernel2<cutlass_80_wmma_tensorop_bf16", "gemm"},
      {"void cublasLt::splitKreduce_kernel", "gemm"},
      {"void flash::flash_fwd_splitkv_kernel", "attention"},
      {"void flash::flash_fwd_splitkv_combine_kernel", "attention"},
      {"void at::native::vectorized_elementwise_kernel<(int)4, at::native::BinaryFunctor",
       "elementwise"},
      {"void at::native::vectorized_elementwise_kernel<(int)2, at::native::FillFunctor", "other"},
      {"void at::native::unrolled_elementwise_kernel<at::native::direct_copy_kernel_cuda", "other"},
      {"void at::native::<unnamed>::CatArrayBatchedCopy", "other"},
      {"void at::native::sbtopk::gatherTopK", "other"},
      {"void at::native::index_elementwise_kernel", "other"},
      {"void <unnamed>::softmax_warp_forward", "other"},
      {"void <unnamed>::elementwise_kernel_with_index", "other"},
  };
  for (const auto& [prefix, cls] : expected) {
    SCOPED_TRACE(prefix);
    const MeasuredKernel* k = kernel(nsys, prefix);
    ASSERT_NE(k, nullptr);
    EXPECT_EQ(class_of(k->name), cls);
  }
  // ROCm (hipBLASLt's Tensile GEMMs), Triton, copies; vLLM and FlashInfer names from their
  // sources (presets/kernels/kernel-names.json names where each was seen).
  EXPECT_EQ(class_of("Cijk_Alik_Bljk_SB_Bias_AS_SAV_UserArgs_MT64x16x32_MI16x16x1"), "gemm");
  EXPECT_EQ(class_of("Memcpy HtoD (Host -> Device)"), "other");
  EXPECT_EQ(class_of("triton_poi_fused_add_cos_sin_0"), "elementwise");
  EXPECT_EQ(class_of("nvjet_tst_128x256_64x4_1x2_h_bz_coopA_TNT"), "gemm");
  EXPECT_EQ(class_of("void vllm::rotary_embedding_kernel<c10::BFloat16, (bool)1>"), "elementwise");
  EXPECT_EQ(class_of("void vllm::fused_add_rms_norm_kernel<c10::BFloat16, 8>"), "norm");
  EXPECT_EQ(class_of("void vllm::act_and_mul_kernel<c10::BFloat16, &vllm::silu_kernel>"),
            "elementwise");
  EXPECT_EQ(class_of("fused_moe_kernel"), "experts");
  EXPECT_EQ(class_of("_chunk_scan_fwd_kernel"), "recurrence");
  EXPECT_EQ(class_of("void flashinfer::BatchDecodeWithPagedKVCacheKernel<>"), "attention");
  EXPECT_EQ(class_of("void cutlass::device_kernel<flash::enable_sm90_or_later<flash::"
                     "FlashAttnFwdSm90<>>>"),
            "attention");
  EXPECT_EQ(class_of("ncclDevKernel_AllReduce_Sum_bf16_RING_LL"), "other");
  EXPECT_EQ(class_of("a_kernel_nobody_named"), "other");
}

TEST(KernelNames, ATableWithAnUnknownClassIsRefusedByKey) {
  const auto bad = parse_kernel_rules(
      R"({"rules": [{"contains": "gemv", "class": "gemm"}, {"contains": "x", "class": "matmul"}]})",
      "k.json");
  ASSERT_FALSE(bad);
  EXPECT_EQ(bad.error(),
            "k.json: rules[1].class: expected one of gemm, experts, attention, recurrence, "
            "elementwise, norm, other, got \"matmul\"");
  EXPECT_FALSE(parse_kernel_rules(R"({"rules": [{"contains": "", "class": "gemm"}]})", "k.json"));
  EXPECT_GT(builtin_kernel_rules().size(), 100u);
}

}  // namespace
}  // namespace roofline
