#include "gpu_fft/fft/convolution_layout.hpp"

#include "gpu_fft/fft/fft_shape.hpp"

namespace gpu_fft {
namespace {

// Radix-2 butterflies of `count` FFTs of `length`: count * length/2 * log2(length).
std::uint64_t butterflies(std::uint64_t count, std::uint32_t length) {
    return count * (length / 2) * floorLog2(length);
}

} // namespace

std::uint32_t nextPowerOfTwo(std::uint32_t value) {
    std::uint32_t power = 1;
    while (power < value) {
        power <<= 1;
    }
    return power;
}

std::uint32_t ConvolutionLayout::firstAxisLines() const {
    return firstAxis == Axis::Y ? imageWidth : imageHeight;
}

std::uint32_t ConvolutionLayout::firstAxisLength() const {
    return firstAxis == Axis::Y ? paddedHeight : paddedWidth;
}

std::uint32_t ConvolutionLayout::secondAxisLength() const {
    return firstAxis == Axis::Y ? paddedWidth : paddedHeight;
}

std::uint64_t ConvolutionLayout::spectrumElements() const {
    return std::uint64_t{firstAxisLines()} * (firstAxisLength() / 2);
}

std::uint64_t ConvolutionLayout::butterflyWork() const {
    const std::uint64_t first = butterflies(firstAxisFftCount(), firstAxisLength());
    const std::uint64_t second = butterflies(secondAxisFftCount(), secondAxisLength());
    return 2 * (first + second);
}

ConvolutionLayout makeConvolutionLayout(std::uint32_t imageWidth, std::uint32_t imageHeight,
                                        std::uint32_t kernelSize, Axis firstAxis) {
    ConvolutionLayout layout;
    layout.imageWidth = imageWidth;
    layout.imageHeight = imageHeight;
    layout.paddedWidth = nextPowerOfTwo(imageWidth + kernelSize - 1);
    layout.paddedHeight = nextPowerOfTwo(imageHeight + kernelSize - 1);
    layout.firstAxis = firstAxis;
    return layout;
}

Axis cheaperFirstAxis(std::uint32_t imageWidth, std::uint32_t imageHeight,
                      std::uint32_t kernelSize) {
    const auto yFirst = makeConvolutionLayout(imageWidth, imageHeight, kernelSize, Axis::Y);
    const auto xFirst = makeConvolutionLayout(imageWidth, imageHeight, kernelSize, Axis::X);
    return xFirst.butterflyWork() < yFirst.butterflyWork() ? Axis::X : Axis::Y;
}

} // namespace gpu_fft
