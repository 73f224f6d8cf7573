// Document state, its JSON format and undo merging, without a window.
#include "app/document.h"
#include "app/document_format.h"

#include "core/errors.h"
#include "core/registry.h"

#include <QFile>
#include <QTemporaryDir>
#include <QUndoStack>

#include <nlohmann/json.hpp>

#include <gtest/gtest.h>

#include <functional>

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
    state.view.waterLevel = 0.42f;
    state.view.lightAzimuth_deg = 90.0f;
    state.view.lightElevation_deg = 20.0f;
    EXPECT_TRUE(documentFromJson(registry, documentToJson(registry, state)) == state);

    QTemporaryDir dir;
    const QString path = dir.filePath("x.terrain.json");
    saveDocumentFile(registry, state, path);
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
    EXPECT_THROW(loadDocumentFile(registry, dir.filePath("missing.terrain.json")), core::IoError);
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

TEST(DocumentUndo, ADragBackToTheStartLeavesNoStep) {
    const core::Registry registry = core::makeBuiltinRegistry();
    const DocumentState start = defaultDocumentState(registry);
    Document document(start);
    DocumentState next = start;
    next.view.waterLevel = 0.9f;
    document.edit(next, "drag", "water:drag1");
    document.edit(start, "drag", "water:drag1");
    EXPECT_EQ(document.undoStack()->count(), 0);
    EXPECT_TRUE(document.state() == start);
}

}  // namespace
}  // namespace terrain::app
