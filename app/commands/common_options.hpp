// Options several subcommands share (design.md §4): the device and the convolution settings,
// declared once so that render, bench and view spell and check them the same way.
#pragma once

#include "app/bloom/bloom_settings.hpp"

#include <CLI/CLI.hpp>
#include <string>

namespace fftbloom {

struct ConvolutionOptions {
    int deviceIndex = -1;
    unsigned kernelSize = 256;
    std::string padding = "mirror";
    std::string axisOrder = "auto";
    std::string spectrum = "tent";
    std::string precision = "fp32";

    ConvolutionSettings settings() const; // throws fftbloom::Error on a bad value
};

void addDeviceOption(CLI::App& command, int& deviceIndex);
void addConvolutionOptions(CLI::App& command, ConvolutionOptions& options);

} // namespace fftbloom
