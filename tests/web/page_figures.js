#!/usr/bin/env node
// The page's figures (docs/web.md, "Figures"): for the built-in character and for a FILE given as
// ?file= (served from its own folder), in Debian's headless Chromium with SwiftShader at 1280x720:
// page load (navigation start) to the first frame drawn with the file open, the mean frame time
// over 300 frames after it, and what was transferred (compressed as scripts/web-serve.py serves it,
// headers included: the resource timing's transferSize).
//
//   node tests/web/page_figures.js BUILD_WEB [FILE]
//
// A frame is one requestAnimationFrame callback returning (emscripten's main loop runs one viewer
// frame in each); the first frame counted is the first that returns after the viewer set the
// title to the file it opened, timed once a one-pixel read shows the GPU has run it (and, beside
// it, when that frame's script returned, its commands queued). Not a test: it prints figures and fails only when the page does not
// open the file.
"use strict";
const fs = require("fs");
const path = require("path");
const { spawn } = require("child_process");
const root = path.resolve(__dirname, "..", "..");
const puppeteer = require(path.join(root, "tests", "khronos_reference", "node_modules", "puppeteer-core"));
const FRAMES = 300;
const CHROMIUM_ARGS = ["--no-sandbox", "--use-angle=swiftshader", "--enable-unsafe-swiftshader", "--ignore-gpu-blocklist",
  "--disable-gpu-sandbox", "--window-size=1280,720"];

function serve(folder) {
  return new Promise((resolve, reject) => {
    const p = spawn("python3", [path.join(root, "scripts", "web-serve.py"), "--port", "0", folder],
                    { stdio: ["ignore", "pipe", "inherit"] });
    p.stdout.once("data", (d) => resolve({ url: d.toString().trim(), p }));
    p.once("error", reject);
  });
}

// `opened(name)`, evaluated in the page after each frame: true from the first frame that shows the
// file (skinview: the title names it; page_benchmark.js passes the Khronos page's own flag).
// Waits until the GPU has run every command the page's canvas queued (a one-pixel read), so that
// nothing is left for the next page timed: the GPU process is shared by every context.
async function drainGpu(page) {
  await page.evaluate(() => {
    const gl = document.querySelector("canvas").getContext("webgl2");
    if (gl) gl.readPixels(0, 0, 1, 1, gl.RGBA, gl.UNSIGNED_BYTE, new Uint8Array(4));
  });
}

// `frames`: how many frames after the first to time (the mean frame's); a first frame alone needs few.
async function measure(browser, url, name, opened = "document.title.endsWith('/' + name)", frames = FRAMES) {
  // A context of its own: nothing cached from the run before (neither the files nor the compiled wasm).
  const context = await browser.createBrowserContext();
  const page = await context.newPage();
  await page.setViewport({ width: 1280, height: 720 });
  await page.evaluateOnNewDocument((name, frames, opened) => {
    window.__frames = [];
    window.__opened = null;
    const isOpen = new Function("name", "return " + opened);
    const raf = window.requestAnimationFrame.bind(window);
    window.requestAnimationFrame = (cb) => raf((t) => {
      cb(t);
      if (window.__opened === null && isOpen(name)) {
        // Two times for the first frame: when its script returned (the frame's commands queued),
        // and when the GPU has run them, which a one-pixel read waits for. The second is when the
        // picture can be on screen: a page that queues heavy GPU work before its first frame (the
        // Khronos page's prefilter) shows nothing until that work is done.
        window.__queued = performance.now();
        const gl = document.querySelector("canvas").getContext("webgl2");
        if (gl) gl.readPixels(0, 0, 1, 1, gl.RGBA, gl.UNSIGNED_BYTE, new Uint8Array(4));
        window.__opened = performance.now();
      }
      if (window.__opened !== null && window.__frames.length <= frames) window.__frames.push(performance.now());
    });
  }, name, frames, opened);
  // SKINVIEW_TIMINGS=1: the page's ?timings, and its phase lines (the viewer's stderr) printed here.
  const timings = [];
  if (process.env.SKINVIEW_TIMINGS === "1") {
    url += (url.includes("?") ? "&" : "?") + "timings";
    page.on("console", (m) => { if (m.text().startsWith("skinview timings:")) timings.push(m.text()); });
  }
  await page.goto(url);
  await page.waitForFunction((n) => window.__frames.length > n, { timeout: 600000, polling: 500 }, frames);
  const r = await page.evaluate(() => {
    const f = window.__frames;
    const bytes = performance.getEntriesByType("navigation").concat(performance.getEntriesByType("resource"))
      .reduce((s, e) => s + e.transferSize, 0);
    // When each of the page's own files was asked for and had arrived (ms after navigation).
    const fetched = performance.getEntriesByType("resource")
      .filter((e) => /skinview\.(js|wasm|data)$/.test(e.name))
      .map((e) => ({ name: e.name.split("/").pop(), start: e.requestStart, end: e.responseEnd }));
    const marks = performance.getEntriesByType("mark").map((e) => ({ name: e.name, at: e.startTime }));
    return { first: f[0], queued: window.__queued, mean: (f[f.length - 1] - f[0]) / (f.length - 1), bytes, fetched,
             marks };
  });
  await drainGpu(page);
  await context.close();
  r.timings = timings;
  return r;
}

