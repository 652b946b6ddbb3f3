// The pair-exchange core of the workgroup FFT (docs/fft.md, "The algorithm"): radix-2 stages,
// the ones across invocations each after an exchange of half the elements with a partner
// (subgroup shuffles below the subgroup size, shared memory above). Used where the radix-group
// core does not fit in shared memory or E < 8. Included by workgroup_fft.glsl only.
#ifndef FFTBLOOM_PAIR_EXCHANGE_GLSL
#define FFTBLOOM_PAIR_EXCHANGE_GLSL

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

void fftForwardCore(inout vec2 x[FFT_ELEMENTS], uint thread) {
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

// Undoes fftForwardCore up to a factor of N.
void fftInverseCore(inout vec2 x[FFT_ELEMENTS], uint thread) {
    [[unroll]] for (uint log2Stride = 0u; log2Stride < FFT_LOG2_WORKGROUP_SIZE; ++log2Stride) {
        fftPairStage(x, thread, log2Stride, true);
        fftExchange(x, thread, 1u << log2Stride);
    }
    fftPairStage(x, thread, FFT_LOG2_WORKGROUP_SIZE, true);
    [[unroll]] for (uint log2Local = 1u; log2Local < FFT_LOG2_ELEMENTS; ++log2Local) {
        fftRegisterStage(x, thread, log2Local, true);
    }
}

#endif
