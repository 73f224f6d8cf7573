# Run by Blender: blender -b --factory-startup --python blender_terrain3d_control.py -- CONTROL_EXR
#   TRUTH_R32 THRESHOLD_M [soft]. A general-purpose EXR loader (Blender's OpenEXR), as Godot's is for
# Terrain3D, reads the control map of `--preset godot-terrain3d --splat 'above=height>T~0'
# --splat 'rest=rest'`: each float's bits must decode (doc/docs/controlmap_format.md) to texture 0
# as base with blend 0 exactly where the float export TRUTH_R32 (metres, row 0 = north) is above
# T, texture 1 below, and nothing else set; with "soft" (below), that the denormal pixels of a
# soft edge arrive intact. Exits 1 otherwise.
import struct
import sys

import bpy

args = sys.argv[sys.argv.index("--") + 1:]
control_path, truth_path, threshold = args[0], args[1], float(args[2])
# "soft": the layers were --splat 'above=height>T~20' --splat 'rest=rest'; from T + 1 to T + 15 m
# texture 0 is the base and texture 1 the overlay with a blend, bits that are float32 denormals
# (Terrain3D's format), and must reach Python unchanged (no flush to zero on the way).
soft = len(args) > 3 and args[3] == "soft"
image = bpy.data.images.load(control_path)
image.colorspace_settings.name = "Non-Color"
width, height = image.size
assert image.is_float, "a float image"
pixels = image.pixels[:]  # RGBA per pixel, Blender's row 0 the image's last (south) row
truth = struct.unpack("<%df" % (width * height), open(truth_path, "rb").read())
wrong = above = below = 0
for y in range(height):
    blender_row = height - 1 - y
    for x in range(width):
        r = pixels[(blender_row * width + x) * 4]
        bits = struct.unpack("<I", struct.pack("<f", r))[0]
        base, overlay, blend, rest = bits >> 27, bits >> 22 & 31, bits >> 14 & 255, bits & 0x3FFF
        metres = truth[y * width + x]
        if soft:
            if threshold + 1 < metres < threshold + 15:
                above += 1
                denormal = bits & 0x7F800000 == 0 and bits != 0
                wrong += not (base == 0 and overlay == 1 and 0 < blend < 128 and rest == 0 and denormal)
            continue
        if metres > threshold + 0.01:
            above += 1
            wrong += (base, overlay, blend, rest) != (0, 0, 0, 0)
        elif metres < threshold - 0.01:
            below += 1
            wrong += (base, overlay, blend, rest) != (1, 1, 0, 0)
if soft:
    print("BLENDER_T3D_CONTROL %dx%d soft edge: %d denormal pixels (texture 0 over 1) expected, %d wrong"
          % (width, height, above, wrong))
    sys.exit(0 if wrong == 0 and above > 0 else 1)
print("BLENDER_T3D_CONTROL %dx%d above %d below %d wrong %d" % (width, height, above, below, wrong))
sys.exit(0 if wrong == 0 and above > 0 and below > 0 else 1)
