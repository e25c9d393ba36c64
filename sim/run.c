/*
 * Running the chip: simulated time, its sleep, the watchdog's resets, and
 * why a run ended (see harness.h, "time").
 *
 * One self-rescheduling cycle timer (the "tick", every simulated
 * millisecond) lets sim_run_until poll its predicate and paces real-time
 * runs; the serial terminal's feeds queued bytes at the line's speed; a
 * third marks the end of each run so a sleeping chip wakes exactly there.
 * A watchdog reset drops every cycle timer, so the harness notices the
 * reset and arms its own again.
 */
#include <stdio.h>
#include <string.h>
#include <time.h>

#include <avr_extint.h>
#include <sim_avr.h>

#include "sim/wiring.h"

#define SIM_BEHIND_LIMIT_NS 100000000LL /* real time: give up catching up after 100 ms */

/* The watchdog's register (data-space address, ATmega328P datasheet
 * "Register Summary"): its enable bits, to tell an endless loop the
 * watchdog will end from a hang, and its prescaler's bits WDP0..WDP2
 * (bits 0..2) and WDP3 (bit 5): a period of 2048 << WDP cycles of the
 * watchdog's 128 kHz oscillator. */
#define SIM_WDTCSR 0x60u
#define SIM_WDTCSR_ENABLE_BITS 0x48u /* WDIE | WDE */
#define SIM_WDTCSR_WDP_LOW 0x07u
#define SIM_WDTCSR_WDP3 0x20u
#define SIM_WATCHDOG_HZ 128000u
#define SIM_WATCHDOG_MIN_TICKS 2048u

uint64_t sim_ms_to_cycles(const struct sim *sim, uint32_t ms)
{
	return (uint64_t)ms * sim->avr->frequency / 1000u;
}

static void sim_anchor_wall_clock(struct sim *sim)
{
	clock_gettime(CLOCK_MONOTONIC, &sim->wall_anchor);
	sim->cycle_anchor = sim->avr->cycle;
}

/* Real-time mode: wait until the wall clock reaches simulated `cycle`.  A
 * host too slow to keep up re-anchors instead of racing to catch up. */
static void sim_pace(struct sim *sim, uint64_t cycle)
{
	if (!sim->options.realtime) {
		return;
	}
	uint64_t ns = (cycle - sim->cycle_anchor) * 1000000000u / sim->avr->frequency;
	struct timespec target = sim->wall_anchor;
	target.tv_sec += (time_t)(ns / 1000000000u);
	target.tv_nsec += (long)(ns % 1000000000u);
	if (target.tv_nsec >= 1000000000L) {
		target.tv_sec++;
		target.tv_nsec -= 1000000000L;
	}
	struct timespec now;
	clock_gettime(CLOCK_MONOTONIC, &now);
	long long late = (long long)(now.tv_sec - target.tv_sec) * 1000000000LL + (now.tv_nsec - target.tv_nsec);
	if (late > SIM_BEHIND_LIMIT_NS) {
		sim_anchor_wall_clock(sim);
		return;
	}
	if (late < 0) {
		clock_nanosleep(CLOCK_MONOTONIC, TIMER_ABSTIME, &target, NULL);
	}
}

/* Replaces simavr's sleep, which sleeps in real time whatever the mode. */
static void sim_on_sleep(avr_t *avr, avr_cycle_count_t how_long)
{
	struct sim *sim = avr->custom.data;
	/* The core then advances the clock by 1 + how_long, all of it asleep. */
	sim->sleep_cycles += 1u + how_long;
	if (!sim_power_sleep(&sim->power, avr, how_long)) {
		sim_stop(sim, "%s", sim->power.fault);
		avr->run_cycle_count = 0;
	}
	sim_pace(sim, avr->cycle + 1u + how_long);
}

static avr_cycle_count_t sim_on_tick(avr_t *avr, avr_cycle_count_t when, void *param)
{
	struct sim *sim = param;
	sim->poll_due = true;
	sim_pace(sim, when);
	(void)avr;
	return when + sim->tick_cycles;
}

/* Only there so that a sleeping chip wakes at the end of a run. */
static avr_cycle_count_t sim_on_run_end(avr_t *avr, avr_cycle_count_t when, void *param)
{
	(void)avr;
	(void)when;
	(void)param;
	return 0;
}

/* Settings simavr 1.6 puts back at every reset, so made after power-on and
 * after every watchdog reset. */
