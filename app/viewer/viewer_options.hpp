// Everything `fftbloom view` can be told on the command line; each UI control has an option
// here too, so scripted runs and tests can set any state the UI can.
#pragma once

#include "app/commands/common_options.hpp"

#include <string>
#include <vector>

namespace fftbloom {

struct ViewerOptions {
    std::string imagePath;  // empty: the default photograph (assets/GoldenGate.exr)
    std::string kernelPath; // empty: the generated default kernel
    ConvolutionOptions convolution;
    float strength = 0.3f;
    float exposure = 0.0f;
    std::string toneMap = "aces";
    std::string view = "result"; // result | original | bloom | kernel | spectrum
    bool overlay = false;
    bool vsync = true;
    bool validation = false; // the validation layer on; any message makes the exit code 1
    int width = 1280;
    int height = 800;

    // Scripting and tests.
    int frames = 0;                    // > 0: exit after this many frames
    std::string screenshotPath;        // save the last frame, UI included
    std::vector<std::string> drops;    // files dropped, one per frame, through the real path
    std::vector<unsigned> kernelSizes; // kernel sizes set one per frame, as the UI would
    bool resizeCycle = false;          // resize the window every frame (a stress test)
    std::string reportPath;            // write the final state as "key: value" lines
};

} // namespace fftbloom
