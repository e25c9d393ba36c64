// The page's board (web/src/board.js: the chip on avr8js and the shield
// around it) in Node, without a browser: every edition boots to its menu,
// a Marienbad game played with the buttons is checked against the host
// tool, the sleep at the menu against the simulator's (simavr), a hang is
// ended by the watchdog, the EEPROM survives a reload, and a burst of 300
// lines is answered in order through XON/XOFF.
//
// usage: node web/test/board.test.js BUILD-FOLDER
'use strict';
const { execFileSync } = require('child_process');
const fs = require('fs');
const path = require('path');
const { test, note, check, run } = require('./tap');
const { editionsOf } = require('./editions');

const build = process.argv[2] || 'build';
const { Board } = require(path.resolve(build, 'web-test', 'board.cjs'));
const editions = editionsOf(build);
const HOST_TOOL = path.join(build, 'grundy');
const SIMULATOR = path.join(build, 'grundy-sim');
// What the sleep is weighed over: after a new chip's first writes, as
// tests/e2e/test_sleep.c weighs it.
const FIRST_WRITES_MS = 3000;
const SLEEP_SPAN_MS = 10000;
const SLEEP_TOLERANCE_POINTS = 0.2;
const STANDARD_RATES = [9600, 19200, 38400, 57600, 115200, 230400, 250000, 500000, 1000000];

// A small seeded generator, so a failing game can be played again.
function random(seed) {
  let state = seed >>> 0;
  return (n) => {
    state = (Math.imul(state, 1664525) + 1013904223) >>> 0;
    return Math.floor((state / 2 ** 32) * n);
  };
}

function boot(edition, eeprom = null) {
  const board = new Board({ hex: edition.hex, eeprom });
  board.runMs(1500);
  return board;
}

// Runs until `predicate` holds, `ms` of simulated time at most.
function waitFor(board, predicate, ms, what) {
  for (let waited = 0; waited <= ms; waited += 5) {
    if (predicate()) return waited;
    board.runMs(5);
  }
  throw new Error(`after ${ms} ms: ${what}; the LCD shows ${JSON.stringify(board.lcdText())}`);
}

function press(board, button, ms = 120, settle = 150) {
  board.press(button, ms);
  board.runMs(ms + settle);
}

function hostAnalysis(game, position) {
  return execFileSync(HOST_TOOL, [game, ...position.map(String)], { encoding: 'utf8' }).trim();
}

function checkHealth(board) {
  check(board.lcd.violations === 0, `LCD timing violated ${board.lcd.violations} times: ${board.lcd.firstViolation}`);
}

for (const edition of editions) {
  test(`${edition.name}: boots to the menu, says it is ready, at the rate it set`, () => {
    const board = boot(edition);
    waitFor(board, () => board.lcdText()[0].trim() !== '', 1500, 'the menu');
    const rows = board.lcdText();
    note(`${edition.name}: ${JSON.stringify(rows)}, ${board.baud} baud`);
    check(/grundy-box ready\r?\n/.test(board.receivedText), `no ready line: ${JSON.stringify(board.receivedText)}`);
    // The firmware's UBRR0 and U2X0 make a standard rate within 2.5 %
    // (115,200 unless the build chose another).
    check(STANDARD_RATES.some((rate) => Math.abs(board.baud - rate) / rate < 0.025), `the rate the firmware set is ${board.baud} baud`);
    check(board.flowControl.xon >= 1, 'no XON at power-on');
    checkHealth(board);
  });
}

const pocket = editions[0];

