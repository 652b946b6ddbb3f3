// `fftbloom bench` (design.md §4): GPU time per bloom pass and per frame from timestamp
// queries (median and minimum of N runs after warm-up), the bytes each pass must at least
// move, and the device's copy bandwidth measured in the same run, so that each time can be
// read as a multiple of its memory floor.
#pragma once

#include "app/bloom/bloom_engine.hpp"

#include <array>
#include <cstdint>
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
};

// The median and minimum of timing samples (at least one).
BenchTiming summarizeTimings(std::vector<double> samples);

// Times `iterations` convolutions of `image` (after `warmup` more) in one submission.
BenchResult benchConvolution(BloomEngine& engine, const Image& image,
                             const ConvolutionSettings& settings, std::uint32_t iterations,
                             std::uint32_t warmup);

// Bytes per second of a compute copy of `bytes` bytes (read + written), best of `repeats`,
// after about half a second of untimed copies that let the GPU's clocks ramp up.
double measureCopyBandwidth(const vk::Context& context, vk::ShaderCompiler& compiler,
                            VkDeviceSize bytes, std::uint32_t repeats);

// The minimum traffic of each pass (fp32), from the layout: what it must read and write once.
std::array<double, kPassCount> passBytesFloor(const gpu_fft::ConvolutionLayout& layout);

} // namespace fftbloom
