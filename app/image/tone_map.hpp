// Display transforms: exposure, tone maps and the sRGB transfer function. They apply only to
// what is shown or written as 8-bit, never to float outputs (design.md §2.7).
#pragma once

#include <cmath>
#include <cstdint>
#include <string>

namespace fftbloom {

enum class ToneMap { Aces, Reinhard, None };

// "aces" | "reinhard" | "none"; throws fftbloom::Error for anything else.
ToneMap parseToneMap(const std::string& name);

// Linear scene value -> linear display value in [0, 1].
float applyToneMap(float value, ToneMap toneMap);

inline float srgbToLinear(float encoded) {
    return encoded <= 0.04045f ? encoded / 12.92f : std::pow((encoded + 0.055f) / 1.055f, 2.4f);
}

inline float linearToSrgb(float linear) {
    return linear <= 0.0031308f ? 12.92f * linear : 1.055f * std::pow(linear, 1.0f / 2.4f) - 0.055f;
}

// A linear scene value to an 8-bit sRGB code: exposure (EV), tone map, transfer function.
std::uint8_t toDisplayByte(float value, float exposure, ToneMap toneMap);

} // namespace fftbloom
