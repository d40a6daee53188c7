#!/usr/bin/env node
// The page (scripts/web.sh, docs/web.md) in Debian's headless Chromium through puppeteer-core (the
// copy tests/khronos_reference pins; scripts/install-khronos-reference.sh installs it):
//
//   node tests/web/page_test.js BUILD_WEB SHARED_ASSETS       exit 0 pass, 1 fail, 77 skipped
//
// 1. the built-in character is drawn (the 3D view's upper middle is not background alone);
// 2. Xbot from SHARED_ASSETS, given through the file picker (which hands it to the canvas as a
//    drop), opens (the window title, which the viewer sets on every open, names it) and is drawn,
//    and the picture changed;
// 3. the same Xbot as a .gltf with a separate .bin, both given at once with the .bin first, opens
//    the .gltf (ui::OpenPanel::dropped_model) and is drawn;
// 4. the page logged no error: console errors, uncaught exceptions, failed requests and anything
//    the viewer wrote to stderr (emscripten prints it as console warnings);
// 5. a browser without WebGL 2 (--disable-webgl2) gets the page's message and no viewer.
// Each check has a control that must fail it: a page whose canvas is one flat colour is not
// "drawn", the viewer's own background corner is not "drawn", a title without the file's name is
// not "opened", a page that logs an error is caught by the same listener, and with WebGL 2 there is
// no message about it.
"use strict";
const fs = require("fs");
const os = require("os");
const path = require("path");
const { spawn } = require("child_process");

const SKIP = 77;
const here = __dirname;
const root = path.resolve(here, "..", "..");
const [, , buildArg, sharedArg] = process.argv;
const build = path.resolve(buildArg || path.join(root, "build-web"));
const shared = path.resolve(sharedArg || path.join(root, "..", "shared", "assets"));

function skip(why) {
  console.log("web.page: SKIPPED: " + why);
  process.exit(SKIP);
}
for (const f of ["index.html", "skinview.js", "skinview.wasm", "skinview.data"])
  if (!fs.existsSync(path.join(build, f))) skip(`${build}/${f} is missing: the page is not built (scripts/web.sh --build-only)`);
let puppeteer, decode;
try {
  const modules = path.join(root, "tests", "khronos_reference", "node_modules");
  puppeteer = require(path.join(modules, "puppeteer-core"));
  ({ decode } = require(path.join(modules, "fast-png")));
} catch (e) {
  skip("puppeteer-core is not installed (scripts/install-khronos-reference.sh installs it)");
}
const chromium = process.env.CHROMIUM || "/usr/bin/chromium";
if (!fs.existsSync(chromium)) skip(`${chromium} is missing (apt-get install chromium)`);
const xbot = path.join(shared, "Xbot.glb");
if (!fs.existsSync(xbot)) {
  // As the other tiers: a missing ../shared skips at a desk and fails under CI.
  if (process.env.CI) { console.log(`web.page: FAIL: ${xbot} is missing (CI is set)`); process.exit(1); }
  skip(`${xbot} is missing (the shared third-party assets)`);
}

const W = 1280, H = 720;
// The 3D view at 1280x720 (ui::compute_layout): the panels take x < 282 and x > 845 and the
// timeline y > 578. The character is framed in the view's middle, the floor grid in its lower half,
// so the upper middle is character or background; its top-left corner is background.
const MIDDLE = { x0: 512, x1: 768, y0: 36, y1: 288 };
const CORNER = { x0: 300, x1: 400, y0: 10, y1: 110 };
const BACKGROUND_AT = { x: 290, y: 4 };

let failures = 0;
function check(ok, what) {
  console.log((ok ? "ok   " : "FAIL ") + what);
  if (!ok) failures++;
}

