// The ATmega328P on avr8js, with what avr8js leaves out and this firmware
// relies on: SLEEP in SMCR's mode (idle skips to the next event; in
// power-down the chip's I/O clock stops, Timer0 does not count, and only
// the watchdog wakes it), the one instruction that runs before an
// interrupt once the I flag is set (by SEI, RETI or a write to SREG), and
// a watchdog reset that resets the whole chip (avr8js resets only the
// program counter).
import {
  AVRADC,
  AVRClock,
  AVREEPROM,
  AVRIOPort,
  AVRTimer,
  AVRUSART,
  AVRWatchdog,
  CPU,
  adcConfig,
  avrInstruction,
  clockConfig,
  eepromConfig,
  portBConfig,
  portCConfig,
  portDConfig,
  timer0Config,
  timer1Config,
  timer2Config,
  usart0Config,
  watchdogConfig,
} from 'avr8js';

const FLASH_WORDS = 0x4000; // 32 KB
const SRAM_BYTES = 2048;
export const EEPROM_BYTES = 1024;

const SREG = 0x5f;
const SREG_I = 0x80;
const SMCR = 0x53;
const SMCR_SE = 0x01;
const MCUSR = 0x54;
export const RESET_FLAGS = { power: 0x01, external: 0x02, brownOut: 0x04, watchdog: 0x08 };
const WDTCSR = 0x60;
const WDTCSR_WDE = 0x08;

const OPCODE_SLEEP = 0x9588;

// SMCR's SM2..0.  In power-down, power-save and standby the I/O clock
// stops: the timers (Timer2 runs on only with an asynchronous crystal,
// which the Uno has not), the USART, the ADC and the EEPROM's interface.
const SLEEP_MODES = ['idle', 'adc', 'power-down', 'power-save', 'reserved', 'reserved', 'standby', 'extended-standby'];
const IO_CLOCK_STOPS = new Set(['power-down', 'power-save', 'standby', 'extended-standby']);
// The Uno's fuses (low 0xFF: full-swing crystal, SUT 11) start the
// oscillator in 16K cycles after power-down and power-save, and in 6
// after standby, where it kept running.
const START_UP_CYCLES = { 'power-down': 16384, 'power-save': 16384, standby: 6, 'extended-standby': 6 };
// Waking from any sleep halts the core 4 cycles before the interrupt.
const WAKE_CYCLES = 4;

// Intel HEX to flash words.
export function flashFromHex(hex) {
  const bytes = new Uint8Array(FLASH_WORDS * 2).fill(0xff);
  let base = 0;
  for (const line of hex.split(/\s+/)) {
    if (!line.startsWith(':')) continue;
    const count = parseInt(line.slice(1, 3), 16);
    const address = parseInt(line.slice(3, 7), 16);
    const type = parseInt(line.slice(7, 9), 16);
    let sum = 0;
    for (let i = 1; i < line.length; i += 2) sum += parseInt(line.slice(i, i + 2), 16);
    if ((sum & 0xff) !== 0) throw new Error(`hex: bad checksum in ${line}`);
    if (type === 0) {
      for (let i = 0; i < count; i++) bytes[base + address + i] = parseInt(line.slice(9 + i * 2, 11 + i * 2), 16);
    } else if (type === 2) {
      base = parseInt(line.slice(9, 13), 16) * 16;
    } else if (type === 4) {
      base = parseInt(line.slice(9, 13), 16) * 65536;
    }
  }
  return new Uint16Array(bytes.buffer);
}

// The EEPROM's cells, kept by whoever made them across resets and power
// cuts; `onWrite` hears of every change.
export class EepromCells {
  constructor(bytes, onWrite = null) {
    this.memory = new Uint8Array(EEPROM_BYTES).fill(0xff);
    if (bytes) this.memory.set(bytes.subarray(0, EEPROM_BYTES));
    this.onWrite = onWrite;
    this.writes = 0;
  }
  readMemory(address) {
    return this.memory[address];
  }
  writeMemory(address, value) {
    this.memory[address] &= value;
    this.writes++;
    if (this.onWrite) this.onWrite(address);
  }
  eraseMemory(address) {
    this.memory[address] = 0xff;
  }
}

