// Complex numbers as vec2 (x = real, y = imaginary) and the FFT's twiddle factors.
#ifndef FFTBLOOM_COMPLEX_GLSL
#define FFTBLOOM_COMPLEX_GLSL

vec2 complexMul(vec2 a, vec2 b) {
    return vec2(a.x * b.x - a.y * b.y, a.x * b.y + a.y * b.x);
}

vec2 complexConj(vec2 a) {
    return vec2(a.x, -a.y);
}

// a * i
vec2 complexMulI(vec2 a) {
    return vec2(-a.y, a.x);
}

// exp(-2 pi i * index / 2^log2Span) for 0 <= index < 2^log2Span / 2.
// The angle is folded into [0, pi/4] before cos/sin, using exact dyadic arithmetic, because
// GPU sin/cos lose accuracy further out and the FFT's error is the twiddles' error.
vec2 fftTwiddle(uint index, uint log2Span) {
    float turns = float(index) / float(1u << log2Span); // exact: index < 2^24
    bool secondQuarter = turns > 0.25;
    float quarter = secondQuarter ? 0.5 - turns : turns; // in [0, 1/4]
    bool secondOctant = quarter > 0.125;
    float octant = secondOctant ? 0.25 - quarter : quarter; // in [0, 1/8]
    float angle = 6.283185307179586 * octant;
    float c = cos(angle);
    float s = sin(angle);
    vec2 folded = secondOctant ? vec2(s, c) : vec2(c, s); // (cos, sin) of 2 pi * quarter
    float cosine = secondQuarter ? -folded.x : folded.x;
    return vec2(cosine, -folded.y);
}

#endif
