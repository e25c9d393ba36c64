// The page: the chosen edition's firmware on the drawn board, in real
// time, with the serial line as a terminal beside it, and window.grundyBox
// for scripts (docs/web.md).
import { board } from 'board-data';
import { editions } from 'firmware';
import { Board } from './board.js';
import { drawLcd, setUpLcdCanvas } from './lcd-canvas.js';
import { Speaker } from './speaker.js';

const STORAGE_PREFIX = 'grundy-box/eeprom/';
// Behind the wall clock by more than this (a hidden tab, a busy
// machine), the page gives the time up rather than racing to catch up.
const MAX_LAG_MS = 250;
// A click is held at least this long in simulated time: the firmware
// takes a button after 8 ms of steady readings.
const MIN_PRESS_MS = 60;
const TRANSCRIPT_LIMIT = 400000;
const KEYS = { ArrowRight: 'right', ArrowUp: 'up', ArrowDown: 'down', ArrowLeft: 'left', Enter: 'select', ' ': 'select' };
const STANDARD_RATES = [9600, 19200, 38400, 57600, 115200, 230400, 250000, 500000, 1000000];

const $ = (id) => document.getElementById(id);

let machine = null;
let editionName = '';
let eepromDirty = false;
let lastDrawn = { changes: -1, backlight: '', blink: null };
let lastLeds = '';
let lastLamps = -1;
let pendingText = '';
let clock = { wall: 0, cycles: 0, lostMs: 0, busyMs: 0, since: 0 };
const speaker = new Speaker();
const lcdContext = setUpLcdCanvas($('lcd'));
const heldBy = new Map(); // button -> {since cycle} while a pointer or key holds it

// ---- the EEPROM in localStorage ----

function loadEeprom(name) {
  const text = localStorage.getItem(STORAGE_PREFIX + name);
  if (!text || text.length !== 2048) return null;
  const bytes = new Uint8Array(1024);
  for (let i = 0; i < 1024; i++) bytes[i] = parseInt(text.slice(i * 2, i * 2 + 2), 16);
  return bytes;
}

function saveEeprom() {
  if (!machine || !eepromDirty) return;
  eepromDirty = false;
  const text = Array.from(machine.eeprom.memory, (b) => b.toString(16).padStart(2, '0')).join('');
  localStorage.setItem(STORAGE_PREFIX + editionName, text);
}

// ---- editions ----

function featuresOf(name) {
  return editions.find((e) => e.name === name).features.split(' ');
}

function startEdition(name, eeprom) {
  const edition = editions.find((e) => e.name === name);
  if (!edition) throw new Error(`no edition ${name} (editions: ${editions.map((e) => e.name).join(', ')})`);
  saveEeprom();
  editionName = name;
  machine = new Board({
    hex: edition.hex,
    eeprom,
    shield: $('shield').value,
    onEepromWrite: () => {
      eepromDirty = true;
    },
  });
  machine.onSerial = (text) => {
    pendingText += text;
  };
  heldBy.clear();
  $('edition').value = name;
  $('transcript').textContent = '';
  pendingText = '';
  const features = featuresOf(name);
  $('lamps').hidden = !features.includes('LAMPS');
  $('piezo').hidden = !features.includes('SOUND');
  lastDrawn = { changes: -1, backlight: '', blink: null };
  lastLeds = '';
  lastLamps = -1;
  anchorClock();
}

function anchorClock() {
  clock.wall = performance.now();
  clock.cycles = machine.cycles;
}

// ---- the real-time loop ----

function frame(now) {
  const perCycleMs = 1000 / machine.frequency;
  let target = clock.cycles + (now - clock.wall) / perCycleMs;
  if ((target - machine.cycles) * perCycleMs > MAX_LAG_MS) {
    clock.lostMs += (target - machine.cycles) * perCycleMs;
    anchorClock();
    target = machine.cycles;
  }
  const started = performance.now();
  machine.runUntil(Math.floor(target));
  render();
  saveEeprom();
  clock.busyMs += performance.now() - started;
  requestAnimationFrame(frame);
}

// ---- drawing ----

