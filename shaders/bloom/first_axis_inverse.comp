#version 460
// Pass 3: the inverse FFT along the first axis of two lines at once. Their half spectra are
// packed again into z = A + i B: frequencies below P1/2 come straight from the spectrum buffer,
// those above from the Hermitian mirror (A(N-k) = conj A(k) for a real line), and DC / Nyquist
// from rank 0. The result is cropped to the source on store.
// Workgroup (pair group, 0, channel): FFT_BATCH adjacent pairs side by side (y-first batches
// them so that adjacent invocations read adjacent image columns). FFT defines: the first axis.
#include "bloom/bloom_common.glsl"
#include "fft/workgroup_fft.glsl"

layout(local_size_x = FFT_INVOCATIONS) in;

layout(std430, set = 0, binding = 0) readonly buffer Spectrum {
    SPECTRUM_VALUE spectrum[];
};
layout(std430, set = 0, binding = 1) writeonly buffer Planes {
    float planes[];
};

// The rank where the frequency held at Nabla index `o` (below P1/2) is stored.
uint rankOfEvenElement(uint o) {
    uint l = o >> FFT_LOG2_WORKGROUP_SIZE;
    return (l / 2u) * FFT_WORKGROUP_SIZE + (o & (FFT_WORKGROUP_SIZE - 1u));
}

vec2 loadSpectrum(uint channel, uint line, bool present, uint rank) {
    return present ? decodeSpectrum(spectrum[spectrumIndex(channel, line, rank)]) : vec2(0.0);
}

void main() {
    uint channel = gl_WorkGroupID.z;
    uint line0 = 2u * (gl_WorkGroupID.x * FFT_BATCH + fftBatchIndex());
    uint line1 = line0 + 1u;
    bool hasLine0 = line0 < params.lineCount; // the last group may run past the lines
    bool hasLine1 = line1 < params.lineCount;
    uint thread = fftThreadIndex();

    vec2 x[FFT_ELEMENTS];
    [[unroll]] for (uint l = 0u; l < FFT_ELEMENTS; ++l) {
        uint o = l * FFT_WORKGROUP_SIZE + thread;
        if (o == 0u || o == FFT_WORKGROUP_SIZE) { // DC (o = 0) or Nyquist (o = WG)
            vec2 a = loadSpectrum(channel, line0, hasLine0, 0u);
            vec2 b = loadSpectrum(channel, line1, hasLine1, 0u);
            x[l] = o == 0u ? vec2(a.x, b.x) : vec2(a.y, b.y);
        } else if ((l & 1u) == 0u) { // frequency k < P1/2: stored as it is
            uint rank = rankOfEvenElement(o);
            vec2 a = loadSpectrum(channel, line0, hasLine0, rank);
            vec2 b = loadSpectrum(channel, line1, hasLine1, rank);
            x[l] = a + complexMulI(b);
        } else { // k > P1/2: conj of the stored N - k, which sits at an even element
            uint mirror = fftNablaMirrorIndex(o, FFT_LOG2_SIZE, FFT_LOG2_WORKGROUP_SIZE);
            uint rank = rankOfEvenElement(mirror);
            vec2 a = complexConj(loadSpectrum(channel, line0, hasLine0, rank));
            vec2 b = complexConj(loadSpectrum(channel, line1, hasLine1, rank));
            x[l] = a + complexMulI(b);
        }
    }
    fftInverse(x);
#ifdef SPECTRUM_FP16
    [[unroll]] for (uint l = 0u; l < FFT_ELEMENTS; ++l) {
        x[l] /= params.spectrumScale; // a power of two: exact
    }
#endif

    [[unroll]] for (uint l = 0u; l < FFT_ELEMENTS; ++l) {
        int sampleIndex = int(l * FFT_WORKGROUP_SIZE + thread) - params.firstOffset;
        if (hasLine0 && sampleIndex >= 0 && sampleIndex < int(params.lineLength)) {
            planes[planeIndex(channel, line0, uint(sampleIndex))] = x[l].x;
            if (hasLine1) {
                planes[planeIndex(channel, line1, uint(sampleIndex))] = x[l].y;
            }
        }
    }
}
