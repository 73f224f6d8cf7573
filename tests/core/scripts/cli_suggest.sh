#!/usr/bin/env bash
# terrain-cli usage help: a mistyped flag or subcommand gets the nearest
# known one; `ansi` draws at the terminal's real width (ioctl TIOCGWINSZ) when COLUMNS is not
# exported. Needs TERRAIN_CLI (set by ctest).
source "$(dirname "$0")/cli_test_lib.sh"

o="$dir/bad/out.png"
expect 64 "did you mean --detail instead of --detial?" generate --detial 10 -o "$o"
expect 64 "did you mean 'generate' instead of 'genrate'?" genrate --detail 4 -o "$o"
expect 64 "did you mean --hurst instead of --hurts?" generate --hurts=1 -o "$o"
expect 64 "did you mean --height-range instead of --hieght-range?" generate --hieght-range 0:5 -o "$o"
# Nothing near: no guess.
expect 64 "The following argument" generate --zzzzzzzz 1 -o "$o"
check "no guess for a word far from every flag" sh -c "! grep -q 'did you mean' '$dir/stderr'"

# ansi on a pseudo-terminal 37 columns wide, COLUMNS unset: as wide as COLUMNS=37 draws it.
check "ansi uses the terminal's width (pty, TIOCGWINSZ)" $py - "$cli" <<'PY'
import fcntl, os, pty, re, struct, subprocess, sys, termios
cli = sys.argv[1]
env = {k: v for k, v in os.environ.items() if k != "COLUMNS"}
def visible(text):
    return max(len(re.sub(r"\x1b\[[0-9;]*m", "", line)) for line in text.splitlines())
master, slave = pty.openpty()
fcntl.ioctl(slave, termios.TIOCSWINSZ, struct.pack("HHHH", 20, 37, 0, 0))
p = subprocess.Popen([cli, "ansi", "--detail", "6"], stdout=slave, stderr=subprocess.DEVNULL, env=env)
os.close(slave)
chunks = []
while True:
    try:
        data = os.read(master, 65536)
    except OSError:
        break
    if not data:
        break
    chunks.append(data)
assert p.wait() == 0
tty = visible(b"".join(chunks).decode().replace("\r", ""))
piped = visible(subprocess.run([cli, "ansi", "--detail", "6"], env=dict(env, COLUMNS="37"),
                               capture_output=True, text=True, check=True).stdout)
default = visible(subprocess.run([cli, "ansi", "--detail", "6"], env=env,
                                 capture_output=True, text=True, check=True).stdout)
assert tty == piped == 37 and default == 80, (tty, piped, default)
PY

finish
