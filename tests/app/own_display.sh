#!/usr/bin/env bash
# Runs a command on an X server of its own. app_tests: ctest runs their cases two at a time, and
# on one shared X server a case that shows or activates a window takes the keyboard focus from the
# case beside it, which then types into nothing (the tests press keys in the focused widget, as a
# user does). render_tests: on the shared server of `xvfb-run -a ctest` a case now and then could
# not connect (tests/render/CMakeLists.txt). Xvfb picks a free display itself (-displayfd), so two
# of these never race for one.
#
#   tests/app/own_display.sh COMMAND [ARGS...]     (app_tests' and render_tests' CROSSCOMPILING_EMULATOR)
set -u
dir=$(mktemp -d)
xvfb=
cleanup() {
  if [ -n "$xvfb" ]; then
    kill "$xvfb" 2>/dev/null
    wait "$xvfb" 2>/dev/null
  fi
  rm -rf "$dir"
}
trap cleanup EXIT
trap 'exit 143' TERM
trap 'exit 130' INT
mkfifo "$dir/display"
Xvfb -displayfd 3 -screen 0 1920x1080x24 -nolisten tcp 3>"$dir/display" 2>"$dir/xvfb.log" &
xvfb=$!
display=
read -r display <"$dir/display"
if [ -z "$display" ]; then
  echo "own_display.sh: Xvfb did not start:" >&2
  cat "$dir/xvfb.log" >&2
  exit 1
fi
# Listing the cases (ctest's discovery, `--gtest_list_tests`) runs none of our code, but the Qt
# and Mesa start-up it goes through leave 128 bytes from a driver Mesa has already unloaded (an
# "<unknown module>" no suppression can name; seen on this Debian 12's Mesa with the sanitize
# build): the sanitize step's leak-checked pass would fail on the listing alone. No leak check
# there; the cases themselves run as before.
for arg in "$@"; do
  if [ "$arg" = --gtest_list_tests ]; then
    export ASAN_OPTIONS="${ASAN_OPTIONS:+$ASAN_OPTIONS:}detect_leaks=0"
  fi
done
DISPLAY=":$display" "$@"
