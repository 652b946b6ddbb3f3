// The workgroup FFT: B independent complex FFTs of length N = E * WG per workgroup, E elements
// per invocation held in registers, radix-2 decimation in frequency forward and decimation in
// time inverse. docs/fft.md explains the algorithm and proves its output order.
// The B FFTs are interleaved: invocation i runs thread i / B of FFT i % B, so that B adjacent
// invocations can load B adjacent values of one line (a coalesced segment when the FFTs run
// down columns of a row-major array).
//
// Before including, define (gpu_fft::FftShape::glslDefines() writes these):
//   FFT_LOG2_SIZE            log2 N
//   FFT_LOG2_WORKGROUP_SIZE  log2 WG, the local size the including shader must declare
//   FFT_SUBGROUP_SIZE        the device's subgroup size; exchanges at strides below it go
//                            through subgroup shuffles. 1 = shared memory only.
//   FFT_SHARED_PAIRS         how many element pairs one shared-memory round exchanges
//   FFT_LOG2_BATCH           log2 B, FFTs per workgroup (optional, default 0); the including
//                            shader declares local_size_x = FFT_INVOCATIONS = WG * B
//   FFT_TWIDDLE_TABLE        1: the pair stages read their twiddles from a table in shared
//                            memory (2 WG values); 0 (default): each stage computes its own
//   FFT_RADIX_GROUPS         1: the radix-group core (radix_groups.glsl, E >= 8, N * B
//                            values of shared memory); 0 (default): the pair-exchange core
//                            (pair_exchange.glsl). Both leave the same (Nabla) order.
//   FFT_GROUP_PAD            radix groups only: padding slots per row of shared memory
// (plain integers without a u suffix: the preprocessor checks them below)
//
// Provides:
//   FFT_SIZE, FFT_WORKGROUP_SIZE, FFT_ELEMENTS, FFT_BATCH, FFT_INVOCATIONS
//   uint fftThreadIndex()           this invocation's index t within its FFT
//   uint fftBatchIndex()            which of the workgroup's B FFTs this invocation works on
//   void fftForward(inout vec2 x[FFT_ELEMENTS])  x[l] = input[l * WG + t] -> Nabla order
//   void fftInverse(inout vec2 x[FFT_ELEMENTS])  Nabla order -> natural order, divided by N
//   void fftGatherMirrors(vec2 x[], out vec2 mirrors[])  mirrors[l] = X[N - k] where x[l] = X[k]
//   void fftGatherEvenMirrors(...)                       the same for even local elements only
// Every function here must be called in uniform control flow: they contain barriers.
#ifndef FFTBLOOM_WORKGROUP_FFT_GLSL
#define FFTBLOOM_WORKGROUP_FFT_GLSL

#extension GL_KHR_shader_subgroup_basic : require
#extension GL_KHR_shader_subgroup_shuffle : require
#extension GL_EXT_control_flow_attributes : require

#include "fft/complex.glsl"
#include "fft/fft_index.h"

#define FFT_SIZE (1u << FFT_LOG2_SIZE)
#define FFT_WORKGROUP_SIZE (1u << FFT_LOG2_WORKGROUP_SIZE)
#define FFT_LOG2_ELEMENTS (FFT_LOG2_SIZE - FFT_LOG2_WORKGROUP_SIZE)
#define FFT_ELEMENTS (1u << FFT_LOG2_ELEMENTS)
#define FFT_PAIRS (FFT_ELEMENTS / 2u)
#ifndef FFT_LOG2_BATCH
#define FFT_LOG2_BATCH 0
#endif
#define FFT_BATCH (1u << FFT_LOG2_BATCH)
#define FFT_INVOCATIONS (FFT_WORKGROUP_SIZE << FFT_LOG2_BATCH)
#ifndef FFT_TWIDDLE_TABLE
#define FFT_TWIDDLE_TABLE 0
#endif
#ifndef FFT_RADIX_GROUPS
#define FFT_RADIX_GROUPS 0
#endif
#ifndef FFT_GROUP_PAD
#define FFT_GROUP_PAD 0
#endif

#if FFT_LOG2_SIZE <= FFT_LOG2_WORKGROUP_SIZE
#error "the workgroup FFT needs at least two elements per invocation"
#endif
#if ((1 << (FFT_LOG2_SIZE - FFT_LOG2_WORKGROUP_SIZE - 1)) % FFT_SHARED_PAIRS) != 0
#error "FFT_SHARED_PAIRS must divide the number of element pairs"
#endif

#if FFT_RADIX_GROUPS
// One row of slots per local element, padded (docs/fft.md, "Radix groups").
shared vec2 fftShareSlots[FFT_ELEMENTS * (FFT_INVOCATIONS + FFT_GROUP_PAD)];
#else
// One slot per invocation and pair in flight; real and imaginary parts apart so that each
// access is one 32-bit word per invocation (no bank conflicts).
shared float fftShareReal[FFT_SHARED_PAIRS * FFT_INVOCATIONS];
shared float fftShareImag[FFT_SHARED_PAIRS * FFT_INVOCATIONS];
#endif

// This invocation's index in the workgroup, i = t * B + batch.
uint fftInvocationIndex() {
#if FFT_SUBGROUP_SIZE > 1
    // Numbered through subgroups so that partners at strides below the subgroup size are
    // always in the same subgroup, however the device lays subgroups out.
    return gl_SubgroupID * gl_SubgroupSize + gl_SubgroupInvocationID;
#else
    return gl_LocalInvocationIndex;
#endif
}

