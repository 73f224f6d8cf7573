# Run by Blender: blender -b --factory-startup --python-exit-code 1 --python blender_mesh_import.py --
#   FULL.obj [MORE.obj|MORE.glb ...], the first a full-grid mesh (every sample a vertex), the others
# of the same map (simplified or not). Blender's own importers (OBJ, glTF) read our meshes: each
# has a UV map and custom split normals; every loop's normal points up and (99 % of them within
# 1e-3) is the height field's central difference of the heights Blender read from the full grid
# (as the exporter computes it, one-sided at the edges); the image's north-west corner is UV
# (0, 1) and the south-east (1, 0) in both (Blender's V is up: OBJ's vt as written, glTF's V
# flipped by the importer). Positions and normals are taken in world space (Blender turns y-up
# files into z-up, file (x, y, z) = Blender (x, -z, y), so north is +y). Exits 1 otherwise.
import math
import sys

import bpy
import numpy

# Blender 3.4's glTF importer uses numpy.bool, which numpy 1.24 removed (Debian 12's Blender with a
# newer numpy); the alias it meant is the builtin bool.
if not hasattr(numpy, "bool"):
    numpy.bool = bool

args = sys.argv[sys.argv.index("--") + 1:]


def load(path):
    bpy.ops.object.select_all(action="SELECT")
    bpy.ops.object.delete()
    if path.endswith(".obj"):
        bpy.ops.wm.obj_import(filepath=path)
    else:
        bpy.ops.import_scene.gltf(filepath=path)
    objects = [o for o in bpy.context.scene.objects if o.type == "MESH"]
    assert len(objects) == 1, objects
    return objects[0]


failures = 0
height = None
for path in args:
    obj = load(path)
    mesh = obj.data
    # Importers differ in where the y-up to z-up turn goes (vertices or the object): world space.
    world = obj.matrix_world
    turn = world.to_3x3().normalized()
    co_of = [world @ v.co for v in mesh.vertices]
    assert mesh.uv_layers, f"{path}: no UV map"
    assert mesh.has_custom_normals, f"{path}: no custom normals"
    mesh.calc_normals_split()
    if height is None:  # the first file is the full grid: the height field, as Blender read it
        xs = sorted({round(co.x, 3) for co in co_of})
        ys = sorted({round(co.y, 3) for co in co_of})
        spacing = xs[1] - xs[0]
        height = {(round(co.x / spacing), round(co.y / spacing)): co.z for co in co_of}
        cols, rows = len(xs), len(ys)
        y0 = round(ys[0] / spacing)
        assert len(height) == cols * rows, (len(height), cols, rows)
    uv = mesh.uv_layers.active.data
    worst = 0.0
    close = 0
    corners = {}
    for loop in mesh.loops:
        co = co_of[loop.vertex_index]
        i, j = round(co.x / spacing), round(co.y / spacing)  # j grows north
        h = lambda a, b: height[(a, b)]
        i0, i1 = max(i - 1, 0), min(i + 1, cols - 1)
        j0, j1 = max(j - 1, y0), min(j + 1, y0 + rows - 1)
        east = (h(i1, j) - h(i0, j)) / ((i1 - i0) * spacing)
        north = (h(i, j1) - h(i, j0)) / ((j1 - j0) * spacing)
        length = math.sqrt(east * east + north * north + 1)
        want = (-east / length, -north / length, 1 / length)
        n = (turn @ loop.normal).normalized()
        assert n.z > 0, (path, tuple(n))
        error = max(abs(n[k] - want[k]) for k in range(3))
        worst = max(worst, error)
        close += error < 1e-3
        corners[(i, j)] = tuple(uv[loop.index].uv)
    nw, se = corners[(0, y0 + rows - 1)], corners[(cols - 1, y0)]
    # Blender keeps a custom normal inside its corner fan's range: at a few steep, strongly curved
    # vertices it moves ours by up to about 0.01 (compared with the file's own vn, the same).
    share = close / len(mesh.loops)
    ok = share >= 0.99 and worst < 0.02 and max(abs(nw[0]), abs(nw[1] - 1)) < 1e-6 and max(abs(se[0] - 1), abs(se[1])) < 1e-6
    failures += not ok
    print("BLENDER_MESH %s: %d vertices, UV map %s, custom normals, %.2f%% of the loops' normals "
          "within 1e-3 of the height field's (worst %.1e), north-west UV (%.3f, %.3f), south-east UV (%.3f, %.3f)%s"
          % (path.rsplit("/", 1)[-1], len(co_of), mesh.uv_layers.active.name, 100 * share, worst, nw[0], nw[1],
             se[0], se[1], "" if ok else " WRONG"))
sys.exit(1 if failures else 0)
