#!/usr/bin/env bash
# The stack from the command line: --op, --recipe FILE|preset:ID, --save-recipe,
# list --json/--markdown, and bad input (exit 64, the flag and value named, nothing written).
# Needs TERRAIN_CLI (set by ctest).
source "$(dirname "$0")/cli_test_lib.sh"

gen() { "$cli" generate "$@" 2>>"$dir/log"; }
sha() { sha256sum "$1" | cut -d' ' -f1; }

# A recipe without operations makes the bytes it made before the stack (format 2, and the same
# flags): SHA-256 of the outputs of terrain-cli before the stack.
printf '{"format":"terrain-recipe","version":2,"algorithm":"diamond-square","detail":7,"seed":5,"params":{"roughness":0.55,"edge":"wrap"}}' >"$dir/v2.json"
gen --recipe "$dir/v2.json" --output "$dir/v2.png" || fail "format-2 recipe"
check "format-2 recipe: the bytes of before the stack" [ "$(sha "$dir/v2.png")" = "962df2094f1947ede27735b680671f05fbd4e642f994daae7f23be41cac2e07a" ]
gen --algorithm midpoint-displacement --detail 7 --seed 9 --set spread=0.4 --output "$dir/m.r16" \
  || fail "midpoint-displacement"
check "flags without --op: the bytes of before the stack" [ "$(sha "$dir/m.r16")" = "80b644bafa64cc763c67073d6f44e8685aec6afaeed447be97c2a60b7ef3951c" ]
gen --recipe "$dir/v2.json" --map normalize --format exr --output "$dir/v2.exr" || fail "format-2 to exr"
check "format-2 recipe to EXR: the bytes of before the stack" [ "$(sha "$dir/v2.exr")" = "5c7fa13f2678062faefadece551396bd6a9f863078a3dc2b4f1e5b4b2b64b3f7" ]

# --op changes the map; the same bytes on 1 and 2 threads; --save-recipe then --recipe repeats it.
stack=(--detail 8 --seed 3 --op clamp:low=20,high=70 --op midpoint-displacement:blend=max,weight=0.5,roughness=0.4
       --op normalize:low=0.1,high=0.9)
gen --detail 8 --seed 3 --output "$dir/plain.r16" || fail "plain"
gen "${stack[@]}" --threads 1 --save-recipe "$dir/stack.json" --output "$dir/s1.r16" || fail "stack, 1 thread"
gen "${stack[@]}" --threads 2 --output "$dir/s2.r16" || fail "stack, 2 threads"
check "the stack changes the map" sh -c "! cmp -s '$dir/plain.r16' '$dir/s1.r16'"
check "stack: 1 and 2 threads give the same bytes" cmp -s "$dir/s1.r16" "$dir/s2.r16"
gen --recipe "$dir/stack.json" --threads 2 --output "$dir/s3.r16" || fail "from the saved stack"
check "the saved stack reproduces the bytes" cmp -s "$dir/s1.r16" "$dir/s3.r16"
check "the saved recipe is the current format (8) with the whole stack and its world" $py - "$dir/stack.json" <<'PY'
import json, sys
r = json.load(open(sys.argv[1]))
assert r["version"] == 8, r
assert r["world"]["height_range_m"] == [0.0, 100.0] and r["world"]["extent_m"] > 0, r["world"]
s = r["stack"]
assert [e["type"] for e in s] == ["diamond-square", "clamp", "midpoint-displacement", "normalize"], s
assert s[1]["params"] == {"low": 20.0, "high": 70.0}, s[1]
assert s[2]["blend"] == "max" and s[2]["weight"] == 0.5 and s[2]["params"]["roughness"] == 0.4, s[2]
PY
check "the sidecar holds the stack" $py -c 'import json,sys; assert len(json.load(open(sys.argv[1]))["recipe"]["stack"]) == 4' \
  "$dir/s1.r16.json"
# hydraulic-erosion's own seed_offset (another pattern of rain) is taken like its other keys.
gen --detail 6 --seed 3 --op hydraulic-erosion --output "$dir/rain0.r16" || fail "hydraulic-erosion"
gen --detail 6 --seed 3 --op hydraulic-erosion:seed_offset=1 --output "$dir/rain1.r16" || fail "hydraulic-erosion:seed_offset=1"
cmp -s "$dir/rain0.r16" "$dir/rain1.r16" && fail "hydraulic-erosion:seed_offset=1 rains elsewhere" || pass

