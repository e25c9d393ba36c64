/*
 * The Grundy Box simulator harness: the real firmware ELF on simavr, wired
 * exactly as board/lcd_keypad_shield.h says.  A person reaches the chip only
 * through its pins, and so does this harness:
 *   - buttons: a voltage on ADC0 (the shield's resistor ladder),
 *   - the LCD: the RS, E and D4..D7 pins, decoded by a strict HD44780 model
 *     of our own (sim/lcd_model.h) that records every timing violation,
 *   - the serial line: bytes into and out of USART0,
 *   - LEDs: the pin levels; the backlight: its pin's direction, and a run
 *     stops the moment the firmware drives it high,
 *   - the exhibit's lamps: two 74HC595 shift registers, modelled from the
 *     levels of their three pins,
 *   - the exhibit's buzzer: the tones on its pin, their frequency and
 *     length measured from the pin's edges,
 *   - EEPROM: kept across power cycles, as on a real chip, each byte's
 *     write keeping the chip busy for 3.4 ms as the real one does,
 *   - the stack: the RAM above the firmware's static data is painted at
 *     power-on, so that the deepest the stack went can be read afterwards.
 *
 * Time is simulated: a 16 MHz cycle counter.  Sleeping firmware costs the
 * host almost nothing, and the harness counts the cycles spent asleep, by
 * sleep mode; power-down and the watchdog's interrupt-and-reset mode act
 * as the datasheet has them, where simavr 1.6 differs (sim/power.h).
 */
#ifndef SIM_HARNESS_H
#define SIM_HARNESS_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "board/lcd_keypad_shield.h"

struct sim;

struct sim_options {
	const char *elf; /* firmware to load */
	uint8_t shield;  /* 0: v1.0 button readings, 1: v1.1 */
	bool realtime;   /* pace the simulation to wall-clock time (make play) */
};

/* Loads the firmware and powers the chip on.  NULL, with the reason on
 * stderr, when the ELF cannot be loaded. */
struct sim *sim_open(const struct sim_options *options);
void sim_close(struct sim *sim);

/* ---- time ---- */
uint64_t sim_cycles(const struct sim *sim);       /* since power-on */
uint64_t sim_sleep_cycles(const struct sim *sim); /* of those, asleep */
/* The sleep modes by SMCR's SM2..SM0 (ATmega328P datasheet, "Sleep Mode
 * Select"). */
enum sim_sleep_mode {
	SIM_SLEEP_IDLE = 0,
	SIM_SLEEP_ADC_NOISE_REDUCTION = 1,
	SIM_SLEEP_POWER_DOWN = 2,
	SIM_SLEEP_POWER_SAVE = 3,
	SIM_SLEEP_STANDBY = 6,
	SIM_SLEEP_EXTENDED_STANDBY = 7,
	SIM_SLEEP_MODES = 8
};
/* Of the cycles asleep since power-on, those in `mode`; and the sleeps
 * begun in it (SLEEP instructions that slept: each a wake-up after). */
uint64_t sim_sleep_cycles_in(const struct sim *sim, enum sim_sleep_mode mode);
uint64_t sim_sleeps_in(const struct sim *sim, enum sim_sleep_mode mode);
void sim_run_ms(struct sim *sim, uint32_t ms);
void sim_run_cycles(struct sim *sim, uint64_t cycles);
/* Runs until done() returns true or timeout_ms of simulated time pass;
 * done() is polled after every LCD or UART event and every millisecond. */
bool sim_run_until(struct sim *sim, bool (*done)(struct sim *sim, void *ctx), void *ctx, uint32_t timeout_ms);
/* True once the firmware crashed, hung with interrupts off, or simavr
 * stopped it; sim_state_text() says which. */
bool sim_stopped(const struct sim *sim);
const char *sim_state_text(const struct sim *sim);
/* Watchdog resets since power-on, and the cycle of the latest (0 while
 * there was none). */
