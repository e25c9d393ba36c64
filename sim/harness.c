/*
 * The simulator harness on libsimavr 1.6 (see harness.h for what it offers
 * and the README's Simulator section for the pitfalls of simavr 1.6 it avoids).
 *
 * One self-rescheduling cycle timer (the "tick", every simulated
 * millisecond) lets sim_run_until poll its predicate and paces real-time
 * runs; a second one feeds queued serial bytes at the line's speed; a third
 * marks the end of each run so a sleeping chip wakes exactly there.  A
 * watchdog reset drops every cycle timer, so the harness notices the reset
 * and arms its own again.
 */
#include "sim/harness.h"

#include <elf.h>
#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include <avr_adc.h>
#include <avr_eeprom.h>
#include <avr_extint.h>
#include <avr_ioport.h>
#include <avr_uart.h>
#include <sim_avr.h>
#include <sim_elf.h>

#include "sim/lcd_model.h"
#include "sim/lcd_png.h"
#include "sim/power.h"

#define SIM_EEPROM_SIZE 1024u
#define SIM_STATE_TEXT_SIZE 320
#define SIM_RELEASE_IDLE_MS 60u /* a person's pause after letting go */
#define SIM_BEHIND_LIMIT_NS 100000000LL /* real time: give up catching up after 100 ms */

/* ATmega328P registers the harness reads (data-space addresses, datasheet
 * "Register Summary"): the watchdog's enable bits, to tell an endless loop
 * the watchdog will end from a hang, and the receiver enable, so that
 * queued serial bytes wait for a receiver rather than vanish. */
#define SIM_WDTCSR 0x60u
#define SIM_WDTCSR_ENABLE_BITS 0x48u /* WDIE | WDE */
/* The prescaler's bits WDP0..WDP2 (bits 0..2) and WDP3 (bit 5): a period
 * of 2048 << WDP cycles of the watchdog's 128 kHz oscillator. */
#define SIM_WDTCSR_WDP_LOW 0x07u
#define SIM_WDTCSR_WDP3 0x20u
#define SIM_WATCHDOG_HZ 128000u
#define SIM_WATCHDOG_MIN_TICKS 2048u
#define SIM_UCSR0B 0xC1u
#define SIM_UCSR0B_RXEN0 0x10u
#define SIM_UCSR0B_RXCIE0 0x80u
#define SIM_UDR0 0xC6u
/* The rate the firmware sets, read as the chip uses it: (UBRR0 + 1) * 16
 * cycles a bit, 8 with U2X0; and the overrun flag, DOR0. */
#define SIM_UCSR0A 0xC0u
#define SIM_UCSR0A_U2X0 0x02u
#define SIM_UCSR0A_RXC0 0x80u
#define SIM_UCSR0A_DOR0 0x08u
#define SIM_UBRR0L 0xC4u
#define SIM_UBRR0H 0xC5u
/* The EEPROM's control, data and address registers (data addresses), the
 * bit that starts a write and stays set while it lasts, and how long the
 * chip takes to write a byte (ATmega328P datasheet, 3.3 ms; avr-libc and
 * simavr say 3.4). */
#define SIM_EECR 0x3Fu
#define SIM_EEDR 0x40u
#define SIM_EEARL 0x41u
#define SIM_EEARH 0x42u
#define SIM_EECR_EEPE 0x02u
#define SIM_EEPROM_WRITE_US 3400u
/* Where the ELF's symbols put data memory. */
#define SIM_DATA_BASE 0x800000u
/* The stack pointer, and the first byte of SRAM (below it, the registers). */
#define SIM_SPL 0x5Du
#define SIM_SPH 0x5Eu
#define SIM_RAM_START 0x100u
#define SIM_UART_FRAME_BITS 10u /* 8N1: start, eight data bits, stop */
/* The chip's receive buffer: two bytes wait for UDR0 to be read; a third
 * that comes whole meanwhile is lost, with DOR0 set (the datasheet's
 * shift register holds it one bit time more, which the harness does not
 * count: a byte late by that little is lost here). */
#define SIM_UART_RX_HARDWARE_BYTES 2u
/* Flow control as terminals know it: DC1 and DC3 of ASCII. */
#define SIM_XON 0x11u
#define SIM_XOFF 0x13u
#define SIM_UART_DEFAULT_LAG 16u
/* The lowest pitch the harness hears as a tone: slower edges are clicks
 * or silences, not half-periods. */
#define SIM_TONE_MIN_HZ 100u

#define SIM_STRINGIFY(x) #x
#define SIM_PORT_LETTER(port) (SIM_STRINGIFY(port)[0])

/* The pins the harness watches besides the LCD's. */
enum sim_output {
	SIM_OUTPUT_LED_THINKING = 0,
	SIM_OUTPUT_LED_WIN,
	SIM_OUTPUT_BACKLIGHT,
	SIM_OUTPUT_COUNT
};

static const struct {
	char port;
	uint8_t bit;
} sim_output_pins[SIM_OUTPUT_COUNT] = {
	[SIM_OUTPUT_LED_THINKING] = {SIM_PORT_LETTER(BOARD_LED_THINKING_PORT), BOARD_LED_THINKING_BIT},
	[SIM_OUTPUT_LED_WIN] = {SIM_PORT_LETTER(BOARD_LED_WIN_PORT), BOARD_LED_WIN_BIT},
	[SIM_OUTPUT_BACKLIGHT] = {SIM_PORT_LETTER(BOARD_BACKLIGHT_PORT), BOARD_BACKLIGHT_BIT},
};

struct sim_lcd_hook {
	struct sim *sim;
	enum lcd_pin pin;
};

struct sim_port_hook {
	struct sim *sim;
	char port;
};

/* The exhibit's lamps: the pins of its two 74HC595s the chip drives. */
enum sim_lamps_pin { SIM_LAMPS_SER, SIM_LAMPS_SRCLK, SIM_LAMPS_RCLK, SIM_LAMPS_PINS };

struct sim_lamps_hook {
	struct sim *sim;
	enum sim_lamps_pin pin;
};

struct sim {
	struct sim_options options;
	char *elf_path;
	elf_firmware_t *firmware;
	avr_t *avr;
	bool terminated; /* simavr freed the chip's memory (it does so at cpu_Done) */
	bool stopped;
	char state_text[SIM_STATE_TEXT_SIZE];
	char core_error[SIM_STATE_TEXT_SIZE]; /* first error simavr logged */

	/* Time. */
	uint64_t sleep_cycles;
	struct sim_power power; /* by sleep mode; the watchdog's resets */
	uint64_t end_cycle;
	uint32_t tick_cycles;
	uint32_t watchdog_resets;
	uint64_t watchdog_reset_cycle;
	/* A stretch of flash (byte addresses) whose reaching ends a run at
	 * once (sim_run_until_in_function); empty while none is watched. */
	uint32_t watch_from;
	uint32_t watch_to;
	/* Awake cycles by the flash word of the instruction that took them,
	 * while a profile is under way (sim_profile_start); else NULL. */
	uint64_t *profile;
	void (*core_reset)(avr_t *avr);
	bool timers_lost;
	bool poll_due;
	struct timespec wall_anchor;
	uint64_t cycle_anchor;

	/* The display. */
	struct lcd_model lcd;
	struct sim_lcd_hook lcd_hooks[LCD_PIN_COUNT];
	uint32_t lcd_changes_seen;
	uint32_t earlier_violations; /* from power-on periods before this one */
	char earlier_first_violation[LCD_VIOLATION_TEXT_SIZE];

	/* Buttons. */
	avr_irq_t *adc_irq;
	uint32_t button_millivolts;

	/* Serial line. */
	avr_irq_t *uart_input_irq;
	avr_uart_t *uart;
	bool uart_feeding;
	uint32_t uart_overruns; /* bytes the chip's receive buffer had no room for */
	avr_io_read_t udr_read; /* simavr's own reading of UDR0 (sim_on_udr_read) */
	void *udr_read_param;
	/* The terminal's flow control (sim_uart_set_flow). */
	bool uart_honours_xoff;
	uint32_t uart_lag;
	bool uart_stopped;           /* XOFF sent, no XON since */
	uint64_t uart_xoff_arrival;  /* when the terminal has the XOFF whole */
	uint32_t uart_lag_left;
	uint32_t uart_xoffs;
	uint32_t uart_xons;
	uint8_t *rx_queue;
	size_t rx_head;
	size_t rx_length;
	size_t rx_capacity;
	char *tx_text;
	size_t tx_length;
	size_t tx_capacity;

