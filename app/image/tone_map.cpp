#include "app/image/tone_map.hpp"

#include "app/choices.hpp"

#include <algorithm>

namespace fftbloom {

namespace {
constexpr ChoiceTable<ToneMap, 3> kToneMaps{
    {"aces", ToneMap::Aces}, {"reinhard", ToneMap::Reinhard}, {"none", ToneMap::None}};
} // namespace

ToneMap parseToneMap(const std::string& name) {
    return parseChoice(name, kToneMaps, "tone map");
}

float applyToneMap(float value, ToneMap toneMap) {
    const float v = std::max(value, 0.0f);
    switch (toneMap) {
    case ToneMap::Aces: // Narkowicz's fit of the ACES filmic curve
        return std::clamp((v * (2.51f * v + 0.03f)) / (v * (2.43f * v + 0.59f) + 0.14f), 0.0f,
                          1.0f);
    case ToneMap::Reinhard:
        return v / (1.0f + v);
    case ToneMap::None:
        return std::min(v, 1.0f);
    }
    return std::min(v, 1.0f);
}

std::uint8_t toDisplayByte(float value, float exposure, ToneMap toneMap) {
    const float exposed = value * std::exp2(exposure);
    const float encoded = linearToSrgb(applyToneMap(exposed, toneMap));
    return static_cast<std::uint8_t>(std::lround(std::clamp(encoded, 0.0f, 1.0f) * 255.0f));
}

} // namespace fftbloom
