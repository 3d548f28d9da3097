// The bundle's stand-in for node:assert inside undici (see build.mjs). undici calls only
// assert(value, message?) to check its own invariants, never a method of assert nor its
// AssertionError; node:assert loads seven internal modules (assertion errors, comparisons, colours,
// the call tracker), a cost on every request-making start (`npm run bench -- --only startup`). This
// is the same check, failing the same way: an Error with code ERR_ASSERTION.
'use strict';

function assert(value, message) {
  if (value) return;
  if (message instanceof Error) throw message;
  throw Object.assign(new Error(message ?? 'The expression evaluated to a falsy value'), {
    name: 'AssertionError',
    code: 'ERR_ASSERTION',
  });
}
assert.ok = assert;

module.exports = assert;
