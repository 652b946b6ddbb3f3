// How one FFT length is split over a workgroup: N = E * WG, plus the device facts the shader
// is specialised for. Every constant the FFT shaders use is derived here, in one place.
#pragma once

#include <cstdint>
#include <string>
#include <utility>
#include <vector>

namespace gpu_fft {

// 16, not 64: a 1-pixel image with a 16-pixel kernel pads to 16 (design.md §2.4).
inline constexpr std::uint32_t kMinLog2Size = 4;              // N = 16
inline constexpr std::uint32_t kMaxLog2Size = 14;             // N = 16384
inline constexpr std::uint32_t kMinLog2Elements = 1;          // E >= 2: each invocation holds pairs
inline constexpr std::uint32_t kMaxLog2Elements = 5;          // E <= 32 complex values in registers
inline constexpr std::uint32_t kMaxChosenLog2Invocations = 8; // chooseShape's default cap: 256

// What the FFT needs to know about the device it will run on.
struct DeviceFftLimits {
    std::uint32_t subgroupSize = 1; // 1: no usable subgroup shuffles
    std::uint32_t maxWorkgroupInvocations = 256;
    std::uint32_t maxSharedMemoryBytes = 16384;
    bool fullSubgroups = false; // the device can guarantee full subgroups (computeFullSubgroups)
};

using ShaderDefines = std::vector<std::pair<std::string, std::string>>;

// log2 rounded down (of a power of two: exactly); 0 for 0 and 1.
std::uint32_t floorLog2(std::uint32_t value);

struct FftShape {
    std::uint32_t log2Size = 0;
    std::uint32_t log2Workgroup = 0;
    std::uint32_t subgroupSize = 1; // shuffles below this stride; 1 = shared memory only
    std::uint32_t sharedPairs = 1;  // element pairs per shared-memory exchange round
    std::uint32_t log2Batch = 0;    // log2 of the FFTs one workgroup runs side by side
    bool twiddleTable = false;      // pair-stage twiddles from a shared-memory table

    std::uint32_t size() const { return 1u << log2Size; }
    std::uint32_t workgroupSize() const { return 1u << log2Workgroup; } // invocations per FFT
    std::uint32_t batch() const { return 1u << log2Batch; }
    std::uint32_t invocations() const { return workgroupSize() << log2Batch; } // local size
    std::uint32_t log2Elements() const { return log2Size - log2Workgroup; }
    std::uint32_t elementsPerInvocation() const { return 1u << log2Elements(); }
    std::uint32_t exchangeBytes() const { return sharedPairs * invocations() * 8u; }
    std::uint32_t twiddleTableBytes() const { return twiddleTable ? workgroupSize() * 16u : 0u; }
    std::uint32_t sharedMemoryBytes() const { return exchangeBytes() + twiddleTableBytes(); }
    bool usesSubgroupShuffles() const { return subgroupSize > 1; }

    // The #defines that specialise shaders/fft/workgroup_fft.glsl to this shape.
    ShaderDefines glslDefines() const;
    std::string describe() const; // e.g. "N=4096 (E=16 x WG=256, subgroup 32)", "... x4 FFTs"
};

// Whether (N, E) is a split the library supports at all, ignoring device limits.
bool isValidSplit(std::uint32_t log2Size, std::uint32_t log2Elements);

// The shape for N with exactly E elements per invocation and 2^log2Batch FFTs per workgroup on
// this device. Throws std::invalid_argument when the split is invalid or the device cannot run
// it.
FftShape makeShape(std::uint32_t log2Size, std::uint32_t log2Elements,
                   const DeviceFftLimits& limits, std::uint32_t log2Batch = 0);

// The library's choice of E and WG for N on this device (see docs/fft.md for the rule), with
// 2^log2Batch FFTs per workgroup; E grows so that WG * B stays within the chosen cap.
FftShape chooseShape(std::uint32_t log2Size, const DeviceFftLimits& limits,
                     std::uint32_t log2Batch = 0,
                     std::uint32_t maxLog2Invocations = kMaxChosenLog2Invocations);

// Every split of N that this device can run, from the fewest to the most elements.
std::vector<FftShape> allShapes(std::uint32_t log2Size, const DeviceFftLimits& limits);

} // namespace gpu_fft