function render() {
  const backlight = machine.backlight;
  const cursor = machine.lcd.cursor(machine.cycles);
  const blink = cursor ? cursor.block : null;
  if (machine.lcd.changes !== lastDrawn.changes || backlight !== lastDrawn.backlight || blink !== lastDrawn.blink) {
    drawLcd(lcdContext, machine, backlight !== 'off');
    lastDrawn = { changes: machine.lcd.changes, backlight, blink };
    setText('backlight', backlight === 'off' ? 'backlight off (D10 low)' : backlight === 'on' ? '' : 'D10 driven high!');
  }
  const leds = `${machine.leds.thinking} ${machine.leds.win}`;
  if (leds !== lastLeds) {
    $('led-thinking').classList.toggle('on', machine.leds.thinking);
    $('led-win').classList.toggle('on', machine.leds.win);
    lastLeds = leds;
  }
  if (machine.lamps !== lastLamps) {
    for (let n = 1; n <= board.lamps; n++) $(`lamp-${n}`).classList.toggle('on', machine.lamp(n));
    lastLamps = machine.lamps;
  }
  const tone = machine.tone();
  speaker.play(tone, machine.buzzer, machine.frequency);
  setText('tone', tone ? `\u266a ${Math.round(tone)} Hz` : '');
  if (pendingText) {
    // A terminal's CR LF, one line end in the pane.
    appendTranscript(pendingText.replace(/\r\n/g, '\n'), 'rx');
    pendingText = '';
  }
  const baud = machine.baud;
  const nominal = STANDARD_RATES.reduce((a, b) => (Math.abs(b - baud) < Math.abs(a - baud) ? b : a));
  setText('baud', baud ? `${nominal} baud` : '');
}

// Only a change touches the page, which then lays itself out again.
function setText(id, text) {
  const element = $(id);
  if (element.textContent !== text) element.textContent = text;
}

function appendTranscript(text, kind) {
  const pane = $('transcript');
  const atBottom = pane.scrollTop + pane.clientHeight >= pane.scrollHeight - 4;
  const last = pane.lastChild;
  if (last && last.className === kind) last.firstChild.appendData(text);
  else {
    const span = document.createElement('span');
    span.className = kind;
    span.textContent = text;
    pane.append(span);
  }
  while (pane.textContent.length > TRANSCRIPT_LIMIT && pane.firstChild) pane.firstChild.remove();
  if (atBottom) pane.scrollTop = pane.scrollHeight;
}

// ---- buttons, keys and the serial line ----

function hold(button) {
  if (heldBy.has(button)) return;
  heldBy.set(button, machine.cycles);
  machine.down(button);
  speaker.unlock();
}

function release(button) {
  if (!heldBy.has(button)) return;
  const since = heldBy.get(button);
  heldBy.delete(button);
  const until = since + (MIN_PRESS_MS * machine.frequency) / 1000;
  const current = machine;
  if (machine.cycles >= until) current.up(button);
  else current.at(until, () => current.up(button));
}

function press(button, ms) {
  const current = machine;
  return new Promise((resolve) => {
    current.press(button, ms);
    current.after(ms, resolve);
  });
}

function typeLine(line) {
  machine.type(`${line}\n`);
  appendTranscript(`${line}\n`, 'tx');
}

function sendText(text) {
  const normalised = text.replace(/\r\n?/g, '\n');
  machine.type(normalised.endsWith('\n') ? normalised : `${normalised}\n`);
  const lines = normalised.split('\n').length;
  appendTranscript(`[sent ${lines} lines, ${normalised.length} bytes]\n`, 'tx');
}

// The Odra challenge with `count` random rows of 0..65535.
function odraRows(count) {
  const rows = [];
  for (let i = 0; i < count; i++) rows.push(Math.floor(Math.random() * 65536));
  return `odra\n${rows.join('\n')}\n\n`;
}

