// A strict model of the HD44780U LCD controller as the shield wires it,
// the same as the simulator's (sim/lcd_model.c): write-only (R/W is tied
// to ground), 4-bit on DB4..DB7, latched on E's falling edge, every timing
// of the datasheet (VCC = 5 V) that a write-only driver must keep checked,
// CGRAM apart from DDRAM, and a write that comes while the controller is
// busy refused, as the real chip refuses it.

// Datasheet figures, in nanoseconds.
const NS = {
  ePulseHigh: 230, // PW_EH
  eCycle: 500, // t_cycE
  rsSetup: 40, // t_AS
  rsHold: 10, // t_AH
  dataSetup: 80, // t_DSW
  dataHold: 10, // t_H
  execute: 37000,
  executeLong: 1520000, // Clear Display, Return Home
  powerOn: 40000000,
  initFirst: 4100000,
  initSecond: 100000,
  blinkPhase: 409600000, // the blinking cursor's phase (fOSC 250 kHz)
};

const DDRAM_SIZE = 80;
const CGRAM_SIZE = 64;
const LINE_LENGTH = 40;

const BUSY_TEXT = {
  powerOn: 'power-on',
  initFirst: 'the first 0x3 of the initialisation',
  initSecond: 'the second 0x3 of the initialisation',
  instruction: 'an instruction',
  data: 'a data write',
  clear: 'Clear Display',
  home: 'Return Home',
};

function formatNs(ns) {
  if (ns < 10000) return `${Math.round(ns)} ns`;
  if (ns < 1000000) return `${(ns / 1000).toFixed(1)} us`;
  return `${(ns / 1000000).toFixed(2)} ms`;
}

export class HD44780 {
  constructor(frequency, cycle = 0) {
    this.frequency = frequency;
    this.powerOn(cycle);
  }

  // Supply comes up: the controller's own reset (8-bit interface, one
  // line, display off, DDRAM blank), busy 40 ms.
  powerOn(cycle) {
    this.powerOnCycle = cycle;
    this.rs = false;
    this.e = false;
    this.data = 0;
    this.rsChanged = cycle;
    this.dataChanged = cycle;
    this.eRose = 0;
    this.eFell = 0;
    this.eHasRisen = false;
    this.eHasFallen = false;
    this.fourBit = false;
    this.lowNibbleNext = false;
    this.highNibble = 0;
    this.byteRejected = false;
    this.initStep = 0;
    this.twoLines = false;
    this.displayOn = false;
    this.cursorOn = false;
    this.blinkOn = false;
    this.increment = true;
    this.shiftOnWrite = false;
    this.addressCgram = false;
    this.address = 0;
    this.shift = 0;
    this.ddram = new Uint8Array(DDRAM_SIZE).fill(0x20);
    this.cgram = new Uint8Array(CGRAM_SIZE);
    this.executed = 0;
    this.changes = 0; // writes carried out that may change the glass
    this.lastWrite = cycle; // the cycle of the last of them
    this.violations = 0;
    this.firstViolation = '';
    this.lastViolationCycle = -1;
    this.lastViolationRule = '';
    this.setBusy(cycle, NS.powerOn, 'powerOn');
  }

  nsOf(cycles) {
    return (cycles * 1e9) / this.frequency;
  }

  cyclesOf(ns) {
    return Math.ceil((ns * this.frequency) / 1e9);
  }

  violation(cycle, rule, what) {
    // Several pins changing in one port write break a rule once.
    if (this.violations > 0 && cycle === this.lastViolationCycle && rule === this.lastViolationRule) return;
    this.lastViolationCycle = cycle;
    this.lastViolationRule = rule;
    this.violations++;
    if (this.violations === 1) {
      this.firstViolation = `${what}, at cycle ${cycle} (${formatNs(this.nsOf(cycle - this.powerOnCycle))} after power-on)`;
    }
  }

  checkInterval(from, to, minNs, what, symbol) {
    if ((to - from) * 1e9 >= minNs * this.frequency) return;
    this.violation(to, symbol, `${what} ${formatNs(this.nsOf(to - from))}, must be at least ${formatNs(minNs)} (${symbol})`);
  }

  setBusy(cycle, ns, cause) {
    this.busySince = cycle;
    this.busyUntil = cycle + this.cyclesOf(ns);
    this.busyCause = cause;
  }

