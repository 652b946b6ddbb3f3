// Batched 1D FFTs on the GPU behind a small plan / record interface: build a plan once for a
// shape, then record it into any command buffer, as often as needed.
#pragma once

#include "gpu_fft/fft/fft_shape.hpp"
#include "gpu_fft/vulkan/buffer.hpp"
#include "gpu_fft/vulkan/compute_pipeline.hpp"
#include "gpu_fft/vulkan/context.hpp"
#include "gpu_fft/vulkan/shader_compiler.hpp"

#include <cstdint>

namespace gpu_fft {

namespace vk = fftbloom::vk;

enum class Direction { Forward, Inverse };

DeviceFftLimits fftLimitsOf(const vk::DeviceInfo& device);

// Complex FFTs in place on `batchCount` consecutive signals of N vec2 each (a multiple of
// shape.batch(), the FFTs one workgroup runs side by side).
// Forward: natural order in, Nabla order out. Inverse: Nabla order in, natural order out,
// divided by N. Use fftDftIndex / fftNablaIndex (index_math.hpp) to reorder on the host.
class BatchFft {
  public:
    BatchFft(const vk::Context& context, vk::ShaderCompiler& compiler, const FftShape& shape,
             Direction direction);
    void record(VkCommandBuffer commandBuffer, const vk::Buffer& signals,
                std::uint32_t batchCount) const;
    const FftShape& shape() const { return shape_; }

  private:
    FftShape shape_;
    vk::ComputePipeline pipeline_;
};

// Two real signals a, b per FFT, stored interleaved as N vec2 (a[n], b[n]); writes their half
// spectra A[0 .. N/2], B[0 .. N/2] (natural order) to `halfSpectra`, 2 (N/2 + 1) vec2 per pair.
class RealPairFft {
  public:
    RealPairFft(const vk::Context& context, vk::ShaderCompiler& compiler, const FftShape& shape);
    void record(VkCommandBuffer commandBuffer, const vk::Buffer& signals,
                const vk::Buffer& halfSpectra, std::uint32_t batchCount) const;
    const FftShape& shape() const { return shape_; }

  private:
    FftShape shape_;
    vk::ComputePipeline pipeline_;
};

// A pipeline running `path` specialised to `shape`: the FFT's defines plus `extraDefines`,
// with the subgroup size pinned when the shape uses shuffles.
vk::ComputePipeline makeFftPipeline(const vk::Context& context, vk::ShaderCompiler& compiler,
                                    const FftShape& shape, const std::string& path,
                                    const vk::Defines& extraDefines,
                                    std::uint32_t storageBufferCount,
                                    std::uint32_t pushConstantBytes = 0);

} // namespace gpu_fft
