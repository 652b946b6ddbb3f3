#version 460
// Shows the image, its bloom, the result or a preview, fitted into the window with pan and
// zoom, then exposure and a tone map. The swapchain's sRGB format applies the transfer
// function, so this writes linear values.
#include "display/display_params.h"

layout(push_constant) uniform PushConstants {
    DisplayParams params;
};
layout(std430, set = 0, binding = 0) readonly buffer ImagePlanes {
    float imagePlanes[];
};
layout(std430, set = 0, binding = 1) readonly buffer BloomPlanes {
    float bloomPlanes[];
};
layout(std430, set = 0, binding = 2) readonly buffer PreviewPlanes {
    float previewPlanes[];
};

layout(location = 0) out vec4 color;

vec3 loadPlanes(uint view, uint index, uint planeSize) {
    vec3 value;
    for (uint c = 0u; c < 3u; ++c) {
        uint at = c * planeSize + index;
        float image = view == DISPLAY_VIEW_PREVIEW ? 0.0 : imagePlanes[at];
        float bloom = view == DISPLAY_VIEW_RESULT || view == DISPLAY_VIEW_BLOOM ? bloomPlanes[at] : 0.0;
        float preview = view == DISPLAY_VIEW_PREVIEW ? previewPlanes[at] : 0.0;
        value[c] = view == DISPLAY_VIEW_RESULT    ? mix(image, bloom, params.strength)
                   : view == DISPLAY_VIEW_ORIGINAL ? image
                   : view == DISPLAY_VIEW_BLOOM    ? bloom
                                                   : preview;
    }
    return value;
}

vec3 toneMap(vec3 v) {
    v = max(v, vec3(0.0));
    if (params.toneMap == DISPLAY_TONE_MAP_ACES) { // Narkowicz's fit, as app/image/tone_map.cpp
        return clamp((v * (2.51 * v + 0.03)) / (v * (2.43 * v + 0.59) + 0.14), 0.0, 1.0);
    }
    if (params.toneMap == DISPLAY_TONE_MAP_REINHARD) {
        return v / (1.0 + v);
    }
    return min(v, vec3(1.0));
}

void main() {
    vec2 source = (gl_FragCoord.xy - vec2(params.offsetX, params.offsetY)) / params.scale;
    ivec2 pixel = ivec2(floor(source));
    if (pixel.x < 0 || pixel.y < 0 || pixel.x >= int(params.sourceWidth) ||
        pixel.y >= int(params.sourceHeight)) {
        color = vec4(0.08, 0.08, 0.09, 1.0); // outside the picture
        return;
    }
    uint planeSize = params.sourceWidth * params.sourceHeight;
    uint index = uint(pixel.y) * params.sourceWidth + uint(pixel.x);
    vec3 value = loadPlanes(params.view, index, planeSize) * params.exposureScale;
    // Previews are already display values in [0, 1] (kernel_preview.cpp): no tone curve.
    color = vec4(params.view == DISPLAY_VIEW_PREVIEW ? clamp(value, 0.0, 1.0) : toneMap(value), 1.0);
}
