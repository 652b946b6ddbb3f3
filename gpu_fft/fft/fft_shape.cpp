#include "gpu_fft/fft/fft_shape.hpp"

#include <algorithm>
#include <stdexcept>

namespace gpu_fft {
namespace {

// The share of shared memory one FFT may take, so that a pass can keep some for itself.
constexpr std::uint32_t kSharedBudgetBytes = 16384;
// Elements per invocation the chooser aims for: enough independent butterflies per stage to
// hide latency, few enough registers to keep occupancy.
constexpr std::uint32_t kPreferredLog2Elements = 3;
constexpr std::uint32_t kMaxChosenLog2Workgroup = 8; // 256 invocations

} // namespace

std::uint32_t floorLog2(std::uint32_t value) {
    std::uint32_t log2 = 0;
    while ((value >> (log2 + 1)) != 0) {
        ++log2;
    }
    return log2;
}

ShaderDefines FftShape::glslDefines() const {
    return {
        {"FFT_LOG2_SIZE", std::to_string(log2Size)},
        {"FFT_LOG2_WORKGROUP_SIZE", std::to_string(log2Workgroup)},
        {"FFT_SUBGROUP_SIZE", std::to_string(subgroupSize)},
        {"FFT_SHARED_PAIRS", std::to_string(sharedPairs)},
    };
}

std::string FftShape::describe() const {
    return "N=" + std::to_string(size()) + " (E=" + std::to_string(elementsPerInvocation()) +
           " x WG=" + std::to_string(workgroupSize()) +
           (usesSubgroupShuffles() ? ", subgroup " + std::to_string(subgroupSize) : "") + ")";
}

bool isValidSplit(std::uint32_t log2Size, std::uint32_t log2Elements) {
    return log2Size >= kMinLog2Size && log2Size <= kMaxLog2Size &&
           log2Elements >= kMinLog2Elements && log2Elements <= kMaxLog2Elements &&
           log2Elements <= log2Size;
}

FftShape makeShape(std::uint32_t log2Size, std::uint32_t log2Elements,
                   const DeviceFftLimits& limits) {
    if (!isValidSplit(log2Size, log2Elements)) {
        throw std::invalid_argument("unsupported FFT split: N=2^" + std::to_string(log2Size) +
                                    ", E=2^" + std::to_string(log2Elements));
    }
    FftShape shape;
    shape.log2Size = log2Size;
    shape.log2Workgroup = log2Size - log2Elements;
    if (shape.workgroupSize() > limits.maxWorkgroupInvocations) {
        throw std::invalid_argument("FFT length " + std::to_string(shape.size()) + " needs " +
                                    std::to_string(shape.workgroupSize()) +
                                    " invocations per workgroup; this device allows " +
                                    std::to_string(limits.maxWorkgroupInvocations));
    }
    // Shuffles need whole subgroups inside one FFT; otherwise exchange through shared memory.
    const bool shuffles = limits.subgroupSize > 1 && limits.fullSubgroups &&
                          shape.workgroupSize() % limits.subgroupSize == 0;
    shape.subgroupSize = shuffles ? limits.subgroupSize : 1;

    const std::uint32_t budget = std::min(kSharedBudgetBytes, limits.maxSharedMemoryBytes);
    const std::uint32_t pairs = shape.elementsPerInvocation() / 2;
    const std::uint32_t pairsThatFit = budget / (shape.workgroupSize() * 8u);
    if (pairsThatFit == 0) {
        throw std::invalid_argument("FFT workgroup needs more shared memory than the device has");
    }
    shape.sharedPairs = std::min(pairs, 1u << floorLog2(pairsThatFit));
    return shape;
}

FftShape chooseShape(std::uint32_t log2Size, const DeviceFftLimits& limits) {
    const std::uint32_t maxLog2Workgroup =
        std::min(kMaxChosenLog2Workgroup, floorLog2(limits.maxWorkgroupInvocations));
    std::uint32_t log2Elements = std::min(kPreferredLog2Elements, log2Size);
    // Long FFTs: grow E rather than exceed the workgroup cap.
    while (log2Size - log2Elements > maxLog2Workgroup && log2Elements < kMaxLog2Elements) {
        ++log2Elements;
    }
    return makeShape(log2Size, log2Elements, limits);
}

std::vector<FftShape> allShapes(std::uint32_t log2Size, const DeviceFftLimits& limits) {
    std::vector<FftShape> shapes;
    for (std::uint32_t log2Elements = kMinLog2Elements; log2Elements <= kMaxLog2Elements;
         ++log2Elements) {
        if (!isValidSplit(log2Size, log2Elements)) {
            continue;
        }
        try {
            shapes.push_back(makeShape(log2Size, log2Elements, limits));
        } catch (const std::invalid_argument&) {
            // this split does not fit the device; others may
        }
    }
    return shapes;
}

} // namespace gpu_fft
