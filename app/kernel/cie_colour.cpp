#include "app/kernel/cie_colour.hpp"

#include <cmath>

namespace fftbloom {
namespace {

// CIE 1931 standard colorimetric observer, 2 degrees, 380 .. 700 nm in 10 nm steps
// (CIE 015:2004, Table T.4 at 10 nm).
constexpr double kFirstNm = 380.0;
constexpr double kStepNm = 10.0;
constexpr std::array<std::array<double, 3>, 33> kTable{{
    {0.001368, 0.000039, 0.006450}, {0.004243, 0.000120, 0.020050}, {0.014310, 0.000396, 0.067850},
    {0.043510, 0.001210, 0.207400}, {0.134380, 0.004000, 0.645600}, {0.283900, 0.011600, 1.385600},
    {0.348280, 0.023000, 1.747060}, {0.336200, 0.038000, 1.772110}, {0.290800, 0.060000, 1.669200},
    {0.195360, 0.090980, 1.287640}, {0.095640, 0.139020, 0.812950}, {0.032010, 0.208020, 0.465180},
    {0.004900, 0.323000, 0.272000}, {0.009300, 0.503000, 0.158200}, {0.063270, 0.710000, 0.078250},
    {0.165500, 0.862000, 0.042160}, {0.290400, 0.954000, 0.020300}, {0.433450, 0.994950, 0.008750},
    {0.594500, 0.995000, 0.003900}, {0.762100, 0.952000, 0.002100}, {0.916300, 0.870000, 0.001650},
    {1.026300, 0.757000, 0.001100}, {1.062200, 0.631000, 0.000800}, {1.002600, 0.503000, 0.000340},
    {0.854450, 0.381000, 0.000190}, {0.642400, 0.265000, 0.000050}, {0.447900, 0.175000, 0.000020},
    {0.283500, 0.107000, 0.000000}, {0.164900, 0.061000, 0.000000}, {0.087400, 0.032000, 0.000000},
    {0.046770, 0.017000, 0.000000}, {0.022700, 0.008210, 0.000000}, {0.011359, 0.004102, 0.000000},
}};

} // namespace

std::array<double, 3> cieColourMatching(double wavelength) {
    const double position = (wavelength - kFirstNm) / kStepNm;
    if (position < 0 || position > static_cast<double>(kTable.size() - 1)) {
        return {0, 0, 0};
    }
    const auto index = static_cast<std::size_t>(std::floor(position));
    const std::size_t next = std::min(index + 1, kTable.size() - 1);
    const double t = position - static_cast<double>(index);
    std::array<double, 3> result{};
    for (std::size_t i = 0; i < 3; ++i) {
        result[i] = (1 - t) * kTable[index][i] + t * kTable[next][i];
    }
    return result;
}

std::array<double, 3> xyzToLinearSrgb(const std::array<double, 3>& xyz) {
    const auto [x, y, z] = xyz;
    return {3.2406 * x - 1.5372 * y - 0.4986 * z, -0.9689 * x + 1.8758 * y + 0.0415 * z,
            0.0557 * x - 0.2040 * y + 1.0570 * z};
}

} // namespace fftbloom
