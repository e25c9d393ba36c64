/*
 * The firmware as the harness sees it from outside the chip: its ELF, its
 * symbols (a variable's bytes, a function's code), the depth its stack
 * reached, a hang put in where it runs, and where its cycles go (see
 * harness.h, "faults", "where the cycles go", "the firmware's variables",
 * "RAM and the stack").
 */
#include <elf.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "sim/wiring.h"

/* Where the ELF's symbols put data memory. */
#define SIM_DATA_BASE 0x800000u
/* The stack pointer, and the first byte of SRAM (below it, the registers). */
#define SIM_SPL 0x5Du
#define SIM_SPH 0x5Eu
#define SIM_RAM_START 0x100u
/* avr-libc's _exit: cli, then rjmp .-2 for ever. */
#define SIM_OPCODE_CLI 0x94F8u
#define SIM_OPCODE_RJMP_SELF 0xCFFFu

/* ---- the ELF ---- */

void sim_firmware_free(elf_firmware_t *firmware)
{
	if (!firmware) {
		return;
	}
	free(firmware->flash);
	free(firmware->eeprom);
	free(firmware->fuse);
	free(firmware->lockbits);
	for (uint32_t i = 0; i < firmware->symbolcount; i++) {
		free(firmware->symbol[i]);
	}
	free(firmware->symbol);
	free(firmware);
}

/* simavr's ELF reader trusts its input (an x86 program crashed it here),
 * so check first that the file is a 32-bit little-endian ELF for the AVR. */
static bool sim_is_avr_elf(const char *path)
{
	FILE *file = fopen(path, "rb");
	if (!file) {
		fprintf(stderr, "%s: %s\n", path, strerror(errno));
		return false;
	}
	Elf32_Ehdr header;
	bool whole = fread(&header, sizeof header, 1, file) == 1;
	fclose(file);
	if (!whole || memcmp(header.e_ident, ELFMAG, SELFMAG) != 0 || header.e_ident[EI_CLASS] != ELFCLASS32 ||
	    header.e_ident[EI_DATA] != ELFDATA2LSB || header.e_machine != EM_AVR) {
		fprintf(stderr, "%s: not an ELF file for the AVR (build it with `make`)\n", path);
		return false;
	}
	return true;
}

bool sim_firmware_load(struct sim *sim)
{
	if (!sim_is_avr_elf(sim->elf_path)) {
		return false;
	}
	sim->firmware = calloc(1, sizeof *sim->firmware);
	if (!sim->firmware) {
		fprintf(stderr, "%s: out of memory\n", sim->elf_path);
		return false;
	}
	if (elf_read_firmware(sim->elf_path, sim->firmware) != 0 || sim->firmware->flashsize == 0) {
		fprintf(stderr, "%s: simavr cannot load this firmware\n", sim->elf_path);
		return false;
	}
	/* elf_read_firmware clears the struct and fills in the chip and clock
	 * only from a .mmcu section; the board decides them otherwise. */
	if (!sim->firmware->mmcu[0]) {
		snprintf(sim->firmware->mmcu, sizeof sim->firmware->mmcu, "%s", BOARD_MCU);
	}
	if (!sim->firmware->frequency) {
		sim->firmware->frequency = BOARD_F_CPU;
	}
	if (strcmp(sim->firmware->mmcu, BOARD_MCU) != 0 || sim->firmware->frequency != BOARD_F_CPU) {
		fprintf(stderr, "%s: built for %s at %lu Hz, but the board is an %s at %lu Hz\n", sim->elf_path,
			sim->firmware->mmcu, (unsigned long)sim->firmware->frequency, BOARD_MCU,
			(unsigned long)BOARD_F_CPU);
		return false;
	}
	return true;
}

/* ---- the firmware's variables ---- */

