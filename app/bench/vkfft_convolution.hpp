// The bloom's convolution done by VkFFT 1.2.26 (Debian's libvkfft-dev), for `fftbloom bench
// --compare-vkfft` (issue 5): the O that BloomEngine computes with zero padding and the exact
// spectrum, on the same Vulkan device, so the two can be checked and timed side by side.
//
// How VkFFT is asked to do it (docs/performance.md):
// - one 2D R2C / C2R plan on the engine's padded grid Px x Py, three coordinateFeatures (R, G,
//   B), in place (VkFFT 1.2.26 convolves R2C data only in place): each row holds Px + 2 floats,
//   the Px / 2 + 1 complex values of its half spectrum;
// - its own convolution: a kernelConvolution app transforms the kernel once, placed on the
//   grid as design.md §2.5 places it (origin at (0, 0), wrapped); the convolution app then runs
//   forward FFT, spectral multiply and inverse FFT in one VkFFTAppend;
// - its zero padding: the image sits at (0, 0) rather than (ox, oy), a cyclic shift of input
//   and output that leaves the cropped O unchanged, and VkFFT skips the rows and columns past
//   the image as zeros (fft_zeropad_left / right per axis).
#pragma once

#include "app/bench/bench.hpp"
#include "app/bloom/bloom_engine.hpp"
#include "app/image/image.hpp"
#include "gpu_fft/fft/convolution_layout.hpp"
#include "gpu_fft/vulkan/context.hpp"
#include "gpu_fft/vulkan/timestamps.hpp"

#include <cstdint>
#include <memory>

namespace fftbloom {

// VkFFT's O against ours, relative L2: above this, --compare-vkfft fails. Both are fp32 FFTs
// of the same sizes, so they agree to about 1e-6; a wrong placement or layout gives ~1.
inline constexpr double kVkfftTolerance = 1e-4;

class VkfftConvolution {
  public:
    // Plans VkFFT for a width x height image and transforms the K x K kernel once. Throws
    // fftbloom::Error, with VkFFT's result code, if VkFFT fails.
    VkfftConvolution(const vk::Context& context, const Image& normalizedKernel, std::uint32_t width,
                     std::uint32_t height);
    ~VkfftConvolution();
    VkfftConvolution(const VkfftConvolution&) = delete;
    VkfftConvolution& operator=(const VkfftConvolution&) = delete;

    void uploadImage(const Image& image);
    // Copies the uploaded image into VkFFT's padded buffer (untimed: VkFFT expects its input
    // there), then VkFFT's convolution, timed as `interval` when `timestamps` is given.
    void recordConvolution(VkCommandBuffer commandBuffer,
                           const vk::TimestampQueries* timestamps = nullptr,
                           std::uint32_t interval = 0);
    Image downloadResult() const; // O, cropped to the image
    Image convolve(const Image& image);

    // GPU time of `iterations` convolutions after `warmup` more (timeRuns: the quietest batch).
    BenchTiming bench(std::uint32_t iterations, std::uint32_t warmup);

    const gpu_fft::ConvolutionLayout& layout() const;

  private:
    struct Plan;
    std::unique_ptr<Plan> plan_;
};

// --compare-vkfft for one bench row: VkFFT's O against the engine's for the row's axis order
// with zero padding, the exact spectrum and fp32 (the engine must hold the kernel `vkfft` was made
// with); throws a one-line fftbloom::Error above kVkfftTolerance; then VkFFT's frame time.
VkfftComparison compareWithVkfft(BloomEngine& engine, VkfftConvolution& vkfft, const Image& image,
                                 const ConvolutionSettings& settings, std::uint32_t iterations,
                                 std::uint32_t warmup);

} // namespace fftbloom