export class Chip {
  // flash: Uint16Array from flashFromHex; eeprom: EepromCells.
  constructor(flash, eeprom, frequency) {
    this.flash = flash;
    this.eeprom = eeprom;
    this.frequency = frequency;
    this.asleepCycles = 0;
    this.resets = { power: 0, external: 0, watchdog: 0 };
    this.onReset = null; // called with the new CPU after each reset
    this.build(0, RESET_FLAGS.power);
  }

  get cycles() {
    return this.cpu.cycles;
  }

  // A new core and peripherals, every I/O register at its reset value,
  // the time going on from `cycles`.
  build(cycles, flags) {
    const cpu = new CPU(this.flash, SRAM_BYTES);
    cpu.cycles = cycles;
    this.cpu = cpu;
    this.clock = new AVRClock(cpu, this.frequency, clockConfig);
    this.timers = [timer0Config, timer1Config, timer2Config].map((config) => new AVRTimer(cpu, config));
    this.usart = new AVRUSART(cpu, usart0Config, this.frequency);
    this.adc = new AVRADC(cpu, adcConfig);
    this.eepromUnit = new AVREEPROM(cpu, this.eeprom, { ...eepromConfig });
    this.ports = {
      B: new AVRIOPort(cpu, portBConfig),
      C: new AVRIOPort(cpu, portCConfig),
      D: new AVRIOPort(cpu, portDConfig),
    };
    this.watchdog = new AVRWatchdog(cpu, watchdogConfig, this.clock);
    this.keepWatchdogOnWhileFlagged();
    // avr8js's watchdog calls cpu.reset(), which restarts the program
    // alone: the chip resets whole, at the end of the instruction.
    cpu.reset = () => {
      this.resetPending = RESET_FLAGS.watchdog;
    };
    this.resetPending = 0;
    this.sleeping = false;
    this.sleepMode = 'idle';
    cpu.data[MCUSR] = flags;
    if (flags & RESET_FLAGS.watchdog) this.startWatchdogAfterReset();
    if (this.onReset) this.onReset(cpu);
  }

  // While MCUSR's WDRF is set the watchdog cannot be turned off (WDE
  // stays set), as on the chip: a start-up must clear the flag first.
  keepWatchdogOnWhileFlagged() {
    const hook = this.cpu.writeHooks[WDTCSR];
    this.cpu.writeHooks[WDTCSR] = (value, old, address, mask) => {
      const result = hook(value, old, address, mask);
      if (this.cpu.data[MCUSR] & RESET_FLAGS.watchdog && !(this.cpu.data[WDTCSR] & WDTCSR_WDE)) {
        this.cpu.data[WDTCSR] |= WDTCSR_WDE;
        this.watchdog.enabledValue = true;
        if (!this.watchdog.scheduled) this.scheduleWatchdog();
      }
      return result;
    };
  }

  scheduleWatchdog() {
    const dog = this.watchdog;
    dog.resetWatchdog();
    dog.scheduled = true;
    this.cpu.addClockEvent(dog.checkWatchdog, dog.watchdogTimeout - this.cpu.cycles);
  }

  // After a watchdog reset the watchdog runs on, in reset mode, at its
  // shortest period (16 ms).
  startWatchdogAfterReset() {
    this.cpu.data[WDTCSR] = WDTCSR_WDE;
    this.watchdog.enabledValue = true;
    this.scheduleWatchdog();
  }

  // A reset from outside: the RESET button, or the supply (EEPROM kept).
  reset(kind = 'external') {
    const flags = kind === 'power' ? RESET_FLAGS.power : this.cpu.data[MCUSR] | RESET_FLAGS.external;
    this.resets[kind]++;
    this.build(this.cpu.cycles, flags);
  }

  takePendingReset() {
    const flags = this.cpu.data[MCUSR] | this.resetPending;
    this.resets.watchdog++;
    this.build(this.cpu.cycles, flags);
  }

