// fftbloom's command line: declares the subcommands, runs the one asked for, and turns any
// error into one line on stderr and a non-zero exit status.
#include "app/commands/bench_command.hpp"
#include "app/commands/kernel_command.hpp"
#include "app/commands/render_command.hpp"
#include "app/commands/self_check.hpp"
#include "app/commands/view_command.hpp"
#include "gpu_fft/vulkan/context.hpp"

#include <CLI/CLI.hpp>
#include <cstdio>
#include <exception>

namespace {

constexpr int kExitFailure = 1;

int run(int argc, char** argv) {
    CLI::App app{"fftbloom: real-time FFT-convolution bloom on Vulkan.\n"
                 "With no subcommand it opens the viewer on the default assets."};
    app.set_version_flag("--version", "fftbloom 0.1.0");
    bool listDevices = false;
    app.add_flag("--list-devices", listDevices, "List the Vulkan devices and their indices");

    fftbloom::SelfCheckOptions selfCheck;
    auto* selfCheckCommand =
        app.add_subcommand("selfcheck", "Check the GPU FFT at every length against a CPU FFT");
    fftbloom::addDeviceOption(*selfCheckCommand, selfCheck.deviceIndex);
    selfCheckCommand->add_flag("--validation", selfCheck.validation,
                               "Run with the Vulkan validation layer");

    fftbloom::RenderOptions render;
    auto* renderCommand = fftbloom::addRenderCommand(app, render);
    fftbloom::BenchOptions bench;
    auto* benchCommand = fftbloom::addBenchCommand(app, bench);
    fftbloom::KernelOptions kernel;
    auto* kernelCommand = fftbloom::addKernelCommand(app, kernel);
    fftbloom::ViewerOptions view;
    auto* viewCommand = fftbloom::addViewCommand(app, view);

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
    if (renderCommand->parsed()) {
        return fftbloom::runRender(render);
    }
    if (benchCommand->parsed()) {
        return fftbloom::runBench(bench);
    }
    if (kernelCommand->parsed()) {
        return fftbloom::runKernel(kernel);
    }
    if (selfCheckCommand->parsed()) {
        return fftbloom::runSelfCheck(selfCheck);
    }
    (void)viewCommand; // `view`, or no subcommand at all
    return fftbloom::runView(view);
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