	/* Pins and EEPROM. */
	struct sim_port_hook port_hooks[SIM_OUTPUT_COUNT]; /* one per port with a watched pin */
	bool driven[SIM_OUTPUT_COUNT];
	bool backlight_driven_high;
	bool backlight_output; /* D10 an output: the backlight off (driven low) */
	/* The two 74HC595s (sim_on_lamps_pin). */
	struct sim_lamps_hook lamps_hooks[SIM_LAMPS_PINS];
	bool lamps_level[SIM_LAMPS_PINS];
	uint16_t lamps_stages; /* the shift registers' 16 stages */
	uint16_t lamps;        /* the storage registers: the outputs */
	uint32_t lamps_latches;
	uint8_t eeprom_at_stop[SIM_EEPROM_SIZE];
	/* simavr writes an EEPROM byte at once; the harness keeps the chip
	 * busy for the 3.4 ms a real write takes (sim_on_eeprom_write). */
	uint8_t eeprom_before[SIM_EEPROM_SIZE]; /* each byte as the last write found it */
	bool eeprom_busy;
	uint16_t eeprom_write_address;
	uint8_t eeprom_write_value;
	uint32_t eeprom_writes;
	uint64_t eeprom_write_cycle;

	/* The buzzer: the run of edges under way, and the tones over. */
	bool buzzer_level;
	uint64_t run_first;
	uint64_t run_last;
	uint64_t run_gap; /* the run's first gap: its half-period */
	uint32_t run_edges;
	uint64_t last_gap; /* between the last two edges */
	struct sim_tone tones[SIM_TONES_KEPT];
	size_t tone_count;
};

/* avr_terminate() in simavr 1.6 never frees the chip's IRQ pool, the IRQs'
 * names or the notify hooks on them; nothing the harness can release.
 * LeakSanitizer (the tests run under ASan) ignores exactly those three
 * allocation sites, so any other leak still fails a test. */
const char *__lsan_default_suppressions(void);
const char *__lsan_default_suppressions(void)
{
	return "leak:avr_init_irq\nleak:avr_alloc_irq\nleak:avr_irq_register_notify\n";
}

/* Without this LeakSanitizer lists the suppressions it used on every exit,
 * noise in every test's output. */
const char *__lsan_default_options(void);
const char *__lsan_default_options(void)
{
	return "print_suppressions=0";
}

static const uint16_t shield_readings[BOARD_SHIELD_VERSIONS][BUTTON_COUNT] = {
	BOARD_READINGS_V1_0,
	BOARD_READINGS_V1_1,
};

static uint64_t sim_ms_to_cycles(const struct sim *sim, uint32_t ms)
{
	return (uint64_t)ms * sim->avr->frequency / 1000u;
}

/* Something a test may wait for happened.  simavr 1.6 runs a batch of
 * instructions per avr_run() call, up to the next cycle timer; ending the
 * batch after this instruction lets sim_run_until poll at once, before
 * the firmware moves on (say, to the next EEPROM byte). */
static void sim_request_poll(struct sim *sim)
{
	sim->poll_due = true;
	sim->avr->run_cycle_count = 0;
}

static void sim_stop(struct sim *sim, const char *format, ...) __attribute__((format(printf, 2, 3)));
static void sim_stop(struct sim *sim, const char *format, ...)
{
	if (sim->stopped) {
		return;
	}
	sim->stopped = true;
	va_list args;
	va_start(args, format);
	vsnprintf(sim->state_text, sizeof sim->state_text, format, args);
	va_end(args);
}

/* ---- simavr's messages ----------------------------------------------------- */

/* simavr's messages carry terminal colour codes; keep the words. */
static void sim_strip_colours(char *text)
{
	char *to = text;
	for (const char *from = text; *from;) {
		if (*from == '\033') {
			while (*from && *from != 'm') {
				from++;
			}
			from += *from ? 1 : 0;
			continue;
		}
		*to++ = *from++;
	}
	while (to > text && (to[-1] == '\n' || to[-1] == '\r' || to[-1] == ' ')) {
		to--;
	}
	*to = '\0';
}

/* simavr reports through one global logger.  Its errors, and its core's
 * "***" reports (an invalid opcode, which it only warns about, or a read
 * or write outside data memory), mean the firmware has crashed: the run
 * stops there, even where simavr would carry on.  Everything else is
 * chatter that must not reach stdout, where scripts and tests print. */
__attribute__((format(printf, 3, 0))) static void sim_log(avr_t *avr, const int level, const char *format,
							   va_list args)
{
	if (level > LOG_WARNING) {
		return;
	}
	char text[SIM_STATE_TEXT_SIZE];
	vsnprintf(text, sizeof text, format, args);
	sim_strip_colours(text);
	if (level > LOG_ERROR && !strstr(text, "CORE: ***")) {
		return;
	}
	struct sim *sim = avr ? avr->custom.data : NULL;
	if (!sim) {
		fprintf(stderr, "simavr: %s\n", text);
		return;
	}
	if (!sim->core_error[0]) {
		snprintf(sim->core_error, sizeof sim->core_error, "%s", text);
		avr->run_cycle_count = 0; /* end the batch: stop at the faulty instruction */
	}
}

/* ---- time ------------------------------------------------------------------------ */

static void sim_anchor_wall_clock(struct sim *sim)
{
	clock_gettime(CLOCK_MONOTONIC, &sim->wall_anchor);
	sim->cycle_anchor = sim->avr->cycle;
}

/* Real-time mode: wait until the wall clock reaches simulated `cycle`.  A
 * host too slow to keep up re-anchors instead of racing to catch up. */
static void sim_pace(struct sim *sim, uint64_t cycle)
{
	if (!sim->options.realtime) {
		return;
	}
	uint64_t ns = (cycle - sim->cycle_anchor) * 1000000000u / sim->avr->frequency;
	struct timespec target = sim->wall_anchor;
	target.tv_sec += (time_t)(ns / 1000000000u);
	target.tv_nsec += (long)(ns % 1000000000u);
	if (target.tv_nsec >= 1000000000L) {
		target.tv_sec++;
		target.tv_nsec -= 1000000000L;
	}
	struct timespec now;
	clock_gettime(CLOCK_MONOTONIC, &now);
	long long late = (long long)(now.tv_sec - target.tv_sec) * 1000000000LL + (now.tv_nsec - target.tv_nsec);
	if (late > SIM_BEHIND_LIMIT_NS) {
		sim_anchor_wall_clock(sim);
		return;
	}
	if (late < 0) {
		clock_nanosleep(CLOCK_MONOTONIC, TIMER_ABSTIME, &target, NULL);
	}
}

/* Replaces simavr's sleep, which sleeps in real time whatever the mode. */
static void sim_on_sleep(avr_t *avr, avr_cycle_count_t how_long)
{
	struct sim *sim = avr->custom.data;
	/* The core then advances the clock by 1 + how_long, all of it asleep. */
	sim->sleep_cycles += 1u + how_long;
	if (!sim_power_sleep(&sim->power, avr, how_long)) {
		sim_stop(sim, "%s", sim->power.fault);
		avr->run_cycle_count = 0;
	}
	sim_pace(sim, avr->cycle + 1u + how_long);
}

static avr_cycle_count_t sim_on_tick(avr_t *avr, avr_cycle_count_t when, void *param)
{
	struct sim *sim = param;
	sim->poll_due = true;
	sim_pace(sim, when);
	(void)avr;
	return when + sim->tick_cycles;
}

/* Only there so that a sleeping chip wakes at the end of a run. */
static avr_cycle_count_t sim_on_run_end(avr_t *avr, avr_cycle_count_t when, void *param)
{
	(void)avr;
	(void)when;
	(void)param;
	return 0;
}

