#!/usr/bin/env node
// skinview's page against the Khronos glTF Sample Viewer's renderer (issue #47, docs/benchmarks.md):
// both in the same headless Chromium (Debian's, SwiftShader WebGL 2) and run, at 1280x720, for the
// built-in character and CesiumMan: page load (navigation start) to the first frame that shows the
// file, the mean frame time over 300 frames after it (tests/web/page_figures.js measures both
// pages alike), what was transferred (gzip where the client accepts it, as both servers here
// serve), and skinview's figures over the Khronos viewer's.
//
//   node tests/web/page_benchmark.js BUILD_WEB CESIUMMAN_GLB NATIVE_SKINVIEW
//
// The Khronos page is @khronosgroup/gltf-viewer (the copy tests/khronos_reference pins), as its
// Sample Viewer app drives it: a WebGL 2 canvas with the browser's default context (antialiased),
// an environment prefiltered on load (skinview's own sky, `skinview write-sky`, the HDR the
// project's Khronos harness uses), the file's first animation playing, the camera fitted to the
// scene. The prefilter is the harness's reduced one (check-references.sh: a 128 cube, 512 GGX,
// 1024 Lambertian, 64 Charlie samples, 256^2 LUTs), since 1.1.0's own takes minutes of SwiftShader
// on a loaded two-core machine; KHRONOS_IBL=full keeps 1.1.0's (its first frame then holds those
// minutes). Not a test: it prints figures and fails only when a page does not show its file.
"use strict";
const fs = require("fs");
const os = require("os");
const path = require("path");
const http = require("http");
const zlib = require("zlib");
const { spawnSync } = require("child_process");
const { measure, drainGpu, serve, startGpuProcess, puppeteer, CHROMIUM_ARGS, FRAMES } = require("./page_figures");

const root = path.resolve(__dirname, "..", "..");
// SKINVIEW_BENCH_ROUNDS: loads of each page for the first frame's median (default 5).
const ROUNDS = Math.max(1, Number(process.env.SKINVIEW_BENCH_ROUNDS || 5));
const [, , buildArg, cesiumArg, nativeArg] = process.argv;
if (!buildArg || !cesiumArg || !nativeArg) {
  console.error("usage: page_benchmark.js BUILD_WEB CESIUMMAN_GLB NATIVE_SKINVIEW");
  process.exit(2);
}
const modules = path.join(root, "tests", "khronos_reference", "node_modules");
const dist = path.join(modules, "@khronosgroup", "gltf-viewer", "dist");
const sheenTable = path.join(modules, "khronos-gltf-viewer-1.0.10", "dist", "assets", "lut_sheen_E.png");

// The reduced prefilter, as tests/khronos_reference/harness.js --ibl makes it.
function khronosModule() {
  let text = fs.readFileSync(path.join(dist, "gltf-viewer.module.js"), "utf8");
  if (process.env.KHRONOS_IBL === "full") return text;
  for (const [from, to] of [["this.textureSize = 256;", "this.textureSize = 128;"],
    ["this.ggxSampleCount = 1024;", "this.ggxSampleCount = 512;"],
    ["this.lambertianSampleCount = 2048;", "this.lambertianSampleCount = 1024;"],
    ["this.lutResolution = 1024;", "this.lutResolution = 256;"]]) {
    if (!text.includes(from)) throw new Error("the module has no '" + from + "' (another renderer version?)");
    text = text.replace(from, to);
  }
  return text;
}

