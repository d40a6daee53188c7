#include "note_groups.h"

#include <cctype>
#include <map>

namespace sv::viewer {

namespace {

// The note with every run of digits as '#' and every '...' name as '…': two notes of one shape get
// one key. Names are quoted in every note the importer writes; a shape that named things without
// quotes would group only when the names are equal, which costs grouping, never a wrong count.
std::string shape_of(const std::string& note, std::string& first_name) {
    std::string key;
    for (size_t i = 0; i < note.size();) {
        if (note[i] == '\'') {
            const size_t close = note.find('\'', i + 1);
            if (close != std::string::npos) {
                if (first_name.empty()) first_name = note.substr(i, close - i + 1);
                key += "'~'";
                i = close + 1;
                continue;
            }
        }
        if (std::isdigit(static_cast<unsigned char>(note[i]))) {
            while (i < note.size() && std::isdigit(static_cast<unsigned char>(note[i]))) ++i;
            key += '#';
            continue;
        }
        key += note[i++];
    }
    return key;
}

}  // namespace

std::vector<std::string> group_notes(const std::vector<std::string>& notes, int min_group, int names_shown) {
    struct Group {
        std::vector<size_t> members;
        std::vector<std::string> names;
    };
    std::map<std::string, size_t> index;
    std::vector<Group> groups;
    std::vector<std::string> keys;
    for (size_t n = 0; n < notes.size(); ++n) {
        std::string name;
        const std::string key = shape_of(notes[n], name);
        auto [it, fresh] = index.emplace(key, groups.size());
        if (fresh) groups.emplace_back(), keys.push_back(key);
        groups[it->second].members.push_back(n);
        groups[it->second].names.push_back(name);
    }
    std::vector<std::string> out;
    for (const Group& g : groups) {
        const int count = static_cast<int>(g.members.size());
        if (count < min_group) {
            for (size_t m : g.members) out.push_back(notes[m]);
            continue;
        }
        // The first note in full says what the shape means; the names say which.
        std::string line = std::to_string(count) + " notes like \"" + notes[g.members[0]] + "\"";
        std::string listed;
        int shown = 0;
        for (int i = 0; i < count && shown < names_shown; ++i) {
            const std::string& nm = g.names[static_cast<size_t>(i)];
            if (nm.empty()) continue;
            listed += (listed.empty() ? "" : ", ") + nm;
            ++shown;
        }
        if (!listed.empty())
            line +=
                "; for " + listed + (count > shown ? " and " + std::to_string(count - shown) + " more" : "");
        out.push_back(line);
    }
    return out;
}

}  // namespace sv::viewer
