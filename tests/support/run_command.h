// Runs a command line, capturing its exit status, standard output and standard error separately.
#pragma once

#include <sys/wait.h>
#include <unistd.h>

#include <cstdio>
#include <fstream>
#include <sstream>
#include <string>

#include "test_paths.h"

namespace sv::test {

struct CommandResult {
    int status = -1;
    std::string out;
    std::string err;
};

inline std::string read_text(const std::string& path) {
    std::ifstream f(path);
    std::stringstream s;
    s << f.rdbuf();
    return s.str();
}

inline CommandResult run_command(const std::string& command) {
    // ctest runs test processes in parallel, each with its own counter: the pid keeps their
    // stderr files apart.
    static int counter = 0;
    const std::string err_path =
        (output_dir() / ("cmd_stderr_" + std::to_string(getpid()) + "_" + std::to_string(++counter) + ".txt"))
            .string();
    CommandResult r;
    FILE* p = popen((command + " 2>" + err_path).c_str(), "r");
    if (!p) return r;
    char buf[4096];
    size_t n;
    while ((n = fread(buf, 1, sizeof buf, p)) > 0) r.out.append(buf, n);
    const int raw = pclose(p);
    r.status = WIFEXITED(raw) ? WEXITSTATUS(raw) : -1;
    r.err = read_text(err_path);
    return r;
}

inline std::string quoted(const std::string& s) { return "'" + s + "'"; }

}  // namespace sv::test
