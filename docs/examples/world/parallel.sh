#!/usr/bin/env bash
# Build a world with GNU parallel: on this machine, or across machines with --sshlogin.
# docs/worlds.md explains each step. Rerunning the same command resumes: the joblog skips the
# tasks that finished, and `world tile` skips any tile whose tile.json is already there.
#
#   WORLD=/data/island CLI=terrain-cli ./parallel.sh            # every core of this machine
#   SSHLOGIN=8/node1,8/node2 ./parallel.sh                      # 8 tasks on each of two machines
#   PRESET=unity EXPORT=/data/island-unity/land.raw ./parallel.sh   # then engine tiles, same tasks
#
# Across machines the world folder must be on a shared file system mounted at the same path
# everywhere (NFS, Lustre, ...): each tile is renamed into place and its tile.json written last,
# so a reader never sees half a tile.
set -euo pipefail
CLI=${CLI:-terrain-cli}
WORLD=${WORLD:?set WORLD to the world folder (made by terrain-cli world init)}
TILES_PER_TASK=${TILES_PER_TASK:-1}   # several tiles per task when tiles are small
JOBS=${JOBS:-100%}                     # parallel's -j: tasks at once per machine

tiles=$(/usr/bin/python3 -c "import json,sys; print(json.load(open(sys.argv[1]))['tiles'])" "$WORLD/world.json")
tasks=$(( (tiles + TILES_PER_TASK - 1) / TILES_PER_TASK ))
ssh=()
[ -n "${SSHLOGIN:-}" ] && ssh=(--sshlogin "$SSHLOGIN")

# Task k handles tiles k*TILES_PER_TASK .. min(tiles, (k+1)*TILES_PER_TASK) - 1, given to it as
# "FIRST-LAST"; the joblog records each task by that argument, so a rerun skips the finished ones.
ranges() {
  for ((k = 0; k < tasks; k++)); do
    first=$((k * TILES_PER_TASK)); last=$((first + TILES_PER_TASK - 1))
    [ "$last" -lt "$tiles" ] || last=$((tiles - 1))
    echo "$first-$last"
  done
}
ranges | parallel "${ssh[@]}" -j "$JOBS" --joblog "$WORLD/parallel.joblog" --resume-failed --halt never \
  "$CLI" world tile --world "$WORLD/world.json" --threads "${THREADS:-1}" --index '{}'

"$CLI" world verify --world "$WORLD/world.json"
"$CLI" world vrt --world "$WORLD/world.json"

# Engine tiles (docs/worlds.md, "Engine tiles"): the same indices, each task writing its tiles
# for the preset; `world export` skips tiles already written, so this resumes too.
if [ -n "${PRESET:-}" ]; then
  EXPORT=${EXPORT:?set EXPORT to the engine tile name, e.g. /data/out/land.raw}
  ranges | parallel "${ssh[@]}" -j "$JOBS" --joblog "$WORLD/export-$PRESET.joblog" --resume-failed --halt never \
    "$CLI" world export --world "$WORLD/world.json" --preset "$PRESET" --out "$EXPORT" --threads "${THREADS:-1}" \
    --index '{}' ">/dev/null"
fi
