#!/usr/bin/env python3
"""Serves a folder on 127.0.0.1 for skinview's page (scripts/web.sh, the browser test).

    web-serve.py [--port N] FOLDER      N = 0 picks a free port; the first line printed is the URL

Python's own http.server, with what the page needs: .wasm served as application/wasm (the
browser compiles it while it streams only then), and gzip for a client that accepts it, so what the
transfer figures report is what a compressing server sends (each body compressed once, as a server
of precompressed files sends it); any origin may fetch (a ?file=URL
on another local port).
"""
import argparse
import functools
import gzip
import http.server
import io
import os
import sys
import threading


COMPRESSED = (".wasm", ".js", ".data", ".html", ".glb", ".gltf", ".bin")

# Each file's gzip body, made once and kept while the file is unchanged, as a server of
# precompressed files (nginx's gzip_static) sends it. Compressed on every request, the 3 MB wasm
# took 0.27 s of Python's gzip before its first byte left, and the page's first frame paid that.
_gzipped = {}
_gzipped_lock = threading.Lock()


def gzipped(path):
    path = os.path.realpath(path)
    st = os.stat(path)
    key = (path, st.st_mtime_ns, st.st_size)
    with _gzipped_lock:
        body = _gzipped.get(key)
    if body is None:
        with open(path, "rb") as f:
            body = gzip.compress(f.read(), compresslevel=6)
        with _gzipped_lock:
            for old in [k for k in _gzipped if k[0] == path]:  # an earlier version of the file
                del _gzipped[old]
            _gzipped[key] = body
    return body


class Handler(http.server.SimpleHTTPRequestHandler):
    extensions_map = dict(http.server.SimpleHTTPRequestHandler.extensions_map,
                          **{".wasm": "application/wasm", ".js": "text/javascript", ".data": "application/octet-stream"})

    def end_headers(self):
        # ?file=URL may name a file another local server serves (tests/web/page_figures.js).
        self.send_header("Access-Control-Allow-Origin", "*")
        self.send_header("Timing-Allow-Origin", "*")  # its transferred size counts in the figures
        super().end_headers()

    def log_message(self, format, *args):  # quiet: the test's output is the page's, not the server's
        pass

    def send_head(self):
        path = self.translate_path(self.path)
        if (os.path.isfile(path) and "gzip" in self.headers.get("Accept-Encoding", "")
                and path.endswith(COMPRESSED)):
            body = gzipped(path)
            self.send_response(200)
            self.send_header("Content-Type", self.guess_type(path))
            self.send_header("Content-Encoding", "gzip")
            self.send_header("Content-Length", str(len(body)))
            self.end_headers()
            return io.BytesIO(body)
        return super().send_head()


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--port", type=int, default=8080)
    parser.add_argument("folder")
    args = parser.parse_args()
    handler = functools.partial(Handler, directory=args.folder)
    # The folder's own files are compressed before the URL is printed, so that no first request
    # waits for it (a file another request changes later is compressed again when asked for).
    for name in sorted(os.listdir(args.folder)):
        path = os.path.join(args.folder, name)
        if os.path.isfile(path) and name.endswith(COMPRESSED):
            gzipped(path)
    server = http.server.ThreadingHTTPServer(("127.0.0.1", args.port), handler)
    print(f"http://127.0.0.1:{server.server_address[1]}/", flush=True)
    try:
        server.serve_forever()
    except KeyboardInterrupt:
        pass
    return 0


if __name__ == "__main__":
    sys.exit(main())
