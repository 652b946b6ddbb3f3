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

#if FFT_LOG2_SIZE <= FFT_LOG2_WORKGROUP_SIZE
#error "the workgroup FFT needs at least two elements per invocation"
#endif
#if ((1 << (FFT_LOG2_SIZE - FFT_LOG2_WORKGROUP_SIZE - 1)) % FFT_SHARED_PAIRS) != 0
#error "FFT_SHARED_PAIRS must divide the number of element pairs"
#endif

// One slot per invocation and pair in flight; real and imaginary parts apart so that each
// access is one 32-bit word per invocation (no bank conflicts).
shared float fftShareReal[FFT_SHARED_PAIRS * FFT_INVOCATIONS];
shared float fftShareImag[FFT_SHARED_PAIRS * FFT_INVOCATIONS];

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

void fftButterflyForward(inout vec2 lo, inout vec2 hi, vec2 twiddle) {
    vec2 difference = lo - hi;
    lo += hi;
    hi = complexMul(difference, twiddle);
}

// Undoes fftButterflyForward up to a factor of 2 (the inverse divides by N once, at the end).
void fftButterflyInverse(inout vec2 lo, inout vec2 hi, vec2 twiddle) {
    vec2 rotated = complexMul(hi, complexConj(twiddle));
    hi = lo - rotated;
    lo += rotated;
}

void fftShareWrite(uint slot, vec2 value) {
    fftShareReal[slot] = value.x;
    fftShareImag[slot] = value.y;
}

vec2 fftShareRead(uint slot) {
    return vec2(fftShareReal[slot], fftShareImag[slot]);
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

// The exchange before a cross-invocation butterfly at `stride` (< WG). Invocations t and
// t ^ stride trade one element each: the lower one keeps its `lo` and gets the partner's `lo`,
// the upper one gets the partner's `hi` and keeps its own `hi`. Afterwards each invocation
// holds a butterfly pair in (x[2p], x[2p+1]). The exchange is its own inverse.
void fftExchange(inout vec2 x[FFT_ELEMENTS], uint thread, uint stride) {
    bool upper = (thread & stride) != 0u;
    uint invocation = fftInvocationIndex();
    uint distance = stride << FFT_LOG2_BATCH; // the partner's invocation is invocation ^ distance
#if FFT_SUBGROUP_SIZE > 1
    if (distance < FFT_SUBGROUP_SIZE) {
        [[unroll]] for (uint pair = 0u; pair < FFT_PAIRS; ++pair) {
            vec2 give = upper ? x[2u * pair] : x[2u * pair + 1u];
            vec2 got = subgroupShuffleXor(give, distance);
            if (upper) {
                x[2u * pair] = got;
            } else {
                x[2u * pair + 1u] = got;
            }
        }
        return;
    }
#endif
    [[unroll]] for (uint first = 0u; first < FFT_PAIRS; first += FFT_SHARED_PAIRS) {
        [[unroll]] for (uint pair = first; pair < first + FFT_SHARED_PAIRS; ++pair) {
            uint slot = (pair - first) * FFT_INVOCATIONS + invocation;
            fftShareWrite(slot, upper ? x[2u * pair] : x[2u * pair + 1u]);
        }
        barrier();
        [[unroll]] for (uint pair = first; pair < first + FFT_SHARED_PAIRS; ++pair) {
            vec2 got = fftShareRead((pair - first) * FFT_INVOCATIONS + (invocation ^ distance));
            if (upper) {
                x[2u * pair] = got;
            } else {
                x[2u * pair + 1u] = got;
            }
        }
        barrier(); // the next round overwrites the slots just read
    }
}

void fftButterfly(inout vec2 lo, inout vec2 hi, vec2 twiddle, bool inverse) {
    if (inverse) { // a constant in every caller: folds away
        fftButterflyInverse(lo, hi, twiddle);
    } else {
        fftButterflyForward(lo, hi, twiddle);
    }
}

// One stage whose butterfly partners sit in the same invocation: global stride
// 2^log2Local * WG (>= 2 WG). Local elements l and l + 2^log2Local are partners.
// The twiddle at position j * WG + thread is exp(-2 pi i thread / span) times the constant
// exp(-2 pi i j / 2^(log2Local + 1)) (j and log2Local are constants once unrolled, so the
// compiler folds the second factor): one sin / cos per stage instead of one per j.
void fftRegisterStage(inout vec2 x[FFT_ELEMENTS], uint thread, uint log2Local, bool inverse) {
    uint localStride = 1u << log2Local;
    vec2 base = fftTwiddle(thread, log2Local + FFT_LOG2_WORKGROUP_SIZE + 1u);
    [[unroll]] for (uint l = 0u; l < FFT_ELEMENTS; ++l) {
        if ((l & localStride) == 0u) {
            uint j = l & (localStride - 1u);
            vec2 twiddle = j == 0u ? base : complexMul(base, fftTwiddle(j, log2Local + 1u));
            fftButterfly(x[l], x[l + localStride], twiddle, inverse);
        }
    }
}

// The butterfly at global stride 2^log2Stride (<= WG) on every pair (x[2p], x[2p+1]). After
// the exchanges so far, the pair's `lo` sits at position (thread mod stride) of its span.
void fftPairStage(inout vec2 x[FFT_ELEMENTS], uint thread, uint log2Stride, bool inverse) {
    uint position = thread & ((1u << log2Stride) - 1u);
    vec2 twiddle = fftPairTwiddle(position, log2Stride);
    [[unroll]] for (uint pair = 0u; pair < FFT_PAIRS; ++pair) {
        fftButterfly(x[2u * pair], x[2u * pair + 1u], twiddle, inverse);
    }
}

void fftForward(inout vec2 x[FFT_ELEMENTS]) {
#if FFT_TWIDDLE_TABLE
    fftFillTwiddleTable();
#endif
    uint thread = fftThreadIndex();
    [[unroll]] for (int log2Local = int(FFT_LOG2_ELEMENTS) - 1; log2Local >= 1; --log2Local) {
        fftRegisterStage(x, thread, uint(log2Local), false);
    }
    fftPairStage(x, thread, FFT_LOG2_WORKGROUP_SIZE, false);
    [[unroll]] for (int log2Stride = int(FFT_LOG2_WORKGROUP_SIZE) - 1; log2Stride >= 0;
                    --log2Stride) {
        fftExchange(x, thread, 1u << uint(log2Stride));
        fftPairStage(x, thread, uint(log2Stride), false);
    }
}

void fftInverse(inout vec2 x[FFT_ELEMENTS]) {
#if FFT_TWIDDLE_TABLE
    fftFillTwiddleTable();
#endif
    uint thread = fftThreadIndex();
    [[unroll]] for (uint log2Stride = 0u; log2Stride < FFT_LOG2_WORKGROUP_SIZE; ++log2Stride) {
        fftPairStage(x, thread, log2Stride, true);
        fftExchange(x, thread, 1u << log2Stride);
    }
    fftPairStage(x, thread, FFT_LOG2_WORKGROUP_SIZE, true);
    [[unroll]] for (uint log2Local = 1u; log2Local < FFT_LOG2_ELEMENTS; ++log2Local) {
        fftRegisterStage(x, thread, log2Local, true);
    }
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
