/* The exhibit's two 74HC595s; see lamps_595.h. */
#include "sim/lamps_595.h"

#include <string.h>

#include "sim/wiring.h"

/*
 * Modelled from the datasheet: at SRCLK's rising edge every stage takes
 * the one before it and the first takes SER; the near register's last
 * stage (QH') feeds the far register's SER, so the 16 stages are one
 * shift register, the first bit shifted in ending in the far register's
 * QH (bit 15 here) after 16 clocks.  At RCLK's rising edge the storage
 * registers take the stages and the outputs show them.
 */
static void lamps_595_on_pin(struct avr_irq_t *irq, uint32_t value, void *param)
{
	struct lamps_595_hook *hook = param;
	struct lamps_595 *lamps = hook->lamps;
	(void)irq;
	bool rising = value != 0 && !lamps->level[hook->pin];
	lamps->level[hook->pin] = value != 0;
	if (!rising) {
		return;
	}
	if (hook->pin == LAMPS_595_SRCLK) {
		lamps->stages = (uint16_t)(lamps->stages << 1 | lamps->level[LAMPS_595_SER]);
	} else if (hook->pin == LAMPS_595_RCLK) {
		lamps->outputs = lamps->stages;
		lamps->latches++;
		lamps->link.event(lamps->link.owner);
	}
}

void lamps_595_connect(struct lamps_595 *lamps, avr_t *avr, const struct part_pin pins[LAMPS_595_PINS],
		       const struct part_link *link)
{
	memset(lamps, 0, sizeof *lamps);
	lamps->link = *link;
	for (int pin = 0; pin < LAMPS_595_PINS; pin++) {
		lamps->hooks[pin].lamps = lamps;
		lamps->hooks[pin].pin = (enum lamps_595_pin)pin;
		part_hook_pin(avr, pins[pin], lamps_595_on_pin, &lamps->hooks[pin]);
	}
}

/* ---- the harness's face (sim/harness.h) ---- */

uint16_t sim_lamps(const struct sim *sim)
{
	return sim->lamps.outputs;
}

uint32_t sim_lamps_latches(const struct sim *sim)
{
	return sim->lamps.latches;
}
