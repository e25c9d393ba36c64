/*
 * make bench's battery part: the pocket edition (FEATURE_STANDBY) in
 * simavr, left in each state a handheld spends its life in, and where the
 * chip's time goes in each: awake, asleep in idle, asleep in power-down
 * (the harness counts the cycles by SMCR's sleep mode, sim/power.h), and
 * how often power-down is woken.  From those fractions and the currents
 * named in `currents` below, each with its source, the average current of
 * a bare ATmega328P board at 16 MHz and 5 V with the LCD Keypad Shield,
 * and the days a 2,000 mAh battery lasts in that state; the table goes to
 * the terminal and is appended to the benchmark's.
 *
 * The states, each measured over MEASURE_S seconds of simulated time with
 * no key pressed:
 *   menu, lit          the menu a few seconds after power-on
 *   menu, light off    the menu after the light's idle time (2 minutes)
 *   game, waiting      Marienbad at the person's first turn
 *   standby            after standby's idle time (10 minutes)
 *
 * usage: battery_run [--out FILE] FIRMWARE.ELF
 * Exit status 0 when every state was reached and standby spent at least
 * 99.9% of its time in power-down.
 */
#include <stdarg.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "board/lcd_keypad_shield.h"
#include "sim/harness.h"
#include "tools/bench/common.h"

#define MEASURE_S 20u
#define BOOT_MS 3000u         /* power-on, and a new EEPROM's first writes */
#define LIGHT_IDLE_MS 120000u /* firmware/settings.h's defaults */
#define STANDBY_IDLE_MS 600000u
#define IDLE_SLACK_MS 2000u
#define PRESS_MS 100u
#define GAME_TURN_MS 4000u /* the page of help before the first turn: 2.5 s */
#define BATTERY_MAH 2000.0
#define POWER_DOWN_LEAST 0.999
#define CYCLES_PER_MS (BOARD_F_CPU / 1000u)

/* The currents, in mA.  The chip's come from the ATmega328P datasheet
 * (Atmel-8271, "ATmega328P DC Characteristics", typical at 25 C; its
 * table gives active and idle at 8 MHz and 5 V, and the supply current
 * grows about in proportion to the clock, as its "Supply Current vs.
 * Frequency" figures show: doubled here for 16 MHz).  The shield's are
 * typical parts'; measure a board's own to replace them. */
enum current {
	CHIP_ACTIVE,
	CHIP_IDLE,
	CHIP_MODULES,
	CHIP_POWER_DOWN,
	CHIP_START_UP,
	LCD_LOGIC,
	LCD_CONTRAST,
	BACKLIGHT_LED,
	BACKLIGHT_BASE_LIT,
	BACKLIGHT_BASE_DARK,
	CURRENTS
};

static const struct {
	double ma;
	const char *what;
} currents[CURRENTS] = {
	[CHIP_ACTIVE] = { 2.0 * 5.2, "chip awake: 5.2 mA typ. active at 8 MHz, 5 V (DC characteristics), doubled" },
	[CHIP_IDLE] = { 2.0 * 1.2, "chip in idle: 1.2 mA typ. at 8 MHz, 5 V (DC characteristics), doubled" },
	[CHIP_MODULES] = { 2.0 * (100.25 + 199.25 + 224.25 + 176.25 + 61.13 + 186.50 + 295.38) / 1000.0,
			   "the chip's modules, awake and in idle: the firmware leaves PRR at 0, so USART0, TWI, "
			   "Timer2, Timer1, Timer0, SPI and the ADC are clocked: 100+199+224+176+61+187+295 uA typ. "
			   "at 8 MHz, 5 V (\"Additional Current Consumption for the different I/O modules\"), "
			   "doubled" },
	[CHIP_POWER_DOWN] = { 0.0042, "chip in power-down, watchdog on: 4.2 uA typ. (DC characteristics, at 3 V: "
				      "the table gives no 5 V figure)" },
	[CHIP_START_UP] = { 2.0 * 1.2, "each wake from power-down first waits 16K clock cycles (1.024 ms) for the "
				       "crystal (\"Start-up Times for the Low Power Crystal Oscillator\", the Uno's "
				       "fuses); the datasheet gives no current for it: counted as idle" },
	[LCD_LOGIC] = { 1.5, "the LCD module's logic, display on or off (the HD44780's display off keeps its "
			     "oscillator and bias): about 1.5 mA on its pin 2 (Arduino forum, \"16 x 2 LCD Display "
			     "current\")" },
	[LCD_CONTRAST] = { 0.5, "the shield's contrast trimmer across 5 V, taken as 10 kOhm (its value is "
				"undocumented here)" },
	[BACKLIGHT_LED] = { 24.0, "the backlight's LEDs: about 24 mA through a 1602 module's 100 Ohm R8 (same "
				  "thread)" },
	[BACKLIGHT_BASE_LIT] = { (5.0 - 0.7) / 4.7, "the shield's 4.7 kOhm pull-up on the backlight transistor's "
						    "base, lit: (5 V - 0.7 V) / 4.7 kOhm into the base (DFRobot's "
						    "schematic, Arduino forum \"Warning to users of some vendors LCD "
						    "keypad shields\")" },
	[BACKLIGHT_BASE_DARK] = { 5.0 / 4.7, "the same pull-up, dark: 5 V / 4.7 kOhm into D10, driven low" },
};

