/*
 * The chip's 1 KB EEPROM, the one memory a power cut keeps.  The real part
 * writes a byte in 3.3 ms (avr-libc and simavr say 3.4), keeping EEPE in
 * EECR set meanwhile; a power cut during the write leaves that byte
 * undefined: the old, the new, or neither.  simavr writes the byte the
 * moment the firmware starts the write; this part then keeps the chip busy
 * for the 3.4 ms, so the firmware waits as on the chip, and keeps the byte
 * each write replaces, so that a test can model a cut during it.  The
 * contents outlive the chip: they pass from one power-on to the next
 * (sim_power_cycle).
 */
#ifndef SIM_EEPROM_POWER_H
#define SIM_EEPROM_POWER_H

#include <stdbool.h>
#include <stdint.h>

#include "sim/part.h"

#define EEPROM_POWER_SIZE 1024u

struct eeprom_power {
	avr_t *avr;
	uint8_t at_stop[EEPROM_POWER_SIZE]; /* the contents when simavr freed the chip */
	uint8_t before[EEPROM_POWER_SIZE];  /* each byte as the last write found it */
	bool busy;                          /* a byte write under way */
	uint16_t write_address;
	uint8_t write_value;
	uint32_t writes; /* begun since power-on */
	uint64_t write_cycle;
};

/* At power-on: the chip's EEPROM holds `contents`. */
void eeprom_power_connect(struct eeprom_power *eeprom, avr_t *avr, const uint8_t contents[EEPROM_POWER_SIZE]);
/* A reset dropped the timer that ends a write under way: the chip
 * finishes it at once (it is one byte). */
void eeprom_power_finish_write(struct eeprom_power *eeprom);
/* simavr is about to free the chip's memory: keeps the contents. */
void eeprom_power_keep(struct eeprom_power *eeprom);
/* The contents now, from the chip or, once it is gone, as kept. */
void eeprom_power_read(const struct eeprom_power *eeprom, bool chip_gone, uint8_t out[EEPROM_POWER_SIZE]);

#endif
