// `fftbloom bench`: times the bloom on this device, pass by pass, against the device's copy
// bandwidth measured in the same run; prints a table and writes JSON.
#pragma once

#include "app/commands/common_options.hpp"

#include <CLI/CLI.hpp>
#include <string>

namespace fftbloom {

struct BenchOptions {
    std::string imagePath;  // not needed with --preset
    std::string kernelPath; // default: the generated glare kernel
    ConvolutionOptions convolution;
    unsigned iterations = 20;
    unsigned warmup = 5;
    std::string jsonPath;
    bool preset = false;
    unsigned copyMebibytes = 256;
    bool compareVkfft = false; // also VkFFT's convolution on the same device (issue 5)
};

CLI::App* addBenchCommand(CLI::App& app, BenchOptions& options);
int runBench(const BenchOptions& options);

} // namespace fftbloom
