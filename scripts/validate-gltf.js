#!/usr/bin/env node
// Validates glTF files with the Khronos validator installed by scripts/install-validator.sh and
// prints one JSON line a file: {"file", "errors", "warnings", "messages": [first errors]}. Exit 0
// when no file has an error, 1 otherwise, 2 when the validator is not installed. External buffers
// and images are read from beside the file, so a .gltf is validated together with its .bin.
//
//   node scripts/validate-gltf.js FILE...
'use strict';
const fs = require('fs');
const path = require('path');
let validator;
try {
    validator = require(path.join(__dirname, '..', '.tools', 'gltf-validator', 'node_modules', 'gltf-validator'));
} catch (e) {
    console.error('validate-gltf: gltf-validator is not installed; run scripts/install-validator.sh');
    process.exit(2);
}
(async () => {
    let failed = false;
    for (const file of process.argv.slice(2)) {
        const report = await validator.validateBytes(new Uint8Array(fs.readFileSync(file)), {
            uri: path.basename(file),
            maxIssues: 0,
            externalResourceFunction: (uri) => new Promise((resolve, reject) => {
                fs.readFile(path.resolve(path.dirname(file), decodeURIComponent(uri)),
                            (err, data) => err ? reject(err.toString()) : resolve(new Uint8Array(data)));
            }),
        });
        const errors = report.issues.messages.filter((m) => m.severity === 0);
        failed = failed || report.issues.numErrors > 0;
        console.log(JSON.stringify({
            file, errors: report.issues.numErrors, warnings: report.issues.numWarnings,
            messages: errors.slice(0, 5).map((m) => `${m.code} ${m.pointer || ''}: ${m.message}`),
        }));
    }
    process.exit(failed ? 1 : 0);
})().catch((e) => { console.error('validate-gltf: ' + e); process.exit(2); });
