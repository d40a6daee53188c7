// Runs the Khronos glTF validator (npm gltf-validator) over the files given and prints one line per
// file: its error, warning and info counts, then each error. Exits 1 when any file has an error.
// External resources resolve beside the file; nothing else is read.
'use strict';
const fs = require('fs');
const path = require('path');
const validator = require('gltf-validator');

async function validate(file) {
  const bytes = new Uint8Array(fs.readFileSync(file));
  const dir = path.dirname(file);
  const report = await validator.validateBytes(bytes, {
    uri: path.basename(file),
    externalResourceFunction: (uri) =>
      new Promise((resolve, reject) =>
        fs.readFile(path.join(dir, decodeURIComponent(uri)), (err, data) => (err ? reject(err) : resolve(new Uint8Array(data))))),
  });
  const i = report.issues;
  console.log(`${file}: ${i.numErrors} errors, ${i.numWarnings} warnings, ${i.numInfos} infos`);
  for (const m of i.messages)
    if (m.severity === 0) console.log(`  error ${m.code} at ${m.pointer || ''}: ${m.message}`);
  return i.numErrors;
}

(async () => {
  let errors = 0;
  for (const f of process.argv.slice(2)) errors += await validate(f);
  process.exit(errors > 0 ? 1 : 0);
})().catch((e) => {
  console.error(`validator failed: ${e}`);
  process.exit(2);
});