uint32_t sim_watchdog_resets(const struct sim *sim);
uint64_t sim_watchdog_reset_cycle(const struct sim *sim);
/* The watchdog's period as the firmware has set it now (WDTCSR), in CPU
 * cycles, with the watchdog's 128 kHz oscillator taken as exact (the
 * chip's is within about 10%); 0 while the watchdog is off. */
uint64_t sim_watchdog_period(const struct sim *sim);

/* ---- faults ---- */
/* Hangs the firmware where it is, as a fault could, with no test code in
 * the firmware: the program counter moves to avr-libc's _exit (found in
 * the ELF's symbols), which turns interrupts off and jumps to itself for
 * ever; only the watchdog ends that.  False when the ELF has no _exit or
 * the chip has stopped. */
bool sim_hang(struct sim *sim);
/* The same hang with interrupts as they were (the loop after _exit's
 * cli): interrupts are still served, so a watchdog whose own interrupt
 * re-armed it would never end it. */
bool sim_hang_interrupts_kept(struct sim *sim);
/* Runs until the program counter is inside the firmware's function `name`
 * (from its symbol to the next; a suffix the compiler adds, ".lto_priv.N",
 * is ignored), checked after every instruction, so that a test can hang
 * the firmware in the middle of something.  False after timeout_ms, or
 * when the ELF has no such function. */
bool sim_run_until_in_function(struct sim *sim, const char *name, uint32_t timeout_ms);

/* ---- buttons ---- */
void sim_button_down(struct sim *sim, enum board_button button);
void sim_button_up(struct sim *sim);
/* Down for hold_ms, then up and idle for 60 ms, as a person presses. */
void sim_press(struct sim *sim, enum board_button button, uint32_t hold_ms);
/* The same with contact bounce: the voltage chatters between the button's
 * and "none" for the first and last few milliseconds, from a seeded
 * pseudo-random pattern. */
void sim_press_bouncy(struct sim *sim, enum board_button button, uint32_t hold_ms, uint32_t seed);
/* Contact bounce alone, for scripts that press and release apart: the
 * voltage chatters between the button's and "none" at random intervals of
 * 20..500 us for 2..5 ms, then stays at the button's (end_pressed) or at
 * "none".  `random` is sim_random's state. */
void sim_button_bounce(struct sim *sim, enum board_button button, bool end_pressed, uint32_t *random);

/* ---- repeatable randomness ---- */
/* xorshift32: the next number after *state, which it updates (a state of 0
 * starts from a fixed non-zero one).  The harness's bounce and the tests'
 * scripts draw from it, so a seed repeats a run exactly. */
uint32_t sim_random(uint32_t *state);

/* ---- LCD ---- */
/* The visible 16x2 text, NUL-terminated lines.  Custom characters (codes
 * 0..7) appear as their code; everything else as the character ROM's ASCII.
 * Custom character 0 appears as 8, its alias in the character generator,
 * so that a line stays a whole C string. */
void sim_lcd_lines(const struct sim *sim, char lines[BOARD_LCD_ROWS][BOARD_LCD_COLUMNS + 1]);
bool sim_lcd_contains(const struct sim *sim, const char *text);
bool sim_wait_text(struct sim *sim, const char *text, uint32_t timeout_ms);
/* Pixel rows (5 low bits each) of custom character `code` (0..7). */
void sim_lcd_glyph(const struct sim *sim, uint8_t code, uint8_t rows[8]);
/* Whether the display is on (the HD44780's display on/off control);
 * while it is off, sim_lcd_lines() gives spaces. */
bool sim_lcd_display_on(const struct sim *sim);
/* Cycle of the last write that changed what the display shows. */
uint64_t sim_lcd_last_change(const struct sim *sim);
/* Timing violations the strict model saw (over all power-on periods), and
 * the first one described ("" while there is none). */
uint32_t sim_lcd_violations(const struct sim *sim);
const char *sim_lcd_first_violation(const struct sim *sim);
/* A PNG picture of the display as the real dot-matrix LCD looks.  0 on success. */
int sim_lcd_save_png(const struct sim *sim, const char *path);

