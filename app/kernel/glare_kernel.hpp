// Physically based glare kernels (docs/kernels.md): the far-field (Fraunhofer) diffraction
// pattern |FFT(aperture)|^2 of a lens aperture, evaluated at wavelengths across 400-700 nm,
// each scaled by its wavelength and weighted by the CIE colour-matching functions, in linear
// sRGB, normalised to unit luminance.
#pragma once

#include "app/image/image.hpp"

#include <cstdint>
#include <string>

namespace fftbloom {

struct ApertureSettings {
    std::uint32_t blades = 6;     // 0: a circle
    double rotationDegrees = 0.0; // of the polygon
    double roundness = 0.0;       // 0: straight blades .. 1: a circle
    double obstruction = 0.0;     // radius of a central obstruction, fraction of the aperture's
    std::uint32_t dust = 0;       // specks of dust on the aperture
    std::uint32_t scratches = 0;  // thin scratches across it
    std::uint32_t seed = 1;       // for dust and scratches
};

// The smallest Airy radius the generator takes, in pixels (the largest is K/8).
inline constexpr double kMinAiryRadius = 1.5;

struct GlareSettings {
    std::uint32_t size = 256; // K: the kernel is K x K, origin at (K/2, K/2)
    ApertureSettings aperture;
    double airyRadius = 3.0;        // first dark ring of a circular aperture at 550 nm, pixels
    std::uint32_t wavelengths = 16; // samples across 400-700 nm; 1 = monochromatic 550 nm
};

// The aperture's transmission on a size x size grid (1 open, 0 closed, fractional at edges),
// centred on (size/2, size/2), with a diameter of `diameter` pixels.
std::vector<double> apertureMask(const ApertureSettings& settings, std::uint32_t size,
                                 double diameter);

// The kernel: linear sRGB, normalised so its luminance sums to 1. Throws fftbloom::Error for
// settings outside their ranges.
Image generateGlareKernel(const GlareSettings& settings);

// The aperture diameter, in pixels of the FFT grid, that puts the first dark ring of a
// circular aperture at `airyRadius` pixels for 550 nm: 1.22 N / D = airyRadius.
double apertureDiameter(std::uint32_t size, double airyRadius);

std::string describe(const GlareSettings& settings);

} // namespace fftbloom