  // Runs instructions until the clock reaches `stop` (or a little past:
  // an instruction is never cut), or a reset.
  runUntil(stop) {
    const cpu = this.cpu;
    const progMem = cpu.progMem;
    const data = cpu.data;
    while (cpu.cycles < stop) {
      if (this.sleeping) {
        this.sleepUntil(stop);
        continue;
      }
      const opcode = progMem[cpu.pc];
      const wasEnabled = data[SREG] & SREG_I;
      if (opcode === OPCODE_SLEEP) {
        cpu.pc++;
        cpu.cycles++;
        if (data[SMCR] & SMCR_SE) {
          // Asleep even with an interrupt waiting: it wakes the chip at
          // once, through the wake-up's cycles (sleepUntil).
          this.sleeping = true;
          this.sleepMode = SLEEP_MODES[(data[SMCR] >> 1) & 7];
          this.asleepCycles++;
          continue;
        }
      } else {
        avrInstruction(cpu);
      }
      if (!wasEnabled && data[SREG] & SREG_I) {
        // Once the I flag is set, by SEI, RETI or OUT to SREG, one more
        // instruction runs before any interrupt, as on the chip (and in
        // simavr): the race-free sleep's SEI then SLEEP relies on it, and
        // so does avr-gcc's change of the stack pointer, which restores
        // SREG between SPH and SPL.  An interrupt between the two would
        // push its return address where SPH's new value and SPL's old
        // one point, over a caller's frame.
        const sreg = data[SREG];
        data[SREG] = sreg & ~SREG_I;
        cpu.tick();
        data[SREG] |= sreg & SREG_I;
      } else {
        cpu.tick();
      }
      if (this.resetPending) {
        this.takePendingReset();
        return;
      }
    }
  }

  // Fires the clock events that are due, as cpu.tick() does, without
  // taking an interrupt.
  fireDueEvents() {
    const cpu = this.cpu;
    for (let event = cpu.nextClockEvent; event && event.cycles <= cpu.cycles; event = cpu.nextClockEvent) {
      event.callback();
      cpu.nextClockEvent = event.next;
      if (cpu.clockEventPool.length < 10) cpu.clockEventPool.push(event);
      if (this.resetPending) return;
    }
  }

  interruptWaiting() {
    return this.cpu.interruptsEnabled && this.cpu.nextInterrupt >= 0;
  }

  // Asleep: the clock jumps to the next thing that can happen.
  sleepUntil(stop) {
    const cpu = this.cpu;
    if (this.interruptWaiting()) {
      this.wake();
      return;
    }
    const ioClockStops = IO_CLOCK_STOPS.has(this.sleepMode);
    let next = stop;
    for (let event = cpu.nextClockEvent; event; event = event.next) {
      if (!ioClockStops || event.callback === this.watchdog.checkWatchdog) {
        next = Math.min(next, event.cycles);
        break;
      }
    }
    const skipped = Math.max(0, next - cpu.cycles);
    if (ioClockStops) this.stopIoClock(skipped);
    cpu.cycles += skipped;
    this.asleepCycles += skipped;
    this.fireDueEvents();
    if (this.resetPending) this.takePendingReset();
  }

  wake() {
    const cpu = this.cpu;
    const startUp = START_UP_CYCLES[this.sleepMode] || 0;
    if (startUp) this.stopIoClock(startUp);
    cpu.cycles += startUp;
    this.asleepCycles += startUp;
    cpu.cycles += WAKE_CYCLES;
    this.sleeping = false;
    this.fireDueEvents();
    cpu.tick();
  }

  // The I/O clock stands still for `cycles`: every clock event but the
  // watchdog's (its own 128 kHz oscillator) comes that much later, and
  // the timers count none of them.
  stopIoClock(cycles) {
    if (cycles <= 0) return;
    const cpu = this.cpu;
    const events = [];
    for (let event = cpu.nextClockEvent; event; event = event.next) {
      if (event.callback !== this.watchdog.checkWatchdog) event.cycles += cycles;
      events.push(event);
    }
    events.sort((a, b) => a.cycles - b.cycles);
    cpu.nextClockEvent = events[0] || null;
    events.forEach((event, i) => {
      event.next = events[i + 1] || null;
    });
    for (const timer of this.timers) {
      if (timer.divider) timer.lastCycle += cycles;
    }
  }
}
