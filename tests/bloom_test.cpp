// The GPU bloom (app/bloom) against design.md §2 computed in double precision with FFTW
// (tests/support/reference_bloom): every padding, spectrum mode and axis order, on odd, even,
// one-pixel, W = 2 (mod 4) and 4096-long sizes, kernels 16 .. 256; fp16 spectra on a few of those
// sizes (fp16_bloom_test has their range and scales).
#include "app/bloom/bloom_engine.hpp"
#include "gpu_fft/vulkan/error.hpp"
#include "tests/support/bloom_check.hpp"
#include "tests/support/gpu_test.hpp"
#include "tests/support/reference_bloom.hpp"
#include "tests/support/test_images.hpp"

#include <gtest/gtest.h>
#include <tuple>

namespace fftbloom::test {
namespace {

// One-pixel images, odd sizes, W = 2 (mod 4), tall and wide, and every kernel size to 256.
// 1 x 2100 pads to 16 x 4096: pass 2 of x-first runs N = 4096 at E = 16 (bloom_passes).
const Size kSizes[] = {{1, 1, 16},   {1, 23, 16},   {23, 1, 32},   {6, 9, 16},   {30, 17, 32},
                       {37, 29, 64}, {64, 48, 128}, {70, 45, 256}, {9, 130, 16}, {1, 2100, 16}};

// fp16: odd sides, W = 2 (mod 4), a one-pixel line and the largest kernel of the list.
const Size kFp16Sizes[] = {{1, 23, 16}, {6, 9, 16}, {37, 29, 64}, {70, 45, 256}};

using BloomCase = std::tuple<Size, Padding, SpectrumMode, AxisOrder, Precision>;

std::string caseName(const ::testing::TestParamInfo<BloomCase>& info) {
    const auto& [size, padding, spectrum, order, precision] = info.param;
    return sizeName(size) + "_" + nameOf(padding) + "_" + nameOf(spectrum) + "_" + nameOf(order) +
           "first" + (precision == Precision::Fp16 ? "_fp16" : "");
}

class GpuBloom : public GpuTest, public ::testing::WithParamInterface<BloomCase> {};

TEST_P(GpuBloom, MatchesTheDoublePrecisionReference) {
    const auto& [size, padding, spectrum, order, precision] = GetParam();
    const std::uint32_t seed = freshSeed();
    SCOPED_TRACE("seed " + std::to_string(seed));
    std::mt19937 random(seed);
    const Image image = randomHdrImage(size.width, size.height, random);
    const Image kernel = asymmetricKernel(size.kernel, random);

    BloomEngine engine(context(), compiler());
    engine.setKernel(kernel);
    ConvolutionSettings settings = settingsOf(size.kernel, padding, spectrum, order);
    settings.precision = precision;
    expectMatchesReference(engine, image, kernel, settings);
}

// Every padding, spectrum mode and axis order for each of `sizes`.
template <std::size_t N>
auto everyModeOf(const Size (&sizes)[N], Precision precision) {
    return ::testing::Combine(
        ::testing::ValuesIn(sizes), ::testing::Values(Padding::Zero, Padding::Mirror),
        ::testing::Values(SpectrumMode::Tent, SpectrumMode::Exact),
        ::testing::Values(AxisOrder::YFirst, AxisOrder::XFirst), ::testing::Values(precision));
}

INSTANTIATE_TEST_SUITE_P(EveryMode, GpuBloom, everyModeOf(kSizes, Precision::Fp32), caseName);
INSTANTIATE_TEST_SUITE_P(Fp16Spectra, GpuBloom, everyModeOf(kFp16Sizes, Precision::Fp16), caseName);

using OrderCase = std::tuple<Size, Padding, SpectrumMode>;

std::string orderCaseName(const ::testing::TestParamInfo<OrderCase>& info) {
    const auto& [size, padding, spectrum] = info.param;
    return sizeName(size) + "_" + nameOf(padding) + "_" + nameOf(spectrum);
}

class GpuBloomAxisOrders : public GpuTest, public ::testing::WithParamInterface<OrderCase> {};

TEST_P(GpuBloomAxisOrders, YFirstAndXFirstAgree) {
    const auto& [size, padding, spectrum] = GetParam();
    std::mt19937 random(freshSeed());
    const Image image = randomHdrImage(size.width, size.height, random);
    BloomEngine engine(context(), compiler());
    engine.setKernel(asymmetricKernel(size.kernel, random));
    const Image yFirst =
        engine.convolve(image, settingsOf(size.kernel, padding, spectrum, AxisOrder::YFirst));
    const Image xFirst =
        engine.convolve(image, settingsOf(size.kernel, padding, spectrum, AxisOrder::XFirst));
    EXPECT_LE(
        relativeL2(yFirst.pixels, std::vector<double>(xFirst.pixels.begin(), xFirst.pixels.end())),
        kBloomTolerance);
}

INSTANTIATE_TEST_SUITE_P(EveryMode, GpuBloomAxisOrders,
                         ::testing::Combine(::testing::ValuesIn(kSizes),
                                            ::testing::Values(Padding::Zero, Padding::Mirror),
                                            ::testing::Values(SpectrumMode::Tent,
                                                              SpectrumMode::Exact)),
                         orderCaseName);

using GpuBloomKernels = GpuTest;

// A kernel that is one pixel at offset (du, dv) from the origin.
Image pointKernel(std::uint32_t kernelSize, int du, int dv) {
    Image kernel(kernelSize, kernelSize);
    const auto at = [&](int offset) {
        return static_cast<std::uint32_t>(int(kernelSize / 2) + offset);
    };
    for (std::uint32_t c = 0; c < Image::kChannels; ++c) {
        kernel.at(c, at(du), at(dv)) = 1.0f;
    }
    return kernel;
}

TEST_F(GpuBloomKernels, ADeltaKernelReturnsTheImage) {
    std::mt19937 random(freshSeed());
    const Image image = randomHdrImage(45, 31, random);
    BloomEngine engine(context(), compiler());
    engine.setKernel(pointKernel(32, 0, 0));
    for (auto padding : {Padding::Zero, Padding::Mirror}) {
        for (auto spectrum : {SpectrumMode::Tent, SpectrumMode::Exact}) {
            for (auto order : {AxisOrder::YFirst, AxisOrder::XFirst}) {
                const Image bloom =
                    engine.convolve(image, settingsOf(32, padding, spectrum, order));
                EXPECT_LE(relativeL2(bloom.pixels,
                                     std::vector<double>(image.pixels.begin(), image.pixels.end())),
                          1e-6)
                    << nameOf(padding) << " " << nameOf(spectrum) << " " << nameOf(order);
            }
        }
    }
}

// O(x, y) = sum G(u, v) P(x - u, y - v): a single pixel at (u, v) = (3, -2) moves the image
// right by 3 and up by 2. Checked pixel by pixel, with no FFT in the expectation.
TEST_F(GpuBloomKernels, AnOffCentreKernelShiftsTheImageTheRightWay) {
    std::mt19937 random(freshSeed());
    const Image image = randomHdrImage(22, 15, random); // W = 2 (mod 4)
    BloomEngine engine(context(), compiler());
    engine.setKernel(pointKernel(16, 3, -2));
    for (auto order : {AxisOrder::YFirst, AxisOrder::XFirst}) {
        const Image bloom =
            engine.convolve(image, settingsOf(16, Padding::Zero, SpectrumMode::Exact, order));
        for (std::uint32_t c = 0; c < Image::kChannels; ++c) {
            for (std::uint32_t y = 0; y < image.height; ++y) {
                for (std::uint32_t x = 0; x < image.width; ++x) {
                    const int sx = int(x) - 3;
                    const int sy = int(y) + 2;
                    const bool inside = sx >= 0 && sx < int(image.width) && sy < int(image.height);
                    const float expected =
                        inside ? image.at(c, std::uint32_t(sx), std::uint32_t(sy)) : 0.0f;
                    ASSERT_NEAR(bloom.at(c, x, y), expected, 1e-3f + 1e-5f * std::abs(expected))
                        << nameOf(order) << " at " << x << "," << y;
                }
            }
        }
    }
}

TEST_F(GpuBloomKernels, TheKernelMustMatchTheKernelSize) {
    BloomEngine engine(context(), compiler());
    std::mt19937 random(1);
    engine.setKernel(asymmetricKernel(32, random));
    EXPECT_THROW(engine.prepare(
                     10, 10, settingsOf(64, Padding::Zero, SpectrumMode::Tent, AxisOrder::YFirst)),
                 Error);
}

TEST_F(GpuBloomKernels, APaddedGridBeyondTheLargestFftIsAClearError) {
    BloomEngine engine(context(), compiler());
    std::mt19937 random(1);
    engine.setKernel(asymmetricKernel(16, random));
    try {
        engine.prepare(16384, 4,
                       settingsOf(16, Padding::Zero, SpectrumMode::Tent, AxisOrder::YFirst));
        FAIL() << "expected an error";
    } catch (const Error& error) {
        EXPECT_NE(std::string(error.what()).find("pads to 32768x32"), std::string::npos)
            << error.what();
    }
}

} // namespace
} // namespace fftbloom::test
