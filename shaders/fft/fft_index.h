// The index math of the workgroup FFT, written once in the common subset of GLSL and C++.
//
// GLSL includes this file from the FFT shaders; C++ includes it from gpu_fft/fft/index_math.hpp
// (inside namespace gpu_fft), so the host and the GPU can never disagree about where an element
// lives. Keep to what both languages accept: `uint`, plain functions, structs filled field by
// field, no references, no overloads.
//
// Notation (docs/fft.md derives every rule below):
//   N  = 2^log2Size            the FFT length
//   WG = 2^log2Workgroup       invocations that share one FFT
//   E  = N / WG                elements each invocation holds in registers (E >= 2)
//   An invocation `thread` holds local elements l = 0 .. E-1. Element l of thread t has the
//   "Nabla index" o = l * WG + t: loads and stores at o are coalesced across a workgroup.
//   Forward output element o holds DFT[fftDftIndex(o)]; the inverse reads that same order.

#ifndef FFTBLOOM_FFT_INDEX_H
#define FFTBLOOM_FFT_INDEX_H

#ifdef __cplusplus
#define FFT_FUNC inline constexpr
// GLSL's built-in, for the host. A loop, so it stays constexpr.
FFT_FUNC uint bitfieldReverse(uint value) {
    uint reversed = 0u;
    for (uint bit = 0u; bit < 32u; ++bit) {
        reversed = (reversed << 1u) | ((value >> bit) & 1u);
    }
    return reversed;
}
#else
#define FFT_FUNC
#endif

// Reverses the lowest `bitCount` bits of `value` (0 <= bitCount <= 32); higher bits are dropped.
FFT_FUNC uint fftReverseBits(uint value, uint bitCount) {
    return bitCount == 0u ? 0u : (bitfieldReverse(value) >> (32u - bitCount));
}

// Rotates the lowest `bitCount` bits of `value` by one place (1 <= bitCount <= 31); the bits
// above them are kept as they are.
FFT_FUNC uint fftRotateLowBitsLeft(uint value, uint bitCount) {
    uint mask = (1u << bitCount) - 1u;
    uint low = value & mask;
    uint rotated = ((low << 1u) | (low >> (bitCount - 1u))) & mask;
    return (value & ~mask) | rotated;
}

FFT_FUNC uint fftRotateLowBitsRight(uint value, uint bitCount) {
    uint mask = (1u << bitCount) - 1u;
    uint low = value & mask;
    uint rotated = ((low >> 1u) | (low << (bitCount - 1u))) & mask;
    return (value & ~mask) | rotated;
}

// The frequency held at Nabla index `nablaIndex` after a forward FFT.
// The cross-invocation stages leave element (l, t) at in-place position
// rotl_{log2WG+1}(o); a decimation-in-frequency FFT leaves position p holding DFT[reverse(p)].
FFT_FUNC uint fftDftIndex(uint nablaIndex, uint log2Size, uint log2Workgroup) {
    return fftReverseBits(fftRotateLowBitsLeft(nablaIndex, log2Workgroup + 1u), log2Size);
}

// The inverse of fftDftIndex: where frequency `dftIndex` is found in the forward output.
FFT_FUNC uint fftNablaIndex(uint dftIndex, uint log2Size, uint log2Workgroup) {
    return fftRotateLowBitsRight(fftReverseBits(dftIndex, log2Size), log2Workgroup + 1u);
}

// The frequency that mirrors `dftIndex` about Nyquist: (N - k) mod N.
FFT_FUNC uint fftDftMirrorIndex(uint dftIndex, uint log2Size) {
    return ((1u << log2Size) - dftIndex) & ((1u << log2Size) - 1u);
}

// The Nabla index of the element holding the mirror frequency of the one at `nablaIndex`.
FFT_FUNC uint fftNablaMirrorIndex(uint nablaIndex, uint log2Size, uint log2Workgroup) {
    uint dftIndex = fftDftIndex(nablaIndex, log2Size, log2Workgroup);
    return fftNablaIndex(fftDftMirrorIndex(dftIndex, log2Size), log2Size, log2Workgroup);
}

// Who holds the mirror of local element `localElement` of invocation `thread`.
struct FftMirrorTrade {
    uint thread;       // the invocation that holds the mirror element
    uint localElement; // its local index there
};

FFT_FUNC FftMirrorTrade fftMirrorTrade(uint localElement, uint thread, uint log2Size,
                                       uint log2Workgroup) {
    uint nablaIndex = (localElement << log2Workgroup) | thread;
    uint mirror = fftNablaMirrorIndex(nablaIndex, log2Size, log2Workgroup);
    FftMirrorTrade trade;
    trade.thread = mirror & ((1u << log2Workgroup) - 1u);
    trade.localElement = mirror >> log2Workgroup;
    return trade;
}

// The local index of the mirror of local element `localElement`, in closed form. In one round
// of a mirror trade every invocation t sends its element fftMirrorLocalElement(l, t) and
// receives the mirror of its element l; docs/fft.md proves that this is a one-to-one trade.
// For l >= 2 the answer does not depend on the invocation, so it folds to a constant in an
// unrolled loop; only elements 0 and 1 of invocation 0 (DC and Nyquist) are their own mirrors.
FFT_FUNC uint fftMirrorLocalElement(uint localElement, uint thread, uint log2Size,
                                    uint log2Workgroup) {
    if (localElement < 2u && thread != 0u) {
        return 1u - localElement;
    }
    return fftNablaMirrorIndex(localElement << log2Workgroup, log2Size, log2Workgroup) >>
           log2Workgroup;
}

// Even local elements hold the lower half of the spectrum: element 2j of invocation t holds
// DFT[reverse_{log2Size-1}(j * WG + t)] (the "locally even" rule). This is what lets a real
// FFT keep only its even elements plus Nyquist.
FFT_FUNC uint fftEvenElementDftIndex(uint evenElementRank, uint thread, uint log2Size,
                                     uint log2Workgroup) {
    return fftReverseBits((evenElementRank << log2Workgroup) | thread, log2Size - 1u);
}

#undef FFT_FUNC
#endif // FFTBLOOM_FFT_INDEX_H