static void sim_uart_start_feed(struct sim *sim);

/* Settings simavr 1.6 puts back at every reset, so made after power-on and
 * after every watchdog reset. */
static void sim_tune_core(struct sim *sim)
{
	/* The core starts with a limit of one cycle between timer checks, so
	 * a sleeping chip would advance one cycle per call; our tick bounds
	 * every sleep anyway. */
	sim->avr->run_cycle_limit = sim->tick_cycles;
	/* While INT0 (PD2) or INT1 (PD3) is low in the default level mode,
	 * simavr polls the pin every cycle, even with the interrupt disabled:
	 * the WIN LED's pin is PD3, and an unlit LED made sleeping firmware
	 * five times slower.  Level interrupts then act like falling edges,
	 * which the firmware does not use. */
	avr_extint_set_strict_lvl_trig(sim->avr, 0, 0);
	avr_extint_set_strict_lvl_trig(sim->avr, 1, 0);
}

static void sim_arm_timers(struct sim *sim)
{
	avr_cycle_timer_register(sim->avr, sim->tick_cycles, sim_on_tick, sim);
	if (sim->end_cycle > sim->avr->cycle) {
		avr_cycle_timer_register(sim->avr, sim->end_cycle - sim->avr->cycle, sim_on_run_end, sim);
	}
	sim->uart_feeding = false;
	sim_uart_start_feed(sim);
}

/* Every reset after power-on is the watchdog's: nothing else resets the
 * chip here.  simavr drops all cycle timers right after this hook, so they
 * are armed again once the core returns. */
static void sim_on_reset(avr_t *avr)
{
	struct sim *sim = avr->custom.data;
	if (sim->core_reset) {
		sim->core_reset(avr);
	}
	sim->watchdog_resets++;
	sim->watchdog_reset_cycle = avr->cycle;
	sim->timers_lost = true;
}

static avr_cycle_count_t sim_on_eeprom_written(avr_t *avr, avr_cycle_count_t when, void *param);

static void sim_after_watchdog_reset(struct sim *sim)
{
	/* The reset dropped the timer that would end a write under way; the
	 * chip finishes it, and it is one byte. */
	if (sim->eeprom_busy) {
		sim_on_eeprom_written(sim->avr, sim->avr->cycle, sim);
	}
	sim->timers_lost = false;
	sim_tune_core(sim);
	sim_arm_timers(sim);
}

/* simavr terminates the chip itself when it sleeps with interrupts off;
 * keep its EEPROM before the memory goes. */
static void sim_on_terminate(avr_t *avr, void *data)
{
	struct sim *sim = data;
	avr_eeprom_desc_t desc = {.ee = sim->eeprom_at_stop, .offset = 0, .size = SIM_EEPROM_SIZE};
	avr_ioctl(avr, AVR_IOCTL_EEPROM_GET, &desc);
	sim->terminated = true;
}

/* ---- EEPROM ---------------------------------------------------------------------- */

static avr_cycle_count_t sim_on_eeprom_written(avr_t *avr, avr_cycle_count_t when, void *param)
{
	struct sim *sim = param;
	(void)when;
	sim->eeprom_busy = false;
	sim->eeprom_before[sim->eeprom_write_address] = sim->eeprom_write_value;
	avr->data[SIM_EECR] &= (uint8_t)~SIM_EECR_EEPE;
	return 0;
}

/* Called after simavr's own handler of EECR, which has written the byte
 * and cleared EEPE at once.  A write is EEPE set (the firmware sets EEMPE
 * before it, as it must); the harness sets EEPE again for the 3.4 ms the
 * chip takes, so the firmware waits as on the chip, and keeps the byte
 * the write replaced, for a power cut during it (sim_eeprom_write_under_way). */
static void sim_on_eeprom_write(avr_t *avr, avr_io_addr_t addr, uint8_t value, void *param)
{
	struct sim *sim = param;
	(void)addr;
	if ((value & SIM_EECR_EEPE) == 0 || sim->eeprom_busy) {
		return;
	}
	uint16_t address = (uint16_t)((avr->data[SIM_EEARL] | avr->data[SIM_EEARH] << 8) & (SIM_EEPROM_SIZE - 1u));
	sim->eeprom_write_address = address;
	sim->eeprom_write_value = avr->data[SIM_EEDR];
	sim->eeprom_write_cycle = avr->cycle;
	sim->eeprom_writes++;
	sim->eeprom_busy = true;
	avr->data[SIM_EECR] |= SIM_EECR_EEPE;
	avr_cycle_timer_register_usec(avr, SIM_EEPROM_WRITE_US, sim_on_eeprom_written, sim);
}

bool sim_eeprom_write_under_way(const struct sim *sim, uint16_t *address, uint8_t *replaced)
{
	if (!sim->eeprom_busy) {
		return false;
	}
	*address = sim->eeprom_write_address;
	*replaced = sim->eeprom_before[sim->eeprom_write_address];
	return true;
}

uint32_t sim_eeprom_writes(const struct sim *sim)
{
	return sim->eeprom_writes;
}

uint64_t sim_eeprom_last_write_cycle(const struct sim *sim)
{
	return sim->eeprom_write_cycle;
}

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

/* ---- the buzzer ----------------------------------------------------------------- */

/* simavr 1.6 drives OC2A from Timer2's toggle on compare match (checked
 * here: the pin's IRQ sees every toggle, at the cycle the timer says).
 * Unlike the chip it does so by flipping the PORTB bit as well, so a tone
 * stopped by disconnecting the pin may leave the simulated pin high where
 * the chip's goes low; and every write to PORTB (the LCD's RS and E) raises
 * the pin's IRQ again at its level.  So the harness counts changes of
 * level only, and measures edges, never a level. */

/* The run as a tone; false while it has too few edges to be one (two
 * edges give one gap, which a third must confirm). */
static bool sim_run_tone(const struct sim *sim, struct sim_tone *tone)
{
	if (sim->run_edges < 3u) {
		return false;
	}
	double half = (double)(sim->run_last - sim->run_first) / (sim->run_edges - 1u);
	tone->start = sim->run_first - sim->run_gap;
	tone->end = sim->run_last;
	tone->hz = (double)sim->avr->frequency / (2.0 * half);
	return true;
}

/* The pin still for two of its latest half-periods: a gap longer than
 * the lowest tone's half-period is a silence, not a half-period. */
static bool sim_buzzer_still(const struct sim *sim)
{
	uint64_t longest = sim->avr->frequency / (2u * SIM_TONE_MIN_HZ);
	uint64_t gap = sim->last_gap < longest ? sim->last_gap : longest;
	return sim->run_edges == 0 || sim->avr->cycle - sim->run_last > 2u * gap;
}

static void sim_keep_tone(struct sim *sim, const struct sim_tone *tone)
{
	if (sim->tone_count == SIM_TONES_KEPT) {
		memmove(&sim->tones[0], &sim->tones[1], sizeof sim->tones - sizeof sim->tones[0]);
		sim->tone_count--;
	}
	sim->tones[sim->tone_count++] = *tone;
}

/* An edge that does not fit the run ends it as a tone and begins the
 * next: from the run's last edge, when the run was only two edges long
 * (the first of them was the end of what came before). */
static void sim_on_buzzer(struct avr_irq_t *irq, uint32_t value, void *param)
{
	struct sim *sim = param;
	(void)irq;
	bool level = (value & 1u) != 0;
	if (level == sim->buzzer_level) {
		return;
	}
	sim->buzzer_level = level;
	uint64_t now = sim->avr->cycle;
	uint64_t gap = now - sim->run_last;
	sim->last_gap = gap;
	if (sim->run_edges == 1u) {
		sim->run_gap = gap;
	} else if (sim->run_edges == 0u || gap * 50u > sim->run_gap * 51u || gap * 50u < sim->run_gap * 49u) {
		struct sim_tone tone;
		if (sim_run_tone(sim, &tone)) {
			sim_keep_tone(sim, &tone);
			sim->run_edges = 0;
		} else if (sim->run_edges == 2u) {
			sim->run_first = sim->run_last;
			sim->run_gap = gap;
			sim->run_edges = 1u;
		} else {
			sim->run_edges = 0;
		}
		if (sim->run_edges == 0u) {
			sim->run_first = now;
		}
	}
	sim->run_last = now;
	sim->run_edges++;
}

