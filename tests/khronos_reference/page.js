// Runs in headless Chromium. window.setupRenderer loads the environment once (SwiftShader spends
// about a minute prefiltering it); window.renderModel then draws one model a call and returns the
// canvas as a PNG data URL, so many models share one prefiltered environment.
import { GltfView } from "./viewer/gltf-viewer.module.js";

const canvas = document.getElementById("c");
let gl, view, state, resourceLoader, environment;

window.setupRenderer = async (width, height, envUrl) => {
  canvas.width = width;
  canvas.height = height;
  // No antialiasing: skinview's headless render has none, and edge pixels would otherwise differ
  // by coverage rather than by shading. preserveDrawingBuffer so toDataURL reads what was drawn.
  gl = canvas.getContext("webgl2", { antialias: false, alpha: true, premultipliedAlpha: false,
                                      preserveDrawingBuffer: true });
  if (!gl) throw new Error("no WebGL2 context");
  view = new GltfView(gl);
  resourceLoader = view.createResourceLoader(undefined, undefined, "./viewer/libs/");
  const t0 = performance.now();
  // 1.1.0 computes its GGX and Charlie tables and reads only the sheen E table from a file
  // (harness.js serves the renderer's own, from 1.0.10).
  environment = await resourceLoader.loadEnvironment(envUrl, { lut_sheen_E_file: "./assets/lut_sheen_E.png" });
  if (!environment) throw new Error("environment " + envUrl + " did not load");
  const table = environment.images[environment.textures[environment.sheenELUT.index].source].image;
  return { seconds: (performance.now() - t0) / 1000, renderer: gl.getParameter(gl.RENDERER),
           sheenTable: table && table.width ? table.width + "x" + table.height : "missing" };
};

// job: {url, camera: {eye, target, yfov}, time, animation (index or -1), rotation (degrees),
// exposure, ibl (the environment's intensity: 0 leaves the file's punctual lights alone)}. The camera is given explicitly: the renderer's own fit ignores skinning.
window.renderModel = async (job) => {
  state = view.createState();
  state.environment = environment;
  console.log("harness-step load " + job.url);
  state.gltf = await resourceLoader.loadGltf(job.url);
  console.log("harness-step loaded");
  state.sceneIndex = state.gltf.scene === undefined ? 0 : state.gltf.scene;
  const p = state.renderingParameters;
  p.toneMap = "Khronos PBR Neutral";
  p.environmentRotation = job.rotation;
  p.exposure = job.exposure;
  p.iblIntensity = job.ibl;
  p.renderEnvironmentMap = false;
  p.usePunctual = true;
  p.useIBL = true;
  // 1.1.0 takes the clear colour as 0..1 (documented as 0..255): transparent black, so the
  // footprint is the pixels with alpha above 0.
  p.clearColor = [0, 0, 0, 0];
  for (const name of job.disable || []) p.enabledExtensions[name] = false;
  if (job.animation >= 0 && state.gltf.animations && state.gltf.animations.length > job.animation) {
    state.animationIndices = [job.animation];
    // A paused timer reads pausedTime: the exact time, 0 included (setFixedTime(0) is falsy and
    // falls back to the wall clock). The renderer takes it modulo the clip length.
    state.animationTimer.paused = true;
    state.animationTimer.pausedTime = job.time * 1000;
  } else {
    state.animationIndices = [];
  }
  const cam = state.userCamera;
  cam.setVerticalFoV(job.camera.yfov);
  // The camera's own transform (camera to world), written out: 1.1.0's UserCamera.lookAt stores
  // gl-matrix's lookAt, a view matrix, as that transform, which looks from the wrong place.
  cam.transform = cameraToWorld(job.camera.eye, job.camera.target);
  cam.perspective.znear = job.camera.znear;
  cam.perspective.zfar = job.camera.zfar;
  // Two frames: the first uploads textures and compiles shaders, and transmission reads the
  // opaque pass of a frame.
  view.renderFrame(state, canvas.width, canvas.height);
  console.log("harness-step frame 1");
  view.renderFrame(state, canvas.width, canvas.height);
  gl.finish();
  console.log("harness-step frame 2");
  return canvas.toDataURL("image/png");
};
// The sheen E table as the renderer uploaded it (after a frame that drew sheen; null before): the
// red channel at texel centres (u, v) = (N.V, roughness), for the harness's check that the table
// reached the GPU and for reading what the shader reads.
window.sheenTableTexels = (points) => {
  const tex = environment.textures[environment.sheenELUT.index].glTexture;
  if (!tex) return null;
  const fb = gl.createFramebuffer();
  gl.bindFramebuffer(gl.FRAMEBUFFER, fb);
  gl.framebufferTexture2D(gl.FRAMEBUFFER, gl.COLOR_ATTACHMENT0, gl.TEXTURE_2D, tex, 0);
  const size = environment.images[environment.textures[environment.sheenELUT.index].source].image.width;
  const out = [];
  const px = new Uint8Array(4);
  for (const [u, v] of points) {
    gl.readPixels(Math.min(size - 1, Math.floor(u * size)), Math.min(size - 1, Math.floor(v * size)), 1, 1,
                  gl.RGBA, gl.UNSIGNED_BYTE, px);
    out.push(px[0]);
  }
  gl.bindFramebuffer(gl.FRAMEBUFFER, null);
  gl.deleteFramebuffer(fb);
  return out;
};
function cameraToWorld(eye, target) {
  const sub = (a, b) => [a[0] - b[0], a[1] - b[1], a[2] - b[2]];
  const norm = (a) => { const l = Math.hypot(a[0], a[1], a[2]); return [a[0] / l, a[1] / l, a[2] / l]; };
  const cross = (a, b) => [a[1] * b[2] - a[2] * b[1], a[2] * b[0] - a[0] * b[2], a[0] * b[1] - a[1] * b[0]];
  const z = norm(sub(eye, target)), x = norm(cross([0, 1, 0], z)), y = cross(z, x);
  return new Float32Array([...x, 0, ...y, 0, ...z, 0, ...eye, 1]);
}
window.harnessReady = true;
