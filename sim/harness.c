/*
 * The simulator harness on libsimavr 1.6: the chip, with the firmware in
 * it, and the parts of the board wired to its pins as
 * board/lcd_keypad_shield.h says, each part in a file of its own (as
 * simavr's examples/parts are):
 *   - sim/lcd_hd44780.c: the LCD module (its controller: sim/lcd_model.c),
 *   - sim/button_ladder.c: the buttons' resistor ladder on A0,
 *   - sim/serial_terminal.c: the terminal on the serial line, and the
 *     chip's USART0 where simavr differs from it,
 *   - sim/eeprom_power.c: the EEPROM's write timing, and power cuts,
 *   - sim/leds.c: the LEDs and the backlight,
 *   - sim/lamps_595.c: the exhibit's 74HC595 lamps,
 *   - sim/piezo.c: the exhibit's buzzer.
 * sim/run.c runs the chip (sim/power.c: its sleep and watchdog as the
 * datasheet has them), sim/firmware.c reads the firmware.  This file
 * builds the chip at each power-on and wires the parts to it.
 */
#include "sim/harness.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <sim_avr.h>
#include <sim_elf.h>

#include "sim/wiring.h"

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

/* simavr 1.6 runs a batch of instructions per avr_run() call, up to the
 * next cycle timer; ending the batch after this instruction lets
 * sim_run_until poll at once, before the firmware moves on (say, to the
 * next EEPROM byte). */
void sim_request_poll(struct sim *sim)
{
	sim->poll_due = true;
	sim->avr->run_cycle_count = 0;
}

void sim_stop(struct sim *sim, const char *format, ...)
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
__attribute__((format(printf, 3, 0))) static void sim_log(avr_t *avr, const int level, const char *format, va_list args)
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

/* ---- the wiring ---------------------------------------------------------------- */

#define SIM_PIN(port, bit)                    \
	{                                     \
		PART_PORT_LETTER(port), (bit) \
	}

static const struct part_pin lcd_pins[LCD_PIN_COUNT] = {
	[LCD_PIN_RS] = SIM_PIN(BOARD_LCD_RS_PORT, BOARD_LCD_RS_BIT),
	[LCD_PIN_E] = SIM_PIN(BOARD_LCD_E_PORT, BOARD_LCD_E_BIT),
	[LCD_PIN_DB4] = SIM_PIN(BOARD_LCD_DATA_PORT, BOARD_LCD_DATA_SHIFT),
	[LCD_PIN_DB5] = SIM_PIN(BOARD_LCD_DATA_PORT, BOARD_LCD_DATA_SHIFT + 1),
	[LCD_PIN_DB6] = SIM_PIN(BOARD_LCD_DATA_PORT, BOARD_LCD_DATA_SHIFT + 2),
	[LCD_PIN_DB7] = SIM_PIN(BOARD_LCD_DATA_PORT, BOARD_LCD_DATA_SHIFT + 3),
};

static const struct part_pin led_pins[LEDS_OUTPUTS] = {
	[LEDS_THINKING] = SIM_PIN(BOARD_LED_THINKING_PORT, BOARD_LED_THINKING_BIT),
	[LEDS_WIN] = SIM_PIN(BOARD_LED_WIN_PORT, BOARD_LED_WIN_BIT),
	[LEDS_BACKLIGHT] = SIM_PIN(BOARD_BACKLIGHT_PORT, BOARD_BACKLIGHT_BIT),
};

static const struct part_pin lamps_pins[LAMPS_595_PINS] = {
	[LAMPS_595_SER] = SIM_PIN(BOARD_LAMPS_PORT, BOARD_LAMPS_SER_BIT),
	[LAMPS_595_SRCLK] = SIM_PIN(BOARD_LAMPS_PORT, BOARD_LAMPS_SRCLK_BIT),
	[LAMPS_595_RCLK] = SIM_PIN(BOARD_LAMPS_PORT, BOARD_LAMPS_RCLK_BIT),
};

static const struct part_pin buzzer_pin = SIM_PIN(BOARD_BUZZER_PORT, BOARD_BUZZER_BIT);

static void sim_on_part_event(void *owner)
{
	sim_request_poll(owner);
}

static void sim_on_part_fault(void *owner, const char *why)
{
	struct sim *sim = owner;
	sim_stop(sim, "%s", why);
	sim->avr->run_cycle_count = 0;
}

/* simavr terminates the chip itself when it sleeps with interrupts off;
 * keep its EEPROM before the memory goes. */
static void sim_on_terminate(avr_t *avr, void *data)
{
	struct sim *sim = data;
	(void)avr;
	eeprom_power_keep(&sim->eeprom);
	button_ladder_disconnect(&sim->buttons);
	sim->terminated = true;
}

bool sim_power_on(struct sim *sim, const uint8_t eeprom[EEPROM_POWER_SIZE])
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
	avr->custom.deinit = sim_on_terminate;
	sim->avr = avr;
	sim->terminated = false;
	/* Before the first instruction: a chip's RAM holds no known value at
	 * power-on, so the paint is as true a start as any, and it shows how
	 * deep the stack has gone (sim_stack_high_water). */
	sim_stack_paint(sim, avr->ramend);
	sim->stopped = false;
	sim->state_text[0] = '\0';
	sim->core_error[0] = '\0';
	sim_clock_power_on(sim);

	const struct part_link link = { .event = sim_on_part_event, .fault = sim_on_part_fault, .owner = sim };
	eeprom_power_connect(&sim->eeprom, avr, eeprom);
	lcd_hd44780_connect(&sim->lcd, avr, lcd_pins, &link);
	lamps_595_connect(&sim->lamps, avr, lamps_pins, &link);
	leds_connect(&sim->leds, avr, led_pins, &link);
	piezo_connect(&sim->piezo, avr, buzzer_pin);
	if (!serial_terminal_connect(&sim->terminal, avr, &link)) {
		fprintf(stderr, "%s: simavr's %s has no USART0\n", sim->elf_path, sim->firmware->mmcu);
		return false;
	}
	button_ladder_connect(&sim->buttons, avr, BOARD_BUTTONS_ADC_CHANNEL);
	sim_clock_start(sim);
	return true;
}

void sim_power_off(struct sim *sim)
{
	if (!sim->avr) {
		return;
	}
	lcd_hd44780_power_off(&sim->lcd);
	if (!sim->terminated) {
		avr_terminate(sim->avr);
	}
	free(sim->avr);
	sim->avr = NULL;
}

/* ---- the harness's face (sim/harness.h) ---- */

struct sim *sim_open(const struct sim_options *options)
{
	avr_global_logger_set(sim_log);
	struct sim *sim = calloc(1, sizeof *sim);
	if (!sim) {
		fprintf(stderr, "out of memory for the simulator\n");
		return NULL;
	}
	sim->options = *options;
	sim->elf_path = strdup(options->elf ? options->elf : "");
	button_ladder_init(&sim->buttons, options->shield);
	serial_terminal_init(&sim->terminal);
	uint8_t eeprom[EEPROM_POWER_SIZE];
	/* A chip fresh from `make flash` has an erased EEPROM: the hex holds
	 * only .text and .data, whatever the ELF's .eeprom section says. */
	memset(eeprom, 0xFF, sizeof eeprom);
	if (!sim->elf_path || !sim_firmware_load(sim) || !sim_power_on(sim, eeprom)) {
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
	sim_firmware_free(sim->firmware);
	free(sim->elf_path);
	serial_terminal_free(&sim->terminal);
	free(sim->profile);
	free(sim);
}