# --recipe then --op appends after the file's stack: the same as giving every --op.
gen --detail 8 --seed 3 --op clamp:low=20,high=70 --save-recipe "$dir/one.json" --output "$dir/one.r16" || fail "one op"
gen --recipe "$dir/one.json" --op midpoint-displacement:blend=max,weight=0.5,roughness=0.4 \
  --op normalize:low=0.1,high=0.9 --output "$dir/s4.r16" || fail "--recipe with --op"
check "--recipe FILE --op appends to its stack" cmp -s "$dir/s1.r16" "$dir/s4.r16"
# A disabled operation is skipped; name= may hold commas (a piece without '=' continues it).
gen --detail 8 --seed 3 --op "clamp:low=20,high=70,enabled=false,name=Off, for now" --save-recipe "$dir/off.json" \
  --output "$dir/off.r16" || fail "disabled op"
check "a disabled --op leaves the map as it is" cmp -s "$dir/plain.r16" "$dir/off.r16"
check "name= keeps its comma" grep -q '"name": "Off, for now"' "$dir/off.json"
# The hurst alias on a generator layer.
gen --detail 6 --op diamond-square:hurst=1 --save-recipe "$dir/h.json" --output "$dir/h.r16" || fail "hurst"
check "hurst=1 on a layer is roughness 0.5" grep -q '"roughness": 0.5' "$dir/h.json"
# ansi runs the stack too.
COLUMNS=40 "$cli" ansi --detail 5 --op clamp:low=40,high=60 >"$dir/ansi.txt" 2>/dev/null \
  && grep -q $'\e\\[' "$dir/ansi.txt" && pass || fail "ansi with --op"

# Masks: --mask writes a mask of the stack instead of the heights; an entry blended
# through it changes the map only where the mask is above 0.
gen --detail 8 --seed 3 --world-size 2000 --height-range 0:600 --op mask:source=slope,slope_min_deg=25 --mask slope --format png16 \
  --output "$dir/slope.png" || fail "--mask slope"
gen --detail 8 --seed 3 --world-size 2000 --height-range 0:600 --op mask:source=slope,slope_min_deg=25 --mask slope \
  --format raw32 --output "$dir/slope.raw" || fail "--mask slope as floats"
gen --detail 8 --seed 3 --world-size 2000 --height-range 0:600 --format raw32 --output "$dir/below.raw" || fail "below the mask"
gen --detail 8 --seed 3 --world-size 2000 --height-range 0:600 --op mask:source=slope,slope_min_deg=25 --op terrace:steps=4,mask=slope \
  --format raw32 --output "$dir/through.raw" || fail "terrace through the slope mask"
check "--mask: weights 0..1 as 0..65535, some ground in and some out" $py - "$dir/slope.png" <<'PY'
import sys
import numpy as np
from PIL import Image
m = np.array(Image.open(sys.argv[1]))
assert m.shape == (257, 257), m.shape
assert (m == 0).mean() > 0.1 and (m == 65535).mean() > 0.1, ((m == 0).mean(), (m == 65535).mean())
PY
check "an entry through a mask changes only where the mask is not 0" $py - "$dir/slope.raw" "$dir/below.raw" "$dir/through.raw" <<'PY'
import sys
import numpy as np
m = np.fromfile(sys.argv[1], "<f4").reshape(257, 257)
below = np.fromfile(sys.argv[2], "<f4").reshape(257, 257)
through = np.fromfile(sys.argv[3], "<f4").reshape(257, 257)
assert m.min() == 0.0 and m.max() == 1.0, (m.min(), m.max())
assert np.array_equal(below[m == 0], through[m == 0])
assert (below[m == 1] != through[m == 1]).mean() > 0.5
PY

# Presets: each loads and makes a map.
for id in $("$cli" list --json | $py -c 'import json,sys; print(" ".join(p["id"] for p in json.load(sys.stdin)["presets"]))'); do
  # At the preset's own detail: its distances in metres suit its extent at 1 m per sample.
  "$cli" generate --recipe "preset:$id" --output "$dir/p.png" 2>"$dir/p.err"
  code=$?
  if [ "$code" -eq 0 ] && [ -s "$dir/p.png" ]; then
    pass
    "$cli" generate --recipe "preset:$id" --op clamp:low=0,high=50 --output "$dir/p2.png" 2>/dev/null \
      && ! cmp -s "$dir/p.png" "$dir/p2.png" && pass || fail "preset:$id with --op"
  else
    fail "preset:$id -> exit $code: $(cat "$dir/p.err")"
  fi
