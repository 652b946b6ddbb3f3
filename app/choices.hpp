// Parsing and naming a closed set of choices (--padding zero|mirror and the like) from one
// table, so the accepted words, their values and the error message cannot drift apart.
#pragma once

#include "gpu_fft/vulkan/error.hpp"

#include <string>
#include <utility>

namespace fftbloom {

template <typename T, std::size_t N>
using ChoiceTable = std::pair<const char*, T>[N];

// The value `word` names; throws fftbloom::Error listing the choices otherwise.
template <typename T, std::size_t N>
T parseChoice(const std::string& word, const ChoiceTable<T, N>& table, const char* what) {
    std::string accepted;
    for (const auto& [name, value] : table) {
        if (word == name) {
            return value;
        }
        accepted += (accepted.empty() ? "" : ", ") + std::string(name);
    }
    throw Error("unknown " + std::string(what) + " '" + word + "' (" + accepted + ")");
}

template <typename T, std::size_t N>
const char* choiceName(T value, const ChoiceTable<T, N>& table) {
    for (const auto& [name, candidate] : table) {
        if (candidate == value) {
            return name;
        }
    }
    return "?";
}

} // namespace fftbloom