// The first WebGL context a browser makes starts its GPU process (SwiftShader): 2.1 s of the first
// page's time on this machine (its HTML parsed at 0.07 s, its script run at 2.2 s), against 0.1 s for
// a context after it. Started before any page is timed, so no page's figure holds it.
async function startGpuProcess(browser) {
  const context = await browser.createBrowserContext();
  const page = await context.newPage();
  await page.goto("data:text/html,<canvas></canvas>");
  const ok = await page.evaluate(() => !!document.querySelector("canvas").getContext("webgl2"));
  await context.close();
  if (!ok) throw new Error("this Chromium has no WebGL 2");
}

async function main() {
  const build = path.resolve(process.argv[2] || path.join(root, "build-web"));
  const file = process.argv[3] ? path.resolve(process.argv[3]) : null;
  const site = await serve(build);
  const files = file ? await serve(path.dirname(file)) : null;
  const browser = await puppeteer.launch({
    executablePath: process.env.CHROMIUM || "/usr/bin/chromium", headless: true, args: CHROMIUM_ARGS,
  });
  try {
    await startGpuProcess(browser);
    const jobs = [["built-in character", site.url, "humanoid.glb"]];
    if (file) jobs.push([path.basename(file), site.url + "?file=" + encodeURIComponent(files.url + path.basename(file)),
                         path.basename(file)]);
    for (const [label, url, name] of jobs) {
      const r = await measure(browser, url, name);
      console.log(`${label}: first frame ${(r.first / 1000).toFixed(2)} s after navigation (its commands queued at ` +
                  `${(r.queued / 1000).toFixed(2)} s), mean frame ` +
                  `${r.mean.toFixed(1)} ms over ${FRAMES} frames, ${(r.bytes / 1048576).toFixed(2)} MiB transferred`);
      if (r.timings.length) {
        for (const f of r.fetched)
          console.log(`  ${f.name}: asked for at ${(f.start / 1000).toFixed(2)} s, arrived at ${(f.end / 1000).toFixed(2)} s`);
        for (const m of r.marks) console.log(`  ${m.name} at ${(m.at / 1000).toFixed(2)} s`);
        for (const line of r.timings) console.log("  " + line);
      }
    }
  } finally {
    await browser.close();
    site.p.kill();
    if (files) files.p.kill();
  }
}

module.exports = { measure, drainGpu, serve, startGpuProcess, puppeteer, CHROMIUM_ARGS, FRAMES };
if (require.main === module) main().catch((e) => { console.error(e); process.exit(1); });
