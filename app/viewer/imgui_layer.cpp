#include "app/viewer/imgui_layer.hpp"

#include "gpu_fft/vulkan/error.hpp"

#include <array>
#include <imgui.h>
#include <imgui_impl_glfw.h>
#include <imgui_impl_vulkan.h>

namespace fftbloom {
namespace {

void checkImGuiVulkan(VkResult result) {
    VK_CHECK(result);
}

} // namespace

ImGuiLayer::ImGuiLayer(const vk::Context& context, const Window& window, VkRenderPass renderPass,
                       std::uint32_t minImageCount, std::uint32_t imageCount) {
    // The backend needs one combined image sampler (the font); a little room to spare.
    const VkDescriptorPoolSize size{VK_DESCRIPTOR_TYPE_COMBINED_IMAGE_SAMPLER, 8};
    VkDescriptorPoolCreateInfo poolInfo{VK_STRUCTURE_TYPE_DESCRIPTOR_POOL_CREATE_INFO};
    poolInfo.flags = VK_DESCRIPTOR_POOL_CREATE_FREE_DESCRIPTOR_SET_BIT;
    poolInfo.maxSets = 8;
    poolInfo.poolSizeCount = 1;
    poolInfo.pPoolSizes = &size;
    VkDescriptorPool pool = VK_NULL_HANDLE;
    VK_CHECK(vkCreateDescriptorPool(context.device(), &poolInfo, nullptr, &pool));
    pool_ = DescriptorPoolHandle(context.device(), pool);

    IMGUI_CHECKVERSION();
    ImGui::CreateContext();
    ImGui::GetIO().IniFilename = nullptr; // no imgui.ini beside the user's files
    ImGui::StyleColorsDark();
    ImGui_ImplGlfw_InitForVulkan(window.handle(), true);
    ImGui_ImplVulkan_InitInfo info{};
    info.Instance = context.instance();
    info.PhysicalDevice = context.physicalDevice();
    info.Device = context.device();
    info.QueueFamily = context.queueFamily();
    info.Queue = context.queue();
    info.DescriptorPool = pool;
    info.MinImageCount = std::max(2u, minImageCount);
    info.ImageCount = std::max(info.MinImageCount, imageCount);
    info.MSAASamples = VK_SAMPLE_COUNT_1_BIT;
    info.CheckVkResultFn = checkImGuiVulkan;
    ImGui_ImplVulkan_Init(&info, renderPass);
    context.runOnce(
        [](VkCommandBuffer commandBuffer) { ImGui_ImplVulkan_CreateFontsTexture(commandBuffer); });
    ImGui_ImplVulkan_DestroyFontUploadObjects();
}

ImGuiLayer::~ImGuiLayer() {
    ImGui_ImplVulkan_Shutdown();
    ImGui_ImplGlfw_Shutdown();
    ImGui::DestroyContext();
}

void ImGuiLayer::beginFrame() {
    ImGui_ImplVulkan_NewFrame();
    ImGui_ImplGlfw_NewFrame();
    ImGui::NewFrame();
}

void ImGuiLayer::record(VkCommandBuffer commandBuffer) {
    ImGui::Render();
    ImGui_ImplVulkan_RenderDrawData(ImGui::GetDrawData(), commandBuffer);
}

void ImGuiLayer::setMinImageCount(std::uint32_t count) {
    ImGui_ImplVulkan_SetMinImageCount(std::max(2u, count));
}

} // namespace fftbloom