// The share of `box`'s pixels farther than 30/255 in some channel from the background pixel.
function drawnShare(png, box) {
  const px = (x, y) => {
    const i = (y * png.width + x) * png.channels;
    return [png.data[i], png.data[i + 1], png.data[i + 2]];
  };
  const bg = px(BACKGROUND_AT.x, BACKGROUND_AT.y);
  let differ = 0, all = 0;
  for (let y = box.y0; y < box.y1; ++y)
    for (let x = box.x0; x < box.x1; ++x, ++all) {
      const p = px(x, y);
      if (Math.max(...p.map((v, c) => Math.abs(v - bg[c]))) > 30) differ++;
    }
  return differ / all;
}
// Drawn: at least 3% of the upper middle is not background (the built-in character and Xbot: about 30%).
const drawn = (png, box = MIDDLE) => drawnShare(png, box) >= 0.03;
// The share of pixels of `box` that differ between two pictures by more than 30/255.
function changedShare(a, b, box) {
  let n = 0, all = 0;
  for (let y = box.y0; y < box.y1; ++y)
    for (let x = box.x0; x < box.x1; ++x, ++all) {
      const i = (y * a.width + x) * a.channels;
      if ([0, 1, 2].some((c) => Math.abs(a.data[i + c] - b.data[i + c]) > 30)) n++;
    }
  return n / all;
}

// Xbot.glb as Xbot.gltf + Xbot.bin: the GLB's JSON chunk with its buffer pointed at the BIN chunk
// written beside it.
function splitGlb(glbPath, dir) {
  const glb = fs.readFileSync(glbPath);
  const jsonLength = glb.readUInt32LE(12);
  const json = JSON.parse(glb.subarray(20, 20 + jsonLength).toString("utf8"));
  const binStart = 20 + jsonLength;
  const binLength = glb.readUInt32LE(binStart);
  const stem = path.basename(glbPath, ".glb");
  json.buffers[0] = { byteLength: json.buffers[0].byteLength, uri: stem + ".bin" };
  fs.writeFileSync(path.join(dir, stem + ".bin"), glb.subarray(binStart + 8, binStart + 8 + binLength));
  fs.writeFileSync(path.join(dir, stem + ".gltf"), JSON.stringify(json));
  return [path.join(dir, stem + ".bin"), path.join(dir, stem + ".gltf")];
}

function serve(folder) {
  return new Promise((resolve, reject) => {
    const server = spawn("python3", [path.join(root, "scripts", "web-serve.py"), "--port", "0", folder],
                         { stdio: ["ignore", "pipe", "inherit"] });
    server.stdout.once("data", (d) => resolve({ url: d.toString().trim(), server }));
    server.once("error", reject);
  });
}

