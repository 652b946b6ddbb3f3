// The radix-group core of the workgroup FFT (docs/fft.md, "Radix groups"): the same radix-2
// decimation in frequency as the pair-exchange core, but up to e = log2 E position bits at a
// time: an E-point (or smaller) DFT in registers, one twiddle per element, then one shared-
// memory "regroup" that brings the next bits into registers. log2 N = 10 with E = 8 takes 3
// regroups where the pair-exchange core takes 7 exchanges. Its output order is the same
// (Nabla order), so everything downstream is shared. Included by workgroup_fft.glsl only.
//
// Group [lo, hi) means: position bits [lo, hi) are in local bits [0, hi - lo); the layout is
// fftGroupPosition's (fft_index.h). The forward visits [w, n), then groups of at most e bits
// down to position bit 1, then [0, 1); the inverse visits them in reverse.
#ifndef FFTBLOOM_RADIX_GROUPS_GLSL
#define FFTBLOOM_RADIX_GROUPS_GLSL

// Regroups between position bits 1 and w: ceil((w - 1) / e), the top one starting at bit w.
#define FFT_MIDDLE_GROUPS                                                                      \
    (FFT_LOG2_WORKGROUP_SIZE > 1 ? (FFT_LOG2_WORKGROUP_SIZE - 2 + FFT_LOG2_ELEMENTS) /         \
                                       FFT_LOG2_ELEMENTS                                       \
                                 : 0)

// Middle group g covers [max(1, top - e), top) with top = w - g e.
uint fftMiddleGroupHi(uint g) {
    return FFT_LOG2_WORKGROUP_SIZE - g * FFT_LOG2_ELEMENTS;
}

uint fftMiddleGroupLo(uint g) {
    uint hi = fftMiddleGroupHi(g);
    return hi > FFT_LOG2_ELEMENTS + 1u ? hi - FFT_LOG2_ELEMENTS : 1u;
}

// v * W^j with W = exp(-2 pi i / 2^log2Order) (its conjugate when `conjugate`), 2j < 2^log2Order.
// All arguments are constants once unrolled: the trivial roots cost no multiplies.
vec2 fftRotateByRoot(vec2 v, uint j, uint log2Order, bool conjugate) {
    const float halfSqrt2 = 0.70710678118654752;
    uint order = 1u << log2Order;
    vec2 u = conjugate ? complexConj(v) : v; // conj(W) v = conj(W conj(v))
    vec2 rotated;
    if (j == 0u) {
        rotated = u;
    } else if (4u * j == order) { // -i
        rotated = vec2(u.y, -u.x);
    } else if (8u * j == order) { // (1 - i) / sqrt 2
        rotated = halfSqrt2 * vec2(u.x + u.y, u.y - u.x);
    } else if (8u * j == 3u * order) { // (-1 - i) / sqrt 2
        rotated = halfSqrt2 * vec2(u.y - u.x, -(u.x + u.y));
    } else {
        rotated = complexMul(u, fftTwiddle(j, log2Order));
    }
    return conjugate ? complexConj(rotated) : rotated;
}

// W_{2^log2Span}^index for index < 2^log2Span / 2: from the pair-stage table where it has the
// level, else computed.
vec2 fftGroupTwiddle(uint index, uint log2Span) {
#if FFT_TWIDDLE_TABLE
    if (log2Span <= FFT_LOG2_WORKGROUP_SIZE + 1u) {
        return fftPairTwiddle(index, log2Span - 1u);
    }
#endif
    return fftTwiddle(index, log2Span);
}

