// Document state, its JSON format and undo merging, without a window.
#include "app/document/document.h"
#include "app/document/document_format.h"

#include "core/errors.h"
#include "core/registry.h"

#include <QFile>
#include <QTemporaryDir>
#include <QUndoStack>

#include <nlohmann/json.hpp>

#include <gtest/gtest.h>

#include <functional>
#include <string>
#include <utility>

namespace terrain::app {
namespace {

std::string fieldOfError(const core::Registry& registry, const nlohmann::json& json) {
    try {
        documentFromJson(registry, json);
    } catch (const core::InputError& e) {
        return e.field();
    }
    return "(no error)";
}

TEST(DocumentFormat, RoundTripsEveryField) {
    const core::Registry registry = core::makeBuiltinRegistry();
    DocumentState state = defaultDocumentState(registry);
    state.recipe.seed = 123456789012345ULL;
    state.recipe.params["roughness"] = 0.85;
    state.view.colorMap = render::ColorMap::Rainbow;
    state.view.hillshade = true;
    state.view.heightScale = 2.5f;
    state.view.wireframe = true;
    state.view.water = true;
    state.recipe.world.seaLevelMetres = 42.5;
    state.view.lightAzimuth_deg = 90.0f;
    state.view.lightElevation_deg = 20.0f;
    state.setWorld(WorldSize{0.123456789, -50.25, 1234.5678});  // a double survives the file exactly
    EXPECT_TRUE(documentFromJson(registry, documentToJson(registry, state)) == state);

    QTemporaryDir dir;
    const QString path = dir.filePath("x.terrain.json");
    saveDocumentFile(registry, state, path);
    int version = 0;
    EXPECT_TRUE(loadDocumentFile(registry, path, &version) == state);
    EXPECT_EQ(version, kDocumentFormatVersion);
    EXPECT_TRUE(documentNotice(version).isEmpty());
}

TEST(DocumentFormat, WorldSizeDefaultsAreTheCliDefaults) {
    // terrain-cli without --metres-per-pixel and --height-range uses core::WorldUnits{}.
    const core::WorldUnits cli;
    const WorldSize world;
    EXPECT_EQ(world.metresPerPixel, cli.metresPerPixel);
    EXPECT_EQ(world.lowMetres, cli.loMetres);
    EXPECT_EQ(world.highMetres, cli.hiMetres);
    EXPECT_EQ(world.metresPerPixel, 1.0);  // as docs/exporting.md states them
    EXPECT_EQ(world.lowMetres, 0.0);
    EXPECT_EQ(world.highMetres, 100.0);
}

TEST(DocumentFormat, AVersion1FileWithoutAWorldSizeLoadsWithTheDefaults) {
    const core::Registry registry = core::makeBuiltinRegistry();
    // Written by the editor before the world size existed (format version 1).
    const char* old = R"({
  "format": "terrain-editor-document",
  "recipe": {"algorithm": "diamond-square", "detail": 7, "format": "terrain-recipe",
             "params": {"amplitude": 1.0, "corner_ne": 0.0, "corner_nw": 0.0, "corner_se": 0.0,
                        "corner_sw": 0.0, "corners": "random", "edge": "clip",
                        "roughness": 0.7},
             "seed": 42, "version": 1},
  "version": 1,
  "view": {"colorMap": "terrain", "heightScale": 1.5, "hillshade": true,
           "lightAzimuth_deg": 315.0, "lightElevation_deg": 45.0, "water": false,
           "waterLevel": 0.3, "wireframe": false}
})";
    QTemporaryDir dir;
    const QString path = dir.filePath("old.terrain.json");
    QFile file(path);
    ASSERT_TRUE(file.open(QIODevice::WriteOnly));
    file.write(old);
    file.close();
    DocumentState state;
    int version = 0;
    ASSERT_NO_THROW(state = loadDocumentFile(registry, path, &version));
    // Made before the lattice rule: it opens, and the editor says once that it looks different.
    EXPECT_EQ(version, 1);
    EXPECT_TRUE(documentNotice(version).contains(QStringLiteral("different terrain")));
    EXPECT_TRUE(state.world() == WorldSize{});
    EXPECT_NEAR(state.recipe.world.seaLevelMetres, 30.0, 1e-5);  // its water level 0.3 of 0..100 m
    EXPECT_EQ(state.recipe.detail, 7);
    EXPECT_EQ(state.recipe.seed, 42u);
    EXPECT_EQ(state.view.colorMap, render::ColorMap::Terrain);

    // Saved again, it is a current file with the world in its recipe (the extent: 2 m per
    // sample at detail 7).
    state.setWorld(WorldSize{2.0, state.world().lowMetres, state.world().highMetres});
    saveDocumentFile(registry, state, path);
    QFile again(path);
    ASSERT_TRUE(again.open(QIODevice::ReadOnly));
    const nlohmann::json json = nlohmann::json::parse(again.readAll().toStdString());
    EXPECT_EQ(json.at("version"), kDocumentFormatVersion);
    EXPECT_FALSE(json.contains("world"));
    EXPECT_EQ(json.at("recipe").at("world").at("extent_m"), 256.0);
    EXPECT_EQ(json.at("recipe").at("world").at("height_range_m"), nlohmann::json::array({0.0, 100.0}));
    EXPECT_TRUE(loadDocumentFile(registry, path) == state);
}

