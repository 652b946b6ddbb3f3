// The padded grid and buffer sizes of the 2D convolution (design.md §2.4 and §3).
#include "app/bench/bench.hpp"
#include "gpu_fft/fft/convolution_layout.hpp"

#include <gtest/gtest.h>

namespace gpu_fft {
namespace {

TEST(ConvolutionLayout, PadsToTheNextPowerOfTwoOfImagePlusKernelMinusOne) {
    const auto layout = makeConvolutionLayout(1280, 720, 256, Axis::Y);
    EXPECT_EQ(layout.paddedWidth, 2048u);  // nextPow2(1280 + 255)
    EXPECT_EQ(layout.paddedHeight, 1024u); // nextPow2(720 + 255)
    const auto tiny = makeConvolutionLayout(1, 1, 16, Axis::Y);
    EXPECT_EQ(tiny.paddedWidth, 16u);
    EXPECT_EQ(tiny.paddedHeight, 16u);
    EXPECT_EQ(makeConvolutionLayout(1025, 1, 1024, Axis::X).paddedWidth, 2048u);
}

TEST(ConvolutionLayout, YFirstTransformsImageColumnsInPairs) {
    const auto layout = makeConvolutionLayout(1281, 720, 256, Axis::Y);
    EXPECT_EQ(layout.firstAxisLines(), 1281u);
    EXPECT_EQ(layout.firstAxisFftCount(), 641u); // the odd column pairs with zeros
    EXPECT_EQ(layout.firstAxisLength(), 1024u);
    EXPECT_EQ(layout.secondAxisLength(), 2048u);
    EXPECT_EQ(layout.secondAxisFftCount(), 512u); // DC and Nyquist rows share one FFT
    EXPECT_EQ(layout.spectrumElements(), 1281u * 512u);
}

TEST(ConvolutionLayout, XFirstTransformsImageRowsInPairs) {
    const auto layout = makeConvolutionLayout(1280, 721, 256, Axis::X);
    EXPECT_EQ(layout.firstAxisLines(), 721u);
    EXPECT_EQ(layout.firstAxisFftCount(), 361u);
    EXPECT_EQ(layout.firstAxisLength(), 2048u);
    EXPECT_EQ(layout.secondAxisFftCount(), 1024u);
    EXPECT_EQ(layout.spectrumElements(), 721u * 1024u);
}

TEST(ConvolutionLayout, CheaperAxisIsTheOneWithFewerButterflies) {
    for (const auto& [w, h, k] : {std::tuple{1280u, 720u, 256u},
                                  {720u, 1280u, 256u},
                                  {1920u, 1080u, 256u},
                                  {3840u, 2160u, 512u},
                                  {1u, 1u, 16u}}) {
        const auto y = makeConvolutionLayout(w, h, k, Axis::Y);
        const auto x = makeConvolutionLayout(w, h, k, Axis::X);
        const Axis expected = x.butterflyWork() < y.butterflyWork() ? Axis::X : Axis::Y;
        EXPECT_EQ(cheaperFirstAxis(w, h, k), expected);
    }
    // 4000 x 100, K = 64 pads to 4096 x 256. y-first: 2000 column FFTs of 256, then 128 row
    // FFTs of 4096, each forward and inverse.
    const auto wide = makeConvolutionLayout(4000, 100, 64, Axis::Y);
    EXPECT_EQ(wide.butterflyWork(), 2 * (2000ull * 128 * 8 + 128ull * 2048 * 12));
}

// The bench's memory floor, by hand for 1280 x 720, K = 256, y first (padded 2048 x 1024):
// planes 3 x 1280 x 720 floats; half spectra 3 x 1280 x 512 complex; kernel spectrum
// 3 x 513 x 2048 complex.
TEST(BenchFloor, CountsWhatEachPassMustReadAndWrite) {
    const auto layout = makeConvolutionLayout(1280, 720, 256, Axis::Y);
    const double planes = 3.0 * 1280 * 720 * 4;
    const double spectra = 3.0 * 1280 * 512 * 8;
    const double kernel = 3.0 * 513 * 2048 * 8;
    const auto bytes = fftbloom::passBytesFloor(layout);
    EXPECT_DOUBLE_EQ(bytes[0], planes + spectra);
    EXPECT_DOUBLE_EQ(bytes[1], 2 * spectra + kernel);
    EXPECT_DOUBLE_EQ(bytes[2], spectra + planes);
}

} // namespace
} // namespace gpu_fft
