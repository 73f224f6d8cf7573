#pragma once
// Brackets for code compiled for one x86-64 level, used to build a kernel file (a .inc) once per
// level inside its own namespace: TERRAIN_TARGET_V4_BEGIN ... TERRAIN_TARGET_END (AVX-512),
// TERRAIN_TARGET_V3_BEGIN ... TERRAIN_TARGET_END (AVX2); the baseline needs none. Each copy has
// internal linkage and its own target, so no function compiled for AVX-512 can be picked by the
// linker for code that runs on an older CPU. clang ignores GCC's target pragma: it gets the same
// as an attribute on every function in between.
#if defined(__clang__)
#define TERRAIN_TARGET_V4_BEGIN \
    _Pragma("clang attribute push(__attribute__((target(\"arch=x86-64-v4\"))), apply_to = function)")
#define TERRAIN_TARGET_V3_BEGIN \
    _Pragma("clang attribute push(__attribute__((target(\"arch=x86-64-v3\"))), apply_to = function)")
#define TERRAIN_TARGET_END _Pragma("clang attribute pop")
#else
#define TERRAIN_TARGET_V4_BEGIN _Pragma("GCC push_options") _Pragma("GCC target(\"arch=x86-64-v4\")")
#define TERRAIN_TARGET_V3_BEGIN _Pragma("GCC push_options") _Pragma("GCC target(\"arch=x86-64-v3\")")
#define TERRAIN_TARGET_END _Pragma("GCC pop_options")
#endif
