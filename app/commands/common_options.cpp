#include "app/commands/common_options.hpp"

namespace fftbloom {

ConvolutionSettings ConvolutionOptions::settings() const {
    ConvolutionSettings settings;
    checkKernelSize(kernelSize);
    settings.kernelSize = kernelSize;
    settings.padding = parsePadding(padding);
    settings.axisOrder = parseAxisOrder(axisOrder);
    settings.spectrum = parseSpectrumMode(spectrum);
    settings.precision = parsePrecision(precision);
    return settings;
}

void addDeviceOption(CLI::App& command, int& deviceIndex) {
    command.add_option("--device", deviceIndex, "Index of the Vulkan device (--list-devices)")
        ->default_str("first discrete GPU");
}

void addConvolutionOptions(CLI::App& command, ConvolutionOptions& options) {
    addDeviceOption(command, options.deviceIndex);
    command
        .add_option("--kernel-size", options.kernelSize,
                    "Kernel size K, a power of two from 16 to 2048; the kernel image is "
                    "fitted into K x K")
        ->capture_default_str();
    command.add_option("--padding", options.padding, "Padding outside the image: zero or mirror")
        ->check(CLI::IsMember({"zero", "mirror"}))
        ->capture_default_str();
    command
        .add_option("--axis-order", options.axisOrder,
                    "FFT axis order: y (columns first), x (rows first) or auto (less work; "
                    "the viewer then keeps the order measured faster)")
        ->check(CLI::IsMember({"y", "x", "auto"}))
        ->capture_default_str();
    command
        .add_option("--spectrum", options.spectrum,
                    "Kernel spectrum: tent (K x K spectrum sampled bilinearly) or exact "
                    "(computed at the padded size: no ringing, more memory)")
        ->check(CLI::IsMember({"tent", "exact"}))
        ->capture_default_str();
    command
        .add_option("--precision", options.precision,
                    "Storage of the spectra between passes: fp32, or fp16 (half the memory "
                    "traffic, scaled so nothing overflows, about 1e-3 relative error)")
        ->check(CLI::IsMember({"fp32", "fp16"}))
        ->capture_default_str();
}

} // namespace fftbloom
