// Reads what `skinview bake` writes: comment lines, then per drawn primitive
//   o n<NODE>_p<PRIM> <node name>
//   v x y z      (one per vertex, in accessor order)
//   f a b c      (1-based over all v lines so far; triangle modes only)
// Strict on purpose: a malformed line is an error naming its line number, never a skipped line, so a
// writer that drifts from the format fails here rather than comparing fewer vertices.
#pragma once

#include <array>
#include <cstdlib>
#include <fstream>
#include <glm/glm.hpp>
#include <sstream>
#include <string>
#include <vector>

namespace sv::test {

struct ObjObject {
    int node = -1;
    int primitive = -1;
    std::string name;  // the node's name (may be empty)
    std::vector<glm::dvec3> vertices;
    std::vector<std::array<long, 3>> faces;  // 1-based, over all vertices of the file
};

struct ObjFile {
    std::vector<ObjObject> objects;
    std::string error;  // empty when it parsed
    bool ok() const { return error.empty(); }
};

namespace obj_detail {

// Strict decimal integer: the whole token, nothing else.
inline bool parse_long(const std::string& s, long* out) {
    if (s.empty()) return false;
    char* end = nullptr;
    *out = std::strtol(s.c_str(), &end, 10);
    return end == s.c_str() + s.size();
}

inline bool parse_double(const std::string& s, double* out) {
    if (s.empty()) return false;
    char* end = nullptr;
    *out = std::strtod(s.c_str(), &end);
    return end == s.c_str() + s.size();
}

// "n<NODE>_p<PRIM>"
inline bool parse_object_id(const std::string& s, int* node, int* prim) {
    const auto us = s.find("_p");
    long n = 0, p = 0;
    if (s.size() < 4 || s[0] != 'n' || us == std::string::npos) return false;
    if (!parse_long(s.substr(1, us - 1), &n) || !parse_long(s.substr(us + 2), &p) || n < 0 || p < 0)
        return false;
    *node = static_cast<int>(n);
    *prim = static_cast<int>(p);
    return true;
}

}  // namespace obj_detail

inline ObjFile parse_obj(const std::string& text) {
    using namespace obj_detail;
    ObjFile f;
    std::istringstream in(text);
    std::string line;
    size_t line_no = 0;
    long total_vertices = 0;
    auto fail = [&](const std::string& why) {
        f.objects.clear();
        f.error = "line " + std::to_string(line_no) + ": " + why + " in '" + line + "'";
        return f;
    };
    while (std::getline(in, line)) {
        ++line_no;
        if (!line.empty() && line.back() == '\r') line.pop_back();
        if (line.empty() || line[0] == '#') continue;
        const auto sp = line.find(' ');
        const std::string tag = line.substr(0, sp);
        const std::string rest = sp == std::string::npos ? std::string() : line.substr(sp + 1);
        if (tag == "o") {
            // The node name is everything after the id and one space: names may hold spaces.
            const auto sp2 = rest.find(' ');
            ObjObject o;
            if (!parse_object_id(rest.substr(0, sp2), &o.node, &o.primitive))
                return fail("object id is not n<NODE>_p<PRIM>");
            o.name = sp2 == std::string::npos ? std::string() : rest.substr(sp2 + 1);
            f.objects.push_back(std::move(o));
            continue;
        }
        std::istringstream fields(rest);
        std::vector<std::string> tok;
        for (std::string t; fields >> t;) tok.push_back(t);
        if (tag == "v") {
            if (f.objects.empty()) return fail("vertex before any 'o' line");
            glm::dvec3 p;
            if (tok.size() != 3 || !parse_double(tok[0], &p.x) || !parse_double(tok[1], &p.y) ||
                !parse_double(tok[2], &p.z))
                return fail("a 'v' line needs exactly three numbers");
            f.objects.back().vertices.push_back(p);
            ++total_vertices;
        } else if (tag == "f") {
            if (f.objects.empty()) return fail("face before any 'o' line");
            std::array<long, 3> t{};
            if (tok.size() != 3) return fail("an 'f' line needs exactly three indices");
            for (size_t k = 0; k < 3; ++k)
                if (!parse_long(tok[k], &t[k]) || t[k] < 1 || t[k] > total_vertices)
                    return fail("face index '" + tok[k] + "' is not in 1.." + std::to_string(total_vertices));
            f.objects.back().faces.push_back(t);
        } else {
            return fail("unknown line tag '" + tag + "'");
        }
    }
    return f;
}

inline ObjFile read_obj(const std::string& path) {
    std::ifstream file(path, std::ios::binary);
    if (!file) {
        ObjFile f;
        f.error = path + ": cannot open";
        return f;
    }
    std::stringstream s;
    s << file.rdbuf();
    ObjFile f = parse_obj(s.str());
    if (!f.ok()) f.error = path + ": " + f.error;
    return f;
}

}  // namespace sv::test
