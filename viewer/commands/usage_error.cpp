#include "usage_error.h"

#include <algorithm>
#include <cctype>
#include <filesystem>
#include <functional>
#include <map>

namespace sv::viewer {

namespace {

std::vector<const CLI::App*> all_verbs(const CLI::App& app) {
    return app.get_subcommands(std::function<bool(const CLI::App*)>());
}

std::string quoted(const std::string& s) { return "'" + s + "'"; }

std::string strip_dashes(const std::string& s) {
    return s.substr(std::min(s.find_first_not_of('-'), s.size()));
}

// Every name an option of `app` answers to ("-o", "--output"), positionals left out.
std::vector<std::string> option_words(const CLI::App& app) {
    std::vector<std::string> out;
    for (const CLI::Option* o : app.get_options()) {
        if (o->get_positional()) continue;
        for (const std::string& l : o->get_lnames()) out.push_back("--" + l);
        for (const std::string& s : o->get_snames()) out.push_back("-" + s);
    }
    return out;
}

bool has_option(const CLI::App& app, const std::string& word) {
    const auto words = option_words(app);
    return std::find(words.begin(), words.end(), word) != words.end();
}

// Options that another verb takes and this one registers not because they change nothing here:
// the reason it says (cli_options.h, SceneOptionSet).
const std::map<std::string, std::string>& ignored_here() {
    static const std::map<std::string, std::string> reasons = {
        {"bake", "bake writes world-space vertices, not a picture"},
        {"diagnose", "diagnose compares skinned vertices, not a picture"},
    };
    return reasons;
}

// "render, bake and the viewer": who takes an option this verb lacks.
std::string takers(const CLI::App& app, const std::string& word) {
    std::vector<std::string> who;
    for (const CLI::App* v : all_verbs(app))
        if (has_option(*v, word)) who.push_back(v->get_name());
    if (has_option(app, word)) who.push_back("the viewer");
    std::string out;
    for (size_t i = 0; i < who.size(); ++i)
        out += (i == 0 ? "" : i + 1 == who.size() ? " and " : ", ") + who[i];
    return out;
}

std::string one_line(std::string s) {
    std::replace(s.begin(), s.end(), '\n', ' ');
    while (!s.empty() && s.back() == ' ') s.pop_back();
    return s;
}

std::string verb_list(const CLI::App& app) {
    std::string out;
    for (const CLI::App* v : all_verbs(app)) out += (out.empty() ? "" : ", ") + v->get_name();
    return out;
}

// An argument the parser had no place for: an option the verb lacks, or a word too many.
std::string describe_extra(const CLI::App& app, const CLI::App& at, const std::string& verb,
                           const std::string& arg) {
    const std::string here = verb.empty() ? "the viewer" : verb;
    if (arg.empty() || arg[0] != '-' || arg == "-")
        return quoted(arg) + ": not expected (" + here + " takes no more arguments)";
    const std::string word = arg.substr(0, arg.find('='));
    const std::string who = takers(app, word);
    if (!who.empty()) {
        const auto reason = ignored_here().find(verb);
        if (reason != ignored_here().end()) return word + ": has no effect here (" + reason->second + ")";
    }
    const std::string near = nearest(word, option_words(at));
    if (!near.empty()) return word + ": not an option of " + here + "; did you mean " + near + "?";
    if (!who.empty())
        return word + ": not an option of " + here + " (" + who +
               (who.find(" and ") == std::string::npos ? " takes" : " take") + " it)";
    return word + ": not an option of " + here + " (skinview " + (verb.empty() ? "" : verb + " ") +
           "--help lists them)";
}

std::string describe_required(const CLI::App& at, const std::string& fallback) {
    for (const CLI::Option* o : at.get_options()) {
        if (!o->get_required() || o->count() > 0) continue;
        // A positional by its placeholder in upper case (FILE, PATHS), as usage lines write them.
        std::string name = o->get_name(true);
        if (o->get_positional())
            for (char& ch : name) ch = static_cast<char>(std::toupper(static_cast<unsigned char>(ch)));
        else
            name = o->get_name();
        return name + ": required; " + o->get_description();
    }
    return fallback;
}

}  // namespace

int edit_distance(const std::string& a, const std::string& b) {
    const size_t n = a.size(), m = b.size();
    std::vector<std::vector<int>> d(n + 1, std::vector<int>(m + 1, 0));
    for (size_t i = 0; i <= n; ++i) d[i][0] = static_cast<int>(i);
    for (size_t j = 0; j <= m; ++j) d[0][j] = static_cast<int>(j);
    for (size_t i = 1; i <= n; ++i)
        for (size_t j = 1; j <= m; ++j) {
            const int cost = a[i - 1] == b[j - 1] ? 0 : 1;
            d[i][j] = std::min({d[i - 1][j] + 1, d[i][j - 1] + 1, d[i - 1][j - 1] + cost});
            if (i > 1 && j > 1 && a[i - 1] == b[j - 2] && a[i - 2] == b[j - 1])
                d[i][j] = std::min(d[i][j], d[i - 2][j - 2] + 1);
        }
    return d[n][m];
}

std::string nearest(const std::string& word, const std::vector<std::string>& candidates) {
    const std::string w = strip_dashes(word);
    // A third of the word: "rendr" (5) may be 1 away, "frobnicate" (10) 3; a shorter word would
    // match too much ("fx" is 1 from "fix" and would be 2 from "bake" at half).
    const int allowed = std::max(1, static_cast<int>(w.size()) / 3);
    std::string best;
    int best_d = allowed + 1;
    for (const std::string& c : candidates) {
        const int d = edit_distance(w, strip_dashes(c));
        if (d < best_d) best = c, best_d = d;
    }
    return best;
}

std::string command_name(const std::string& verb) { return verb.empty() ? "skinview" : "skinview " + verb; }

std::string unknown_verb_error(const CLI::App& app, const std::string& file) {
    if (file.empty() || file.find_first_of("./\\") != std::string::npos) return "";
    std::error_code ec;
    if (std::filesystem::exists(file, ec)) return "";
    std::vector<std::string> verbs;
    for (const CLI::App* v : all_verbs(app)) verbs.push_back(v->get_name());
    const std::string near = nearest(file, verbs);
    if (!near.empty())
        return "skinview: " + quoted(file) + ": not a verb or a file; did you mean " + quoted(near) + "?";
    return "skinview: " + quoted(file) + ": not a verb or a file (verbs: " + verb_list(app) + ")";
}

std::string describe_parse_error(const CLI::App& app, const CLI::ParseError& e) {
    const std::vector<CLI::App*> parsed = app.get_subcommands();
    const CLI::App* verb_app = parsed.empty() ? nullptr : parsed.front();
    const std::string verb = verb_app ? verb_app->get_name() : "";
    const CLI::App& at = verb_app ? *verb_app : app;
    const std::string prefix = command_name(verb) + ": ";
    // The viewer took a mistyped verb as its FILE (and then met the verb's options).
    if (!verb_app) {
        const CLI::Option* file = app.get_option_no_throw("file");
        if (file && !file->results().empty())
            if (auto line = unknown_verb_error(app, file->results().front()); !line.empty()) return line;
    }
    // A word the parser had no place for is named first, whatever CLI11 refused: an option typed
    // wrong is often why a required one seems missing ("-output x.png": --output is required).
    std::vector<std::string> extras = at.remaining(false);
    if (extras.empty()) extras = app.remaining(true);
    if (!extras.empty()) return prefix + describe_extra(app, at, verb, extras.front());
    if (dynamic_cast<const CLI::RequiredError*>(&e))
        return prefix + describe_required(at, one_line(e.what()));
    const std::string what = one_line(e.what());
    // A check's refusal, "--fov: '0.5': must be ...", in the form the verbs' own refusals have
    // ("--clip 'nosuch': no clip of that name"): the option and its value, then why.
    if (dynamic_cast<const CLI::ValidationError*>(&e) && what.rfind("-", 0) == 0) {
        const size_t at_value = what.find(": '");
        if (at_value != std::string::npos)
            return prefix + what.substr(0, at_value) + " " + what.substr(at_value + 2);
    }
    // "--time: 1 required FLOAT:>=0 missing": the option came last, without its value.
    const std::string tail = " missing";
    if (dynamic_cast<const CLI::ArgumentMismatch*>(&e) && what.find(" required ") != std::string::npos &&
        what.size() > tail.size() && what.compare(what.size() - tail.size(), tail.size(), tail) == 0)
        return prefix + what.substr(0, what.find(": ")) + ": needs a value";
    return prefix + what;
}

}  // namespace sv::viewer
