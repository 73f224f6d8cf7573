#!/usr/bin/python3
"""The long profile of a map's largest river: how evenly its bed falls.

Reads a raw little-endian float32 square map in metres (`terrain-cli generate --format raw32`) or
a float TIFF of metres without holes (tests/core/scripts/real_dem.py writes real DEMs so),
fills its pits by priority flood from the border, routes D8 on the filled surface (as
`terrain-cli analyze` does), follows the largest river from its mouth up its largest branch and
prints, over its cells draining more than MIN_KM2 (default 5 km²): the median and mean slope to the
next cell down, the share of flat cells, the share of cells in pits (raised by the filling) with
their depth, and the last 60 cells' drops in metres.

Usage: main_stem.py MAP.raw SPACING_M [MIN_KM2]
"""
import heapq
import sys

import numpy as np


def main():
    path, spacing = sys.argv[1], float(sys.argv[2])
    min_km2 = float(sys.argv[3]) if len(sys.argv) > 3 else 5.0
    if path.endswith((".tif", ".tiff")):
        from PIL import Image
        z = np.asarray(Image.open(path), dtype=np.float64)
    else:
        z = np.fromfile(path, dtype="<f4").astype(np.float64)
        side = int(round(len(z) ** 0.5))
        z = z.reshape(side, side)
    if not np.isfinite(z).all():
        sys.exit("main_stem.py: the map has samples without data")
    rows, n = z.shape
    filled = z.ravel().copy()
    seen = np.zeros(rows * n, bool)
    receiver = -np.ones(rows * n, np.int64)  # a pit's or a flat's cell: the cell whose flood reached it
    order, queue = [], []
    for i in np.nonzero(np.pad(np.zeros((rows - 2, n - 2), bool), 1, constant_values=True).ravel())[0]:
        seen[i] = True
        heapq.heappush(queue, (filled[i], int(i)))
    steps = [(1, 0), (-1, 0), (0, 1), (0, -1), (1, 1), (1, -1), (-1, 1), (-1, -1)]
    while queue:
        h, i = heapq.heappop(queue)
        order.append(i)
        y, x = divmod(i, n)
        for dx, dy in steps:
            if 0 <= x + dx < n and 0 <= y + dy < rows:
                j = (y + dy) * n + x + dx
                if not seen[j]:
                    seen[j] = True
                    if filled[j] <= h:
                        filled[j], receiver[j] = h, i
                    heapq.heappush(queue, (filled[j], j))
    f = filled.reshape(rows, n)
    padded = np.pad(f, 1, constant_values=np.inf)
    best = np.zeros((rows, n))
    ys, xs = np.mgrid[0:rows, 0:n]
    for dx, dy in steps:
        drop = (f - padded[1 + dy:1 + dy + rows, 1 + dx:1 + dx + n]) / np.hypot(dx, dy)
        steeper = (drop > best).ravel()
        best = np.maximum(best, drop)
        receiver[steeper] = ((ys + dy) * n + xs + dx).ravel()[steeper]
    # Elsewhere the steepest lower neighbour (above); the flood's order has every cell after its
    # receiver, so areas gather in its reverse.
    area = np.ones(rows * n)
    for i in reversed(order):
        if receiver[i] >= 0:
            area[receiver[i]] += area[i]
    donors = {}
    for j in np.nonzero(receiver >= 0)[0]:
        donors.setdefault(int(receiver[j]), []).append(int(j))
    i = int(np.argmax(area))
    stem = [i]
    while i in donors:
        i = max(donors[i], key=lambda j: area[j])
        stem.append(i)
    stem = stem[::-1]  # source to mouth
    heights, ground = filled[stem], z.ravel()[stem]
    yx = np.array([divmod(c, n) for c in stem])
    distance = np.hypot(*(yx[1:] - yx[:-1]).T) * spacing
    drops = heights[:-1] - heights[1:]
    slope = drops / distance
    big = area[stem][:-1] * spacing * spacing / 1e6 > min_km2
    raised = (heights - ground)[:-1][big]
    print(f"main stem: {len(stem)} cells, {area[stem].max() * spacing * spacing / 1e6:.1f} km² at its mouth")
    s = slope[big]
    print(f"over {min_km2:g} km² ({big.sum()} cells): slope median {np.median(s):.4f}, mean {s.mean():.4f}, "
          f"flat {100 * (s == 0).mean():.0f} %, in pits {100 * (raised > 0).mean():.0f} %"
          + (f" (depth median {np.median(raised[raised > 0]):.2f} m, max {raised.max():.2f} m)" if (raised > 0).any() else ""))
    print("the last 60 cells' drops (m):", " ".join(f"{d:.1f}" for d in (ground[:-1] - ground[1:])[-60:]))


if __name__ == "__main__":
    main()
