// `bench --compare-vkfft`'s VkFFT convolution (app/bench/vkfft_convolution) against our engine
// and against design.md §2 in double precision, with zero padding and the exact spectrum (all
// VkFFT does), on odd, even and W = 2 (mod 4) sizes; and the one-line failure when they differ.
#include "app/bench/vkfft_convolution.hpp"
#include "gpu_fft/vulkan/error.hpp"
#include "tests/support/bloom_check.hpp"
#include "tests/support/gpu_test.hpp"
#include "tests/support/reference_bloom.hpp"
#include "tests/support/test_images.hpp"

#include <gtest/gtest.h>

namespace fftbloom::test {
namespace {

// Odd heights (VkFFT's zero padding then starts one row later), odd widths, W = 2 (mod 4),
// a one-pixel-wide image, and grids that are not square.
const Size kSizes[] = {{37, 29, 16}, {64, 48, 32}, {30, 17, 32}, {70, 45, 64},
                       {1, 23, 16},  {9, 130, 16}, {128, 7, 16}};

std::string caseName(const ::testing::TestParamInfo<Size>& info) {
    return sizeName(info.param);
}

class VkfftConvolutionTest : public GpuTest, public ::testing::WithParamInterface<Size> {};

TEST_P(VkfftConvolutionTest, MatchesTheEngineAndTheDoublePrecisionReference) {
    const Size size = GetParam();
    const std::uint32_t seed = freshSeed();
    SCOPED_TRACE("seed " + std::to_string(seed));
    std::mt19937 random(seed);
    const Image image = randomHdrImage(size.width, size.height, random);
    const Image kernel = asymmetricKernel(size.kernel, random);

    VkfftConvolution vkfft(context(), kernel, size.width, size.height);
    const Image theirs = vkfft.convolve(image);
    BloomEngine engine(context(), compiler());
    engine.setKernel(kernel);
    const Image ours = engine.convolve(
        image, settingsOf(size.kernel, Padding::Zero, SpectrumMode::Exact, AxisOrder::Auto));

    const double againstEngine = relativeL2(theirs, ours);
    const double againstReference =
        relativeL2(theirs.pixels, referenceBloom(image, kernel, {false, true}));
    RecordProperty("relative_l2 vs engine", scientific(againstEngine));
    RecordProperty("relative_l2 vs reference", scientific(againstReference));
    EXPECT_LE(againstEngine, kBloomTolerance);
    EXPECT_LE(againstReference, kBloomTolerance);
}

INSTANTIATE_TEST_SUITE_P(Sizes, VkfftConvolutionTest, ::testing::ValuesIn(kSizes), caseName);

class VkfftRuns : public GpuTest {};

// Running twice gives the same O: each run starts again from the image, and the padding VkFFT
// reads (the extra row of an odd height) is cleared again.
TEST_F(VkfftRuns, AreRepeatable) {
    std::mt19937 random(7);
    const Image image = randomHdrImage(21, 13, random);
    VkfftConvolution vkfft(context(), asymmetricKernel(16, random), 21, 13);
    vkfft.uploadImage(image);
    context().runOnce([&](VkCommandBuffer commandBuffer) {
        vkfft.recordConvolution(commandBuffer);
        vkfft.recordConvolution(commandBuffer);
    });
    EXPECT_EQ(vkfft.downloadResult().pixels, vkfft.convolve(image).pixels);
    const BenchTiming timing = vkfft.bench(2, 1);
    EXPECT_GT(timing.medianMs, 0.0);
    EXPECT_LE(timing.minMs, timing.medianMs);
}

// compareWithVkfft checks against the engine in zero / exact mode whatever the row's modes,
// then times; a mismatch (here: the engine holds another kernel) is one line with the error.
TEST_F(VkfftRuns, CompareWithVkfftChecksThenTimes) {
    std::mt19937 random(11);
    const Image image = randomHdrImage(24, 20, random);
    const Image kernel = asymmetricKernel(16, random);
    const Image otherKernel = asymmetricKernel(16, random);
    VkfftConvolution vkfft(context(), kernel, 24, 20);
    BloomEngine engine(context(), compiler());
    const auto settings = settingsOf(16, Padding::Mirror, SpectrumMode::Tent, AxisOrder::YFirst);

    engine.setKernel(kernel);
    const VkfftComparison comparison = compareWithVkfft(engine, vkfft, image, settings, 2, 1);
    EXPECT_LE(comparison.relativeL2, kBloomTolerance);
    EXPECT_GT(comparison.frame.medianMs, 0.0);

    engine.setKernel(otherKernel);
    try {
        compareWithVkfft(engine, vkfft, image, settings, 1, 0);
        FAIL() << "expected fftbloom::Error";
    } catch (const Error& error) {
        const std::string message = error.what();
        EXPECT_EQ(message.find('\n'), std::string::npos) << message;
        EXPECT_NE(message.find("VkFFT's convolution of 24x20 with K=16 differs from ours by"),
                  std::string::npos)
            << message;
        EXPECT_NE(message.find("(limit 1e-04)"), std::string::npos) << message;
    }
}

} // namespace
} // namespace fftbloom::test
