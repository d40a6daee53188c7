// The Notes tab names each line by its finding code, as `audit --json` names the same note
// (viewer/session/note_codes.h). Held over every file of ../shared/assets and the project's
// characters: every importer note gets the code the catalogue gives its raw text, never
// NOTE_UNCATALOGUED, and every mesh line the code of its verdict. Control: a note the catalogue
// does not know is uncatalogued (the fill does not invent a code).
#include "note_codes.h"

#include <gtest/gtest.h>

#include <filesystem>
#include <string>

#include "anim/gltf/findings.h"
#include "anim/gltf/gltf_import.h"
#include "test_paths.h"
#include "ui/notes_panel.h"

namespace sv {
namespace {

namespace fs = std::filesystem;

TEST(NoteCodes, EveryNotesTabLineCarriesTheCodeAuditGivesIt) {
    int notes = 0, meshes = 0, files = 0;
    std::error_code ec;
    for (const fs::path& dir : {test::source_dir() / "assets", test::shared_assets()})
        for (const auto& e : fs::directory_iterator(dir, ec)) {
            if (e.path().extension() != ".glb" && e.path().extension() != ".vrm") continue;
            SCOPED_TRACE(e.path().string());
            auto asset = anim::load_gltf(e.path().string());
            if (!asset) continue;  // a file the loader refuses has no Notes tab
            auto c = anim::Character::create(std::move(*asset));
            if (!c) continue;
            ++files;
            ui::NotesPanel panel;
            panel.rebuild(*c);
            viewer::fill_note_codes(panel, *c);
            const auto& report = c->asset().report;
            size_t mesh = 0;
            for (size_t k = 0; k < panel.lines.size(); ++k) {
                const ui::NoteLine& l = panel.lines[k];
                if (l.kind == ui::NoteLine::Kind::Import) {
                    ++notes;
                    EXPECT_EQ(l.code, anim::classify_finding(report[k]).code) << report[k];
                    EXPECT_NE(l.code, anim::kUncataloguedCode) << report[k];
                } else if (l.kind == ui::NoteLine::Kind::Mesh) {
                    const anim::FrameVerdict v = c->skinned_meshes()[mesh++].report.verdict;
                    const std::string want = v == anim::FrameVerdict::Corrected   ? "MESH_FRAME_CORRECTED"
                                             : v == anim::FrameVerdict::CannotFix ? "MESH_FRAME_CANNOT_FIX"
                                                                                  : "";
                    EXPECT_EQ(l.code, want) << l.text;
                    meshes += want.empty() ? 0 : 1;
                } else {
                    EXPECT_EQ(l.code, "") << "a skin's rung line states no finding: " << l.text;
                }
            }
        }
    std::printf("[ measure ] %d files: %d importer notes and %d mesh verdicts named by their codes\n", files,
                notes, meshes);
    EXPECT_GT(notes, 0) << "no file gave an importer note: the test would pass vacuously";
    EXPECT_GT(meshes, 0);
    // Control: a line whose raw note the catalogue does not know is uncatalogued, not guessed.
    EXPECT_EQ(std::string(anim::classify_finding("something no loader says").code), anim::kUncataloguedCode);
}

}  // namespace
}  // namespace sv