test('Marienbad played with the buttons: every machine move leaves a lost position (host tool)', () => {
  const board = boot(pocket);
  press(board, 'select'); // the game the menu shows, Marienbad, the person first
  waitFor(board, () => board.receivedText.includes('new marienbad 1 3 5 7'), 2000, 'the game to begin');
  press(board, 'down'); // past the page of help
  const pick = random(22);
  let position = [1, 3, 5, 7];
  let machineMoves = 0;
  for (let turn = 0; turn < 20 && position.some((n) => n > 0); turn++) {
    waitFor(board, () => board.lcdText()[1].startsWith('Take '), 5000, 'the person\'s turn');
    const heaps = position.map((n, i) => [n, i]).filter(([n]) => n > 0);
    const [size, heap] = heaps[pick(heaps.length)];
    const amount = 1 + pick(size);
    for (let presses = 0; cursorOf(board) !== heap; presses++) {
      check(presses < 8, `the cursor never reached row ${heap + 1}`);
      press(board, 'down');
    }
    for (let presses = 0; amountOf(board) !== amount; presses++) {
      check(presses < 16, `the amount never reached ${amount}`);
      press(board, amountOf(board) < amount ? 'right' : 'left');
    }
    const yours = linesFrom(board, 'you ').length;
    press(board, 'select');
    position[heap] -= amount;
    waitFor(board, () => linesFrom(board, 'you ').length > yours, 2000, 'the transcript of the move');
    const you = linesFrom(board, 'you ').pop();
    check(you === `you ${heap + 1}-${amount} -> ${position.join(' ')}`, `the transcript says "${you}"`);
    if (!position.some((n) => n > 0)) break;
    waitFor(board, () => linesFrom(board, 'me ').length > machineMoves || linesFrom(board, 'winner').length, 5000, 'the machine\'s move');
    if (linesFrom(board, 'me ').length === machineMoves) break;
    const me = linesFrom(board, 'me ').pop();
    const after = me.split(' -> ')[1].split(' ').map(Number);
    const analysis = hostAnalysis('marienbad', after);
    check(/outcome=P/.test(analysis), `the machine's "${me}" leaves ${after.join(' ')}: ${analysis}`);
    position = after;
    machineMoves++;
  }
  waitFor(board, () => /winner /.test(board.receivedText), 5000, 'the game\'s end');
  const winner = board.receivedText.match(/winner (\w+)/)[1];
  note(`Marienbad: ${machineMoves} machine moves checked with ${HOST_TOOL}; transcript:\n${board.receivedText.trim()}`);
  check(winner === 'me', `the machine lost a game it wins from the start: winner ${winner}`);
  checkHealth(board);
});

// The row the cursor is on: "1 0[5]4" is row 3.
function cursorOf(board) {
  const parts = board.lcdText()[0].match(/\[?\d+\]?/g) || [];
  return parts.findIndex((p) => p.startsWith('['));
}

function amountOf(board) {
  const m = board.lcdText()[1].match(/^Take (\d+) match/);
  return m ? Number(m[1]) : -1;
}

// The whole lines the chip sent that begin with `start`.
function linesFrom(board, start) {
  const text = board.receivedText;
  return text.slice(0, text.lastIndexOf('\n')).replace(/\r/g, '').split('\n').filter((l) => l.startsWith(start));
}

function simavrSleep(edition) {
  const script = path.join(fs.mkdtempSync(path.join(require('os').tmpdir(), 'grundy-web-')), 'sleep.txt');
  fs.writeFileSync(script, `run ${FIRST_WRITES_MS}\ncycles\nrun ${SLEEP_SPAN_MS}\ncycles\n`);
  const out = execFileSync(SIMULATOR, ['--script', script, edition.elf], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });
  fs.rmSync(path.dirname(script), { recursive: true });
  const [first, second] = [...out.matchAll(/cycles (\d+) asleep (\d+)/g)].map((m) => [Number(m[1]), Number(m[2])]);
  return (100 * (second[1] - first[1])) / (second[0] - first[0]);
}

for (const edition of editions) {
  test(`${edition.name}: asleep at the menu within ${SLEEP_TOLERANCE_POINTS} points of simavr`, () => {
    const board = new Board({ hex: edition.hex });
    board.runMs(FIRST_WRITES_MS);
    const cycles = board.cycles;
    const asleep = board.asleepCycles;
    const started = Date.now();
    board.runMs(SLEEP_SPAN_MS);
    const wall = (Date.now() - started) / 1000;
    const here = (100 * (board.asleepCycles - asleep)) / (board.cycles - cycles);
    const simavr = simavrSleep(edition);
    note(`${edition.name}: asleep ${here.toFixed(3)} % of ${SLEEP_SPAN_MS / 1000} s at the menu here, ${simavr.toFixed(3)} % in simavr ` +
      `(difference ${(here - simavr).toFixed(3)} points); ${SLEEP_SPAN_MS / 1000} simulated s took ${wall.toFixed(2)} s of wall time`);
    check(Math.abs(here - simavr) <= SLEEP_TOLERANCE_POINTS, 'the sleep fractions differ by more than the tolerance');
    checkHealth(board);
  });
}