const PAGE = `<!doctype html><html><head><meta charset="utf-8"><title>Khronos</title></head>
<body style="margin:0;overflow:hidden"><canvas id="c" style="display:block;width:100vw;height:100vh"></canvas>
<script src="viewer/libs/libktx.js"></script>
<script type="module">
import { GltfView } from "./viewer/gltf-viewer.module.js";
const canvas = document.getElementById("c");
canvas.width = innerWidth; canvas.height = innerHeight;
const gl = canvas.getContext("webgl2");
const view = new GltfView(gl);
const loader = view.createResourceLoader(undefined, undefined, "./viewer/libs/");
const state = view.createState();
state.environment = await loader.loadEnvironment("env/sky.hdr", { lut_sheen_E_file: "assets/lut_sheen_E.png" });
state.gltf = await loader.loadGltf(new URLSearchParams(location.search).get("model"));
state.sceneIndex = state.gltf.scene === undefined ? 0 : state.gltf.scene;
state.userCamera.resetView(state.gltf, state.sceneIndex);
if (state.gltf.animations && state.gltf.animations.length) { state.animationIndices = [0]; state.animationTimer.start(); }
window.__khronosOpen = true;
const frame = () => { view.renderFrame(state, canvas.width, canvas.height); requestAnimationFrame(frame); };
requestAnimationFrame(frame);
</script></body></html>`;

function serveKhronos(models, sky) {
  const moduleText = khronosModule();
  const types = { ".js": "text/javascript", ".wasm": "application/wasm", ".glb": "model/gltf-binary", ".png": "image/png" };
  const gzipped = new Map();
  const server = http.createServer((req, res) => {
    const url = decodeURIComponent(req.url.split("?")[0]);
    let body, type = "application/octet-stream";
    if (url === "/" || url === "/index.html") { body = Buffer.from(PAGE); type = "text/html"; }
    else if (url === "/viewer/gltf-viewer.module.js") { body = Buffer.from(moduleText); type = "text/javascript"; }
    else if (url.startsWith("/viewer/libs/")) body = fs.readFileSync(path.join(dist, "libs", path.basename(url)));
    else if (url === "/assets/lut_sheen_E.png") body = fs.readFileSync(sheenTable);
    else if (url === "/env/sky.hdr") body = fs.readFileSync(sky);
    else if (url.startsWith("/model/") && models[path.basename(url)]) body = fs.readFileSync(models[path.basename(url)]);
    if (!body) { res.writeHead(404); res.end(); return; }
    type = types[path.extname(url)] || type;
    const headers = { "Content-Type": type, "Cache-Control": "no-store" };
    // Each body compressed once, as scripts/web-serve.py serves skinview's page (a server of
    // precompressed files): neither page's time holds its server's compression.
    if (/\bgzip\b/.test(req.headers["accept-encoding"] || "")) {
      if (!gzipped.has(url)) gzipped.set(url, zlib.gzipSync(body, { level: 6 }));
      body = gzipped.get(url);
      headers["Content-Encoding"] = "gzip";
    }
    res.writeHead(200, headers);
    res.end(body);
  });
  return new Promise((resolve) => server.listen(0, "127.0.0.1", () => resolve(server)));
}

