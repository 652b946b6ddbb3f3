#include "app/viewer/viewer.hpp"

#include "app/bloom/kernel_prep.hpp"
#include "app/image/image_io.hpp"
#include "app/viewer/default_scene.hpp"
#include "app/viewer/kernel_preview.hpp"
#include "gpu_fft/vulkan/barriers.hpp"
#include "gpu_fft/vulkan/error.hpp"

#include <chrono>
#include <cmath>
#include <cstdio>
#include <fstream>
#include <imgui.h>

namespace fftbloom {
namespace {

vk::ContextOptions contextOptionsFor(const ViewerOptions& options, const Window& window) {
    vk::ContextOptions contextOptions;
    contextOptions.deviceIndex = options.convolution.deviceIndex;
    contextOptions.validation = options.validation;
    contextOptions.requireValidation = options.validation;
    contextOptions.instanceExtensions = Window::requiredInstanceExtensions();
    contextOptions.deviceExtensions = {VK_KHR_SWAPCHAIN_EXTENSION_NAME};
    contextOptions.createSurface = [&window](VkInstance instance) {
        return window.createSurface(instance);
    };
    return contextOptions;
}

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

Viewer::Viewer(const ViewerOptions& options)
    : options_(options), window_("fftbloom", options.width, options.height),
      strength_(options.strength), exposure_(options.exposure), vsync_(options.vsync),
      appliedVsync_(options.vsync), showOverlay_(options.overlay) {
    settings_ = options.convolution.settings();
    toneMap_ = static_cast<int>(parseToneMap(options.toneMap));
    const char* views[] = {"result", "original", "bloom", "kernel", "spectrum"};
    for (int i = 0; i < 5; ++i) {
        if (options.view == views[i]) {
            view_ = static_cast<ViewMode>(i);
        }
    }
    context_ = std::make_unique<vk::Context>(contextOptionsFor(options, window_));
    compiler_ = std::make_unique<vk::ShaderCompiler>();
    std::uint32_t width = 0;
    std::uint32_t height = 0;
    window_.framebufferSize(width, height);
    swapchain_ = std::make_unique<Swapchain>(*context_, width, height, vsync_);
    display_ = std::make_unique<DisplayPass>(*context_, *compiler_, swapchain_->renderPass());
    imgui_ = std::make_unique<ImGuiLayer>(*context_, window_, swapchain_->renderPass(),
                                          swapchain_->minImageCount(), swapchain_->imageCount());
    engine_ = std::make_unique<BloomEngine>(*context_, *compiler_);
    alternate_ = std::make_unique<BloomEngine>(*context_, *compiler_);
    for (FrameSlot& slot : slots_) {
        const VkDevice device = context_->device();
        VkCommandPoolCreateInfo poolInfo{VK_STRUCTURE_TYPE_COMMAND_POOL_CREATE_INFO};
        poolInfo.flags = VK_COMMAND_POOL_CREATE_RESET_COMMAND_BUFFER_BIT;
        poolInfo.queueFamilyIndex = context_->queueFamily();
        VkCommandPool pool = VK_NULL_HANDLE;
        VK_CHECK(vkCreateCommandPool(device, &poolInfo, nullptr, &pool));
        slot.pool = vk::CommandPoolHandle(device, pool);
        VkCommandBufferAllocateInfo allocateInfo{VK_STRUCTURE_TYPE_COMMAND_BUFFER_ALLOCATE_INFO};
        allocateInfo.commandPool = pool;
        allocateInfo.level = VK_COMMAND_BUFFER_LEVEL_PRIMARY;
        allocateInfo.commandBufferCount = 1;
        VK_CHECK(vkAllocateCommandBuffers(device, &allocateInfo, &slot.commandBuffer));
        VkFenceCreateInfo fenceInfo{VK_STRUCTURE_TYPE_FENCE_CREATE_INFO};
        fenceInfo.flags = VK_FENCE_CREATE_SIGNALED_BIT;
        VkFence fence = VK_NULL_HANDLE;
        VK_CHECK(vkCreateFence(device, &fenceInfo, nullptr, &fence));
        slot.fence = vk::FenceHandle(device, fence);
        VkSemaphoreCreateInfo semaphoreInfo{VK_STRUCTURE_TYPE_SEMAPHORE_CREATE_INFO};
        VkSemaphore semaphore = VK_NULL_HANDLE;
        VK_CHECK(vkCreateSemaphore(device, &semaphoreInfo, nullptr, &semaphore));
        slot.imageAvailable = SemaphoreHandle(device, semaphore);
        slot.queries = vk::TimestampQueries(*context_, TimingSlots::kCount);
    }
    loadInitialAssets();
}

Viewer::~Viewer() {
    if (context_) {
        vkDeviceWaitIdle(context_->device());
    }
}

void Viewer::loadInitialAssets() {
    const std::string imagePath =
        options_.imagePath.empty() ? defaultImagePath() : options_.imagePath;
    if (imagePath.empty()) {
        image_ = generatedHdrScene(1280, 720);
        imageName_ = "(generated scene)";
        note_ = "assets/GoldenGate.exr is missing (run scripts/fetch-assets.sh): showing a "
                "generated HDR scene";
    } else if (!loadImage(imagePath)) {
        throw Error(lastError_); // at start-up there is nothing to keep
    }
    if (options_.kernelPath.empty()) {
        useGeneratedKernel();
    } else if (!loadKernel(options_.kernelPath)) {
        throw Error(lastError_);
    }
}

bool Viewer::loadImage(const std::string& path) {
    try {
        Image image = readImage(path);
        if (const std::size_t replaced = replaceNonFinitePixels(image)) {
            note_ = path + ": " + std::to_string(replaced) + " non-finite values count as 0";
        }
        image_ = std::move(image);
        imageName_ = path;
        needsRebuild_ = true;
        lastError_.clear();
        return true;
    } catch (const Error& error) {
        lastError_ = error.what();
        return false;
    }
}

bool Viewer::loadKernel(const std::string& path) {
    try {
        const Image kernel = readImage(path);
        useKernel(kernel, path);
        lastError_.clear();
        return true;
    } catch (const Error& error) {
        lastError_ = error.what();
        return false;
    }
}

// Fits and normalises first: a bad kernel throws before anything shown is replaced.
void Viewer::useKernel(const Image& kernel, const std::string& name) {
    Image normalized = normalizeKernel(fitKernel(kernel, settings_.kernelSize), name);
    rawKernel_ = kernel;
    kernel_ = std::move(normalized);
    kernelName_ = name;
    needsRebuild_ = true;
}

// The generator's kernel at the current kernel size; each setting is computed once per run.
void Viewer::useGeneratedKernel() {
    generator_.size = settings_.kernelSize;
    const std::string key = describe(generator_);
    auto found = generated_.find(key);
    if (found == generated_.end()) {
        found = generated_.emplace(key, generateGlareKernel(generator_)).first;
    }
    useKernel(found->second, "generated: " + key);
}

void Viewer::handleDrop(const std::string& path, bool onKernel) {
    if (onKernel) {
        loadKernel(path);
    } else {
        loadImage(path);
    }
}

void Viewer::applyToEngines() {
    if (kernel_.width != settings_.kernelSize) { // a generated kernel is made anew at size K
        if (kernelName_.rfind("generated: ", 0) == 0) {
            useGeneratedKernel();
        } else {
            kernel_ = normalizeKernel(fitKernel(rawKernel_, settings_.kernelSize), kernelName_);
        }
    }
    engine_->setKernel(kernel_);
    engine_->prepare(image_.width, image_.height, settings_);
    engine_->uploadImage(image_);
    // The other order, for the overlay's comparison.
    ConvolutionSettings alternate = settings_;
    alternate.axisOrder =
        engine_->layout().firstAxis == gpu_fft::Axis::Y ? AxisOrder::XFirst : AxisOrder::YFirst;
    alternate_->setKernel(kernel_);
    alternate_->prepare(image_.width, image_.height, alternate);
    alternate_->uploadImage(image_);
}

void Viewer::rebuildIfNeeded() {
    const bool settingsChanged = settings_.kernelSize != appliedSettings_.kernelSize ||
                                 settings_.padding != appliedSettings_.padding ||
                                 settings_.axisOrder != appliedSettings_.axisOrder ||
                                 settings_.spectrum != appliedSettings_.spectrum;
    if (!needsRebuild_ && !settingsChanged) {
        return;
    }
    vkDeviceWaitIdle(context_->device()); // buffers are replaced below
    try {
        applyToEngines();
    } catch (const Error& error) {
        if (appliedImage_.width == 0) {
            throw; // nothing ever worked: report it and exit
        }
        lastError_ = error.what(); // go back to what worked
        image_ = appliedImage_;
        imageName_ = appliedImageName_;
        settings_ = appliedSettings_;
        kernel_ = Image();
        applyToEngines();
    }
    appliedImage_ = image_;
    appliedImageName_ = imageName_;
    appliedSettings_ = settings_;
    needsRebuild_ = false;
    updatePreview();
    timeline_.clear();
    fitView();
}

void Viewer::updatePreview() {
    auto upload = [&](const Image& preview, const char* name) {
        vk::Buffer buffer(*context_, preview.pixels.size() * sizeof(float),
                          VK_BUFFER_USAGE_STORAGE_BUFFER_BIT, vk::MemoryUse::DeviceLocal, name);
        vk::uploadToBuffer(*context_, buffer, std::as_bytes(std::span(preview.pixels)));
        return buffer;
    };
    vkDeviceWaitIdle(context_->device()); // the old previews may still be on screen
    kernelPreview_ = upload(kernelLogPreview(kernel_), "kernel preview");
    spectrumPreview_ = upload(kernelSpectrumPreview(kernel_), "kernel spectrum preview");
    previewSize_ = kernel_.width;
}

const vk::Buffer& Viewer::previewPlanes() const {
    return view_ == ViewMode::Spectrum ? spectrumPreview_ : kernelPreview_;
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

void Viewer::recreateSwapchain() {
    window_.waitWhileMinimised();
    vkDeviceWaitIdle(context_->device());
    std::uint32_t width = 0;
    std::uint32_t height = 0;
    window_.framebufferSize(width, height);
    swapchain_->recreate(width, height, vsync_);
    ++swapchainRecreations_;
    imgui_->setMinImageCount(swapchain_->minImageCount());
    appliedVsync_ = vsync_;
}

int Viewer::run() {
    for (int frame = 0; !window_.shouldClose(); ++frame) {
        const auto start = std::chrono::steady_clock::now();
        window_.pollEvents();
        runScriptedStep(frame);
        for (const auto& drop : window_.takeDrops()) {
            const bool onZone = drop.x >= kernelDropZone_[0] && drop.x <= kernelDropZone_[2] &&
                                drop.y >= kernelDropZone_[1] && drop.y <= kernelDropZone_[3];
            handleDrop(drop.path, onZone || ImGui::GetIO().KeyShift);
        }
        if (window_.takeResized() || vsync_ != appliedVsync_) {
            recreateSwapchain();
        }
        // A rebuild can take a while: show one frame that says so first.
        const bool rebuildDue =
            needsRebuild_ || settings_.kernelSize != appliedSettings_.kernelSize;
        if (rebuildDue && framesRendered_ > 0 && !rebuildAnnounced_) {
            rebuildAnnounced_ = true;
        } else {
            rebuildIfNeeded();
            rebuildAnnounced_ = false;
        }
        const bool lastFrame = options_.frames > 0 && framesRendered_ + 1 >= options_.frames;
        if (lastFrame && !options_.screenshotPath.empty()) {
            pendingScreenshot_ = options_.screenshotPath;
        }
        if (renderFrame()) {
            ++framesRendered_;
        }
        if (screenshotRecorded_) {
            vkDeviceWaitIdle(context_->device());
            saveScreenshot(*pendingScreenshot_);
            pendingScreenshot_.reset();
        }
        cpuFrameMs_ =
            std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start)
                .count();
        if (options_.frames > 0 && framesRendered_ >= options_.frames) {
            break;
        }
    }
    vkDeviceWaitIdle(context_->device());
    writeReport();
    const auto messages = context_->validationMessages();
    if (options_.validation && !messages.empty()) {
        throw Error("the Vulkan validation layer reported " + std::to_string(messages.size()) +
                    " messages");
    }
    return 0;
}

bool Viewer::renderFrame() {
    FrameSlot& slot = slots_[frameIndex_];
    VkFence fence = slot.fence.get();
    VK_CHECK(vkWaitForFences(context_->device(), 1, &fence, VK_TRUE, UINT64_MAX));
    if (slot.submitted) { // its timestamps are ready now, without stalling
        timeline_.collect(slot.queries, slot.displayedAxis, slot.alternateMeasured);
        slot.submitted = false;
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
    slot.alternateMeasured = showOverlay_ && framesRendered_ % kAlternateInterval == 0;
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

void Viewer::runScriptedStep(int frame) {
    const auto index = static_cast<std::size_t>(frame);
    if (index < options_.drops.size()) {
        const std::string& drop = options_.drops[index];
        const bool onKernel = drop.rfind("kernel:", 0) == 0; // "kernel:PATH" drops on the kernel
        handleDrop(onKernel ? drop.substr(7) : drop, onKernel);
    }
    if (index < options_.kernelSizes.size()) {
        settings_.kernelSize = options_.kernelSizes[index];
    }
    if (options_.resizeCycle) {
        const int sizes[][2] = {{640, 480}, {1, 1}, {1024, 300}, {300, 900}, {1280, 800}};
        const auto& size = sizes[index % 5];
        window_.setSize(size[0], size[1]);
    }
}

void Viewer::writeReport() const {
    if (options_.reportPath.empty()) {
        return;
    }
    std::ofstream report(options_.reportPath);
    report << "image: " << imageName_ << "\n"
           << "image_size: " << image_.width << "x" << image_.height << "\n"
           << "kernel: " << kernelName_ << "\n"
           << "kernel_size: " << appliedSettings_.kernelSize << "\n"
           << "first_axis: " << (engine_->layout().firstAxis == gpu_fft::Axis::Y ? "y" : "x")
           << "\n"
           << "frames: " << framesRendered_ << "\n"
           << "error: " << lastError_ << "\n"
           << "note: " << note_ << "\n"
           << "swapchain_recreations: " << swapchainRecreations_ << "\n"
           << "validation_messages: " << context_->validationMessages().size() << "\n";
}

} // namespace fftbloom
