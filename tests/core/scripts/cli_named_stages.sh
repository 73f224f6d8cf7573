#!/usr/bin/env bash
# Named stages and groups from the command line: --op ID:publish=NAME, input=NAME,
# mask=STAGE.NAME, --set publish=NAME for the base, --group-begin / --group-end in the order
# given, saved by --save-recipe (a group nests its entries), reproduced by --recipe, tiled by
# world init; bad references refused naming both entries. Needs TERRAIN_CLI (set by ctest).
source "$(dirname "$0")/cli_test_lib.sh"

gen() { "$cli" generate "$@" 2>>"$dir/log"; }
common=(--detail 7 --seed 5 --world-size 2000 --height-range 0:600)

# A group is its entries run on their own and blended back: replace at weight 1 with no mask is
# exactly the group's last stage.
gen "${common[@]}" --op clamp:low=100,high=500 --group-begin "Ridges:blend=replace,weight=1" \
  --op diamond-square:blend=replace,weight=1,roughness=0.7 --op terrace:steps=3 --group-end \
  --save-recipe "$dir/g.json" --output "$dir/g.tif" || fail "a group"
gen "${common[@]}" --op clamp:low=100,high=500 --op diamond-square:blend=replace,weight=1,roughness=0.7 \
  --op terrace:steps=3 --output "$dir/flat.tif" || fail "the same entries without a group"
check "replace at weight 1: the group's result" cmp -s "$dir/g.tif" "$dir/flat.tif"
check "the saved recipe nests the group's entries" $py - "$dir/g.json" <<'PY'
import json, sys
s = json.load(open(sys.argv[1]))["stack"]
assert [e["type"] for e in s] == ["diamond-square", "clamp", "group"], s
g = s[2]
assert g["name"] == "Ridges" and g["blend"] == "replace" and [e["type"] for e in g["stack"]] == ["diamond-square", "terrace"], g
PY
mkdir -p "$dir/again"
gen --recipe "$dir/g.json" --output "$dir/again/g.tif" || fail "from the saved group"
check "the saved group reproduces the bytes" cmp -s "$dir/g.tif" "$dir/again/g.tif"

# input=NAME: the last entry reads the base, not the terraced map below it.
gen "${common[@]}" --set publish=ground --op terrace:steps=4 --op smooth:radius=60,input=ground --output "$dir/i.tif" \
  || fail "input=ground"
gen "${common[@]}" --op smooth:radius=60 --output "$dir/i2.tif" || fail "smooth alone"
check "input=ground reads the base" cmp -s "$dir/i.tif" "$dir/i2.tif"

# mask=STAGE.NAME: the slope mask of the map before a smooth, where a second mask entry has made
# the slope of the smoothed map the one below.
again=(--op mask:source=slope,slope_min_deg=20,publish=steep --op smooth:radius=150 --op mask:source=slope,slope_min_deg=20)
gen "${common[@]}" "${again[@]}" --op terrace:steps=5,mask=steep.slope --output "$dir/m.tif" || fail "mask=steep.slope"
gen "${common[@]}" "${again[@]}" --op terrace:steps=5,mask=slope --output "$dir/m2.tif" || fail "mask=slope"
check "the published stage's mask is not the one below" sh -c "! cmp -s '$dir/m.tif' '$dir/m2.tif'"

# A world tiles a recipe with references and groups exactly.
gen --detail 8 --seed 5 --world-size 2000 --height-range 0:600 --set publish=ground --group-begin "g:blend=max,weight=0.6,input=ground" \
  --op diamond-square:blend=add,weight=0.3 --op clamp:low=80,high=520 --group-end \
  --op curves:gamma=1.1 --save-recipe "$dir/w.json" --output "$dir/whole.tif" || fail "for a world"
world_matches "the world's tiles are the whole map's samples" "$dir/w.json" 8 65 "$dir/whole.tif"

o=(--output "$bad/out.png" --save-recipe "$bad/r.json")
expect 64 "smooth-1.input: 'later' is not allowed; expected a stage published below this entry: later is published by terrace-1, after smooth-1" \
  generate --op smooth:input=later --op terrace:publish=later "${o[@]}"
expect 64 "add publish=NAME to one" generate --op smooth:input=nowhere "${o[@]}"
expect 64 "this entry itself" generate --op mask:source=slope,publish=m,mask=m.slope "${o[@]}"
expect 64 "group-1.type: 'group' is not allowed; expected a group closed by an end below it" \
  generate --group-begin open --op smooth "${o[@]}"
expect 64 "the end of a group that was opened above it" generate --group-end "${o[@]}"
expect 64 "--op smooth:publish: 'Big Hills' is not allowed" generate --op "smooth:publish=Big Hills" "${o[@]}"
expect 64 "--op smooth:mask: 'a.b.c' is not allowed" generate --op smooth:mask=a.b.c "${o[@]}"
printf '{"format":"terrain-recipe","version":4,"stack":[{"id":"base","type":"fbm"},{"id":"g","type":"group","stack":[{"id":"s","type":"smooth","params":{"radius":-1}}]}]}' >"$dir/bad.json"
expect 65 "stack[1].stack[0].params.radius: '-1' is not allowed" generate --recipe "$dir/bad.json" "${o[@]}"
printf '{"format":"terrain-recipe","version":4,"stack":[{"id":"base","type":"fbm"},{"id":"g","type":"group-end"}]}' >"$dir/bad.json"
expect 65 "stack[1].type: 'group-end' is not allowed" generate --recipe "$dir/bad.json" "${o[@]}"

finish
