# Run by Blender: blender -b --factory-startup --python blender_terrain3d_control.py -- CONTROL_EXR
#   TRUTH_R32 THRESHOLD_M. A general-purpose EXR loader (Blender's OpenEXR), as Godot's is for
# Terrain3D, reads the control map of `--preset godot-terrain3d --splat 'above=height>T~0'
# --splat 'rest=rest'`: each float's bits must decode (doc/docs/controlmap_format.md) to texture 0
# as base with blend 0 exactly where the float export TRUTH_R32 (metres, row 0 = north) is above
# T, texture 1 below, and nothing else set. Exits 1 otherwise.
import struct
import sys

import bpy

args = sys.argv[sys.argv.index("--") + 1:]
control_path, truth_path, threshold = args[0], args[1], float(args[2])
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
        if metres > threshold + 0.01:
            above += 1
            wrong += (base, overlay, blend, rest) != (0, 0, 0, 0)
        elif metres < threshold - 0.01:
            below += 1
            wrong += (base, overlay, blend, rest) != (1, 1, 0, 0)
print("BLENDER_T3D_CONTROL %dx%d above %d below %d wrong %d" % (width, height, above, below, wrong))
sys.exit(0 if wrong == 0 and above > 0 and below > 0 else 1)