done

# list: the same types as JSON, text and Markdown.
"$cli" list --json >"$dir/list.json" || fail "list --json"
check "list --json: operations, layer_params and presets" $py - "$dir/list.json" <<'PY'
import json, sys
d = json.load(open(sys.argv[1]))
assert set(d) == {"operations", "layer_params", "presets"}, d.keys()
ops = {o["id"]: o for o in d["operations"]}
assert {"diamond-square", "midpoint-displacement", "midpoint-line", "clamp", "normalize"} <= set(ops), ops.keys()
for o in d["operations"]:
    assert set(o) >= {"id", "name", "kind", "summary", "params"}, o
    assert o["kind"] in ("generator", "filter"), o
    for p in o["params"]:
        assert set(p) == {"key", "label", "unit", "kind", "min", "max", "step", "default", "choices", "help"}, p
        assert p["kind"] in ("real", "integer", "choice", "flag"), p
        if p["kind"] == "choice":
            assert p["default"] in p["choices"], p
        elif p["kind"] == "flag":
            assert isinstance(p["default"], bool), p
        else:
            assert p["min"] <= p["default"] <= p["max"], p
assert ops["diamond-square"]["kind"] == "generator" and ops["clamp"]["kind"] == "filter"
assert ops["diamond-square"]["detail"]["max"] >= 13
low = {p["key"]: p for p in ops["clamp"]["params"]}["low"]
assert low["unit"] == "m" and low["default"] == 0.0, low
assert [p["key"] for p in d["layer_params"]] == ["blend", "weight", "seed_offset"], d["layer_params"]
assert {"island", "rolling-hills", "terraced-mesa"} <= {p["id"] for p in d["presets"]}, d["presets"]
assert all(p["name"] and p["summary"] for p in d["presets"])
PY
"$cli" list >"$dir/list.txt" || fail "list"
check "list names every type and preset" $py - "$dir/list.json" "$dir/list.txt" <<'PY'
import json, sys
d = json.load(open(sys.argv[1])); text = open(sys.argv[2]).read()
for o in d["operations"]:
    assert "\n" + o["id"] + " - " in text, o["id"]
    for p in o["params"]:
        assert p["key"] + "=<" in text, (o["id"], p["key"])
for p in d["presets"]:
    assert "  " + p["id"] + " - " in text, p["id"]
PY
"$cli" list --markdown >"$dir/list.md" || fail "list --markdown"
check "list --markdown: a section and a table per type" $py - "$dir/list.json" "$dir/list.md" <<'PY'
import json, sys
d = json.load(open(sys.argv[1])); md = open(sys.argv[2]).read()
for o in d["operations"]:
    assert "### %s (`%s`)" % (o["name"], o["id"]) in md, o["id"]
    assert "](images/operations/%s.png)" % o["id"] in md, o["id"]
    for p in o["params"]:
        assert "| `%s` |" % p["key"] in md, (o["id"], p["key"])
for p in d["presets"]:
    assert "| `%s` |" % p["id"] in md, p["id"]
PY
expect 64 "--markdown" list --json --markdown

# Bad input: exit 64, the flag and the value named with what is allowed, nothing written (the
# output and the saved recipe go to $bad).
o=(--output "$bad/out.png" --save-recipe "$bad/r.json")
expect 64 "hydraulic-erosion-1.lifetime: '10000 m' is not allowed; expected a path short enough for the rain to cover the map" \
  generate --detail 7 --world-size 128 --op hydraulic-erosion:lifetime=10000,drop_width=1000 "${o[@]}"
expect 64 "--op: 'terace' is not allowed; expected an operation: one of " generate --op terace "${o[@]}"
check "an unknown --op lists the types" grep -q "clamp, normalize, mask, thermal-erosion, hydraulic-erosion, river-erosion, layout, import-mask, diamond-square, midpoint-displacement, midpoint-line" "$dir/stderr"
expect 64 "(did you mean clamp?)" generate --op clmap "${o[@]}"
expect 64 "--op clamp:lwo: 'lwo' is not allowed; expected a key of clamp: low, high, name, enabled, mask, publish, input (did you mean low?)" \
  generate --op clamp:lwo=3 "${o[@]}"