// avr-libc's _exit: CLI, then a jump to itself.
function exitAddress(board) {
  const flash = board.flash;
  for (let i = 0; i + 1 < flash.length; i++) if (flash[i] === 0x94f8 && flash[i + 1] === 0xcfff) return i;
  throw new Error('no _exit (cli; rjmp .) in the firmware');
}

for (const edition of editions) {
  test(`${edition.name}: a hang is reset by the watchdog, once, back at the menu`, () => {
    const board = boot(edition);
    waitFor(board, () => board.receivedText.includes('ready'), 1500, 'the ready line');
    const menu = board.lcdText()[0];
    const hungAt = board.cycles;
    board.chip.cpu.pc = exitAddress(board);
    const ms = waitFor(board, () => board.chip.resets.watchdog > 0, 1000, 'the watchdog reset');
    const back = waitFor(board, () => /watchdog reset\r?\ngrundy-box ready/.test(board.receivedText), 1000, '"watchdog reset" then "ready"');
    board.runMs(2000);
    note(`${edition.name}: reset ${ms} ms after the hang (cycle ${hungAt}), ready ${back} ms later; the LCD: ${JSON.stringify(board.lcdText())}`);
    // The firmware's period is 500 ms (WDTO_500MS: 512 ms of the 128 kHz
    // oscillator), counted from its last feed.
    check(ms >= 400 && ms <= 520, `the reset came ${ms} ms after the hang`);
    check(board.chip.resets.watchdog === 1, `${board.chip.resets.watchdog} watchdog resets`);
    if (!edition.features.includes('ATTRACT')) {
      check(board.lcdText()[0] === menu, `the menu did not come back: ${JSON.stringify(board.lcdText())}`);
    }
    checkHealth(board);
  });
}

test('the EEPROM keeps the game chosen across a reload', () => {
  const board = boot(pocket);
  check(board.lcdText()[0].includes('Marienbad'), `a new chip's menu: ${board.lcdText()[0]}`);
  press(board, 'right');
  const chosen = board.lcdText()[0];
  check(!chosen.includes('Marienbad'), 'RIGHT did not change the game');
  press(board, 'select'); // a game begun saves the settings
  board.runMs(2000);
  const kept = board.eeprom.memory.slice();
  const writes = board.eeprom.writes;
  const again = boot(pocket, kept);
  const fresh = boot(pocket, null);
  note(`chose ${chosen.trim()}, ${writes} EEPROM writes; after the reload: ${again.lcdText()[0].trim()}; a new chip: ${fresh.lcdText()[0].trim()}`);
  check(writes > 0, 'nothing was written to the EEPROM');
  check(again.lcdText()[0] === chosen, `the reload shows ${again.lcdText()[0]}, not ${chosen}`);
  check(fresh.lcdText()[0] !== chosen, 'a new chip shows the chosen game too: the test proves nothing');
});

// Where the teletype edition is built, the burst is its; until then the
// first edition whose console analyses positions.
const consoleEdition = editions.find((e) => e.name === 'teletype') || editions.find((e) => e.features.includes('ANALYSIS'));

