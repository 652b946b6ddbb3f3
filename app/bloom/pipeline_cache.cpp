#include "app/bloom/pipeline_cache.hpp"

namespace fftbloom {

const vk::ComputePipeline& PipelineCache::fft(const std::string& path,
                                              const gpu_fft::FftShape& shape,
                                              const vk::Defines& extraDefines,
                                              std::uint32_t bufferCount,
                                              std::uint32_t pushConstantBytes) {
    std::string key = path;
    for (const auto& [name, value] : shape.glslDefines()) {
        key += " " + name + "=" + value;
    }
    for (const auto& [name, value] : extraDefines) {
        key += " " + name + "=" + value;
    }
    auto& slot = pipelines_[key];
    if (!slot) {
        slot = std::make_unique<vk::ComputePipeline>(gpu_fft::makeFftPipeline(
            context_, compiler_, shape, path, extraDefines, bufferCount, pushConstantBytes));
    }
    return *slot;
}

const vk::ComputePipeline& PipelineCache::plain(const std::string& path, std::uint32_t bufferCount,
                                                std::uint32_t pushConstantBytes) {
    auto& slot = pipelines_[path];
    if (!slot) {
        const auto spirv = compiler_.compileCompute(path, {});
        vk::ComputePipelineDesc desc;
        desc.spirv = spirv.get();
        desc.storageBufferCount = bufferCount;
        desc.pushConstantBytes = pushConstantBytes;
        desc.debugName = path;
        slot = std::make_unique<vk::ComputePipeline>(context_, desc);
    }
    return *slot;
}

} // namespace fftbloom
