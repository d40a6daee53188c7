#!/usr/bin/env node
// Renders glTF files with the Khronos glTF Sample Renderer (@khronosgroup/gltf-viewer, pinned in
// package.json) in headless Chromium on SwiftShader WebGL2, for skinview's comparison figures.
//
//   node harness.js --jobs JOBS.json --env SKY.hdr --out DIR [--size 640x480] [--ibl S,G,L,C,LUT]
//
// JOBS.json is a list of {name, file, camera, fov, time, animation, rotation, exposure, ibl, disable}:
// camera is skinview's pinned string "yaw,pitch,distance,tx,ty,tz" (render/camera.h), fov the
// vertical field of view in degrees, animation a clip index (-1: none), rotation the renderer's own
// environmentRotation in degrees, ibl the environment's intensity (1 when absent; 0 for the file's
// punctual lights alone), disable a list of extension names switched off (the negative
// controls). Each job writes DIR/<name>.png. The environment is prefiltered once for all jobs.
//
// The server listens on 127.0.0.1 only, on a port the system picks, and serves nothing but the
// page, the renderer's files, the environment and the folders of the listed models.
// HARNESS_VERBOSE=1 prints the page's steps (load, frame 1, frame 2) as it goes.
"use strict";
const fs = require("fs");
const path = require("path");
const http = require("http");
const puppeteer = require("puppeteer-core");

function parseArgs(argv) {
  const a = { size: "640x480" };
  for (let i = 2; i < argv.length; i += 2) {
    const k = argv[i].replace(/^--/, "");
    if (i + 1 >= argv.length) throw new Error("missing value after " + argv[i]);
    a[k] = argv[i + 1];
  }
  for (const need of ["jobs", "env", "out"]) if (!a[need]) throw new Error("--" + need + " is required");
  const m = /^(\d+)x(\d+)$/.exec(a.size);
  if (!m) throw new Error("--size '" + a.size + "': expected WIDTHxHEIGHT");
  a.width = +m[1];
  a.height = +m[2];
  return a;
}

// The pinned camera (render/camera.h): eye = target + distance (sin yaw cos pitch, sin pitch,
// cos yaw cos pitch); near and far follow the distance as skinview's OrbitCamera does.
function cameraFromPinned(text, fovDeg) {
  const v = text.split(",").map(Number);
  if (v.length !== 6 || v.some((x) => !Number.isFinite(x)) || !(v[2] > 0))
    throw new Error("camera '" + text + "': expected yaw,pitch,distance,tx,ty,tz");
  const [yaw, pitch, d, tx, ty, tz] = v;
  const y = (yaw * Math.PI) / 180, p = (pitch * Math.PI) / 180;
  const eye = [tx + d * Math.sin(y) * Math.cos(p), ty + d * Math.sin(p), tz + d * Math.cos(y) * Math.cos(p)];
  return { eye, target: [tx, ty, tz], yfov: (fovDeg * Math.PI) / 180, znear: d * 0.01, zfar: d * 100 };
}

const types = { ".html": "text/html", ".js": "text/javascript", ".wasm": "application/wasm", ".png": "image/png",
  ".jpg": "image/jpeg", ".jpeg": "image/jpeg", ".gltf": "model/gltf+json", ".glb": "model/gltf-binary",
  ".bin": "application/octet-stream", ".hdr": "application/octet-stream", ".webp": "image/webp", ".ktx2": "image/ktx2" };

// The module as served: 1.1.0 with one line of its loader fixed, always. 1.1.0 marks the sheen E
// table's texture as "already initialized" (a line copied from the prefiltered maps), so the table
// is fetched but never uploaded: u_SheenELUT samples an empty texture, reads 0, and the sheen's
// albedo scaling 1 - max(sheenColor) E is 1 everywhere (KhronosGroup/glTF-Sample-Viewer#606). The
// renderer's repository fixed it after 1.1.0 (glTF-Sample-Renderer#22: initialized = false); npm
// has no release with the fix, so the same change is made here. Without it no served table changes
// the picture.
//
// --ibl SIZE,GGX,LAMBERT,SHEEN,LUT also changes the renderer's prefilter (its iblSampler
// constructor: cube size 256, 1024 GGX, 2048 Lambertian and 64 Charlie samples, 1024^2 LUTs in
// 1.1.0). Used only where the full prefilter does not fit the time (it is ~1.6 G texture reads,
// minutes of SwiftShader on a loaded machine).
const sheenTableFix = ["sheenELut.initialized = true; // iblsampler has already initialized the texture",
  "sheenELut.initialized = false; // the table is a PNG: upload it (glTF-Sample-Renderer#22)"];
