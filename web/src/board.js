// The Uno with the LCD Keypad Shield around the chip, wired as
// board/lcd_keypad_shield.h says (through the generated board-data.js):
// the LCD, the button ladder on A0, the two LEDs, the backlight, the
// exhibit's lamps on two 74HC595s and its piezo, and the serial line with
// XON/XOFF.  The page and the Node tests both drive this, never the chip.
import { board } from 'board-data';
import { Chip, EepromCells, flashFromHex } from './chip.js';
import { HD44780 } from './hd44780.js';

const XON = 0x11;
const XOFF = 0x13;
const VOLTS = 5;

// ROM characters that are not themselves in ASCII (sim/lcd_text.c has
// the same list for the terminal).
const ROM_SYMBOLS = {
  0x5c: '\u00a5', 0x7e: '\u2192', 0x7f: '\u2190', 0xa5: '\u30fb', 0xdf: '\u00b0', 0xe0: '\u03b1',
  0xe2: '\u03b2', 0xe3: '\u03b5', 0xe4: '\u00b5', 0xe5: '\u03c3', 0xe6: '\u03c1', 0xf2: '\u03b8',
  0xf3: '\u221e', 0xf4: '\u03a9', 0xf6: '\u03a3', 0xf7: '\u03c0', 0xfd: '\u00f7', 0xff: '\u2588',
};
// What lcd() shows for a custom character that is no letter.
export const PLACEHOLDER = '\u2592';

function bitOf(pin) {
  return 1 << pin.bit;
}

export class Board {
  // hex: the firmware (Intel HEX); eeprom: its bytes or null (a new
  // chip); shield: 'v1.0' or 'v1.1'; onEepromWrite: told of each write.
  constructor({ hex, eeprom = null, shield = 'v1.0', onEepromWrite = null }) {
    this.frequency = board.frequency;
    this.flash = flashFromHex(hex);
    this.eeprom = new EepromCells(eeprom, onEepromWrite);
    this.readings = board.readings[shield];
    if (!this.readings) throw new Error(`no shield version ${shield}`);
    this.events = []; // [{cycle, action}], sorted: what the world does
    this.held = new Set();
    this.received = []; // bytes from the chip, flow control left out
    this.receivedText = '';
    this.decoder = new TextDecoder();
    this.toSend = [];
    this.stopped = false; // the chip sent XOFF
    this.flowControl = { xon: 0, xoff: 0 };
    this.onSerial = null; // (text) as bytes come
    this.lamps = 0;
    this.lampStages = 0;
    this.lampLatches = 0;
    this.lampLines = { ser: false, srclk: false, rclk: false };
    this.buzzer = { level: false, lastEdge: -Infinity, halfPeriod: 0, edges: 0 };
    this.lcd = new HD44780(this.frequency, 0);
    this.chip = new Chip(this.flash, this.eeprom, this.frequency);
    this.chip.onReset = () => this.wire();
    this.wire();
  }

  get cycles() {
    return this.chip.cycles;
  }

  get asleepCycles() {
    return this.chip.asleepCycles;
  }

  // ---- wiring ----

  wire() {
    const chip = this.chip;
    const port = (pin) => chip.ports[pin.port];
    const lcdPorts = new Set([board.lcdRs.port, board.lcdE.port, board.lcdData.port]);
    for (const name of lcdPorts) chip.ports[name].addListener(() => this.lcdLines());
    port(board.ledThinking).addListener(() => this.ledsChanged());
    port(board.ledWin).addListener(() => this.ledsChanged());
    port(board.lampsSer).addListener(() => this.lampsLines());
    port(board.buzzer).addListener(() => this.buzzerLine());
    const usart = chip.usart;
    usart.onByteTransmit = (byte) => this.fromChip(byte);
    usart.onRxComplete = () => this.sendNext();
    usart.onConfigurationChange = () => this.sendNext();
    this.stopped = false;
    this.buttonsChanged();
    this.ledsChanged();
  }

  // A pin's level as the chip drives it; false while it is an input.
  driven(pin) {
    const p = this.chip.ports[pin.port];
    const mask = bitOf(pin);
    return (this.chip.cpu.data[p.portConfig.DDR] & mask) !== 0 && (p.lastValue & mask) !== 0;
  }

  lcdLines() {
    const dataPort = this.chip.ports[board.lcdData.port];
    const ddr = this.chip.cpu.data[dataPort.portConfig.DDR];
    const data = ((dataPort.lastValue & ddr & board.lcdData.mask) >> board.lcdData.shift) & 0x0f;
    this.lcd.setLines(this.driven(board.lcdRs), this.driven(board.lcdE), data, this.cycles);
  }

  ledsChanged() {
    this.leds = { thinking: this.driven(board.ledThinking), win: this.driven(board.ledWin) };
  }

  // The backlight's transistor: on through the shield's pull-up while D10
  // is an input, off when the chip drives it low.  Driven high it shorts
  // the transistor's base on many clones: on, and counted as a fault.
  get backlight() {
    const p = this.chip.ports[board.backlight.port];
    const mask = bitOf(board.backlight);
    const output = (this.chip.cpu.data[p.portConfig.DDR] & mask) !== 0;
    if (!output) return 'on';
    return p.lastValue & mask ? 'driven high' : 'off';
  }

