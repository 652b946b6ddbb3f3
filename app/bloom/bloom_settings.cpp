#include "app/bloom/bloom_settings.hpp"

#include "app/choices.hpp"
#include "gpu_fft/vulkan/error.hpp"

namespace fftbloom {

namespace {

constexpr ChoiceTable<Padding, 2> kPaddings{{"zero", Padding::Zero}, {"mirror", Padding::Mirror}};
constexpr ChoiceTable<AxisOrder, 3> kAxisOrders{
    {"y", AxisOrder::YFirst}, {"x", AxisOrder::XFirst}, {"auto", AxisOrder::Auto}};
constexpr ChoiceTable<SpectrumMode, 2> kSpectrumModes{{"tent", SpectrumMode::Tent},
                                                      {"exact", SpectrumMode::Exact}};
constexpr ChoiceTable<Precision, 2> kPrecisions{{"fp32", Precision::Fp32},
                                                {"fp16", Precision::Fp16}};

} // namespace

Padding parsePadding(const std::string& word) {
    return parseChoice(word, kPaddings, "padding");
}

AxisOrder parseAxisOrder(const std::string& word) {
    return parseChoice(word, kAxisOrders, "axis order");
}

SpectrumMode parseSpectrumMode(const std::string& word) {
    return parseChoice(word, kSpectrumModes, "spectrum mode");
}

Precision parsePrecision(const std::string& word) {
    return parseChoice(word, kPrecisions, "precision");
}

const char* nameOf(Padding padding) {
    return choiceName(padding, kPaddings);
}
const char* nameOf(AxisOrder order) {
    return choiceName(order, kAxisOrders);
}
const char* nameOf(SpectrumMode mode) {
    return choiceName(mode, kSpectrumModes);
}
const char* nameOf(Precision precision) {
    return choiceName(precision, kPrecisions);
}

void checkKernelSize(std::uint32_t kernelSize) {
    const bool powerOfTwo = kernelSize != 0 && (kernelSize & (kernelSize - 1)) == 0;
    if (!powerOfTwo || kernelSize < kMinKernelSize || kernelSize > kMaxKernelSize) {
        throw Error("kernel size " + std::to_string(kernelSize) +
                    " is not a power of two from 16 to 2048");
    }
}

gpu_fft::Axis resolveFirstAxis(AxisOrder order, std::uint32_t width, std::uint32_t height,
                               std::uint32_t kernelSize) {
    switch (order) {
    case AxisOrder::YFirst:
        return gpu_fft::Axis::Y;
    case AxisOrder::XFirst:
        return gpu_fft::Axis::X;
    case AxisOrder::Auto:
        return gpu_fft::cheaperFirstAxis(width, height, kernelSize);
    }
    return gpu_fft::Axis::Y;
}

} // namespace fftbloom
