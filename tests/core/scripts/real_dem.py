#!/usr/bin/python3
"""Real elevation data for the relief measures: writes a DEM shipped in a Debian package as a
32-bit float TIFF of metres and prints its spacing in metres as "DX,DY".

jacksboro: the USGS 3 arc-second DEM of the Jacksboro fault, Tennessee (the Appalachian ridge and
valley province, 403 x 344 samples, 236..1076 m), which matplotlib ships as sample data
(package python-matplotlib-data; USGS data are in the public domain).

Usage: real_dem.py NAME OUT.tif
"""
import math
import sys

import numpy as np
from PIL import Image

SOURCES = {
    "jacksboro": "/usr/share/matplotlib/mpl-data/sample_data/jacksboro_fault_dem.npz",
}


def metres_per_degree(lat_deg):
    """WGS 84 metres per degree of latitude and of longitude at a latitude."""
    phi = math.radians(lat_deg)
    lat = 111132.92 - 559.82 * math.cos(2 * phi) + 1.175 * math.cos(4 * phi)
    lon = 111412.84 * math.cos(phi) - 93.5 * math.cos(3 * phi)
    return lat, lon


def main():
    name, out = sys.argv[1], sys.argv[2]
    data = np.load(SOURCES[name])
    z = data["elevation"].astype(np.float32)
    centre = 0.5 * (float(data["ymin"]) + float(data["ymax"]))
    per_lat, per_lon = metres_per_degree(centre)
    dx = float(data["dx"]) * per_lon
    dy = float(data["dy"]) * per_lat
    Image.fromarray(z, mode="F").save(out)
    print(f"{dx:.3f},{dy:.3f}")


if __name__ == "__main__":
    main()
