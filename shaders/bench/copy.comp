#version 460
// A plain compute copy, 16 bytes per invocation: the device's practical memory bandwidth,
// the yardstick for the bloom passes' "time / bytes floor".
layout(local_size_x = 256) in;

layout(std430, set = 0, binding = 0) readonly buffer Source {
    vec4 source[];
};
layout(std430, set = 0, binding = 1) writeonly buffer Destination {
    vec4 destination[];
};

void main() {
    uint index = gl_GlobalInvocationID.y * gl_NumWorkGroups.x * 256u + gl_GlobalInvocationID.x;
    if (index < source.length()) {
        destination[index] = source[index];
    }
}
