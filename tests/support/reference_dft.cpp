#include "tests/support/reference_dft.hpp"

#include <cmath>
#include <fftw3.h>
#include <numbers>

namespace fftbloom::test {
namespace {

std::vector<Complex> fftwComplex(const std::vector<Complex>& input, int sign) {
    const int n = static_cast<int>(input.size());
    std::vector<Complex> in = input;
    std::vector<Complex> out(input.size());
    fftw_plan plan =
        fftw_plan_dft_1d(n, reinterpret_cast<fftw_complex*>(in.data()),
                         reinterpret_cast<fftw_complex*>(out.data()), sign, FFTW_ESTIMATE);
    fftw_execute(plan);
    fftw_destroy_plan(plan);
    return out;
}

} // namespace

std::vector<Complex> naiveDft(const std::vector<Complex>& signal) {
    const std::size_t n = signal.size();
    std::vector<Complex> spectrum(n);
    for (std::size_t k = 0; k < n; ++k) {
        Complex sum = 0;
        for (std::size_t t = 0; t < n; ++t) {
            const double turns = static_cast<double>((k * t) % n) / static_cast<double>(n);
            sum += signal[t] * std::polar(1.0, -2.0 * std::numbers::pi * turns);
        }
        spectrum[k] = sum;
    }
    return spectrum;
}

std::vector<Complex> fftwForward(const std::vector<Complex>& signal) {
    return fftwComplex(signal, FFTW_FORWARD);
}

std::vector<Complex> fftwInverse(const std::vector<Complex>& spectrum) {
    std::vector<Complex> signal = fftwComplex(spectrum, FFTW_BACKWARD);
    for (Complex& value : signal) {
        value /= static_cast<double>(spectrum.size());
    }
    return signal;
}

std::vector<Complex> fftwRealForward(const std::vector<double>& signal) {
    const int n = static_cast<int>(signal.size());
    std::vector<double> in = signal;
    std::vector<Complex> out(signal.size() / 2 + 1);
    fftw_plan plan = fftw_plan_dft_r2c_1d(n, in.data(), reinterpret_cast<fftw_complex*>(out.data()),
                                          FFTW_ESTIMATE);
    fftw_execute(plan);
    fftw_destroy_plan(plan);
    return out;
}

double relativeL2Error(const std::vector<Complex>& actual, const std::vector<Complex>& expected) {
    double difference = 0;
    double norm = 0;
    for (std::size_t i = 0; i < expected.size(); ++i) {
        difference += std::norm(actual.at(i) - expected[i]);
        norm += std::norm(expected[i]);
    }
    return std::sqrt(difference / norm);
}

} // namespace fftbloom::test
