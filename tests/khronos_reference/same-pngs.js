#!/usr/bin/env node
// same-pngs.js A.png B.png [TOLERANCE]: exit 0 when both images have the same size and every
// channel (alpha included) within TOLERANCE/255 (default 2), else print where they differ and
// exit 1. Why 2 and not 0: SwiftShader compiles its shaders for the CPU it runs on, and a
// different SIMD width may round the last bit of a sample differently; a changed renderer,
// environment, camera or job moves whole regions by far more.
"use strict";
const fs = require("fs");
const { decode } = require("fast-png");
const [, , fa, fb, tolText] = process.argv;
const tol = tolText === undefined ? 2 : Number(tolText);
const a = decode(fs.readFileSync(fa)), b = decode(fs.readFileSync(fb));
if (a.width !== b.width || a.height !== b.height) {
  console.log(`${fb}: ${b.width}x${b.height}, the reference ${fa} is ${a.width}x${a.height}`);
  process.exit(1);
}
const rgba = (p, i) => [0, 1, 2, 3].map((c) => (c < p.channels ? p.data[i * p.channels + c] : 255));
let worst = 0, differing = 0;
for (let i = 0; i < a.width * a.height; ++i) {
  const pa = rgba(a, i), pb = rgba(b, i);
  const d = Math.max(...pa.map((v, c) => Math.abs(v - pb[c])));
  worst = Math.max(worst, d);
  if (d > tol) ++differing;
}
if (differing) {
  console.log(`${fb}: ${differing} pixels differ from ${fa} by more than ${tol}/255 (worst ${worst})`);
  process.exit(1);
}
console.log(`${fb}: same as the reference (worst channel difference ${worst}/255)`);
