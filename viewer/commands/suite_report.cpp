#include "suite_report.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <fstream>
#include <nlohmann/json.hpp>

namespace sv::viewer {

const char* outcome_name(EntryOutcome o) {
    switch (o) {
        case EntryOutcome::Pass:
            return "pass";
        case EntryOutcome::Fail:
            return "fail";
        case EntryOutcome::Error:
            return "error";
        case EntryOutcome::Blessed:
            return "blessed";
        case EntryOutcome::Skipped:
            return "skipped";
    }
    return "error";
}

namespace {

std::string xml_escape(const std::string& s) {
    std::string out;
    for (char c : s) {
        switch (c) {
            case '&':
                out += "&amp;";
                break;
            case '<':
                out += "&lt;";
                break;
            case '>':
                out += "&gt;";
                break;
            case '"':
                out += "&quot;";
                break;
            case '\'':
                out += "&#39;";
                break;
            default:
                out += c;
        }
    }
    return out;
}

// A negative control passes by failing its check; the report says which way it was expected.
std::string verdict(const EntryResult& r) {
    std::string v = outcome_name(r.outcome);
    if (r.entry && !r.entry->expect_match) v += " (negative control: expects a mismatch)";
    return v;
}

std::string detail(const EntryResult& r) {
    if (!r.compared) return r.message;
    return r.report.text();
}

// The JUnit failure's message: why the entry failed, on one line, as a CI server shows it beside the
// test's name. It used to be the outcome alone ("fail"), which every failing entry shared. A
// negative control fails by matching; any other entry by its image or its joints, whose figures
// are the first line of the report and whose first moved joint is the first structural difference.
std::string failure_reason(const EntryResult& r) {
    if (!r.compared) return r.message;
    if (r.entry && !r.entry->expect_match)
        return "negative control matched its golden (it expects a mismatch): image " +
               r.report.image.summary();
    std::string why = "image " + r.report.image.summary();
    if (!r.report.structure_failures.empty())
        why += "; " + std::to_string(r.report.structure_failures.size()) +
               " structural differences, the first: " + r.report.structure_failures.front();
    return why;
}

}  // namespace

std::string result_json_line(const EntryResult& r) {
    nlohmann::json j;
    j["name"] = r.entry ? r.entry->name : "";
    j["outcome"] = outcome_name(r.outcome);
    j["expect"] = r.entry && !r.entry->expect_match ? "mismatch" : "match";
    j["camera"] = r.camera;
    j["seconds"] = std::round(r.seconds * 1000.0) / 1000.0;
    if (r.compared) {
        const auto& im = r.report.image;
        j["match"] = r.report.match();
        j["differing_pixels"] = im.differing_pixels;
        j["footprint_pixels"] = im.footprint_pixels;
        j["footprint_fraction"] = im.footprint_fraction;
        j["max_channel_difference"] = im.max_channel_difference;
        j["sidecar_checked"] = r.report.sidecar_checked;
        j["structure_failures"] = r.report.structure_failures;
    } else {
        j["message"] = r.message;
    }
    j["actual"] = r.actual_image;
    j["diff"] = r.diff_image;
    return j.dump();
}

Status write_junit(const std::string& path, const std::string& suite_name,
                   const std::vector<EntryResult>& results) {
    long failures = 0, errors = 0;
    double total = 0.0;
    for (const auto& r : results) {
        failures += r.outcome == EntryOutcome::Fail;
        errors += r.outcome == EntryOutcome::Error;
        total += r.seconds;
    }
    std::ofstream f(path);
    if (!f) return make_error(path + ": cannot write the JUnit report");
    char head[256];
    std::snprintf(head, sizeof head,
                  "<testsuite name=\"%s\" tests=\"%zu\" failures=\"%ld\" errors=\"%ld\" time=\"%.3f\">\n",
                  xml_escape(suite_name).c_str(), results.size(), failures, errors, total);
    f << "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<testsuites>\n" << head;
    for (const auto& r : results) {
        char t[32];
        std::snprintf(t, sizeof t, "%.3f", r.seconds);
        f << "  <testcase classname=\"" << xml_escape(suite_name) << "\" name=\"" << xml_escape(r.entry->name)
          << "\" time=\"" << t << "\">";
        const std::string text = xml_escape(detail(r));
        if (r.outcome == EntryOutcome::Fail)
            f << "\n    <failure type=\"" << xml_escape(verdict(r)) << "\" message=\""
              << xml_escape(failure_reason(r)) << "\">" << text << "</failure>\n  ";
        else if (r.outcome == EntryOutcome::Error)
            f << "\n    <error message=\"" << xml_escape(r.message) << "\">" << text << "</error>\n  ";
        else
            f << "\n    <system-out>" << text << "</system-out>\n  ";
        f << "</testcase>\n";
    }
    f << "</testsuite>\n</testsuites>\n";
    return f ? ok_status() : make_error(path + ": write failed");
}

Status write_html_report(const std::string& path, const std::string& suite_name,
                         const std::vector<EntryResult>& results) {
    // Failures first, then in suite order: the page opens on what needs looking at.
    std::vector<const EntryResult*> order;
    for (const auto& r : results) order.push_back(&r);
    std::stable_sort(order.begin(), order.end(),
                     [](const EntryResult* a, const EntryResult* b) { return !a->passed() && b->passed(); });
    long failed = 0;
    for (const auto& r : results) failed += !r.passed();
    std::ofstream f(path);
    if (!f) return make_error(path + ": cannot write the HTML report");
    f << "<!DOCTYPE html>\n<html><head><meta charset=\"utf-8\"><title>skinview suite "
      << xml_escape(suite_name)
      << "</title>\n<style>\nbody{font-family:sans-serif;background:#1c1e22;color:#ddd;margin:1em}\n"
         ".entry{border:1px solid #444;margin:0 0 1em 0;padding:.5em}\n.fail{border-color:#d33}\n"
         ".fail h2{color:#f66}.pass h2{color:#6c6}\nh2{font-size:1.1em;margin:.2em 0}\n"
         "pre{white-space:pre-wrap;font-size:.85em}\nfigure{display:inline-block;margin:0 .5em 0 0}\n"
         "img{max-width:400px;border:1px solid "
         "#555;background:#000}\nfigcaption{font-size:.8em}\n</style></head>\n"
      << "<body>\n<h1>skinview suite " << xml_escape(suite_name) << "</h1>\n<p id=\"summary\">"
      << results.size() << " entries: " << results.size() - static_cast<size_t>(failed) << " passed, "
      << failed << " failed. Failures first.</p>\n";
    for (const EntryResult* r : order) {
        const bool ok = r->passed();
        f << "<div class=\"entry " << (ok ? "pass" : "fail") << "\" data-outcome=\""
          << outcome_name(r->outcome) << "\">\n<h2>" << xml_escape(r->entry->name) << ": "
          << xml_escape(verdict(*r)) << "</h2>\n";
        f << "<pre>" << xml_escape(detail(*r)) << "\ncamera " << xml_escape(r->camera) << ", "
          << r->entry->width << "x" << r->entry->height << ", " << xml_escape(r->entry->api) << ", file "
          << xml_escape(r->entry->file.empty() ? "(built-in character)" : r->entry->file) << "</pre>\n";
        const auto figure = [&](const std::string& img, const char* caption) {
            if (img.empty()) return;
            f << "<figure><img src=\"" << xml_escape(img) << "\" alt=\"" << caption << "\"><figcaption>"
              << caption << "</figcaption></figure>\n";
        };
        figure(r->golden_image, "golden");
        figure(r->actual_image, "actual");
        figure(r->diff_image, "diff (red: differs; grey: footprint)");
        f << "</div>\n";
    }
    // Says on the page whether every image loaded (a report whose images point nowhere is the
    // failure a person would meet), read by the headless-browser test from the DOM.
    f << "<script>window.addEventListener('load', function () {\n"
         "  var im = Array.prototype.slice.call(document.images);\n"
         "  var ok = im.filter(function (i) { return i.complete && i.naturalWidth > 0; }).length;\n"
         "  document.body.setAttribute('data-images-loaded', ok + '/' + im.length);\n"
         "});</script>\n";
    f << "</body></html>\n";
    return f ? ok_status() : make_error(path + ": write failed");
}

}  // namespace sv::viewer