// Element l of group [lo, hi) holds sub-frequency k1 = reverse_s(l mod 2^s), s = hi - lo, of
// the DFT over its group bits; the decimation leaves it to be multiplied by W_{2^hi}^(a k1),
// where a is the thread's position bits below lo (docs/fft.md). W^(a 2^i) comes from the
// table or sin / cos; the other powers are products of those.
void fftGroupTwiddles(inout vec2 x[FFT_ELEMENTS], uint thread, uint lo, uint hi, bool inverse) {
    uint groupBits = hi - lo;
    uint groupSize = 1u << groupBits;
    uint a = thread & ((1u << lo) - 1u);
    vec2 powers[FFT_ELEMENTS]; // powers[k1] = W_{2^hi}^(a k1), k1 < groupSize
    [[unroll]] for (uint k1 = 1u; k1 < FFT_ELEMENTS; ++k1) {
        if (k1 < groupSize) {
            uint highBit = 1u << uint(findMSB(k1));
            if (k1 == highBit) {
                powers[k1] = fftGroupTwiddle(a, hi - uint(findMSB(k1)));
            } else {
                powers[k1] = complexMul(powers[highBit], powers[k1 - highBit]);
            }
        }
    }
    [[unroll]] for (uint l = 0u; l < FFT_ELEMENTS; ++l) {
        uint k1 = fftReverseBits(l & (groupSize - 1u), groupBits);
        if (k1 != 0u) {
            x[l] = complexMul(x[l], inverse ? complexConj(powers[k1]) : powers[k1]);
        }
    }
}

// The group's DFT in registers (decimation in frequency, constant twiddles), then its twiddles.
void fftGroupForward(inout vec2 x[FFT_ELEMENTS], uint thread, uint lo, uint hi) {
    uint groupBits = hi - lo;
    [[unroll]] for (int bit = int(groupBits) - 1; bit >= 0; --bit) {
        uint stride = 1u << uint(bit);
        [[unroll]] for (uint l = 0u; l < FFT_ELEMENTS; ++l) {
            if ((l & stride) == 0u) {
                vec2 difference = x[l] - x[l + stride];
                x[l] += x[l + stride];
                x[l + stride] = fftRotateByRoot(difference, l & (stride - 1u), uint(bit) + 1u,
                                                false);
            }
        }
    }
    if (lo > 0u) {
        fftGroupTwiddles(x, thread, lo, hi, false);
    }
}

// Undoes fftGroupForward up to a factor of 2^(hi - lo): conjugate twiddles, then the DFT's
// stages in reverse (decimation in time).
void fftGroupInverse(inout vec2 x[FFT_ELEMENTS], uint thread, uint lo, uint hi) {
    if (lo > 0u) {
        fftGroupTwiddles(x, thread, lo, hi, true);
    }
    uint groupBits = hi - lo;
    [[unroll]] for (uint bit = 0u; bit < groupBits; ++bit) {
        uint stride = 1u << bit;
        [[unroll]] for (uint l = 0u; l < FFT_ELEMENTS; ++l) {
            if ((l & stride) == 0u) {
                vec2 rotated = fftRotateByRoot(x[l + stride], l & (stride - 1u), bit + 1u, true);
                x[l + stride] = x[l] - rotated;
                x[l] += rotated;
            }
        }
    }
}

// The shared-memory slot that the element at `position` goes to when regrouping into group
// [lo, hi): its new local element's row, its new invocation's column. Rows are padded by
// FFT_GROUP_PAD so that strided writes spread over the banks.
uint fftRegroupSlot(uint position, uint lo, uint hi) {
    uint element = fftGroupLocalElement(position, lo, hi, FFT_LOG2_WORKGROUP_SIZE);
    uint reader = fftGroupThread(position, lo, hi, FFT_LOG2_WORKGROUP_SIZE);
    return element * (FFT_INVOCATIONS + FFT_GROUP_PAD) + (reader << FFT_LOG2_BATCH);
}

