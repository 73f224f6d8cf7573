#!/usr/bin/env python3
"""Reads a float terrain export back with code that is not ours and checks it holds exactly the
expected metres: numpy for RAW32, GDAL (gdal_translate to ENVI raw, then numpy) for TIFF32.

usage: read_back_float.py FORMAT FILE EXPECTED WIDTH HEIGHT

FORMAT    raw32 | tiff32
EXPECTED  the expected metres, row-major little-endian float32

Exit status: 0 match, 1 mismatch, 2 bad usage, 77 numpy or gdal_translate missing (skip).
"""
import os
import shutil
import subprocess
import sys
import tempfile

try:
    import numpy as np
except ImportError as error:
    print(f"read_back_float.py: {error}", file=sys.stderr)
    sys.exit(77)


def fail(message):
    print(f"read_back_float.py: {message}", file=sys.stderr)
    sys.exit(1)


def compare(actual, expected, what):
    if actual.shape != expected.shape:
        fail(f"{what}: shape {actual.shape}, expected {expected.shape}")
    wrong = np.argwhere(actual.view(np.uint32) != expected.view(np.uint32))
    if len(wrong):
        first = tuple(int(i) for i in wrong[0])
        fail(f"{what}: {len(wrong)} values differ; first at (row, column) {first}: "
             f"{actual[first]!r}, expected {expected[first]!r}")


def main(argv):
    if len(argv) != 6:
        print(__doc__, file=sys.stderr)
        return 2
    fmt, path, expected_path = argv[1], argv[2], argv[3]
    width, height = int(argv[4]), int(argv[5])
    expected = np.fromfile(expected_path, dtype="<f4").reshape(height, width)
    if fmt == "raw32":
        data = np.fromfile(path, dtype="<f4")
        if data.size != width * height:
            fail(f"{path}: {data.size} samples, expected {width * height}")
        compare(data.reshape(height, width), expected, path)
        return 0
    if fmt == "tiff32":
        tool = shutil.which("gdal_translate")
        if tool is None:
            print("read_back_float.py: gdal_translate not found (package gdal-bin)", file=sys.stderr)
            return 77
        with tempfile.TemporaryDirectory() as tmp:
            out = os.path.join(tmp, "band.bin")
            # GDAL reads the TIFF and writes its one band as plain little-endian float32.
            subprocess.run([tool, "-q", "-of", "ENVI", "-ot", "Float32", path, out], check=True)
            with open(out + ".hdr" if os.path.exists(out + ".hdr") else
                      os.path.splitext(out)[0] + ".hdr") as hdr:
                header = hdr.read()
            if f"samples = {width}" not in header or f"lines   = {height}" not in header:
                fail(f"{path}: GDAL sees another size:\n{header}")
            order = "<f4" if "byte order = 0" in header else ">f4"
            data = np.fromfile(out, dtype=order).astype("<f4")
        compare(data.reshape(height, width), expected, path)
        return 0
    print(f"read_back_float.py: unknown format {fmt!r}", file=sys.stderr)
    return 2


if __name__ == "__main__":
    sys.exit(main(sys.argv))
