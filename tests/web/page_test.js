#!/usr/bin/env node
// The page (scripts/web.sh, docs/web.md) in Debian's headless Chromium through puppeteer-core (the
// copy tests/khronos_reference pins; scripts/install-khronos-reference.sh installs it):
//
//   node tests/web/page_test.js BUILD_WEB SHARED_ASSETS [NATIVE_SKINVIEW]   exit 0 pass, 1 fail, 77 skipped
//
// NATIVE_SKINVIEW (default: build/viewer/skinview) is the native executable the canvas is held against
// (8.); without it those checks are skipped, saying so, and fail under CI.
//
// 1. the built-in character is drawn (the 3D view's upper middle is not background alone);
// 2. Xbot from SHARED_ASSETS, given through the file picker (which hands it to the canvas as a
//    drop), opens (the window title, which the viewer sets on every open, names it) and is drawn,
//    and the picture changed;
// 3. the same Xbot as a .gltf with a separate .bin, both given at once with the .bin first, opens
//    the .gltf (ui::OpenPanel::dropped_model) and is drawn;
// 4. the page logged no error: console errors, uncaught exceptions, failed requests and anything
//    the viewer wrote to stderr (emscripten prints it as console warnings);
// 5. a browser without WebGL 2 (--disable-webgl2) gets the page's message and no viewer;
// 6. on Xbot, whose mesh node carries a 100x folded scale (a frame defect), the correction turns
//    off with its key C and back on with the Frame tab's checkbox, read from the frame-defect
//    panel's verdict lines in the ui log (the page's ?ui-log, tests/web/page_ui_log.js): the
//    figures and the state change each time, and come back as they were;
// 7. S and the Scene panel's Save are downloads (Chromium's download folder set through CDP): S's
//    is a PNG of the window with the character drawn, Save's a settings file; the settings file,
//    loaded back through the page's "Load settings" picker after the view was changed, gives the
//    view it was saved with (the camera line and the correction, from the ui log);
// 8. the canvas's 3D view against the native `render --api gles` of the same view, exported by the
//    page's Save: footprint pixels by `render --ref` with the GLES goldens' defaults, and joints
//    within a pixel of the native sidecar (tests/web/page_against_native.js);
// 9. meshopt, Draco and WebP files open and are drawn, as natively (checkCompressed below);
// 10. the first picture read the sky's tables the build wrote into the page's data, and computed
//    none (the viewer's phase lines, ?timings).
// Each check has a control that must fail it: a page whose canvas is one flat colour is not
// "drawn", the viewer's own background corner is not "drawn", a title without the file's name is
// not "opened", a page that logs an error is caught by the same listener, and with WebGL 2 there is
// no message about it; a key the viewer does not bind (J) and a click a row below the checkbox
// do not read as a toggle, by the same check that passes for C and the checkbox; J makes no
// download, by the same wait that sees S's; the view changed after the save is not the saved view,
// nor is the view a copy of the file with the camera turned 30 degrees loads.
"use strict";
const fs = require("fs");
const os = require("os");
const path = require("path");
const { spawn } = require("child_process");
const { UiLog } = require("./page_ui_log");
const { checkAgainstNative } = require("./page_against_native");

const SKIP = 77;
const here = __dirname;
const root = path.resolve(here, "..", "..");
const [, , buildArg, sharedArg, nativeArg] = process.argv;
const native = path.resolve(nativeArg || path.join(root, "build", "viewer", "skinview"));
const build = path.resolve(buildArg || path.join(root, "build-web"));
const shared = path.resolve(sharedArg || path.join(root, "..", "shared", "assets"));

function skip(why) {
  console.log("web.page: SKIPPED: " + why);
  process.exit(SKIP);
}
for (const f of ["index.html", "skinview.js", "skinview.wasm", "skinview.data"])
  if (!fs.existsSync(path.join(build, f))) skip(`${build}/${f} is missing: the page is not built (scripts/web.sh --build-only)`);
