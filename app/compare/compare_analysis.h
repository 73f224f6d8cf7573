#pragma once
// What the compare window shows beside the pictures, computed off the GUI thread: one height
// mapping (common to all panels or per panel), each panel's preview image in that mapping, its
// numbers (core::computeStats) and, for two panels, the difference A − B on a diverging colour
// map. analyseComparison() is a pure function of its input; CompareAnalyzer runs it on the
// thread pool with the generation controller's rule: the latest request wins, older results are
// dropped.
#include "core/analysis/statistics.h"
#include "core/heightmap.h"
#include "core/io/height_mapping.h"
#include "core/io/world_units.h"
#include "core/recipe.h"
#include "render/colormap.h"

#include <QFutureWatcher>
#include <QImage>
#include <QMetaType>
#include <QObject>
#include <QString>

#include <functional>
#include <memory>
#include <optional>
#include <vector>

namespace terrain::app {

struct ComparePanelInput {
    quint64 request = 0;  // the panel's generation request `map` answers
    core::Recipe recipe;
    std::shared_ptr<const core::Heightmap> map;
    double generateMs = 0.0;
    // The recipe's world scale (GenerationResult::world): slopes and walkable share read the
    // heights in metres through it, as the editor's status bar and terrain-cli compare do.
    core::HeightMapping world;
    // The document's world at this map's size: metres between samples and the metres the world
    // scale spans, as terrain-cli compare's --metres-per-pixel and --height-range.
    core::WorldUnits units;
};

// What A − B subtracts. Raw heights of two algorithms are on different scales (diamond-square
// and midpoint displacement differ by a factor), so metres (each through its recipe's world
// scale) or each map's own 0..1 are the meaningful ones.
enum class DifferenceUnit { Metres, Normalised, Raw };

struct CompareInput {
    std::vector<ComparePanelInput> panels;
    bool commonMapping = true;  // one min/max over all panels
    render::PreviewStyle style;
    bool difference = false;    // A − B of the first two panels
    DifferenceUnit differenceUnit = DifferenceUnit::Metres;
};

struct ComparePanelOutput {
    core::ResolvedMapping mapping;
    QImage image;
    core::TerrainStats stats;
};

struct CompareDifference {
    bool valid = false;
    QString reason;  // why there is none (sizes differ)
    DifferenceUnit unit = DifferenceUnit::Metres;
    std::shared_ptr<const core::Heightmap> map;  // A − B, sample by sample
    float maxAbs = 0.0f;   // the colour scale runs over [-maxAbs, maxAbs]
    double meanAbs = 0.0;
    double rms = 0.0;
    QImage image;
};

struct CompareOutput {
    quint64 job = 0;
    QString error;  // the analysis failed (nothing else is set)
    std::vector<quint64> requests;  // per panel, copied from the input
    std::optional<core::MinMax> commonRange;
    std::vector<ComparePanelOutput> panels;
    CompareDifference difference;
};

// One min/max over the finite samples of every map ({0, 0} when there are none).
core::MinMax commonRange(const std::vector<std::shared_ptr<const core::Heightmap>>& maps);

// `panel`'s map in `unit`: metres through its world scale (raw lo..hi → units' height range),
// its own min..max → 0..1, or the raw heights.
core::Heightmap heightsIn(const ComparePanelInput& panel, DifferenceUnit unit);

// a − b; both must have the same size.
core::Heightmap differenceMap(const core::Heightmap& a, const core::Heightmap& b);
// Diverging colours symmetric around 0: blue where a < b, white where equal, red where a > b,
// full colour at ±maxAbs. A 1-row map is drawn as a band as tall as its profile plot.
QRgb divergingColor(float value, float maxAbs);
QImage renderDifferenceImage(const core::Heightmap& difference, float maxAbs);

CompareOutput analyseComparison(const CompareInput& input, quint64 job = 0);

class CompareAnalyzer : public QObject {
    Q_OBJECT

public:
    using Analysis = std::function<CompareOutput(const CompareInput&, quint64 job)>;
    // `analysis` is analyseComparison unless a test passes its own.
    explicit CompareAnalyzer(QObject* parent = nullptr, Analysis analysis = {});
    ~CompareAnalyzer() override;

    // Queues an analysis and returns its number; a pending older one is dropped.
    quint64 submit(CompareInput input);
    bool busy() const { return m_running || m_pending.has_value(); }
    quint64 latestJob() const { return m_nextJob; }

signals:
    // Only the result of the latest submitted job is delivered.
    void ready(const terrain::app::CompareOutput& output);

private:
    void startPending();
    void onFinished();

    Analysis m_analysis;
    QFutureWatcher<CompareOutput> m_watcher;
    std::optional<std::pair<quint64, CompareInput>> m_pending;
    bool m_running = false;
    quint64 m_nextJob = 0;
};

}  // namespace terrain::app

Q_DECLARE_METATYPE(terrain::app::CompareOutput)