/* ---- serial line ---- */
/* The line runs 8N1 at the rate the firmware sets (the chip's UBRR0 and
 * U2X0), and so does the terminal at the other end: a byte lasts 10 bit
 * times of the chip's own rate, (UBRR0 + 1) * 8 cycles a bit with U2X0
 * (1,360 cycles a byte for "115200", 117,647 baud; 160 at 1,000,000).
 * sim_uart_send queues bytes; they reach the chip's RX pin back to back
 * at that rate, never dropped by the harness.  Bytes sent before the
 * firmware turns the receiver on wait for it.  The chip's receive buffer
 * holds two bytes, as the real one: a byte that comes whole while two
 * wait unread is lost and the firmware finds DOR0 set (sim_uart_overruns
 * counts them). */
uint32_t sim_uart_byte_cycles(const struct sim *sim);
/* That rate in bits a second, F_CPU / ((UBRR0 + 1) * 8 or 16), rounded. */
uint32_t sim_uart_baud(const struct sim *sim);
uint32_t sim_uart_overruns(const struct sim *sim);
void sim_uart_send(struct sim *sim, const char *bytes, size_t length);
/* XON/XOFF as the terminal sees them on the chip's TX pin.  Honouring
 * them (the default, with a lag of 16), the terminal sends `lag` more
 * bytes after an XOFF has reached it, besides the one already on the wire
 * (a USB-serial bridge's bytes in flight), then waits for XON.  Not
 * honouring them, it sends on regardless.  Either way XON and XOFF are
 * counted and kept out of sim_uart_output(). */
void sim_uart_set_flow(struct sim *sim, bool honour_xoff, uint32_t lag);
uint32_t sim_uart_xoffs(const struct sim *sim);
uint32_t sim_uart_xons(const struct sim *sim);
/* Everything else the chip has sent so far (NUL-terminated; the harness keeps it). */
const char *sim_uart_output(const struct sim *sim);
size_t sim_uart_output_length(const struct sim *sim);
void sim_uart_clear_output(struct sim *sim);
/* Runs until `text` is anywhere in the output kept (since the start or the
 * last sim_uart_clear_output). */
bool sim_wait_uart(struct sim *sim, const char *text, uint32_t timeout_ms);
/* Bytes queued by sim_uart_send not yet taken by the chip. */
size_t sim_uart_pending(const struct sim *sim);

/* ---- LEDs, lamps and EEPROM ---- */
bool sim_led_thinking(const struct sim *sim);
bool sim_led_win(const struct sim *sim);
/* True if the firmware ever drove the backlight pin (D10) high as an output,
 * which would short the transistor on many shield clones; the run stops
 * there, sim_state_text() saying so. */
bool sim_backlight_ever_driven_high(const struct sim *sim);
/* Whether the backlight is lit: D10 an input, the shield's pull-up on the
 * transistor's base; false while it is an output (driven low: high stops
 * the run). */
bool sim_backlight_lit(const struct sim *sim);
/* The exhibit's 16 lamps (board/lcd_keypad_shield.h): the outputs of its
 * two 74HC595s as last latched, bit 15 the far register's QH, bit 8 its
 * QA, bit 7 the near register's QH, bit 0 its QA; the firmware's lamp 1
 * is bit 15 (hal/lamps.h).  0 until the first latch. */
uint16_t sim_lamps(const struct sim *sim);
/* Latches since power-on: none from a firmware without the lamps. */
uint32_t sim_lamps_latches(const struct sim *sim);
/* The EEPROM's bytes.  simavr writes a byte the moment the firmware
 * starts the write; the harness then keeps the chip busy (EEPE set) for
 * the 3.4 ms the real chip takes, so the firmware waits as on the chip. */
void sim_eeprom_read(const struct sim *sim, uint8_t out[1024]);
/* Whether a byte write is under way (begun less than 3.4 ms ago): then
 * its address, and the byte it replaces.  On the chip a power cut now
 * leaves that byte undefined: the old, the new, or neither. */
