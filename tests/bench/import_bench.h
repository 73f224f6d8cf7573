#pragma once
// terrain-bench's import cases (docs/importing.md, docs/performance.md "Import"): a 4097² float
// GeoTIFF read at its own size against GDAL's own copy of it (GDALTranslate, what gdal_translate
// runs) in the same run; and a 3001² image resampled to 4097² (bilinear, bicubic) against the fill
// floor (a parallel copy of a 4097² grid).
namespace terrain::bench {

void registerImportCases();

}  // namespace terrain::bench