TEST(DocumentFormat, DefaultIsDiamondSquareDetail9Roughness06) {
    const core::Registry registry = core::makeBuiltinRegistry();
    const DocumentState state = defaultDocumentState(registry);
    EXPECT_EQ(state.recipe.algorithm, "diamond-square");
    EXPECT_EQ(state.recipe.detail, 9);
    EXPECT_DOUBLE_EQ(state.recipe.params.at("roughness"), 0.6);
}

TEST(DocumentFormat, ErrorsNameTheField) {
    const core::Registry registry = core::makeBuiltinRegistry();
    const nlohmann::json good = documentToJson(registry, defaultDocumentState(registry));
    auto with = [&](const std::function<void(nlohmann::json&)>& change) {
        nlohmann::json json = good;
        change(json);
        return fieldOfError(registry, json);
    };
    EXPECT_EQ(fieldOfError(registry, good), "(no error)");
    EXPECT_EQ(with([](auto& j) { j["version"] = 99; }), "version");
    EXPECT_EQ(with([](auto& j) { j.erase("format"); }), "format");
    EXPECT_EQ(with([](auto& j) { j["format"] = "something-else"; }), "format");
    EXPECT_EQ(with([](auto& j) { j["view"]["colorMap"] = "plaid"; }), "view.colorMap");
    EXPECT_EQ(with([](auto& j) { j["view"]["heightScale"] = "big"; }), "view.heightScale");
    EXPECT_EQ(with([](auto& j) { j["view"]["wireframe"] = 3; }), "view.wireframe");
    EXPECT_EQ(with([](auto& j) { j["view"]["surprise"] = 1; }), "view.surprise");
    EXPECT_EQ(with([](auto& j) { j["extra"] = 1; }), "extra");
    // The world is in the recipe now; a document's own "world" is read only from older files.
    EXPECT_EQ(with([](auto& j) { j["world"] = {{"metresPerPixel", 2}}; }), "world");
    EXPECT_EQ(with([](auto& j) { j["recipe"]["world"]["extent_m"] = 0; }), "recipe.world.extent_m");
    EXPECT_EQ(with([](auto& j) { j["recipe"]["world"]["height_range_m"] = {5, 1}; }), "recipe.world.height_range_m");
    EXPECT_EQ(with([](auto& j) { j["recipe"]["world"]["sea_level_m"] = "sea"; }), "recipe.world.sea_level_m");
    const auto withOld = [&](const std::function<void(nlohmann::json&)>& change) {
        nlohmann::json json = good;
        json["version"] = 3;
        json["recipe"]["version"] = 3;
        json["recipe"].erase("world");
        json["world"] = {{"metresPerPixel", 1.0}, {"heightRangeMetres", {0.0, 100.0}}};
        change(json);
        return fieldOfError(registry, json);
    };
    EXPECT_EQ(withOld([](auto&) {}), "(no error)");
    EXPECT_EQ(withOld([](auto& j) { j["world"] = 3; }), "world");
    EXPECT_EQ(withOld([](auto& j) { j["world"]["metresPerPixel"] = 0; }), "world.metresPerPixel");
    EXPECT_EQ(withOld([](auto& j) { j["world"]["metresPerPixel"] = "2"; }), "world.metresPerPixel");
    EXPECT_EQ(withOld([](auto& j) { j["world"]["metresPerPixel"] = 1e9; }), "world.metresPerPixel");
    EXPECT_EQ(withOld([](auto& j) { j["world"]["heightRangeMetres"] = {5, 1}; }),
              "world.heightRangeMetres");
    EXPECT_EQ(withOld([](auto& j) { j["world"]["heightRangeMetres"] = {5}; }),
              "world.heightRangeMetres");
    EXPECT_EQ(withOld([](auto& j) { j["world"]["heightRangeMetres"] = {0, "high"}; }),
              "world.heightRangeMetres");
    EXPECT_EQ(withOld([](auto& j) { j["world"]["size"] = 1; }), "world.size");
    EXPECT_EQ(withOld([](auto& j) { j["world"].erase("metresPerPixel"); }), "(no error)");
    EXPECT_EQ(with([](auto& j) { j.erase("recipe"); }), "recipe");
    EXPECT_EQ(fieldOfError(registry, nlohmann::json::array()), "document");
    const std::string recipeField = with([](auto& j) { j["recipe"]["detail"] = 99; });
    EXPECT_EQ(recipeField.rfind("recipe.", 0), 0u) << recipeField;
}

