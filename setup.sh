#!/usr/bin/env bash
# One set-up script for a fresh Debian 12 machine (run as root, or with sudo available).
#   ./setup.sh editor   install what is missing, build, start the editor on its default terrain
#   ./setup.sh test     install what is missing, build, run every test: ctest under Xvfb; all of
#                       it again under AddressSanitizer + UBSan; the threaded core tests and the
#                       generation controller under ThreadSanitizer; core and its tests built by
#                       clang++-14 (goldens equal g++'s); each libFuzzer target for FUZZ_SECONDS
#                       (default 30). The time of each step is printed at the end.
#   ./setup.sh build    install what is missing and build (Release, build/)
#   ./setup.sh deps     only install the packages
set -euo pipefail
cd "$(dirname "$0")"

PACKAGES=(
  build-essential cmake ninja-build pkg-config ccache
  qt6-base-dev qt6-qpa-plugins libqt6opengl6-dev libglm-dev
  libgl-dev libgl1-mesa-dri xvfb xauth fonts-dejavu-core libxcb1-dev
  libpng-dev zlib1g-dev libssl-dev nlohmann-json3-dev libcli11-dev
  libgtest-dev libgmock-dev libbenchmark-dev libnoise-dev
  python3 python3-pil python3-numpy python-matplotlib-data
  clang-14 libclang-rt-14-dev blender
  libopenexr-dev libtiff-dev libgeotiff-dev libgdal-dev openexr gdal-bin assimp-utils parallel slurm-wlm munge
)

log() { printf '\n==> %s\n' "$*" >&2; }

# A compiler cache shared by every build folder and every clone on this machine: the four
# variants of a clone share nothing (other flags), but a clone built before, or CI's fresh clone
# after a developer's builds, compiles only what changed. CCACHE_BASEDIR makes paths inside the
# clone relative, CCACHE_NOHASHDIR leaves the clone's folder out of the -g builds' hash. CMake
# takes the launcher from the environment at the first configure of a build folder.
use_ccache() {
  command -v ccache >/dev/null || return 0
  export CMAKE_CXX_COMPILER_LAUNCHER=ccache CMAKE_C_COMPILER_LAUNCHER=ccache
  export CCACHE_BASEDIR="$PWD" CCACHE_NOHASHDIR=true
  export CCACHE_DIR="${CCACHE_DIR:-${XDG_CACHE_HOME:-${HOME:-/root}/.cache}/terrain-editor-ccache}"
  if ! mkdir -p "$CCACHE_DIR" 2>/dev/null || [ ! -w "$CCACHE_DIR" ]; then
    log "no writable compiler cache at $CCACHE_DIR: building without ccache"
    unset CMAKE_CXX_COMPILER_LAUNCHER CMAKE_C_COMPILER_LAUNCHER
    return 0
  fi
  ccache --max-size=20G >/dev/null
}

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
  use_ccache
  log "configuring and building (build/)"
  cmake --preset default
  cmake --build --preset default
}

xvfb() {
  # A virtual X display with Mesa's software OpenGL (llvmpipe): QOpenGLWidget needs xcb.
  xvfb-run -a -s "-screen 0 1920x1080x24" "$@"
}

# Each step's wall time, printed by report_times (the whole run should stay under ~40 minutes).
STEP_TIMES=()
timed() {
  local name=$1 start=$SECONDS
  shift
  "$@"
  STEP_TIMES+=("$(printf '%5ds  %s' $((SECONDS - start)) "$name")")
}
report_times() {
  log "time per step"
  printf '%s\n' "${STEP_TIMES[@]}" >&2
  if [ -n "${CMAKE_CXX_COMPILER_LAUNCHER:-}" ]; then
    ccache --show-stats 2>/dev/null | grep -E 'Hits|Misses|Cache size' >&2 || true
  fi
}

FUZZ_TARGETS=(recipe document cli json splat world journal worldfolder layout import)

