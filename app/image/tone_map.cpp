#include "app/image/tone_map.hpp"

#include "gpu_fft/vulkan/error.hpp"

#include <algorithm>

namespace fftbloom {

ToneMap parseToneMap(const std::string& name) {
    if (name == "aces") {
        return ToneMap::Aces;
    }
    if (name == "reinhard") {
        return ToneMap::Reinhard;
    }
    if (name == "none") {
        return ToneMap::None;
    }
    throw Error("unknown tone map '" + name + "' (aces, reinhard or none)");
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