uint fftThreadIndex() {
    return fftInvocationIndex() >> FFT_LOG2_BATCH;
}

uint fftBatchIndex() {
    return fftInvocationIndex() & (FFT_BATCH - 1u);
}

void fftShareWrite(uint slot, vec2 value) {
#if FFT_RADIX_GROUPS
    fftShareSlots[slot] = value;
#else
    fftShareReal[slot] = value.x;
    fftShareImag[slot] = value.y;
#endif
}

vec2 fftShareRead(uint slot) {
#if FFT_RADIX_GROUPS
    return fftShareSlots[slot];
#else
    return vec2(fftShareReal[slot], fftShareImag[slot]);
#endif
}

#if FFT_TWIDDLE_TABLE
// The pair stages' twiddles, one level per stride s = 1, 2, 4, ..., WG:
// entry s + j = exp(-2 pi i j / 2s) for 0 <= j < s (entry 0 is unused). A stage's invocations
// read consecutive entries (or the same one), so the reads are free of bank conflicts. Filled
// once per shader run, 2 values per FFT thread, instead of one sin / cos per stage.
shared float fftTwiddleReal[2u * FFT_WORKGROUP_SIZE];
shared float fftTwiddleImag[2u * FFT_WORKGROUP_SIZE];
bool fftTwiddleTableFilled = false; // the same in every invocation: uniform control flow

void fftFillTwiddleTable() {
    if (fftTwiddleTableFilled) {
        return;
    }
    for (uint entry = fftInvocationIndex(); entry < 2u * FFT_WORKGROUP_SIZE;
         entry += FFT_INVOCATIONS) {
        if (entry > 0u) {
            uint log2Level = uint(findMSB(entry));
            vec2 twiddle = fftTwiddle(entry - (1u << log2Level), log2Level + 1u);
            fftTwiddleReal[entry] = twiddle.x;
            fftTwiddleImag[entry] = twiddle.y;
        }
    }
    barrier();
    fftTwiddleTableFilled = true;
}
#endif

// exp(-2 pi i position / 2^(log2Stride + 1)), position < 2^log2Stride <= WG.
vec2 fftPairTwiddle(uint position, uint log2Stride) {
#if FFT_TWIDDLE_TABLE
    uint entry = (1u << log2Stride) + position;
    return vec2(fftTwiddleReal[entry], fftTwiddleImag[entry]);
#else
    return fftTwiddle(position, log2Stride + 1u);
#endif
}

#if FFT_RADIX_GROUPS
#include "fft/radix_groups.glsl"
#else
#include "fft/pair_exchange.glsl"
#endif

void fftForward(inout vec2 x[FFT_ELEMENTS]) {
#if FFT_TWIDDLE_TABLE
    fftFillTwiddleTable();
#endif
    fftForwardCore(x, fftThreadIndex());
}

void fftInverse(inout vec2 x[FFT_ELEMENTS]) {
#if FFT_TWIDDLE_TABLE
    fftFillTwiddleTable();
#endif
    fftInverseCore(x, fftThreadIndex());
    const float scale = 1.0 / float(FFT_SIZE);
    [[unroll]] for (uint l = 0u; l < FFT_ELEMENTS; ++l) {
        x[l] *= scale;
    }
}

// The spectrum value at frequency N - k, where local element l holds frequency k (Nabla
// order). One shared-memory round: invocation t sends its element fftMirrorLocalElement(l, t)
// to its trade partner and receives the partner's in return (docs/fft.md proves this is a
// one-to-one trade). Call with a constant l (an unrolled loop) in uniform control flow.
vec2 fftMirrorOf(vec2 x[FFT_ELEMENTS], uint l, uint thread) {
    FftMirrorTrade trade = fftMirrorTrade(l, thread, FFT_LOG2_SIZE, FFT_LOG2_WORKGROUP_SIZE);
    vec2 give;
    if (l < 2u) { // DC / Nyquist row: the element sent depends on the invocation
        uint sent = fftMirrorLocalElement(l, thread, FFT_LOG2_SIZE, FFT_LOG2_WORKGROUP_SIZE);
        give = sent == 0u ? x[0] : x[1];
    } else { // the same element for every invocation: a constant index once unrolled
        give = x[fftMirrorLocalElement(l, 0u, FFT_LOG2_SIZE, FFT_LOG2_WORKGROUP_SIZE)];
    }
    uint invocation = fftInvocationIndex();
    fftShareWrite(invocation, give);
    barrier();
    vec2 mirror = fftShareRead((trade.thread << FFT_LOG2_BATCH) | fftBatchIndex());
    barrier();
    return mirror;
}

// mirrors[l] = X[N - k] for every local element l holding X[k].
void fftGatherMirrors(vec2 x[FFT_ELEMENTS], out vec2 mirrors[FFT_ELEMENTS]) {
    uint thread = fftThreadIndex();
    [[unroll]] for (uint l = 0u; l < FFT_ELEMENTS; ++l) {
        mirrors[l] = fftMirrorOf(x, l, thread);
    }
}

// The same for the even local elements only (frequencies 0 .. N/2 - 1), which is all a real
// FFT's unpacking needs; odd entries of `mirrors` are left as they were.
void fftGatherEvenMirrors(vec2 x[FFT_ELEMENTS], inout vec2 mirrors[FFT_ELEMENTS]) {
    uint thread = fftThreadIndex();
    [[unroll]] for (uint l = 0u; l < FFT_ELEMENTS; l += 2u) {
        mirrors[l] = fftMirrorOf(x, l, thread);
    }
}

#endif
