// What the viewer shows when it is given nothing: the Golden Gate photograph from assets/, and
// a generated glare kernel (a chromatic core, halo and six diffraction spikes) until the
// physically based kernel generator exists. If the photograph is missing, a generated HDR
// scene stands in, and the viewer says why.
#pragma once

#include "app/image/image.hpp"

#include <string>

namespace fftbloom {

// GoldenGate.exr in ./assets or the source tree's assets/ (or only in $FFTBLOOM_ASSETS_DIR
// when that is set), or "" if it cannot be found.
std::string defaultImagePath();

Image generatedGlareKernel(std::uint32_t size);
Image generatedHdrScene(std::uint32_t width, std::uint32_t height);

} // namespace fftbloom