test(`${consoleEdition.name}: a burst of 300 lines, back to back, answered in order through XON/XOFF`, () => {
  const board = boot(consoleEdition);
  const pick = random(300);
  const positions = [];
  for (let i = 0; i < 30; i++) positions.push(['marienbad', [pick(2), pick(4), pick(6), pick(8)]]);
  const answers = positions.map(([game, position]) => hostAnalysis(game, position));
  const order = Array.from({ length: 300 }, (_, i) => i % 30);
  const text = order.map((i) => `${positions[i][0]} ${positions[i][1].join(' ')}\n`).join('');
  const start = board.received.length;
  board.type(text);
  const replies = () => board.receivedText.split('\n').filter((l) => l.startsWith('game=') || l.startsWith('error'));
  const ms = waitFor(board, () => replies().length >= 300 || board.chip.resets.watchdog > 0, 60000, '300 replies');
  board.runMs(200);
  const got = replies();
  note(`${got.length} replies to 300 lines (${text.length} bytes) in ${ms} ms; XOFF sent ${board.flowControl.xoff} times, XON ${board.flowControl.xon}; ${board.received.length - start} bytes back`);
  check(board.chip.resets.watchdog === 0, `the watchdog reset the chip after ${got.length} replies`);
  check(got.length === 300, `${got.length} replies`);
  order.forEach((i, n) => check(got[n].trim() === answers[i], `reply ${n + 1}: "${got[n]}", the host tool: "${answers[i]}"`));
  check(board.flowControl.xoff > 0, 'the device never sent XOFF: the burst did not test flow control');
  check(!board.receivedText.includes('error'), 'an error line: bytes were lost');
  checkHealth(board);
});

test('the chip: the instruction after OUT to SREG before an interrupt, idle and power-down sleep, the watchdog\'s interrupt and reset, the backlight (web/test/avr/sleep_modes.c)', () => {
  const board = new Board({ hex: fs.readFileSync(path.join(build, 'web-test', 'sleep_modes.hex'), 'utf8') });
  const lines = [];
  let line = '';
  board.onSerial = (text) => {
    line += text;
    if (!line.endsWith('\n')) return;
    lines.push({ text: line.trim(), cycles: board.cycles, asleep: board.asleepCycles, backlight: board.backlight });
    line = '';
  };
  board.runMs(1000);
  const find = (start) => lines.find((l) => l.text.startsWith(start)) || { text: '' };
  note(lines.map((l) => `${l.text} (cycle ${l.cycles}, asleep ${l.asleep}, backlight ${l.backlight})`).join('\n'));
  check(lines[0].text === 'start 1', `the first start's flags: ${lines[0].text} (power-on: 1)`);
  check(find('backlight off').backlight === 'off', 'D10 driven low: the backlight is not off');
  check(find('backlight on').backlight === 'on', 'D10 an input again: the backlight is not on');
  // avr-gcc sets SP's two halves around the OUT that restores SREG: an
  // interrupt taken between them writes over a caller's frame.
  check(find('after out sreg').text === 'after out sreg 1', `an interrupt came before the instruction after OUT to SREG: ${find('after out sreg').text}`);
  const idle = find('idle').text.match(/wakes=(\d+) overflows=(\d+)/);
  const down = find('power-down').text.match(/wakes=(\d+) overflows=(\d+)/);
  check(idle && down, 'no report of the sleeps');
  // Idle: Timer0 counts through 10 watchdog periods of 16.384 ms.
  check(Number(idle[1]) === 10 && Math.abs(Number(idle[2]) - 160) <= 3, `idle: ${idle[0]} (Timer0 overflows about 160)`);
  // Power-down: Timer0 counts only while awake, and the chip sleeps
  // through the watchdog's periods (16.384 ms, 262,144 cycles, each).
  const span = find('power-down');
  const before = find('idle');
  const awake = span.cycles - before.cycles - (span.asleep - before.asleep);
  check(Number(down[1]) === 10, `power-down: ${down[0]}`);
  check(Number(down[2]) <= awake / 16384 + 1, `power-down: ${down[2]} overflows in ${awake} cycles awake`);
  check(span.asleep - before.asleep >= 9 * 262144, `power-down: ${span.asleep - before.asleep} cycles asleep`);
  check(lines.length === 6 + 1 && lines[6].text === 'start 8' && board.chip.resets.watchdog === 1,
    `the watchdog in reset mode: ${lines.slice(6).map((l) => l.text).join(', ')}, ${board.chip.resets.watchdog} watchdog resets (WDRF: 8)`);
});

