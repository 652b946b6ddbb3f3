// `fftbloom bench` (design.md §4): GPU time per bloom pass and per frame from timestamp
// queries (median and minimum of N runs after warm-up), the bytes each pass must at least
// move, and the device's copy bandwidth measured in the same run, so that each time can be
// read as a multiple of its memory floor.
#pragma once

#include "app/bloom/bloom_engine.hpp"

#include <array>
#include <chrono>
#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <vector>

namespace fftbloom {

struct BenchTiming {
    double medianMs = 0;
    double minMs = 0;
};

// The same convolution done by VkFFT (--compare-vkfft; app/bench/vkfft_convolution.hpp).
struct VkfftComparison {
    BenchTiming frame;
    double relativeL2 = 0; // VkFFT's O against ours (zero padding, exact spectrum)
};

struct BenchResult {
    std::uint32_t width = 0;
    std::uint32_t height = 0;
    ConvolutionSettings settings;
    gpu_fft::ConvolutionLayout layout;
    std::array<BenchTiming, kPassCount> passes{};
    BenchTiming frame;
    std::array<double, kPassCount> passBytes{}; // the least each pass must read and write
    std::optional<VkfftComparison> vkfft;
    std::optional<double> relativeL2VsFp32; // fp16 rows: O against the same run in fp32
};

// ||a - b|| / ||b|| over all values (0 when both are zero).
double relativeL2(const Image& actual, const Image& expected);

// Submits `record` again and again, untimed, until about `kClockRampUp` of wall time has
// passed, so that what is timed next runs at the GPU's working clocks. An idle GPU drops its
// clocks (the H100 idles at 345 of 1980 MHz), and a timed batch of a few milliseconds right
// after host work (compiling pipelines, the kernel spectrum) could catch the ramp. (Rows that
// come out 3-4x slow at random on the H100 have another cause: docs/performance.md.)
inline constexpr std::chrono::milliseconds kClockRampUp{300};
void rampUpClocks(const vk::Context& context, const std::function<void(VkCommandBuffer)>& record);

// Records run `run` of a timed workload; with `queries`, writes its timestamp intervals from
// `firstInterval` on. Runs follow each other in one command buffer.
using TimedRun =
    std::function<void(VkCommandBuffer commandBuffer, const vk::TimestampQueries* queries,
                       std::uint32_t firstInterval)>;

// Timed batches per configuration; the quietest one is reported.
inline constexpr std::uint32_t kTimedBatches = 3;

// Times a workload: ramps the clocks up, then submits `warmup + iterations` runs of
// `intervalsPerRun` intervals each, kTimedBatches times, and returns each interval's median
// and minimum over the timed runs of the batch whose `keyInterval` median is lowest. On a GPU
// shared with other work, a whole batch can run several times slower (docs/performance.md);
// the quietest batch is the one that measures this work.
std::vector<BenchTiming> timeRuns(const vk::Context& context, std::uint32_t intervalsPerRun,
                                  std::uint32_t keyInterval, std::uint32_t iterations,
                                  std::uint32_t warmup, const TimedRun& record);

// The median and minimum of timing samples (at least one).
BenchTiming summarizeTimings(std::vector<double> samples);

// Times `iterations` convolutions of `image` after `warmup` more (timeRuns); with reduced
// precision, also compares the result with fp32's.
BenchResult benchConvolution(BloomEngine& engine, const Image& image,
                             const ConvolutionSettings& settings, std::uint32_t iterations,
                             std::uint32_t warmup);

// Bytes per second of a compute copy of `bytes` bytes (read + written), best of `repeats`,
// after about half a second of untimed copies that let the GPU's clocks ramp up.
double measureCopyBandwidth(const vk::Context& context, vk::ShaderCompiler& compiler,
                            VkDeviceSize bytes, std::uint32_t repeats);

// The minimum traffic of each pass, from the layout: what it must read and write once, with
// spectra stored as `precision` says.
std::array<double, kPassCount> passBytesFloor(const gpu_fft::ConvolutionLayout& layout,
                                              Precision precision = Precision::Fp32);

} // namespace fftbloom
