#include "tests/support/workgroup_fft_model.hpp"

#include <numbers>
#include <utility>

namespace fftbloom::test {
namespace {

// registers[t][l]: local element l of invocation t, as the shader holds it.
using Registers = std::vector<std::vector<Complex>>;

Complex twiddle(std::uint32_t index, std::uint32_t log2Span) {
    const double turns = static_cast<double>(index) / static_cast<double>(1u << log2Span);
    return std::polar(1.0, -2.0 * std::numbers::pi * turns);
}

void butterflyForward(Complex& lo, Complex& hi, Complex w) {
    const Complex difference = lo - hi;
    lo += hi;
    hi = difference * w;
}

void butterflyInverse(Complex& lo, Complex& hi, Complex w) {
    const Complex rotated = hi * std::conj(w);
    hi = lo - rotated;
    lo += rotated;
}

// The exchange at `stride`: the lower invocation's hi trades places with the upper's lo.
void exchange(Registers& registers, std::uint32_t stride) {
    for (std::uint32_t t = 0; t < registers.size(); ++t) {
        if ((t & stride) != 0) {
            continue;
        }
        for (std::size_t pair = 0; pair < registers[t].size() / 2; ++pair) {
            std::swap(registers[t][2 * pair + 1], registers[t | stride][2 * pair]);
        }
    }
}

template <typename Butterfly>
void pairStage(Registers& registers, std::uint32_t log2Stride, Butterfly butterfly) {
    for (std::uint32_t t = 0; t < registers.size(); ++t) {
        const Complex w = twiddle(t & ((1u << log2Stride) - 1u), log2Stride + 1);
        for (std::size_t pair = 0; pair < registers[t].size() / 2; ++pair) {
            butterfly(registers[t][2 * pair], registers[t][2 * pair + 1], w);
        }
    }
}

template <typename Butterfly>
void registerStage(Registers& registers, std::uint32_t log2Local, std::uint32_t log2Workgroup,
                   Butterfly butterfly) {
    const std::uint32_t localStride = 1u << log2Local;
    const std::uint32_t workgroup = 1u << log2Workgroup;
    for (std::uint32_t t = 0; t < registers.size(); ++t) {
        for (std::uint32_t l = 0; l < registers[t].size(); ++l) {
            if ((l & localStride) == 0) {
                const std::uint32_t position = (l & (localStride - 1)) * workgroup + t;
                butterfly(registers[t][l], registers[t][l + localStride],
                          twiddle(position, log2Local + log2Workgroup + 1));
            }
        }
    }
}

Registers distribute(const std::vector<Complex>& data, std::uint32_t log2Workgroup) {
    const std::size_t workgroup = std::size_t{1} << log2Workgroup;
    const std::size_t elements = data.size() / workgroup;
    Registers registers(workgroup, std::vector<Complex>(elements));
    for (std::size_t t = 0; t < workgroup; ++t) {
        for (std::size_t l = 0; l < elements; ++l) {
            registers[t][l] = data[l * workgroup + t];
        }
    }
    return registers;
}

std::vector<Complex> collect(const Registers& registers) {
    const std::size_t workgroup = registers.size();
    std::vector<Complex> data(workgroup * registers[0].size());
    for (std::size_t t = 0; t < workgroup; ++t) {
        for (std::size_t l = 0; l < registers[t].size(); ++l) {
            data[l * workgroup + t] = registers[t][l];
        }
    }
    return data;
}

} // namespace

std::vector<Complex> modelForwardFft(const std::vector<Complex>& signal, std::uint32_t log2Size,
                                     std::uint32_t log2Workgroup) {
    Registers registers = distribute(signal, log2Workgroup);
    for (std::uint32_t log2Local = log2Size - log2Workgroup - 1; log2Local >= 1; --log2Local) {
        registerStage(registers, log2Local, log2Workgroup, butterflyForward);
    }
    pairStage(registers, log2Workgroup, butterflyForward);
    for (std::uint32_t log2Stride = log2Workgroup; log2Stride-- > 0;) {
        exchange(registers, 1u << log2Stride);
        pairStage(registers, log2Stride, butterflyForward);
    }
    return collect(registers);
}

std::vector<Complex> modelInverseFft(const std::vector<Complex>& spectrum, std::uint32_t log2Size,
                                     std::uint32_t log2Workgroup) {
    Registers registers = distribute(spectrum, log2Workgroup);
    for (std::uint32_t log2Stride = 0; log2Stride < log2Workgroup; ++log2Stride) {
        pairStage(registers, log2Stride, butterflyInverse);
        exchange(registers, 1u << log2Stride);
    }
    pairStage(registers, log2Workgroup, butterflyInverse);
    for (std::uint32_t log2Local = 1; log2Local < log2Size - log2Workgroup; ++log2Local) {
        registerStage(registers, log2Local, log2Workgroup, butterflyInverse);
    }
    std::vector<Complex> signal = collect(registers);
    for (Complex& value : signal) {
        value /= static_cast<double>(signal.size());
    }
    return signal;
}

} // namespace fftbloom::test
