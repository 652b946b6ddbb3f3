// `fftbloom view`: the live bloom in a window (docs/viewer.md).
//
// Each frame: poll events (drops, resizes, keys), build the UI, then record one command
// buffer: the bloom's three passes (timed), now and then the other axis order too (timed,
// not shown), the display pass and ImGui into the swapchain image, and a copy of that image
// when a screenshot is due. Two frames are in flight; a frame's timestamps are read when its
// fence is next waited on.
#pragma once

#include "app/bloom/bloom_engine.hpp"
#include "app/kernel/glare_kernel.hpp"
#include "app/viewer/auto_axis_order.hpp"
#include "app/viewer/display_pass.hpp"
#include "app/viewer/gpu_timing.hpp"
#include "app/viewer/imgui_layer.hpp"
#include "app/viewer/swapchain.hpp"
#include "app/viewer/viewer_options.hpp"
#include "app/viewer/window.hpp"

#include <array>
#include <map>
#include <memory>
#include <optional>
#include <string>

namespace fftbloom {

class Viewer {
  public:
    explicit Viewer(const ViewerOptions& options);
    ~Viewer();
    Viewer(const Viewer&) = delete;
    Viewer& operator=(const Viewer&) = delete;

    int run(); // the exit code

  private:
    static constexpr std::uint32_t kFramesInFlight = 2;
    struct FrameSlot {
        vk::CommandPoolHandle pool;
        VkCommandBuffer commandBuffer = VK_NULL_HANDLE;
        vk::FenceHandle fence;
        SemaphoreHandle imageAvailable;
        vk::TimestampQueries queries;
        bool submitted = false;
        bool alternateMeasured = false;
        gpu_fft::Axis displayedAxis = gpu_fft::Axis::Y;
    };
    enum class ViewMode { Result, Original, Bloom, Kernel, Spectrum };

    // Loading: a failure sets lastError_ and keeps what was there.
    void loadInitialAssets();
    bool loadImage(const std::string& path);
    bool loadKernel(const std::string& path);
    void useKernel(const Image& kernel, const std::string& name);
    void handleDrop(const std::string& path, bool onKernel);

    // Settings that change FFT sizes rebuild here, never mid-frame.
    void rebuildIfNeeded();
    void applyToEngines();
    void updatePreview();
    void fitView();

    // The axis order: "auto" follows the timings (auto_axis_order.hpp).
    void forgetTimingsIfWorkChanged();
    void followAutoAxisOrder();
    bool alternateDue() const;
    std::string axisOrderText() const;

    // Per frame.
    void runScriptedStep(int frame);
    void handleInput();
    void drawUi();
    void drawControls();
    void drawInfo();
    void drawKernelGenerator();
    void useGeneratedKernel();
    void drawOverlay();
    void drawHelp();
    bool renderFrame(); // false when the swapchain had to be rebuilt and nothing was drawn
    void recordFrame(FrameSlot& slot, std::uint32_t imageIndex);
    void recordScreenshotCopy(VkCommandBuffer commandBuffer, std::uint32_t imageIndex);
    void saveScreenshot(const std::string& path);
    void recreateSwapchain();
    void writeReport() const;
    display_gpu::DisplayParams displayParams() const;
    void recordKernelThumbnail(VkCommandBuffer commandBuffer) const;
    const vk::Buffer& previewPlanes() const;

    ViewerOptions options_;
    Window window_;
    std::unique_ptr<vk::Context> context_;
    std::unique_ptr<vk::ShaderCompiler> compiler_;
    std::unique_ptr<Swapchain> swapchain_;
    std::unique_ptr<DisplayPass> display_;
    std::unique_ptr<ImGuiLayer> imgui_;
    std::unique_ptr<BloomEngine> engine_;    // the displayed axis order
    std::unique_ptr<BloomEngine> alternate_; // the other order, for timing only
    std::array<FrameSlot, kFramesInFlight> slots_;
    std::uint32_t frameIndex_ = 0;
    GpuTimeline timeline_;
    AutoAxisOrder autoAxis_; // decided from timeline_, for the work the engines hold
    double cpuFrameMs_ = 0;

    // What is shown.
    Image image_;
    std::string imageName_;
    Image appliedImage_; // what the engines hold: the fallback when a change fails
    std::string appliedImageName_;
    Image kernel_; // normalised, K x K
    Image rawKernel_;
    std::string kernelName_;
    vk::Buffer kernelPreview_;   // the kernel on a log scale: its view and the thumbnail
    vk::Buffer spectrumPreview_; // its spectrum's log-magnitude
    std::uint32_t previewSize_ = 0;
    std::uint64_t kernelVersion_ = 0;  // counts changes of kernel_
    std::uint64_t previewVersion_ = 0; // the kernel_ version the previews show
    ConvolutionSettings settings_;
    ConvolutionSettings appliedSettings_;
    bool needsRebuild_ = true;
    bool rebuildAnnounced_ = false;
    float strength_;
    float exposure_;
    int toneMap_ = 0;
    ViewMode view_ = ViewMode::Result;
    bool vsync_;
    bool appliedVsync_;
    bool showOverlay_;
    bool showHelp_ = false;
    float offsetX_ = 0;
    float offsetY_ = 0;
    float zoom_ = 1;
    std::string lastError_;
    std::string note_;
    std::array<char, 1024> typedPath_{};
    GlareSettings generator_;                // the kernel generator panel's settings
    std::map<std::string, Image> generated_; // kernels made so far, by their settings
    std::array<char, 1024> savePath_{};
    std::array<float, 4> kernelDropZone_{}; // x0, y0, x1, y1 of the kernel thumbnail: a drop target
    std::optional<std::string> pendingScreenshot_;
    vk::Buffer screenshotBuffer_;
    bool screenshotRecorded_ = false;
    std::uint32_t screenshotCount_ = 0; // for the S key's file names
    int framesRendered_ = 0;
    int swapchainRecreations_ = 0;
};

} // namespace fftbloom