async function main() {
  const build = path.resolve(buildArg), cesium = path.resolve(cesiumArg);
  const builtin = path.join(root, "assets", "humanoid.glb");
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), "skinview-bench-"));
  const sky = path.join(tmp, "sky.hdr");
  const w = spawnSync(path.resolve(nativeArg), ["write-sky", "-o", sky, "--size", "1024x512"], { encoding: "utf8" });
  if (w.status !== 0) throw new Error("write-sky failed: " + w.stderr);
  const site = await serve(build);
  const files = await serve(path.dirname(cesium));
  const khronos = await serveKhronos({ [path.basename(cesium)]: cesium, "humanoid.glb": builtin }, sky);
  const kurl = `http://127.0.0.1:${khronos.address().port}/index.html?model=`;
  const browser = await puppeteer.launch({ executablePath: process.env.CHROMIUM || "/usr/bin/chromium", headless: true,
    args: CHROMIUM_ARGS, protocolTimeout: 1800000 });
  const fmt = (r) => `first frame ${(r.first / 1000).toFixed(2)} s, mean frame ${r.mean.toFixed(1)} ms, ` +
    `${(r.bytes / 1048576).toFixed(2)} MiB`;
  try {
    console.log(`Chromium ${await browser.version()}, SwiftShader, 1280x720, first frame: median of ${ROUNDS} loads, ` +
                `mean frame: ${FRAMES} frames; ` +
                `Khronos prefilter: ${process.env.KHRONOS_IBL === "full" ? "1.1.0's own" : "reduced (the harness's)"}; ` +
                `load average ${os.loadavg().map((x) => x.toFixed(1)).join(" ")}`);
    // Before either page is timed (page_figures.js): the first page timed, skinview's, used to pay
    // for starting the browser's GPU process alone.
    await startGpuProcess(browser);
    const jobs = [["built-in character", site.url, "humanoid.glb"],
      ["CesiumMan", site.url + "?file=" + encodeURIComponent(files.url + path.basename(cesium)), path.basename(cesium)]];
    // One untimed load of each page first, so that each server has compressed what it serves
    // (web-serve.py compresses its folder on start, the Khronos server each file on first request).
    const warm = async (url, opened) => {
      const context = await browser.createBrowserContext();
      const page = await context.newPage();
      await page.goto(url);
      await page.waitForFunction(opened, { timeout: 600000, polling: 200 });
      await drainGpu(page);  // as measure(): nothing left queued for the next page
      await context.close();
    };
    for (const [, url, name] of jobs) {
      await warm(url, `document.title.endsWith("/${name}")`);
      await warm(kurl + "model/" + name, "window.__khronosOpen === true");
    }
    // The first frame moves by 0.3 s or more from one load to the next on this machine, as much as
    // the figures compared: ROUNDS loads of each page, alternating which goes first, and the median.
    // The mean frame is from one 300-frame run of each after them.
    const median = (xs) => { const v = [...xs].sort((a, b) => a - b); return v[v.length >> 1]; };
    const spread = (xs) => `${(Math.min(...xs) / 1000).toFixed(2)} to ${(Math.max(...xs) / 1000).toFixed(2)} s`;
    for (const [label, url, name] of jobs) {
      const firsts = { s: [], k: [] }, queued = { s: [], k: [] };
      for (let r = 0; r < ROUNDS; ++r) {
        const order = r % 2 === 0 ? ["s", "k"] : ["k", "s"];
        for (const who of order) {
          const m = who === "s" ? await measure(browser, url, name, undefined, 2)
                                : await measure(browser, kurl + "model/" + name, name, "window.__khronosOpen === true", 2);
          firsts[who].push(m.first);
          queued[who].push(m.queued);
        }
      }
      const s = await measure(browser, url, name);
      const k = await measure(browser, kurl + "model/" + name, name, "window.__khronosOpen === true");
      s.first = median(firsts.s);
      k.first = median(firsts.k);
      const sq = median(queued.s), kq = median(queued.k);
      console.log(`${label}: skinview ${fmt(s)} (first frames ${spread(firsts.s)}; queued at ${(sq / 1000).toFixed(2)} s)`);
      console.log(`${label}: Khronos  ${fmt(k)} (first frames ${spread(firsts.k)}; queued at ${(kq / 1000).toFixed(2)} s)`);
      console.log(`${label}: skinview / Khronos: first frame ${(s.first / k.first).toFixed(2)}x ` +
                  `(queued ${(sq / kq).toFixed(2)}x), mean frame ${(s.mean / k.mean).toFixed(2)}x, ` +
                  `transferred ${(s.bytes / k.bytes).toFixed(2)}x`);
    }
    console.log(`load average after: ${os.loadavg().map((x) => x.toFixed(1)).join(" ")}`);
  } finally {
    await browser.close();
    site.p.kill();
    files.p.kill();
    khronos.close();
    fs.rmSync(tmp, { recursive: true, force: true });
  }
}

main().catch((e) => { console.error(e); process.exit(1); });
