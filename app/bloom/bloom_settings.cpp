#include "app/bloom/bloom_settings.hpp"

#include "gpu_fft/vulkan/error.hpp"

namespace fftbloom {

Padding parsePadding(const std::string& word) {
    if (word == "zero") {
        return Padding::Zero;
    }
    if (word == "mirror") {
        return Padding::Mirror;
    }
    throw Error("unknown padding '" + word + "' (zero or mirror)");
}

AxisOrder parseAxisOrder(const std::string& word) {
    if (word == "y") {
        return AxisOrder::YFirst;
    }
    if (word == "x") {
        return AxisOrder::XFirst;
    }
    if (word == "auto") {
        return AxisOrder::Auto;
    }
    throw Error("unknown axis order '" + word + "' (y, x or auto)");
}

SpectrumMode parseSpectrumMode(const std::string& word) {
    if (word == "tent") {
        return SpectrumMode::Tent;
    }
    if (word == "exact") {
        return SpectrumMode::Exact;
    }
    throw Error("unknown spectrum mode '" + word + "' (tent or exact)");
}

void checkKernelSize(std::uint32_t kernelSize) {
    const bool powerOfTwo = kernelSize != 0 && (kernelSize & (kernelSize - 1)) == 0;
    if (!powerOfTwo || kernelSize < kMinKernelSize || kernelSize > kMaxKernelSize) {
        throw Error("kernel size " + std::to_string(kernelSize) +
                    " is not a power of two from 16 to 2048");
    }
}

const char* nameOf(Padding padding) {
    return padding == Padding::Zero ? "zero" : "mirror";
}

const char* nameOf(AxisOrder order) {
    switch (order) {
    case AxisOrder::YFirst:
        return "y";
    case AxisOrder::XFirst:
        return "x";
    case AxisOrder::Auto:
        return "auto";
    }
    return "auto";
}

const char* nameOf(SpectrumMode mode) {
    return mode == SpectrumMode::Tent ? "tent" : "exact";
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
