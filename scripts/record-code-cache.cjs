// One warm-up run of the CLI for the build (scripts/code-cache.mjs): the command line given,
// run from dist/ through the bundle's loader in record mode; as the process exits, every file
// it loaded gets its V8 code cache written beside it, with the bytecode of every function the
// run called (and of those the caches it read already held).
'use strict';

const { resolve } = require('node:path');
const { createLoader } = require('../bin/load-bundle.cjs');

const loader = createLoader({ record: true });
process.on('exit', () => loader.writeCaches());
loader.load(resolve(__dirname, '../dist/healthdata.cjs'));
