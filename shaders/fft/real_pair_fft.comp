#version 460
// Two real signals per FFT (FFT_BATCH FFTs per workgroup) through one complex FFT: z = a + i b, Z = FFT(z), then
//   A[k] = (Z[k] + conj(Z[N-k])) / 2,   B[k] = (Z[k] - conj(Z[N-k])) / 2i,   0 <= k <= N/2.
// Input:  batchCount * FFT_SIZE vec2, (a[n], b[n]) interleaved: the packing is the layout.
// Output: per signal pair, A[0 .. N/2] then B[0 .. N/2] in natural order.
#include "fft/workgroup_fft.glsl"

layout(local_size_x = FFT_INVOCATIONS) in;

layout(std430, set = 0, binding = 0) readonly buffer Signals {
    vec2 signals[];
};
layout(std430, set = 0, binding = 1) writeonly buffer HalfSpectra {
    vec2 halfSpectra[];
};

const uint HALF_LENGTH = FFT_SIZE / 2u + 1u;

void storeUnpacked(uint base, uint frequency, vec2 value, vec2 mirror) {
    halfSpectra[base + frequency] = 0.5 * (value + complexConj(mirror));
    halfSpectra[base + HALF_LENGTH + frequency] = -0.5 * complexMulI(value - complexConj(mirror));
}

void main() {
    uint thread = fftThreadIndex();
    uint signal = gl_WorkGroupID.x * FFT_BATCH + fftBatchIndex();
    uint inputBase = signal * FFT_SIZE;
    vec2 x[FFT_ELEMENTS];
    [[unroll]] for (uint l = 0u; l < FFT_ELEMENTS; ++l) {
        x[l] = signals[inputBase + l * FFT_WORKGROUP_SIZE + thread];
    }
    fftForward(x);
    vec2 mirrors[FFT_ELEMENTS];
    fftGatherEvenMirrors(x, mirrors);

    // Even local elements hold frequencies 0 .. N/2 - 1; Nyquist is element 1 of invocation 0.
    uint outputBase = signal * 2u * HALF_LENGTH;
    [[unroll]] for (uint l = 0u; l < FFT_ELEMENTS; l += 2u) {
        uint frequency = fftEvenElementDftIndex(l / 2u, thread, FFT_LOG2_SIZE,
                                                FFT_LOG2_WORKGROUP_SIZE);
        storeUnpacked(outputBase, frequency, x[l], mirrors[l]);
    }
    if (thread == 0u) {
        storeUnpacked(outputBase, FFT_SIZE / 2u, x[1], x[1]); // Nyquist is its own mirror
    }
}
