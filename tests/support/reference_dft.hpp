// Independent references for the FFT tests: a naive O(N^2) DFT and FFTW in double precision,
// and the error measure every FFT test uses.
#pragma once

#include <complex>
#include <cstdint>
#include <vector>

namespace fftbloom::test {

using Complex = std::complex<double>;

// X[k] = sum_n x[n] exp(-2 pi i k n / N), straight from the definition.
std::vector<Complex> naiveDft(const std::vector<Complex>& signal);

// FFTW in double precision: forward (sign -1) or backward divided by N.
std::vector<Complex> fftwForward(const std::vector<Complex>& signal);
std::vector<Complex> fftwInverse(const std::vector<Complex>& spectrum);
// The half spectrum X[0 .. N/2] of a real signal.
std::vector<Complex> fftwRealForward(const std::vector<double>& signal);

// ||actual - expected||_2 / ||expected||_2
double relativeL2Error(const std::vector<Complex>& actual, const std::vector<Complex>& expected);

} // namespace fftbloom::test