static void sim_tune_core(struct sim *sim)
{
	/* The core starts with a limit of one cycle between timer checks, so
	 * a sleeping chip would advance one cycle per call; our tick bounds
	 * every sleep anyway. */
	sim->avr->run_cycle_limit = sim->tick_cycles;
	/* While INT0 (PD2) or INT1 (PD3) is low in the default level mode,
	 * simavr polls the pin every cycle, even with the interrupt disabled:
	 * the WIN LED's pin is PD3, and an unlit LED made sleeping firmware
	 * five times slower.  Level interrupts then act like falling edges,
	 * which the firmware does not use. */
	avr_extint_set_strict_lvl_trig(sim->avr, 0, 0);
	avr_extint_set_strict_lvl_trig(sim->avr, 1, 0);
}

static void sim_arm_timers(struct sim *sim)
{
	avr_cycle_timer_register(sim->avr, sim->tick_cycles, sim_on_tick, sim);
	if (sim->end_cycle > sim->avr->cycle) {
		avr_cycle_timer_register(sim->avr, sim->end_cycle - sim->avr->cycle, sim_on_run_end, sim);
	}
	serial_terminal_restart(&sim->terminal);
}

/* Every reset after power-on is the watchdog's: nothing else resets the
 * chip here.  simavr drops all cycle timers right after this hook, so they
 * are armed again once the core returns. */
static void sim_on_reset(avr_t *avr)
{
	struct sim *sim = avr->custom.data;
	if (sim->core_reset) {
		sim->core_reset(avr);
	}
	sim->watchdog_resets++;
	sim->watchdog_reset_cycle = avr->cycle;
	sim->timers_lost = true;
}

static void sim_after_watchdog_reset(struct sim *sim)
{
	/* The reset dropped the timer that would end a write under way. */
	eeprom_power_finish_write(&sim->eeprom);
	sim->timers_lost = false;
	sim_tune_core(sim);
	sim_arm_timers(sim);
}

void sim_clock_power_on(struct sim *sim)
{
	avr_t *avr = sim->avr;
	avr->sleep = sim_on_sleep;
	sim->core_reset = avr->reset;
	avr->reset = sim_on_reset;
	sim->sleep_cycles = 0;
	sim->watchdog_resets = 0;
	sim->watchdog_reset_cycle = 0;
	sim->watch_from = sim->watch_to = 0;
	sim->timers_lost = false;
	sim->end_cycle = 0;
	sim->tick_cycles = (uint32_t)sim_ms_to_cycles(sim, 1);
	sim_power_init(&sim->power, avr);
}

void sim_clock_start(struct sim *sim)
{
	sim_tune_core(sim);
	sim_arm_timers(sim);
	sim_anchor_wall_clock(sim);
}

static bool sim_watchdog_armed(const struct sim *sim)
{
	return (sim->avr->data[SIM_WDTCSR] & SIM_WDTCSR_ENABLE_BITS) != 0;
}

/* A jump to itself with interrupts off never ends unless the watchdog
 * ends it: avr-libc's exit() and `cli(); for (;;) {}` compile to
 * `rjmp .-2`, or `jmp` to its own address. */
static bool sim_jumps_to_itself(const struct sim *sim)
{
	const uint8_t *flash = sim->avr->flash;
	avr_flashaddr_t pc = sim->avr->pc;
	if (pc + 4u > sim->avr->flashend + 1u) {
		return false;
	}
	uint16_t word = (uint16_t)(flash[pc] | flash[pc + 1] << 8);
	if (word == 0xCFFFu) {
		return true; /* rjmp .-2 */
	}
	uint16_t target = (uint16_t)(flash[pc + 2] | flash[pc + 3] << 8);
	return word == 0x940Cu && (avr_flashaddr_t)target * 2u == pc; /* jmp to itself, below 128 KB */
}

/* Why a run ended, in words, from simavr's state. */
static void sim_note_core_state(struct sim *sim, int state)
{
	if (state == cpu_Done) {
		sim_stop(sim, "stopped: the firmware went to sleep with interrupts off, so nothing can wake it");
	} else if (state == cpu_Crashed) {
		/* simavr 1.6 crashes a chip for three reasons: a read or a write
		 * outside data memory, which it logs first, and a program counter
		 * past the end of flash, which it does not. */
		if (sim->core_error[0] && strcmp(sim->core_error, "avr_sadly_crashed") != 0) {
			sim_stop(sim, "crashed: %s", sim->core_error);
		} else {
			sim_stop(sim, "crashed: the program counter ran past the end of flash");
		}
	} else {
		sim_stop(sim, "stopped: simavr left the chip in state %d", state);
	}
}

/* Runs the chip to cycle `end` at most; polls done() whenever something a
 * test could wait for happened.  True when done() said so. */