size_t sim_tones(const struct sim *sim, struct sim_tone *out, size_t max)
{
	struct sim_tone last;
	bool last_over = sim_run_tone(sim, &last) && sim_buzzer_still(sim);
	size_t total = sim->tone_count + (last_over ? 1u : 0u);
	size_t n = 0;
	for (size_t i = total > max ? total - max : 0; i < sim->tone_count; i++) {
		out[n++] = sim->tones[i];
	}
	if (last_over && n < max) {
		out[n++] = last;
	}
	return n;
}

void sim_tones_clear(struct sim *sim)
{
	sim->tone_count = 0;
	/* A tone under way stays: only its edges to come count from now. */
	if (sim_buzzer_still(sim)) {
		sim->run_edges = 0;
	}
}

bool sim_buzzer_sounding(const struct sim *sim)
{
	return !sim_buzzer_still(sim);
}

bool sim_tone_now(const struct sim *sim, struct sim_tone *out)
{
	return sim_buzzer_sounding(sim) && sim_run_tone(sim, out);
}

/* ---- pins ------------------------------------------------------------------------ */

/* A level or direction changed on one of those pins' ports.  A pin drives
 * (an LED lights, the backlight transistor's base gets 5 V) when it is an
 * output set high. */
static void sim_on_output_port(struct avr_irq_t *irq, uint32_t value, void *param)
{
	struct sim_port_hook *hook = param;
	struct sim *sim = hook->sim;
	avr_ioport_state_t state;
	if (avr_ioctl(sim->avr, AVR_IOCTL_IOPORT_GETSTATE(hook->port), &state) != 0) {
		return;
	}
	/* simavr 1.6 raises the direction's IRQ before it writes DDRx: the
	 * new directions are its value. */
	if (irq->irq == IOPORT_IRQ_DIRECTION_ALL) {
		state.ddr = (uint8_t)value;
	}
	for (int output = 0; output < SIM_OUTPUT_COUNT; output++) {
		if (sim_output_pins[output].port == hook->port) {
			sim->driven[output] = (state.port & state.ddr) >> sim_output_pins[output].bit & 1u;
		}
	}
	if (hook->port == sim_output_pins[SIM_OUTPUT_BACKLIGHT].port) {
		sim->backlight_output = state.ddr >> sim_output_pins[SIM_OUTPUT_BACKLIGHT].bit & 1u;
	}
	if (sim->driven[SIM_OUTPUT_BACKLIGHT]) {
		sim->backlight_driven_high = true;
		sim_stop(sim, "stopped: the firmware drove the backlight pin D10 high, which shorts the "
			      "transistor's base on many shield clones");
		sim->avr->run_cycle_count = 0;
	}
}

static void sim_on_lcd_pin(struct avr_irq_t *irq, uint32_t value, void *param)
{
	struct sim_lcd_hook *hook = param;
	struct sim *sim = hook->sim;
	(void)irq;
	lcd_model_set_pin(&sim->lcd, hook->pin, value != 0, sim->avr->cycle);
	if (sim->lcd.changes != sim->lcd_changes_seen) {
		sim->lcd_changes_seen = sim->lcd.changes;
		sim_request_poll(sim);
	}
}

/*
 * The exhibit's two daisy-chained 74HC595s, modelled from the datasheet:
 * at SRCLK's rising edge every stage takes the one before it and the
 * first takes SER; the near register's last stage (QH') feeds the far
 * register's SER, so the 16 stages are one shift register, the first bit
 * shifted in ending in the far register's QH (bit 15 here) after 16
 * clocks.  At RCLK's rising edge the storage registers take the stages
 * and the outputs show them (/OE is tied low, /SRCLR high).
 */
static void sim_on_lamps_pin(struct avr_irq_t *irq, uint32_t value, void *param)
{
	struct sim_lamps_hook *hook = param;
	struct sim *sim = hook->sim;
	(void)irq;
	bool rising = value != 0 && !sim->lamps_level[hook->pin];
	sim->lamps_level[hook->pin] = value != 0;
	if (!rising) {
		return;
	}
	if (hook->pin == SIM_LAMPS_SRCLK) {
		sim->lamps_stages = (uint16_t)(sim->lamps_stages << 1 | sim->lamps_level[SIM_LAMPS_SER]);
	} else if (hook->pin == SIM_LAMPS_RCLK) {
		sim->lamps = sim->lamps_stages;
		sim->lamps_latches++;
		sim_request_poll(sim);
	}
}

static void sim_hook_pin(struct sim *sim, char port, int bit, avr_irq_notify_t notify, void *param)
{
	avr_irq_t *irq = avr_io_getirq(sim->avr, AVR_IOCTL_IOPORT_GETIRQ(port), bit);
	avr_irq_register_notify(irq, notify, param);
}

static void sim_wire_pins(struct sim *sim)
{
	static const struct {
		enum lcd_pin pin;
		char port;
		int bit;
	} lcd_wiring[] = {
		{LCD_PIN_RS, SIM_PORT_LETTER(BOARD_LCD_RS_PORT), BOARD_LCD_RS_BIT},
		{LCD_PIN_E, SIM_PORT_LETTER(BOARD_LCD_E_PORT), BOARD_LCD_E_BIT},
		{LCD_PIN_DB4, SIM_PORT_LETTER(BOARD_LCD_DATA_PORT), BOARD_LCD_DATA_SHIFT},
		{LCD_PIN_DB5, SIM_PORT_LETTER(BOARD_LCD_DATA_PORT), BOARD_LCD_DATA_SHIFT + 1},
		{LCD_PIN_DB6, SIM_PORT_LETTER(BOARD_LCD_DATA_PORT), BOARD_LCD_DATA_SHIFT + 2},
		{LCD_PIN_DB7, SIM_PORT_LETTER(BOARD_LCD_DATA_PORT), BOARD_LCD_DATA_SHIFT + 3},
	};
	for (size_t i = 0; i < sizeof lcd_wiring / sizeof lcd_wiring[0]; i++) {
		struct sim_lcd_hook *hook = &sim->lcd_hooks[lcd_wiring[i].pin];
		hook->sim = sim;
		hook->pin = lcd_wiring[i].pin;
		sim_hook_pin(sim, lcd_wiring[i].port, lcd_wiring[i].bit, sim_on_lcd_pin, hook);
	}
	static const int lamps_bits[SIM_LAMPS_PINS] = {
		[SIM_LAMPS_SER] = BOARD_LAMPS_SER_BIT,
		[SIM_LAMPS_SRCLK] = BOARD_LAMPS_SRCLK_BIT,
		[SIM_LAMPS_RCLK] = BOARD_LAMPS_RCLK_BIT,
	};
	for (int pin = 0; pin < SIM_LAMPS_PINS; pin++) {
		sim->lamps_hooks[pin].sim = sim;
		sim->lamps_hooks[pin].pin = (enum sim_lamps_pin)pin;
		sim_hook_pin(sim, SIM_PORT_LETTER(BOARD_LAMPS_PORT), lamps_bits[pin], sim_on_lamps_pin,
			     &sim->lamps_hooks[pin]);
	}
	/* One hook per port: its pins' levels and its direction register. */
	int hooks = 0;
	for (int output = 0; output < SIM_OUTPUT_COUNT; output++) {
		char port = sim_output_pins[output].port;
		int hook = 0;
		while (hook < hooks && sim->port_hooks[hook].port != port) {
			hook++;
		}
		if (hook == hooks) {
			sim->port_hooks[hooks].sim = sim;
			sim->port_hooks[hooks].port = port;
			sim_hook_pin(sim, port, IOPORT_IRQ_DIRECTION_ALL, sim_on_output_port, &sim->port_hooks[hooks]);
			hooks++;
		}
		sim_hook_pin(sim, port, sim_output_pins[output].bit, sim_on_output_port, &sim->port_hooks[hook]);
	}
	sim_hook_pin(sim, SIM_PORT_LETTER(BOARD_BUZZER_PORT), BOARD_BUZZER_BIT, sim_on_buzzer, sim);
}

