/*
 * The chip's EEPROM: 1,024 bytes that keep their contents without power,
 * each rated for 100,000 writes.  Writing a byte takes the chip 3.4 ms; a
 * power cut in those 3.4 ms leaves that byte undefined.
 * firmware/store.c keeps its records here.
 */
#ifndef HAL_EEPROM_H
#define HAL_EEPROM_H

#include <stdbool.h>
#include <stdint.h>

#define EEPROM_SIZE 1024u

/* Whether a write is under way: then a read or a write waits for it. */
bool eeprom_busy(void);
/* The byte at `address` (below EEPROM_SIZE), once any write has ended. */
uint8_t eeprom_get(uint16_t address);
/* Begins writing `byte` at `address`, once any write before it has ended
 * (the chip cannot write two at once): it returns while the cell is being
 * written.  The caller writes only the bytes that change, which spares
 * both the cells and the time. */
void eeprom_put(uint16_t address, uint8_t byte);

#endif
