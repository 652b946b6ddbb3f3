// One frame of the viewer: wait for the slot, acquire, record (bloom, display, ImGui, the
// kernel thumbnail, a screenshot copy when due), submit, present; and saving screenshots.
#include "app/image/image_io.hpp"
#include "app/viewer/viewer.hpp"
#include "gpu_fft/vulkan/barriers.hpp"
#include "gpu_fft/vulkan/error.hpp"

#include <array>
#include <cstdio>
#include <imgui.h>

namespace fftbloom {
namespace {

// The display's fragment stage reads what the bloom wrote; the next frame's bloom overwrites
// what this frame's display read.
void computeToFragmentBarrier(VkCommandBuffer commandBuffer) {
    vk::memoryBarrier(commandBuffer, VK_PIPELINE_STAGE_2_COMPUTE_SHADER_BIT,
                      VK_ACCESS_2_SHADER_STORAGE_WRITE_BIT, VK_PIPELINE_STAGE_2_FRAGMENT_SHADER_BIT,
                      VK_ACCESS_2_SHADER_STORAGE_READ_BIT);
}
void fragmentToComputeBarrier(VkCommandBuffer commandBuffer) {
    vk::memoryBarrier(commandBuffer, VK_PIPELINE_STAGE_2_FRAGMENT_SHADER_BIT, 0,
                      VK_PIPELINE_STAGE_2_COMPUTE_SHADER_BIT, 0);
}

void imageBarrier(VkCommandBuffer commandBuffer, VkImage image, VkImageLayout from,
                  VkImageLayout to, VkPipelineStageFlags2 srcStage, VkAccessFlags2 srcAccess,
                  VkPipelineStageFlags2 dstStage, VkAccessFlags2 dstAccess) {
    VkImageMemoryBarrier2 barrier{VK_STRUCTURE_TYPE_IMAGE_MEMORY_BARRIER_2};
    barrier.srcStageMask = srcStage;
    barrier.srcAccessMask = srcAccess;
    barrier.dstStageMask = dstStage;
    barrier.dstAccessMask = dstAccess;
    barrier.oldLayout = from;
    barrier.newLayout = to;
    barrier.srcQueueFamilyIndex = VK_QUEUE_FAMILY_IGNORED;
    barrier.dstQueueFamilyIndex = VK_QUEUE_FAMILY_IGNORED;
    barrier.image = image;
    barrier.subresourceRange = {VK_IMAGE_ASPECT_COLOR_BIT, 0, 1, 0, 1};
    VkDependencyInfo dependency{VK_STRUCTURE_TYPE_DEPENDENCY_INFO};
    dependency.imageMemoryBarrierCount = 1;
    dependency.pImageMemoryBarriers = &barrier;
    vkCmdPipelineBarrier2(commandBuffer, &dependency);
}

} // namespace

bool Viewer::renderFrame() {
    FrameSlot& slot = slots_[frameIndex_];
    VkFence fence = slot.fence.get();
    VK_CHECK(vkWaitForFences(context_->device(), 1, &fence, VK_TRUE, UINT64_MAX));
    if (slot.submitted) { // its timestamps are ready now, without stalling
        timeline_.collect(slot.queries, slot.displayedAxis, slot.alternateMeasured);
        slot.submitted = false;
        followAutoAxisOrder();
    }
    std::uint32_t imageIndex = 0;
    const VkResult acquired =
        vkAcquireNextImageKHR(context_->device(), swapchain_->handle(), UINT64_MAX,
                              slot.imageAvailable.get(), VK_NULL_HANDLE, &imageIndex);
    if (acquired == VK_ERROR_OUT_OF_DATE_KHR) {
        recreateSwapchain();
        return false;
    }
    if (acquired != VK_SUBOPTIMAL_KHR) {
        VK_CHECK(acquired);
    }
    imgui_->beginFrame();
    handleInput();
    drawUi();

    VK_CHECK(vkResetFences(context_->device(), 1, &fence));
    VK_CHECK(vkResetCommandBuffer(slot.commandBuffer, 0));
    recordFrame(slot, imageIndex);

    const VkSemaphore renderFinished = swapchain_->renderFinished(imageIndex);
    VkSemaphoreSubmitInfo wait{VK_STRUCTURE_TYPE_SEMAPHORE_SUBMIT_INFO};
    wait.semaphore = slot.imageAvailable.get();
    wait.stageMask = VK_PIPELINE_STAGE_2_COLOR_ATTACHMENT_OUTPUT_BIT;
    VkSemaphoreSubmitInfo signal{VK_STRUCTURE_TYPE_SEMAPHORE_SUBMIT_INFO};
    signal.semaphore = renderFinished;
    signal.stageMask = VK_PIPELINE_STAGE_2_ALL_GRAPHICS_BIT;
    VkCommandBufferSubmitInfo command{VK_STRUCTURE_TYPE_COMMAND_BUFFER_SUBMIT_INFO};
    command.commandBuffer = slot.commandBuffer;
    VkSubmitInfo2 submit{VK_STRUCTURE_TYPE_SUBMIT_INFO_2};
    submit.waitSemaphoreInfoCount = 1;
    submit.pWaitSemaphoreInfos = &wait;
    submit.commandBufferInfoCount = 1;
    submit.pCommandBufferInfos = &command;
    submit.signalSemaphoreInfoCount = 1;
    submit.pSignalSemaphoreInfos = &signal;
    VK_CHECK(vkQueueSubmit2(context_->queue(), 1, &submit, fence));
    slot.submitted = true;

    VkSwapchainKHR swapchain = swapchain_->handle();
    VkPresentInfoKHR present{VK_STRUCTURE_TYPE_PRESENT_INFO_KHR};
    present.waitSemaphoreCount = 1;
    present.pWaitSemaphores = &renderFinished;
    present.swapchainCount = 1;
    present.pSwapchains = &swapchain;
    present.pImageIndices = &imageIndex;
    const VkResult presented = vkQueuePresentKHR(context_->queue(), &present);
    frameIndex_ = (frameIndex_ + 1) % kFramesInFlight;
    if (presented == VK_ERROR_OUT_OF_DATE_KHR || presented == VK_SUBOPTIMAL_KHR) {
        recreateSwapchain();
    } else {
        VK_CHECK(presented);
    }
    return true;
}

void Viewer::recordFrame(FrameSlot& slot, std::uint32_t imageIndex) {
    VkCommandBuffer commandBuffer = slot.commandBuffer;
    VkCommandBufferBeginInfo begin{VK_STRUCTURE_TYPE_COMMAND_BUFFER_BEGIN_INFO};
    begin.flags = VK_COMMAND_BUFFER_USAGE_ONE_TIME_SUBMIT_BIT;
    VK_CHECK(vkBeginCommandBuffer(commandBuffer, &begin));
    slot.queries.reset(commandBuffer);
    fragmentToComputeBarrier(commandBuffer);
    slot.displayedAxis = engine_->layout().firstAxis;
    slot.alternateMeasured = alternateDue();
    if (slot.alternateMeasured) { // timed first, so its result is overwritten by nothing shown
        slot.queries.begin(commandBuffer, TimingSlots::totalOf(1));
        alternate_->recordConvolution(commandBuffer, &slot.queries, TimingSlots::kPerOrder);
        slot.queries.end(commandBuffer, TimingSlots::totalOf(1));
        vk::computeToComputeBarrier(commandBuffer);
    }
    slot.queries.begin(commandBuffer, TimingSlots::totalOf(0));
    engine_->recordConvolution(commandBuffer, &slot.queries, 0);
    slot.queries.end(commandBuffer, TimingSlots::totalOf(0));
    computeToFragmentBarrier(commandBuffer);

    VkRenderPassBeginInfo pass{VK_STRUCTURE_TYPE_RENDER_PASS_BEGIN_INFO};
    pass.renderPass = swapchain_->renderPass();
    pass.framebuffer = swapchain_->framebuffer(imageIndex);
    pass.renderArea = {{0, 0}, swapchain_->extent()};
    vkCmdBeginRenderPass(commandBuffer, &pass, VK_SUBPASS_CONTENTS_INLINE);
    display_->record(commandBuffer, swapchain_->extent(), displayParams(), engine_->imagePlanes(),
                     engine_->resultPlanes(), previewPlanes());
    imgui_->record(commandBuffer);
    recordKernelThumbnail(commandBuffer);
    vkCmdEndRenderPass(commandBuffer);
    if (pendingScreenshot_) {
        recordScreenshotCopy(commandBuffer, imageIndex);
    }
    VK_CHECK(vkEndCommandBuffer(commandBuffer));
}

void Viewer::recordScreenshotCopy(VkCommandBuffer commandBuffer, std::uint32_t imageIndex) {
    const VkExtent2D extent = swapchain_->extent();
    screenshotBuffer_ = vk::Buffer(*context_, VkDeviceSize{extent.width} * extent.height * 4, 0,
                                   vk::MemoryUse::HostVisible, "screenshot");
    const VkImage image = swapchain_->image(imageIndex);
    imageBarrier(
        commandBuffer, image, VK_IMAGE_LAYOUT_PRESENT_SRC_KHR, VK_IMAGE_LAYOUT_TRANSFER_SRC_OPTIMAL,
        VK_PIPELINE_STAGE_2_COLOR_ATTACHMENT_OUTPUT_BIT, VK_ACCESS_2_COLOR_ATTACHMENT_WRITE_BIT,
        VK_PIPELINE_STAGE_2_COPY_BIT, VK_ACCESS_2_TRANSFER_READ_BIT);
    VkBufferImageCopy region{};
    region.imageSubresource = {VK_IMAGE_ASPECT_COLOR_BIT, 0, 0, 1};
    region.imageExtent = {extent.width, extent.height, 1};
    vkCmdCopyImageToBuffer(commandBuffer, image, VK_IMAGE_LAYOUT_TRANSFER_SRC_OPTIMAL,
                           screenshotBuffer_.handle(), 1, &region);
    imageBarrier(commandBuffer, image, VK_IMAGE_LAYOUT_TRANSFER_SRC_OPTIMAL,
                 VK_IMAGE_LAYOUT_PRESENT_SRC_KHR, VK_PIPELINE_STAGE_2_COPY_BIT,
                 VK_ACCESS_2_TRANSFER_READ_BIT, VK_PIPELINE_STAGE_2_ALL_COMMANDS_BIT, 0);
    vk::memoryBarrier(commandBuffer, VK_PIPELINE_STAGE_2_COPY_BIT, VK_ACCESS_2_TRANSFER_WRITE_BIT,
                      VK_PIPELINE_STAGE_2_HOST_BIT, VK_ACCESS_2_HOST_READ_BIT);
    screenshotRecorded_ = true;
}

void Viewer::saveScreenshot(const std::string& path) {
    const VkExtent2D extent = swapchain_->extent();
    std::vector<std::uint8_t> pixels(std::size_t{extent.width} * extent.height * 4);
    screenshotBuffer_.readValues(std::span<std::uint8_t>(pixels));
    const bool bgra = swapchain_->format() == VK_FORMAT_B8G8R8A8_SRGB;
    std::vector<std::uint8_t> rgb(std::size_t{extent.width} * extent.height * 3);
    for (std::size_t i = 0; i < rgb.size() / 3; ++i) {
        for (std::size_t c = 0; c < 3; ++c) {
            rgb[3 * i + c] = pixels[4 * i + (bgra ? 2 - c : c)];
        }
    }
    writePng8(path, extent.width, extent.height, rgb);
    std::printf("saved %s\n", path.c_str());
    screenshotRecorded_ = false;
}

// The kernel, drawn by the display pass into the thumbnail rectangle the panel reserved.
void Viewer::recordKernelThumbnail(VkCommandBuffer commandBuffer) const {
    const VkExtent2D extent = swapchain_->extent();
    const ImVec2 toPixels = ImGui::GetIO().DisplayFramebufferScale; // window -> framebuffer
    const std::array<float, 4> zone{
        kernelDropZone_[0] * toPixels.x, kernelDropZone_[1] * toPixels.y,
        kernelDropZone_[2] * toPixels.x, kernelDropZone_[3] * toPixels.y};
    const float x0 = std::max(0.0f, zone[0]);
    const float y0 = std::max(0.0f, zone[1]);
    const float x1 = std::min(static_cast<float>(extent.width), zone[2]);
    const float y1 = std::min(static_cast<float>(extent.height), zone[3]);
    if (x1 - x0 < 2 || y1 - y0 < 2) {
        return; // the panel is collapsed or off screen
    }
    display_gpu::DisplayParams params{};
    params.offsetX = zone[0];
    params.offsetY = zone[1];
    params.scale = (zone[2] - zone[0]) / static_cast<float>(previewSize_);
    params.exposureScale = 1.0f;
    params.view = DISPLAY_VIEW_PREVIEW;
    params.sourceWidth = previewSize_;
    params.sourceHeight = previewSize_;
    const VkRect2D scissor{
        {static_cast<std::int32_t>(x0), static_cast<std::int32_t>(y0)},
        {static_cast<std::uint32_t>(x1 - x0), static_cast<std::uint32_t>(y1 - y0)}};
    display_->record(commandBuffer, extent, params, engine_->imagePlanes(), engine_->resultPlanes(),
                     kernelPreview_, &scissor);
}

} // namespace fftbloom