let puppeteer, decode, encode;
try {
  const modules = path.join(root, "tests", "khronos_reference", "node_modules");
  puppeteer = require(path.join(modules, "puppeteer-core"));
  ({ decode, encode } = require(path.join(modules, "fast-png")));
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

// The frame-defect panel's verdict lines ("frame tab: VERDICT", one a skinned mesh: its figures and
// whether the correction is on), not the checkbox's place, which is logged under the same prefix.
const verdicts = (log, mark) => log.since(mark, "frame tab: ").filter((l) => !l.startsWith("correction at "));
const correctionOff = (lines) => lines.some((l) => l.startsWith("not corrected (correction off)"));

// Does `act` toggle the correction? The verdict lines printed after it (a line is printed when it
// changes) must all be new, differ from `before`'s and say the other state; and the status line
// must have changed. Returns the verdict lines after, or undefined when it did not toggle.
async function toggles(log, frames, before, act) {
  const mark = log.mark();
  await act();
  await frames(12);
  const after = verdicts(log, mark);
  const status = log.since(mark, "status: ");
  const ok = after.length === before.length && after.every((l) => !before.includes(l)) &&
             correctionOff(after) !== correctionOff(before) && status.length > 0;
  return ok ? after : undefined;
}

// `opened`: the ui log's mark before Xbot was given, so that its lines are Xbot's alone.
async function checkCorrection(page, log, frames, opened) {
  const on = verdicts(log, opened);
  console.log(`Xbot's frame tab, correction on:\n  ${on.join("\n  ")}\n  status: ${log.last("status: ")}`);
  check(on.length > 0 && !correctionOff(on) && on.every((l) => / defect \S+ as given/.test(l)),
        "the frame tab's verdicts are in the ui log, with the correction on and their figures");
  // Keyboard events reach emscripten's GLFW on the window, whatever has the focus.
  const key = (k) => async () => { await page.keyboard.down(k); await frames(3); await page.keyboard.up(k); };
  check(await toggles(log, frames, on, key("KeyJ")) === undefined, "control: J, which nothing binds, does not toggle the correction");
  const off = await toggles(log, frames, on, key("KeyC"));
  check(off !== undefined, "C turns the correction off" + (off ? ":\n  " + off.join("\n  ") + "\n  status: " + log.last("status: ") : ""));
  const box = log.itemAt("frame tab", "correction");
  check(box !== undefined, `the ui log places the Frame tab's checkbox (${box ? box.x + " " + box.y : "no line"})`);
  if (!off || !box) return;
  // Held for a few frames: ImGui's GLFW backend also catches a shorter press, but a real click is not instant.
  const click = (x, y) => async () => {
    await page.mouse.move(x, y); await frames(2); await page.mouse.down(); await frames(3); await page.mouse.up();
  };
  check(await toggles(log, frames, off, click(box.x, box.y + 40)) === undefined,
        "control: a click 40 px below the checkbox does not toggle the correction");
  const back = await toggles(log, frames, off, click(box.x, box.y));
  check(back !== undefined && back.join("\n") === on.join("\n"),
        "the Frame tab's checkbox turns it back on, with the same figures as before" + (back ? "" : " (no toggle)"));
  return on.length;
}

// Files of `folder` ending in `ext` that were not there before `act`, once at least one has
// arrived whole (Chromium writes a .crdownload first) or `ms` have passed.
async function downloaded(folder, ext, act, ms) {
  const before = new Set(fs.readdirSync(folder));
  await act();
  const fresh = () => fs.readdirSync(folder).filter((f) => f.endsWith(ext) && !before.has(f));
  for (const t0 = Date.now(); Date.now() - t0 < ms && fresh().length === 0;) await new Promise((r) => setTimeout(r, 200));
  return fresh();
}

// Keys and clicks on the page, each held for a few frames, and what the checks share.
function driver(page, log, frames) {
  const h = { page, log, frames, check, downloaded, decode, encode, saves: 0 };
  h.key = (k) => async () => { await page.keyboard.down(k); await frames(3); await page.keyboard.up(k); };
  // An item where the ui log placed it (ImGui's own hit test, as the native window tests click).
  h.click = (what, label) => async () => {
    const at = log.itemAt(what, label);
    if (!at) throw new Error(`the ui log places no ${what} '${label}'`);
    await page.mouse.move(at.x, at.y); await frames(2); await page.mouse.down(); await frames(3); await page.mouse.up();
    if (what === "settings button" && label === "Save") h.saves++;
    await frames(10);
  };
  return h;
}

// Returns the settings file Save downloaded, parsed (undefined when none came).
async function checkUserFiles(h, meshes, downloads, tmp) {
  const { page, log, key, click, frames } = h;
  const cdp = await page.target().createCDPSession();
  await cdp.send("Browser.setDownloadBehavior", { behavior: "allow", downloadPath: downloads });

  check((await downloaded(downloads, "", key("KeyJ"), 3000)).length === 0, "control: J downloads nothing");
  const shots = await downloaded(downloads, ".png", key("KeyS"), 30000);
  let shot;
  try { shot = shots.length === 1 && decode(fs.readFileSync(path.join(downloads, shots[0]))); } catch (e) { shot = undefined; }
  check(shot && shot.width === W && shot.height === H && drawn(shot),
        `S downloads a ${W}x${H} PNG of the window with the character drawn (${shots.join(", ") || "nothing arrived"})`);

  // The view now: the orbit camera as the Scene panel prints it, and the correction from the
  // Frame tab's last verdict lines (one a skinned mesh).
  const view = () => ({ camera: log.last("camera: "), off: correctionOff(verdicts(log, 0).slice(-meshes)) });
  const near = (a, b) => a !== undefined && b !== undefined && a.split(",").length === 6 &&
    a.split(",").every((v, i) => Math.abs(Number(v) - Number(b.split(",")[i])) <= 1e-4 * Math.max(1, Math.abs(Number(v))));
  const same = (a, b) => near(a.camera, b.camera) && a.off === b.off;
  const show = (v) => `camera ${v.camera}, correction ${v.off ? "off" : "on"}`;

  // A view the page did not open with: the correction off, from the side.
  await key("KeyC")();
  await click("camera button", "Side")();
  const saved = view();
  const files = await downloaded(downloads, ".json", click("settings button", "Save"), 30000);
  let json;
  try { json = files.length === 1 && JSON.parse(fs.readFileSync(path.join(downloads, files[0]), "utf8")); } catch (e) { json = undefined; }
  check(json && json.correction === false && typeof json.camera === "object",
        `Save downloads the settings file, correction off and the orbit camera in it (${files.join(", ") || "nothing arrived"})`);
  if (!json) return undefined;
  // Out of the download folder: a later Save downloads the same name, which a file left there
  // would hide (Chromium writes over it).
  const savedFile = path.join(tmp, "saved_settings.json");
  fs.renameSync(path.join(downloads, files[0]), savedFile);

  await key("KeyC")();
  await click("camera button", "Front")();
  const changed = view();
  check(!same(saved, changed), `control: the view changed after the save (${show(changed)}) is not the saved one (${show(saved)})`);

  const settingsPicker = await page.$("#settings-picker");
  h.settingsPicker = settingsPicker;
  const turned = path.join(tmp, "turned_settings.json");
  fs.writeFileSync(turned, JSON.stringify({ ...json, camera: { ...json.camera, yaw: json.camera.yaw + 30 } }));
  await settingsPicker.uploadFile(turned);
  await frames(15);
  const other = view();
  check(!same(saved, other) && other.off === saved.off,
        `control: a copy with the camera turned 30 degrees loads (${show(other)}) and is not the saved view`);

  await settingsPicker.uploadFile(savedFile);
  await frames(15);
  const loaded = view();
  check(same(saved, loaded), `the downloaded settings file loads back the view it was saved with (${show(loaded)})`);
  return json;
}

// 9. Compressed files open on the page as natively (the decoders built from Debian's sources,
// scripts/web.sh): the built-in character's meshopt and Draco copies (tests/data/variants),
// CesiumMan's Draco .gltf with its .bin and JPEG from ../shared/khronos, and a quad whose only
// texture is WebP (EXT_texture_webp required), encoded by Chromium's own encoder. Each must open
// (the title) and be drawn; the quad must show its texture's colour, unlit. Control: Xbot's
// picture does not read as that colour. (A page built without the decoders refuses all four, and
// fails each of these checks.)
// Not fully saturated: lossy WebP stores colour as YUV 4:2:0, and rgb(220,30,190) came back with
// its green at 3.
const WEBP_RGB = [200, 80, 160];
function webpShare(png, box = MIDDLE) {
  let n = 0, all = 0;
  for (let y = box.y0; y < box.y1; ++y)
    for (let x = box.x0; x < box.x1; ++x, ++all) {
      const i = (y * png.width + x) * png.channels;
      if ([0, 1, 2].every((c) => Math.abs(png.data[i + c] - WEBP_RGB[c]) <= 24)) n++;
    }
  return n / all;
}
// A unit quad facing +Z, unlit and double-sided, its base colour the texture `image`.
function webpQuad(dir, stem, image) {
  const f32 = new Float32Array([-1, -1, 0, 1, -1, 0, 1, 1, 0, -1, 1, 0, 0, 1, 1, 1, 1, 0, 0, 0]);
  const u16 = new Uint16Array([0, 1, 2, 0, 2, 3]);
  const bin = Buffer.concat([Buffer.from(f32.buffer), Buffer.from(u16.buffer)]);
  const gltf = {
    asset: { version: "2.0" },
    extensionsUsed: ["EXT_texture_webp", "KHR_materials_unlit"],
    extensionsRequired: ["EXT_texture_webp"],
    buffers: [{ byteLength: bin.length, uri: "data:application/octet-stream;base64," + bin.toString("base64") }],
    bufferViews: [{ buffer: 0, byteOffset: 0, byteLength: 48 }, { buffer: 0, byteOffset: 48, byteLength: 32 },
                  { buffer: 0, byteOffset: 80, byteLength: 12 }],
    accessors: [{ bufferView: 0, componentType: 5126, count: 4, type: "VEC3", min: [-1, -1, 0], max: [1, 1, 0] },
                { bufferView: 1, componentType: 5126, count: 4, type: "VEC2" },
                { bufferView: 2, componentType: 5123, count: 6, type: "SCALAR" }],
    images: [{ uri: image }],
    samplers: [{}],
    textures: [{ sampler: 0, extensions: { EXT_texture_webp: { source: 0 } } }],
    materials: [{ doubleSided: true, extensions: { KHR_materials_unlit: {} },
                  pbrMetallicRoughness: { baseColorTexture: { index: 0 }, metallicFactor: 0 } }],
    meshes: [{ primitives: [{ attributes: { POSITION: 0, TEXCOORD_0: 1 }, indices: 2, material: 0 }] }],
    nodes: [{ mesh: 0 }],
    scenes: [{ nodes: [0] }],
    scene: 0,
  };
  const file = path.join(dir, stem + ".gltf");
  fs.writeFileSync(file, JSON.stringify(gltf));
  return file;
}
async function checkCompressed(page, picker, waitOpened, opened, shot, before, tmp) {
  const variants = path.join(root, "tests", "data", "variants");
  for (const name of ["humanoid_mixamo_meshopt.glb", "humanoid_mixamo_draco.glb"]) {
    await picker.uploadFile(path.join(variants, name));
    const title = await waitOpened(name);
    const picture = await shot();
    check(opened(title, name) && drawn(picture),
          `${name} opens and is drawn (title "${title}", ${drawnShare(picture, MIDDLE).toFixed(3)} of the middle)`);
  }
  const cesium = path.join(shared, "..", "khronos", "CesiumMan", "glTF-Draco");
  if (!fs.existsSync(path.join(cesium, "CesiumMan.gltf"))) {
    check(false, `${cesium}/CesiumMan.gltf is missing (the shared Khronos models)`);
  } else {
    await picker.uploadFile(...fs.readdirSync(cesium).map((f) => path.join(cesium, f)));
    const title = await waitOpened("CesiumMan.gltf");
    const picture = await shot();
    check(opened(title, "CesiumMan.gltf") && drawn(picture),
          `CesiumMan's Draco .gltf with its .bin and JPEG opens and is drawn (title "${title}", ` +
          `${drawnShare(picture, MIDDLE).toFixed(3)} of the middle)`);
  }
  // The texture, 64x64 of one colour, through Chromium's WebP encoder (lossy at quality 1).
  const webp = Buffer.from(await page.evaluate(async (rgb) => {
    const c = document.createElement("canvas"); c.width = 64; c.height = 64;
    const g = c.getContext("2d"); g.fillStyle = `rgb(${rgb.join(",")})`; g.fillRect(0, 0, 64, 64);
    const blob = await new Promise((r) => c.toBlob(r, "image/webp", 1));
    return Array.from(new Uint8Array(await blob.arrayBuffer()));
  }, WEBP_RGB));
  check(webp.subarray(0, 4).toString() === "RIFF" && webp.subarray(8, 12).toString() === "WEBP",
        `Chromium encoded the quad's texture as WebP (${webp.length} bytes)`);
  const webpDir = fs.mkdtempSync(path.join(tmp, "webp-"));
  fs.writeFileSync(path.join(webpDir, "quad.webp"), webp);
  const quad = webpQuad(webpDir, "webp_quad", "quad.webp");
  await picker.uploadFile(quad, path.join(webpDir, "quad.webp"));
  const title = await waitOpened("webp_quad.gltf");
  const picture = await shot();
  if (process.env.SKINVIEW_WEB_KEEP) fs.writeFileSync(path.join(tmp, "webp_quad.png"), encode(picture));
  check(opened(title, "webp_quad.gltf") && webpShare(picture) >= 0.3,
        `the WebP-textured quad opens and shows its texture's colour (title "${title}", ` +
        `${webpShare(picture).toFixed(3)} of the middle within 24/255 of rgb(${WEBP_RGB.join(",")}))`);
  check(webpShare(before) < 0.01, `control: Xbot's picture does not read as the quad's colour (${webpShare(before).toFixed(3)})`);
  return picture;
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
    // What the viewer says on stderr after S and Save, which the test asks for: counted against
    // the files that arrived, not as errors.
    const reports = [];
    // The viewer's phase lines (?timings): where its first picture's time went.
    const timings = [];
    const listen = (page, log = new UiLog()) => {
      page.on("console", (m) => {
        if ((m.type() === "warn" || m.type() === "warning") && log.take(m.text())) return;
        if ((m.type() === "warn" || m.type() === "warning") && m.text().startsWith("skinview timings: ")) {
          timings.push(m.text());
          return;
        }
        if ((m.type() === "warn" || m.type() === "warning") && /^skinview: (screenshot: |settings saved to )/.test(m.text())) {
          reports.push(m.text());
          return;
        }
        if (m.type() === "error" || m.type() === "warn" || m.type() === "warning") errors.push(m.type() + ": " + m.text());
      });
      page.on("pageerror", (e) => errors.push("uncaught: " + e.message));
      page.on("requestfailed", (r) => errors.push("request failed: " + r.url()));
      page.on("response", (r) => { if (r.status() >= 400) errors.push(r.status() + " " + r.url()); });
    };
    const page = await browser.newPage();
    await page.setViewport({ width: W, height: H });
    const uiLog = new UiLog();
    listen(page, uiLog);
    const shot = async () => decode(await page.screenshot({ type: "png" }));
    // The viewer sets the title on each open: "skinview - PATH".
    const opened = (title, name) => title.startsWith("skinview - ") && title.endsWith("/" + name);
    const waitOpened = async (name) => {
      await page.waitForFunction((n) => document.title.endsWith("/" + n), { timeout: 60000 }, name)
        .catch(() => {});
      // A few frames for the first draw of what was opened.
      await frames(30);
      return page.title();
    };
    const frames = (count) => page.evaluate((c) => new Promise((r) => {
      let n = 0; const f = () => (++n < c ? requestAnimationFrame(f) : r()); requestAnimationFrame(f);
    }), count);

    const t0 = Date.now();
    await page.goto(url + "?ui-log&timings");
    const builtinTitle = await waitOpened("humanoid.glb");
    console.log(`the built-in character opened after ${Date.now() - t0} ms`);
    check(opened(builtinTitle, "humanoid.glb"), `the built-in character opened (title "${builtinTitle}")`);
    check(!opened(builtinTitle, "Xbot.glb"), "control: that title does not read as Xbot opened");
    const builtin = await shot();
    console.log(`drawn share of the view's middle: ${drawnShare(builtin, MIDDLE).toFixed(3)}, of its corner: ${drawnShare(builtin, CORNER).toFixed(3)}`);
    check(drawn(builtin), "the built-in character is drawn");
    check(!drawn(builtin, CORNER), "control: the view's background corner does not read as drawn");
    // The sky's tables come with the page (web.cmake writes them at build time): the first picture
    // read them and computed nothing. The control: the phase lines were printed at all.
    const tablesRead = timings.some((l) => l.includes("precompute read (installed)"));
    const computed = timings.some((l) => l.includes("precompute (sky"));
    check(timings.length > 0, `control: the viewer printed its phase lines (${timings.length})`);
    check(tablesRead && !computed, "the page read the sky's tables it was built with and computed none:\n  " +
          timings.filter((l) => l.includes("precompute")).join("\n  "));

    const picker = await page.$("#picker");
    const xbotMark = uiLog.mark();
    await picker.uploadFile(xbot);
    const xbotTitle = await waitOpened("Xbot.glb");
    check(opened(xbotTitle, "Xbot.glb"), `Xbot opened through the file picker (title "${xbotTitle}")`);
    const xbotShot = await shot();
    check(drawn(xbotShot), `Xbot is drawn (${drawnShare(xbotShot, MIDDLE).toFixed(3)} of the middle)`);
    const changed = changedShare(builtin, xbotShot, MIDDLE);
    check(changed >= 0.02, `the view changed from the built-in character to Xbot (${changed.toFixed(3)} of the middle)`);
    const meshes = await checkCorrection(page, uiLog, frames, xbotMark);
    const downloads = fs.mkdtempSync(path.join(tmp, "downloads-"));
    const h = driver(page, uiLog, frames);
    if (process.env.SKINVIEW_WEB_KEEP) process.on("exit", () => fs.writeFileSync(path.join(tmp, "ui_log.txt"), uiLog.lines.map((l) => l.frame + ": " + l.text).join("\n")));
    h.saved = await checkUserFiles(h, meshes, downloads, tmp);
    if (!fs.existsSync(native)) {
      if (process.env.CI) check(false, `${native} is missing (CI is set): the canvas is not held against the native render`);
      else console.log(`skip the canvas against the native render: ${native} is missing (build the skinview target)`);
    } else if (h.saved) {
      await checkAgainstNative(h, native, xbot, downloads, tmp);
    }
    const shotReports = reports.filter((r) => r.startsWith("skinview: screenshot: ")).length;
    check(shotReports === 1 && reports.length - shotReports === h.saves,
          `the viewer reported the screenshot and each of the ${h.saves} saves once:\n  ${reports.join("\n  ")}`);

    // The .bin first: a drop names its files in the order the picker lists them.
    await picker.uploadFile(...gltfFiles);
    const gltfTitle = await waitOpened("Xbot.gltf");
    check(opened(gltfTitle, "Xbot.gltf"), `the .gltf of a .gltf + .bin drop opened (title "${gltfTitle}")`);
    const gltfShot = await shot();
    check(drawn(gltfShot), `Xbot from .gltf + .bin is drawn (${drawnShare(gltfShot, MIDDLE).toFixed(3)} of the middle)`);

    await checkCompressed(page, picker, waitOpened, opened, shot, gltfShot, tmp);

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
    // A browser without WebGL 2: the page says so and runs no viewer (skinview.js is not asked for).
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
            `without WebGL 2 the page says so and runs no viewer: skinview.js not asked for ("${said}")`);
    } finally {
      await bare.close();
    }
  } finally {
    await browser.close();
    server.kill();
    controls.server.kill();
    // SKINVIEW_WEB_KEEP=1 keeps the pictures and files the checks compared, to look at.
    if (process.env.SKINVIEW_WEB_KEEP) console.log(`kept ${tmp}`);
    else fs.rmSync(tmp, { recursive: true, force: true });
  }
  console.log(failures ? `web.page: ${failures} check(s) failed` : "web.page: every check passed");
  return failures ? 1 : 0;
}

main().then((code) => process.exit(code), (e) => { console.log("web.page: FAIL: " + (e.stack || e)); process.exit(1); });