sanitize_tests() {
  log "every test again under AddressSanitizer + UBSan, the GUI tests under Xvfb (build-sanitize/)"
  cmake --preset sanitize
  cmake --build --preset sanitize
  export UBSAN_OPTIONS="print_stacktrace=1:halt_on_error=1"
  export LSAN_OPTIONS="suppressions=$PWD/tests/sanitize/lsan.supp:print_suppressions=0"
  # Core, the CLI scripts and the fuzz corpora with the leak check.
  ASAN_OPTIONS="detect_leaks=1:detect_stack_use_after_return=1" ctest --preset sanitize -LE gui
  # The GUI tests (label gui) without it: Mesa unloads its driver before the check runs, so its
  # allocations are reported from an "<unknown module>" that no suppression can name.
  ASAN_OPTIONS="detect_leaks=0:detect_stack_use_after_return=1" xvfb ctest --preset sanitize -L gui
}

tsan_tests() {
  log "the threaded core tests and the generation controller under ThreadSanitizer (build-tsan/)"
  cmake --preset tsan
  cmake --build --preset tsan --target core_tests generation_controller_tests
  # tests/tsan/CMakeLists.txt: which core tests (core_threads_tsan), halt_on_error (a race fails
  # the step instead of scrolling by) and tsan.supp (Qt's and glib's internals only).
  ctest --preset tsan -R 'core_threads_tsan|generation_controller_tsan'
}

clang_tests() {
  log "core and its tests built by clang++-14 (the same golden SHA-256s as g++), and the fuzz targets (build-clang/)"
  cmake --preset clang
  cmake --build --preset clang --target core_tests terrain-cli \
    $(printf 'fuzz_%s ' "${FUZZ_TARGETS[@]}") $(printf 'fuzz_corpus_%s ' "${FUZZ_TARGETS[@]}")
  # What this build adds to the g++ steps is the other compiler: its goldens must equal g++'s, and
  # the fuzz corpora replay through the fuzz targets' own code. Every other test ran under ASan in
  # step 2 already (running them all again here took ~14 min of the CI's 90).
  ctest --preset clang -R 'Golden|fuzz_corpus_'
  local variant
  for variant in avx2 baseline; do
    TERRAIN_KERNELS=$variant build-clang/bin/core_tests --gtest_filter='*Golden*' --gtest_brief=1
  done
}

fuzz_run() {
  local seconds=${FUZZ_SECONDS:-30} name
  log "each libFuzzer target for ${seconds}s from its corpus (tests/fuzz/corpus/; new inputs in build-clang/fuzz-corpus/)"
  for name in "${FUZZ_TARGETS[@]}"; do
    local work=build-clang/fuzz-corpus/$name
    mkdir -p "$work" build-clang/fuzz-crashes
    # -max_len: seeds of finding 2 are ~200 KB; new inputs stay small so the search is quick.
    # A crash or sanitizer report stops the run; its input is in build-clang/fuzz-crashes/.
    build-clang/bin/fuzz_"$name" "$work" tests/fuzz/corpus/"$name" -max_total_time="$seconds" \
      -max_len=4096 -timeout=10 -rss_limit_mb=2048 -print_final_stats=1 \
      -artifact_prefix=build-clang/fuzz-crashes/"$name"- 2>build-clang/fuzz-"$name".log \
      || { tail -40 build-clang/fuzz-"$name".log >&2; return 1; }
    printf '%-9s %s %s\n' "$name" "$(grep -E '^stat::number_of_executed_units' build-clang/fuzz-"$name".log)" \
      "$(grep -E '^stat::average_exec_per_sec' build-clang/fuzz-"$name".log)" >&2
  done
}

run_tests() {
  log "running every test under Xvfb"
  timed "ctest (Release, Xvfb)" xvfb ctest --preset default
  timed "ASan+UBSan: every test (Debug, Xvfb)" sanitize_tests
  timed "TSan: threaded core tests" tsan_tests
  timed "clang++-14: core tests + fuzz build" clang_tests
  timed "libFuzzer runs" fuzz_run
  report_times
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
  test) install_deps; timed "build (Release, build/)" build; run_tests ;;
  editor) install_deps; build; start_editor "$@" ;;
  *) echo "usage: $0 editor|test|build|deps" >&2; exit 64 ;;
esac
