/*
 * The chip's sleep as the datasheet has it, where simavr 1.6 differs
 * (ATmega328P datasheet, "Power Management and Sleep Modes" and
 * "Watchdog Timer"):
 *   - simavr sleeps every mode as idle: any interrupt wakes it.  Here the
 *     cycles asleep are counted by the mode SMCR's SM bits chose, with the
 *     sleeps begun in each; and power-down, which stops the chip's clocks,
 *     is a fault while a timer counts from the system clock (Timer0,
 *     Timer1, Timer2 without its own crystal) or the ADC converts: simavr
 *     would go on counting and wake the chip where the real one sleeps on.
 *     The run stops, saying so.  Nothing else is checked: the USART, whose
 *     receiver power-down also stops, still takes bytes.
 *   - In interrupt-and-reset mode (WDE and WDIE set) the chip clears WDIE
 *     at a time-out, as it raises the interrupt, and the next time-out
 *     resets it unless the firmware set WDIE again.  simavr clears WDIE
 *     only when the interrupt is served, so a chip that hangs with
 *     interrupts off would never be reset.  Here a time-out whose interrupt
 *     is still waiting to be served one period later resets the chip, as
 *     simavr resets it from reset mode.
 * sim/run.c calls these from its sleep callback and its run loop.
 */
#ifndef SIM_POWER_H
#define SIM_POWER_H

#include <stdbool.h>
#include <stdint.h>

#include <avr_watchdog.h>
#include <sim_avr.h>

#include "sim/harness.h" /* enum sim_sleep_mode */

#define SIM_POWER_FAULT_SIZE 200

struct sim_power {
	uint64_t cycles[SIM_SLEEP_MODES]; /* asleep in each mode */
	uint64_t sleeps[SIM_SLEEP_MODES]; /* sleeps begun in each mode */
	uint64_t sleep_end;               /* the cycle the last stretch asleep ends */
	avr_watchdog_t *watchdog;
	uint64_t watchdog_raised; /* the cycle of its interrupt's last raise */
	bool watchdog_overdue;    /* a time-out came with the last one unserved */
	char fault[SIM_POWER_FAULT_SIZE];
};

/* At power-on, once the chip is built: the counts from zero. */
void sim_power_init(struct sim_power *power, avr_t *avr);
/* simavr's sleep callback: the chip sleeps `how_long` cycles more, then
 * one.  Returns false, with power->fault saying why, when it sleeps in
 * power-down with a clock running that power-down stops. */
bool sim_power_sleep(struct sim_power *power, avr_t *avr, uint64_t how_long);
/* After each avr_run(): when a time-out in interrupt-and-reset mode found
 * the last one's interrupt still waiting, resets the chip as the watchdog
 * does (its reset flag set) and returns true. */
bool sim_power_watchdog_reset(struct sim_power *power, avr_t *avr);

#endif
