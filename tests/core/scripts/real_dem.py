#!/usr/bin/python3
"""Real elevation data for the relief measures: writes a real DEM as a 32-bit float TIFF of metres
(samples without data as NaN) and prints its spacing in metres as "DX,DY".

jacksboro: the USGS 3 arc-second DEM of the Jacksboro fault, Tennessee (the Appalachian ridge and
  valley province, 403 x 344 samples, 236..1076 m), which matplotlib ships as sample data
  (package python-matplotlib-data; USGS data are in the public domain).
Any other NAME is the path of a projected GeoTIFF of metres (its spacing from ModelPixelScale,
  its samples without data from GDAL_NODATA), such as the Big Tujunga and Mount St. Helens DEMs
  that docs/erosion.md measures; this repository holds none of them (docs/erosion.md, "Measured",
  says where they come from).

--block N averages N x N blocks (a coarser spacing; a block with a sample without data has none).

Usage: real_dem.py jacksboro|DEM.tif OUT.tif [--block N]
"""
import math
import sys

import numpy as np
from PIL import Image

MATPLOTLIB = "/usr/share/matplotlib/mpl-data/sample_data/jacksboro_fault_dem.npz"


def metres_per_degree(lat_deg):
    """WGS 84 metres per degree of latitude and of longitude at a latitude."""
    phi = math.radians(lat_deg)
    lat = 111132.92 - 559.82 * math.cos(2 * phi) + 1.175 * math.cos(4 * phi)
    lon = 111412.84 * math.cos(phi) - 93.5 * math.cos(3 * phi)
    return lat, lon


def load(name):
    """(heights as float32 with NaN where there are none, dx, dy) of a real DEM."""
    if name == "jacksboro":
        data = np.load(MATPLOTLIB)
        centre = 0.5 * (float(data["ymin"]) + float(data["ymax"]))
        per_lat, per_lon = metres_per_degree(centre)
        return (data["elevation"].astype(np.float32), float(data["dx"]) * per_lon,
                float(data["dy"]) * per_lat)
    # A GeoTIFF in metres: its spacing from ModelPixelScale (tag 33550), its no-data value from
    # GDAL's GDAL_NODATA (tag 42113).
    try:
        image = Image.open(name)
    except OSError as error:
        sys.exit(f"real_dem.py: {name}: {error} (expected jacksboro or the path of a GeoTIFF)")
    with image:
        if 33550 not in getattr(image, "tag_v2", {}):
            sys.exit(f"real_dem.py: {name} has no ModelPixelScale (tag 33550): not a georeferenced GeoTIFF")
        heights = np.asarray(image)
        dx, dy = image.tag_v2[33550][:2]
        nodata = image.tag_v2.get(42113)
    z = heights.astype(np.float32)
    if nodata is not None:
        z[heights == int(float(nodata))] = np.nan
    return z, float(dx), float(dy)


def main():
    args = sys.argv[1:]
    block = 1
    if "--block" in args:
        i = args.index("--block")
        block = int(args[i + 1])
        del args[i:i + 2]
    name, out = args
    z, dx, dy = load(name)
    if block > 1:
        h, w = (z.shape[0] // block) * block, (z.shape[1] // block) * block
        z = z[:h, :w].reshape(h // block, block, w // block, block).mean(axis=(1, 3))
        dx, dy = dx * block, dy * block
    Image.fromarray(z.astype(np.float32), mode="F").save(out)
    print(f"{dx:.3f},{dy:.3f}")


if __name__ == "__main__":
    main()
