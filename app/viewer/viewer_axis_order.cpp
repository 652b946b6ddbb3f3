// The viewer's axis order: which order the displayed engine runs, when the other order is
// timed, and "auto" following those timings (auto_axis_order.hpp holds the rule itself).
#include "app/viewer/viewer.hpp"

#include <utility>

namespace fftbloom {

// Timings belong to the work they measured. New work (image size, kernel size, padding,
// spectrum) starts "auto" over; the frames still in flight measured the old work, so their
// queries are dropped unread (the caller has waited for the device).
void Viewer::forgetTimingsIfWorkChanged() {
    if (!autoAxis_.setWork(axisWorkOf(image_.width, image_.height, settings_))) {
        return;
    }
    timeline_.clear();
    for (FrameSlot& slot : slots_) {
        slot.submitted = false;
    }
}

// After each frame's timings arrive: under "auto", display the order the timings chose.
void Viewer::followAutoAxisOrder() {
    const AxisChoice& choice =
        autoAxis_.update(timeline_.totals(gpu_fft::Axis::Y), timeline_.totals(gpu_fft::Axis::X));
    if (appliedSettings_.axisOrder == AxisOrder::Auto &&
        choice.axis != engine_->layout().firstAxis) {
        // Both engines hold this image, kernel and settings: switching is a swap, not a rebuild.
        std::swap(engine_, alternate_);
    }
}

// The other order is timed for the overlay's comparison and for "auto". While "auto" has too
// few timings it is timed every frame, so the choice is made within a few frames; after
// that every kAlternateInterval frames keeps the comparison current at little cost.
bool Viewer::alternateDue() const {
    const bool autoOrder = appliedSettings_.axisOrder == AxisOrder::Auto;
    if (autoOrder && !autoAxis_.choice().measured) {
        return true;
    }
    return (showOverlay_ || autoOrder) && framesRendered_ % kAlternateInterval == 0;
}

// "y first", or "auto -> x first (measured 0.41 vs 0.49 ms)": for the panel and the report.
std::string Viewer::axisOrderText() const {
    if (appliedSettings_.axisOrder != AxisOrder::Auto) {
        return engine_->layout().firstAxis == gpu_fft::Axis::Y ? "y first" : "x first";
    }
    return "auto -> " + describe(autoAxis_.choice());
}

} // namespace fftbloom
