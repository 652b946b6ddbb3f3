// What the three bloom passes and the kernel precompute share: push constants, buffer
// indexing of planes and spectra, and the rank <-> frequency rule of the half spectrum.
#ifndef FFTBLOOM_BLOOM_COMMON_GLSL
#define FFTBLOOM_BLOOM_COMMON_GLSL

#include "bloom/bloom_params.h"

layout(push_constant) uniform PushConstants {
    BloomPassParams params;
};

// Index of sample `sample` of line `line` of channel `channel` in a planar float buffer.
uint planeIndex(uint channel, uint line, uint sampleIndex) {
    return channel * params.planeSize + line * params.lineStride + sampleIndex * params.sampleStride;
}

// The half spectrum after the first axis: per channel and line, P1/2 complex values ordered by
// "rank". Rank j holds frequency reverse_{log2 P1 - 1}(j) (the FFT's locally even elements, so
// the store is contiguous); rank 0 packs DC (real part) with Nyquist (imaginary part).
// Stored in tiles of adjacent ranks (bloomTiledIndex).
uint spectrumIndex(uint channel, uint line, uint rank) {
    return bloomTiledIndex(channel, rank, line, params.spectrumRanks, params.lineCount);
}

#endif
