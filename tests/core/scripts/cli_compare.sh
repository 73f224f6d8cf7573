#!/usr/bin/env bash
# terrain-cli compare end to end: the sheet and the stats JSON, shared --seed/--detail, exit
# codes and messages naming the flag and value, and nothing left behind by a failed run.
# Needs TERRAIN_CLI (set by ctest).
source "$(dirname "$0")/cli_test_lib.sh"

# Recipes: made by the CLI itself, so they are valid by construction.
recipe() {  # name, generate flags...
  local name=$1; shift
  "$cli" generate "$@" --detail 6 --save-recipe "$dir/$name.json" --output "$dir/scratch.r16" 2>/dev/null \
    || fail "making recipe $name"
}
recipe clip --algorithm diamond-square --seed 3 --set edge=clip
recipe wrap --algorithm diamond-square --seed 4 --set edge=wrap
recipe mpd --algorithm midpoint-displacement --seed 5
recipe line --algorithm midpoint-line --seed 6

# A good run: a PNG sheet and one JSON object per panel with the documented fields.
"$cli" compare --recipe "$dir/clip.json" --recipe "$dir/wrap.json" --recipe "$dir/mpd.json" --recipe "$dir/line.json" \
  --seed 42 --detail 7 --output "$dir/sheet.png" --stats "$dir/stats.json" 2>"$dir/stderr" \
  && pass || fail "compare: $(cat "$dir/stderr")"
[ "$(head -c 8 "$dir/sheet.png" | od -An -tx1 | tr -d ' \n')" = "89504e470d0a1a0a" ] && pass || fail "sheet is not a PNG"
$py - "$dir/stats.json" <<'EOF' && pass || fail "stats JSON"
import json, sys
panels = json.load(open(sys.argv[1]))
assert isinstance(panels, list) and len(panels) == 4, panels
fields = ["min", "max", "mean", "stddev", "histogram", "slope_histogram", "walkable_fraction", "hurst",
          "hurst_expected", "crease_score", "generation_ms", "algorithm", "recipe", "recipe_sha256"]
for p in panels:
    missing = [f for f in fields if f not in p]
    assert not missing, missing
    assert p["recipe"]["seed"] == 42 and p["recipe"]["detail"] == 7, p["recipe"]   # shared overrides
    assert len(p["recipe_sha256"]) == 64
    assert p["min"] <= p["mean"] <= p["max"] and p["stddev"] >= 0
    assert 0 <= p["walkable_fraction"] <= 1
    assert p["generation_ms"] >= 0
assert [p["algorithm"] for p in panels] == ["diamond-square", "diamond-square", "midpoint-displacement", "midpoint-line"]
assert abs(panels[0]["hurst_expected"] - 0.737) < 0.01                  # roughness 0.6
# Common mapping: the height histograms of all panels share one range.
assert len({(p["histogram"]["lo"], p["histogram"]["hi"]) for p in panels}) == 1
assert panels[3]["width"] == 129 and panels[3]["height"] == 1
EOF
grep -q "wrote $dir/sheet.png" "$dir/stderr" && pass || fail "compare reports what it wrote"

# Same inputs, same numbers: the thread count changes nothing but the timing (which is also
# printed on the sheet, so the sheets themselves differ).
for t in 1 2; do
  "$cli" compare --recipe "$dir/clip.json" --recipe "$dir/mpd.json" --output "$dir/t$t.png" --stats "$dir/t$t.json" \
    --threads $t 2>/dev/null || fail "threads $t"
done
$py - "$dir/t1.json" "$dir/t2.json" <<'EOF' && pass || fail "1 and 2 threads give different numbers"
import json, sys
a, b = (json.load(open(f)) for f in sys.argv[1:3])
for p in a + b:
    del p["generation_ms"]