expect 64 "--op clamp:blend: 'blend' is not allowed" generate --op clamp:blend=max "${o[@]}"
expect 64 "--op clamp:low: 'abc' is not allowed; expected a number in [-20000, 20000]" generate --op clamp:low=abc "${o[@]}"
expect 64 "--op clamp:low: 'nan'" generate --op clamp:low=nan "${o[@]}"
expect 64 "--op clamp-1.low: '80 m' is not allowed; expected below high (20 m)" generate --op clamp:low=80,high=20 "${o[@]}"
expect 64 "--op normalize: 'low' is not allowed; expected KEY=VALUE" generate --op normalize:low "${o[@]}"
expect 64 "--op diamond-square:blend: 'mix' is not allowed; expected one of add, multiply, max, min, replace" \
  generate --op diamond-square:blend=mix "${o[@]}"
expect 64 "--op diamond-square:weight: '2'" generate --op diamond-square:weight=2 "${o[@]}"
expect 64 "--op clamp:enabled: 'maybe'" generate --op clamp:enabled=maybe "${o[@]}"
expect 64 "diamond-square-1.type: 'diamond-square' is not allowed; expected a generator that makes 257x1 maps" \
  generate --algorithm midpoint-line --detail 8 --op diamond-square "${o[@]}"
too_many=(); for i in $(seq 65); do too_many+=(--op clamp); done
expect 64 "at most 64 operations" generate "${too_many[@]}" "${o[@]}"
expect 64 "--recipe: 'preset:atoll' is not allowed; expected a recipe file, or a built-in preset: preset:ID with ID one of eroded-hills, alpine, canyon, volcanic-island, island, rolling-hills, terraced-mesa" \
  generate --recipe preset:atoll "${o[@]}"
expect 64 "(did you mean preset:island?)" generate --recipe preset:islnd "${o[@]}"
expect 64 "--op: 'terace'" ansi --op terace
expect 64 "--mask: 'flow' is not allowed; expected a mask the stack makes: slope" \
  generate --op mask:source=slope --mask flow "${o[@]}"
expect 64 "--mask: 'slope' is not allowed; expected a mask the stack makes (it makes none" generate --mask slope "${o[@]}"
expect 64 "--op mask:source: 'wetness' is not allowed; expected one of slope, height, curvature" \
  generate --op mask:source=wetness "${o[@]}"
# A stacked recipe file with a bad entry is bad data (65), named by its place in the stack.
$py - "$dir/stack.json" "$dir/badstack.json" <<'PY'
import json, sys
r = json.load(open(sys.argv[1])); r["stack"][1]["params"]["low"] = "high"; json.dump(r, open(sys.argv[2], "w"))
PY
expect 65 "stack[1].params.low: 'high'" generate --recipe "$dir/badstack.json" "${o[@]}"

# docs/examples/canyon_country.json (docs/erosion.md): a plateau over an escarpment cut by young
# canyons, its top held up by river-erosion's hard strata. At detail 8 a fifth of the map stands
# above 800 m (0.195); in one rock (strata 0) the rivers wear it down (0.012).
root="$(cd "$(dirname "$0")/../../.." && pwd)"
$py - "$root/docs/examples/canyon_country.json" "$dir/one_rock.json" <<'PY'
import json, sys
r = json.load(open(sys.argv[1])); r["stack"][2]["params"]["strata"] = 0.0; json.dump(r, open(sys.argv[2], "w"))
PY
gen --recipe "$root/docs/examples/canyon_country.json" --detail 8 --format raw32 --output "$dir/canyon.raw" \
  || fail "docs/examples/canyon_country.json"
gen --recipe "$dir/one_rock.json" --detail 8 --format raw32 --output "$dir/one_rock.raw" \
  || fail "canyon country in one rock"
check "canyon country: the caprock holds the plateau up, one rock wears it down" \
  $py - "$dir/canyon.raw" "$dir/one_rock.raw" <<'PY'
import sys
import numpy as np
high = [float((np.fromfile(f, "<f4") > 800.0).mean()) for f in sys.argv[1:3]]
assert high[0] > 0.15 and high[1] < 0.05, high
PY

finish
