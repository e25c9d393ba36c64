/*
 * What the parts of the board share (sim/lcd_hd44780.h, sim/button_ladder.h,
 * sim/serial_terminal.h, sim/eeprom_power.h, sim/lamps_595.h, sim/piezo.h,
 * sim/leds.h).  As simavr's own parts do, each part is a struct of its own
 * state, connected to the chip at every power-on by the harness
 * (sim/harness.c), which names the pins from board/lcd_keypad_shield.h.
 * A part listens to its pins' IRQs and tells the harness two things only,
 * through a part_link: that something a test may wait for happened, and
 * that the run must stop.
 */
#ifndef SIM_PART_H
#define SIM_PART_H

#include <stdint.h>

#include <avr_ioport.h>
#include <sim_avr.h>
#include <sim_irq.h>

/* A pin of the chip: its port's letter and its bit. */
struct part_pin {
	char port;
	uint8_t bit;
};

#define PART_STRINGIFY(x) #x
/* The letter of a port the board names as a bare token (B, C, D). */
#define PART_PORT_LETTER(port) (PART_STRINGIFY(port)[0])

struct part_link {
	/* Something a test may wait for happened: the harness ends simavr's
	 * batch of instructions there and polls at once. */
	void (*event)(void *owner);
	/* The run must stop here, for the reason `why`. */
	void (*fault)(void *owner, const char *why);
	void *owner;
};

/* `notify(irq, level, param)` at every change of `pin`. */
static inline void part_hook_pin(avr_t *avr, struct part_pin pin, avr_irq_notify_t notify, void *param)
{
	avr_irq_register_notify(avr_io_getirq(avr, AVR_IOCTL_IOPORT_GETIRQ(pin.port), pin.bit), notify, param);
}

#endif