function setUpControls() {
  for (const element of document.querySelectorAll('[data-button]')) {
    const button = element.dataset.button;
    element.addEventListener('pointerdown', (event) => {
      element.setPointerCapture(event.pointerId);
      hold(button);
    });
    for (const type of ['pointerup', 'pointercancel', 'lostpointercapture']) {
      element.addEventListener(type, () => release(button));
    }
  }
  $('reset').addEventListener('click', () => machine.reset());
  document.addEventListener('keydown', (event) => {
    if (event.target.closest('input, textarea, select')) return;
    const button = KEYS[event.key];
    if (button) {
      event.preventDefault();
      if (!event.repeat) hold(button);
    } else if (event.key === 'l' || event.key === 'L') {
      press('select', 1500);
    } else if (event.key === 'h' || event.key === 'H') {
      press('left', 3500);
    }
  });
  document.addEventListener('keyup', (event) => {
    const button = KEYS[event.key];
    if (button) release(button);
  });
  $('line').addEventListener('keydown', (event) => {
    if (event.key === 'Enter') {
      typeLine(event.target.value);
      event.target.value = '';
    }
  });
  $('send-text').addEventListener('click', () => {
    sendText($('paste').value);
  });
  $('send-file').addEventListener('change', async (event) => {
    const file = event.target.files[0];
    if (file) sendText(await file.text());
    event.target.value = '';
  });
  $('odra').addEventListener('click', () => {
    machine.type(odraRows(Number($('odra-rows').value) || 8000));
    appendTranscript(`[odra with ${$('odra-rows').value} random rows]\n`, 'tx');
  });
  $('edition').addEventListener('change', (event) => startEdition(event.target.value, loadEeprom(event.target.value)));
  $('shield').addEventListener('change', (event) => {
    machine.readings = board.readings[event.target.value];
    machine.buttonsChanged();
  });
  $('clear-eeprom').addEventListener('click', () => {
    localStorage.removeItem(STORAGE_PREFIX + editionName);
    eepromDirty = false;
    startEdition(editionName, null);
  });
  $('mute').addEventListener('change', (event) => speaker.mute(event.target.checked));
  document.addEventListener('pointerdown', () => speaker.unlock());
  window.addEventListener('pagehide', saveEeprom);
}

function setUpBoard() {
  for (const edition of editions) {
    const option = document.createElement('option');
    option.value = option.textContent = edition.name;
    $('edition').append(option);
  }
  for (const version of Object.keys(board.readings)) {
    const option = document.createElement('option');
    option.value = version;
    option.textContent = `shield ${version}`;
    $('shield').append(option);
  }
  // Marienbad's rows: 1, 3, 5 and 7 lamps.
  let n = 1;
  for (const count of [1, 3, 5, 7]) {
    const row = document.createElement('div');
    for (let i = 0; i < count; i++, n++) {
      const lamp = document.createElement('span');
      lamp.id = `lamp-${n}`;
      lamp.className = 'lamp';
      lamp.title = `lamp ${n}`;
      row.append(lamp);
    }
    $('lamp-rows').append(row);
  }
}

// ---- the script interface ----

window.grundyBox = {
  lcd: () => machine.lcdText(),
  press: (button, ms = 120) => press(button, ms),
  type: (line) => typeLine(line),
  serial: () => machine.receivedText,
  edition: (name) => {
    if (name !== undefined) startEdition(name, loadEeprom(name));
    return editionName;
  },
  editions: () => editions.map((e) => e.name),
  reset: () => machine.reset(),
  cycles: () => machine.cycles,
  // For tests and the curious: the LEDs, lamps, backlight, tone, the
  // cycles asleep, the rate the firmware set, and the page's own time.
  state: () => ({
    leds: { ...machine.leds },
    lamps: Array.from({ length: board.lamps }, (_, i) => machine.lamp(i + 1)),
    backlight: machine.backlight,
    tone: machine.tone(),
    asleepCycles: machine.asleepCycles,
    baud: machine.baud,
    lcdViolations: machine.lcd.violations,
    lcdWrites: machine.lcd.changes,
    lcdLastWrite: machine.lcd.lastWrite,
    cursor: machine.lcd.cursor(machine.cycles),
    customCells: [0, 1].flatMap((row) => [...Array(board.lcdColumns).keys()].filter((c) => machine.lcd.cell(row, c) < 16)).length,
    resets: { ...machine.chip.resets },
    wallMs: performance.now(),
    busyMs: clock.busyMs,
    lostMs: clock.lostMs,
  }),
};

setUpBoard();
setUpControls();
startEdition(editions[0].name, loadEeprom(editions[0].name));
requestAnimationFrame(frame);
