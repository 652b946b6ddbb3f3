// The viewer's set-up, loading (with fallback to what worked), rebuilds and the main loop;
// one frame's recording is in viewer_frame.cpp, the panels in viewer_ui.cpp.
#include "app/viewer/viewer.hpp"

#include "app/bloom/kernel_prep.hpp"
#include "app/image/image_io.hpp"
#include "app/viewer/default_scene.hpp"
#include "app/viewer/kernel_preview.hpp"
#include "gpu_fft/vulkan/barriers.hpp"
#include "gpu_fft/vulkan/error.hpp"

#include <algorithm>
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
    ++kernelVersion_;
    kernelName_ = name;
    needsRebuild_ = true;
}

// The generator's kernel at the current kernel size; each setting is computed once per run.
void Viewer::useGeneratedKernel() {
    generator_.size = settings_.kernelSize;
    // The generator takes Airy radii up to K/8: a small kernel size narrows the default.
    generator_.airyRadius =
        std::clamp(generator_.airyRadius, kMinAiryRadius, settings_.kernelSize / 8.0);
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
            ++kernelVersion_;
        }
    }
    forgetTimingsIfWorkChanged();
    ConvolutionSettings shown = settings_;
    if (settings_.axisOrder == AxisOrder::Auto) { // what the timings chose, if any yet
        shown.axisOrder =
            autoAxis_.choice().axis == gpu_fft::Axis::Y ? AxisOrder::YFirst : AxisOrder::XFirst;
    }
    engine_->setKernel(kernel_);
    engine_->prepare(image_.width, image_.height, shown);
    engine_->uploadImage(image_);
    // The other order, for the overlay's comparison and for "auto".
    ConvolutionSettings alternate = shown;
    alternate.axisOrder =
        engine_->layout().firstAxis == gpu_fft::Axis::Y ? AxisOrder::XFirst : AxisOrder::YFirst;
    alternate_->setKernel(kernel_);
    alternate_->prepare(image_.width, image_.height, alternate);
    alternate_->uploadImage(image_);
}

void Viewer::rebuildIfNeeded() {
    if (!needsRebuild_ && settings_ == appliedSettings_) {
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
    fitView();
}

// The previews cost a CPU FFT of the kernel: only when the kernel itself changed.
void Viewer::updatePreview() {
    if (previewVersion_ == kernelVersion_) {
        return;
    }
    auto upload = [&](const Image& preview, const char* name) {
        vk::Buffer buffer =
            vk::deviceStorageBuffer(*context_, preview.pixels.size() * sizeof(float), name);
        vk::uploadToBuffer(*context_, buffer, std::as_bytes(std::span(preview.pixels)));
        return buffer;
    };
    vkDeviceWaitIdle(context_->device()); // the old previews may still be on screen
    kernelPreview_ = upload(kernelLogPreview(kernel_), "kernel preview");
    spectrumPreview_ = upload(kernelSpectrumPreview(kernel_), "kernel spectrum preview");
    previewSize_ = kernel_.width;
    previewVersion_ = kernelVersion_;
}

const vk::Buffer& Viewer::previewPlanes() const {
    return view_ == ViewMode::Spectrum ? spectrumPreview_ : kernelPreview_;
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
           << "precision: " << nameOf(appliedSettings_.precision) << "\n"
           << "first_axis: " << (engine_->layout().firstAxis == gpu_fft::Axis::Y ? "y" : "x")
           << "\n"
           << "axis_order: " << axisOrderText() << "\n"
           << "frames: " << framesRendered_ << "\n"
           << "error: " << lastError_ << "\n"
           << "note: " << note_ << "\n"
           << "swapchain_recreations: " << swapchainRecreations_ << "\n"
           << "validation_messages: " << context_->validationMessages().size() << "\n";
}

} // namespace fftbloom
