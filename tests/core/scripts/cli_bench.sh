#!/usr/bin/env bash
# terrain-cli bench end to end: the documented JSON fields for every case, outputs identical to
# the reference, the machine's hash scaling, and bad input refused with the flag named. Small
# maps and one round, so it takes a second; nothing here asserts a time.
# Needs TERRAIN_CLI (set by ctest).
source "$(dirname "$0")/cli_test_lib.sh"

"$cli" bench --algorithm diamond-square --detail 6 --threads 2 --repetitions 1 --json >"$dir/ds.json" 2>"$dir/stderr" \
  || fail "bench --json exit: $(cat "$dir/stderr")"
"$cli" bench --algorithm midpoint-line --detail 10 --repetitions 1 --json >"$dir/line.json" 2>"$dir/stderr" \
  || fail "bench midpoint-line exit: $(cat "$dir/stderr")"
$py - "$dir/ds.json" "$dir/line.json" <<'PYEOF' && pass || fail "bench JSON"
import json, sys
ds = json.load(open(sys.argv[1]))
line = json.load(open(sys.argv[2]))
assert len(ds) == 1 and ds[0]["threads"] == 2 and ds[0]["detail"] == 6, ds
assert [c["threads"] for c in line] in ([1], [1, 2]), line  # 1 and all cores
for case in ds + line:
    for field in ("algorithm", "detail", "threads", "ms_median", "ns_per_sample", "fill_floor_ratio",
                  "reference_speedup", "machine_hash_scaling"):
        assert field in case, (field, case)
    assert case["identical"] is True, case
    assert case["ms_median"] > 0 and case["fill_floor_ratio"] > 0 and case["reference_speedup"] > 0, case
    assert 0 < case["machine_hash_scaling"] < 4, case
PYEOF

# The text table ends with the machine line when more than one thread ran.
"$cli" bench --algorithm midpoint-displacement --detail 5 --threads 2 --repetitions 1 >"$dir/table.txt" 2>&1
check "table lists the case" grep -q "^midpoint-displacement  *5  *2 .* yes$" "$dir/table.txt"
check "table ends with the machine's hash scaling" grep -q "^machine: 2 threads hash [0-9.]*x as fast as 1" "$dir/table.txt"

expect 64 "--detail" bench --algorithm diamond-square --detail 99
expect 64 "--threads" bench --algorithm diamond-square --detail 5 --threads 0
expect 64 "--repetitions" bench --algorithm diamond-square --detail 5 --repetitions many
expect 64 "no-such" bench --algorithm no-such
finish
