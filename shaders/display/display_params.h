// What the display pass shows and how, shared by display.frag and app/viewer/display_pass.cpp.
#ifndef FFTBLOOM_DISPLAY_PARAMS_H
#define FFTBLOOM_DISPLAY_PARAMS_H

#define DISPLAY_VIEW_RESULT 0u   // R = (1 - a) I + a O
#define DISPLAY_VIEW_ORIGINAL 1u // I
#define DISPLAY_VIEW_BLOOM 2u    // O
#define DISPLAY_VIEW_PREVIEW 3u  // the preview planes: the kernel or its spectrum

#define DISPLAY_TONE_MAP_ACES 0u
#define DISPLAY_TONE_MAP_REINHARD 1u
#define DISPLAY_TONE_MAP_NONE 2u

struct DisplayParams {
    float offsetX; // window pixel -> source pixel: source = (window - offset) / scale
    float offsetY;
    float scale;
    float strength;
    float exposureScale; // 2^EV
    uint view;           // DISPLAY_VIEW_*
    uint toneMap;        // DISPLAY_TONE_MAP_*
    uint sourceWidth;    // of the image, or of the preview in preview view
    uint sourceHeight;
};

#endif
