#include "anim/asset_tools/pointer_builder.h"

namespace sv::anim {

namespace {

// A 1 x 1 quad in the XY plane centred on the origin, facing +Z, UV (0,0) at its lower left.
Primitive quad(int material) {
    Primitive p;
    p.positions = {{-0.5f, -0.5f, 0.0f}, {0.5f, -0.5f, 0.0f}, {0.5f, 0.5f, 0.0f}, {-0.5f, 0.5f, 0.0f}};
    p.normals.assign(4, glm::vec3(0.0f, 0.0f, 1.0f));
    p.uvs = {{0.0f, 1.0f}, {1.0f, 1.0f}, {1.0f, 0.0f}, {0.0f, 0.0f}};
    p.indices = {0, 1, 2, 0, 2, 3};
    p.material = material;
    return p;
}

Node node(const char* name, int mesh, glm::dvec3 at) {
    Node n;
    n.name = name;
    n.mesh = mesh;
    n.translation = at;
    return n;
}

}  // namespace

Asset build_pointer_asset() {
    Asset a;
    a.source = "pointer_builder";
    for (int m = 0; m < 3; ++m) {
        Mesh mesh;
        mesh.name = "quad_" + std::to_string(m);
        mesh.primitives.push_back(quad(m));
        a.meshes.push_back(mesh);
    }
    Material colour, textured, grey;
    colour.name = "animated_colour";
    colour.base_color = {1.0f, 0.0f, 0.0f, 1.0f};
    textured.name = "animated_uv";
    textured.base_color_texture.image = 0;
    textured.base_color_texture.sampler = 0;
    textured.base_color_image = 0;
    grey.name = "grey";
    grey.base_color = {0.6f, 0.6f, 0.6f, 1.0f};
    for (Material* m : {&colour, &textured, &grey}) m->metallic = 0.0f, m->roughness = 1.0f;
    a.materials = {colour, textured, grey};
    Image img;
    img.name = "rgbw";
    img.width = 4;
    img.height = 1;
    img.rgba = {255, 0, 0, 255, 0, 255, 0, 255, 0, 0, 255, 255, 255, 255, 255, 255};
    a.images.push_back(img);
    Sampler nearest;
    nearest.mag_filter = 9728;  // NEAREST
    nearest.min_filter = 9728;
    a.samplers.push_back(nearest);
    Light light;
    light.name = "lamp";
    light.type = Light::Type::Point;
    light.intensity = 4.0f;
    a.lights.push_back(light);

    a.scene.nodes = {node("colour_quad", 0, {-0.6, 0.5, 0.0}), node("uv_quad", 1, {0.6, 0.5, 0.0}),
                     node("lamp", -1, {0.0, 0.0, 2.0}), node("moving_quad", 2, {-0.5, -0.75, 0.0})};
    a.scene.nodes[2].light = 0;

    Clip clip;
    clip.name = "pointers";
    clip.duration = 2.0f;
    PropertyChannel colour_track;
    colour_track.target = {AnimatedProperty::BaseColorFactor, 0, TextureSlot::None};
    colour_track.times = {0.0f, 1.0f, 2.0f};
    colour_track.values = {1, 0, 0, 1, 0, 1, 0, 1, 0, 0, 1, 1};
    PropertyChannel uv_track;
    uv_track.target = {AnimatedProperty::TextureOffset, 1, TextureSlot::BaseColor};
    uv_track.interpolation = Interpolation::Step;
    uv_track.times = {0.0f, 0.8f, 1.6f};
    uv_track.values = {0.0f, 0.0f, 0.25f, 0.0f, 0.5f, 0.0f};
    PropertyChannel light_track;
    light_track.target = {AnimatedProperty::LightIntensity, 0, TextureSlot::None};
    light_track.interpolation = Interpolation::CubicSpline;
    light_track.times = {0.0f, 2.0f};
    light_track.values = {0.0f, 4.0f, 30.0f, -6.0f, 16.0f, 0.0f};  // (in, value, out) per key
    clip.properties = {colour_track, uv_track, light_track};
    Channel move;
    move.node = 3;
    move.path = TargetPath::Translation;
    move.times = {0.0f, 2.0f};
    move.values = {-0.5f, -0.75f, 0.0f, 0.5f, -0.75f, 0.0f};
    clip.channels.push_back(move);
    a.clips.push_back(clip);
    a.scene.update_matrices();
    return a;
}

}  // namespace sv::anim
