#include "app/commands/kernel_command.hpp"

#include "app/image/image_io.hpp"
#include "gpu_fft/vulkan/error.hpp"

#include <cstdio>

namespace fftbloom {

CLI::App* addKernelCommand(CLI::App& app, KernelOptions& options) {
    GlareSettings& glare = options.glare;
    ApertureSettings& aperture = glare.aperture;
    CLI::App* command = app.add_subcommand(
        "kernel", "Generate a glare kernel: the diffraction pattern of a lens aperture, in colour");
    command->add_option("--out", options.outputPath, "Output: .exr or .pfm (floats)")->required();
    command->add_option("--size", glare.size, "Kernel size K (power of two, 16 .. 2048)")
        ->capture_default_str();
    command->add_option("--blades", aperture.blades, "Aperture blades; 0 for a circle")
        ->capture_default_str();
    command->add_option("--rotation", aperture.rotationDegrees, "Rotation of the blades, degrees")
        ->capture_default_str();
    command->add_option("--roundness", aperture.roundness, "Blade roundness, 0 (straight) .. 1")
        ->capture_default_str();
    command
        ->add_option("--obstruction", aperture.obstruction,
                     "Central obstruction radius, fraction of the aperture (0 .. 0.9)")
        ->capture_default_str();
    command->add_option("--dust", aperture.dust, "Specks of dust on the aperture")
        ->capture_default_str();
    command->add_option("--scratches", aperture.scratches, "Scratches across the aperture")
        ->capture_default_str();
    command->add_option("--seed", aperture.seed, "Random seed for dust and scratches")
        ->capture_default_str();
    command
        ->add_option("--airy-radius", glare.airyRadius,
                     "Radius of the first dark Airy ring at 550 nm, pixels (sets the "
                     "aperture's size)")
        ->capture_default_str();
    command
        ->add_option("--wavelengths", glare.wavelengths,
                     "Wavelength samples across 400-700 nm; 1 = monochromatic 550 nm")
        ->capture_default_str();
    return command;
}

int runKernel(const KernelOptions& options) {
    const std::string extension = extensionOf(options.outputPath);
    if (extension != ".exr" && extension != ".pfm") {
        throw Error("a kernel needs floats: write .exr or .pfm, not '" + extension + "'");
    }
    const Image kernel = generateGlareKernel(options.glare);
    writeImage(options.outputPath, kernel);
    std::printf("wrote %s: %s\n", options.outputPath.c_str(), describe(options.glare).c_str());
    return 0;
}

} // namespace fftbloom