/* ---- serial line ------------------------------------------------------------------ */

static bool sim_text_reserve(char **buffer, size_t *capacity, size_t needed)
{
	if (needed <= *capacity) {
		return true;
	}
	size_t grown = *capacity ? *capacity : 256u;
	while (grown < needed) {
		grown *= 2u;
	}
	char *bigger = realloc(*buffer, grown);
	if (!bigger) {
		return false;
	}
	*buffer = bigger;
	*capacity = grown;
	return true;
}

/* A byte's time on the line at the rate the firmware has set, in cycles
 * (a whole number: the chip's bit is (UBRR0 + 1) * 8 or 16 cycles).  The
 * terminal runs at that rate, the chip's own, not at the nominal one it
 * stands for (117,647 baud for 115,200 at 16 MHz): the rates of a real
 * line differ as little as the receivers allow, and the chip's, where
 * they differ, is the faster sender here. */
uint32_t sim_uart_byte_cycles(const struct sim *sim)
{
	const uint8_t *data = sim->avr->data;
	uint32_t divider = (((uint32_t)data[SIM_UBRR0H] & 0x0Fu) << 8 | data[SIM_UBRR0L]) + 1u;
	uint32_t bit = divider * (data[SIM_UCSR0A] & SIM_UCSR0A_U2X0 ? 8u : 16u);
	return bit * SIM_UART_FRAME_BITS;
}

/* simavr 1.6 counts a parity bit 8N1 has not, so its transmitter takes 11
 * bit times a byte: once the firmware has set the rate (UBRR0L last, as
 * simavr itself reads it), its frame is made the line's 10. */
static void sim_on_uart_rate(avr_t *avr, avr_io_addr_t addr, uint8_t value, void *param)
{
	struct sim *sim = param;
	(void)avr;
	(void)addr;
	(void)value;
	sim->uart->cycles_per_byte = sim_uart_byte_cycles(sim);
}

/* The terminal takes XON and XOFF out of what it shows, as one with
 * XON/XOFF flow control on does, and counts them. */
static void sim_on_uart_output(struct avr_irq_t *irq, uint32_t value, void *param)
{
	struct sim *sim = param;
	(void)irq;
	if (value == SIM_XOFF) {
		sim->uart_xoffs++;
		if (sim->uart_honours_xoff && !sim->uart_stopped) {
			/* It may wait a byte time behind a byte in the chip's
			 * shift register, then takes one to send. */
			sim->uart_stopped = true;
			sim->uart_xoff_arrival = sim->avr->cycle + 2u * sim_uart_byte_cycles(sim);
			sim->uart_lag_left = sim->uart_lag;
		}
		return;
	}
	if (value == SIM_XON) {
		sim->uart_xons++;
		sim->uart_stopped = false;
		return;
	}
	if (!sim_text_reserve(&sim->tx_text, &sim->tx_capacity, sim->tx_length + 2u)) {
		sim_stop(sim, "out of memory for the serial output");
		return;
	}
	sim->tx_text[sim->tx_length++] = (char)value;
	sim->tx_text[sim->tx_length] = '\0';
	sim_request_poll(sim);
}

/* Whether the terminal sends the byte that would end at `end`: after an
 * XOFF has reached it, only the byte already on the wire and `lag` more
 * (what its USB bridge still holds), then nothing until XON. */
static bool sim_terminal_sends(struct sim *sim, uint64_t end)
{
	if (!sim->uart_stopped || end < sim->uart_xoff_arrival + sim_uart_byte_cycles(sim)) {
		return true;
	}
	if (sim->uart_lag_left == 0) {
		return false;
	}
	sim->uart_lag_left--;
	return true;
}

/* The byte's stop bit has just come in.  simavr's receiver would make the
 * chip wait its own frame time more before RXC, so it is told to take
 * this byte at once; its frame time stays for everything else.  simavr
 * keeps up to 64 bytes for the firmware to read; the chip keeps two
 * (SIM_UART_RX_HARDWARE_BYTES), and so does the harness. */
static void sim_uart_deliver(struct sim *sim, uint8_t byte)
{
	/* simavr's FIFO: its header declares it, its accessors are private. */
	const uart_fifo_t *fifo = &sim->uart->input;
	unsigned unread = (unsigned)(fifo->write + uart_fifo_fifo_size - fifo->read) & (uart_fifo_fifo_size - 1u);
	if (unread >= SIM_UART_RX_HARDWARE_BYTES) {
		sim->avr->data[SIM_UCSR0A] |= SIM_UCSR0A_DOR0;
		sim->uart_overruns++;
		return;
	}
	avr_cycle_count_t frame = sim->uart->cycles_per_byte;
	sim->uart->cycles_per_byte = 1;
	avr_raise_irq(sim->uart_input_irq, byte);
	sim->uart->cycles_per_byte = frame;
}

/* The terminal sends the bytes queued back to back at the line's rate.  A
 * byte waits (never drops) while the chip's receiver is off and, when the
 * terminal honours XOFF, while the chip has stopped it. */
static avr_cycle_count_t sim_on_uart_feed(avr_t *avr, avr_cycle_count_t when, void *param)
{
	struct sim *sim = param;
	if (sim->rx_length == 0) {
		sim->uart_feeding = false;
		return 0;
	}
	if ((avr->data[SIM_UCSR0B] & SIM_UCSR0B_RXEN0) && sim_terminal_sends(sim, when)) {
		uint8_t byte = sim->rx_queue[sim->rx_head];
		sim->rx_head = (sim->rx_head + 1u) % sim->rx_capacity;
		sim->rx_length--;
		sim_uart_deliver(sim, byte);
		if (sim->rx_length == 0) {
			sim_request_poll(sim); /* sim_uart_pending() is 0 from this cycle */
		}
	}
	return when + sim_uart_byte_cycles(sim);
}

static void sim_uart_start_feed(struct sim *sim)
{
	if (!sim->uart_feeding && sim->rx_length > 0 && !sim->terminated) {
		sim->uart_feeding = true;
		avr_cycle_timer_register(sim->avr, sim_uart_byte_cycles(sim), sim_on_uart_feed, sim);
	}
}

/* The chip raises the receive interrupt for as long as a byte waits
 * (RXC0) and the interrupt is on (RXCIE0); simavr 1.6 raises it once a
 * frame while bytes wait, and not when the firmware turns it on with a
 * byte waiting.  With the chip's two-byte buffer that late interrupt
 * loses bytes no chip loses, so the harness raises it whenever the
 * firmware turns it on or reads a byte with another waiting. */
static void sim_uart_raise_if_waiting(struct sim *sim)
{
	const uint8_t *data = sim->avr->data;
	if ((data[SIM_UCSR0A] & SIM_UCSR0A_RXC0) && (data[SIM_UCSR0B] & SIM_UCSR0B_RXCIE0)) {
		avr_raise_interrupt(sim->avr, &sim->uart->rxc);
	}
}

static void sim_on_uart_control(avr_t *avr, avr_io_addr_t addr, uint8_t value, void *param)
{
	(void)avr;
	(void)addr;
	(void)value;
	sim_uart_raise_if_waiting(param);
}

/* simavr also slows a firmware that reads several bytes within a frame of
 * the first (rx_cnt), which its 64-byte buffer would let it do; the
 * harness feeds the bytes on time and keeps two, so that brake would only
 * hide a byte that waits. */
static uint8_t sim_on_udr_read(avr_t *avr, avr_io_addr_t addr, void *param)
{
	struct sim *sim = param;
	sim->uart->rx_cnt = 0;
	uint8_t value = sim->udr_read(avr, addr, sim->udr_read_param);
	sim_uart_raise_if_waiting(sim);
	return value;
}

