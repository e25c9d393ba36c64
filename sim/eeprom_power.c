/* The EEPROM's timing, and the power cuts it outlives; see eeprom_power.h. */
#include "sim/eeprom_power.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <avr_eeprom.h>

#include "sim/wiring.h"

/* The EEPROM's control, data and address registers (data addresses,
 * ATmega328P datasheet "Register Summary"), the bit that starts a write
 * and stays set while it lasts, and how long the chip takes a byte. */
#define EEPROM_EECR 0x3Fu
#define EEPROM_EEDR 0x40u
#define EEPROM_EEARL 0x41u
#define EEPROM_EEARH 0x42u
#define EEPROM_EECR_EEPE 0x02u
#define EEPROM_WRITE_US 3400u

static avr_cycle_count_t eeprom_on_written(avr_t *avr, avr_cycle_count_t when, void *param)
{
	struct eeprom_power *eeprom = param;
	(void)when;
	eeprom->busy = false;
	eeprom->before[eeprom->write_address] = eeprom->write_value;
	avr->data[EEPROM_EECR] &= (uint8_t)~EEPROM_EECR_EEPE;
	return 0;
}

/* Called after simavr's own handler of EECR, which has written the byte
 * and cleared EEPE at once.  A write is EEPE set (the firmware sets EEMPE
 * before it, as it must); EEPE is set again for the 3.4 ms the chip takes,
 * and the byte the write replaced kept, for a power cut during it
 * (sim_eeprom_write_under_way). */
static void eeprom_on_control(avr_t *avr, avr_io_addr_t addr, uint8_t value, void *param)
{
	struct eeprom_power *eeprom = param;
	(void)addr;
	if ((value & EEPROM_EECR_EEPE) == 0 || eeprom->busy) {
		return;
	}
	uint16_t address =
		(uint16_t)((avr->data[EEPROM_EEARL] | avr->data[EEPROM_EEARH] << 8) & (EEPROM_POWER_SIZE - 1u));
	eeprom->write_address = address;
	eeprom->write_value = avr->data[EEPROM_EEDR];
	eeprom->write_cycle = avr->cycle;
	eeprom->writes++;
	eeprom->busy = true;
	avr->data[EEPROM_EECR] |= EEPROM_EECR_EEPE;
	avr_cycle_timer_register_usec(avr, EEPROM_WRITE_US, eeprom_on_written, eeprom);
}

void eeprom_power_connect(struct eeprom_power *eeprom, avr_t *avr, const uint8_t contents[EEPROM_POWER_SIZE])
{
	eeprom->avr = avr;
	uint8_t bytes[EEPROM_POWER_SIZE];
	memcpy(bytes, contents, sizeof bytes);
	avr_eeprom_desc_t desc = { .ee = bytes, .offset = 0, .size = EEPROM_POWER_SIZE };
	avr_ioctl(avr, AVR_IOCTL_EEPROM_SET, &desc);
	memcpy(eeprom->before, contents, sizeof eeprom->before);
	eeprom->busy = false;
	eeprom->writes = 0;
	eeprom->write_cycle = 0;
	avr_register_io_write(avr, EEPROM_EECR, eeprom_on_control, eeprom);
}

void eeprom_power_finish_write(struct eeprom_power *eeprom)
{
	if (eeprom->busy) {
		eeprom_on_written(eeprom->avr, eeprom->avr->cycle, eeprom);
	}
}

void eeprom_power_keep(struct eeprom_power *eeprom)
{
	avr_eeprom_desc_t desc = { .ee = eeprom->at_stop, .offset = 0, .size = EEPROM_POWER_SIZE };
	avr_ioctl(eeprom->avr, AVR_IOCTL_EEPROM_GET, &desc);
}

void eeprom_power_read(const struct eeprom_power *eeprom, bool chip_gone, uint8_t out[EEPROM_POWER_SIZE])
{
	if (chip_gone) {
		memcpy(out, eeprom->at_stop, EEPROM_POWER_SIZE);
		return;
	}
	/* GET copies the bytes but returns -1 even then (simavr 1.6). */
	avr_eeprom_desc_t desc = { .ee = out, .offset = 0, .size = EEPROM_POWER_SIZE };
	avr_ioctl(eeprom->avr, AVR_IOCTL_EEPROM_GET, &desc);
}

/* ---- the harness's face (sim/harness.h) ---- */

void sim_eeprom_read(const struct sim *sim, uint8_t out[1024])
{
	eeprom_power_read(&sim->eeprom, sim->terminated, out);
}

bool sim_eeprom_write_under_way(const struct sim *sim, uint16_t *address, uint8_t *replaced)
{
	if (!sim->eeprom.busy) {
		return false;
	}
	*address = sim->eeprom.write_address;
	*replaced = sim->eeprom.before[sim->eeprom.write_address];
	return true;
}

uint32_t sim_eeprom_writes(const struct sim *sim)
{
	return sim->eeprom.writes;
}

uint64_t sim_eeprom_last_write_cycle(const struct sim *sim)
{
	return sim->eeprom.write_cycle;
}

void sim_power_cycle(struct sim *sim)
{
	uint8_t eeprom[EEPROM_POWER_SIZE];
	sim_eeprom_read(sim, eeprom);
	sim_power_cycle_with(sim, eeprom);
}

void sim_power_cycle_with(struct sim *sim, const uint8_t eeprom[1024])
{
	sim_power_off(sim);
	if (!sim_power_on(sim, eeprom)) {
		/* The same firmware powered on before; only memory can fail here. */
		fprintf(stderr, "%s: cannot power the chip on again\n", sim->elf_path);
		abort();
	}
}