bool sim_eeprom_write_under_way(const struct sim *sim, uint16_t *address, uint8_t *replaced);
/* Byte writes begun since power-on, and the cycle the last one began. */
uint32_t sim_eeprom_writes(const struct sim *sim);
uint64_t sim_eeprom_last_write_cycle(const struct sim *sim);
/* Cuts the power at the current cycle and powers on again, EEPROM kept,
 * RAM and registers lost.  A byte write under way keeps the new byte
 * (sim_power_cycle_with can say otherwise). */
void sim_power_cycle(struct sim *sim);
/* The same, with `eeprom` in the EEPROM at power-on: what a power cut
 * leaves, as the caller models it. */
void sim_power_cycle_with(struct sim *sim, const uint8_t eeprom[1024]);

/* ---- the buzzer (D11) ---- */
/* What the piezo plays, measured from its pin's edges alone.  A tone is a
 * run of evenly spaced edges (each gap within 2% of the run's first);
 * its frequency comes from the run's mean half-period; it begins a
 * half-period before its first edge (the timer starts a tone from a new
 * half-period) and ends at its last edge, so it reads up to a half-period
 * short.  It is over when an edge breaks the run (the next note) or the
 * pin has been still for two of its half-periods (silence; tones are
 * 100 Hz and higher). */
struct sim_tone {
	uint64_t start; /* cycles since power-on */
	uint64_t end;
	double hz;
};
#define SIM_TONES_KEPT 64u
/* The tones over since power-on or sim_tones_clear(), oldest first: the
 * last `max` of them (the harness keeps the last SIM_TONES_KEPT, and the
 * one just over).  Returns how many it wrote. */
size_t sim_tones(const struct sim *sim, struct sim_tone *out, size_t max);
void sim_tones_clear(struct sim *sim);
/* Whether the pin moves: not still for two of its latest half-periods. */
bool sim_buzzer_sounding(const struct sim *sim);
/* The tone sounding now, from its start to its latest edge; false in
 * silence, and for a tone's first two edges. */
bool sim_tone_now(const struct sim *sim, struct sim_tone *out);

/* ---- where the cycles go ---- */
/* From now on, counts the cycles the chip is awake by the flash address of
 * the instruction that takes them, interrupts' code included (simavr 1.6
 * leaves out the 4 cycles the chip takes to enter an interrupt, 8 from
 * sleep); the simulator then runs one instruction a step, several times
 * slower. */
void sim_profile_start(struct sim *sim);
struct sim_profile_entry {
	const char *function; /* the ELF's symbol, valid while the sim is open */
	uint64_t cycles;
};
/* Stops counting: the cycles counted in each function (from its symbol
 * to the next), most first, the first `max` of them into `out`; returns
 * how many it wrote. */
size_t sim_profile_stop(struct sim *sim, struct sim_profile_entry *out, size_t max);

/* ---- the firmware's variables ---- */
/* The `size` bytes of the firmware's static variable `name` (a data symbol
 * of the ELF) as they are in RAM now; false when there is none. */
bool sim_ram_symbol(const struct sim *sim, const char *name, void *out, size_t size);

/* ---- RAM and the stack ---- */
/* At power-on the harness paints the RAM from the end of the firmware's
 * static data (.data and .bss) up to RAMEND with a pattern; the stack grows
 * down from RAMEND into it. */
uint16_t sim_static_ram(const struct sim *sim); /* bytes of .data and .bss */
uint16_t sim_ram_size(const struct sim *sim);   /* bytes of SRAM: 2,048 */
/* The most bytes of stack used since power-on or the last repaint: from
 * RAMEND down to the lowest painted byte the firmware wrote (a write of a
 * byte's own paint goes unseen, so it may read a byte or two short). */
uint16_t sim_stack_high_water(const struct sim *sim);
/* Paints the free RAM below the stack pointer again, so that the next
 * sim_stack_high_water() is that of what runs from now on. */
void sim_stack_repaint(struct sim *sim);

#endif