bool sim_ram_symbol(const struct sim *sim, const char *name, void *out, size_t size)
{
	for (uint32_t i = 0; i < sim->firmware->symbolcount; i++) {
		const avr_symbol_t *symbol = sim->firmware->symbol[i];
		uint32_t address = symbol->addr - SIM_DATA_BASE;
		if (symbol->addr >= SIM_DATA_BASE && strcmp(symbol->symbol, name) == 0 &&
		    address + size <= (uint32_t)sim->avr->ramend + 1u) {
			memcpy(out, &sim->avr->data[address], size);
			return true;
		}
	}
	return false;
}

/* ---- the stack ---- */

/* The first byte above the firmware's static data (.data, then .bss). */
static uint16_t sim_static_end(const struct sim *sim)
{
	return (uint16_t)(SIM_RAM_START + sim->firmware->datasize + sim->firmware->bsssize);
}

/* The paint of each byte: it changes with the address, so that a stack
 * write seldom leaves a byte as it was, as writing 0 or a repeated value
 * could with a plain pattern. */
static uint8_t sim_paint_of(uint16_t address)
{
	return (uint8_t)(0xA5u ^ (address * 7u));
}

/* Paints the RAM from the end of the static data up to `top`. */
void sim_stack_paint(struct sim *sim, uint16_t top)
{
	for (uint16_t address = sim_static_end(sim); address <= top && address <= sim->avr->ramend; address++) {
		sim->avr->data[address] = sim_paint_of(address);
	}
}

uint16_t sim_static_ram(const struct sim *sim)
{
	return (uint16_t)(sim->firmware->datasize + sim->firmware->bsssize);
}

uint16_t sim_ram_size(const struct sim *sim)
{
	return (uint16_t)(sim->avr->ramend + 1u - SIM_RAM_START);
}

void sim_stack_repaint(struct sim *sim)
{
	if (sim->terminated) {
		return;
	}
	uint16_t sp = (uint16_t)(sim->avr->data[SIM_SPL] | sim->avr->data[SIM_SPH] << 8);
	sim_stack_paint(sim, sp); /* SP is the next free byte: it and below are free */
}

uint16_t sim_stack_high_water(const struct sim *sim)
{
	if (sim->terminated) {
		return 0;
	}
	uint16_t address = sim_static_end(sim);
	while (address <= sim->avr->ramend && sim->avr->data[address] == sim_paint_of(address)) {
		address++;
	}
	return (uint16_t)(sim->avr->ramend + 1u - address);
}

/* ---- faults ---- */

/* The flash bytes of function `name`, from the ELF's symbols (which simavr
 * keeps sorted by address): from its address to the next symbol's.  A
 * suffix the compiler adds to a name (".lto_priv.N", ".constprop.N") is
 * ignored. */
static bool sim_function_range(const struct sim *sim, const char *name, uint32_t *from, uint32_t *to)
{
	size_t length = strlen(name);
	const elf_firmware_t *firmware = sim->firmware;
	for (uint32_t i = 0; i < firmware->symbolcount; i++) {
		const avr_symbol_t *symbol = firmware->symbol[i];
		if (symbol->addr >= SIM_DATA_BASE || strncmp(symbol->symbol, name, length) != 0 ||
		    (symbol->symbol[length] != '\0' && symbol->symbol[length] != '.')) {
			continue;
		}
		*from = symbol->addr;
		*to = (uint32_t)sim->avr->flashend + 1u;
		for (uint32_t j = i + 1u; j < firmware->symbolcount; j++) {
			if (firmware->symbol[j]->addr > *from) {
				*to = firmware->symbol[j]->addr < *to ? firmware->symbol[j]->addr : *to;
				break;
			}
		}
		return true;
	}
	return false;
}

/* The program counter `skip` bytes into avr-libc's _exit, awake. */
static bool sim_hang_in_exit(struct sim *sim, uint32_t skip)
{
	uint32_t from, to;
	if (sim->stopped || !sim_function_range(sim, "_exit", &from, &to) || from + 4u > to) {
		return false;
	}
	const uint8_t *code = &sim->avr->flash[from];
	if ((code[0] | code[1] << 8) != SIM_OPCODE_CLI || (code[2] | code[3] << 8) != SIM_OPCODE_RJMP_SELF) {
		return false;
	}
	/* Awake, should it be asleep: a hang is a busy loop. */
	sim->avr->state = cpu_Running;
	sim->avr->pc = from + skip;
	return true;
}

