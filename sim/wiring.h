/*
 * The harness's own view of a simulated board, for the simulator's files
 * alone (tests and tools see sim/harness.h): the chip, the firmware, and
 * each part of the board wired to the chip's pins.  sim/harness.c builds
 * and wires them, sim/run.c runs the chip, sim/firmware.c reads the
 * firmware; each part's file answers harness.h's calls about that part.
 */
#ifndef SIM_WIRING_H
#define SIM_WIRING_H

#include <stdbool.h>
#include <stdint.h>
#include <time.h>

#include <sim_avr.h>
#include <sim_elf.h>

#include "sim/button_ladder.h"
#include "sim/eeprom_power.h"
#include "sim/harness.h"
#include "sim/lamps_595.h"
#include "sim/lcd_hd44780.h"
#include "sim/leds.h"
#include "sim/piezo.h"
#include "sim/power.h"
#include "sim/serial_terminal.h"

#define SIM_STATE_TEXT_SIZE 320

struct sim {
	struct sim_options options;
	char *elf_path;
	elf_firmware_t *firmware;
	avr_t *avr;
	bool terminated; /* simavr freed the chip's memory (it does so at cpu_Done) */
	bool stopped;
	char state_text[SIM_STATE_TEXT_SIZE];
	char core_error[SIM_STATE_TEXT_SIZE]; /* first error simavr logged */

	/* Time (sim/run.c). */
	uint64_t sleep_cycles;
	struct sim_power power; /* by sleep mode; the watchdog's resets */
	uint64_t end_cycle;
	uint32_t tick_cycles;
	uint32_t watchdog_resets;
	uint64_t watchdog_reset_cycle;
	void (*core_reset)(avr_t *avr);
	bool timers_lost;
	bool poll_due;
	struct timespec wall_anchor;
	uint64_t cycle_anchor;
	/* A stretch of flash (byte addresses) whose reaching ends a run at
	 * once (sim_run_until_in_function); empty while none is watched. */
	uint32_t watch_from;
	uint32_t watch_to;
	/* Awake cycles by the flash word of the instruction that took them,
	 * while a profile is under way (sim_profile_start); else NULL. */
	uint64_t *profile;

	/* The parts of the board. */
	struct lcd_hd44780 lcd;
	struct button_ladder buttons;
	struct serial_terminal terminal;
	struct eeprom_power eeprom;
	struct leds leds;
	struct lamps_595 lamps;
	struct piezo piezo;
};

/* sim/harness.c */
/* Something a test may wait for happened: ends simavr's batch of
 * instructions after this one, so that sim_run_until polls at once. */
void sim_request_poll(struct sim *sim);
/* The run stops, the first reason given kept for sim_state_text(). */
void sim_stop(struct sim *sim, const char *format, ...) __attribute__((format(printf, 2, 3)));
/* Builds the chip, loads the firmware and powers it on with `eeprom`,
 * every part connected; false, with the reason on stderr, when it cannot. */
bool sim_power_on(struct sim *sim, const uint8_t eeprom[EEPROM_POWER_SIZE]);
void sim_power_off(struct sim *sim);

/* sim/run.c */
uint64_t sim_ms_to_cycles(const struct sim *sim, uint32_t ms);
/* At power-on, before the parts are connected: simavr's sleep and reset
 * call the harness, and the counts of time start from zero. */
void sim_clock_power_on(struct sim *sim);
/* At power-on, once the parts are connected: the core tuned, the cycle
 * timers armed, real time anchored. */
void sim_clock_start(struct sim *sim);

/* sim/firmware.c */
/* Reads sim->elf_path into sim->firmware; false, saying why on stderr,
 * when it is no AVR firmware for the board. */
bool sim_firmware_load(struct sim *sim);
void sim_firmware_free(elf_firmware_t *firmware);
/* Paints the RAM from the end of the static data up to `top` (see
 * sim_stack_high_water). */
void sim_stack_paint(struct sim *sim, uint16_t top);

#endif
