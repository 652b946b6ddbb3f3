#version 460
// Pass 2: for one frequency row of the first axis, the FFT along the second axis over the
// padded length (padding applied on load, from the lines' spectra), then
//   convolve (default):      multiply by the kernel spectrum, inverse FFT, crop on store, in place;
//   KERNEL_SPECTRUM defined: store the spectrum itself (the kernel precompute).
// Rank 0 packs the DC row (real part) and the Nyquist row (imaginary part) of the first axis;
// its two rows meet different kernel rows, so it is split with the mirror trade, each half
// multiplied by its own row (Nyquist bin of the second axis included), and packed again.
// Workgroup (rank group, 0, channel): B = FFT_BATCH adjacent ranks side by side, so that B
// adjacent invocations load and store B adjacent values of one line (docs/performance.md).
// FFT defines: the second axis, P2.
#include "bloom/bloom_common.glsl"
#include "fft/workgroup_fft.glsl"

layout(local_size_x = FFT_INVOCATIONS) in;

layout(std430, set = 0, binding = 0) buffer Spectrum {
    vec2 spectrum[];
};
// The kernel spectrum on the padded grid, per channel P1/2 + 1 rows of P2 values in the second
// axis' Nabla order: row `rank` for ranks 1 .. P1/2 - 1, row 0 = DC, row P1/2 = Nyquist.
// Stored in tiles of adjacent rows like the image spectrum (bloomKernelIndex).
layout(std430, set = 0, binding = 1) buffer KernelSpectrum {
    vec2 kernelSpectrum[];
};

uint kernelIndex(uint channel, uint row, uint nablaIndex) {
    return bloomKernelIndex(channel, row, nablaIndex, params.spectrumRanks, FFT_SIZE);
}

void main() {
    uint channel = gl_WorkGroupID.z;
    uint rank = gl_WorkGroupID.x * FFT_BATCH + fftBatchIndex();
    bool holdsPackedRow = gl_WorkGroupID.x == 0u; // uniform: the workgroup with rank 0
    uint thread = fftThreadIndex();
    uint nyquistRow = params.spectrumRanks;

    vec2 x[FFT_ELEMENTS];
    [[unroll]] for (uint l = 0u; l < FFT_ELEMENTS; ++l) {
        int padded = int(l * FFT_WORKGROUP_SIZE + thread);
        int line = bloomSourceIndex(padded, params.secondOffset, params.lineCount, FFT_SIZE,
                                    params.padding);
        x[l] = line < 0 ? vec2(0.0) : spectrum[spectrumIndex(channel, uint(line), rank)];
    }
    fftForward(x);

    vec2 mirrors[FFT_ELEMENTS];
    if (holdsPackedRow) { // the whole workgroup trades; only rank 0 uses the mirrors
        fftGatherMirrors(x, mirrors);
    }
#ifdef KERNEL_SPECTRUM
    [[unroll]] for (uint l = 0u; l < FFT_ELEMENTS; ++l) {
        uint o = l * FFT_WORKGROUP_SIZE + thread;
        if (rank == 0u) {
            vec2 dcValue = 0.5 * (x[l] + complexConj(mirrors[l]));
            vec2 nyquistValue = -0.5 * complexMulI(x[l] - complexConj(mirrors[l]));
            kernelSpectrum[kernelIndex(channel, 0u, o)] = dcValue;
            kernelSpectrum[kernelIndex(channel, nyquistRow, o)] = nyquistValue;
        } else {
            kernelSpectrum[kernelIndex(channel, rank, o)] = x[l];
        }
    }
#else
    [[unroll]] for (uint l = 0u; l < FFT_ELEMENTS; ++l) {
        uint o = l * FFT_WORKGROUP_SIZE + thread;
        if (rank == 0u) {
            // Z' = A0 F0 + i AN FN with A0 = (Z + conj Zm)/2 and i AN = (Z - conj Zm)/2.
            vec2 f0 = kernelSpectrum[kernelIndex(channel, 0u, o)];
            vec2 fn = kernelSpectrum[kernelIndex(channel, nyquistRow, o)];
            x[l] = 0.5 * (complexMul(x[l], f0 + fn) + complexMul(complexConj(mirrors[l]), f0 - fn));
        } else {
            x[l] = complexMul(x[l], kernelSpectrum[kernelIndex(channel, rank, o)]);
        }
    }
    fftInverse(x);
    barrier(); // every invocation has loaded its inputs before any overwrites them in place
    [[unroll]] for (uint l = 0u; l < FFT_ELEMENTS; ++l) {
        int line = int(l * FFT_WORKGROUP_SIZE + thread) - params.secondOffset;
        if (line >= 0 && line < int(params.lineCount)) {
            spectrum[spectrumIndex(channel, uint(line), rank)] = x[l];
        }
    }
#endif
}
