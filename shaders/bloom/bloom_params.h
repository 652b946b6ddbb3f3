// The bloom passes' push constants and padding rule, shared by GLSL and C++ (C++ includes it
// from app/bloom/bloom_params.hpp inside namespace fftbloom::bloom_gpu).
//
// Terms (docs/bloom.md): the first axis is the one transformed first (y for y-first). A
// "line" is one source line along it (an image column for y-first); "samples" run along a
// line. P1 and P2 are the padded lengths of the first and second axis.
#ifndef FFTBLOOM_BLOOM_PARAMS_H
#define FFTBLOOM_BLOOM_PARAMS_H

#ifdef __cplusplus
#define BLOOM_FUNC inline constexpr
#else
#define BLOOM_FUNC
#endif

// How a padded position outside the source reads (design.md §2.4), and kernel placement.
#define BLOOM_PADDING_ZERO 0u
#define BLOOM_PADDING_MIRROR 1u
#define BLOOM_PADDING_WRAP 2u // periodic over the padded length; zero past the source

struct BloomPassParams {
    uint lineCount;     // source lines (image columns for y-first, W; kernel: K)
    uint lineLength;    // samples per source line (H for y-first; kernel: K)
    uint lineStride;    // plane index step from one line to the next
    uint sampleStride;  // plane index step from one sample to the next
    uint planeSize;     // floats per channel plane
    int firstOffset;    // first axis: padded position p reads sample p - firstOffset
    int secondOffset;   // second axis: padded position q reads line q - secondOffset
    uint padding;       // BLOOM_PADDING_*
    uint spectrumRanks; // P1 / 2: complex values per line in the spectrum buffer
    // fp16 spectra only (SPECTRUM_FP16; docs/bloom.md, "fp16 spectra"): the image spectra are
    // stored multiplied by spectrumScale and the kernel spectrum by 1 / kernelUnscale, powers
    // of two chosen so that no stored value can exceed 2^15 (fp16 holds up to 65504).
    float spectrumScale;
    float kernelUnscale;
};

// Push constants of the tent resample (design.md §2.5, tent): the K x K kernel spectrum,
// sampled bilinearly at (fx K / Px, fy K / Py), written on the padded grid.
struct TentResampleParams {
    uint log2Kernel;          // log2 K
    uint log2KernelWorkgroup; // the K-point FFT's log2 WG: the source's Nabla order
    uint log2First;           // log2 P1
    uint log2Second;          // log2 P2
    uint log2SecondWorkgroup; // the P2-point FFT's log2 WG: the target's Nabla order
    uint firstAxisIsY;        // 1: y-first (P1 = Py), 0: x-first (P1 = Px)
};

// Spectra between the passes are stored in tiles of BLOOM_SPECTRUM_TILE adjacent ranks: per
// channel, rank group g = rank / TILE holds, for each position (a line of the image spectrum,
// or a second-axis Nabla index of the kernel spectrum), its TILE values side by side. Pass 2
// walks positions for fixed ranks; with tiles its loads and stores are contiguous runs of
// TILE * 8 = 32 bytes (one memory sector) instead of 8-byte values a whole line apart, and
// the line-to-line stride is no longer a power of two (docs/performance.md).
// Rank counts (P1/2 >= 8) are multiples of the tile.
#define BLOOM_SPECTRUM_TILE 4u
#define BLOOM_CHANNELS 3u // colour planes per image, kernel and spectrum

BLOOM_FUNC uint bloomTiledIndex(uint channel, uint rank, uint position, uint rankCount,
                                uint positionCount) {
    uint group = channel * (rankCount / BLOOM_SPECTRUM_TILE) + rank / BLOOM_SPECTRUM_TILE;
    return (group * positionCount + position) * BLOOM_SPECTRUM_TILE + rank % BLOOM_SPECTRUM_TILE;
}

// A kernel spectrum on a P1 x P2 grid: ranks 0 .. P1/2 - 1 tiled as above over the P2
// positions, then the Nyquist row (rank P1/2) of each channel, P2 values.
BLOOM_FUNC uint bloomKernelIndex(uint channel, uint rank, uint position, uint rankCount,
                                 uint positionCount) {
    if (rank == rankCount) {
        return (BLOOM_CHANNELS * rankCount + channel) * positionCount + position;
    }
    return bloomTiledIndex(channel, rank, position, rankCount, positionCount);
}

// The source index that padded position `padded` reads, or -1 where it reads zero.
// Mirror is Vulkan's MIRRORED_REPEAT on texel indices: m(t, n) = r < n ? r : 2n - 1 - r with
// r = t mod 2n; it is symmetric about -1/2, which keeps the modulo on non-negative values
// (GLSL leaves % of negative operands undefined).
BLOOM_FUNC int bloomSourceIndex(int padded, int offset, uint length, uint paddedLength,
                                uint padding) {
    int t = padded - offset;
    int n = int(length);
    if (padding == BLOOM_PADDING_WRAP) {
        t = t & (int(paddedLength) - 1); // padded lengths are powers of two
        return t < n ? t : -1;
    }
    if (t >= 0 && t < n) {
        return t;
    }
    if (padding == BLOOM_PADDING_ZERO) {
        return -1;
    }
    // One reflection covers -n <= t < 2n, the common case (a kernel no wider than twice the
    // image), without the integer division of the general fold below.
    if (t >= -n && t < 2 * n) {
        return t < 0 ? -t - 1 : 2 * n - 1 - t;
    }
    uint folded = uint(t < 0 ? -t - 1 : t) % uint(2 * n);
    return int(folded < uint(n) ? folded : uint(2 * n) - 1u - folded);
}

#undef BLOOM_FUNC
#endif // FFTBLOOM_BLOOM_PARAMS_H
