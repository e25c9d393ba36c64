// A few lines of TAP for the page's tests (tests/run-all counts the
// "ok N - name" and "not ok N - name" lines; "#" lines are notes).
'use strict';

const tests = [];

function test(name, body) {
  tests.push({ name, body });
}

function note(text) {
  for (const line of String(text).split('\n')) console.log(`# ${line}`);
}

class Failure extends Error {}

function check(condition, message) {
  if (!condition) throw new Failure(message);
}

async function run() {
  console.log(`1..${tests.length}`);
  let failed = 0;
  for (const [i, { name, body }] of tests.entries()) {
    const started = Date.now();
    try {
      await body();
      console.log(`ok ${i + 1} - ${name}`);
    } catch (error) {
      failed++;
      console.log(`not ok ${i + 1} - ${name}`);
      note(error instanceof Failure ? error.message : error.stack);
    }
    note(`${name}: ${((Date.now() - started) / 1000).toFixed(1)} s`);
  }
  return failed;
}

module.exports = { test, note, check, run };
