// The one translation unit that compiles vkFFT.h (a header-only library of some 30 000
// lines). It comes in as a system header, so our warnings do not apply to it.
#include "app/bench/vkfft_convolution.hpp"

#include "gpu_fft/vulkan/barriers.hpp"
#include "gpu_fft/vulkan/buffer.hpp"
#include "gpu_fft/vulkan/error.hpp"
#include "gpu_fft/vulkan/handle.hpp"

#include <cmath>
#include <cstdio>
#include <limits>
#include <string>
#include <vector>

// clang-format off: the shim must come right before vkFFT.h (see the shim's header).
#include "app/bench/vkfft_glslang_shim.hpp"
#define VKFFT_BACKEND 0 // Vulkan
#define glslang_resource_t fftbloom::vkfft_shim::Glslang11Resource
#include <vkFFT.h>
#undef glslang_resource_t
// clang-format on

namespace fftbloom {
namespace {

constexpr VkDeviceSize kFloat = sizeof(float);

void checkVkfft(VkFFTResult result, const std::string& what) {
    if (result != VKFFT_SUCCESS) {
        throw Error("VkFFT could not " + what + ": VkFFTResult " +
                    std::to_string(static_cast<int>(result)) + " (see vkFFT.h)");
    }
}

// Every write of the previous run (VkFFT's, or the upload's) before this run's copies.
void earlierWorkToTransferBarrier(VkCommandBuffer commandBuffer) {
    vk::memoryBarrier(commandBuffer,
                      VK_PIPELINE_STAGE_2_COMPUTE_SHADER_BIT | VK_PIPELINE_STAGE_2_ALL_TRANSFER_BIT,
                      VK_ACCESS_2_SHADER_STORAGE_WRITE_BIT | VK_ACCESS_2_TRANSFER_WRITE_BIT,
                      VK_PIPELINE_STAGE_2_ALL_TRANSFER_BIT,
                      VK_ACCESS_2_TRANSFER_READ_BIT | VK_ACCESS_2_TRANSFER_WRITE_BIT);
}

void transferToVkfftBarrier(VkCommandBuffer commandBuffer) {
    vk::memoryBarrier(commandBuffer, VK_PIPELINE_STAGE_2_ALL_TRANSFER_BIT,
                      VK_ACCESS_2_TRANSFER_WRITE_BIT, VK_PIPELINE_STAGE_2_COMPUTE_SHADER_BIT,
                      VK_ACCESS_2_SHADER_STORAGE_READ_BIT | VK_ACCESS_2_SHADER_STORAGE_WRITE_BIT);
}

} // namespace

// Everything VkFFT keeps a pointer to lives here, at a fixed address, for as long as its apps.
struct VkfftConvolution::Plan {
    const vk::Context& context;
    gpu_fft::ConvolutionLayout layout;
    std::uint32_t kernelSize = 0;
    // VkFFT's zero padding along y must start at an even row: with an odd height, row H is
    // read as data, so it is cleared before each run.
    std::uint32_t evenHeight = 0;
    VkPhysicalDevice physicalDevice = VK_NULL_HANDLE;
    VkDevice device = VK_NULL_HANDLE;
    VkQueue queue = VK_NULL_HANDLE;
    // VkFFT requires a pool and a fence for uploads of its own (look-up tables, Bluestein
    // kernels); this plan needs none of them, but initializeVkFFT checks that they exist.
    vk::CommandPoolHandle commandPool;
    VkCommandPool rawCommandPool = VK_NULL_HANDLE;
    vk::FenceHandle fence;
    VkFence rawFence = VK_NULL_HANDLE;
    vk::Buffer planes; // the image, W x H x 3 floats, as BloomEngine holds it
    vk::Buffer data;   // VkFFT's in-place buffer: 3 x Py rows of Px + 2 floats
    vk::Buffer kernel; // the kernel's spectrum, in the same layout
    VkBuffer dataHandle = VK_NULL_HANDLE;
    VkBuffer kernelHandle = VK_NULL_HANDLE;
    std::uint64_t bufferBytes = 0;       // of data and of kernel
    std::vector<VkBufferCopy> imageRows; // planes -> data, one region per image row
    VkFFTApplication kernelApp{};
    VkFFTApplication convolutionApp{};
    bool kernelAppMade = false;
    bool convolutionAppMade = false;

    Plan(const vk::Context& vulkan, std::uint32_t width, std::uint32_t height,
         std::uint32_t kernelWidth);
    ~Plan();
    Plan(const Plan&) = delete;
    Plan& operator=(const Plan&) = delete;

