// The padding rule the bloom shaders share with C++ (bloomSourceIndex in
// shaders/bloom/bloom_params.h) against design.md §2.4 written out directly:
// m(t, n) = r < n ? r : 2n - 1 - r with r = t mod 2n (non-negative), for offsets on both sides,
// near and far (one reflection and many), and the zero and wrap rules.
#include "app/bloom/bloom_params.hpp"

#include <gtest/gtest.h>

namespace fftbloom::bloom_gpu {
namespace {

int designMirror(int t, int n) {
    const int r = ((t % (2 * n)) + 2 * n) % (2 * n);
    return r < n ? r : 2 * n - 1 - r;
}

TEST(PaddingRule, MirrorIsVulkansMirroredRepeatNearAndFar) {
    for (const int n : {1, 2, 3, 7, 720}) {
        for (int t = -9 * n - 5; t < 9 * n + 5; ++t) {
            const int offset = 11;
            ASSERT_EQ(bloomSourceIndex(t + offset, offset, uint(n), 16384, BLOOM_PADDING_MIRROR),
                      designMirror(t, n))
                << "t = " << t << ", n = " << n;
        }
    }
}

TEST(PaddingRule, ZeroReadsNothingOutsideTheSource) {
    EXPECT_EQ(bloomSourceIndex(4, 5, 10, 64, BLOOM_PADDING_ZERO), -1);
    EXPECT_EQ(bloomSourceIndex(5, 5, 10, 64, BLOOM_PADDING_ZERO), 0);
    EXPECT_EQ(bloomSourceIndex(14, 5, 10, 64, BLOOM_PADDING_ZERO), 9);
    EXPECT_EQ(bloomSourceIndex(15, 5, 10, 64, BLOOM_PADDING_ZERO), -1);
}

TEST(PaddingRule, WrapIsPeriodicOverThePaddedLength) {
    // The kernel's placement: pixel p - offset, modulo the padded length, zero past the source.
    EXPECT_EQ(bloomSourceIndex(0, -8, 16, 64, BLOOM_PADDING_WRAP), 8);
    EXPECT_EQ(bloomSourceIndex(56, -8, 16, 64, BLOOM_PADDING_WRAP), 0);
    EXPECT_EQ(bloomSourceIndex(8, -8, 16, 64, BLOOM_PADDING_WRAP), -1);
}

} // namespace
} // namespace fftbloom::bloom_gpu
