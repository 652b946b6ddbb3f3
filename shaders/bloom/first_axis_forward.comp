#version 460
// Pass 1 (and the kernel precompute's first step): the FFT along the first axis of two source
// lines at once, z = line0 + i line1, padding applied on load; unpacked with the mirror trade
// into the two lines' half spectra. Lines that are pure padding are never transformed: the
// second axis reads padding from these lines' spectra (mirror) or as zeros.
// Workgroup (pair group, 0, channel): FFT_BATCH adjacent pairs side by side (y-first batches
// them so that adjacent invocations read adjacent image columns). FFT defines: the first axis.
#include "bloom/bloom_common.glsl"
#include "fft/workgroup_fft.glsl"

layout(local_size_x = FFT_INVOCATIONS) in;

layout(std430, set = 0, binding = 0) readonly buffer Planes {
    float planes[];
};
layout(std430, set = 0, binding = 1) writeonly buffer Spectrum {
    SPECTRUM_VALUE spectrum[];
};

void storeSpectrum(uint channel, uint line, uint rank, vec2 value) {
#ifdef SPECTRUM_FP16
    value *= params.spectrumScale;
#endif
    spectrum[spectrumIndex(channel, line, rank)] = encodeSpectrum(value);
}

float loadSample(uint channel, uint line, int sampleIndex) {
    return sampleIndex < 0 ? 0.0 : planes[planeIndex(channel, line, uint(sampleIndex))];
}

// The half-spectrum values of the two real lines at one frequency k and its mirror N - k.
void unpack(vec2 value, vec2 mirror, out vec2 first, out vec2 second) {
    first = 0.5 * (value + complexConj(mirror));
    second = -0.5 * complexMulI(value - complexConj(mirror));
}

void main() {
    uint channel = gl_WorkGroupID.z;
    uint line0 = 2u * (gl_WorkGroupID.x * FFT_BATCH + fftBatchIndex());
    uint line1 = line0 + 1u;
    bool hasLine0 = line0 < params.lineCount; // the last group may run past the lines
    bool hasLine1 = line1 < params.lineCount; // an odd line count pairs the last with zeros
    uint thread = fftThreadIndex();

    vec2 x[FFT_ELEMENTS];
    [[unroll]] for (uint l = 0u; l < FFT_ELEMENTS; ++l) {
        int padded = int(l * FFT_WORKGROUP_SIZE + thread);
        int source = bloomSourceIndex(padded, params.firstOffset, params.lineLength, FFT_SIZE,
                                      params.padding);
        x[l] = vec2(hasLine0 ? loadSample(channel, line0, source) : 0.0,
                    hasLine1 ? loadSample(channel, line1, source) : 0.0);
    }
    fftForward(x);
    vec2 mirrors[FFT_ELEMENTS];
    fftGatherEvenMirrors(x, mirrors);

    [[unroll]] for (uint l = 0u; l < FFT_ELEMENTS; l += 2u) {
        uint rank = (l / 2u) * FFT_WORKGROUP_SIZE + thread;
        vec2 first, second;
        unpack(x[l], mirrors[l], first, second);
        if (rank == 0u) { // DC and Nyquist are real: pack them into one complex value
            vec2 firstNyquist, secondNyquist;
            unpack(x[1], x[1], firstNyquist, secondNyquist); // Nyquist is its own mirror
            first = vec2(first.x, firstNyquist.x);
            second = vec2(second.x, secondNyquist.x);
        }
        if (hasLine0) {
            storeSpectrum(channel, line0, rank, first);
        }
        if (hasLine1) {
            storeSpectrum(channel, line1, rank, second);
        }
    }
}
