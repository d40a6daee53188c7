// The reader of `skinview bake`'s OBJ: the format it accepts, and a named error for each way a line
// can be malformed (a reader that skipped bad lines would let a bake compare fewer vertices).
#include "obj_reader.h"

#include <gtest/gtest.h>

namespace sv::test {
namespace {

TEST(ObjReader, ReadsObjectsVerticesAndFaces) {
    const ObjFile f = parse_obj(
        "# skinview bake\n# clip 0 t 0.5\n"
        "o n2_p0 Left Arm\nv 1 2 3\nv -1.5e-3 0 1e+2\nv 0 0 0\nf 1 2 3\n"
        "o n2_p1 Left Arm\nv 4 5 6\n"
        "o n10_p0\nv 7 8 9\r\nf 1 4 5\n");
    ASSERT_TRUE(f.ok()) << f.error;
    ASSERT_EQ(f.objects.size(), 3u);
    EXPECT_EQ(f.objects[0].node, 2);
    EXPECT_EQ(f.objects[0].primitive, 0);
    EXPECT_EQ(f.objects[0].name, "Left Arm");  // names keep their spaces
    ASSERT_EQ(f.objects[0].vertices.size(), 3u);
    EXPECT_EQ(f.objects[0].vertices[1], glm::dvec3(-1.5e-3, 0, 100));
    ASSERT_EQ(f.objects[0].faces.size(), 1u);
    EXPECT_EQ(f.objects[0].faces[0], (std::array<long, 3>{1, 2, 3}));
    EXPECT_EQ(f.objects[1].primitive, 1);
    EXPECT_EQ(f.objects[2].node, 10);
    EXPECT_EQ(f.objects[2].name, "");
    EXPECT_EQ(f.objects[2].vertices[0], glm::dvec3(7, 8, 9));
    EXPECT_EQ(f.objects[2].faces[0], (std::array<long, 3>{1, 4, 5}));  // 1-based over the whole file
}

TEST(ObjReader, NamesTheLineAndReasonOfEachMalformedLine) {
    const std::pair<const char*, const char*> cases[] = {
        {"v 1 2 3\n", "line 1: vertex before any 'o' line"},
        {"o n1_p0 a\nv 1 2\n", "line 2: a 'v' line needs exactly three numbers"},
        {"o n1_p0 a\nv 1 2 x\n", "line 2: a 'v' line needs exactly three numbers"},
        {"o n1_p0 a\nv 1 2 3 4\n", "line 2: a 'v' line needs exactly three numbers"},
        {"o n1_p0 a\nv 1 2 3\nf 1 1 2\n", "line 3: face index '2' is not in 1..1"},
        {"o n1_p0 a\nv 1 2 3\nf 1 0 1\n", "line 3: face index '0' is not in 1..1"},
        {"o n1_p0 a\nv 1 2 3\nf 1 1\n", "line 3: an 'f' line needs exactly three indices"},
        {"o n1_p0 a\nv 1 2 3\nf 1/1 1 1\n", "line 3: face index '1/1' is not in 1..1"},
        {"o mesh a\n", "line 1: object id is not n<NODE>_p<PRIM>"},
        {"o n1p0 a\n", "line 1: object id is not n<NODE>_p<PRIM>"},
        {"o n-1_p0 a\n", "line 1: object id is not n<NODE>_p<PRIM>"},
        {"o n1_p0 a\nvn 0 0 1\n", "line 2: unknown line tag 'vn'"},
        {"f 1 2 3\n", "line 1: face before any 'o' line"},
    };
    for (const auto& [text, why] : cases) {
        const ObjFile f = parse_obj(text);
        EXPECT_FALSE(f.ok()) << text;
        EXPECT_EQ(f.error.rfind(why, 0), 0u) << "input: " << text << "error: " << f.error;
        EXPECT_TRUE(f.objects.empty());
    }
}

TEST(ObjReader, AMissingFileIsAnErrorNamingIt) {
    const ObjFile f = read_obj("/no/such/bake.obj");
    EXPECT_EQ(f.error, "/no/such/bake.obj: cannot open");
}

}  // namespace
}  // namespace sv::test
