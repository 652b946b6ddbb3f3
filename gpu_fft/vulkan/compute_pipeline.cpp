#include "gpu_fft/vulkan/compute_pipeline.hpp"

#include "gpu_fft/vulkan/error.hpp"

#include <cstdio>
#include <string>
#include <vector>

namespace fftbloom::vk {
namespace {

std::string statisticText(const VkPipelineExecutableStatisticKHR& statistic) {
    switch (statistic.format) {
    case VK_PIPELINE_EXECUTABLE_STATISTIC_FORMAT_BOOL32_KHR:
        return statistic.value.b32 ? "true" : "false";
    case VK_PIPELINE_EXECUTABLE_STATISTIC_FORMAT_INT64_KHR:
        return std::to_string(statistic.value.i64);
    case VK_PIPELINE_EXECUTABLE_STATISTIC_FORMAT_UINT64_KHR:
        return std::to_string(statistic.value.u64);
    case VK_PIPELINE_EXECUTABLE_STATISTIC_FORMAT_FLOAT64_KHR:
        return std::to_string(statistic.value.f64);
    default:
        return "?";
    }
}

// One stderr line per pipeline: the driver's statistics (VK_KHR_pipeline_executable_properties).
void printStatistics(VkDevice device, VkPipeline pipeline, const std::string& name) {
    auto getStatistics = reinterpret_cast<PFN_vkGetPipelineExecutableStatisticsKHR>(
        vkGetDeviceProcAddr(device, "vkGetPipelineExecutableStatisticsKHR"));
    if (getStatistics == nullptr) {
        return;
    }
    VkPipelineExecutableInfoKHR executable{VK_STRUCTURE_TYPE_PIPELINE_EXECUTABLE_INFO_KHR};
    executable.pipeline = pipeline;
    std::uint32_t count = 0;
    getStatistics(device, &executable, &count, nullptr);
    std::vector<VkPipelineExecutableStatisticKHR> statistics(
        count, {VK_STRUCTURE_TYPE_PIPELINE_EXECUTABLE_STATISTIC_KHR});
    getStatistics(device, &executable, &count, statistics.data());
    std::string line = "fftbloom: pipeline " + name + ":";
    for (const auto& statistic : statistics) {
        line += std::string(" ") + statistic.name + "=" + statisticText(statistic);
    }
    std::fprintf(stderr, "%s\n", line.c_str());
}

} // namespace

ShaderModuleHandle createShaderModule(VkDevice device, const Spirv& spirv) {
    VkShaderModuleCreateInfo info{VK_STRUCTURE_TYPE_SHADER_MODULE_CREATE_INFO};
    info.codeSize = spirv.size() * sizeof(std::uint32_t);
    info.pCode = spirv.data();
    VkShaderModule module = VK_NULL_HANDLE;
    VK_CHECK(vkCreateShaderModule(device, &info, nullptr, &module));
    return ShaderModuleHandle(device, module);
}

ComputePipeline::ComputePipeline(const Context& context, const ComputePipelineDesc& desc)
    : context_(&context), bufferCount_(desc.storageBufferCount),
      pushConstantBytes_(desc.pushConstantBytes), name_(desc.debugName) {
    const VkDevice device = context.device();

    std::vector<VkDescriptorSetLayoutBinding> bindings(desc.storageBufferCount);
    for (std::uint32_t i = 0; i < desc.storageBufferCount; ++i) {
        bindings[i] = {i, VK_DESCRIPTOR_TYPE_STORAGE_BUFFER, 1, VK_SHADER_STAGE_COMPUTE_BIT,
                       nullptr};
    }
    VkDescriptorSetLayoutCreateInfo setInfo{VK_STRUCTURE_TYPE_DESCRIPTOR_SET_LAYOUT_CREATE_INFO};
    setInfo.flags = VK_DESCRIPTOR_SET_LAYOUT_CREATE_PUSH_DESCRIPTOR_BIT_KHR;
    setInfo.bindingCount = desc.storageBufferCount;
    setInfo.pBindings = bindings.data();
    VkDescriptorSetLayout rawSetLayout = VK_NULL_HANDLE;
    VK_CHECK(vkCreateDescriptorSetLayout(device, &setInfo, nullptr, &rawSetLayout));
    setLayout_ = DescriptorSetLayoutHandle(device, rawSetLayout);

    const VkPushConstantRange pushRange{VK_SHADER_STAGE_COMPUTE_BIT, 0, desc.pushConstantBytes};
    VkPipelineLayoutCreateInfo layoutInfo{VK_STRUCTURE_TYPE_PIPELINE_LAYOUT_CREATE_INFO};
    layoutInfo.setLayoutCount = 1;
    layoutInfo.pSetLayouts = &rawSetLayout;
    layoutInfo.pushConstantRangeCount = desc.pushConstantBytes > 0 ? 1 : 0;
    layoutInfo.pPushConstantRanges = &pushRange;
    VkPipelineLayout rawLayout = VK_NULL_HANDLE;
    VK_CHECK(vkCreatePipelineLayout(device, &layoutInfo, nullptr, &rawLayout));
    layout_ = PipelineLayoutHandle(device, rawLayout);

    const ShaderModuleHandle module = createShaderModule(device, *desc.spirv);

    VkPipelineShaderStageRequiredSubgroupSizeCreateInfo subgroupSize{
        VK_STRUCTURE_TYPE_PIPELINE_SHADER_STAGE_REQUIRED_SUBGROUP_SIZE_CREATE_INFO};
    subgroupSize.requiredSubgroupSize = desc.requiredSubgroupSize;
    VkComputePipelineCreateInfo pipelineInfo{VK_STRUCTURE_TYPE_COMPUTE_PIPELINE_CREATE_INFO};
    pipelineInfo.stage = {VK_STRUCTURE_TYPE_PIPELINE_SHADER_STAGE_CREATE_INFO};
    pipelineInfo.stage.stage = VK_SHADER_STAGE_COMPUTE_BIT;
    pipelineInfo.stage.module = module.get();
    pipelineInfo.stage.pName = "main";
    if (desc.requiredSubgroupSize != 0) {
        pipelineInfo.stage.flags = VK_PIPELINE_SHADER_STAGE_CREATE_REQUIRE_FULL_SUBGROUPS_BIT;
        if (context.info().varyingSubgroupSize) {
            pipelineInfo.stage.pNext = &subgroupSize;
        }
    }
    pipelineInfo.layout = rawLayout;
    if (context.info().pipelineStatistics) {
        pipelineInfo.flags |= VK_PIPELINE_CREATE_CAPTURE_STATISTICS_BIT_KHR;
    }
    VkPipeline rawPipeline = VK_NULL_HANDLE;
    VK_CHECK(
        vkCreateComputePipelines(device, VK_NULL_HANDLE, 1, &pipelineInfo, nullptr, &rawPipeline));
    pipeline_ = PipelineHandle(device, rawPipeline);
    context.setObjectName(VK_OBJECT_TYPE_PIPELINE, reinterpret_cast<std::uint64_t>(rawPipeline),
                          name_.c_str());
    if (context.info().pipelineStatistics) {
        printStatistics(device, rawPipeline, name_);
    }
}

void ComputePipeline::bind(VkCommandBuffer commandBuffer,
                           std::initializer_list<const Buffer*> buffers,
                           const void* pushConstants) const {
    if (buffers.size() != bufferCount_) {
        throw Error("pipeline " + name_ + " expects " + std::to_string(bufferCount_) + " buffers");
    }
    std::vector<VkDescriptorBufferInfo> infos;
    std::vector<VkWriteDescriptorSet> writes;
    infos.reserve(buffers.size());
    for (const Buffer* buffer : buffers) {
        infos.push_back(buffer->descriptor());
    }
    for (std::uint32_t i = 0; i < bufferCount_; ++i) {
        VkWriteDescriptorSet write{VK_STRUCTURE_TYPE_WRITE_DESCRIPTOR_SET};
        write.dstBinding = i;
        write.descriptorCount = 1;
        write.descriptorType = VK_DESCRIPTOR_TYPE_STORAGE_BUFFER;
        write.pBufferInfo = &infos[i];
        writes.push_back(write);
    }
    vkCmdBindPipeline(commandBuffer, VK_PIPELINE_BIND_POINT_COMPUTE, pipeline_.get());
    context_->cmdPushDescriptorSet(commandBuffer, VK_PIPELINE_BIND_POINT_COMPUTE, layout_.get(), 0,
                                   bufferCount_, writes.data());
    if (pushConstantBytes_ > 0 && pushConstants != nullptr) {
        vkCmdPushConstants(commandBuffer, layout_.get(), VK_SHADER_STAGE_COMPUTE_BIT, 0,
                           pushConstantBytes_, pushConstants);
    }
}

} // namespace fftbloom::vk