TEST(DocumentFormat, MalformedFileThrowsInputError) {
    const core::Registry registry = core::makeBuiltinRegistry();
    QTemporaryDir dir;
    const QString path = dir.filePath("bad.terrain.json");
    QFile file(path);
    ASSERT_TRUE(file.open(QIODevice::WriteOnly));
    file.write("{\"format\": ");
    file.close();
    EXPECT_THROW(loadDocumentFile(registry, path), core::InputError);
    // A missing file is refused like any unreadable input, naming the path and the reason.
    try {
        loadDocumentFile(registry, dir.filePath("missing.terrain.json"));
        ADD_FAILURE() << "a missing file was read";
    } catch (const core::InputError& e) {
        EXPECT_NE(std::string(e.what()).find("No such file or directory"), std::string::npos) << e.what();
    }
}

// The editor's reader refuses hostile files naming the field.
TEST(DocumentFormat, HostileTextIsRefusedNamingTheField) {
    const core::Registry registry = core::makeBuiltinRegistry();
    const auto refusal = [&](const std::string& text) {
        try {
            documentFromText(registry, text, "d.terrain.json");
        } catch (const core::InputError& e) {
            return std::pair<std::string, std::string>(e.field(), e.what());
        }
        return std::pair<std::string, std::string>("(no error)", "");
    };
    const std::string head = R"({"format":"terrain-editor-document","version":2,)";
    const std::string recipe = R"("recipe":{"version":1,"algorithm":"diamond-square")";
    EXPECT_EQ(refusal(head + recipe + R"(,"seed":1e309}})").first, "recipe.seed");
    EXPECT_EQ(refusal(head + recipe + "}," + R"("view":{"waterLevel":)" + std::string(400, '9') + "}}").first,
              "view.waterLevel");
    const auto deep = refusal(head + R"("view":)" + std::string(100000, '[') + std::string(100000, ']') + "}");
    EXPECT_NE(deep.second.find("at most 64 nested"), std::string::npos) << deep.second;
    EXPECT_EQ(refusal(head + recipe + R"(},"version":2})").first, "version");  // duplicate key
    EXPECT_EQ(refusal(head + recipe + "}}" + std::string(1, '\0') + "junk").first, "d.terrain.json");
    // The recipe itself is not an object: "recipe", not "recipe.recipe".
    EXPECT_EQ(refusal(head + R"("recipe":[1]})").first, "recipe");
    const auto control = refusal(head + recipe + R"(},"view":{"colorMap":"gray\u0000 and more"}})");
    EXPECT_EQ(control.first, "view.colorMap");
    EXPECT_NE(control.second.find("gray\\u0000 and more"), std::string::npos) << control.second;
    EXPECT_EQ(refusal(head + recipe + "}}").first, "(no error)");
}

TEST(DocumentUndo, EditsWithTheSameMergeKeyAreOneStep) {
    const core::Registry registry = core::makeBuiltinRegistry();
    const DocumentState start = defaultDocumentState(registry);
    Document document(start);
    QUndoStack* stack = document.undoStack();

    DocumentState next = start;
    for (double r : {0.1, 0.2, 0.3}) {
        next.recipe.params["roughness"] = r;
        document.edit(next, "drag", "roughness:drag1");
    }
    EXPECT_EQ(stack->count(), 1);
    next.recipe.params["roughness"] = 0.4;
    document.edit(next, "drag", "roughness:drag2");
    EXPECT_EQ(stack->count(), 2);
    next.recipe.seed = 5;
    document.edit(next, "seed");
    next.recipe.seed = 6;
    document.edit(next, "seed");
    EXPECT_EQ(stack->count(), 4);
    EXPECT_TRUE(document.isModified());

    stack->undo();
    stack->undo();
    stack->undo();
    EXPECT_DOUBLE_EQ(document.state().recipe.params.at("roughness"), 0.3);
    stack->undo();
    EXPECT_TRUE(document.state() == start);
    EXPECT_FALSE(document.isModified());
    stack->redo();
    EXPECT_DOUBLE_EQ(document.state().recipe.params.at("roughness"), 0.3);
}

TEST(DocumentUndo, AWorldSizeEditIsOneUndoStepAndMarksTheDocumentModified) {
    const core::Registry registry = core::makeBuiltinRegistry();
    const DocumentState start = defaultDocumentState(registry);
    Document document(start);
    DocumentState next = start;
    next.setWorld(WorldSize{2.0, -50.0, 450.0});
    document.edit(next, "Change World Size");
    EXPECT_TRUE(document.isModified());
    EXPECT_TRUE(document.state().world() == next.world());
    ASSERT_EQ(document.undoStack()->count(), 1);
    document.undoStack()->undo();
    EXPECT_TRUE(document.state().world() == WorldSize{});
    EXPECT_FALSE(document.isModified());
    document.undoStack()->redo();
    EXPECT_TRUE(document.state().world() == next.world());
}

TEST(DocumentUndo, ADragBackToTheStartLeavesNoStep) {
    const core::Registry registry = core::makeBuiltinRegistry();
    const DocumentState start = defaultDocumentState(registry);
    Document document(start);
    DocumentState next = start;
    next.view.heightScale = 2.5f;
    document.edit(next, "drag", "water:drag1");
    document.edit(start, "drag", "water:drag1");
    EXPECT_EQ(document.undoStack()->count(), 0);
    EXPECT_TRUE(document.state() == start);
}

}  // namespace
}  // namespace terrain::app
