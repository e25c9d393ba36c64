/* The LEDs and the backlight; see leds.h. */
#include "sim/leds.h"

#include <string.h>

#include "sim/wiring.h"

/* A level or direction changed on one of those pins' ports.  A pin drives
 * (an LED lights, the backlight transistor's base gets 5 V) when it is an
 * output set high. */
static void leds_on_port(struct avr_irq_t *irq, uint32_t value, void *param)
{
	struct leds_port_hook *hook = param;
	struct leds *leds = hook->leds;
	avr_ioport_state_t state;
	if (avr_ioctl(leds->avr, AVR_IOCTL_IOPORT_GETSTATE(hook->port), &state) != 0) {
		return;
	}
	/* simavr 1.6 raises the direction's IRQ before it writes DDRx: the
	 * new directions are its value. */
	if (irq->irq == IOPORT_IRQ_DIRECTION_ALL) {
		state.ddr = (uint8_t)value;
	}
	for (int output = 0; output < LEDS_OUTPUTS; output++) {
		if (leds->pins[output].port == hook->port) {
			leds->driven[output] = (state.port & state.ddr) >> leds->pins[output].bit & 1u;
		}
	}
	if (hook->port == leds->pins[LEDS_BACKLIGHT].port) {
		leds->backlight_output = state.ddr >> leds->pins[LEDS_BACKLIGHT].bit & 1u;
	}
	if (leds->driven[LEDS_BACKLIGHT]) {
		leds->backlight_driven_high = true;
		leds->link.fault(leds->link.owner, "stopped: the firmware drove the backlight pin D10 high, which "
						   "shorts the transistor's base on many shield clones");
	}
}

void leds_connect(struct leds *leds, avr_t *avr, const struct part_pin pins[LEDS_OUTPUTS], const struct part_link *link)
{
	leds->avr = avr;
	leds->link = *link;
	memcpy(leds->pins, pins, sizeof leds->pins);
	memset(leds->driven, 0, sizeof leds->driven);
	leds->backlight_output = false;
	int hooks = 0;
	for (int output = 0; output < LEDS_OUTPUTS; output++) {
		char port = pins[output].port;
		int hook = 0;
		while (hook < hooks && leds->port_hooks[hook].port != port) {
			hook++;
		}
		if (hook == hooks) {
			leds->port_hooks[hooks].leds = leds;
			leds->port_hooks[hooks].port = port;
			avr_irq_register_notify(
				avr_io_getirq(avr, AVR_IOCTL_IOPORT_GETIRQ(port), IOPORT_IRQ_DIRECTION_ALL),
				leds_on_port, &leds->port_hooks[hooks]);
			hooks++;
		}
		part_hook_pin(avr, pins[output], leds_on_port, &leds->port_hooks[hook]);
	}
}

/* ---- the harness's face (sim/harness.h) ---- */

bool sim_led_thinking(const struct sim *sim)
{
	return sim->leds.driven[LEDS_THINKING];
}

bool sim_led_win(const struct sim *sim)
{
	return sim->leds.driven[LEDS_WIN];
}

bool sim_backlight_lit(const struct sim *sim)
{
	return !sim->leds.backlight_output;
}

bool sim_backlight_ever_driven_high(const struct sim *sim)
{
	return sim->leds.backlight_driven_high;
}
