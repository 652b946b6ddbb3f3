// fftbloom's command line: parses the subcommand and its options, runs it, and turns any
// fftbloom::Error into one line on stderr and a non-zero exit status.
#include "app/self_check.hpp"
#include "gpu_fft/vulkan/context.hpp"
#include "gpu_fft/vulkan/error.hpp"

#include <CLI/CLI.hpp>
#include <cstdio>
#include <exception>

namespace {

constexpr int kExitFailure = 1;

int run(int argc, char** argv) {
    CLI::App app{"fftbloom: real-time FFT-convolution bloom on Vulkan.\n"
                 "With no subcommand it runs `selfcheck` (the viewer is not built yet)."};
    app.set_version_flag("--version", "fftbloom 0.1.0");
    bool listDevices = false;
    app.add_flag("--list-devices", listDevices, "List the Vulkan devices and their indices");

    fftbloom::SelfCheckOptions selfCheck;
    auto* selfCheckCommand =
        app.add_subcommand("selfcheck", "Check the GPU FFT at every length against a CPU FFT");
    selfCheckCommand->add_option("--device", selfCheck.deviceIndex,
                                 "Index of the Vulkan device (see --list-devices)");
    selfCheckCommand->add_flag("--validation", selfCheck.validation,
                               "Run with the Vulkan validation layer");

    try {
        app.parse(argc, argv);
    } catch (const CLI::ParseError& error) {
        return app.exit(error); // prints the help, or the usage error and a hint
    }
    if (listDevices) {
        for (const auto& line : fftbloom::vk::listDevices()) {
            std::printf("%s\n", line.c_str());
        }
        return 0;
    }
    return fftbloom::runSelfCheck(selfCheck);
}

} // namespace

int main(int argc, char** argv) {
    try {
        return run(argc, argv);
    } catch (const std::exception& error) {
        std::fprintf(stderr, "fftbloom: error: %s\n", error.what());
        return kExitFailure;
    }
}
