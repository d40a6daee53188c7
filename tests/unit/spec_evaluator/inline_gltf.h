// Small glTF files written inline as JSON, their one buffer a data: URI built from typed values, so
// each test case shows the bytes it feeds and the answer it expects side by side.
#pragma once

#include <tiny_gltf.h>

#include <algorithm>
#include <cstdint>
#include <cstring>
#include <initializer_list>
#include <map>
#include <string>
#include <vector>

namespace sv::test {

class Bytes {
public:
    // Each appends its values (4-byte aligned first) and returns the offset they start at.
    size_t f32(std::initializer_list<float> v) { return put(v); }
    size_t i8(std::initializer_list<int8_t> v) { return put(v); }
    size_t u8(std::initializer_list<uint8_t> v) { return put(v); }
    size_t i16(std::initializer_list<int16_t> v) { return put(v); }
    size_t u16(std::initializer_list<uint16_t> v) { return put(v); }
    const std::vector<unsigned char>& data() const { return b_; }

private:
    template <typename T>
    size_t put(std::initializer_list<T> v) {
        while (b_.size() % 4) b_.push_back(0);
        const size_t at = b_.size();
        for (T x : v) {
            unsigned char raw[sizeof(T)];
            std::memcpy(raw, &x, sizeof(T));
            b_.insert(b_.end(), raw, raw + sizeof(T));
        }
        return at;
    }
    std::vector<unsigned char> b_;
};

inline std::string base64(const std::vector<unsigned char>& in) {
    static const char* k = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
    std::string out;
    for (size_t i = 0; i < in.size(); i += 3) {
        const uint32_t n = (uint32_t(in[i]) << 16) | (i + 1 < in.size() ? uint32_t(in[i + 1]) << 8 : 0u) |
                           (i + 2 < in.size() ? uint32_t(in[i + 2]) : 0u);
        out += k[(n >> 18) & 63];
        out += k[(n >> 12) & 63];
        out += i + 1 < in.size() ? k[(n >> 6) & 63] : '=';
        out += i + 2 < in.size() ? k[n & 63] : '=';
    }
    return out;
}

// Replaces each "$name" in `json` by its number, "$BUFFER" by the buffer object (data: URI and
// byteLength), then loads it. Returns "" or tinygltf's message.
inline std::string load_inline(std::string json, const Bytes& bytes,
                               const std::map<std::string, size_t>& numbers, tinygltf::Model* model) {
    auto replace_all = [&json](const std::string& from, const std::string& to) {
        for (size_t at = json.find(from); at != std::string::npos; at = json.find(from, at + to.size()))
            json.replace(at, from.size(), to);
    };
    replace_all("$BUFFER", "{\"uri\": \"data:application/octet-stream;base64," + base64(bytes.data()) +
                               "\", \"byteLength\": " + std::to_string(bytes.data().size()) + "}");
    // Longest names first, so "$pos2" is not eaten by "$pos".
    std::vector<std::pair<std::string, size_t>> sorted(numbers.begin(), numbers.end());
    std::sort(sorted.begin(), sorted.end(),
              [](const auto& a, const auto& b) { return a.first.size() > b.first.size(); });
    for (const auto& [name, value] : sorted) replace_all("$" + name, std::to_string(value));
    tinygltf::TinyGLTF loader;
    std::string err, warn;
    if (!loader.LoadASCIIFromString(model, &err, &warn, json.c_str(), static_cast<unsigned>(json.size()), ""))
        return err.empty() ? "tinygltf refused it" : err;
    return "";
}

}  // namespace sv::test
