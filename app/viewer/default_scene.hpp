// What the viewer shows when it is given no image: the Golden Gate photograph from assets/.
// If the photograph is missing, a generated HDR scene stands in, and the viewer says why.
// (The default kernel comes from the kernel generator, app/kernel/glare_kernel.)
#pragma once

#include "app/image/image.hpp"

#include <string>

namespace fftbloom {

// GoldenGate.exr in ./assets or the source tree's assets/ (or only in $FFTBLOOM_ASSETS_DIR
// when that is set), or "" if it cannot be found.
std::string defaultImagePath();

Image generatedHdrScene(std::uint32_t width, std::uint32_t height);

} // namespace fftbloom
