#version 460
// Pass 2: for one frequency row of the first axis, the FFT along the second axis over the
// padded length (padding applied on load, from the lines' spectra), then
//   convolve (default):      multiply by the kernel spectrum, inverse FFT, crop on store, in place;
//   KERNEL_SPECTRUM defined: store the spectrum itself (the kernel precompute).
// Rank 0 packs the DC row (real part) and the Nyquist row (imaginary part) of the first axis;
// its two rows meet different kernel rows, so it is split with the mirror trade, each half
// multiplied by its own row (Nyquist bin of the second axis included), and packed again.
// Workgroup (rank group, 0, channel): B = FFT_BATCH adjacent ranks side by side (the bloom
// runs B = 1: the spectra's 4-rank tiles already keep the loads in shared 32-byte sectors,
// and B = 4 cost registers; docs/performance.md).
// Two variants, dispatched together (they touch different ranks):
//   PACKED_ROW_GROUP defined: rank group 0 only, which holds rank 0 and so the mirror trade;
//   otherwise: rank groups 1 .. P1/2B - 1, with no mirror array in their registers (holding
//   one made the common case spill to local memory).
// SPECTRUM_FP16 (convolve only): both spectra are stored as fp16 (bloom_common.glsl); the
// kernel's stored values are multiplied by params.kernelUnscale (1 / their scale) on load.
// FFT defines: the second axis, P2.
#include "bloom/bloom_common.glsl"
#include "fft/workgroup_fft.glsl"

#if defined(KERNEL_SPECTRUM) && defined(SPECTRUM_FP16)
#error "the kernel precompute runs in fp32; pack_half.comp makes the fp16 copy"
#endif

layout(local_size_x = FFT_INVOCATIONS) in;

layout(std430, set = 0, binding = 0) buffer Spectrum {
    SPECTRUM_VALUE spectrum[];
};
// The kernel spectrum on the padded grid, per channel P1/2 + 1 rows of P2 values in the second
// axis' Nabla order: row `rank` for ranks 1 .. P1/2 - 1, row 0 = DC, row P1/2 = Nyquist.
// Stored in tiles of adjacent rows like the image spectrum (bloomKernelIndex).
layout(std430, set = 0, binding = 1) buffer KernelSpectrum {
    SPECTRUM_VALUE kernelSpectrum[];
};

uint kernelIndex(uint channel, uint row, uint nablaIndex) {
    return bloomKernelIndex(channel, row, nablaIndex, params.spectrumRanks, FFT_SIZE);
}

vec2 loadKernel(uint channel, uint row, uint nablaIndex) {
    vec2 value = decodeSpectrum(kernelSpectrum[kernelIndex(channel, row, nablaIndex)]);
#ifdef SPECTRUM_FP16
    value *= params.kernelUnscale;
#endif
    return value;
}

void main() {
    uint channel = gl_WorkGroupID.z;
#ifdef PACKED_ROW_GROUP
    uint group = 0u;
#else
    uint group = gl_WorkGroupID.x + 1u;
#endif
    uint rank = group * FFT_BATCH + fftBatchIndex();
    uint thread = fftThreadIndex();

    vec2 x[FFT_ELEMENTS];
    [[unroll]] for (uint l = 0u; l < FFT_ELEMENTS; ++l) {
        int padded = int(l * FFT_WORKGROUP_SIZE + thread);
        int line = bloomSourceIndex(padded, params.secondOffset, params.lineCount, FFT_SIZE,
                                    params.padding);
        x[l] = line < 0 ? vec2(0.0)
                        : decodeSpectrum(spectrum[spectrumIndex(channel, uint(line), rank)]);
    }
    fftForward(x);
#ifdef PACKED_ROW_GROUP
    // Rank 0's spectrum Z holds A0 (DC row) + i AN (Nyquist row), both transforms of real rows:
    // A0 = (Z + conj Zm)/2 and i AN = (Z - conj Zm)/2 with Zm the mirror frequency. Every
    // invocation of the group trades (uniform control flow); only rank 0's lanes use them.
    vec2 mirrors[FFT_ELEMENTS];
    fftGatherMirrors(x, mirrors);
    uint nyquistRow = params.spectrumRanks;
#endif
#ifdef KERNEL_SPECTRUM
    [[unroll]] for (uint l = 0u; l < FFT_ELEMENTS; ++l) {
        uint o = l * FFT_WORKGROUP_SIZE + thread;
#ifdef PACKED_ROW_GROUP
        if (rank == 0u) { // store F0 and FN themselves
            vec2 dcValue = 0.5 * (x[l] + complexConj(mirrors[l]));
            vec2 nyquistValue = -0.5 * complexMulI(x[l] - complexConj(mirrors[l]));
            kernelSpectrum[kernelIndex(channel, 0u, o)] = dcValue;
            kernelSpectrum[kernelIndex(channel, nyquistRow, o)] = nyquistValue;
        } else
#endif
        {
            kernelSpectrum[kernelIndex(channel, rank, o)] = x[l];
        }
    }
#else
    [[unroll]] for (uint l = 0u; l < FFT_ELEMENTS; ++l) {
        uint o = l * FFT_WORKGROUP_SIZE + thread;
#ifdef PACKED_ROW_GROUP
        if (rank == 0u) { // Z' = A0 F0 + i AN FN
            vec2 f0 = loadKernel(channel, 0u, o);
            vec2 fn = loadKernel(channel, nyquistRow, o);
            x[l] = 0.5 * (complexMul(x[l], f0 + fn) +
                          complexMul(complexConj(mirrors[l]), f0 - fn));
        } else
#endif
        {
            x[l] = complexMul(x[l], loadKernel(channel, rank, o));
        }
    }
    fftInverse(x);
    barrier(); // every invocation has loaded its inputs before any overwrites them in place
    [[unroll]] for (uint l = 0u; l < FFT_ELEMENTS; ++l) {
        int line = int(l * FFT_WORKGROUP_SIZE + thread) - params.secondOffset;
        if (line >= 0 && line < int(params.lineCount)) {
            spectrum[spectrumIndex(channel, uint(line), rank)] = encodeSpectrum(x[l]);
        }
    }
#endif
}
