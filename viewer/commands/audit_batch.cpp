// skinview audit over many files: folders searched recursively, -j workers, a progress bar on a
// terminal, --jsonl streamed as each file finishes, --junit for CI servers, --shard K/N to split a
// library across machines. Each file's audit is independent of every other (audit_file.h), which is
// all the parallelism and the sharding rest on.
#include <unistd.h>

#include <algorithm>
#include <atomic>
#include <cctype>
#include <chrono>
#include <condition_variable>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <mutex>
#include <optional>
#include <thread>

#include "audit_file.h"
#include "commands.h"

namespace sv::viewer {

namespace {

namespace fs = std::filesystem;
using Clock = std::chrono::steady_clock;

bool is_gltf_name(const fs::path& p) {
    std::string ext = p.extension().string();
    std::transform(ext.begin(), ext.end(), ext.begin(),
                   [](unsigned char ch) { return static_cast<char>(std::tolower(ch)); });
    // A .vrm is a .glb by another name (VRM 0.x and 1.0 avatars). A .vrma is not listed: it is a
    // VRM Animation, which opens only as a character's retarget source, never as a file to audit
    // (viewer/session/scene_session.cpp refuses it as the main file).
    return ext == ".gltf" || ext == ".glb" || ext == ".vrm";
}

// Folders become their .gltf, .glb and .vrm files, recursively and sorted (so every run, and every
// shard, lists them in the same order); anything else is kept as given and fails in the audit when
// it is not a file. A folder with none of them is named in `empty`: a run that audits nothing must
// not pass as if everything had.
std::vector<std::string> expand_paths(const std::vector<std::string>& args, std::string& empty) {
    std::vector<std::string> out;
    for (const std::string& a : args) {
        std::error_code ec;
        if (!fs::is_directory(a, ec)) {
            out.push_back(a);
            continue;
        }
        std::vector<std::string> found;
        for (auto it = fs::recursive_directory_iterator(a, fs::directory_options::skip_permission_denied, ec);
             !ec && it != fs::recursive_directory_iterator(); it.increment(ec))
            if (it->is_regular_file(ec) && is_gltf_name(it->path()))
                found.push_back(it->path().generic_string());
        if (found.empty() && empty.empty()) empty = a;
        std::sort(found.begin(), found.end());
        out.insert(out.end(), found.begin(), found.end());
    }
    return out;
}

// FNV-1a, 64 bits: fixed by its definition, so a shard assignment never changes between builds,
// machines or releases (std::hash promises none of that).
std::uint64_t fnv1a(const std::string& s) {
    std::uint64_t h = 1469598103934665603ull;
    for (unsigned char ch : s) {
        h ^= ch;
        h *= 1099511628211ull;
    }
    return h;
}

bool parse_shard(const std::string& s, int* k, int* n) {
    const size_t slash = s.find('/');
    if (slash == std::string::npos) return false;
    try {
        size_t a = 0, b = 0;
        *k = std::stoi(s.substr(0, slash), &a);
        *n = std::stoi(s.substr(slash + 1), &b);
        if (a != slash || b != s.size() - slash - 1) return false;
    } catch (...) {
        return false;
    }
    return *n >= 1 && *k >= 1 && *k <= *n;
}

std::string xml_escape(const std::string& s) {
    std::string o;
    for (char ch : s) switch (ch) {
            case '&':
                o += "&amp;";
                break;
            case '<':
                o += "&lt;";
                break;
            case '>':
                o += "&gt;";
                break;
            case '"':
                o += "&quot;";
                break;
            case '\'':
                o += "&apos;";
                break;
            default:
                // XML 1.0 cannot carry most control characters, even escaped.
                if (static_cast<unsigned char>(ch) < 0x20 && ch != '\n' && ch != '\t')
                    o += '?';
                else
                    o += ch;
        }
    return o;
}

bool write_junit(const std::string& path, const std::vector<FileAudit>& audits,
                 const std::vector<double>& seconds) {
    std::ofstream f(path);
    if (!f) return false;
    size_t failures = 0;
    double total = 0.0;
    for (size_t i = 0; i < audits.size(); ++i) {
        failures += audits[i].failed() ? 1 : 0;
        total += seconds[i];
    }
    char t[32];
    std::snprintf(t, sizeof t, "%.3f", total);
    f << "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
      << "<testsuites tests=\"" << audits.size() << "\" failures=\"" << failures << "\" time=\"" << t
      << "\">\n"
      << "  <testsuite name=\"skinview audit\" tests=\"" << audits.size() << "\" failures=\"" << failures
      << "\" errors=\"0\" skipped=\"0\" time=\"" << t << "\">\n";
    for (size_t i = 0; i < audits.size(); ++i) {
        const nlohmann::json& j = audits[i].json;
        std::snprintf(t, sizeof t, "%.3f", seconds[i]);
        f << "    <testcase classname=\"skinview.audit\" name=\"" << xml_escape(j["file"].get<std::string>())
          << "\" time=\"" << t << "\"";
        if (!audits[i].failed()) {
            f << "/>\n";
            continue;
        }
        // The type is the first failure's code (docs/findings.md): a CI server groups by it. The
        // body lists every failure with its code.
        std::string all, type;
        for (const auto& x : j["findings"])
            if (x["severity"] == "error") {
                if (type.empty()) type = x["code"].get<std::string>();
                all += x["code"].get<std::string>() + ": " + x["message"].get<std::string>() + "\n";
            }
        f << ">\n      <failure type=\"" << xml_escape(type) << "\" message=\""
          << xml_escape(j["failures"][0].get<std::string>()) << "\">" << xml_escape(all)
          << "</failure>\n    </testcase>\n";
    }
    f << "  </testsuite>\n</testsuites>\n";
    return static_cast<bool>(f);
}

// "[#########-----------] 120/400 files, 3 failed, 41.2 files/s, ETA 7s" on one rewritten line.
std::string progress_line(size_t done, size_t total, size_t failed, double elapsed) {
    constexpr int kWidth = 24;
    const int filled = total ? static_cast<int>(kWidth * done / total) : kWidth;
    std::string bar(static_cast<size_t>(filled), '#');
    bar.append(static_cast<size_t>(kWidth - filled), '-');
    // Under a quarter second the first files, started together, finish together: no rate yet.
    const bool measured = elapsed >= 0.25 || (done == total && elapsed > 0.0);
    const double rate = measured ? static_cast<double>(done) / elapsed : 0.0;
    char eta[32] = "ETA ?";
    if (rate > 0.0) {
        const long s = static_cast<long>(static_cast<double>(total - done) / rate + 0.5);
        std::snprintf(eta, sizeof eta, s >= 60 ? "ETA %ldm%02lds" : "ETA %lds", s >= 60 ? s / 60 : s, s % 60);
    }
    char buf[160];
    char rate_text[32] = "?";
    if (measured) std::snprintf(rate_text, sizeof rate_text, "%.1f", rate);
    std::snprintf(buf, sizeof buf, "[%s] %zu/%zu files, %zu failed, %s files/s, %s", bar.c_str(), done, total,
                  failed, rate_text, eta);
    return buf;
}

}  // namespace

int run_audit(const AuditArgs& args) {
    std::string empty_folder;
    std::vector<std::string> files = expand_paths(args.files, empty_folder);
    if (!empty_folder.empty()) {
        std::fprintf(stderr, "skinview audit: %s: no .gltf, .glb or .vrm file under it\n",
                     empty_folder.c_str());
        return 2;  // bad input: nothing to audit is not a pass
    }
    if (!args.shard.empty()) {
        int k = 0, n = 0;
        if (!parse_shard(args.shard, &k, &n)) {
            std::fprintf(stderr, "skinview audit: --shard '%s': expected K/N with 1 <= K <= N\n",
                         args.shard.c_str());
            return 2;  // a bad option (CONTRIBUTING)
        }
        files.erase(std::remove_if(files.begin(), files.end(),
                                   [&](const std::string& f) {
                                       return fnv1a(f) % static_cast<std::uint64_t>(n) !=
                                              static_cast<std::uint64_t>(k - 1);
                                   }),
                    files.end());
    }
    if (args.json && args.jsonl) {
        std::fprintf(stderr, "skinview audit: --json and --jsonl are two shapes of one report; choose one\n");
        return 2;
    }

    const size_t total = files.size();
    std::vector<std::optional<FileAudit>> results(total);
    std::vector<double> seconds(total, 0.0);
    std::vector<size_t> finished;  // indices in completion order, consumed by this thread
    std::mutex mu;
    std::condition_variable cv;
    std::atomic<size_t> next{0};
    const unsigned cores = std::max(1u, std::thread::hardware_concurrency());
    const size_t workers = std::min<size_t>(total, args.jobs > 0 ? static_cast<size_t>(args.jobs) : cores);
    std::vector<std::thread> pool;
    for (size_t w = 0; w < workers; ++w)
        pool.emplace_back([&] {
            for (size_t i; (i = next.fetch_add(1)) < total;) {
                const auto t0 = Clock::now();
                FileAudit a = audit_file(files[i], args.strict);
                const double s = std::chrono::duration<double>(Clock::now() - t0).count();
                std::lock_guard<std::mutex> lock(mu);
                results[i] = std::move(a);
                seconds[i] = s;
                finished.push_back(i);
                cv.notify_one();
            }
        });

    const bool bar = args.progress == 1 || (args.progress < 0 && total > 1 && isatty(STDERR_FILENO));
    const auto start = Clock::now();
    auto last_bar = start - std::chrono::seconds(1);
    size_t done = 0, failed = 0, printed = 0;
    // What this thread has taken from `finished`: a slot of `results` is read only after that, never
    // while a worker may be writing it.
    std::vector<bool> consumed(total, false);
    bool bar_shown = false;
    auto clear_bar = [&] {
        if (bar_shown) std::fprintf(stderr, "\r\033[K");
        bar_shown = false;
    };
    while (done < total) {
        std::vector<size_t> batch;
        {
            std::unique_lock<std::mutex> lock(mu);
            cv.wait(lock, [&] { return !finished.empty(); });
            batch.swap(finished);
        }
        for (size_t i : batch) {
            consumed[i] = true;
            const FileAudit& a = *results[i];
            ++done;
            failed += a.failed() ? 1 : 0;
            clear_bar();
            if (!a.loaded) {
                // The path once: the importer's messages already begin with it.
                const std::string error = a.json["error"].get<std::string>();
                if (error.rfind(files[i], 0) == 0)
                    std::fprintf(stderr, "skinview audit: %s\n", error.c_str());
                else
                    std::fprintf(stderr, "skinview audit: %s: %s\n", files[i].c_str(), error.c_str());
            }
            if (args.jsonl) {
                std::printf("%s\n", a.json.dump().c_str());
                std::fflush(stdout);
            }
        }
        // Text comes in the order the files were named, whatever order they finish in.
        if (!args.json && !args.jsonl)
            for (; printed < total && consumed[printed]; ++printed) print_text(results[printed]->json);
        std::fflush(stdout);
        const auto now = Clock::now();
        if (bar && (now - last_bar > std::chrono::milliseconds(100) || done == total)) {
            std::fprintf(
                stderr, "\r%s\033[K",
                progress_line(done, total, failed, std::chrono::duration<double>(now - start).count())
                    .c_str());
            std::fflush(stderr);
            bar_shown = true;
            last_bar = now;
        }
    }
    for (auto& t : pool) t.join();
    if (bar_shown) std::fprintf(stderr, "\n");

    std::vector<FileAudit> audits;
    audits.reserve(total);
    for (auto& r : results) audits.push_back(std::move(*r));
    if (args.json) {
        // As the glTF-Validator's report: who wrote it, in which shape, and the totals, before the
        // files. kAuditSchemaVersion moves when a field changes meaning or goes (docs/audit-json.md).
        long errors = 0, warnings = 0, infos = 0;
        for (const FileAudit& a : audits)
            for (const auto& x : a.json["findings"]) {
                const std::string sev = x["severity"].get<std::string>();
                errors += sev == "error", warnings += sev == "warning", infos += sev == "info";
            }
        nlohmann::json doc = {{"schema_version", kAuditSchemaVersion},
                              {"tool", {{"name", "skinview"}, {"version", args.tool_version}}},
                              {"counts",
                               {{"files", audits.size()},
                                {"failed", failed},
                                {"errors", errors},
                                {"warnings", warnings},
                                {"infos", infos}}},
                              {"files", nlohmann::json::array()}};
        for (const FileAudit& a : audits) doc["files"].push_back(a.json);
        std::printf("%s\n", doc.dump(2).c_str());
    }
    if (!args.junit.empty() && !write_junit(args.junit, audits, seconds)) {
        std::fprintf(stderr, "skinview audit: --junit '%s': cannot be written\n", args.junit.c_str());
        return 1;
    }
    return failed > 0 ? 1 : 0;
}

}  // namespace sv::viewer
