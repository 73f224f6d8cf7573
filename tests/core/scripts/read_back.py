#!/usr/bin/env python3
"""Reads a terrain export back with code that is not ours (PIL, numpy, Python's float parser)
and checks it holds exactly the expected values.

usage: read_back.py FORMAT FILE EXPECTED WIDTH HEIGHT [MAPPING]

FORMAT    png8 | png16 | raw16 | pgm | txt
EXPECTED  the expected values, row-major: little-endian uint16 codes for the image formats,
          little-endian float32 heights for txt
MAPPING   for png16: the value the "terrain:mapping" text chunk must hold

Exit status: 0 match, 1 mismatch, 2 bad usage, 77 PIL or numpy missing (the test skips).
"""
import sys

try:
    import numpy as np
    from PIL import Image
except ImportError as error:  # the caller reports this as a skip, not a pass
    print(f"read_back.py: {error}", file=sys.stderr)
    sys.exit(77)


def fail(message):
    print(f"read_back.py: {message}", file=sys.stderr)
    sys.exit(1)


def read_image(path, width, height, mode, fmt):
    with Image.open(path) as image:
        if image.format != fmt:
            fail(f"{path}: PIL sees a {image.format} file, expected {fmt}")
        if image.size != (width, height):
            fail(f"{path}: size {image.size}, expected {(width, height)}")
        if image.mode != mode:
            fail(f"{path}: mode {image.mode}, expected {mode} (greyscale of the right depth)")
        return np.array(image).astype(np.int64), dict(getattr(image, "text", {}) or {})


def compare(actual, expected, what):
    if actual.shape != expected.shape:
        fail(f"{what}: shape {actual.shape}, expected {expected.shape}")
    wrong = np.argwhere(actual != expected)
    if len(wrong):
        first = tuple(int(i) for i in wrong[0])
        fail(f"{what}: {len(wrong)} values differ; first at (row, column) {first}: "
             f"{actual[first]!r}, expected {expected[first]!r}")


def main(argv):
    if len(argv) not in (6, 7):
        print(__doc__, file=sys.stderr)
        return 2
    fmt, path, expected_path = argv[1], argv[2], argv[3]
    width, height = int(argv[4]), int(argv[5])
    mapping = argv[6] if len(argv) == 7 else None

    if fmt == "txt":
        expected = np.fromfile(expected_path, dtype="<f4").reshape(height, width)
        with open(path, encoding="ascii") as text:
            lines = text.read().split("\n")
        if lines[-1] != "":
            fail(f"{path}: the last line does not end with a newline")
        lines = lines[:-1]
        if len(lines) != width * height:
            fail(f"{path}: {len(lines)} lines, expected {width * height}")
        # Python parses to double; numpy rounds that to float32. Compare the bits, so -0.0 and
        # NaN payloads count too.
        values = np.array([float(line) for line in lines], dtype=np.float64).astype(np.float32)
        compare(values.reshape(height, width).view(np.uint32), expected.view(np.uint32), path)
        return 0

    expected = np.fromfile(expected_path, dtype="<u2").astype(np.int64).reshape(height, width)
    if fmt == "raw16":
        data = np.fromfile(path, dtype="<u2")
        if data.size != width * height:
            fail(f"{path}: {data.size} samples, expected {width * height}")
        compare(data.astype(np.int64).reshape(height, width), expected, path)
    elif fmt in ("png8", "png16", "pgm"):
        mode = "L" if fmt == "png8" else "I"
        pixels, text = read_image(path, width, height, mode, "PPM" if fmt == "pgm" else "PNG")
        compare(pixels, expected, path)
        if mapping is not None and text.get("terrain:mapping") != mapping:
            fail(f"{path}: terrain:mapping is {text.get('terrain:mapping')!r}, expected {mapping!r}")
    else:
        print(f"read_back.py: unknown format {fmt!r}", file=sys.stderr)
        return 2
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
