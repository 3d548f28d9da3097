// The bundle's stand-in for node:child_process inside commander (see build.mjs). commander requires
// it at load time only to run executable subcommands, which healthdata has none of; loading it cost
// time on every start, --version and --help included (`npm run bench -- --only startup`). It loads
// on first use.
'use strict';

let real;
const load = () => (real ??= require('node:child_process'));

module.exports = {
  spawn: (...args) => load().spawn(...args),
};