static bool sim_run_to(struct sim *sim, uint64_t end, bool (*done)(struct sim *sim, void *ctx), void *ctx)
{
	if (done && done(sim, ctx)) {
		return true;
	}
	if (sim->stopped) {
		return false;
	}
	avr_t *avr = sim->avr;
	sim->end_cycle = end;
	if (end > avr->cycle) {
		avr_cycle_timer_register(avr, end - avr->cycle, sim_on_run_end, sim);
	}
	sim->poll_due = false;
	bool finished = false;
	while (avr->cycle < end) {
		uint32_t pc = avr->pc;
		uint64_t cycle = avr->cycle;
		uint64_t asleep = sim->sleep_cycles; /* a SLEEP's step sleeps too */
		bool awake = avr->state == cpu_Running;
		if (sim->profile) {
			/* One instruction a step (see sim_run_until_in_function). */
			avr->run_cycle_limit = avr->run_cycle_count = 1;
		}
		int state = avr_run(avr);
		if (sim->profile && awake && pc / 2u <= avr->flashend / 2u) {
			sim->profile[pc / 2u] += (avr->cycle - cycle) - (sim->sleep_cycles - asleep);
		}
		if (state != cpu_Running && state != cpu_Sleeping) {
			sim_note_core_state(sim, state);
			break;
		}
		if (sim->core_error[0]) {
			sim_stop(sim, "crashed: %s", sim->core_error);
			break;
		}
		if (sim->stopped) {
			break;
		}
		sim_power_watchdog_reset(&sim->power, avr);
		if (sim->timers_lost) {
			sim_after_watchdog_reset(sim);
		}
		if (avr->pc >= sim->watch_from && avr->pc < sim->watch_to) {
			sim->poll_due = true;
		}
		if (state == cpu_Running && !avr->sreg[S_I] && sim_jumps_to_itself(sim) && !sim_watchdog_armed(sim)) {
			sim_stop(sim, "hung: endless loop with interrupts off at byte address 0x%04X",
				 (unsigned)avr->pc);
			break;
		}
		if (sim->poll_due) {
			sim->poll_due = false;
			if (done && done(sim, ctx)) {
				finished = true;
				break;
			}
		}
	}
	if (!sim->terminated) {
		avr_cycle_timer_cancel(avr, sim_on_run_end, sim);
	}
	sim->end_cycle = 0;
	return finished;
}

/* ---- the harness's face (sim/harness.h) ---- */

uint64_t sim_cycles(const struct sim *sim)
{
	return sim->avr->cycle;
}

uint64_t sim_sleep_cycles(const struct sim *sim)
{
	return sim->sleep_cycles;
}

uint64_t sim_sleep_cycles_in(const struct sim *sim, enum sim_sleep_mode mode)
{
	return mode < SIM_SLEEP_MODES ? sim->power.cycles[mode] : 0u;
}

uint64_t sim_sleeps_in(const struct sim *sim, enum sim_sleep_mode mode)
{
	return mode < SIM_SLEEP_MODES ? sim->power.sleeps[mode] : 0u;
}

void sim_run_cycles(struct sim *sim, uint64_t cycles)
{
	sim_run_to(sim, sim->avr->cycle + cycles, NULL, NULL);
}

void sim_run_ms(struct sim *sim, uint32_t ms)
{
	sim_run_cycles(sim, sim_ms_to_cycles(sim, ms));
}

bool sim_run_until(struct sim *sim, bool (*done)(struct sim *sim, void *ctx), void *ctx, uint32_t timeout_ms)
{
	return sim_run_to(sim, sim->avr->cycle + sim_ms_to_cycles(sim, timeout_ms), done, ctx);
}

bool sim_stopped(const struct sim *sim)
{
	return sim->stopped;
}

const char *sim_state_text(const struct sim *sim)
{
	return sim->stopped ? sim->state_text : "running";
}

uint32_t sim_watchdog_resets(const struct sim *sim)
{
	return sim->watchdog_resets;
}

uint64_t sim_watchdog_reset_cycle(const struct sim *sim)
{
	return sim->watchdog_reset_cycle;
}

uint64_t sim_watchdog_period(const struct sim *sim)
{
	uint8_t wdtcsr = sim->avr->data[SIM_WDTCSR];
	if ((wdtcsr & SIM_WDTCSR_ENABLE_BITS) == 0) {
		return 0;
	}
	unsigned prescaler = (wdtcsr & SIM_WDTCSR_WDP_LOW) | ((wdtcsr & SIM_WDTCSR_WDP3) ? 8u : 0u);
	return ((uint64_t)SIM_WATCHDOG_MIN_TICKS << prescaler) * sim->avr->frequency / SIM_WATCHDOG_HZ;
}
