/* EEPROM through its registers; see eeprom.h.  Two short loops in place
 * of avr-libc's block functions, which take any address width and length
 * and cost more flash. */
#include "hal/eeprom.h"

#include <avr/interrupt.h>
#include <avr/io.h>

/* The byte at `address`, once any write in progress is over. */
static uint8_t eeprom_byte(uint16_t address)
{
	while (EECR & (1 << EEPE)) {
	}
	EEAR = address;
	EECR |= 1 << EERE;
	return EEDR;
}

void eeprom_load(uint16_t address, void *data, uint8_t length)
{
	for (uint8_t *byte = data; length != 0; length--) {
		*byte++ = eeprom_byte(address++);
	}
}

void eeprom_store(uint16_t address, const void *data, uint8_t length)
{
	for (const uint8_t *byte = data; length != 0; length--, address++, byte++) {
		if (eeprom_byte(address) != *byte) {
			EEDR = *byte;
			/* EEPE must follow EEMPE within four cycles: no
			 * interrupt in between.  Main-loop code only: it turns
			 * interrupts back on. */
			cli();
			EECR |= 1 << EEMPE;
			EECR |= 1 << EEPE;
			sei();
		}
	}
}