assert a == b
EOF
"$cli" compare --recipe "$dir/clip.json" --recipe "$dir/mpd.json" --output "$dir/pp.png" --map per-panel --stats "$dir/pp.json" 2>/dev/null \
  && $py -c 'import json,sys; p=json.load(open(sys.argv[1])); assert p[0]["histogram"]["lo"] != p[1]["histogram"]["lo"]' "$dir/pp.json" \
  && pass || fail "--map per-panel: each histogram over its own range"
"$cli" compare --help | grep -q -- "--recipe" && pass || fail "compare --help"

# Stacks: a recipe's operations after its base. One stacked recipe alone compares the
# algorithms of its shape under the same stack; each panel is the whole stack.
$py - "$dir/clip.json" "$dir/stacked.json" <<'EOF'
import json, sys
r = json.load(open(sys.argv[1]))
r["stack"] += [{"id": "clamp-1", "type": "clamp", "params": {"low": 300, "high": 650}},
               {"id": "layer-1", "type": "midpoint-displacement", "blend": "add", "weight": 0.3}]
json.dump(r, open(sys.argv[2], "w"))
EOF
"$cli" compare --recipe "$dir/stacked.json" --output "$dir/stacked.png" --stats "$dir/stacked_stats.json" 2>"$dir/stderr" \
  && pass || fail "compare one stacked recipe: $(cat "$dir/stderr")"
"$cli" compare --recipe "$dir/clip.json" --recipe "$dir/mpd.json" --seed 3 --output "$dir/bare.png" --stats "$dir/bare_stats.json" 2>/dev/null \
  || fail "compare bare"
$py - "$dir/stacked_stats.json" "$dir/bare_stats.json" <<'EOF' && pass || fail "stacked panels: one per algorithm, each with the stack"
import json, sys
stacked, bare = (json.load(open(f)) for f in sys.argv[1:3])
assert [p["algorithm"] for p in stacked] == ["diamond-square", "midpoint-displacement", "fbm", "warped-fbm", "worley"], \
    [p["algorithm"] for p in stacked]
for p in stacked:
    ops = p["recipe"]["stack"][1:]
    assert [o["type"] for o in ops] == ["clamp", "midpoint-displacement"], ops
    assert p["recipe"]["seed"] == 3 and p["recipe"]["detail"] == 6
# The same base without the stack: the clamp at 300 m (of 0..1000 m) lifts every low point, and
# the layer only adds, so each stacked map's lowest point is far above its bare one.
for s, b in zip(stacked, bare):
    assert s["recipe"]["stack"][0] == b["recipe"]["stack"][0], (s["recipe"], b["recipe"])
    assert s["min"] > b["min"] + 0.2 * (b["max"] - b["min"]), (s["min"], b["min"], b["max"])
EOF
# A stacked recipe beside a bare one; the shared --seed applies to both.
"$cli" compare --recipe "$dir/stacked.json" --recipe "$dir/clip.json" --seed 9 --output "$dir/mixed.png" --stats "$dir/mixed.json" 2>/dev/null \
  && $py -c 'import json,sys; p=json.load(open(sys.argv[1])); assert [len(x["recipe"]["stack"]) for x in p] == [3, 1] and {x["recipe"]["seed"] for x in p} == {9}' "$dir/mixed.json" \
  && pass || fail "stacked beside bare"

