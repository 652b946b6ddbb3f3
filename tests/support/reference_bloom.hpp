// design.md §2 in double precision with FFTW, written straight from the text and sharing no
// code with the GPU path: padding, kernel placement, tent or exact spectrum, full complex 2D
// DFTs on the padded grid, crop. Slow and obviously right: the bloom tests' reference.
#pragma once

#include "app/image/image.hpp"

#include <cstdint>
#include <string>
#include <vector>

namespace fftbloom::test {

struct ReferenceSettings {
    bool mirror = false; // padding: mirror, else zero
    bool exact = false;  // spectrum: exact, else tent
};

// O (planar, W x H x 3) for an image and an already normalised K x K kernel.
std::vector<double> referenceBloom(const Image& image, const Image& normalizedKernel,
                                   const ReferenceSettings& settings);

// The same O by direct summation, O(x, y) = sum G(u, v) P(x - u, y - v): zero padding and
// the exact spectrum only. Checks the reference itself on small inputs.
std::vector<double> directConvolution(const Image& image, const Image& normalizedKernel);

// "1.2e-07": errors as the tests record them (RecordProperty).
std::string scientific(double value);

// ||a - b|| / ||b|| over all values.
double relativeL2(const std::vector<float>& actual, const std::vector<double>& expected);
double relativeL2(const std::vector<double>& actual, const std::vector<double>& expected);

} // namespace fftbloom::test
