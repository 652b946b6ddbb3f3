#version 460
// A batch of complex FFTs in place, FFT_BATCH per workgroup: forward turns natural order into
// Nabla order, inverse (FFT_INVERSE defined) turns Nabla order back into natural order.
// Buffer: batchCount * FFT_SIZE vec2, FFT b at [b * FFT_SIZE, (b + 1) * FFT_SIZE).
#include "fft/workgroup_fft.glsl"

layout(local_size_x = FFT_INVOCATIONS) in;

layout(std430, set = 0, binding = 0) buffer Signals {
    vec2 signals[];
};

void main() {
    uint base = (gl_WorkGroupID.x * FFT_BATCH + fftBatchIndex()) * FFT_SIZE;
    uint thread = fftThreadIndex();
    vec2 x[FFT_ELEMENTS];
    [[unroll]] for (uint l = 0u; l < FFT_ELEMENTS; ++l) {
        x[l] = signals[base + l * FFT_WORKGROUP_SIZE + thread];
    }
#ifdef FFT_INVERSE
    fftInverse(x);
#else
    fftForward(x);
#endif
    [[unroll]] for (uint l = 0u; l < FFT_ELEMENTS; ++l) {
        signals[base + l * FFT_WORKGROUP_SIZE + thread] = x[l];
    }
}
