#!/usr/bin/env bash
# One set-up script for a fresh Debian 12 machine (run as root, or with sudo available).
#   ./setup.sh editor   install what is missing, build, start the editor on its default terrain
#   ./setup.sh test     install what is missing, build, run every test (ctest under Xvfb, plus
#                       core and its tests under AddressSanitizer + UBSan)
#   ./setup.sh build    install what is missing and build (Release, build/)
#   ./setup.sh deps     only install the packages
set -euo pipefail
cd "$(dirname "$0")"

PACKAGES=(
  build-essential cmake ninja-build pkg-config
  qt6-base-dev qt6-qpa-plugins libqt6opengl6-dev libglm-dev
  libgl-dev libgl1-mesa-dri xvfb xauth fonts-dejavu-core libxcb1-dev
  libpng-dev zlib1g-dev libssl-dev nlohmann-json3-dev libcli11-dev
  libgtest-dev libgmock-dev libbenchmark-dev
  python3 python3-pil python3-numpy
  libopenexr-dev libtiff-dev libgeotiff-dev openexr gdal-bin assimp-utils
)

log() { printf '\n==> %s\n' "$*" >&2; }

install_deps() {
  local missing=()
  for p in "${PACKAGES[@]}"; do
    dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q 'install ok installed' || missing+=("$p")
  done
  if [ ${#missing[@]} -eq 0 ]; then
    log "all ${#PACKAGES[@]} packages are installed"
    return
  fi
  log "installing: ${missing[*]}"
  local sudo=""
  [ "$(id -u)" -eq 0 ] || sudo="sudo"
  $sudo apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq --no-install-recommends "${missing[@]}"
}

build() {
  log "configuring and building (build/)"
  cmake --preset default
  cmake --build --preset default
}

xvfb() {
  # A virtual X display with Mesa's software OpenGL (llvmpipe): QOpenGLWidget needs xcb.
  xvfb-run -a -s "-screen 0 1920x1080x24" "$@"
}

run_tests() {
  log "running every test under Xvfb"
  xvfb ctest --preset default
  log "core and its tests under AddressSanitizer + UndefinedBehaviorSanitizer (build-sanitize/)"
  cmake --preset sanitize
  cmake --build --preset sanitize --target core_tests terrain-cli
  ctest --preset sanitize
}

start_editor() {
  if [ -x build/bin/terrain-editor ]; then
    if [ -n "${DISPLAY:-}" ]; then
      log "starting build/bin/terrain-editor"
      exec build/bin/terrain-editor "$@"
    fi
    log "no DISPLAY: running the editor under Xvfb and saving a screenshot to build/editor.png"
    xvfb build/bin/terrain-editor --screenshot build/editor.png "$@"
    echo "The editor's window on its default terrain: $(pwd)/build/editor.png"
  else
    log "the editor is not built; generating the default terrain with the CLI"
    build/bin/terrain-cli generate --output build/default-terrain.png
    echo "Default terrain written to $(pwd)/build/default-terrain.png"
  fi
}

cmd="${1:-}"
shift || true
case "$cmd" in
  deps) install_deps ;;
  build) install_deps; build ;;
  test) install_deps; build; run_tests ;;
  editor) install_deps; build; start_editor "$@" ;;
  *) echo "usage: $0 editor|test|build|deps" >&2; exit 64 ;;
esac
