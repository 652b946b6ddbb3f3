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
constexpr std::uint32_t kMaxPreferredLog2Elements = 4; // beyond 16, prefer a wider workgroup

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
        {"FFT_LOG2_BATCH", std::to_string(log2Batch)},
        {"FFT_TWIDDLE_TABLE", twiddleTable ? "1" : "0"},
    };
}

std::string FftShape::describe() const {
    return "N=" + std::to_string(size()) + " (E=" + std::to_string(elementsPerInvocation()) +
           " x WG=" + std::to_string(workgroupSize()) +
           (usesSubgroupShuffles() ? ", subgroup " + std::to_string(subgroupSize) : "") + ")" +
           (log2Batch > 0 ? " x" + std::to_string(batch()) + " FFTs" : "");
}

bool isValidSplit(std::uint32_t log2Size, std::uint32_t log2Elements) {
    return log2Size >= kMinLog2Size && log2Size <= kMaxLog2Size &&
           log2Elements >= kMinLog2Elements && log2Elements <= kMaxLog2Elements &&
           log2Elements <= log2Size;
}

FftShape makeShape(std::uint32_t log2Size, std::uint32_t log2Elements,
                   const DeviceFftLimits& limits, std::uint32_t log2Batch) {
    if (!isValidSplit(log2Size, log2Elements)) {
        throw std::invalid_argument("unsupported FFT split: N=2^" + std::to_string(log2Size) +
                                    ", E=2^" + std::to_string(log2Elements));
    }
    FftShape shape;
    shape.log2Size = log2Size;
    shape.log2Workgroup = log2Size - log2Elements;
    shape.log2Batch = log2Batch;
    if (shape.invocations() > limits.maxWorkgroupInvocations) {
        throw std::invalid_argument("FFT length " + std::to_string(shape.size()) + " needs " +
                                    std::to_string(shape.invocations()) +
                                    " invocations per workgroup; this device allows " +
                                    std::to_string(limits.maxWorkgroupInvocations));
    }
    // Shuffles need whole subgroups in the workgroup; otherwise exchange through shared memory.
    const bool shuffles = limits.subgroupSize > 1 && limits.fullSubgroups &&
                          shape.invocations() % limits.subgroupSize == 0;
    shape.subgroupSize = shuffles ? limits.subgroupSize : 1;

    const std::uint32_t budget = std::min(kSharedBudgetBytes, limits.maxSharedMemoryBytes);
    const std::uint32_t pairs = shape.elementsPerInvocation() / 2;
    const std::uint32_t pairsThatFit = budget / (shape.invocations() * 8u);
    if (pairsThatFit == 0) {
        throw std::invalid_argument("FFT workgroup needs more shared memory than the device has");
    }
    shape.sharedPairs = std::min(pairs, 1u << floorLog2(pairsThatFit));
    // The twiddle table (2 WG values) where it fits beside the exchange slots.
    shape.twiddleTable = shape.exchangeBytes() + shape.workgroupSize() * 16u <=
                         limits.maxSharedMemoryBytes;
    return shape;
}

FftShape chooseShape(std::uint32_t log2Size, const DeviceFftLimits& limits,
                     std::uint32_t log2Batch, std::uint32_t maxLog2Invocations) {
    const std::uint32_t deviceLog2Invocations = floorLog2(limits.maxWorkgroupInvocations);
    maxLog2Invocations = std::min(maxLog2Invocations, deviceLog2Invocations);
    auto log2Invocations = [&](std::uint32_t log2Elements) {
        return log2Size - log2Elements + log2Batch;
    };
    std::uint32_t log2Elements = std::min(kPreferredLog2Elements, log2Size);
    // Long FFTs (or many per workgroup): grow E to 16 rather than exceed the cap ...
    while (log2Invocations(log2Elements) > maxLog2Invocations &&
           log2Elements < kMaxPreferredLog2Elements && log2Elements < log2Size) {
        ++log2Elements;
    }
    // ... then double the workgroup once before E = 32: 32 complex values per invocation
    // spill registers to local memory on NVIDIA (docs/performance.md).
    const std::uint32_t stretchedLog2Invocations =
        std::min(maxLog2Invocations + 1, deviceLog2Invocations);
    while (log2Invocations(log2Elements) > stretchedLog2Invocations &&
           log2Elements < kMaxLog2Elements && log2Elements < log2Size) {
        ++log2Elements;
    }
    return makeShape(log2Size, log2Elements, limits, log2Batch);
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
