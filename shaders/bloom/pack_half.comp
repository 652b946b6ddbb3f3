#version 460
// The fp16 copy of a kernel spectrum (--precision fp16): target[i] = fp16(source[i] * scale),
// both halves of a complex value in one uint, as pass 2 reads it with SPECTRUM_FP16. Run once
// per kernel spectrum; the kernel precompute itself stays fp32.
// Dispatch: (groups x, groups y, 1) of 256 invocations covering `count` values row by row.
layout(local_size_x = 256) in;

layout(push_constant) uniform PushConstants {
    uint count;  // complex values
    float scale; // a power of two (bloom_params.h: kernelUnscale = 1 / scale)
};
layout(std430, set = 0, binding = 0) readonly buffer Source {
    vec2 source[];
};
layout(std430, set = 0, binding = 1) writeonly buffer Target {
    uint target[];
};

void main() {
    uint index = gl_GlobalInvocationID.y * gl_NumWorkGroups.x * gl_WorkGroupSize.x +
                 gl_GlobalInvocationID.x;
    if (index < count) {
        target[index] = packHalf2x16(source[index] * scale);
    }
}
