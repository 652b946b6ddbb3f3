// `fftbloom kernel`: writes a physically based glare kernel made from an aperture.
#pragma once

#include <string>

#include <CLI/CLI.hpp>

#include "app/kernel/glare_kernel.hpp"

namespace fftbloom {

struct KernelOptions {
    std::string outputPath;
    GlareSettings glare;
};

CLI::App* addKernelCommand(CLI::App& app, KernelOptions& options);
int runKernel(const KernelOptions& options);

} // namespace fftbloom
