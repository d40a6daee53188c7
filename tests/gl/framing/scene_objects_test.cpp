// What else a file holds beside the character, and how the floor grid and the framing treat it
// (#24): a ground plane at y = 0 is drawn over the grid, never z-fighting with it, and a sky dome
// around everything is left out of the framing, so the camera frames what stands inside it.
// Neither TwoSidedPlane nor the VC model is in ../shared/khronos, so both are generated here.
#include <gtest/gtest.h>

#include <cmath>
#include <cstdio>
#include <string>

#include "anim/asset_tools/asset_builder.h"
#include "anim/gltf/gltf_write.h"
#include "render/image.h"
#include "scene_session.h"
#include "test_paths.h"
#include "uv_sphere.h"

namespace {

using namespace sv;

int add_static_mesh(anim::Asset& a, anim::Primitive prim, const std::string& name, const glm::vec4& colour) {
    anim::Material m;
    m.name = name;
    m.base_color = colour;
    m.metallic = 0.0f;
    m.roughness = 1.0f;
    m.double_sided = true;
    a.materials.push_back(m);
    prim.material = static_cast<int>(a.materials.size() - 1);
    anim::Mesh mesh;
    mesh.name = name;
    mesh.primitives.push_back(std::move(prim));
    a.meshes.push_back(std::move(mesh));
    anim::Node node;
    node.name = name;
    node.mesh = static_cast<int>(a.meshes.size() - 1);
    a.scene.nodes.push_back(node);
    return static_cast<int>(a.scene.nodes.size() - 1);
}

// A square at y = 0, `half` each side of the origin, facing up.
anim::Primitive ground_plane(float half) {
    anim::Primitive p;
    p.positions = {{-half, 0, -half}, {-half, 0, half}, {half, 0, half}, {half, 0, -half}};
    p.normals.assign(4, glm::vec3(0, 1, 0));
    p.indices = {0, 1, 2, 0, 2, 3};
    return p;
}

// A UV sphere of `radius` about the origin, its normals pointing in (seen from inside).
anim::Primitive sky_dome(float radius) { return sv::test::uv_sphere(radius, glm::vec3(0), true, 12, 24); }

std::string write_asset(const anim::Asset& a, const std::string& name) {
    const std::string path = (test::output_dir() / name).string();
    const auto st = anim::write_gltf_file(a, path);
    EXPECT_TRUE(st.ok()) << st.error().message;
    return path;
}

// The viewer's default frame (camera auto, 640x480) of a plane at y = 0 with and without the grid:
// every pixel the plane covers must be the same in both; off the plane the grid must show (so the
// comparison can see grid pixels at all).
TEST(GroundPlane, TheGridNeverShowsOnAPlaneAtTheFloor) {
    anim::Asset a;
    add_static_mesh(a, ground_plane(2.0f), "Ground", glm::vec4(0.8f, 0.2f, 0.1f, 1.0f));
    a.scene.update_matrices();
    viewer::SceneOptions o;
    o.file = write_asset(a, "ground_plane.glb");
    auto h = viewer::open_headless(o);
    ASSERT_TRUE(h.ok()) << h.error().message;
    viewer::SceneSession& s = *h->session;
    long on_plane = 0, grid_on_plane = 0, grid_off_plane = 0;
    for (float pitch : {5.0f, 12.0f, 35.0f, 80.0f}) {
        s.state().camera.pitch_degrees = pitch;
        s.frame_camera();
        s.state().draw.draw_grid = false;
        auto bare = s.render_image(640, 480);
        s.state().draw.draw_grid = true;
        auto with_grid = s.render_image(640, 480);
        s.state().draw.draw_mesh = false;
        auto grid_only = s.render_image(640, 480);
        s.state().draw.draw_mesh = true;
        ASSERT_TRUE(bare.ok() && with_grid.ok() && grid_only.ok());
        (void)render::write_png(
            (test::output_dir() / ("ground_plane_pitch" + std::to_string(int(pitch)) + ".png")).string(),
            *with_grid);
        for (int y = 0; y < 480; ++y)
            for (int x = 0; x < 640; ++x) {
                const auto* b = bare->at(x, y);
                const auto* g = with_grid->at(x, y);
                const auto* l = grid_only->at(x, y);
                // The plane is red; the clear colour and the grid are grey.
                const bool plane = b[0] > b[2] + 40;
                const bool grid_here = std::abs(int(l[0]) - int(s.state().clear_color.r * 255.0f + 0.5f)) > 8;
                const bool differs = std::abs(int(b[0]) - int(g[0])) > 2 ||
                                     std::abs(int(b[1]) - int(g[1])) > 2 ||
                                     std::abs(int(b[2]) - int(g[2])) > 2;
                if (plane) ++on_plane;
                if (plane && differs) ++grid_on_plane;
                if (!plane && grid_here && differs) ++grid_off_plane;
            }
    }
    std::printf(
        "[ figures ] ground plane at y = 0, pitch 5/12/35/80: %ld plane pixels, %ld show the grid; %ld "
        "grid pixels off the plane\n",
        on_plane, grid_on_plane, grid_off_plane);
    ASSERT_GT(on_plane, 4 * 640 * 480 / 10) << "the plane should cover much of each frame";
    EXPECT_EQ(grid_on_plane, 0) << "the grid z-fights with a plane at the floor's height";
    EXPECT_GT(grid_off_plane, 500) << "no grid was drawn off the plane: the comparison could not see one";
}

// A sky dome of 40 m around the built-in character: the automatic camera is the one the character
// alone gets, inside the dome. The control: framed on everything, the dome included, the camera
// stands 100 m out, outside the dome, which is what the issue saw on the VC model.
TEST(SkyDome, FramingLeavesOutAMeshAroundEverythingElse) {
    anim::Asset alone = anim::build_humanoid_asset(anim::HumanoidShape::MixamoExport);
    anim::Asset domed = alone;
    const int dome = add_static_mesh(domed, sky_dome(40.0f), "Sky", glm::vec4(0.3f, 0.5f, 0.9f, 1.0f));
    domed.scene.update_matrices();
    viewer::SceneOptions o;
    o.file = write_asset(alone, "sky_alone.glb");
    auto a = viewer::open_headless(o);
    ASSERT_TRUE(a.ok()) << a.error().message;
    o.file = write_asset(domed, "sky_domed.glb");
    auto d = viewer::open_headless(o);
    ASSERT_TRUE(d.ok()) << d.error().message;
    const auto& statics = d->session->character().static_meshes();
    ASSERT_EQ(statics.size(), 1u);
    EXPECT_EQ(statics[0].node, dome);
    EXPECT_TRUE(statics[0].encloses_scene);
    const render::OrbitCamera& ca = a->session->state().camera;
    const render::OrbitCamera& cd = d->session->state().camera;
    std::printf("[ figures ] sky dome r = 40 m: camera %s, without the dome %s\n",
                render::format_pinned_camera(cd).c_str(), render::format_pinned_camera(ca).c_str());
    EXPECT_NEAR(cd.distance, ca.distance, 1e-4f * ca.distance);
    EXPECT_LT(glm::length(cd.target - ca.target), 1e-4f * ca.distance);
    EXPECT_LT(glm::length(cd.eye()), 40.0f) << "the camera is outside the dome";
    auto image = d->session->render_image(640, 480);
    ASSERT_TRUE(image.ok());
    (void)render::write_png((test::output_dir() / "sky_domed.png").string(), *image);

    // The control: the same box framing on everything drawn, dome included.
    anim::Character& ch = d->session->character();
    anim::Aabb all = ch.drawn_bounds(true);
    for (const auto& p : domed.meshes[static_cast<size_t>(domed.scene.nodes[static_cast<size_t>(dome)].mesh)]
                             .primitives[0]
                             .positions)
        all.min = glm::min(all.min, glm::dvec3(p)), all.max = glm::max(all.max, glm::dvec3(p));
    render::OrbitCamera with_dome = cd;
    with_dome.frame(glm::vec3(all.min), glm::vec3(all.max), 4.0f / 3.0f);
    EXPECT_GT(glm::length(with_dome.eye()), 40.0f) << "the control framing should stand outside the dome";

    // A mesh beside the character, not around it, is framed as before: a box on the floor next to
    // the character moves the camera.
    anim::Asset beside = alone;
    anim::Primitive crate = ground_plane(0.5f);
    for (auto& p : crate.positions) p += glm::vec3(2.0f, 0.3f, 0.0f);
    add_static_mesh(beside, crate, "Crate", glm::vec4(0.5f, 0.5f, 0.5f, 1.0f));
    beside.scene.update_matrices();
    o.file = write_asset(beside, "sky_beside.glb");
    auto b = viewer::open_headless(o);
    ASSERT_TRUE(b.ok()) << b.error().message;
    EXPECT_FALSE(b->session->character().static_meshes()[0].encloses_scene);
    EXPECT_GT(b->session->state().camera.distance, ca.distance * 1.05f);
}

}  // namespace