// And its samplers as the file names them, without anisotropy: 1.1.0's setSampler turns the
// device's maximum anisotropy (16x on SwiftShader) on for every sampler whose minFilter is
// NEAREST_MIPMAP_LINEAR or LINEAR_MIPMAP_LINEAR (a file's default sampler among them). No glTF
// sampler asks for anisotropy, and with it SwiftShader also drops a NEAREST filter the file named;
// skinview's llvmpipe (Mesa 22.3) has no EXT_texture_filter_anisotropic at all, so the two pictures
// differed by the texture level each sampled, not by a formula (docs/materials.md, "Why rows are
// below": LightsPunctualLamp, CesiumMan and TransmissionRoughnessTest, measured both ways).
const samplerAnisotropyOff = [
  "this.context.texParameterf(type, this.context.anisotropy, this.context.maxAnisotropy); // => 16xAF",
  "this.context.texParameterf(type, this.context.anisotropy, 1.0); // the file's sampler, no anisotropy"];
function patchedModule(file, ibl) {
  let text = fs.readFileSync(file, "utf8");
  const subs = [sheenTableFix, samplerAnisotropyOff];
  if (ibl) {
    const [size, ggx, lambert, sheen, lut] = ibl.split(",").map(Number);
    subs.push(["this.textureSize = 256;", `this.textureSize = ${size};`],
      ["this.ggxSampleCount = 1024;", `this.ggxSampleCount = ${ggx};`],
      ["this.lambertianSampleCount = 2048;", `this.lambertianSampleCount = ${lambert};`],
      ["this.sheenSamplCount = 64;", `this.sheenSamplCount = ${sheen};`],
      ["this.lutResolution = 1024;", `this.lutResolution = ${lut};`]);
  }
  for (const [from, to] of subs) {
    if (!text.includes(from)) throw new Error("the module has no '" + from + "' (another renderer version?)");
    text = text.replace(from, to);
  }
  return text;
}

// The sheen E table 1.1.0 asks for (assets/images/lut_sheen_E.png, as page.js names it) and does not
// ship: 1.0.10's copy, installed beside it under an alias (package.json), the same renderer's table.
function sheenTablePath() {
  return path.join(path.dirname(require.resolve("khronos-gltf-viewer-1.0.10/package.json")), "dist", "assets",
    "lut_sheen_E.png");
}

function serve(routes, ibl) {
  const moduleText = patchedModule(path.join(routes[0][1], "gltf-viewer.module.js"), ibl);
  const server = http.createServer((req, res) => {
    const url = decodeURIComponent(req.url.split("?")[0]);
    if (url === "/viewer/gltf-viewer.module.js") {
      res.writeHead(200, { "Content-Type": "text/javascript" });
      res.end(moduleText);
      return;
    }
    if (url === "/assets/lut_sheen_E.png") {
      res.writeHead(200, { "Content-Type": "image/png" });
      res.end(fs.readFileSync(sheenTablePath()));
      return;
    }
    for (const [prefix, dir] of routes) {
      if (!url.startsWith(prefix)) continue;
      const file = path.resolve(dir, "." + url.slice(prefix.length - 1));
      if (!file.startsWith(path.resolve(dir))) break;  // no ../ out of a served folder
      fs.readFile(file, (err, data) => {
        if (err) { res.writeHead(404); res.end(); return; }
        res.writeHead(200, { "Content-Type": types[path.extname(file).toLowerCase()] || "application/octet-stream" });
        res.end(data);
      });
      return;
    }
    res.writeHead(404);
    res.end();
  });
  return new Promise((resolve) => server.listen(0, "127.0.0.1", () => resolve(server)));
}