// Moves every element from group [fromLo, fromHi)'s layout to group [toLo, toHi)'s. The
// layouts are bit permutations, so an element's slot is the sum of its local element's part
// (a constant once unrolled) and its thread's part (computed once).
void fftRegroup(inout vec2 x[FFT_ELEMENTS], uint thread, uint fromLo, uint fromHi, uint toLo,
                uint toHi) {
    uint threadPart =
        fftRegroupSlot(fftGroupPosition(0u, thread, fromLo, fromHi, FFT_LOG2_WORKGROUP_SIZE),
                       toLo, toHi) +
        fftBatchIndex();
    [[unroll]] for (uint l = 0u; l < FFT_ELEMENTS; ++l) {
        uint position = fftGroupPosition(l, 0u, fromLo, fromHi, FFT_LOG2_WORKGROUP_SIZE);
        fftShareWrite(threadPart + fftRegroupSlot(position, toLo, toHi), x[l]);
    }
    barrier();
    uint invocation = fftInvocationIndex();
    [[unroll]] for (uint l = 0u; l < FFT_ELEMENTS; ++l) {
        x[l] = fftShareRead(l * (FFT_INVOCATIONS + FFT_GROUP_PAD) + invocation);
    }
    barrier(); // the next regroup (or mirror gather) overwrites the slots just read
}

void fftForwardCore(inout vec2 x[FFT_ELEMENTS], uint thread) {
    fftGroupForward(x, thread, FFT_LOG2_WORKGROUP_SIZE, FFT_LOG2_SIZE);
    [[unroll]] for (uint g = 0u; g < FFT_MIDDLE_GROUPS; ++g) {
        uint previousLo = g == 0u ? FFT_LOG2_WORKGROUP_SIZE : fftMiddleGroupLo(g - 1u);
        uint previousHi = g == 0u ? FFT_LOG2_SIZE : fftMiddleGroupHi(g - 1u);
        fftRegroup(x, thread, previousLo, previousHi, fftMiddleGroupLo(g), fftMiddleGroupHi(g));
        fftGroupForward(x, thread, fftMiddleGroupLo(g), fftMiddleGroupHi(g));
    }
#if FFT_LOG2_WORKGROUP_SIZE > 0
    uint lastLo = FFT_MIDDLE_GROUPS > 0 ? fftMiddleGroupLo(FFT_MIDDLE_GROUPS - 1u)
                                        : FFT_LOG2_WORKGROUP_SIZE;
    uint lastHi =
        FFT_MIDDLE_GROUPS > 0 ? fftMiddleGroupHi(FFT_MIDDLE_GROUPS - 1u) : FFT_LOG2_SIZE;
    fftRegroup(x, thread, lastLo, lastHi, 0u, 1u);
    fftGroupForward(x, thread, 0u, 1u);
#endif
}

void fftInverseCore(inout vec2 x[FFT_ELEMENTS], uint thread) {
#if FFT_LOG2_WORKGROUP_SIZE > 0
    fftGroupInverse(x, thread, 0u, 1u);
    uint lastLo = FFT_MIDDLE_GROUPS > 0 ? fftMiddleGroupLo(FFT_MIDDLE_GROUPS - 1u)
                                        : FFT_LOG2_WORKGROUP_SIZE;
    uint lastHi =
        FFT_MIDDLE_GROUPS > 0 ? fftMiddleGroupHi(FFT_MIDDLE_GROUPS - 1u) : FFT_LOG2_SIZE;
    fftRegroup(x, thread, 0u, 1u, lastLo, lastHi);
#endif
    [[unroll]] for (int g = int(FFT_MIDDLE_GROUPS) - 1; g >= 0; --g) {
        uint group = uint(g);
        fftGroupInverse(x, thread, fftMiddleGroupLo(group), fftMiddleGroupHi(group));
        uint previousLo = group == 0u ? FFT_LOG2_WORKGROUP_SIZE : fftMiddleGroupLo(group - 1u);
        uint previousHi = group == 0u ? FFT_LOG2_SIZE : fftMiddleGroupHi(group - 1u);
        fftRegroup(x, thread, fftMiddleGroupLo(group), fftMiddleGroupHi(group), previousLo,
                   previousHi);
    }
    fftGroupInverse(x, thread, FFT_LOG2_WORKGROUP_SIZE, FFT_LOG2_SIZE);
}

#endif