static struct {
	const char *out;
	const char *elf;
} options;

static void parse_options(int argc, char **argv)
{
	for (int i = 1; i < argc; i++) {
		if (strcmp(argv[i], "--out") == 0 && i + 1 < argc) {
			options.out = argv[++i];
		} else if (argv[i][0] != '-' && options.elf == NULL) {
			options.elf = argv[i];
		} else {
			fprintf(stderr, "usage: battery_run [--out FILE] FIRMWARE.ELF\n");
			exit(2);
		}
	}
	if (options.elf == NULL) {
		fprintf(stderr, "usage: battery_run [--out FILE] FIRMWARE.ELF\n");
		exit(2);
	}
}

/* Where a state's time went. */
struct state {
	const char *name;
	bool lit;
	double awake, idle, power_down, other; /* fractions of the time */
	double wakes_per_s;                    /* from power-down */
};

static void measure(struct sim *sim, struct state *state)
{
	uint64_t cycles = sim_cycles(sim);
	uint64_t asleep = sim_sleep_cycles(sim);
	uint64_t idle = sim_sleep_cycles_in(sim, SIM_SLEEP_IDLE);
	uint64_t down = sim_sleep_cycles_in(sim, SIM_SLEEP_POWER_DOWN);
	uint64_t wakes = sim_sleeps_in(sim, SIM_SLEEP_POWER_DOWN);
	state->lit = sim_backlight_lit(sim);
	sim_run_ms(sim, MEASURE_S * 1000u);
	if (sim_stopped(sim)) {
		bench_fatal("%s: the firmware stopped: %s", state->name, sim_state_text(sim));
	}
	double span = (double)(sim_cycles(sim) - cycles);
	double slept = (double)(sim_sleep_cycles(sim) - asleep);
	state->idle = (double)(sim_sleep_cycles_in(sim, SIM_SLEEP_IDLE) - idle) / span;
	state->power_down = (double)(sim_sleep_cycles_in(sim, SIM_SLEEP_POWER_DOWN) - down) / span;
	state->awake = 1.0 - slept / span;
	state->other = slept / span - state->idle - state->power_down;
	state->wakes_per_s = (double)(sim_sleeps_in(sim, SIM_SLEEP_POWER_DOWN) - wakes) / MEASURE_S;
	if (state->lit != sim_backlight_lit(sim)) {
		bench_fatal("%s: the backlight changed while it was measured", state->name);
	}
}

static double chip_ma(const struct state *state)
{
	/* A sleep mode besides idle and power-down would be counted as idle
	 * (the firmware uses none). */
	double idle = state->idle + state->other;
	return state->awake * (currents[CHIP_ACTIVE].ma + currents[CHIP_MODULES].ma) +
	       idle * (currents[CHIP_IDLE].ma + currents[CHIP_MODULES].ma) +
	       state->power_down * currents[CHIP_POWER_DOWN].ma +
	       state->wakes_per_s * 1.024e-3 * (currents[CHIP_START_UP].ma - currents[CHIP_POWER_DOWN].ma);
}

