#!/usr/bin/env bash
# Draws resources/presets/ID.png, the Presets menu's picture of each built-in preset: the preset
# in its own world at detail 8 (257²), shaded in colour (terrain-cli --format colour), 96 px.
# The editor embeds them (app/CMakeLists.txt); run this again when a preset changes.
#   docs/tools/preset_pictures.sh [path/to/terrain-cli]
set -euo pipefail
root=$(cd "$(dirname "$0")/../.." && pwd)
cli=${1:-$root/build/bin/terrain-cli}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
ids=$("$cli" list --json | /usr/bin/python3 -c 'import json,sys; print(" ".join(p["id"] for p in json.load(sys.stdin)["presets"]))')
for id in $ids; do
  "$cli" generate --recipe "preset:$id" --detail 8 --format colour --output "$tmp/$id.png" 2>/dev/null
  /usr/bin/python3 - "$tmp/$id.png" "$root/resources/presets/$id.png" <<'PY'
import sys
from PIL import Image
Image.open(sys.argv[1]).convert("RGB").resize((96, 96), Image.LANCZOS).save(sys.argv[2], optimize=True)
PY
  echo "drew resources/presets/$id.png"
done
