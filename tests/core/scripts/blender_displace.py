# Run by Blender: blender -b --factory-startup --python blender_displace.py -- SETTINGS IMAGE
#   TRUTH_R32 TOLERANCE_M [ABOVE_PNG REST_PNG THRESHOLD_M]. Follows the import settings terrain-cli
# printed (SETTINGS, "Name: value" lines) literally: a Grid, Dimensions, a Displace modifier with
# the image, then evaluates the modifier and compares every vertex height with the float export
# TRUTH_R32 (metres, row 0 = north). Exits 1 when the largest error exceeds TOLERANCE_M.
# With the splat layers of `--splat 'above=height>THRESHOLD_M~0' --splat 'rest=rest'`: Blender
# loads both (Non-Color) and each vertex looks up its weight at its own UV, as an image texture
# on the grid's UV map would: the weights must sum to 255 codes in every pixel, and a vertex's
# `above` weight must be full exactly where its height is above the threshold (so a flipped or
# shifted splat map fails).
import struct
import sys

import bpy

args = sys.argv[sys.argv.index("--") + 1:]
settings_path, image_path, truth_path, tolerance = args[0], args[1], args[2], float(args[3])
settings = {}
for line in open(settings_path):
    name, sep, value = line.strip().partition(": ")
    if sep:
        settings[name] = value
def number(name):
    return float(settings[name].split()[0])

bpy.ops.object.select_all(action="SELECT")
bpy.ops.object.delete()
nx = int(settings["Add > Mesh > Grid > X Subdivisions"])
ny = int(settings["Add > Mesh > Grid > Y Subdivisions"])
bpy.ops.mesh.primitive_grid_add(x_subdivisions=nx, y_subdivisions=ny, size=1)
grid = bpy.context.object
grid.dimensions = (number("Object > Dimensions X (m)"), number("Object > Dimensions Y (m)"), 0)
bpy.ops.object.transform_apply(location=False, rotation=False, scale=True)
grid.location.z = number("Object location Z (m)")

image = bpy.data.images.load(image_path)
assert settings["Image texture Color Space"] == "Non-Color"
image.colorspace_settings.name = "Non-Color"
texture = bpy.data.textures.new("height", type="IMAGE")
texture.image = image
assert settings["Image texture > Image Mapping > Extension"].startswith("Extend")
texture.extension = "EXTEND"
assert settings["Image texture > Sampling > Interpolation"].startswith("off")
texture.use_interpolation = False
assert settings["Texture properties > Colors > Clamp"].startswith("off")
texture.use_clamp = False
displace = grid.modifiers.new("displace", "DISPLACE")
displace.texture = texture
assert settings["Displace modifier > Texture Coordinates"] == "UV"
displace.texture_coords = "UV"
displace.direction = "NORMAL"
displace.strength = number("Displace modifier > Strength")
displace.mid_level = number("Displace modifier > Midlevel")

evaluated = grid.evaluated_get(bpy.context.evaluated_depsgraph_get()).to_mesh()
width, height = nx + 1, ny + 1
data = open(truth_path, "rb").read()
truth = struct.unpack("<%df" % (width * height), data)
assert len(evaluated.vertices) == width * height, (len(evaluated.vertices), width * height)
sx, sy = grid.dimensions.x, grid.dimensions.y
def truth_at(v):  # the float export's metres at vertex v
    col = round((v.co.x + sx / 2) / sx * (width - 1))
    row = round((sy / 2 - v.co.y) / sy * (height - 1))  # +y is north, our row 0
    return truth[row * width + col]
worst = 0.0
for v in evaluated.vertices:
    z = v.co.z + grid.location.z
    worst = max(worst, abs(z - truth_at(v)))
print("BLENDER_MAX_ERROR_M %.9g tolerance %.9g over %d vertices" % (worst, tolerance, width * height))
if worst > tolerance:
    sys.exit(1)

if len(args) > 4:
    above_path, rest_path, threshold = args[4], args[5], float(args[6])
    def codes(path):
        image = bpy.data.images.load(path)
        image.colorspace_settings.name = "Non-Color"
        assert tuple(image.size) == (width, height), (path, tuple(image.size), (width, height))
        pixels = [0.0] * (width * height * image.channels)
        image.pixels.foreach_get(pixels)  # bottom row first
        return [round(pixels[i * image.channels] * 255) for i in range(width * height)], image.channels
    above, channels = codes(above_path)
    rest, _ = codes(rest_path)
    bad_sums = sum(1 for a, r in zip(above, rest) if a + r != 255)
    uv = evaluated.uv_layers.active.data
    vertex_uv = {}
    for loop in evaluated.loops:
        vertex_uv[loop.vertex_index] = uv[loop.index].uv
    mismatched = high = low = 0
    for v in evaluated.vertices:
        metres = truth_at(v)
        if abs(metres - threshold) < 1e-3:
            continue  # on the edge: float rounding may fall either way
        u, w = vertex_uv[v.index]
        px, py = min(int(u * width), width - 1), min(int(w * height), height - 1)
        weight = above[py * width + px]
        expected = 255 if metres > threshold else 0
        high += expected == 255
        low += expected == 0
        mismatched += weight != expected
    print("BLENDER_SPLAT %d channels, %d pixels whose weights do not sum to 255, %d of %d vertices "
          "(%d above %g m, %d below) with the wrong weight at their UV"
          % (channels, bad_sums, mismatched, high + low, high, threshold, low))
    if bad_sums or mismatched or high == 0 or low == 0:
        sys.exit(1)
sys.exit(0)
