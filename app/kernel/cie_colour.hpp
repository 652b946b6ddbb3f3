// Colour of monochromatic light: the CIE 1931 2-degree colour-matching functions (the
// published 10 nm table, interpolated linearly) and XYZ -> linear sRGB (D65).
#pragma once

#include <array>

namespace fftbloom {

inline constexpr double kMinWavelengthNm = 400.0;
inline constexpr double kMaxWavelengthNm = 700.0;

// (x-bar, y-bar, z-bar) at `wavelength` nm; zero outside 380 .. 700 nm.
std::array<double, 3> cieColourMatching(double wavelength);

std::array<double, 3> xyzToLinearSrgb(const std::array<double, 3>& xyz);

} // namespace fftbloom