  // ---- what the glass shows ----

  ddramIndex(address) {
    if (this.twoLines) {
      if (address < LINE_LENGTH) return address;
      if (address >= 0x40 && address < 0x40 + LINE_LENGTH) return address - 0x40 + LINE_LENGTH;
      return -1;
    }
    return address < DDRAM_SIZE ? address : -1;
  }

  shiftSpan() {
    return this.twoLines ? LINE_LENGTH : DDRAM_SIZE;
  }

  // The character code in a visible cell, whether or not the display is on.
  cell(row, column) {
    const position = (column + this.shift) % this.shiftSpan();
    if (!this.twoLines) return row === 0 ? this.ddram[position] : 0x20;
    return this.ddram[row * LINE_LENGTH + position];
  }

  // The 8 dot rows (5 low bits each) of custom character `code` (0..15).
  glyph(code) {
    const at = (code & 7) * 8;
    return Array.from(this.cgram.subarray(at, at + 8), (row) => row & 0x1f);
  }

  // Where the cursor shows at `cycle`: null when off or out of view.
  cursor(cycle) {
    if (!this.displayOn || (!this.cursorOn && !this.blinkOn) || this.addressCgram) return null;
    const index = this.ddramIndex(this.address);
    if (index < 0) return null;
    const span = this.shiftSpan();
    const row = this.twoLines ? Math.floor(index / LINE_LENGTH) : 0;
    const position = index - (this.twoLines ? row * LINE_LENGTH : 0);
    const column = (position + span - this.shift) % span;
    if (column >= 16) return null;
    const phase = this.cyclesOf(NS.blinkPhase);
    const block = this.blinkOn && Math.floor((cycle - this.powerOnCycle) / phase) % 2 === 0;
    return { row, column, underline: this.cursorOn, block };
  }

  // ---- the controller ----

  stepAddress(address, forward) {
    if (this.addressCgram) return (address + (forward ? 1 : CGRAM_SIZE - 1)) % CGRAM_SIZE;
    if (this.twoLines) {
      if (forward) {
        if (address === 0x27) return 0x40;
        return address === 0x67 ? 0 : (address + 1) & 0x7f;
      }
      if (address === 0) return 0x67;
      return address === 0x40 ? 0x27 : (address - 1) & 0x7f;
    }
    if (forward) return address === 0x4f ? 0 : (address + 1) & 0x7f;
    return address === 0 ? 0x4f : (address - 1) & 0x7f;
  }

  shiftDisplay(left) {
    const span = this.shiftSpan();
    this.shift = (this.shift + (left ? 1 : span - 1)) % span;
  }

  writeData(value, cycle) {
    if (this.addressCgram) {
      this.cgram[this.address % CGRAM_SIZE] = value;
    } else {
      const index = this.ddramIndex(this.address);
      if (index < 0) {
        this.violation(cycle, 'DDRAM address', `data written to DDRAM address ${this.address}, which does not exist in this line mode`);
      } else {
        this.ddram[index] = value;
      }
      if (this.shiftOnWrite) this.shiftDisplay(this.increment);
    }
    this.address = this.stepAddress(this.address, this.increment);
    this.setBusy(cycle, NS.execute, 'data');
  }

  functionSet(value, cycle) {
    const eightBit = (value & 0x10) !== 0;
    let cause = 'instruction';
    let ns = NS.execute;
    // Initialisation by instruction: the first two 8-bit function sets
    // after power-on need the datasheet's long waits.
    if (eightBit && !this.fourBit && this.initStep < 2) {
      cause = this.initStep === 0 ? 'initFirst' : 'initSecond';
      ns = this.initStep === 0 ? NS.initFirst : NS.initSecond;
      this.initStep++;
    } else {
      this.initStep = 3;
    }
    if (this.fourBit === eightBit) this.lowNibbleNext = false;
    this.fourBit = !eightBit;
    this.twoLines = (value & 0x08) !== 0;
    this.shift %= this.shiftSpan();
    this.setBusy(cycle, ns, cause);
  }