static void sim_wire_uart(struct sim *sim)
{
	uint32_t flags = 0; /* no stdout echo, no usleep while the firmware polls */
	avr_ioctl(sim->avr, AVR_IOCTL_UART_SET_FLAGS('0'), &flags);
	uint32_t uart = AVR_IOCTL_UART_GETIRQ('0');
	sim->uart_input_irq = avr_io_getirq(sim->avr, uart, UART_IRQ_INPUT);
	avr_irq_register_notify(avr_io_getirq(sim->avr, uart, UART_IRQ_OUTPUT), sim_on_uart_output, sim);
	/* simavr's UART module is an avr_io_t first, so its list of modules
	 * leads to it. */
	sim->uart = NULL;
	for (avr_io_t *io = sim->avr->io_port; io != NULL; io = io->next) {
		if (io->irq_ioctl_get == uart) {
			sim->uart = (avr_uart_t *)io;
		}
	}
	if (sim->uart) {
		avr_register_io_write(sim->avr, SIM_UBRR0L, sim_on_uart_rate, sim);
		avr_register_io_write(sim->avr, SIM_UCSR0B, sim_on_uart_control, sim);
		/* simavr takes one reader a register: the harness's calls its. */
		avr_io_addr_t udr = AVR_DATA_TO_IO(SIM_UDR0);
		sim->udr_read = sim->avr->io[udr].r.c;
		sim->udr_read_param = sim->avr->io[udr].r.param;
		sim->avr->io[udr].r.c = sim_on_udr_read;
		sim->avr->io[udr].r.param = sim;
	}
}

/* ---- power ------------------------------------------------------------------------- */

static uint32_t sim_reading_to_millivolts(uint16_t reading)
{
	/* simavr converts millivolts to a reading as mV * 1023 / AREF and
	 * truncates; rounding up gives exactly `reading` back. */
	return ((uint32_t)reading * 5000u + 1022u) / 1023u;
}

