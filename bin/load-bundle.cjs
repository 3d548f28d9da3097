// Loads the CLI's CommonJS bundle (dist/*.cjs, scripts/build.mjs) with V8's code cache.
//
// Why: compiling the bundle's JavaScript was the largest part of a one-request command's
// start-up that is not Node's own (bench/README.md, "One-request latency"). Node 20 has no
// module.enableCompileCache() (22.1+) and lets no ES module take a code cache, but a script
// compiled through vm.Script can. The build writes each file inside the function Node's
// require() wraps a module in; here it is compiled with the cache the build made for it beside
// it (scripts/code-cache.mjs), then called as require() would call it. A cache holds
// the bytecode of every function the build's warm-up runs called, so neither the file nor
// those functions are compiled again.
//
// A cache V8 refuses (another Node or V8 version, other V8 flags, a damaged file) or a missing
// one costs only the compile it would have saved: V8 checks it, then compiles the source as if
// there were none. Nothing is written at run time (the install directory may be read-only and
// shared): only the build's warm-up writes caches, through createLoader({ record: true }).
//
// V8 accepts a cache only under the V8 flags it was made under (a hash of every flag not at its
// default), and the bundle sets flags as it runs: undici's chunk (scripts/wasm-baseline.cjs),
// streaming commands (tuneForStreaming in src/cli/main.ts), SQLite sync (--expose-gc). So a
// file has one cache per set of flags it was compiled under in the warm-up, and the loader
// reads the one for the flags set so far: it sees them because the bundle's require('node:v8')
// comes here (trackedV8 below).
'use strict';

const { readFileSync, renameSync, writeFileSync } = require('node:fs');
const { createRequire } = require('node:module');
const { dirname, resolve } = require('node:path');
const { Script } = require('node:vm');

// Each flag the bundle sets, and what puts it back to V8's default (`node --v8-options`). V8
// turns two more flags off with --liftoff-only (flag implications): back on, too.
const DEFAULTS = {
  '--liftoff-only': ['--no-liftoff-only', '--wasm-tier-up', '--wasm-dynamic-tiering'],
  '--no-wasm-lazy-compilation': ['--wasm-lazy-compilation'],
  '--semi-space-growth-factor=1': ['--semi-space-growth-factor=2'],
  '--heap-growing-percent=60': ['--heap-growing-percent=0'],
  '--expose-gc': ['--no-expose-gc'],
};

/**
 * @param {{ record?: boolean }} [options] record: keep every compiled script, to write its
 *   cache with writeCaches() once the run has called what it calls (the build's warm-up only).
 */
function createLoader({ record = false } = {}) {
  /** @type {Map<string, { exports: unknown }>} */
  const modules = new Map();
  /** Flags the bundle has set, in order. @type {string[]} */
  const flags = [];
  /** @type {Array<{ file: string, script: Script, flags: string[] }>} */
  const compiled = [];
  /** @type {unknown} */
  let v8;

  /** @param {string} filename */
  function load(filename) {
    const known = modules.get(filename);
    if (known) return known.exports;
    const source = readFileSync(filename, 'utf8');
    const file = cacheFile(filename, flags);
    const cachedData = readCache(file);
    // The build wrote each file inside Node's CommonJS wrapper function (scripts/build.mjs).
    const script = new Script(source, cachedData ? { filename, cachedData } : { filename });
    if (record) compiled.push({ file, script, flags: [...flags] });
    const module = { exports: {}, filename };
    // Set before the body runs, as require() does: chunks that import each other get each
    // other's exports so far instead of loading twice.
    modules.set(filename, module);
    try {
      const wrapper = script.runInThisContext();
      wrapper.call(
        module.exports,
        module.exports,
        requireFrom(filename),
        module,
        filename,
        dirname(filename),
      );
    } catch (error) {
      modules.delete(filename);
      throw error;
    }
    return module.exports;
  }

  /** The bundle's own files go through load(), node:v8 through trackedV8(), the rest to Node. */
  function requireFrom(filename) {
    const nodeRequire = createRequire(filename);
    /** @param {string} id */
    const bundleRequire = (id) => {
      if (id.startsWith('.') && id.endsWith('.cjs')) return load(resolve(dirname(filename), id));
      if (id === 'node:v8' || id === 'v8') return (v8 ??= trackedV8(nodeRequire('node:v8')));
      return nodeRequire(id);
    };
    bundleRequire.resolve = nodeRequire.resolve;
    bundleRequire.cache = nodeRequire.cache;
    return bundleRequire;
  }

  /** node:v8, but the loader hears of each flag set. @param {typeof import('node:v8')} real */
  function trackedV8(real) {
    /** @param {string} flag */
    const setFlagsFromString = (flag) => {
      real.setFlagsFromString(flag);
      if (!flags.includes(flag)) flags.push(flag);
    };
    return Object.freeze({ ...real, setFlagsFromString });
  }

  /**
   * Writes the cache of every file compiled, each under the flags it was compiled under (the
   * build's warm-up only). Flags only ever go from default to set in a run, so every earlier
   * set is made again by putting all back to their defaults and setting that set's flags.
   */
  function writeCaches() {
    const { setFlagsFromString } = require('node:v8');
    for (const { file, script, flags: under } of compiled) {
      for (const flag of flags) {
        const back = DEFAULTS[flag];
        if (!back) throw new Error(`the bundle set ${flag}: add its default to load-bundle.cjs`);
        back.forEach((f) => setFlagsFromString(f));
      }
      under.forEach((f) => setFlagsFromString(f));
      // Written whole, then renamed: a run that reads it meanwhile sees the old file or the new.
      const temp = `${file}.${process.pid}`;
      writeFileSync(temp, script.createCachedData());
      renameSync(temp, file);
    }
  }

  return { load, writeCaches };
}

/**
 * `<file>.v8cache` under V8's default flags, `<file>.<hash of the flags>.v8cache` otherwise.
 * @param {string} filename @param {string[]} flags
 */
function cacheFile(filename, flags) {
  if (flags.length === 0) return `${filename}.v8cache`;
  // FNV-1a: a short, stable name for the set.
  let hash = 0x811c9dc5;
  for (const c of [...flags].sort().join(' ')) {
    hash = Math.imul(hash ^ c.charCodeAt(0), 0x01000193) >>> 0;
  }
  return `${filename}.${hash.toString(16).padStart(8, '0')}.v8cache`;
}

/** @param {string} file */
function readCache(file) {
  try {
    return readFileSync(file);
  } catch {
    return undefined;
  }
}

module.exports = { createLoader };
