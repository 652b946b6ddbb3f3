#version 460
// The tent spectrum (design.md §2.5): F(fx, fy) = bilinear interpolation of the K x K kernel
// spectrum F_K at (fx K / Px, fy K / Py), periodic (index K = 0), written on the padded grid in
// the layout pass 2 reads. One invocation per target value.
// Source: F_K as the kernel precompute stores it for K x K, y first: per channel K/2 + 1 rows
// (ranks of fy, row K/2 = Nyquist) of K values in the K-point FFT's Nabla order of fx, in
// bloomKernelIndex's tiles.
// Target: per channel P1/2 + 1 rows of P2 values, the same arrangement on the padded grid.
// Invocations run along rows (x), the fastest index within a tile.
#extension GL_EXT_control_flow_attributes : require
#include "bloom/bloom_params.h"
#include "fft/complex.glsl"
#include "fft/fft_index.h"

layout(local_size_x = 64) in;

layout(push_constant) uniform PushConstants {
    TentResampleParams params;
};
layout(std430, set = 0, binding = 0) readonly buffer KernelSpectrumK {
    vec2 source[];
};
layout(std430, set = 0, binding = 1) writeonly buffer KernelSpectrumPadded {
    vec2 target[];
};

// F_K(u, v) for any 0 <= u, v < K; the upper halfSize of v through F_K(u, v) = conj F_K(-u, -v).
vec2 kernelSpectrumAt(uint channel, uint u, uint v) {
    uint size = 1u << params.log2Kernel;
    uint halfSize = size / 2u;
    bool conjugate = v > halfSize;
    if (conjugate) {
        u = (size - u) & (size - 1u);
        v = size - v;
    }
    uint row = v == halfSize ? halfSize : fftReverseBits(v, params.log2Kernel - 1u);
    uint column = fftNablaIndex(u, params.log2Kernel, params.log2KernelWorkgroup);
    vec2 value = source[bloomKernelIndex(channel, row, column, halfSize, size)];
    return conjugate ? complexConj(value) : value;
}

// The first axis frequency of a target row: its rank's frequency, or Nyquist for the last row.
uint rowFrequency(uint row) {
    uint halfSize = 1u << (params.log2First - 1u);
    return row == halfSize ? halfSize : fftReverseBits(row, params.log2First - 1u);
}

void main() {
    uint row = gl_GlobalInvocationID.x;
    uint column = gl_GlobalInvocationID.y;
    uint channel = gl_GlobalInvocationID.z;
    uint secondSize = 1u << params.log2Second;
    uint targetRows = (1u << (params.log2First - 1u)) + 1u;
    if (row >= targetRows) {
        return; // no barriers in this shader, so an early return is safe
    }
    uint firstFrequency = rowFrequency(row);
    uint secondFrequency = fftDftIndex(column, params.log2Second, params.log2SecondWorkgroup);
    bool yFirst = params.firstAxisIsY != 0u;
    uint fx = yFirst ? secondFrequency : firstFrequency;
    uint fy = yFirst ? firstFrequency : secondFrequency;
    uint log2Px = yFirst ? params.log2Second : params.log2First;
    uint log2Py = yFirst ? params.log2First : params.log2Second;

    // (fx K / Px, fy K / Py) in fixed point: exact, since every size is a power of two.
    uint size = 1u << params.log2Kernel;
    uint scaledX = fx << params.log2Kernel;
    uint scaledY = fy << params.log2Kernel;
    uint u0 = scaledX >> log2Px;
    uint v0 = scaledY >> log2Py;
    float fracU = float(scaledX & ((1u << log2Px) - 1u)) / float(1u << log2Px);
    float fracV = float(scaledY & ((1u << log2Py) - 1u)) / float(1u << log2Py);
    uint u1 = (u0 + 1u) & (size - 1u);
    uint v1 = (v0 + 1u) & (size - 1u);

    vec2 value = (1.0 - fracU) * (1.0 - fracV) * kernelSpectrumAt(channel, u0, v0) +
                 fracU * (1.0 - fracV) * kernelSpectrumAt(channel, u1, v0) +
                 (1.0 - fracU) * fracV * kernelSpectrumAt(channel, u0, v1) +
                 fracU * fracV * kernelSpectrumAt(channel, u1, v1);
    target[bloomKernelIndex(channel, row, column, targetRows - 1u, secondSize)] = value;
}