static void sim_apply_button_voltage(struct sim *sim)
{
	if (!sim->terminated) {
		avr_raise_irq(sim->adc_irq, sim->button_millivolts);
	}
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
static void sim_stack_paint(struct sim *sim, uint16_t top)
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

/* Builds the chip, loads the firmware and powers it on with `eeprom`. */
static bool sim_power_on(struct sim *sim, const uint8_t eeprom[SIM_EEPROM_SIZE])
{
	avr_t *avr = avr_make_mcu_by_name(sim->firmware->mmcu);
	if (!avr) {
		fprintf(stderr, "%s: simavr does not know the chip \"%s\"\n", sim->elf_path, sim->firmware->mmcu);
		return false;
	}
	avr->custom.data = sim; /* before anything can log */
	avr_init(avr);
	/* Some of simavr prints straight to stdout whenever avr->log is set;
	 * its logger still hears every message (sim_log). */
	avr->log = LOG_NONE;
	avr_load_firmware(avr, sim->firmware);
	/* Without these the ADC silently works from 3.3 V. */
	avr->vcc = avr->avcc = avr->aref = 5000;
	avr->sleep = sim_on_sleep;
	avr->custom.deinit = sim_on_terminate;
	sim->core_reset = avr->reset;
	avr->reset = sim_on_reset;
	sim->avr = avr;
	sim->terminated = false;
	/* Before the first instruction: a chip's RAM holds no known value at
	 * power-on, so the paint is as true a start as any, and it shows how
	 * deep the stack has gone (sim_stack_high_water). */
	sim_stack_paint(sim, avr->ramend);
	sim->stopped = false;
	sim->state_text[0] = '\0';
	sim->core_error[0] = '\0';
	sim->sleep_cycles = 0;
	sim->watchdog_resets = 0;
	sim->watchdog_reset_cycle = 0;
	sim->watch_from = sim->watch_to = 0;
	sim->timers_lost = false;
	sim->end_cycle = 0;
	sim->tick_cycles = (uint32_t)sim_ms_to_cycles(sim, 1);
	sim_power_init(&sim->power, avr);
	memset(sim->driven, 0, sizeof sim->driven);
	sim->backlight_output = false;
	/* The registers share the chip's supply: a power cut empties them
	 * too (a real one powers up holding anything, which the firmware
	 * clears at once). */
	memset(sim->lamps_level, 0, sizeof sim->lamps_level);
	sim->lamps_stages = 0;
	sim->lamps = 0;
	sim->lamps_latches = 0;
	sim->buzzer_level = false;
	sim->run_edges = 0;
	sim->tone_count = 0;

	uint8_t contents[SIM_EEPROM_SIZE];
	memcpy(contents, eeprom, sizeof contents);
	avr_eeprom_desc_t desc = {.ee = contents, .offset = 0, .size = SIM_EEPROM_SIZE};
	avr_ioctl(avr, AVR_IOCTL_EEPROM_SET, &desc);
	memcpy(sim->eeprom_before, eeprom, sizeof sim->eeprom_before);
	sim->eeprom_busy = false;
	sim->eeprom_writes = 0;
	sim->eeprom_write_cycle = 0;
	avr_register_io_write(avr, SIM_EECR, sim_on_eeprom_write, sim);

	lcd_model_power_on(&sim->lcd, avr->frequency, avr->cycle);
	sim->lcd_changes_seen = sim->lcd.changes;
	sim_wire_pins(sim);
	sim_wire_uart(sim);
	/* The terminal outlives the chip: stopped by an XOFF, it stays so
	 * until an XON.  The XOFF reached it long ago; the new chip's cycles
	 * count from 0. */
	sim->uart_xoff_arrival = 0;
	if (!sim->uart) {
		fprintf(stderr, "%s: simavr's %s has no USART0\n", sim->elf_path, sim->firmware->mmcu);
		return false;
	}
	sim->adc_irq = avr_io_getirq(avr, AVR_IOCTL_ADC_GETIRQ, ADC_IRQ_ADC0 + BOARD_BUTTONS_ADC_CHANNEL);
	sim_apply_button_voltage(sim);
	sim_tune_core(sim);
	sim_arm_timers(sim);
	sim_anchor_wall_clock(sim);
	return true;
}

static void sim_power_off(struct sim *sim)
{
	if (!sim->avr) {
		return;
	}
	sim->earlier_violations += sim->lcd.violations;
	if (!sim->earlier_first_violation[0] && sim->lcd.violations) {
		memcpy(sim->earlier_first_violation, sim->lcd.first_violation, sizeof sim->earlier_first_violation);
	}
	memset(&sim->lcd, 0, sizeof sim->lcd);
	if (!sim->terminated) {
		avr_terminate(sim->avr);
	}
	free(sim->avr);
	sim->avr = NULL;
}

static void sim_free_firmware(elf_firmware_t *firmware)
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

static bool sim_load_firmware(struct sim *sim)
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

struct sim *sim_open(const struct sim_options *options)
{
	avr_global_logger_set(sim_log);
	struct sim *sim = calloc(1, sizeof *sim);
	if (!sim) {
		fprintf(stderr, "out of memory for the simulator\n");
		return NULL;
	}
	sim->options = *options;
	if (sim->options.shield >= BOARD_SHIELD_VERSIONS) {
		sim->options.shield = 0;
	}
	sim->elf_path = strdup(options->elf ? options->elf : "");
	sim->button_millivolts = sim_reading_to_millivolts(shield_readings[sim->options.shield][BUTTON_NONE]);
	sim->uart_honours_xoff = true;
	sim->uart_lag = SIM_UART_DEFAULT_LAG;
	uint8_t eeprom[SIM_EEPROM_SIZE];
	/* A chip fresh from `make flash` has an erased EEPROM: the hex holds
	 * only .text and .data, whatever the ELF's .eeprom section says. */
	memset(eeprom, 0xFF, sizeof eeprom);
	if (!sim->elf_path || !sim_load_firmware(sim) || !sim_power_on(sim, eeprom)) {
		sim_close(sim);
		return NULL;
	}
	return sim;
}

void sim_close(struct sim *sim)
{
	if (!sim) {
		return;
	}
	sim_power_off(sim);
	sim_free_firmware(sim->firmware);
	free(sim->elf_path);
	free(sim->rx_queue);
	free(sim->tx_text);
	free(sim->profile);
	free(sim);
}

void sim_power_cycle(struct sim *sim)
{
	uint8_t eeprom[SIM_EEPROM_SIZE];
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

/* ---- running ----------------------------------------------------------------------- */

static bool sim_watchdog_armed(const struct sim *sim)
{
	return (sim->avr->data[SIM_WDTCSR] & SIM_WDTCSR_ENABLE_BITS) != 0;
}

/* A jump to itself with interrupts off never ends unless the watchdog
 * ends it: avr-libc's exit() and `cli(); for (;;) {}` compile to
 * `rjmp .-2`, or `jmp` to its own address. */
static bool sim_jumps_to_itself(const struct sim *sim)
{
	const uint8_t *flash = sim->avr->flash;
	avr_flashaddr_t pc = sim->avr->pc;
	if (pc + 4u > sim->avr->flashend + 1u) {
		return false;
	}
	uint16_t word = (uint16_t)(flash[pc] | flash[pc + 1] << 8);
	if (word == 0xCFFFu) {
		return true; /* rjmp .-2 */
	}
	uint16_t target = (uint16_t)(flash[pc + 2] | flash[pc + 3] << 8);
	return word == 0x940Cu && (avr_flashaddr_t)target * 2u == pc; /* jmp to itself, below 128 KB */
}

/* Why a run ended, in words, from simavr's state. */
static void sim_note_core_state(struct sim *sim, int state)
{
	if (state == cpu_Done) {
		sim_stop(sim, "stopped: the firmware went to sleep with interrupts off, so nothing can wake it");
	} else if (state == cpu_Crashed) {
		/* simavr 1.6 crashes a chip for three reasons: a read or a write
		 * outside data memory, which it logs first, and a program counter
		 * past the end of flash, which it does not. */
		if (sim->core_error[0] && strcmp(sim->core_error, "avr_sadly_crashed") != 0) {
			sim_stop(sim, "crashed: %s", sim->core_error);
		} else {
			sim_stop(sim, "crashed: the program counter ran past the end of flash");
		}
	} else {
		sim_stop(sim, "stopped: simavr left the chip in state %d", state);
	}
}

/* Runs the chip to cycle `end` at most; polls done() whenever something a
 * test could wait for happened.  True when done() said so. */
static bool sim_run_to(struct sim *sim, uint64_t end, bool (*done)(struct sim *sim, void *ctx), void *ctx)
{
	if (done && done(sim, ctx)) {
		return true;
	}
	if (sim->stopped) {
		return false;
	}
	avr_t *avr = sim->avr;
	sim->end_cycle = end;
	if (end > avr->cycle) {
		avr_cycle_timer_register(avr, end - avr->cycle, sim_on_run_end, sim);
	}
	sim->poll_due = false;
	bool finished = false;
	while (avr->cycle < end) {
		uint32_t pc = avr->pc;
		uint64_t cycle = avr->cycle;
		uint64_t asleep = sim->sleep_cycles; /* a SLEEP's step sleeps too */
		bool awake = avr->state == cpu_Running;
		if (sim->profile) {
			/* One instruction a step (see sim_run_until_in_function). */
			avr->run_cycle_limit = avr->run_cycle_count = 1;
		}
		int state = avr_run(avr);
		if (sim->profile && awake && pc / 2u <= avr->flashend / 2u) {
			sim->profile[pc / 2u] += (avr->cycle - cycle) - (sim->sleep_cycles - asleep);
		}
		if (state != cpu_Running && state != cpu_Sleeping) {
			sim_note_core_state(sim, state);
			break;
		}
		if (sim->core_error[0]) {
			sim_stop(sim, "crashed: %s", sim->core_error);
			break;
		}
		if (sim->stopped) {
			break;
		}
		sim_power_watchdog_reset(&sim->power, avr);
		if (sim->timers_lost) {
			sim_after_watchdog_reset(sim);
		}
		if (avr->pc >= sim->watch_from && avr->pc < sim->watch_to) {
			sim->poll_due = true;
		}
		if (state == cpu_Running && !avr->sreg[S_I] && sim_jumps_to_itself(sim) && !sim_watchdog_armed(sim)) {
			sim_stop(sim, "hung: endless loop with interrupts off at byte address 0x%04X", (unsigned)avr->pc);
			break;
		}
		if (sim->poll_due) {
			sim->poll_due = false;
			if (done && done(sim, ctx)) {
				finished = true;
				break;
			}
		}
	}
	if (!sim->terminated) {
		avr_cycle_timer_cancel(avr, sim_on_run_end, sim);
	}
	sim->end_cycle = 0;
	return finished;
}

uint64_t sim_cycles(const struct sim *sim)
{
	return sim->avr->cycle;
}

uint64_t sim_sleep_cycles(const struct sim *sim)
{
	return sim->sleep_cycles;
}

uint64_t sim_sleep_cycles_in(const struct sim *sim, enum sim_sleep_mode mode)
{
	return mode < SIM_SLEEP_MODES ? sim->power.cycles[mode] : 0u;
}

uint64_t sim_sleeps_in(const struct sim *sim, enum sim_sleep_mode mode)
{
	return mode < SIM_SLEEP_MODES ? sim->power.sleeps[mode] : 0u;
}

void sim_run_cycles(struct sim *sim, uint64_t cycles)
{
	sim_run_to(sim, sim->avr->cycle + cycles, NULL, NULL);
}

void sim_run_ms(struct sim *sim, uint32_t ms)
{
	sim_run_cycles(sim, sim_ms_to_cycles(sim, ms));
}

bool sim_run_until(struct sim *sim, bool (*done)(struct sim *sim, void *ctx), void *ctx, uint32_t timeout_ms)
{
	return sim_run_to(sim, sim->avr->cycle + sim_ms_to_cycles(sim, timeout_ms), done, ctx);
}

bool sim_stopped(const struct sim *sim)
{
	return sim->stopped;
}

const char *sim_state_text(const struct sim *sim)
{
	return sim->stopped ? sim->state_text : "running";
}

uint32_t sim_watchdog_resets(const struct sim *sim)
{
	return sim->watchdog_resets;
}

uint64_t sim_watchdog_reset_cycle(const struct sim *sim)
{
	return sim->watchdog_reset_cycle;
}

uint64_t sim_watchdog_period(const struct sim *sim)
{
	uint8_t wdtcsr = sim->avr->data[SIM_WDTCSR];
	if ((wdtcsr & SIM_WDTCSR_ENABLE_BITS) == 0) {
		return 0;
	}
	unsigned prescaler = (wdtcsr & SIM_WDTCSR_WDP_LOW) | ((wdtcsr & SIM_WDTCSR_WDP3) ? 8u : 0u);
	return ((uint64_t)SIM_WATCHDOG_MIN_TICKS << prescaler) * sim->avr->frequency / SIM_WATCHDOG_HZ;
}

/* ---- faults ---------------------------------------------------------------------- */

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

/* avr-libc's _exit: cli, then rjmp .-2 for ever. */
#define SIM_OPCODE_CLI 0x94F8u
#define SIM_OPCODE_RJMP_SELF 0xCFFFu

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

/* ---- where the cycles go --------------------------------------------------------------- */

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

/* ---- buttons --------------------------------------------------------------------- */

static void sim_set_button(struct sim *sim, enum board_button button)
{
	if (button >= BUTTON_COUNT) {
		button = BUTTON_NONE;
	}
	sim->button_millivolts = sim_reading_to_millivolts(shield_readings[sim->options.shield][button]);
	sim_apply_button_voltage(sim);
}

void sim_button_down(struct sim *sim, enum board_button button)
{
	sim_set_button(sim, button);
}

void sim_button_up(struct sim *sim)
{
	sim_set_button(sim, BUTTON_NONE);
}

void sim_press(struct sim *sim, enum board_button button, uint32_t hold_ms)
{
	sim_button_down(sim, button);
	sim_run_ms(sim, hold_ms);
	sim_button_up(sim);
	sim_run_ms(sim, SIM_RELEASE_IDLE_MS);
}

uint32_t sim_random(uint32_t *state)
{
	uint32_t x = *state != 0 ? *state : 0x9E3779B9u; /* xorshift must not start at 0 */
	x ^= x << 13;
	x ^= x >> 17;
	x ^= x << 5;
	*state = x;
	return x;
}

/* Contact bounce for `span` cycles: the contacts of `button` touch and part
 * at random intervals of 20..500 us, beginning and ending closed (pressed)
 * or open, as `closed` says. */
static void sim_chatter(struct sim *sim, enum board_button button, bool closed, uint64_t span, uint32_t *random)
{
	uint64_t end = sim->avr->cycle + span;
	uint64_t micro = sim->avr->frequency / 1000000u;
	bool touching = closed;
	while (sim->avr->cycle < end && !sim->stopped) {
		sim_set_button(sim, touching ? button : BUTTON_NONE);
		uint64_t step = (20u + sim_random(random) % 481u) * micro;
		uint64_t left = end - sim->avr->cycle;
		sim_run_cycles(sim, step < left ? step : left);
		touching = !touching;
	}
	sim_set_button(sim, closed ? button : BUTTON_NONE);
}

void sim_press_bouncy(struct sim *sim, enum board_button button, uint32_t hold_ms, uint32_t seed)
{
	uint32_t random = seed;
	/* Bounce lasts 2..5 ms at each end, and never more than a third of the hold. */
	uint64_t hold = sim_ms_to_cycles(sim, hold_ms);
	uint64_t third = hold / 3u;
	uint64_t press_bounce = sim_ms_to_cycles(sim, 2) + sim_random(&random) % sim_ms_to_cycles(sim, 3);
	uint64_t release_bounce = sim_ms_to_cycles(sim, 2) + sim_random(&random) % sim_ms_to_cycles(sim, 3);
	press_bounce = press_bounce < third ? press_bounce : third;
	release_bounce = release_bounce < third ? release_bounce : third;
	uint64_t start = sim->avr->cycle;
	sim_chatter(sim, button, true, press_bounce, &random);
	uint64_t steady_end = start + hold - release_bounce;
	if (sim->avr->cycle < steady_end) {
		sim_run_cycles(sim, steady_end - sim->avr->cycle);
	}
	sim_chatter(sim, button, false, release_bounce, &random);
	sim_run_ms(sim, SIM_RELEASE_IDLE_MS);
}

void sim_button_bounce(struct sim *sim, enum board_button button, bool end_pressed, uint32_t *random)
{
	uint64_t span = sim_ms_to_cycles(sim, 2) + sim_random(random) % sim_ms_to_cycles(sim, 3);
	sim_chatter(sim, button, end_pressed, span, random);
}

/* ---- LCD ----------------------------------------------------------------------------- */

void sim_lcd_lines(const struct sim *sim, char lines[BOARD_LCD_ROWS][BOARD_LCD_COLUMNS + 1])
{
	lcd_model_lines(&sim->lcd, lines);
}

bool sim_lcd_contains(const struct sim *sim, const char *text)
{
	char lines[BOARD_LCD_ROWS][BOARD_LCD_COLUMNS + 1];
	sim_lcd_lines(sim, lines);
	for (int row = 0; row < BOARD_LCD_ROWS; row++) {
		if (strstr(lines[row], text)) {
			return true;
		}
	}
	return false;
}

static bool sim_lcd_shows(struct sim *sim, void *text)
{
	return sim_lcd_contains(sim, text);
}

bool sim_wait_text(struct sim *sim, const char *text, uint32_t timeout_ms)
{
	return sim_run_until(sim, sim_lcd_shows, (void *)text, timeout_ms);
}

void sim_lcd_glyph(const struct sim *sim, uint8_t code, uint8_t rows[8])
{
	lcd_model_glyph(&sim->lcd, code, rows);
}

bool sim_lcd_display_on(const struct sim *sim)
{
	return sim->lcd.display_on;
}

uint64_t sim_lcd_last_change(const struct sim *sim)
{
	return sim->lcd.last_change;
}

uint32_t sim_lcd_violations(const struct sim *sim)
{
	return sim->earlier_violations + sim->lcd.violations;
}

const char *sim_lcd_first_violation(const struct sim *sim)
{
	return sim->earlier_first_violation[0] ? sim->earlier_first_violation : sim->lcd.first_violation;
}

int sim_lcd_save_png(const struct sim *sim, const char *path)
{
	return lcd_png_write(&sim->lcd, sim->avr->cycle, path);
}

/* ---- serial line ------------------------------------------------------------------- */

void sim_uart_send(struct sim *sim, const char *bytes, size_t length)
{
	if (sim->rx_length + length > sim->rx_capacity) {
		size_t capacity = sim->rx_capacity ? sim->rx_capacity : 256u;
		while (capacity < sim->rx_length + length) {
			capacity *= 2u;
		}
		uint8_t *queue = malloc(capacity);
		if (!queue) {
			sim_stop(sim, "out of memory for the serial input");
			return;
		}
		for (size_t i = 0; i < sim->rx_length; i++) {
			queue[i] = sim->rx_queue[(sim->rx_head + i) % sim->rx_capacity];
		}
		free(sim->rx_queue);
		sim->rx_queue = queue;
		sim->rx_capacity = capacity;
		sim->rx_head = 0;
	}
	for (size_t i = 0; i < length; i++) {
		sim->rx_queue[(sim->rx_head + sim->rx_length) % sim->rx_capacity] = (uint8_t)bytes[i];
		sim->rx_length++;
	}
	sim_uart_start_feed(sim);
}

void sim_uart_set_flow(struct sim *sim, bool honour_xoff, uint32_t lag)
{
	sim->uart_honours_xoff = honour_xoff;
	sim->uart_lag = lag;
	if (!honour_xoff) {
		sim->uart_stopped = false;
	}
}

uint32_t sim_uart_xoffs(const struct sim *sim)
{
	return sim->uart_xoffs;
}

uint32_t sim_uart_xons(const struct sim *sim)
{
	return sim->uart_xons;
}

const char *sim_uart_output(const struct sim *sim)
{
	return sim->tx_text ? sim->tx_text : "";
}

size_t sim_uart_output_length(const struct sim *sim)
{
	return sim->tx_length;
}

void sim_uart_clear_output(struct sim *sim)
{
	sim->tx_length = 0;
	if (sim->tx_text) {
		sim->tx_text[0] = '\0';
	}
}

static bool sim_uart_shows(struct sim *sim, void *text)
{
	return strstr(sim_uart_output(sim), text) != NULL;
}

bool sim_wait_uart(struct sim *sim, const char *text, uint32_t timeout_ms)
{
	return sim_run_until(sim, sim_uart_shows, (void *)text, timeout_ms);
}

size_t sim_uart_pending(const struct sim *sim)
{
	return sim->rx_length;
}

uint32_t sim_uart_baud(const struct sim *sim)
{
	uint32_t bit = sim_uart_byte_cycles(sim) / SIM_UART_FRAME_BITS;
	return (uint32_t)((sim->avr->frequency + bit / 2u) / bit);
}

uint32_t sim_uart_overruns(const struct sim *sim)
{
	return sim->uart_overruns;
}

/* ---- LEDs and EEPROM ---------------------------------------------------------------- */

bool sim_led_thinking(const struct sim *sim)
{
	return sim->driven[SIM_OUTPUT_LED_THINKING];
}

bool sim_led_win(const struct sim *sim)
{
	return sim->driven[SIM_OUTPUT_LED_WIN];
}

bool sim_backlight_lit(const struct sim *sim)
{
	return !sim->backlight_output;
}

bool sim_backlight_ever_driven_high(const struct sim *sim)
{
	return sim->backlight_driven_high;
}

uint16_t sim_lamps(const struct sim *sim)
{
	return sim->lamps;
}

uint32_t sim_lamps_latches(const struct sim *sim)
{
	return sim->lamps_latches;
}

void sim_eeprom_read(const struct sim *sim, uint8_t out[1024])
{
	if (sim->terminated) {
		memcpy(out, sim->eeprom_at_stop, SIM_EEPROM_SIZE);
		return;
	}
	/* GET copies the bytes but returns -1 even then (simavr 1.6). */
	avr_eeprom_desc_t desc = {.ee = out, .offset = 0, .size = SIM_EEPROM_SIZE};
	avr_ioctl(sim->avr, AVR_IOCTL_EEPROM_GET, &desc);
}
