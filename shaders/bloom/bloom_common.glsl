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

// How a complex value of a spectrum is stored between passes: vec2 (fp32), or with
// SPECTRUM_FP16 both halves in one uint (packHalf2x16, which every Vulkan device has; the
// arithmetic stays fp32 in registers).
#ifdef SPECTRUM_FP16
#define SPECTRUM_VALUE uint
vec2 decodeSpectrum(uint stored) {
    return unpackHalf2x16(stored);
}
uint encodeSpectrum(vec2 value) {
    return packHalf2x16(value);
}
#else
#define SPECTRUM_VALUE vec2
vec2 decodeSpectrum(vec2 stored) {
    return stored;
}
vec2 encodeSpectrum(vec2 value) {
    return value;
}
#endif

#endif
