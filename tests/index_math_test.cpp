// The workgroup FFT's index math (shaders/fft/fft_index.h), exhaustively: every length the
// library supports, every split of it into E elements x WG invocations, every index.
#include "gpu_fft/fft/fft_shape.hpp"
#include "gpu_fft/fft/index_math.hpp"

#include <gtest/gtest.h>
#include <set>
#include <vector>

namespace gpu_fft {
namespace {

struct Split {
    uint log2Size;
    uint log2Workgroup;
    uint size() const { return 1u << log2Size; }
    uint workgroup() const { return 1u << log2Workgroup; }
    uint elements() const { return size() / workgroup(); }
};

std::vector<Split> everySplit() {
    std::vector<Split> splits;
    for (uint log2Size = kMinLog2Size; log2Size <= kMaxLog2Size; ++log2Size) {
        for (uint log2Elements = kMinLog2Elements; log2Elements <= kMaxLog2Elements;
             ++log2Elements) {
            if (isValidSplit(log2Size, log2Elements)) {
                splits.push_back({log2Size, log2Size - log2Elements});
            }
        }
    }
    return splits;
}

// The design's own wording, implemented separately: reverse all log2(N) bits, then rotate the
// top log2(WG)+1 bits right by one.
uint dftIndexAsDesignStates(uint nablaIndex, const Split& split) {
    uint reversed = 0;
    for (uint bit = 0; bit < split.log2Size; ++bit) {
        reversed |= ((nablaIndex >> bit) & 1u) << (split.log2Size - 1 - bit);
    }
    const uint topBits = split.log2Workgroup + 1;
    const uint lowBits = split.log2Size - topBits;
    const uint top = reversed >> lowBits;
    const uint rotated = (top >> 1) | ((top & 1u) << (topBits - 1));
    return (rotated << lowBits) | (reversed & ((1u << lowBits) - 1));
}

std::string describe(const Split& split) {
    return "N=" + std::to_string(split.size()) + " E=" + std::to_string(split.elements()) +
           " WG=" + std::to_string(split.workgroup());
}

TEST(IndexMath, CoversEveryLengthFrom16To16384) {
    std::set<uint> lengths;
    for (const Split& split : everySplit()) {
        lengths.insert(split.size());
    }
    EXPECT_EQ(lengths.size(), 11u);
    EXPECT_EQ(*lengths.begin(), 16u);
    EXPECT_EQ(*lengths.rbegin(), 16384u);
}

TEST(IndexMath, DftAndNablaIndexAreInverseBijections) {
    for (const Split& split : everySplit()) {
        std::vector<bool> seen(split.size(), false);
        for (uint o = 0; o < split.size(); ++o) {
            const uint k = fftDftIndex(o, split.log2Size, split.log2Workgroup);
            ASSERT_LT(k, split.size()) << describe(split);
            ASSERT_FALSE(seen[k]) << describe(split) << " frequency " << k << " twice";
            seen[k] = true;
            ASSERT_EQ(fftNablaIndex(k, split.log2Size, split.log2Workgroup), o) << describe(split);
        }
    }
}

TEST(IndexMath, DftIndexMatchesTheDesignsWording) {
    for (const Split& split : everySplit()) {
        for (uint o = 0; o < split.size(); ++o) {
            ASSERT_EQ(fftDftIndex(o, split.log2Size, split.log2Workgroup),
                      dftIndexAsDesignStates(o, split))
                << describe(split) << " o=" << o;
        }
    }
}

TEST(IndexMath, DcAtZeroAndNyquistAtWorkgroupSize) {
    for (const Split& split : everySplit()) {
        EXPECT_EQ(fftDftIndex(0, split.log2Size, split.log2Workgroup), 0u) << describe(split);
        EXPECT_EQ(fftDftIndex(split.workgroup(), split.log2Size, split.log2Workgroup),
                  split.size() / 2)
            << describe(split);
    }
}

TEST(IndexMath, LocallyEvenElementsAreTheLowerHalfBitReversed) {
    for (const Split& split : everySplit()) {
        for (uint l = 0; l < split.elements(); l += 2) {
            for (uint t = 0; t < split.workgroup(); ++t) {
                const uint k =
                    fftDftIndex(l * split.workgroup() + t, split.log2Size, split.log2Workgroup);
                const uint rank = (l / 2) * split.workgroup() + t;
                ASSERT_LT(k, split.size() / 2) << describe(split);
                ASSERT_EQ(k, fftReverseBits(rank, split.log2Size - 1)) << describe(split);
                ASSERT_EQ(k, fftEvenElementDftIndex(l / 2, t, split.log2Size, split.log2Workgroup));
            }
        }
    }
}

TEST(IndexMath, MirrorIndicesMirrorTheFrequency) {
    for (const Split& split : everySplit()) {
        const uint n = split.size();
        for (uint o = 0; o < n; ++o) {
            const uint k = fftDftIndex(o, split.log2Size, split.log2Workgroup);
            ASSERT_EQ(fftDftMirrorIndex(k, split.log2Size), (n - k) % n);
            const uint mirror = fftNablaMirrorIndex(o, split.log2Size, split.log2Workgroup);
            ASSERT_EQ(fftDftIndex(mirror, split.log2Size, split.log2Workgroup), (n - k) % n)
                << describe(split) << " o=" << o;
            ASSERT_EQ(fftNablaMirrorIndex(mirror, split.log2Size, split.log2Workgroup), o);
        }
    }
}

// In one round l of a mirror trade every invocation t asks invocation trade.thread for its
// element trade.localElement, and itself sends fftMirrorLocalElement(l, t). That works as a
// single exchange only if the partner map is one-to-one (an involution) and what each partner
// sends is exactly what was asked for. docs/fft.md proves it; this checks it everywhere.
TEST(IndexMath, MirrorTradesAreOneToOneAndSendTheRequestedElement) {
    for (const Split& split : everySplit()) {
        for (uint l = 0; l < split.elements(); ++l) {
            std::vector<bool> partnerTaken(split.workgroup(), false);
            for (uint t = 0; t < split.workgroup(); ++t) {
                const FftMirrorTrade trade =
                    fftMirrorTrade(l, t, split.log2Size, split.log2Workgroup);
                const uint mirror = fftNablaMirrorIndex(l * split.workgroup() + t, split.log2Size,
                                                        split.log2Workgroup);
                ASSERT_EQ(trade.thread, mirror % split.workgroup());
                ASSERT_EQ(trade.localElement, mirror / split.workgroup());
                ASSERT_FALSE(partnerTaken[trade.thread]) << describe(split) << " l=" << l;
                partnerTaken[trade.thread] = true;
                const FftMirrorTrade back =
                    fftMirrorTrade(l, trade.thread, split.log2Size, split.log2Workgroup);
                ASSERT_EQ(back.thread, t) << describe(split) << " l=" << l << " t=" << t;
                // The partner sends its element fftMirrorLocalElement(l, partner): the one t asked
                // for.
                ASSERT_EQ(
                    fftMirrorLocalElement(l, trade.thread, split.log2Size, split.log2Workgroup),
                    trade.localElement)
                    << describe(split) << " l=" << l << " t=" << t;
            }
        }
    }
}

// The closed forms docs/fft.md derives: for l >= 2 the partner is WG-1-t; for l < 2 it is
// reverse(-reverse(t)) and the element is 1-l, except invocation 0 (DC and Nyquist).
TEST(IndexMath, MirrorTradePartnersFollowTheProvenClosedForm) {
    for (const Split& split : everySplit()) {
        const uint mask = split.workgroup() - 1;
        for (uint l = 0; l < split.elements(); ++l) {
            for (uint t = 0; t < split.workgroup(); ++t) {
                const FftMirrorTrade trade =
                    fftMirrorTrade(l, t, split.log2Size, split.log2Workgroup);
                if (l >= 2) {
                    ASSERT_EQ(trade.thread, mask - t) << describe(split);
                } else if (t == 0) {
                    ASSERT_EQ(trade.thread, 0u);
                    ASSERT_EQ(trade.localElement, l);
                } else {
                    const uint reversed = fftReverseBits(t, split.log2Workgroup);
                    ASSERT_EQ(trade.thread,
                              fftReverseBits((0u - reversed) & mask, split.log2Workgroup));
                    ASSERT_EQ(trade.localElement, 1 - l);
                }
            }
        }
    }
}

TEST(IndexMath, BitHelpers) {
    EXPECT_EQ(fftReverseBits(0b0001u, 4), 0b1000u);
    EXPECT_EQ(fftReverseBits(0b1101u, 4), 0b1011u);
    EXPECT_EQ(fftReverseBits(0xFFFFFFFFu, 0), 0u);
    EXPECT_EQ(fftReverseBits(1u, 32), 0x80000000u);
    EXPECT_EQ(fftRotateLowBitsLeft(0b1'100u, 3), 0b1'001u); // bit 3 untouched
    EXPECT_EQ(fftRotateLowBitsRight(0b1'001u, 3), 0b1'100u);
    static_assert(fftDftIndex(0, 10, 8) == 0, "the index math is constexpr on the host");
}

} // namespace
} // namespace gpu_fft
