#!/usr/bin/env bash
# The Blender route, checked by Blender itself: blender_displace.py follows the
# steps terrain-cli prints for --preset blender on a 65x65 map (Grid, Dimensions, Displace with
# the image, Non-Color, Extend, Closest, UV, Strength, Midlevel 0), evaluates the modifier and
# compares every vertex height with a raw32 export of the same recipe. PNG16: within half a
# quantisation step (plus Blender's float32 vertices); EXR: within 1e-3 m. The splat route
#: the greyscale layers of --splat 'above=height>60~0' --splat 'rest=rest', loaded by
# Blender and looked up at each vertex's UV, weigh 255 above 60 m and 0 below; Godot Terrain3D's
# control map of the same layers, read by Blender's EXR loader, decodes to texture 0 above 60 m
# and texture 1 below (blender_terrain3d_control.py). Meshes: Blender's OBJ and glTF importers
# find a UV map (north-west corner (0, 1)) and the height field's normals (blender_mesh_import.py).
# Exit 77 (ctest SKIP_RETURN_CODE) only when blender is absent; setup.sh installs it.
source "$(dirname "$0")/cli_test_lib.sh"
command -v blender >/dev/null || { echo "SKIP: blender is not installed (apt-get install blender)"; exit 77; }
script="$(dirname "$0")/blender_displace.py"

common=(--detail 6 --seed 4 --height-range -20:180 --metres-per-pixel 2)
"$cli" generate "${common[@]}" --format raw32 -o "$dir/h.r32" 2>"$dir/err" || fail "raw32: $(cat "$dir/err")"
"$cli" generate "${common[@]}" --preset blender --format png16 -o "$dir/h.png" >"$dir/png.txt" 2>"$dir/err" \
  || fail "png16: $(cat "$dir/err")"
"$cli" generate "${common[@]}" --preset blender -o "$dir/h.exr" >"$dir/exr.txt" 2>"$dir/err" \
  || fail "exr: $(cat "$dir/err")"
check "blender steps say Extend and Closest" grep -q "Extension: Extend" "$dir/png.txt"
check "no 'enough' in the steps" sh -c "! grep -qi enough '$dir/png.txt'"

"$cli" generate "${common[@]}" --preset blender --format png16 --splat 'above=height>60~0' --splat 'rest=rest' \
  -o "$dir/s.png" >"$dir/splat.txt" 2>"$dir/err" || fail "splat: $(cat "$dir/err")"

run_blender() {  # settings image tolerance [above.png rest.png threshold]
  timeout 240 blender -b --factory-startup --python-exit-code 1 --python "$script" -- "$1" "$2" "$dir/h.r32" "$3" "${@:4}" \
    >"$dir/blender.log" 2>&1
  local rc=$?
  grep -E "BLENDER_MAX_ERROR_M|BLENDER_SPLAT" "$dir/blender.log"
  [ $rc -eq 0 ] || { tail -20 "$dir/blender.log"; return 1; }
}
# Half a step of 200 m over 65535 codes, plus 2e-5 m: Blender's vertices are float32 (the EXR
# route, exact metres, measures 1.5e-5 m).
half=$($py -c "print(200 / 65535 / 2 + 2e-5)")
check "png16 in Blender within half a step" run_blender "$dir/png.txt" "$dir/h.png" "$half"
check "exr in Blender within 1e-3 m" run_blender "$dir/exr.txt" "$dir/h.exr" 1e-3
check "splat layers in Blender: 255 above 60 m, 0 below, at each vertex's UV" \
  run_blender "$dir/splat.txt" "$dir/s.png" "$half" "$dir/s_above.png" "$dir/s_rest.png" 60

"$cli" generate "${common[@]}" --preset godot-terrain3d --splat 'above=height>60~0' --splat 'rest=rest' \
  -o "$dir/t3.exr" >/dev/null 2>"$dir/err" || fail "terrain3d splat: $(cat "$dir/err")"
t3_control() {  # [CONTROL_EXR soft]
  timeout 240 blender -b --factory-startup --python-exit-code 1 --python "$(dirname "$0")/blender_terrain3d_control.py" -- \
    "${1:-$dir/t3_control.exr}" "$dir/h.r32" 60 ${2:-} >"$dir/blender.log" 2>&1
  local rc=$?
  grep "BLENDER_T3D_CONTROL" "$dir/blender.log"
  [ $rc -eq 0 ] || { tail -20 "$dir/blender.log"; return 1; }
}
check "Terrain3D control map read by Blender's EXR loader: texture 0 above 60 m, 1 below, bits intact" t3_control
"$cli" generate "${common[@]}" --preset godot-terrain3d --splat 'above=height>60~20' --splat 'rest=rest' \
  -o "$dir/t3s.exr" >/dev/null 2>"$dir/err" || fail "terrain3d soft splat: $(cat "$dir/err")"
check "Terrain3D control map's denormals (texture 0 over 1) read intact by Blender's EXR loader" \
  t3_control "$dir/t3s_control.exr" soft

# Meshes: Blender's OBJ and glTF importers read the full grid (obj) and a simplified glb of the
# same map with a UV map and our normals (blender_mesh_import.py).
"$cli" generate "${common[@]}" -o "$dir/m.obj" 2>"$dir/err" || fail "obj: $(cat "$dir/err")"
"$cli" generate "${common[@]}" --triangles 1000 -o "$dir/m.glb" 2>"$dir/err" || fail "glb: $(cat "$dir/err")"
mesh_import() {
  timeout 240 blender -b --factory-startup --python-exit-code 1 --python "$(dirname "$0")/blender_mesh_import.py" -- \
    "$dir/m.obj" "$dir/m.glb" >"$dir/blender.log" 2>&1
  local rc=$?
  grep "BLENDER_MESH" "$dir/blender.log"
  [ $rc -eq 0 ] || { tail -20 "$dir/blender.log"; return 1; }
}
check "Blender imports the OBJ and the GLB with a UV map and the height field's normals" mesh_import

finish
