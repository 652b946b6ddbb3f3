#include "app/commands/view_command.hpp"

#include "app/viewer/viewer.hpp"

namespace fftbloom {

CLI::App* addViewCommand(CLI::App& app, ViewerOptions& options) {
    CLI::App* command = app.add_subcommand(
        "view", "Open the viewer (the default): live bloom, controls, drag and drop, timings");
    command->add_option("--image", options.imagePath, "HDR image (default: the Golden Gate photo)");
    command->add_option("--kernel", options.kernelPath,
                        "Kernel image (default: a generated glare kernel)");
    addConvolutionOptions(*command, options.convolution);
    command->add_option("--strength", options.strength, "Bloom strength a")
        ->check(CLI::Range(0.0f, 1.0f))
        ->capture_default_str();
    command->add_option("--exposure", options.exposure, "Exposure in EV")->capture_default_str();
    command->add_option("--tone-map", options.toneMap, "aces, reinhard or none")
        ->check(CLI::IsMember({"aces", "reinhard", "none"}))
        ->capture_default_str();
    command->add_option("--view", options.view, "result, original, bloom, kernel or spectrum")
        ->check(CLI::IsMember({"result", "original", "bloom", "kernel", "spectrum"}))
        ->capture_default_str();
    command->add_flag("--overlay", options.overlay, "Show the GPU timing overlay (key O)");
    command->add_flag("!--no-vsync", options.vsync, "Present as fast as possible");
    command->add_option("--width", options.width, "Window width")->capture_default_str();
    command->add_option("--height", options.height, "Window height")->capture_default_str();
    command->add_flag("--validation", options.validation,
                      "Vulkan validation layer on; any message fails the run (exit 1)");
    auto* scripting = command->add_option_group("Scripting", "For scripted runs and tests");
    scripting->add_option("--frames", options.frames, "Exit after N frames");
    scripting->add_option("--screenshot", options.screenshotPath,
                          "Save the last frame, UI included, as .png");
    scripting->add_option("--drop", options.drops,
                          "Drop a file on the window, one per frame (kernel:PATH drops a kernel)");
    scripting->add_option("--set-kernel-size", options.kernelSizes,
                          "Set the kernel size as the UI would, one value per frame");
    scripting->add_flag("--resize-cycle", options.resizeCycle,
                        "Resize the window every frame, through tiny and odd sizes");
    scripting->add_option("--report", options.reportPath,
                          "Write the final state (image, kernel, sizes, error) as key: value");
    return command;
}

int runView(const ViewerOptions& options) {
    Viewer viewer(options);
    return viewer.run();
}

} // namespace fftbloom