    VkDeviceSize rowPitch() const { return (layout.paddedWidth + 2) * kFloat; }
    VkDeviceSize dataOffset(std::uint32_t channel, std::uint32_t row, std::uint32_t x) const {
        return (VkDeviceSize{channel} * layout.paddedHeight + row) * rowPitch() + x * kFloat;
    }
    std::string sizeText() const;
    VkFFTConfiguration configuration();
    void makeApps();
    void placeKernel(VkCommandBuffer commandBuffer, const vk::Buffer& kernelPlanes) const;
    void fillBuffers(const Image& normalizedKernel);
};

VkfftConvolution::Plan::Plan(const vk::Context& vulkan, std::uint32_t width, std::uint32_t height,
                             std::uint32_t kernelWidth)
    : context(vulkan),
      layout(gpu_fft::makeConvolutionLayout(width, height, kernelWidth, gpu_fft::Axis::Y)),
      kernelSize(kernelWidth), evenHeight(height + height % 2),
      physicalDevice(vulkan.physicalDevice()), device(vulkan.device()), queue(vulkan.queue()) {
    VkCommandPoolCreateInfo poolInfo{VK_STRUCTURE_TYPE_COMMAND_POOL_CREATE_INFO};
    poolInfo.flags = VK_COMMAND_POOL_CREATE_RESET_COMMAND_BUFFER_BIT;
    poolInfo.queueFamilyIndex = context.queueFamily();
    VK_CHECK(vkCreateCommandPool(device, &poolInfo, nullptr, &rawCommandPool));
    commandPool = vk::CommandPoolHandle(device, rawCommandPool);
    VkFenceCreateInfo fenceInfo{VK_STRUCTURE_TYPE_FENCE_CREATE_INFO};
    VK_CHECK(vkCreateFence(device, &fenceInfo, nullptr, &rawFence));
    fence = vk::FenceHandle(device, rawFence);

    const VkDeviceSize planeBytes = VkDeviceSize{Image::kChannels} * width * height * kFloat;
    bufferBytes = Image::kChannels * layout.paddedHeight * rowPitch();
    planes = vk::deviceStorageBuffer(context, planeBytes, "vkfft image planes");
    data = vk::deviceStorageBuffer(context, bufferBytes, "vkfft data");
    kernel = vk::deviceStorageBuffer(context, bufferBytes, "vkfft kernel spectrum");
    dataHandle = data.handle();
    kernelHandle = kernel.handle();
    for (std::uint32_t c = 0; c < Image::kChannels; ++c) {
        for (std::uint32_t y = 0; y < height; ++y) {
            const VkDeviceSize source = (VkDeviceSize{c} * height + y) * width * kFloat;
            imageRows.push_back({source, dataOffset(c, y, 0), width * kFloat});
        }
    }
}

VkfftConvolution::Plan::~Plan() {
    if (convolutionAppMade) {
        deleteVkFFT(&convolutionApp);
    }
    if (kernelAppMade) {
        deleteVkFFT(&kernelApp);
    }
}

std::string VkfftConvolution::Plan::sizeText() const {
    return std::to_string(layout.imageWidth) + "x" + std::to_string(layout.imageHeight) +
           " (padded " + std::to_string(layout.paddedWidth) + "x" +
           std::to_string(layout.paddedHeight) + ")";
}

// What both apps share: the 2D R2C / C2R plan of the padded grid, three channels, in place.
// The kernel app only runs forward; the convolution app's inverse divides by Px * Py.
VkFFTConfiguration VkfftConvolution::Plan::configuration() {
    VkFFTConfiguration configuration{};
    configuration.FFTdim = 2;
    configuration.size[0] = layout.paddedWidth;
    configuration.size[1] = layout.paddedHeight;
    configuration.performR2C = 1;
    configuration.coordinateFeatures = Image::kChannels;
    configuration.normalize = 1;
    configuration.disableReorderFourStep = 1; // the kernel's spectrum in the order VkFFT reads
    configuration.physicalDevice = &physicalDevice;
    configuration.device = &device;
    configuration.queue = &queue;
    configuration.commandPool = &rawCommandPool;
    configuration.fence = &rawFence;
    configuration.bufferSize = &bufferBytes;
    return configuration;
}

void VkfftConvolution::Plan::makeApps() {
    VkFFTConfiguration forKernel = configuration();
    forKernel.kernelConvolution = 1; // the same plan as the convolution's, forward only
    forKernel.buffer = &kernelHandle;
    checkVkfft(initializeVkFFT(&kernelApp, forKernel), "plan the kernel FFT of " + sizeText());
    kernelAppMade = true;

    VkFFTConfiguration forImage = configuration();
    forImage.performConvolution = 1;
    forImage.buffer = &dataHandle;
    forImage.kernel = &kernelHandle;
    forImage.kernelSize = &bufferBytes;
    const std::uint64_t zeroFrom[2] = {layout.imageWidth, evenHeight};
    const std::uint64_t sizes[2] = {layout.paddedWidth, layout.paddedHeight};
    for (int axis = 0; axis < 2; ++axis) {
        forImage.performZeropadding[axis] = 1;
        forImage.fft_zeropad_left[axis] = zeroFrom[axis];
        forImage.fft_zeropad_right[axis] = sizes[axis];
    }
    checkVkfft(initializeVkFFT(&convolutionApp, forImage), "plan the convolution of " + sizeText());
    convolutionAppMade = true;
}

// Kernel pixel (i, j) goes to ((i - K/2) mod Px, (j - K/2) mod Py) (design.md §2.3, §2.5):
// per row, [K/2, K) starts the row and [0, K/2) ends it.
void VkfftConvolution::Plan::placeKernel(VkCommandBuffer commandBuffer,
                                         const vk::Buffer& kernelPlanes) const {
    const std::uint32_t k = kernelSize;
    const std::uint32_t half = k / 2;
    std::vector<VkBufferCopy> regions;
    for (std::uint32_t c = 0; c < Image::kChannels; ++c) {
        for (std::uint32_t j = 0; j < k; ++j) {
            const std::uint32_t row = (j + layout.paddedHeight - half) % layout.paddedHeight;
            const VkDeviceSize source = (VkDeviceSize{c} * k + j) * k * kFloat;
            regions.push_back({source + half * kFloat, dataOffset(c, row, 0), half * kFloat});
            regions.push_back(
                {source, dataOffset(c, row, layout.paddedWidth - half), half * kFloat});
        }
    }
    vkCmdFillBuffer(commandBuffer, kernelHandle, 0, VK_WHOLE_SIZE, 0);
    vk::memoryBarrier(commandBuffer, VK_PIPELINE_STAGE_2_ALL_TRANSFER_BIT,
                      VK_ACCESS_2_TRANSFER_WRITE_BIT, VK_PIPELINE_STAGE_2_ALL_TRANSFER_BIT,
                      VK_ACCESS_2_TRANSFER_WRITE_BIT);
    vkCmdCopyBuffer(commandBuffer, kernelPlanes.handle(), kernelHandle,
                    static_cast<std::uint32_t>(regions.size()), regions.data());
}

// Zeroes the data buffer (the padding VkFFT never writes) and computes the kernel's spectrum.
void VkfftConvolution::Plan::fillBuffers(const Image& normalizedKernel) {
    vk::Buffer kernelPlanes = vk::deviceStorageBuffer(
        context, normalizedKernel.pixels.size() * kFloat, "vkfft kernel planes");
    vk::uploadToBuffer(context, kernelPlanes, std::as_bytes(std::span(normalizedKernel.pixels)));
    VkFFTResult result = VKFFT_SUCCESS;
    context.runOnce([&](VkCommandBuffer commandBuffer) {
        earlierWorkToTransferBarrier(commandBuffer);
        placeKernel(commandBuffer, kernelPlanes);
        vkCmdFillBuffer(commandBuffer, dataHandle, 0, VK_WHOLE_SIZE, 0);
        transferToVkfftBarrier(commandBuffer);
        VkFFTLaunchParams launch{};
        launch.commandBuffer = &commandBuffer;
        launch.buffer = &kernelHandle;
        result = VkFFTAppend(&kernelApp, -1, &launch);
    });
    checkVkfft(result, "transform the kernel for " + sizeText());
}

VkfftConvolution::VkfftConvolution(const vk::Context& context, const Image& normalizedKernel,
                                   std::uint32_t width, std::uint32_t height)
    : plan_(std::make_unique<Plan>(context, width, height, normalizedKernel.width)) {
    if (normalizedKernel.height != normalizedKernel.width) {
        throw Error("VkfftConvolution: the kernel must be K x K (kernel_prep's fitKernel)");
    }
    plan_->makeApps();
    plan_->fillBuffers(normalizedKernel);
}

VkfftConvolution::~VkfftConvolution() = default;

const gpu_fft::ConvolutionLayout& VkfftConvolution::layout() const {
    return plan_->layout;
}

void VkfftConvolution::uploadImage(const Image& image) {
    if (image.width != plan_->layout.imageWidth || image.height != plan_->layout.imageHeight) {
        throw Error("VkfftConvolution::uploadImage: planned for " + plan_->sizeText());
    }
    vk::uploadToBuffer(plan_->context, plan_->planes, std::as_bytes(std::span(image.pixels)));
}

void VkfftConvolution::recordConvolution(VkCommandBuffer commandBuffer,
                                         const vk::TimestampQueries* timestamps,
                                         std::uint32_t interval) {
    Plan& plan = *plan_;
    plan.context.beginLabel(commandBuffer, "vkfft convolution");
    earlierWorkToTransferBarrier(commandBuffer);
    if (plan.evenHeight != plan.layout.imageHeight) {
        for (std::uint32_t c = 0; c < Image::kChannels; ++c) {
            vkCmdFillBuffer(commandBuffer, plan.dataHandle,
                            plan.dataOffset(c, plan.layout.imageHeight, 0), plan.rowPitch(), 0);
        }
    }
    vkCmdCopyBuffer(commandBuffer, plan.planes.handle(), plan.dataHandle,
                    static_cast<std::uint32_t>(plan.imageRows.size()), plan.imageRows.data());
    transferToVkfftBarrier(commandBuffer);
    if (timestamps) {
        timestamps->begin(commandBuffer, interval);
    }
    VkFFTLaunchParams launch{};
    launch.commandBuffer = &commandBuffer;
    launch.buffer = &plan.dataHandle;
    launch.kernel = &plan.kernelHandle;
    checkVkfft(VkFFTAppend(&plan.convolutionApp, -1, &launch),
               "record the convolution of " + plan.sizeText());
    if (timestamps) {
        timestamps->end(commandBuffer, interval);
    }
    plan.context.endLabel(commandBuffer);
}

Image VkfftConvolution::downloadResult() const {
    const Plan& plan = *plan_;
    Image result(plan.layout.imageWidth, plan.layout.imageHeight);
    vk::Buffer readBack(plan.context, result.pixels.size() * kFloat, 0, vk::MemoryUse::HostVisible,
                        "vkfft read-back");
    std::vector<VkBufferCopy> rows = plan.imageRows;
    for (VkBufferCopy& row : rows) {
        std::swap(row.srcOffset, row.dstOffset);
    }
    plan.context.runOnce([&](VkCommandBuffer commandBuffer) {
        vk::computeToTransferBarrier(commandBuffer);
        vkCmdCopyBuffer(commandBuffer, plan.dataHandle, readBack.handle(),
                        static_cast<std::uint32_t>(rows.size()), rows.data());
        vk::memoryBarrier(commandBuffer, VK_PIPELINE_STAGE_2_ALL_TRANSFER_BIT,
                          VK_ACCESS_2_TRANSFER_WRITE_BIT, VK_PIPELINE_STAGE_2_HOST_BIT,
                          VK_ACCESS_2_HOST_READ_BIT);
    });
    readBack.readValues(std::span(result.pixels));
    return result;
}

Image VkfftConvolution::convolve(const Image& image) {
    uploadImage(image);
    plan_->context.runOnce(
        [&](VkCommandBuffer commandBuffer) { recordConvolution(commandBuffer); });
    return downloadResult();
}

BenchTiming VkfftConvolution::bench(std::uint32_t iterations, std::uint32_t warmup) {
    return timeRuns(
               plan_->context, 1, 0, iterations, warmup,
               [&](VkCommandBuffer commandBuffer, const vk::TimestampQueries* queries,
                   std::uint32_t interval) { recordConvolution(commandBuffer, queries, interval); })
        .front();
}

VkfftComparison compareWithVkfft(BloomEngine& engine, VkfftConvolution& vkfft, const Image& image,
                                 const ConvolutionSettings& settings, std::uint32_t iterations,
                                 std::uint32_t warmup) {
    ConvolutionSettings exact = settings;
    exact.padding = Padding::Zero; // all VkFFT can do
    exact.spectrum = SpectrumMode::Exact;
    exact.precision = Precision::Fp32; // VkFFT computes in fp32; fp16 rows are timed, not checked
    const Image ours = engine.convolve(image, exact);
    const Image theirs = vkfft.convolve(image);
    VkfftComparison comparison;
    comparison.relativeL2 = relativeL2(theirs, ours);
    if (!(comparison.relativeL2 <= kVkfftTolerance)) { // NaN fails too
        char text[96];
        std::snprintf(text, sizeof text, "differs from ours by %.2e relative L2 (limit %.0e)",
                      comparison.relativeL2, kVkfftTolerance);
        throw Error("VkFFT's convolution of " + std::to_string(image.width) + "x" +
                    std::to_string(image.height) +
                    " with K=" + std::to_string(settings.kernelSize) + " " + text);
    }
    comparison.frame = vkfft.bench(iterations, warmup);
    return comparison;
}

} // namespace fftbloom