  instruction(value, cycle) {
    if (!(value & 0x20) || value & 0xc0) this.initStep = 3;
    if (value & 0x80) {
      this.addressCgram = false;
      this.address = value & 0x7f;
    } else if (value & 0x40) {
      this.addressCgram = true;
      this.address = value & 0x3f;
    } else if (value & 0x20) {
      this.functionSet(value, cycle);
      return;
    } else if (value & 0x10) {
      const right = (value & 0x04) !== 0;
      if (value & 0x08) this.shiftDisplay(!right);
      else this.address = this.stepAddress(this.address, right);
    } else if (value & 0x08) {
      this.displayOn = (value & 0x04) !== 0;
      this.cursorOn = (value & 0x02) !== 0;
      this.blinkOn = (value & 0x01) !== 0;
    } else if (value & 0x04) {
      this.increment = (value & 0x02) !== 0;
      this.shiftOnWrite = (value & 0x01) !== 0;
    } else if (value & 0x02) {
      this.addressCgram = false;
      this.address = 0;
      this.shift = 0;
      this.setBusy(cycle, NS.executeLong, 'home');
      return;
    } else if (value & 0x01) {
      // Clear also homes the cursor and sets I/D to increment.
      this.ddram.fill(0x20);
      this.addressCgram = false;
      this.address = 0;
      this.shift = 0;
      this.increment = true;
      this.setBusy(cycle, NS.executeLong, 'clear');
      return;
    } else {
      this.violation(cycle, 'instruction', 'instruction 0x00 written, which the controller does not define');
    }
    this.setBusy(cycle, NS.execute, 'instruction');
  }

  acceptsWrite(cycle) {
    if (cycle >= this.busyUntil) return true;
    const was = formatNs(this.nsOf(cycle - this.busySince));
    const must = formatNs(this.nsOf(this.busyUntil - this.busySince));
    if (this.busyCause === 'powerOn') {
      this.violation(cycle, 'busy', `first write ${was} after power-on, must wait at least ${must}`);
    } else {
      this.violation(cycle, 'busy', `write while busy: ${was} after ${BUSY_TEXT[this.busyCause]}, must wait at least ${must}`);
    }
    return false;
  }

  // E fell: the controller takes RS and DB7..DB4.
  latch(cycle) {
    let value;
    if (!this.fourBit) {
      // DB3..DB0 are not wired; the controller's pull-ups read them as ones.
      this.byteRejected = !this.acceptsWrite(cycle);
      value = (this.data << 4) | 0x0f;
    } else if (!this.lowNibbleNext) {
      this.byteRejected = !this.acceptsWrite(cycle);
      this.highNibble = this.data;
      this.lowNibbleNext = true;
      return;
    } else {
      value = (this.highNibble << 4) | this.data;
      this.lowNibbleNext = false;
    }
    if (this.byteRejected) return;
    if (this.rs) this.writeData(value, cycle);
    else this.instruction(value, cycle);
    this.executed++;
    this.changes++;
    this.lastWrite = cycle;
  }

  eEdge(level, cycle) {
    if (level) {
      if (this.eHasRisen) this.checkInterval(this.eRose, cycle, NS.eCycle, 'E cycle (rise to rise) of', 't_cycE');
      this.checkInterval(this.rsChanged, cycle, NS.rsSetup, 'RS set up before E rose by only', 't_AS');
      this.eRose = cycle;
      this.eHasRisen = true;
      return;
    }
    if (this.eHasRisen) this.checkInterval(this.eRose, cycle, NS.ePulseHigh, 'E pulse high for', 'PW_EH');
    this.checkInterval(this.dataChanged, cycle, NS.dataSetup, 'data set up before E fell by only', 't_DSW');
    this.eFell = cycle;
    this.eHasFallen = true;
    this.latch(cycle);
  }

  // The lines' levels after a port write at `cycle`: rs and e booleans,
  // data the four bits DB7..DB4.
  setLines(rs, e, data, cycle) {
    if (rs !== this.rs) {
      if (this.e) this.violation(cycle, 't_AS', 'RS changed while E was high (t_AS, t_AH)');
      else if (this.eHasFallen) this.checkInterval(this.eFell, cycle, NS.rsHold, 'RS held after E fell for only', 't_AH');
      this.rs = rs;
      this.rsChanged = cycle;
    }
    if (data !== this.data) {
      if (this.eHasFallen && !this.e) this.checkInterval(this.eFell, cycle, NS.dataHold, 'data held after E fell for only', 't_H');
      this.data = data;
      this.dataChanged = cycle;
    }
    if (e !== this.e) {
      this.e = e;
      this.eEdge(e, cycle);
    }
  }
}
