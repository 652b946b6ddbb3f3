// `fftbloom render`: one image through the bloom to a file (design.md §4).
#pragma once

#include "app/commands/common_options.hpp"

#include <CLI/CLI.hpp>
#include <string>

namespace fftbloom {

struct RenderOptions {
    std::string imagePath;
    std::string kernelPath;
    std::string outputPath;
    ConvolutionOptions convolution;
    float strength = 0.1f;
    float exposure = 0.0f;
    std::string toneMap = "aces";
    bool raw = false;
};

CLI::App* addRenderCommand(CLI::App& app, RenderOptions& options);

// Returns the exit code; errors are thrown as fftbloom::Error.
int runRender(const RenderOptions& options);

} // namespace fftbloom
