/* The chip's sleep as the datasheet has it; see power.h. */
#include "sim/power.h"

#include <stdio.h>
#include <string.h>

#include <sim_interrupts.h>
#include <sim_io.h>

/* ATmega328P registers (data-space addresses, datasheet "Register
 * Summary") and their bits. */
#define POWER_SMCR 0x53u
#define POWER_SMCR_SE 0x01u
#define POWER_SMCR_SM_SHIFT 1u
#define POWER_SMCR_SM_MASK 0x07u
#define POWER_TCCR0B 0x45u
#define POWER_TCCR1B 0x81u
#define POWER_TCCR2B 0xB1u
#define POWER_TCCR_CLOCK 0x07u /* CSn2..CSn0: 0 stops the timer */
#define POWER_ASSR 0xB6u
#define POWER_ASSR_AS2 0x20u /* Timer2 counts from its own crystal */
#define POWER_ADCSRA 0x7Au
#define POWER_ADCSRA_ADSC 0x40u

/* A clock of the chip's that power-down stops, still running; NULL when
 * there is none. */
static const char *power_clock_running(const avr_t *avr)
{
	if (avr->data[POWER_TCCR0B] & POWER_TCCR_CLOCK) {
		return "Timer0 counts";
	}
	if (avr->data[POWER_TCCR1B] & POWER_TCCR_CLOCK) {
		return "Timer1 counts";
	}
	if ((avr->data[POWER_TCCR2B] & POWER_TCCR_CLOCK) && !(avr->data[POWER_ASSR] & POWER_ASSR_AS2)) {
		return "Timer2 counts from the system clock";
	}
	if (avr->data[POWER_ADCSRA] & POWER_ADCSRA_ADSC) {
		return "an ADC conversion is under way";
	}
	return NULL;
}

bool sim_power_sleep(struct sim_power *power, avr_t *avr, uint64_t how_long)
{
	uint8_t smcr = avr->data[POWER_SMCR];
	unsigned mode = smcr >> POWER_SMCR_SM_SHIFT & POWER_SMCR_SM_MASK;
	if (avr->cycle != power->sleep_end) {
		power->sleeps[mode]++;
	}
	/* The core then advances the clock by 1 + how_long. */
	power->sleep_end = avr->cycle + 1u + how_long;
	power->cycles[mode] += 1u + how_long;
	const char *clock = mode == SIM_SLEEP_POWER_DOWN ? power_clock_running(avr) : NULL;
	if (!(smcr & POWER_SMCR_SE)) {
		clock = "SE is clear, so the chip would not sleep at all";
	}
	if (!clock) {
		return true;
	}
	snprintf(power->fault, sizeof power->fault,
		 "stopped: asleep in %s at byte address 0x%04X while %s (simavr sleeps every mode as idle)",
		 mode == SIM_SLEEP_POWER_DOWN ? "power-down" : "a sleep mode", (unsigned)avr->pc, clock);
	return false;
}

/* One period after a raise of the watchdog's interrupt: the time-out that
 * resets the chip if that interrupt still waits (the chip cleared WDIE at
 * the raise).  A raise since then has moved the deadline on. */
static avr_cycle_count_t power_on_watchdog_due(avr_t *avr, avr_cycle_count_t when, void *param)
{
	struct sim_power *power = param;
	avr_watchdog_t *watchdog = power->watchdog;
	if (watchdog->watchdog.pending && avr_regbit_get(avr, watchdog->wde) &&
	    when >= power->watchdog_raised + watchdog->cycle_count) {
		power->watchdog_overdue = true;
		avr->run_cycle_count = 0; /* end the batch: the run loop resets the chip */
	}
	return 0;
}

static void power_on_watchdog_raised(struct avr_irq_t *irq, uint32_t value, void *param)
{
	struct sim_power *power = param;
	(void)irq;
	if (!value) {
		return;
	}
	avr_t *avr = power->watchdog->io.avr;
	power->watchdog_raised = avr->cycle;
	avr_cycle_timer_register(avr, power->watchdog->cycle_count, power_on_watchdog_due, power);
}

void sim_power_init(struct sim_power *power, avr_t *avr)
{
	memset(power, 0, sizeof *power);
	power->sleep_end = UINT64_MAX;
	for (avr_io_t *io = avr->io_port; io; io = io->next) {
		if (io->kind && strcmp(io->kind, "watchdog") == 0) {
			power->watchdog = (avr_watchdog_t *)io; /* its avr_io_t comes first */
		}
	}
	if (power->watchdog) {
		avr_irq_register_notify(power->watchdog->watchdog.irq + AVR_INT_IRQ_PENDING, power_on_watchdog_raised,
					power);
	}
}

bool sim_power_watchdog_reset(struct sim_power *power, avr_t *avr)
{
	if (!power->watchdog_overdue) {
		return false;
	}
	power->watchdog_overdue = false;
	/* What simavr's watchdog does from reset mode: its reset hook puts
	 * avr->run back and sets WDRF, WDE and the shortest period. */
	power->watchdog->reset_context.avr_run = avr->run;
	power->watchdog->reset_context.wdrf = 1;
	avr_reset(avr);
	return true;
}
