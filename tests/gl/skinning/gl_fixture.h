// Shared set-up for GL tests: a headless context per test, characters loaded once.
#pragma once

#include <gtest/gtest.h>

#include <map>
#include <memory>
#include <string>

#include "anim/character/character.h"
#include "anim/gltf/gltf_import.h"
#include "render/character_renderer.h"
#include "render/context.h"
#include "test_paths.h"

namespace sv::test {

// Loads a file into a Character, or fails the test with the loader's message.
inline std::unique_ptr<anim::Character> load_character(const std::string& path) {
    auto asset = anim::load_gltf(path);
    EXPECT_TRUE(asset.ok()) << path << ": " << (asset.ok() ? "" : asset.error().message);
    if (!asset) return nullptr;
    auto c = anim::Character::create(std::move(*asset));
    EXPECT_TRUE(c.ok()) << path << ": " << (c.ok() ? "" : c.error().message);
    if (!c) return nullptr;
    return std::make_unique<anim::Character>(std::move(*c));
}

inline std::string project_asset(const std::string& name) {
    return (source_dir() / "assets" / name).string();
}

}  // namespace sv::test
