// The editions the page holds, as make web built them
// (BUILD/web-gen/firmware.js), with each one's ELF for the simulator.
'use strict';
const fs = require('fs');
const path = require('path');

function editionsOf(build) {
  const text = fs.readFileSync(path.join(build, 'web-gen', 'firmware.js'), 'utf8');
  const editions = [];
  for (const m of text.matchAll(/\{ name: '([\w-]+)', features: '([^']*)', hex: '([^']*)' \}/g)) {
    const name = m[1];
    const elf = name === 'pocket' ? path.join(build, 'grundy-box.elf') : path.join(build, 'edition', name, 'grundy-box.elf');
    editions.push({ name, features: m[2].split(' ').filter(Boolean), hex: m[3], elf });
  }
  if (!editions.length) throw new Error(`no editions in ${build}/web-gen/firmware.js`);
  return editions;
}

module.exports = { editionsOf };
