// The viewer's Dear ImGui panels (controls, info, timing overlay, help), keys, and pan/zoom.
#include "app/image/image_io.hpp"
#include "app/viewer/viewer.hpp"
#include "gpu_fft/vulkan/error.hpp"

#include <GLFW/glfw3.h>
#include <algorithm>
#include <cmath>
#include <cstdio>
#include <imgui.h>
#include <string>
#include <vector>

namespace fftbloom {
namespace {

const char* const kViewNames[] = {"result", "original", "bloom only", "kernel",
                                  "kernel spectrum (log)"};
const char* const kToneMapNames[] = {"ACES", "Reinhard", "none"};
const char* const kAxisNames[] = {"y first", "x first", "auto (faster measured)"};
const char* const kPaddingNames[] = {"zero", "mirror"};
const char* const kSpectrumNames[] = {"tent", "exact"};
const char* const kPrecisionNames[] = {"fp32 spectra", "fp16 spectra"};

std::string describePass(const char* name, std::uint32_t count, std::uint32_t length,
                         const gpu_fft::FftShape& shape) {
    return std::string(name) + ": " + std::to_string(count) + " x 3 FFTs of " +
           std::to_string(length) + " (E=" + std::to_string(shape.elementsPerInvocation()) +
           ", WG=" + std::to_string(shape.workgroupSize()) + ")";
}

template <typename Enum>
bool comboEnum(const char* label, Enum& value, const char* const* names, int count) {
    int index = static_cast<int>(value);
    const bool changed = ImGui::Combo(label, &index, names, count);
    value = static_cast<Enum>(index);
    return changed;
}

// ImGui's sliders take float and int; the generator's settings are double and unsigned.
bool sliderDouble(const char* label, double& value, float low, float high) {
    float shown = static_cast<float>(value);
    const bool changed = ImGui::SliderFloat(label, &shown, low, high);
    if (changed) { // untouched values keep their full precision
        value = shown;
    }
    return changed;
}

bool sliderUnsigned(const char* label, std::uint32_t& value, int low, int high) {
    int shown = static_cast<int>(value);
    const bool changed = ImGui::SliderInt(label, &shown, low, high);
    value = static_cast<std::uint32_t>(shown);
    return changed;
}

void timingRow(const char* label, const std::optional<PassTimes>& times) {
    ImGui::TableNextRow();
    ImGui::TableNextColumn();
    ImGui::TextUnformatted(label);
    for (std::uint32_t pass = 0; pass <= kPassCount; ++pass) {
        ImGui::TableNextColumn();
        if (times) {
            ImGui::Text("%9.3f", pass < kPassCount ? times->passes[pass] : times->total);
        } else {
            ImGui::TextDisabled("-");
        }
    }
}

} // namespace

display_gpu::DisplayParams Viewer::displayParams() const {
    display_gpu::DisplayParams params{};
    const bool preview = view_ == ViewMode::Kernel || view_ == ViewMode::Spectrum;
    params.offsetX = offsetX_;
    params.offsetY = offsetY_;
    params.scale = zoom_;
    params.strength = strength_;
    params.exposureScale = std::exp2(exposure_);
    params.view = preview ? DISPLAY_VIEW_PREVIEW : static_cast<std::uint32_t>(view_);
    params.toneMap = static_cast<std::uint32_t>(toneMap_);
    params.sourceWidth = preview ? previewSize_ : engine_->layout().imageWidth;
    params.sourceHeight = preview ? previewSize_ : engine_->layout().imageHeight;
    return params;
}

void Viewer::fitView() {
    const auto params = displayParams();
    const VkExtent2D extent = swapchain_->extent();
    zoom_ = std::min(static_cast<float>(extent.width) / static_cast<float>(params.sourceWidth),
                     static_cast<float>(extent.height) / static_cast<float>(params.sourceHeight));
    offsetX_ =
        (static_cast<float>(extent.width) - zoom_ * static_cast<float>(params.sourceWidth)) / 2;
    offsetY_ =
        (static_cast<float>(extent.height) - zoom_ * static_cast<float>(params.sourceHeight)) / 2;
}

void Viewer::handleInput() {
    const ImGuiIO& io = ImGui::GetIO();
    if (!io.WantCaptureKeyboard) {
        if (ImGui::IsKeyPressed(GLFW_KEY_F1)) {
            showHelp_ = !showHelp_;
        }
        if (ImGui::IsKeyPressed(GLFW_KEY_O)) {
            showOverlay_ = !showOverlay_;
        }
        if (ImGui::IsKeyPressed(GLFW_KEY_S)) {
            pendingScreenshot_ = "fftbloom-" + std::to_string(++screenshotCount_) + ".png";
        }
        if (ImGui::IsKeyPressed(GLFW_KEY_R)) { // view and exposure back to how they started
            exposure_ = options_.exposure;
            strength_ = options_.strength;
            fitView();
        }
        if (ImGui::IsKeyPressed(GLFW_KEY_1)) { // one image pixel per window pixel, centred
            const float centreX =
                (static_cast<float>(swapchain_->extent().width) / 2 - offsetX_) / zoom_;
            const float centreY =
                (static_cast<float>(swapchain_->extent().height) / 2 - offsetY_) / zoom_;
            zoom_ = 1.0f;
            offsetX_ = static_cast<float>(swapchain_->extent().width) / 2 - centreX;
            offsetY_ = static_cast<float>(swapchain_->extent().height) / 2 - centreY;
        }
    }
    if (!io.WantCaptureMouse) {
        if (io.MouseWheel != 0.0f) { // zoom about the cursor
            const float factor = std::pow(1.15f, io.MouseWheel);
            offsetX_ = io.MousePos.x - (io.MousePos.x - offsetX_) * factor;
            offsetY_ = io.MousePos.y - (io.MousePos.y - offsetY_) * factor;
            zoom_ *= factor;
        }
        if (ImGui::IsMouseDragging(ImGuiMouseButton_Left)) {
            offsetX_ += io.MouseDelta.x;
            offsetY_ += io.MouseDelta.y;
        }
    }
}

void Viewer::drawUi() {
    drawControls();
    if (showOverlay_) {
        drawOverlay();
    }
    if (showHelp_) {
        drawHelp();
    }
}

void Viewer::drawControls() {
    ImGui::SetNextWindowPos(ImVec2(10, 10), ImGuiCond_FirstUseEver);
    ImGui::SetNextWindowSize(ImVec2(360, 0), ImGuiCond_FirstUseEver);
    ImGui::Begin("fftbloom");
    if (rebuildAnnounced_) {
        ImGui::TextColored(ImVec4(1, 0.8f, 0.3f, 1), "Rebuilding FFT pipelines...");
    }
    if (!lastError_.empty()) {
        ImGui::PushTextWrapPos(0);
        ImGui::TextColored(ImVec4(1, 0.35f, 0.3f, 1), "Error: %s", lastError_.c_str());
        ImGui::PopTextWrapPos();
    }
    if (!note_.empty()) {
        ImGui::PushTextWrapPos(0);
        ImGui::TextColored(ImVec4(0.9f, 0.9f, 0.5f, 1), "%s", note_.c_str());
        ImGui::PopTextWrapPos();
    }
    ImGui::TextWrapped("Image: %s", imageName_.c_str());
    // The kernel thumbnail: this reserves its square, the display pass draws the kernel into
    // it after ImGui (recordKernelThumbnail), and files dropped on it replace the kernel.
    constexpr float kThumbnail = 96.0f;
    ImGui::InvisibleButton("kernel thumbnail", ImVec2(kThumbnail, kThumbnail));
    const ImVec2 zoneStart = ImGui::GetItemRectMin();
    const ImVec2 zoneEnd = ImGui::GetItemRectMax();
    kernelDropZone_ = {zoneStart.x, zoneStart.y, zoneEnd.x, zoneEnd.y}; // window coordinates
    ImGui::SameLine();
    ImGui::TextWrapped("Kernel: %s\n(drop a kernel file on this picture, or drop with Shift)",
                       kernelName_.c_str());
    ImGui::InputText("path", typedPath_.data(), typedPath_.size());
    if (ImGui::Button("Load as image")) {
        loadImage(typedPath_.data());
    }
    ImGui::SameLine();
    if (ImGui::Button("Load as kernel")) {
        loadKernel(typedPath_.data());
    }

    ImGui::Separator();
    ImGui::TextDisabled("Bloom");
    comboEnum("axis order", settings_.axisOrder, kAxisNames, 3);
    if (appliedSettings_.axisOrder == AxisOrder::Auto) {
        ImGui::TextDisabled("%s", axisOrderText().c_str());
    }
    int kernelLog2 = static_cast<int>(std::log2(settings_.kernelSize));
    const std::string kernelLabel = std::to_string(settings_.kernelSize);
    if (ImGui::SliderInt("kernel size", &kernelLog2, 4, 11, kernelLabel.c_str())) {
        settings_.kernelSize = 1u << kernelLog2;
    }
    comboEnum("padding", settings_.padding, kPaddingNames, 2);
    comboEnum("spectrum", settings_.spectrum, kSpectrumNames, 2);
    comboEnum("precision", settings_.precision, kPrecisionNames, 2);
    ImGui::SliderFloat("strength", &strength_, 0.0f, 1.0f);

    ImGui::Separator();
    ImGui::TextDisabled("Display");
    comboEnum("view", view_, kViewNames, 5);
    ImGui::SliderFloat("exposure (EV)", &exposure_, -10.0f, 10.0f);
    ImGui::Combo("tone map", &toneMap_, kToneMapNames, 3);
    ImGui::Checkbox("vsync", &vsync_);
    ImGui::SameLine();
    ImGui::Checkbox("timing overlay (O)", &showOverlay_);
    if (ImGui::Button("fit (R)")) {
        fitView();
    }
    ImGui::SameLine();
    ImGui::TextDisabled("zoom %.2fx, F1 help", static_cast<double>(zoom_));
    drawKernelGenerator();
    drawInfo();
    ImGui::End();
}

void Viewer::drawKernelGenerator() {
    if (!ImGui::CollapsingHeader("Kernel generator")) {
        return;
    }
    ApertureSettings& aperture = generator_.aperture;
    bool changed = false;
    int blades = static_cast<int>(aperture.blades);
    if (ImGui::SliderInt("blades (0: circle)", &blades, 0, 12)) {
        aperture.blades = blades == 1 || blades == 2 ? 0u : static_cast<std::uint32_t>(blades);
        changed = true;
    }
    changed |= sliderDouble("rotation", aperture.rotationDegrees, 0.0f, 360.0f);
    changed |= sliderDouble("roundness", aperture.roundness, 0.0f, 1.0f);
    changed |= sliderDouble("obstruction", aperture.obstruction, 0.0f, 0.8f);
    changed |= sliderDouble("Airy radius (px)", generator_.airyRadius, 1.5f, 16.0f);
    changed |= sliderUnsigned("dust", aperture.dust, 0, 40);
    changed |= sliderUnsigned("scratches", aperture.scratches, 0, 10);
    changed |= sliderUnsigned("wavelengths", generator_.wavelengths, 1, 32);
    if (changed) { // a new kernel (cached per setting)
        try {
            useGeneratedKernel();
            lastError_.clear();
        } catch (const Error& error) {
            lastError_ = error.what();
        }
    }
    ImGui::InputText("save as", savePath_.data(), savePath_.size());
    ImGui::SameLine();
    if (ImGui::Button("Save kernel")) {
        try {
            writeImage(savePath_.data(), kernel_);
            note_ = std::string("saved the kernel to ") + savePath_.data();
        } catch (const Error& error) {
            lastError_ = error.what();
        }
    }
}

void Viewer::drawInfo() {
    if (!ImGui::CollapsingHeader("Info", ImGuiTreeNodeFlags_DefaultOpen)) {
        return;
    }
    const auto& layout = engine_->layout();
    const bool yFirst = layout.firstAxis == gpu_fft::Axis::Y;
    ImGui::Text("image %u x %u, kernel %u x %u", layout.imageWidth, layout.imageHeight,
                appliedSettings_.kernelSize, appliedSettings_.kernelSize);
    ImGui::Text("padded %u x %u, %s first", layout.paddedWidth, layout.paddedHeight,
                yFirst ? "y" : "x");
    ImGui::TextUnformatted(describePass("pass 1", layout.firstAxisFftCount(),
                                        layout.firstAxisLength(), engine_->firstShape())
                               .c_str());
    ImGui::TextUnformatted((describePass("pass 2", layout.secondAxisFftCount(),
                                         layout.secondAxisLength(), engine_->secondShape()) +
                            " fwd+inv")
                               .c_str());
    ImGui::TextUnformatted(describePass("pass 3", layout.firstAxisFftCount(),
                                        layout.firstAxisLength(), engine_->firstShape())
                               .c_str());
    ImGui::Text("device: %s", context_->info().name.c_str());
}

void Viewer::drawOverlay() {
    const ImVec2 size = ImGui::GetIO().DisplaySize;
    ImGui::SetNextWindowPos(ImVec2(size.x - 10, 10), ImGuiCond_Always, ImVec2(1, 0));
    ImGui::SetNextWindowBgAlpha(0.75f);
    ImGui::Begin("GPU time per pass (ms)", nullptr,
                 ImGuiWindowFlags_AlwaysAutoResize | ImGuiWindowFlags_NoSavedSettings);
    const gpu_fft::Axis shown = engine_->layout().firstAxis;
    if (ImGui::BeginTable("passes", kPassCount + 2,
                          ImGuiTableFlags_Borders | ImGuiTableFlags_SizingFixedFit)) {
        for (const char* heading : {"order", "pass 1", "pass 2", "pass 3", "frame"}) {
            ImGui::TableSetupColumn(heading);
        }
        ImGui::TableHeadersRow();
        const bool yShown = shown == gpu_fft::Axis::Y;
        timingRow(yShown ? "y first (shown)" : "y first", timeline_.latest(gpu_fft::Axis::Y));
        timingRow(yShown ? "x first" : "x first (shown)", timeline_.latest(gpu_fft::Axis::X));
        ImGui::EndTable();
    }
    for (gpu_fft::Axis axis : {gpu_fft::Axis::Y, gpu_fft::Axis::X}) {
        std::vector<float> totals;
        for (const auto& times : timeline_.history(axis)) {
            totals.push_back(static_cast<float>(times.total));
        }
        const std::string label = axis == gpu_fft::Axis::Y ? "y first" : "x first";
        ImGui::PlotLines(label.c_str(), totals.data(), static_cast<int>(totals.size()), 0, nullptr,
                         0.0f, FLT_MAX, ImVec2(260, 40));
    }
    ImGui::Text("CPU frame %.2f ms; the other order is timed every %u frames", cpuFrameMs_,
                kAlternateInterval);
    if (appliedSettings_.axisOrder == AxisOrder::Auto) {
        ImGui::TextUnformatted(axisOrderText().c_str());
    }
    const auto& other = alternate_->layout();
    ImGui::TextDisabled("shown: pass 1/3 %u FFTs of %u, pass 2 %u of %u",
                        engine_->layout().firstAxisFftCount(), engine_->layout().firstAxisLength(),
                        engine_->layout().secondAxisFftCount(),
                        engine_->layout().secondAxisLength());
    ImGui::TextDisabled("other: pass 1/3 %u FFTs of %u, pass 2 %u of %u", other.firstAxisFftCount(),
                        other.firstAxisLength(), other.secondAxisFftCount(),
                        other.secondAxisLength());
    ImGui::End();
}

void Viewer::drawHelp() {
    ImGui::SetNextWindowPos(ImVec2(ImGui::GetIO().DisplaySize.x / 2, 60), ImGuiCond_Always,
                            ImVec2(0.5f, 0));
    ImGui::Begin("Help (F1)", &showHelp_, ImGuiWindowFlags_AlwaysAutoResize);
    ImGui::TextUnformatted("Drop an image file on the window to bloom it.\n"
                           "Drop a kernel file on the kernel button, or hold Shift.\n"
                           "Mouse: drag to pan, wheel to zoom.\n"
                           "F1 help   O timing overlay   S save a PNG of the window\n"
                           "R reset view and exposure   1 one-to-one pixels");
    ImGui::End();
}

} // namespace fftbloom