async function main() {
  const a = parseArgs(process.argv);
  const jobs = JSON.parse(fs.readFileSync(a.jobs, "utf8"));
  fs.mkdirSync(a.out, { recursive: true });
  const here = __dirname;
  const viewerDist = path.join(path.dirname(require.resolve("@khronosgroup/gltf-viewer/package.json")), "dist");
  const routes = [["/viewer/", viewerDist]];
  jobs.forEach((j, i) => routes.push(["/model/" + i + "/", path.dirname(path.resolve(j.file))]));
  routes.push(["/env/", path.dirname(path.resolve(a.env))]);
  routes.push(["/", here]);
  const server = await serve(routes, a.ibl);
  const base = "http://127.0.0.1:" + server.address().port;
  const browser = await puppeteer.launch({
    executablePath: process.env.CHROMIUM || "/usr/bin/chromium",
    headless: true,
    args: ["--no-sandbox", "--use-angle=swiftshader", "--enable-unsafe-swiftshader", "--ignore-gpu-blocklist",
      "--disable-gpu-sandbox", "--window-size=" + a.width + "," + a.height],
    protocolTimeout: 1800000,
  });
  try {
    const page = await browser.newPage();
    page.on("requestfailed", (r) => process.stderr.write("page: request failed " + r.url() + "\n"));
    page.on("response", (r) => { if (r.status() >= 400) process.stderr.write("page: " + r.status() + " " + r.url() + "\n"); });
    page.on("console", (m) => { if (m.type() === "error" || m.type() === "warn" || (process.env.HARNESS_VERBOSE && m.text().startsWith("harness-step"))) process.stderr.write("page: " + m.text() + "\n"); });
    page.on("pageerror", (e) => process.stderr.write("page error: " + e.message + "\n"));
    await page.goto(base + "/page.html");
    await page.waitForFunction("window.harnessReady === true", { timeout: 60000 });
    const setup = await page.evaluate((w, h, env) => window.setupRenderer(w, h, env), a.width, a.height,
      "/env/" + path.basename(a.env));
    process.stderr.write(`harness: environment prefiltered in ${setup.seconds.toFixed(1)} s (${setup.renderer}), ` +
      `sheen E table ${setup.sheenTable}\n`);
    if (setup.sheenTable === "missing") throw new Error("the sheen E table did not load");
    let tableShown = false;
    for (let i = 0; i < jobs.length; ++i) {
      const j = jobs[i];
      const job = { url: "/model/" + i + "/" + path.basename(j.file), camera: cameraFromPinned(j.camera, j.fov || 40),
        time: j.time || 0, animation: j.animation === undefined ? -1 : j.animation, rotation: j.rotation || 0,
        exposure: j.exposure || 1, ibl: j.ibl === undefined ? 1 : j.ibl, disable: j.disable || [] };
      const t0 = Date.now();
      const url = await page.evaluate((job) => window.renderModel(job), job);
      const png = Buffer.from(url.slice(url.indexOf(",") + 1), "base64");
      fs.writeFileSync(path.join(a.out, j.name + ".png"), png);
      process.stderr.write(`harness: ${j.name} in ${((Date.now() - t0) / 1000).toFixed(2)} s\n`);
      if (!tableShown) {
        // The first frame that drew sheen uploaded the table: what its shader reads, E(N.V, roughness)
        // in 8 bits, at three points (the PNG holds the sRGB curve of the lobe's albedo; 0 everywhere
        // would be the empty texture of the unpatched 1.1.0).
        const pts = [[0.5, 0.5], [0.9, 0.3], [0.2, 1.0]];
        const e = await page.evaluate((p) => window.sheenTableTexels(p), pts);
        if (e) {
          tableShown = true;
          process.stderr.write("harness: sheen E table as uploaded, 255 E at (N.V, roughness) " +
            pts.map((p, k) => `(${p}) ${e[k]}`).join(", ") + "\n");
          if (e.every((x) => x === 0)) throw new Error("the sheen E table reads 0: not uploaded");
        }
      }
    }
  } finally {
    await browser.close();
    server.close();
  }
}

main().catch((e) => { process.stderr.write("harness: " + (e && e.stack || e) + "\n"); process.exit(1); });
