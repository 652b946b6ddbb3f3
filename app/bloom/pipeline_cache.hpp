// Compute pipelines built on first use and kept for the engine's lifetime, keyed by shader,
// FFT shape and defines. Building a pipeline compiles GLSL and the driver's code, so the
// bloom asks for each variant once and then only records.
#pragma once

#include "gpu_fft/fft/batch_fft.hpp"
#include "gpu_fft/vulkan/compute_pipeline.hpp"

#include <map>
#include <memory>
#include <string>

namespace fftbloom {

class PipelineCache {
  public:
    PipelineCache(const vk::Context& context, vk::ShaderCompiler& compiler)
        : context_(context), compiler_(compiler) {}

    // A pipeline running `path` specialised to an FFT shape (see gpu_fft::makeFftPipeline).
    const vk::ComputePipeline& fft(const std::string& path, const gpu_fft::FftShape& shape,
                                   const vk::Defines& extraDefines, std::uint32_t bufferCount,
                                   std::uint32_t pushConstantBytes);
    // A pipeline for a shader that needs no FFT defines.
    const vk::ComputePipeline& plain(const std::string& path, std::uint32_t bufferCount,
                                     std::uint32_t pushConstantBytes);

    const vk::Context& context() const { return context_; }

  private:
    const vk::Context& context_;
    vk::ShaderCompiler& compiler_;
    std::map<std::string, std::unique_ptr<vk::ComputePipeline>> pipelines_;
};

} // namespace fftbloom
