// The choice of (E, WG) per length and device, and the constants derived from it.
#include "gpu_fft/fft/fft_shape.hpp"

#include <algorithm>
#include <gtest/gtest.h>

namespace gpu_fft {
namespace {

DeviceFftLimits lavapipe() {
    return {8, 1024, 32768, true};
}
DeviceFftLimits h100() {
    return {32, 1024, 49152, true};
}
DeviceFftLimits noSubgroups() {
    return {1, 1024, 16384, false};
}
DeviceFftLimits smallWorkgroups() {
    return {32, 256, 16384, true};
}

void expectConsistent(const FftShape& shape, const DeviceFftLimits& limits) {
    EXPECT_EQ(shape.elementsPerInvocation() * shape.workgroupSize(), shape.size());
    EXPECT_GE(shape.elementsPerInvocation(), 2u);
    EXPECT_LE(shape.elementsPerInvocation(), 32u);
    EXPECT_LE(shape.workgroupSize(), limits.maxWorkgroupInvocations);
    EXPECT_LE(shape.sharedMemoryBytes(), limits.maxSharedMemoryBytes);
    EXPECT_EQ((shape.elementsPerInvocation() / 2) % shape.sharedPairs, 0u);
    if (shape.usesSubgroupShuffles()) {
        EXPECT_EQ(shape.subgroupSize, limits.subgroupSize);
        EXPECT_EQ(shape.workgroupSize() % shape.subgroupSize, 0u) << "subgroups must be whole";
    }
}

TEST(FftShape, ChosenShapesFitEveryDeviceForEveryLength) {
    for (const auto& limits : {lavapipe(), h100(), noSubgroups()}) {
        for (std::uint32_t log2Size = kMinLog2Size; log2Size <= kMaxLog2Size; ++log2Size) {
            const FftShape shape = chooseShape(log2Size, limits);
            EXPECT_EQ(shape.log2Size, log2Size);
            expectConsistent(shape, limits);
        }
    }
}

TEST(FftShape, EveryLengthHasAtLeastTwoSplitsIncludingTheLargestE) {
    for (std::uint32_t log2Size = kMinLog2Size; log2Size <= kMaxLog2Size; ++log2Size) {
        const auto shapes = allShapes(log2Size, lavapipe());
        ASSERT_GE(shapes.size(), 2u) << "N=" << (1u << log2Size);
        EXPECT_EQ(shapes.back().log2Elements(), std::min(kMaxLog2Elements, log2Size));
        for (const auto& shape : shapes) {
            expectConsistent(shape, lavapipe());
        }
    }
}

// E is capped at 32 registers, so N = 16384 needs 512 invocations in one workgroup.
TEST(FftShape, LengthsBeyondTheWorkgroupLimitAreAClearError) {
    EXPECT_EQ(chooseShape(13, smallWorkgroups()).workgroupSize(), 256u);
    try {
        chooseShape(14, smallWorkgroups());
        FAIL() << "expected an error";
    } catch (const std::invalid_argument& error) {
        EXPECT_STREQ(error.what(), "FFT length 16384 needs 512 invocations per workgroup; this "
                                   "device allows 256");
    }
}

TEST(FftShape, ShufflesOnlyWithWholeSubgroups) {
    EXPECT_FALSE(makeShape(6, 4, lavapipe()).usesSubgroupShuffles()); // WG = 4 < 8
    EXPECT_TRUE(makeShape(6, 3, lavapipe()).usesSubgroupShuffles());  // WG = 8
    EXPECT_FALSE(makeShape(10, 3, noSubgroups()).usesSubgroupShuffles());
    DeviceFftLimits partial = h100();
    partial.fullSubgroups = false;
    EXPECT_FALSE(makeShape(10, 3, partial).usesSubgroupShuffles());
}

TEST(FftShape, RejectsInvalidSplits) {
    EXPECT_THROW(makeShape(3, 1, lavapipe()), std::invalid_argument);  // N = 8
    EXPECT_THROW(makeShape(15, 5, lavapipe()), std::invalid_argument); // N = 32768
    EXPECT_THROW(makeShape(12, 0, lavapipe()), std::invalid_argument); // E = 1
    EXPECT_THROW(makeShape(12, 6, lavapipe()), std::invalid_argument); // E = 64
    EXPECT_THROW(makeShape(14, 2, lavapipe()), std::invalid_argument); // WG = 4096 > 1024
}

TEST(FftShape, DefinesCarryTheShape) {
    const FftShape shape = makeShape(12, 4, h100());
    const ShaderDefines defines = shape.glslDefines();
    const ShaderDefines expected{{"FFT_LOG2_SIZE", "12"},
                                 {"FFT_LOG2_WORKGROUP_SIZE", "8"},
                                 {"FFT_SUBGROUP_SIZE", "32"},
                                 {"FFT_SHARED_PAIRS", "8"},
                                 {"FFT_LOG2_BATCH", "0"},
                                 {"FFT_TWIDDLE_TABLE", "1"}};
    EXPECT_EQ(defines, expected);
    EXPECT_EQ(shape.describe(), "N=4096 (E=16 x WG=256, subgroup 32)");
}

// E = 32 spills registers on NVIDIA: long FFTs first take a 512-wide workgroup at E = 16.
TEST(FftShape, LongFftsWidenTheWorkgroupBeforeE32) {
    EXPECT_EQ(chooseShape(12, h100()).describe(), "N=4096 (E=16 x WG=256, subgroup 32)");
    EXPECT_EQ(chooseShape(13, h100()).describe(), "N=8192 (E=16 x WG=512, subgroup 32)");
    EXPECT_EQ(chooseShape(14, h100()).describe(), "N=16384 (E=32 x WG=512, subgroup 32)");
    // A caller's own cap: pass 2 of the bloom keeps E = 8 up to 1024 invocations.
    EXPECT_EQ(chooseShape(13, h100(), 0, 10).describe(), "N=8192 (E=8 x WG=1024, subgroup 32)");
}

// The pair stages' twiddle table (2 WG complex values) is used where it fits beside the
// exchange slots, and counted in the shared memory the shape needs.
TEST(FftShape, TheTwiddleTableIsUsedWhereItFits) {
    const FftShape shape = chooseShape(10, h100());
    EXPECT_TRUE(shape.twiddleTable);
    EXPECT_EQ(shape.sharedMemoryBytes(), shape.exchangeBytes() + shape.workgroupSize() * 16u);
    DeviceFftLimits tight = h100();
    tight.maxSharedMemoryBytes = shape.exchangeBytes(); // room for the exchange only
    const FftShape without = chooseShape(10, tight);
    EXPECT_FALSE(without.twiddleTable);
    EXPECT_EQ(without.sharedMemoryBytes(), without.exchangeBytes());
}

// Several FFTs per workgroup: the limits apply to all their invocations together.
TEST(FftShape, BatchedShapesCountEveryInvocation) {
    const FftShape shape = chooseShape(10, h100(), 2);
    EXPECT_EQ(shape.batch(), 4u);
    EXPECT_EQ(shape.elementsPerInvocation(), 16u); // 4 FFTs x WG 64 = the 256 cap
    EXPECT_EQ(shape.invocations(), 256u);
    EXPECT_EQ(shape.exchangeBytes(), shape.sharedPairs * 256u * 8u);
    const auto defines = shape.glslDefines();
    EXPECT_NE(std::find(defines.begin(), defines.end(),
                        std::pair<std::string, std::string>{"FFT_LOG2_BATCH", "2"}),
              defines.end());
    EXPECT_EQ(shape.describe(), "N=1024 (E=16 x WG=64, subgroup 32) x4 FFTs");
    // 4 x 512 invocations exceed the device even at E = 32.
    EXPECT_THROW(chooseShape(14, h100(), 2), std::invalid_argument);
    // Whole subgroups are counted over the workgroup: 4 FFTs x WG 2 fill lavapipe's 8 lanes.
    EXPECT_TRUE(makeShape(5, 4, lavapipe(), 2).usesSubgroupShuffles());
}

} // namespace
} // namespace gpu_fft