async function main() {
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), "skinview-web-"));
  // The controls' pages: a canvas of one flat colour (the viewer's background), and a page that
  // logs an error.
  fs.writeFileSync(path.join(tmp, "flat.html"),
    `<body style="margin:0"><canvas id="c" width="${W}" height="${H}"></canvas><script>
     const g = document.getElementById("c").getContext("2d"); g.fillStyle = "rgb(46,51,64)";
     g.fillRect(0, 0, ${W}, ${H});</script></body>`);
  fs.writeFileSync(path.join(tmp, "error.html"), `<script>console.error("control: an error")</script>`);
  const gltfFiles = splitGlb(xbot, tmp);

  const { url, server } = await serve(build);
  const controls = await serve(tmp);
  const browser = await puppeteer.launch({
    executablePath: chromium, headless: true,
    args: ["--no-sandbox", "--use-angle=swiftshader", "--enable-unsafe-swiftshader", "--ignore-gpu-blocklist",
      "--disable-gpu-sandbox", `--window-size=${W},${H}`],
  });
  try {
    const errors = [];
    const listen = (page) => {
      page.on("console", (m) => {
        if (m.type() === "error" || m.type() === "warn" || m.type() === "warning") errors.push(m.type() + ": " + m.text());
      });
      page.on("pageerror", (e) => errors.push("uncaught: " + e.message));
      page.on("requestfailed", (r) => errors.push("request failed: " + r.url()));
      page.on("response", (r) => { if (r.status() >= 400) errors.push(r.status() + " " + r.url()); });
    };
    const page = await browser.newPage();
    await page.setViewport({ width: W, height: H });
    listen(page);
    const shot = async () => decode(await page.screenshot({ type: "png" }));
    // The viewer sets the title on each open: "skinview - PATH".
    const opened = (title, name) => title.startsWith("skinview - ") && title.endsWith("/" + name);
    const waitOpened = async (name) => {
      await page.waitForFunction((n) => document.title.endsWith("/" + n), { timeout: 60000 }, name)
        .catch(() => {});
      // A few frames for the first draw of what was opened.
      await page.evaluate(() => new Promise((r) => { let n = 0; const f = () => (++n < 30 ? requestAnimationFrame(f) : r()); requestAnimationFrame(f); }));
      return page.title();
    };

    const t0 = Date.now();
    await page.goto(url);
    const builtinTitle = await waitOpened("humanoid.glb");
    console.log(`the built-in character opened after ${Date.now() - t0} ms`);
    check(opened(builtinTitle, "humanoid.glb"), `the built-in character opened (title "${builtinTitle}")`);
    check(!opened(builtinTitle, "Xbot.glb"), "control: that title does not read as Xbot opened");
    const builtin = await shot();
    console.log(`drawn share of the view's middle: ${drawnShare(builtin, MIDDLE).toFixed(3)}, of its corner: ${drawnShare(builtin, CORNER).toFixed(3)}`);
    check(drawn(builtin), "the built-in character is drawn");
    check(!drawn(builtin, CORNER), "control: the view's background corner does not read as drawn");

    const picker = await page.$("#picker");
    await picker.uploadFile(xbot);
    const xbotTitle = await waitOpened("Xbot.glb");
    check(opened(xbotTitle, "Xbot.glb"), `Xbot opened through the file picker (title "${xbotTitle}")`);
    const xbotShot = await shot();
    check(drawn(xbotShot), `Xbot is drawn (${drawnShare(xbotShot, MIDDLE).toFixed(3)} of the middle)`);
    const changed = changedShare(builtin, xbotShot, MIDDLE);
    check(changed >= 0.02, `the view changed from the built-in character to Xbot (${changed.toFixed(3)} of the middle)`);

    // The .bin first: a drop names its files in the order the picker lists them.
    await picker.uploadFile(...gltfFiles);
    const gltfTitle = await waitOpened("Xbot.gltf");
    check(opened(gltfTitle, "Xbot.gltf"), `the .gltf of a .gltf + .bin drop opened (title "${gltfTitle}")`);
    const gltfShot = await shot();
    check(drawn(gltfShot), `Xbot from .gltf + .bin is drawn (${drawnShare(gltfShot, MIDDLE).toFixed(3)} of the middle)`);

    check(errors.length === 0, "the page logged no error" + (errors.length ? ":\n  " + errors.join("\n  ") : ""));
    const status = await page.$eval("#status", (e) => e.textContent);
    check(!status.includes("WebGL 2"), `control: with WebGL 2 the page shows no message about it ("${status}")`);

    // The controls' pages, through the same listener and the same check.
    const flat = await browser.newPage();
    await flat.setViewport({ width: W, height: H });
    await flat.goto(controls.url + "flat.html");
    const flatShot = decode(await flat.screenshot({ type: "png" }));
    check(!drawn(flatShot), "control: a canvas of one flat colour does not read as drawn");
    const before = errors.length;
    const noisy = await browser.newPage();
    listen(noisy);
    await noisy.goto(controls.url + "error.html");
    await new Promise((r) => setTimeout(r, 200));
    check(errors.length > before, "control: a page that logs an error is caught by the listener");
    // A browser without WebGL 2: the page says so and loads no viewer.
    const bare = await puppeteer.launch({ executablePath: chromium, headless: true,
      args: ["--no-sandbox", "--disable-webgl2", `--window-size=${W},${H}`] });
    try {
      const p = await bare.newPage();
      const requested = [];
      p.on("request", (r) => requested.push(r.url()));
      await p.goto(url);
      await new Promise((r) => setTimeout(r, 500));
      const said = await p.$eval("#status", (e) => e.textContent);
      check(said.includes("no WebGL 2") && !requested.some((u) => u.endsWith("skinview.js")),
            `without WebGL 2 the page says so and loads no viewer ("${said}")`);
    } finally {
      await bare.close();
    }
  } finally {
    await browser.close();
    server.kill();
    controls.server.kill();
    fs.rmSync(tmp, { recursive: true, force: true });
  }
  console.log(failures ? `web.page: ${failures} check(s) failed` : "web.page: every check passed");
  return failures ? 1 : 0;
}

main().then((code) => process.exit(code), (e) => { console.log("web.page: FAIL: " + (e.stack || e)); process.exit(1); });
