#!/usr/bin/env node
// Where the page's time goes up to its first picture, by function: Chromium's sampling profiler
// (the DevTools protocol's Profiler domain) over the page from navigation to the frame after the
// viewer names the opened file in its title, in headless Chromium with SwiftShader at 1280x720, the
// browser's GPU process started first (page_figures.js). Prints the functions with the most time of
// their own, and the most time with their callees. Not a test: a tool for docs/benchmarks.md.
//
//   SKINVIEW_WEB_PROFILING=1 scripts/web.sh --build-only    (the wasm keeps its functions' names)
//   node tests/web/page_profile.js build-web [FILE]
//
// What it cannot tell apart: a WebGL call that waits for the GPU process (a glGet* that needs the
// commands before it run, as SwiftShader draws them) counts as that call's own time.
"use strict";
const path = require("path");
const { serve, startGpuProcess, puppeteer, CHROMIUM_ARGS } = require("./page_figures");

const TOP = 25;

function summary(profile) {
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const parent = new Map();
  for (const n of profile.nodes) for (const c of n.children || []) parent.set(c, n.id);
  const sampled = new Map();
  profile.samples.forEach((id, i) => sampled.set(id, (sampled.get(id) || 0) + (profile.timeDeltas[i] || 0)));
  const own = new Map(), total = new Map();
  const name = (id) => byId.get(id).callFrame.functionName || "(anonymous)";
  for (const [id, us] of sampled) {
    own.set(name(id), (own.get(name(id)) || 0) + us);
    const seen = new Set();  // a recursive function counts once a sample
    for (let p = id; p !== undefined; p = parent.get(p)) {
      if (seen.has(name(p))) continue;
      seen.add(name(p));
      total.set(name(p), (total.get(name(p)) || 0) + us);
    }
  }
  // The glue between JS and wasm (invoke_*, dynCall_*, js-to-wasm) holds every callee: left out of
  // the totals, which would otherwise list it above what it calls.
  const glue = /^(invoke_|dynCall|legalstub|legalfunc|js-to-wasm|wasm-to-js|Module\.dynCall)/;
  const rows = (m) => [...m.entries()].filter(([n]) => !glue.test(n)).sort((a, b) => b[1] - a[1]).slice(0, TOP)
    .map(([n, us]) => `${(us / 1000).toFixed(0).padStart(7)} ms  ${n.slice(0, 120)}`);
  return { own: rows(own), total: rows(total) };
}

async function main() {
  const build = path.resolve(process.argv[2] || path.join(__dirname, "..", "..", "build-web"));
  const file = process.argv[3] ? path.resolve(process.argv[3]) : null;
  const site = await serve(build);
  const files = file ? await serve(path.dirname(file)) : null;
  const name = file ? path.basename(file) : "humanoid.glb";
  const url = file ? site.url + "?file=" + encodeURIComponent(files.url + name) : site.url;
  const browser = await puppeteer.launch({
    executablePath: process.env.CHROMIUM || "/usr/bin/chromium", headless: true, args: CHROMIUM_ARGS,
  });
  try {
    await startGpuProcess(browser);
    const context = await browser.createBrowserContext();
    const page = await context.newPage();
    await page.setViewport({ width: 1280, height: 720 });
    const cdp = await page.target().createCDPSession();
    await cdp.send("Profiler.enable");
    await cdp.send("Profiler.setSamplingInterval", { interval: 200 });  // microseconds
    await cdp.send("Profiler.start");
    const t0 = Date.now();
    await page.goto(url);
    await page.waitForFunction((n) => document.title.endsWith("/" + n), { timeout: 600000, polling: 20 }, name);
    await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => r())));
    const { profile } = await cdp.send("Profiler.stop");
    console.log(`${name}: profiled ${((Date.now() - t0) / 1000).toFixed(2)} s, from navigation to the frame after ` +
                "the title named the file");
    const s = summary(profile);
    console.log("own time:");
    for (const r of s.own) console.log(r);
    console.log("with callees:");
    for (const r of s.total) console.log(r);
    await context.close();
  } finally {
    await browser.close();
    site.p.kill();
    if (files) files.p.kill();
  }
}

main().catch((e) => { console.error(e); process.exit(1); });