const exhibit = editions.find((e) => e.features.includes('LAMPS') && e.features.includes('SOUND'));
if (exhibit) {
  test(`${exhibit.name}: Marienbad's 16 matches on the lamps, a key's click on the piezo`, () => {
    const board = boot(exhibit);
    check(board.lampLatches > 0 && board.lamps === 0, `before a game: ${board.lampLatches} latches, lamps ${board.lamps.toString(2)}`);
    const edges = board.buzzer.edges;
    board.press('select', 120);
    let tone = 0;
    for (let ms = 0; ms < 400; ms++) {
      board.runMs(1);
      tone = Math.max(tone, board.tone());
    }
    waitFor(board, () => board.receivedText.includes('new marienbad'), 2000, 'the game');
    board.runMs(300);
    const lit = Array.from({ length: 16 }, (_, i) => board.lamp(i + 1)).filter(Boolean).length;
    note(`${exhibit.name}: ${lit} lamps lit at 1 3 5 7 (${board.lamps.toString(2).padStart(16, '0')}); ` +
      `the key's click ${tone.toFixed(1)} Hz from ${board.buzzer.edges - edges} edges of D11`);
    check(lit === 16, `${lit} lamps lit, not 16`);
    check(Math.abs(tone - 2500) < 50, `the click sounded at ${tone} Hz, not 2,500`);
  });
}

test('the LCD model: the busy time, E\'s falling edge, CGRAM apart from DDRAM, Clear', () => {
  const Lcd = new Board({ hex: pocket.hex }).lcd.constructor;
  const lcd = new Lcd(16000000, 0);
  let t = 0;
  const us = (n) => { t += n * 16; };
  // A nibble: data set up, E high 1 us, low; RS as given.
  const nibble = (rs, value) => {
    lcd.setLines(rs, false, value, t); us(1);
    lcd.setLines(rs, true, value, t); us(1);
    lcd.setLines(rs, false, value, t); us(1);
  };
  const byte = (rs, value, wait = 40) => { nibble(rs, value >> 4); nibble(rs, value & 15); us(wait); };
  nibble(false, 3);
  check(lcd.violations === 1 && /after power-on/.test(lcd.firstViolation), `a write during power-on: ${lcd.firstViolation}`);
  const refused = lcd.executed;
  check(refused === 0, 'the write during power-on was carried out');
  us(50000); nibble(false, 3); us(4500); nibble(false, 3); us(150); nibble(false, 3); us(150); nibble(false, 2); us(40);
  byte(false, 0x28); byte(false, 0x0c); byte(false, 0x01, 2000); byte(false, 0x06);
  byte(false, 0x40); // CGRAM address 0
  for (const row of [1, 2, 4, 8, 16, 8, 4, 2]) byte(true, row);
  byte(false, 0xc0); // DDRAM line 2
  for (const c of 'line two') byte(true, c.charCodeAt(0));
  byte(true, 0);
  check(lcd.violations === 1, `violations in a correct sequence: ${lcd.firstViolation}`);
  check(lcd.glyph(0).join() === '1,2,4,8,16,8,4,2', `CGRAM 0 holds ${lcd.glyph(0)}`);
  const row2 = Array.from({ length: 9 }, (_, c) => lcd.cell(1, c));
  check(String.fromCharCode(...row2.slice(0, 8)) === 'line two' && row2[8] === 0, `line 2: ${row2}`);
  // Data changed while E is high: the controller takes it as E falls.
  lcd.setLines(true, false, 4, t); us(1); lcd.setLines(true, true, 4, t); us(1);
  lcd.setLines(true, true, 1, t); us(1); lcd.setLines(true, false, 1, t); us(1); nibble(true, 1); us(40);
  check(lcd.cell(1, 9) === 0x11, `E's falling edge took 0x${lcd.cell(1, 9).toString(16)}, not 0x11`);
  // A write 10 us into Clear's 1.52 ms is refused.
  byte(false, 0x01, 10);
  byte(true, 0x41);
  check(lcd.violations === 2 && lcd.lastViolationRule === 'busy', `a write during Clear: ${lcd.violations} violations, the last of rule ${lcd.lastViolationRule}`);
  check(lcd.cell(0, 0) === 0x20 && lcd.address === 0, `Clear left ${lcd.cell(0, 0)} at the home address ${lcd.address}`);
});

run().then((failed) => process.exit(failed ? 1 : 0));
