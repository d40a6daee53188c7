// GlName, the one owner of GL names: a moved-from owner deletes nothing, the moved-to one deletes
// exactly once, self-move keeps the name. A double delete is silent in GL, so the tests watch what
// can be seen: the deletions a counting kind records, the source's value, and glIs* of a name
// while an owner of it is still alive (a wrong delete from a moved-from owner makes it false).
#include "render/gl_name.h"

#include <gtest/gtest.h>

#include <utility>
#include <vector>

#include "render/context.h"
#include "render/gl.h"
#include "render/palette_texture.h"
#include "render/render_target.h"

namespace sv::render {
namespace {

// A kind that records what it was asked to delete, so a delete is seen even where GL is silent.
struct CountingKind {
    static std::vector<GLuint>& deleted() {
        static std::vector<GLuint> d;
        return d;
    }
    static void destroy(GLuint n) { deleted().push_back(n); }
};
using Counted = GlName<CountingKind>;

class GlNameCounting : public ::testing::Test {
protected:
    void SetUp() override { CountingKind::deleted().clear(); }
    static const std::vector<GLuint>& deleted() { return CountingKind::deleted(); }
};

TEST_F(GlNameCounting, EmptyDeletesNothing) {
    { Counted empty; }
    { Counted zero(0); }
    EXPECT_TRUE(deleted().empty());
}

TEST_F(GlNameCounting, DestructionDeletesOnce) {
    { Counted a(7); }
    EXPECT_EQ(deleted(), std::vector<GLuint>{7});
}

TEST_F(GlNameCounting, MoveConstructionLeavesSourceEmptyAndDeletesOnce) {
    {
        Counted a(7);
        Counted b(std::move(a));
        EXPECT_EQ(a.get(), 0u);  // NOLINT(bugprone-use-after-move): the moved-from state is the point
        EXPECT_FALSE(a);
        EXPECT_EQ(b.get(), 7u);
        EXPECT_TRUE(deleted().empty());
    }
    EXPECT_EQ(deleted(), std::vector<GLuint>{7});
}

TEST_F(GlNameCounting, MoveAssignmentDeletesTheTargetsOldNameOnly) {
    {
        Counted a(7), b(9);
        b = std::move(a);
        EXPECT_EQ(a.get(), 0u);  // NOLINT(bugprone-use-after-move)
        EXPECT_EQ(b.get(), 7u);
        EXPECT_EQ(deleted(), std::vector<GLuint>{9});
    }
    EXPECT_EQ(deleted(), (std::vector<GLuint>{9, 7}));
}

TEST_F(GlNameCounting, SelfMoveAssignmentKeepsTheName) {
    {
        Counted a(7);
        Counted& alias = a;  // through a reference, as self-move happens in real code (swap, sort)
        a = std::move(alias);
        EXPECT_EQ(a.get(), 7u);
        EXPECT_TRUE(deleted().empty());
    }
    EXPECT_EQ(deleted(), std::vector<GLuint>{7});
}

TEST_F(GlNameCounting, ResetAndRelease) {
    Counted a(7);
    a.reset(8);
    EXPECT_EQ(deleted(), std::vector<GLuint>{7});
    EXPECT_EQ(a.release(), 8u);
    EXPECT_EQ(a.get(), 0u);
    a.reset();
    EXPECT_EQ(deleted(), std::vector<GLuint>{7});  // released, so not deleted
}

class GlNameLive : public ::testing::Test {
protected:
    void SetUp() override {
        auto ctx = create_headless_context(Api::GL);
        ASSERT_TRUE(ctx.ok()) << ctx.error().message;
        ctx_ = std::move(*ctx);
    }
    std::unique_ptr<Context> ctx_;  // declared first: dies after every owner a test makes
};

// glIsTexture is false for a name that was generated but never bound, so the helpers bind.
GlTexture live_texture() {
    GlTexture t = GlTexture::make();
    glBindTexture(GL_TEXTURE_2D, t.get());
    glBindTexture(GL_TEXTURE_2D, 0);
    return t;
}
GlBuffer live_buffer() {
    GlBuffer b = GlBuffer::make();
    glBindBuffer(GL_ARRAY_BUFFER, b.get());
    glBindBuffer(GL_ARRAY_BUFFER, 0);
    return b;
}

TEST_F(GlNameLive, MovedFromTextureDeletesNothingMovedToDeletesIt) {
    GlTexture kept;
    GLuint name = 0;
    {
        GlTexture source = live_texture();
        name = source.get();
        ASSERT_NE(name, 0u);
        ASSERT_TRUE(glIsTexture(name));
        kept = std::move(source);
        EXPECT_EQ(source.get(), 0u);  // NOLINT(bugprone-use-after-move)
    }                                 // the moved-from owner dies here
    EXPECT_TRUE(glIsTexture(name)) << "the moved-from owner deleted the texture its successor holds";
    EXPECT_EQ(kept.get(), name);
    kept.reset();
    EXPECT_FALSE(glIsTexture(name));
    // Negative control: a texture nobody deleted is still one, so glIsTexture can answer true here.
    const GlTexture other = live_texture();
    EXPECT_TRUE(glIsTexture(other.get()));
}

// The same through move construction and for a buffer. (A name handed out again after a wrong
// delete would show the double delete on a bystander, but Mesa does not reuse a freed name at once:
// deleting buffer 1 and generating again gives 2. So the test watches the name while its owner
// lives; the counting kind above sees the second delete itself.)
TEST_F(GlNameLive, MovedFromBufferDeletesNothingMovedToDeletesIt) {
    GLuint name = 0;
    {
        GlBuffer moved_to;
        {
            GlBuffer source = live_buffer();
            name = source.get();
            ASSERT_TRUE(glIsBuffer(name));
            moved_to = GlBuffer(std::move(source));
        }
        EXPECT_TRUE(glIsBuffer(name)) << "the moved-from owner deleted the buffer its successor holds";
        EXPECT_EQ(moved_to.get(), name);
    }
    EXPECT_FALSE(glIsBuffer(name));
}

TEST_F(GlNameLive, SelfMoveKeepsTheTexture) {
    GlTexture t = live_texture();
    const GLuint name = t.get();
    GlTexture& alias = t;
    t = std::move(alias);
    EXPECT_EQ(t.get(), name);
    EXPECT_TRUE(glIsTexture(name));
}

// The classes that hold GlNames have the defaulted moves: the wiring is checked on two of them.
TEST_F(GlNameLive, PaletteTextureMoveHandsOverItsTexture) {
    auto created = PaletteTexture::create(2);
    ASSERT_TRUE(created.ok()) << created.error().message;
    PaletteTexture kept;
    GLuint name = 0;
    {
        PaletteTexture source = std::move(*created);
        name = source.texture();
        ASSERT_TRUE(glIsTexture(name));
        kept = std::move(source);
        EXPECT_EQ(source.texture(), 0u);  // NOLINT(bugprone-use-after-move)
        EXPECT_EQ(source.rows(), 0);      // NOLINT(bugprone-use-after-move)
    }
    EXPECT_TRUE(glIsTexture(name));
    EXPECT_EQ(kept.rows(), 2);
    kept = PaletteTexture();
    EXPECT_FALSE(glIsTexture(name));
}

TEST_F(GlNameLive, RenderTargetMoveHandsOverItsFramebuffer) {
    RenderTarget kept;
    GLuint fbo = 0;
    {
        RenderTarget source;
        ASSERT_TRUE(source.resize(4, 4).ok());
        fbo = source.framebuffer();
        ASSERT_TRUE(glIsFramebuffer(fbo));
        kept = std::move(source);
        EXPECT_EQ(source.framebuffer(), 0u);  // NOLINT(bugprone-use-after-move)
        EXPECT_EQ(source.width(), 0);         // NOLINT(bugprone-use-after-move): empty reads 0 x 0
    }
    EXPECT_TRUE(glIsFramebuffer(fbo));
    EXPECT_EQ(kept.width(), 4);
    kept = RenderTarget();
    EXPECT_FALSE(glIsFramebuffer(fbo));
}

}  // namespace
}  // namespace sv::render