  // The two 74HC595s: SER taken at SRCLK's rising edge into 16 chained
  // stages, the stages copied to the outputs at RCLK's.  Lamp 1 is the
  // last stage (the first bit shifted in), lamp 16 the first.
  lampsLines() {
    const ser = this.driven(board.lampsSer);
    const srclk = this.driven(board.lampsSrclk);
    const rclk = this.driven(board.lampsRclk);
    const was = this.lampLines;
    if (srclk && !was.srclk) this.lampStages = ((this.lampStages << 1) | (ser ? 1 : 0)) & 0xffff;
    if (rclk && !was.rclk) {
      this.lamps = this.lampStages;
      this.lampLatches++;
    }
    this.lampLines = { ser, srclk, rclk };
  }

  // Lamp `n` (1..16) lit?
  lamp(n) {
    return ((this.lamps >> (board.lamps - n)) & 1) === 1;
  }

  // The piezo on OC2A: its pin's edges give the tone.
  buzzerLine() {
    const level = this.driven(board.buzzer);
    const b = this.buzzer;
    if (level === b.level) return;
    b.level = level;
    const now = this.cycles;
    b.halfPeriod = now - b.lastEdge;
    b.lastEdge = now;
    b.edges++;
  }

  // The tone sounding now in Hz, or 0: edges within the last two half
  // periods (and 20 ms at most) make a tone.
  tone() {
    const b = this.buzzer;
    const quiet = this.cycles - b.lastEdge;
    if (b.halfPeriod <= 0 || quiet > 2 * b.halfPeriod || quiet > this.frequency / 50) return 0;
    return this.frequency / (2 * b.halfPeriod);
  }

  // ---- buttons ----

  // Two buttons held short the ladder at the lower one's reading.
  buttonsChanged() {
    let reading = this.readings[0];
    for (const button of this.held) reading = Math.min(reading, this.readings[board.buttons.indexOf(button)]);
    this.reading = reading;
    this.chip.adc.channelValues[board.buttonsAdcChannel] = ((reading + 0.5) * VOLTS) / 1024;
  }

  down(button) {
    if (board.buttons.indexOf(button) < 1) throw new Error(`no button ${button}`);
    this.held.add(button);
    this.buttonsChanged();
  }

  up(button) {
    this.held.delete(button);
    this.buttonsChanged();
  }

  // Pressed now, let go `ms` later.
  press(button, ms) {
    this.down(button);
    this.after(ms, () => this.up(button));
  }

  // ---- the serial line ----

  fromChip(byte) {
    if (byte === XOFF) {
      this.stopped = true;
      this.flowControl.xoff++;
      return;
    }
    if (byte === XON) {
      this.stopped = false;
      this.flowControl.xon++;
      this.sendNext();
      return;
    }
    this.received.push(byte);
    const text = this.decoder.decode(new Uint8Array([byte]), { stream: true });
    this.receivedText += text;
    if (this.onSerial && text) this.onSerial(text);
  }

  // Bytes for the chip, sent back to back at the rate the firmware set,
  // paused while it has sent XOFF.
  send(bytes) {
    for (const byte of bytes) this.toSend.push(byte);
    this.sendNext();
  }

  type(text) {
    this.send(new TextEncoder().encode(text));
  }

  sendNext() {
    const usart = this.chip.usart;
    if (this.stopped || !this.toSend.length || !usart.rxEnable || usart.rxBusy) return;
    usart.writeByte(this.toSend.shift());
  }

  // The rate the firmware set (UBRR0 and U2X0), in baud; 0 before it has.
  get baud() {
    const usart = this.chip.usart;
    return usart.txEnable || usart.rxEnable ? usart.baudRate : 0;
  }

  // ---- the LCD as text ----

  // The two rows: ROM characters as themselves, a custom character as
  // the letter it draws, or PLACEHOLDER.
  lcdText() {
    const rows = [];
    for (let row = 0; row < board.lcdRows; row++) {
      let text = '';
      for (let column = 0; column < board.lcdColumns; column++) {
        text += this.lcd.displayOn ? this.cellText(this.lcd.cell(row, column)) : ' ';
      }
      rows.push(text);
    }
    return rows;
  }

  cellText(code) {
    if (code < 16) {
      const rows = this.lcd.glyph(code);
      const letter = board.letters.find((l) => l.rows.every((r, i) => r === rows[i]));
      return letter ? letter.letter : PLACEHOLDER;
    }
    if (ROM_SYMBOLS[code]) return ROM_SYMBOLS[code];
    return code >= 0x20 && code < 0x80 ? String.fromCharCode(code) : '?';
  }

  // The dots of a cell: 8 rows of 5 bits, bit 4 the leftmost.
  cellDots(row, column) {
    const code = this.lcd.cell(row, column);
    return code < 16 ? this.lcd.glyph(code) : board.font[code];
  }

  // ---- time ----

  at(cycle, action) {
    const events = this.events;
    let i = events.length;
    while (i > 0 && events[i - 1].cycle > cycle) i--;
    events.splice(i, 0, { cycle, action });
  }

  after(ms, action) {
    this.at(this.cycles + Math.round((ms * this.frequency) / 1000), action);
  }

  // Runs the board until the clock reaches `cycle`.
  runUntil(cycle) {
    while (this.cycles < cycle) {
      const next = this.events.length ? Math.min(cycle, this.events[0].cycle) : cycle;
      this.chip.runUntil(next);
      while (this.events.length && this.events[0].cycle <= this.cycles) this.events.shift().action();
    }
  }

  runMs(ms) {
    this.runUntil(this.cycles + Math.round((ms * this.frequency) / 1000));
  }

  // The RESET button; the supply off and on again (the EEPROM keeps).
  reset() {
    this.chip.reset('external');
  }

  powerCycle() {
    this.lcd.powerOn(this.cycles);
    this.received = [];
    this.receivedText = '';
    this.toSend = [];
    this.chip.reset('power');
  }
}
