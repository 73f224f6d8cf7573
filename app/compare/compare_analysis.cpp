#include "app/compare/compare_analysis.h"

#include "app/editor/error_text.h"

#include <QtConcurrent/QtConcurrentRun>

#include <algorithm>
#include <cmath>
#include <limits>

namespace terrain::app {

core::MinMax commonRange(const std::vector<std::shared_ptr<const core::Heightmap>>& maps) {
    float lo = std::numeric_limits<float>::infinity();
    float hi = -std::numeric_limits<float>::infinity();
    for (const auto& map : maps) {
        if (!map || map->empty()) continue;
        const core::MinMax range = core::finiteMinMax(*map);
        if (range.min > range.max) continue;
        // finiteMinMax gives {0, 0} for a map without finite samples; that is no evidence.
        const bool anyFinite = std::any_of(map->samples().begin(), map->samples().end(),
                                           [](float v) { return std::isfinite(v); });
        if (!anyFinite) continue;
        lo = std::min(lo, range.min);
        hi = std::max(hi, range.max);
    }
    if (!(lo <= hi)) return {};
    return {lo, hi};
}


core::Heightmap heightsIn(const ComparePanelInput& panel, DifferenceUnit unit) {
    core::Heightmap out = *panel.map;
    if (unit == DifferenceUnit::Raw) return out;
    core::ResolvedMapping mapping;
    core::WorldUnits units = panel.units;
    if (unit == DifferenceUnit::Normalised) {
        mapping = core::resolveMapping(core::HeightMapping{}, out);  // own min..max
        units.loMetres = 0.0;
        units.hiMetres = 1.0;
    } else if (panel.world.mode == core::HeightMapping::Mode::World) {
        mapping = core::resolveMapping(panel.world, out);
    } else {
        mapping = core::resolveMapping(core::HeightMapping{}, out);
    }
    for (float& v : out.samples()) {
        if (std::isfinite(v)) v = float(core::metresOf(mapping, units, v));
    }
    return out;
}

core::Heightmap differenceMap(const core::Heightmap& a, const core::Heightmap& b) {
    core::Heightmap out = core::Heightmap::uninitialized(a.width(), a.height());
    const auto sa = a.samples();
    const auto sb = b.samples();
    auto so = out.samples();
    for (std::size_t i = 0; i < so.size(); ++i) so[i] = sa[i] - sb[i];
    return out;
}

QRgb divergingColor(float value, float maxAbs) {
    // Blue (a lower) — white (equal) — red (a higher), as in ColorBrewer's RdBu.
    const float t = maxAbs > 0.0f && std::isfinite(value) ? std::clamp(value / maxAbs, -1.0f, 1.0f)
                                                         : 0.0f;
    const float s = std::abs(t);
    const float r = t >= 0.0f ? 1.0f - s * (1.0f - 0.70f) : 1.0f - s * (1.0f - 0.13f);
    const float g = t >= 0.0f ? 1.0f - s * (1.0f - 0.09f) : 1.0f - s * (1.0f - 0.40f);
    const float bl = t >= 0.0f ? 1.0f - s * (1.0f - 0.17f) : 1.0f - s * (1.0f - 0.67f);
    auto byte = [](float c) { return int(std::lround(std::clamp(c, 0.0f, 1.0f) * 255.0f)); };
    return qRgb(byte(r), byte(g), byte(bl));
}

QImage renderDifferenceImage(const core::Heightmap& difference, float maxAbs) {
    if (difference.empty()) return {};
    const int w = difference.width();
    const int rows = difference.height() == 1 ? render::profileImageHeight(w) : difference.height();
    QImage image(w, rows, QImage::Format_RGB32);
    for (int y = 0; y < rows; ++y) {
        const float* src = difference.row(difference.height() == 1 ? 0 : y);
        auto* dst = reinterpret_cast<QRgb*>(image.scanLine(y));
        for (int x = 0; x < w; ++x) dst[x] = divergingColor(src[x], maxAbs);
    }
    return image;
}

namespace {

CompareDifference analyseDifference(const core::Heightmap& a, const core::Heightmap& b) {
    CompareDifference result;
    if (a.width() != b.width() || a.height() != b.height()) {
        result.reason = QStringLiteral("A is %1×%2, B is %3×%4: the difference needs the same size "
                                       "(link detail or set the same detail)")
                            .arg(a.width()).arg(a.height()).arg(b.width()).arg(b.height());
        return result;
    }
    auto diff = std::make_shared<core::Heightmap>(differenceMap(a, b));
    double sumAbs = 0.0;
    double sumSq = 0.0;
    std::uint64_t count = 0;
    float maxAbs = 0.0f;
    for (const float v : diff->samples()) {
        if (!std::isfinite(v)) continue;
        maxAbs = std::max(maxAbs, std::abs(v));
        sumAbs += std::abs(double(v));
        sumSq += double(v) * double(v);
        ++count;
    }
    result.valid = true;
    result.maxAbs = maxAbs;
    result.meanAbs = count ? sumAbs / double(count) : 0.0;
    result.rms = count ? std::sqrt(sumSq / double(count)) : 0.0;
    result.image = renderDifferenceImage(*diff, maxAbs);
    result.map = std::move(diff);
    return result;
}

}  // namespace

CompareOutput analyseComparison(const CompareInput& input, quint64 job) {
    CompareOutput output;
    output.job = job;
    std::vector<std::shared_ptr<const core::Heightmap>> maps;
    for (const ComparePanelInput& panel : input.panels) {
        output.requests.push_back(panel.request);
        maps.push_back(panel.map);
    }
    if (input.commonMapping) output.commonRange = commonRange(maps);

    for (const ComparePanelInput& panel : input.panels) {
        ComparePanelOutput out;
        if (!panel.map) {
            output.panels.push_back(std::move(out));
            continue;
        }
        const core::Heightmap& map = *panel.map;
        out.mapping = output.commonRange ? core::mappingForRange(*output.commonRange)
                                         : core::resolveMapping(core::HeightMapping{}, map);
        out.image = render::renderPreviewImage(map, out.mapping, input.style);
        core::StatsOptions options;
        // The document's world, as terrain-cli compare --metres-per-pixel --height-range.
        options.slope.metresPerPixel = panel.units.metresPerPixel;
        options.slope.heightRangeMetres = panel.units.rangeMetres();
        // The same bins for every panel in common mode, so the histograms can be compared.
        if (output.commonRange) options.histogramRange = output.commonRange;
        options.bins = 48;
        if (panel.world.mode == core::HeightMapping::Mode::World) {
            options.slope.rawRange = core::MinMax{panel.world.lo, panel.world.hi};
        }
        out.stats = core::computeStats(map, options);
        out.stats.hurstExpected = core::expectedHurst(panel.recipe);
        out.stats.generationMs = panel.generateMs;
        output.panels.push_back(std::move(out));
    }

    if (input.difference && input.panels.size() >= 2 && input.panels[0].map &&
        input.panels[1].map) {
        output.difference =
            analyseDifference(heightsIn(input.panels[0], input.differenceUnit),
                              heightsIn(input.panels[1], input.differenceUnit));
        output.difference.unit = input.differenceUnit;
    }
    return output;
}

CompareAnalyzer::CompareAnalyzer(QObject* parent, Analysis analysis)
    : QObject(parent), m_analysis(analysis ? std::move(analysis) : Analysis(analyseComparison)) {
    qRegisterMetaType<CompareOutput>();
    connect(&m_watcher, &QFutureWatcher<CompareOutput>::finished, this,
            &CompareAnalyzer::onFinished);
}

CompareAnalyzer::~CompareAnalyzer() {
    m_pending.reset();
    m_watcher.disconnect(this);
    m_watcher.waitForFinished();
}

quint64 CompareAnalyzer::submit(CompareInput input) {
    const quint64 job = ++m_nextJob;
    m_pending.emplace(job, std::move(input));
    if (!m_running) startPending();
    return job;
}

void CompareAnalyzer::startPending() {
    if (!m_pending) return;
    auto [job, input] = std::move(*m_pending);
    m_pending.reset();
    m_running = true;
    // An exception must not travel through the future into the GUI thread's event loop.
    m_watcher.setFuture(QtConcurrent::run(
        [analysis = m_analysis, job = job, input = std::move(input)] {
            try {
                return analysis(input, job);
            } catch (...) {
                CompareOutput failed;
                failed.job = job;
                failed.error = currentErrorText();
                return failed;
            }
        }));
}

void CompareAnalyzer::onFinished() {
    m_running = false;
    const CompareOutput output = m_watcher.result();
    // A newer request supersedes this one: it is never shown.
    if (output.job == m_nextJob) emit ready(output);
    startPending();
}

}  // namespace terrain::app