static double shield_ma(const struct state *state)
{
	double light = state->lit ? currents[BACKLIGHT_LED].ma + currents[BACKLIGHT_BASE_LIT].ma
				  : currents[BACKLIGHT_BASE_DARK].ma;
	return currents[LCD_LOGIC].ma + currents[LCD_CONTRAST].ma + light;
}

static bool backlight_dark(struct sim *sim, void *ctx)
{
	(void)ctx;
	return !sim_backlight_lit(sim);
}

static bool display_off(struct sim *sim, void *ctx)
{
	(void)ctx;
	return !sim_lcd_display_on(sim);
}

static void press(struct sim *sim, enum board_button button)
{
	sim_button_down(sim, button);
	sim_run_ms(sim, PRESS_MS);
	sim_button_up(sim);
	sim_run_ms(sim, PRESS_MS);
}

int main(int argc, char **argv)
{
	parse_options(argc, argv);
	struct sim *sim = sim_open(&(struct sim_options){ .elf = options.elf });
	if (sim == NULL) {
		bench_fatal("the simulator cannot run %s", options.elf);
	}
	struct state states[] = { { .name = "menu, lit" },
				  { .name = "menu, light off" },
				  { .name = "game, waiting" },
				  { .name = "standby" } };
	sim_run_ms(sim, BOOT_MS);
	measure(sim, &states[0]);
	if (!sim_run_until(sim, backlight_dark, NULL, LIGHT_IDLE_MS + IDLE_SLACK_MS)) {
		bench_fatal("the backlight never went off: is %s the pocket edition?", options.elf);
	}
	measure(sim, &states[1]);
	if (!sim_run_until(sim, display_off, NULL, STANDBY_IDLE_MS + IDLE_SLACK_MS)) {
		bench_fatal("no standby");
	}
	sim_run_ms(sim, PRESS_MS);
	measure(sim, &states[3]);
	press(sim, BUTTON_DOWN);   /* wakes it, and only that */
	press(sim, BUTTON_SELECT); /* the menu's game, Marienbad, the person first */
	sim_run_ms(sim, GAME_TURN_MS);
	measure(sim, &states[2]);

	bench_say_to(options.out, "a", true);
	bench_say("\nThe pocket on batteries: %s in simavr, %u s of each state; the current of a bare ATmega328P board "
		  "(16 MHz, 5 V) with the LCD Keypad Shield\n",
		  options.elf, MEASURE_S);
	bench_say("  %-16s %8s %8s %11s %8s %8s %9s %9s %12s\n", "state", "awake", "idle", "power-down", "wakes/s",
		  "chip mA", "shield mA", "total mA", "2,000 mAh");
	for (size_t i = 0; i < sizeof states / sizeof states[0]; i++) {
		const struct state *state = &states[i];
		double total = chip_ma(state) + shield_ma(state);
		bench_say("  %-16s %7.3f%% %7.3f%% %10.3f%% %8.1f %8.3f %9.3f %9.3f %7.1f days\n", state->name,
			  100.0 * state->awake, 100.0 * state->idle, 100.0 * state->power_down, state->wakes_per_s,
			  chip_ma(state), shield_ma(state), total, BATTERY_MAH / total / 24.0);
	}
	bench_say("  the currents, typical:\n");
	for (int i = 0; i < CURRENTS; i++) {
		bench_say("    %7.4f mA  %s\n", currents[i].ma, currents[i].what);
	}
	bench_say(
		"  An Arduino Uno draws tens of mA more whatever the firmware does: its USB-serial chip (ATmega16U2), "
		"its regulator and its power LED.\n");
	const struct state *standby = &states[3];
	bool ok = standby->power_down >= POWER_DOWN_LEAST && !standby->lit && states[1].lit == false && states[0].lit &&
		  states[2].lit;
	if (!ok) {
		bench_say("  error: standby spent %.3f%% of its time in power-down, under %.1f%%, or a backlight was "
			  "wrong\n",
			  100.0 * standby->power_down, 100.0 * POWER_DOWN_LEAST);
	}
	bench_say_close();
	sim_close(sim);
	return ok ? 0 : 1;
}
