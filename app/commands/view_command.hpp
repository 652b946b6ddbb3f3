// `fftbloom view` (and `fftbloom` with no subcommand): the viewer's command line.
#pragma once

#include "app/viewer/viewer_options.hpp"

#include <CLI/CLI.hpp>

namespace fftbloom {

CLI::App* addViewCommand(CLI::App& app, ViewerOptions& options);
int runView(const ViewerOptions& options);

} // namespace fftbloom