bool sim_hang(struct sim *sim)
{
	return sim_hang_in_exit(sim, 0);
}

bool sim_hang_interrupts_kept(struct sim *sim)
{
	return sim_hang_in_exit(sim, 2); /* past the cli */
}

static bool sim_in_watched(struct sim *sim, void *ctx)
{
	(void)ctx;
	return sim->avr->pc >= sim->watch_from && sim->avr->pc < sim->watch_to;
}

bool sim_run_until_in_function(struct sim *sim, const char *name, uint32_t timeout_ms)
{
	uint32_t from, to;
	if (!sim_function_range(sim, name, &from, &to)) {
		return false;
	}
	sim->watch_from = from;
	sim->watch_to = to;
	/* simavr runs a batch of instructions per avr_run(), up to the cycle
	 * limit: one instruction each, so that no visit goes unseen. */
	sim->avr->run_cycle_limit = sim->avr->run_cycle_count = 1;
	bool reached = sim_run_until(sim, sim_in_watched, NULL, timeout_ms);
	sim->avr->run_cycle_limit = sim->tick_cycles;
	sim->watch_from = sim->watch_to = 0;
	return reached;
}

/* ---- where the cycles go ---- */

void sim_profile_start(struct sim *sim)
{
	free(sim->profile);
	sim->profile = calloc(sim->avr->flashend / 2u + 1u, sizeof *sim->profile);
	if (!sim->profile) {
		sim_stop(sim, "out of memory for the profile");
	}
}

static int sim_profile_order(const void *a, const void *b)
{
	const struct sim_profile_entry *x = a;
	const struct sim_profile_entry *y = b;
	return x->cycles < y->cycles ? 1 : x->cycles > y->cycles ? -1 : strcmp(x->function, y->function);
}

/* Whether an ELF symbol simavr keeps names code: not one of the linker's
 * numbers (a region's origin or length, the stack's top, the heap's end),
 * whose values would split a function. */
static bool sim_names_code(const avr_symbol_t *symbol)
{
	return symbol->addr < SIM_DATA_BASE && strstr(symbol->symbol, "_REGION_") == NULL &&
	       strcmp(symbol->symbol, "__stack") != 0 && strcmp(symbol->symbol, "__heap_end") != 0;
}

size_t sim_profile_stop(struct sim *sim, struct sim_profile_entry *out, size_t max)
{
	uint64_t *profile = sim->profile;
	sim->profile = NULL;
	sim->avr->run_cycle_limit = sim->tick_cycles;
	if (!profile) {
		return 0;
	}
	/* simavr keeps the symbols sorted by address: each that names code
	 * takes the words from its address to the next one's. */
	const elf_firmware_t *firmware = sim->firmware;
	struct sim_profile_entry *all = calloc(firmware->symbolcount + 1u, sizeof *all);
	uint32_t words = (uint32_t)sim->avr->flashend / 2u + 1u;
	uint32_t word = 0;
	const char *name = "(before the first symbol)";
	size_t count = 0;
	for (uint32_t i = 0; all && i <= firmware->symbolcount; i++) {
		const avr_symbol_t *symbol = i < firmware->symbolcount ? firmware->symbol[i] : NULL;
		if (symbol && !sim_names_code(symbol)) {
			continue;
		}
		uint32_t end = symbol ? symbol->addr / 2u : words;
		uint64_t cycles = 0;
		for (; word < end && word < words; word++) {
			cycles += profile[word];
		}
		if (cycles > 0) {
			all[count].function = name;
			all[count].cycles = cycles;
			count++;
		}
		name = symbol ? symbol->symbol : NULL;
	}
	if (all) {
		qsort(all, count, sizeof *all, sim_profile_order);
		count = count < max ? count : max;
		memcpy(out, all, count * sizeof *all);
	}
	free(all);
	free(profile);
	return count;
}
