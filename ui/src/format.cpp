#include "ui/format.h"

#include <cctype>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <set>

namespace sv::ui {

std::string format_number(double v) {
    if (std::isnan(v)) return "n/a";
    if (std::isinf(v)) return v > 0 ? "inf" : "-inf";
    if (v == 0.0) return "0";  // also -0.0
    const double a = std::fabs(v);
    char buf[48];
    if (a < 1e-3 || a >= 1e6) {
        std::snprintf(buf, sizeof buf, "%.2e", v);
        return buf;
    }
    std::snprintf(buf, sizeof buf, "%.3g", v);
    // %.3g goes scientific from 1000 up; three significant digits of 12345 read better as 12300.
    if (a >= 1000.0) {
        const double step = std::pow(10.0, std::floor(std::log10(a)) - 2.0);
        std::snprintf(buf, sizeof buf, "%.0f", std::round(v / step) * step);
    }
    return buf;
}

std::string format_quantity(double v, const char* unit) {
    const std::string n = format_number(v);
    return unit && *unit ? n + " " + unit : n;
}

std::string with_numbers_formatted(const std::string& text) {
    const auto digit = [](char ch) { return ch >= '0' && ch <= '9'; };
    const auto glue = [&](char ch) {
        return std::isalnum(static_cast<unsigned char>(ch)) || ch == '_' || ch == '.' || ch == ':';
    };
    std::string out;
    bool quoted = false;
    size_t i = 0;
    while (i < text.size()) {
        const char ch = text[i];
        if (ch == '\'') quoted = !quoted;
        const bool starts = !quoted &&
                            (digit(ch) || (ch == '-' && i + 1 < text.size() && digit(text[i + 1]))) &&
                            (i == 0 || !glue(text[i - 1]));
        if (!starts) {
            out += ch;
            ++i;
            continue;
        }
        size_t j = i + (ch == '-' ? 1 : 0);
        bool decimal = false;
        while (j < text.size() && digit(text[j])) ++j;
        if (j + 1 < text.size() && text[j] == '.' && digit(text[j + 1])) {
            decimal = true;
            ++j;
            while (j < text.size() && digit(text[j])) ++j;
        }
        if (j < text.size() && (text[j] == 'e' || text[j] == 'E')) {
            size_t k = j + 1;
            if (k < text.size() && (text[k] == '+' || text[k] == '-')) ++k;
            if (k < text.size() && digit(text[k])) {
                decimal = true;
                j = k;
                while (j < text.size() && digit(text[j])) ++j;
            }
        }
        const std::string token = text.substr(i, j - i);
        // A number running on into a point or a digit is part of something else (a version, a path).
        const bool runs_on = j < text.size() && (text[j] == '.' && j + 1 < text.size() && digit(text[j + 1]));
        out += decimal && !runs_on ? format_number(std::strtod(token.c_str(), nullptr)) : token;
        i = j;
    }
    return out;
}

std::string skin_label(const anim::Character& character, int skin) {
    const auto& skins = character.asset().skins;
    std::string name;
    if (skin >= 0 && static_cast<size_t>(skin) < skins.size()) name = skins[static_cast<size_t>(skin)].name;
    return "skin " + std::to_string(skin) + (name.empty() ? " (unnamed)" : " '" + name + "'");
}

int distinct_joint_count(const anim::Character& character) {
    std::set<int> nodes;
    for (const auto& s : character.asset().skins) nodes.insert(s.joints.begin(), s.joints.end());
    return static_cast<int>(nodes.size());
}

std::string clip_label(const std::vector<anim::Clip>& clips, int index) {
    if (index < 0 || static_cast<size_t>(index) >= clips.size()) return "rest pose";
    const std::string& n = clips[static_cast<size_t>(index)].name;
    return n.empty() ? "clip " + std::to_string(index) : n;
}

}  // namespace sv::ui
