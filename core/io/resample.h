#pragma once
// Changing the output size: bicubic resampling or cropping (core, no Qt).
#include <string>

#include "../errors.h"
#include "../heightmap.h"

namespace terrain::core {

enum class ResizeMode { Bicubic, Crop };

// "bicubic" or "crop"; throws InputError naming `field`.
ResizeMode parseResizeMode(const std::string& text, const std::string& field = field::kResize);

// The largest output side: parseOutputSize's limit, and a preset's suggested size stays within
// it (presets.h).
inline constexpr int kMaxOutputSide = 65536;

struct OutputSize {
    int width = 0;
    int height = 0;
};
// "WxH" with whole numbers 2..kMaxOutputSide each; throws InputError naming `field`.
OutputSize parseOutputSize(const std::string& text, const std::string& field = field::kSize);

// Catmull-Rom (a = -0.5) bicubic, corner-aligned: the four corner samples of the result are the
// corner samples of the source, so a resampled tile set still meets at its edges. Samples
// outside the grid repeat the edge. Throws SizeError before allocating a grid that does not fit.
Heightmap resizeBicubic(const Heightmap& map, int width, int height);

// A window of a resize too large to hold (a world's engine tiles): the samples [x0, x0 + width)
// x [y0, y0 + height) of resizeBicubic(source, outWidth, outHeight) for a source of sourceWidth
// x sourceHeight samples, of which `part` holds those from (px0, py0), at least every sample
// bicubicSpan names. The same arithmetic as resizeBicubic, so the same bits.
struct Span {
    int first = 0;  // inclusive
    int last = 0;   // inclusive
};
// The source samples that outputs [first, first + count) of a sourceSize -> targetSize resize read.
Span bicubicSpan(int sourceSize, int targetSize, int first, int count);
Heightmap resizeBicubicWindow(const Heightmap& part, int px0, int py0, int sourceWidth,
                              int sourceHeight, int outWidth, int outHeight, int x0, int y0,
                              int width, int height);

// Bilinear, corner-aligned as resizeBicubic: for weights (splat layers), which must stay in
// [0, 1] and keep summing to 1 where bicubic would overshoot. An output of one sample takes the
// first source sample.
Heightmap resizeBilinear(const Heightmap& map, int width, int height);
// Its window, as resizeBicubicWindow is resizeBicubic's (the same arithmetic, so the same bits):
// `part` holds the source from (px0, py0), at least the samples bilinearSpan names.
Span bilinearSpan(int sourceSize, int targetSize, int first, int count);
Heightmap resizeBilinearWindow(const Heightmap& part, int px0, int py0, int sourceWidth, int sourceHeight,
                               int outWidth, int outHeight, int x0, int y0, int width, int height);

// The centred width x height window; throws InputError naming `field` when it is larger than
// the map.
Heightmap cropCentre(const Heightmap& map, int width, int height,
                     const std::string& field = field::kSize);

}  // namespace terrain::core