# Bad input: exit code, a message naming the flag and value, nothing written.
out="$bad/out.png"
r=(--recipe "$dir/clip.json")
expect 64 "--recipe: '1 file(s)'" compare --recipe "$dir/line.json" --output "$out"  # no other 1-D algorithm
expect 64 "--recipe: '9 file(s)'" compare "${r[@]}" "${r[@]}" "${r[@]}" "${r[@]}" "${r[@]}" "${r[@]}" "${r[@]}" "${r[@]}" "${r[@]}" --output "$out"
expect 64 "--recipe: '$dir/missing.json'" compare "${r[@]}" --recipe "$dir/missing.json" --output "$out"
printf '{"version": 1, "algorithm": "diamond-square", "detail": ' >"$dir/trunc.json"
expect 65 "$dir/trunc.json" compare "${r[@]}" --recipe "$dir/trunc.json" --output "$out"
printf '{"version": 1, "algorithm": "perlin"}' >"$dir/perlin.json"
expect 65 "perlin" compare "${r[@]}" --recipe "$dir/perlin.json" --output "$out"
printf '{"version": 1, "algorithm": "diamond-square", "params": {"roughness": 7}}' >"$dir/rough.json"
expect 65 "params.roughness: '7'" compare "${r[@]}" --recipe "$dir/rough.json" --output "$out"
sed 's/"low": 300/"low": 99999/' "$dir/stacked.json" >"$dir/badop.json"
expect 65 "99999" compare --recipe "$dir/badop.json" --output "$out"   # an operation's value, named
expect 64 "--detail: '15'" compare "${r[@]}" "${r[@]}" --detail 15 --output "$out"
expect 64 "--seed: 'abc'" compare "${r[@]}" "${r[@]}" --seed abc --output "$out"
expect 64 "--threads: '0'" compare "${r[@]}" "${r[@]}" --threads 0 --output "$out"
expect 64 "--map: 'rainbow'" compare "${r[@]}" "${r[@]}" --map rainbow --output "$out"
expect 64 "--walkable: '95'" compare "${r[@]}" "${r[@]}" --walkable 95 --output "$out"
expect 64 "--metres-per-pixel: '0'" compare "${r[@]}" "${r[@]}" --metres-per-pixel 0 --output "$out"
expect 64 "--output: '$bad/out.jpg'" compare "${r[@]}" "${r[@]}" --output "$bad/out.jpg"
expect 64 "--output is required" compare "${r[@]}" "${r[@]}"
expect 73 "no such folder" compare "${r[@]}" "${r[@]}" --output "$dir/nowhere/sheet.png"
expect 73 "--stats" compare "${r[@]}" "${r[@]}" --output "$out" --stats "$dir/nowhere/stats.json"


# Each panel in its recipe's world: the terrain generate makes of the recipe (a clamp in metres
# and river erosion read the world), the slopes in that world's metres, with no flag repeated.
"$cli" generate --algorithm fbm --detail 7 --seed 8 --world-size 6000 --height-range=-100:900 \
  --op clamp:low=150,high=700 --op river-erosion --save-recipe "$dir/w1.json" --output "$dir/w1.tif" 2>/dev/null \
  || fail "making w1"
"$cli" generate --algorithm diamond-square --detail 7 --seed 2 --world-size 500 --height-range 0:40 \
  --save-recipe "$dir/w2.json" --output "$dir/w2.tif" 2>/dev/null || fail "making w2"
"$cli" compare --recipe "$dir/w1.json" --recipe "$dir/w2.json" --output "$dir/worlds.png" --stats "$dir/worlds.json" \
  2>"$dir/stderr" && pass || fail "compare of recipes with worlds: $(cat "$dir/stderr")"
check "each panel is its recipe's terrain, in its recipe's world" $py - "$dir/worlds.json" "$dir/w1.tif.json" "$dir/w2.tif.json" <<'PY'
import json, sys
panels = json.load(open(sys.argv[1])); sidecars = [json.load(open(a)) for a in sys.argv[2:]]
for p, s in zip(panels, sidecars):
    assert (p["min"], p["max"]) == (s["raw_min"], s["raw_max"]), (p["min"], p["max"], s["raw_min"], s["raw_max"])
    assert abs(p["metres_per_pixel"] - s["metres_per_pixel"]) < 1e-12, (p["metres_per_pixel"], s["metres_per_pixel"])
    lo, hi = s["height_range_metres"]
    assert abs(p["height_range_m"] - (hi - lo)) < 1e-9, (p["height_range_m"], hi - lo)
PY

finish
