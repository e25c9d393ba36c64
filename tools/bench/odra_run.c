/*
 * make bench, issue 5's part: the Odra challenge on the real firmware in
 * simavr.  The firmware gets `odra` on its serial line, then ROWS random
 * Nim rows (0..65535, one a line, CRLF) sent back to back at the line's
 * full speed, then an empty line; its answer is checked (rows counted, and
 * both moves win by the rules' known answer, worked out here), and the
 * figures are appended to the benchmark's table:
 *   - time for the rows: the device's own figure (ms=, from its prompt to
 *     its answer), next to the time the bytes take on the line;
 *   - cycles per row: the cycles the chip was awake from the first byte to
 *     the answer, interrupts included, divided by the rows, next to the
 *     cycles a row lasts on a 115200 baud line;
 *   - bytes lost: 0 when every row was counted and none refused (the
 *     console refuses a row that lost a byte, "error: row N: input lost").
 *
 * usage: odra_run [--rows N] [--seed N] [--out FILE] [--mcu NAME]
 *                 [--f-cpu HZ] FIRMWARE.ELF
 *
 * The firmware is the ELF that goes on the chip.  The serial line is fed
 * as the simulator harness feeds it (sim/harness.c): one byte per byte
 * time, waiting while simavr's receive FIFO is full, never dropping one.
 * Exit status 0 when the answer is right and no byte was lost.
 */
#include <inttypes.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "avr_adc.h"
#include "avr_extint.h"
#include "avr_uart.h"
#include "sim_avr.h"
#include "sim_cycle_timers.h"
#include "sim_elf.h"
#include "sim_io.h"

#include "board/lcd_keypad_shield.h"

#define UCSR0B 0xC1u      /* data-space address */
#define UCSR0B_RXEN0 0x10u
#define BITS_PER_BYTE 10u /* 8N1: start, eight data bits, stop */
#define BOOT_MS 500u      /* power-on to the menu, with a margin */
#define ANSWER_MS 5000u   /* after the last byte */
#define NO_BUTTON_MILLIVOLTS 5000u

static struct {
	unsigned rows;
	uint32_t seed;
	const char *out;
	const char *mcu;
	uint32_t f_cpu;
	const char *elf;
} options = { 8000u, 1003u, NULL, "atmega328p", 16000000u, NULL };

static struct {
	avr_t *avr;
	elf_firmware_t firmware;
	avr_irq_t *input_irq;
	bool xoff;
	uint32_t byte_cycles;
	/* what is sent, and how far */
	const char *tx;
	size_t tx_length;
	size_t tx_sent;
	uint64_t last_byte_cycle; /* when the last byte was sent */
	/* what the chip writes */
	char *rx;
	size_t rx_length;
	size_t rx_capacity;
	uint64_t sleep_cycles;
} chip;

__attribute__((format(printf, 1, 2), noreturn)) static void fatal(const char *format, ...)
{
	va_list args;
	va_start(args, format);
	fputs("odra_run: ", stderr);
	vfprintf(stderr, format, args);
	fputc('\n', stderr);
	va_end(args);
	exit(2);
}

/* ---- the chip ---- */

static void on_log(avr_t *avr, const int level, const char *format, va_list args)
{
	(void)avr;
	if (level <= LOG_ERROR) {
		vfprintf(stderr, format, args);
	}
}

static void on_sleep(avr_t *avr, avr_cycle_count_t how_long)
{
	/* The core then advances the clock by 1 + how_long, all of it asleep. */
	(void)avr;
	chip.sleep_cycles += 1u + how_long;
}

static void on_output(struct avr_irq_t *irq, uint32_t value, void *param)
{
	(void)irq;
	(void)param;
	if (chip.rx_length + 2u > chip.rx_capacity) {
		chip.rx_capacity = chip.rx_capacity != 0 ? 2u * chip.rx_capacity : 4096u;
		chip.rx = realloc(chip.rx, chip.rx_capacity);
		if (chip.rx == NULL) {
			fatal("out of memory");
		}
	}
	chip.rx[chip.rx_length++] = (char)value;
	chip.rx[chip.rx_length] = '\0';
}

static void on_xoff(struct avr_irq_t *irq, uint32_t value, void *param)
{
	(void)irq;
	(void)param;
	chip.xoff = value != 0;
}

static void on_xon(struct avr_irq_t *irq, uint32_t value, void *param)
{
	(void)irq;
	(void)param;
	if (value) {
		chip.xoff = false;
	}
}

/* One byte per byte time, like a real line; a byte waits (never drops)
 * while the chip's FIFO is full or its receiver is off. */
static avr_cycle_count_t on_feed(avr_t *avr, avr_cycle_count_t when, void *param)
{
	(void)param;
	if (chip.tx_sent == chip.tx_length) {
		return 0;
	}
	if (!chip.xoff && (avr->data[UCSR0B] & UCSR0B_RXEN0)) {
		avr_raise_irq(chip.input_irq, (uint8_t)chip.tx[chip.tx_sent++]);
		chip.last_byte_cycle = when;
	}
	return when + chip.byte_cycles;
}

static void send(const char *bytes, size_t length)
{
	chip.tx = bytes;
	chip.tx_length = length;
	chip.tx_sent = 0;
	avr_cycle_timer_register(chip.avr, chip.byte_cycles, on_feed, NULL);
}

static void power_on(void)
{
	avr_global_logger_set(on_log);
	if (elf_read_firmware(options.elf, &chip.firmware) != 0 || chip.firmware.flashsize == 0) {
		fatal("simavr cannot load %s", options.elf);
	}
	snprintf(chip.firmware.mmcu, sizeof chip.firmware.mmcu, "%s", options.mcu);
	chip.firmware.frequency = options.f_cpu;
	chip.avr = avr_make_mcu_by_name(options.mcu);
	if (chip.avr == NULL) {
		fatal("simavr does not know the chip %s", options.mcu);
	}
	if (chip.firmware.flashsize > (uint32_t)chip.avr->flashend + 1u) {
		fatal("%s does not fit the flash of %s", options.elf, options.mcu);
	}
	avr_init(chip.avr);
	chip.avr->log = LOG_NONE;
	avr_load_firmware(chip.avr, &chip.firmware);
	/* Without these the ADC works from 3.3 V: no button reads as one. */
	chip.avr->vcc = chip.avr->avcc = chip.avr->aref = NO_BUTTON_MILLIVOLTS;
	chip.avr->sleep = on_sleep;
	/* Timer checks once a millisecond at least, not every cycle, and no
	 * polling of the LED pins' level interrupts (as sim/harness.c). */
	chip.avr->run_cycle_limit = options.f_cpu / 1000u;
	avr_extint_set_strict_lvl_trig(chip.avr, 0, 0);
	avr_extint_set_strict_lvl_trig(chip.avr, 1, 0);
	avr_raise_irq(avr_io_getirq(chip.avr, AVR_IOCTL_ADC_GETIRQ, ADC_IRQ_ADC0 + BOARD_BUTTONS_ADC_CHANNEL),
		      NO_BUTTON_MILLIVOLTS);

	uint32_t flags = 0; /* no echo to stdout, no usleep while the firmware polls */
	avr_ioctl(chip.avr, AVR_IOCTL_UART_SET_FLAGS('0'), &flags);
	uint32_t uart = AVR_IOCTL_UART_GETIRQ('0');
	chip.input_irq = avr_io_getirq(chip.avr, uart, UART_IRQ_INPUT);
	avr_irq_register_notify(avr_io_getirq(chip.avr, uart, UART_IRQ_OUTPUT), on_output, NULL);
	avr_irq_register_notify(avr_io_getirq(chip.avr, uart, UART_IRQ_OUT_XOFF), on_xoff, NULL);
	avr_irq_register_notify(avr_io_getirq(chip.avr, uart, UART_IRQ_OUT_XON), on_xon, NULL);
	chip.byte_cycles = (options.f_cpu * BITS_PER_BYTE + BOARD_UART_BAUD / 2u) / BOARD_UART_BAUD;
}

/* Runs until the chip has written `lines` whole lines, or for timeout_ms. */
static bool run_until_lines(unsigned lines, uint32_t timeout_ms)
{
	uint64_t end = chip.avr->cycle + (uint64_t)timeout_ms * (options.f_cpu / 1000u);
	for (;;) {
		unsigned seen = 0;
		for (const char *p = chip.rx; p != NULL && (p = strstr(p, "\r\n")) != NULL; p += 2) {
			seen++;
		}
		if (seen >= lines) {
			return true;
		}
		if (chip.avr->cycle >= end) {
			return false;
		}
		int state = avr_run(chip.avr);
		if (state == cpu_Done || state == cpu_Crashed) {
			fatal("the firmware stopped (simavr state %d)", state);
		}
	}
}

static void run_ms(uint32_t ms)
{
	uint64_t end = chip.avr->cycle + (uint64_t)ms * (options.f_cpu / 1000u);
	while (chip.avr->cycle < end) {
		int state = avr_run(chip.avr);
		if (state == cpu_Done || state == cpu_Crashed) {
			fatal("the firmware stopped (simavr state %d)", state);
		}
	}
}

static void clear_output(void)
{
	chip.rx_length = 0;
	if (chip.rx != NULL) {
		chip.rx[0] = '\0';
	}
}

/* ---- the answer, worked out here ---- */

static uint32_t next_random(uint32_t *state)
{
	uint32_t x = *state;
	x ^= x << 13;
	x ^= x >> 17;
	x ^= x << 5;
	*state = x;
	return x;
}

/* Whether the player to move in `rows` loses: Bouton's nim-sum for normal
 * play; misère the same while a row exceeds 1, else odd 1-rows lose (and
 * no rows at all, no move). */
static bool player_to_move_loses(const uint16_t *rows, unsigned count, bool misere)
{
	uint16_t x = 0;
	unsigned big = 0;
	unsigned ones = 0;
	for (unsigned i = 0; i < count; i++) {
		x ^= rows[i];
		big += rows[i] > 1u;
		ones += rows[i] == 1u;
	}
	if (misere && big == 0) {
		return ones % 2u == 1u || ones == 0;
	}
	return x == 0;
}

/* MOVE ("R-N" or "-"): "-" exactly when the player to move loses, else a
 * legal move that leaves the opponent lost.  NULL when right, else why not. */
static const char *check_move(uint16_t *rows, unsigned count, bool misere, const char *move)
{
	bool loses = player_to_move_loses(rows, count, misere);
	if (strcmp(move, "-") == 0) {
		return loses ? NULL : "no move given from a winning position";
	}
	unsigned long row;
	unsigned long take;
	char tail;
	if (sscanf(move, "%lu-%lu%c", &row, &take, &tail) != 2) {
		return "not a move R-N";
	}
	if (loses) {
		return "a move given from a losing position";
	}
	if (row < 1 || row > count || take < 1 || take > rows[row - 1]) {
		return "an illegal move";
	}
	rows[row - 1] = (uint16_t)(rows[row - 1] - take);
	bool wins = player_to_move_loses(rows, count, misere);
	rows[row - 1] = (uint16_t)(rows[row - 1] + take);
	return wins ? NULL : "a move that leaves the opponent a winning position";
}

/* ---- the run ---- */

static void usage(void)
{
	fprintf(stderr, "usage: odra_run [--rows N] [--seed N] [--out FILE] [--mcu NAME] [--f-cpu HZ] FIRMWARE.ELF\n");
	exit(2);
}

static void parse_options(int argc, char **argv)
{
	for (int i = 1; i < argc; i++) {
		bool has_value = i + 1 < argc;
		if (strcmp(argv[i], "--rows") == 0 && has_value) {
			options.rows = (unsigned)strtoul(argv[++i], NULL, 10);
		} else if (strcmp(argv[i], "--seed") == 0 && has_value) {
			options.seed = (uint32_t)strtoul(argv[++i], NULL, 10);
		} else if (strcmp(argv[i], "--out") == 0 && has_value) {
			options.out = argv[++i];
		} else if (strcmp(argv[i], "--mcu") == 0 && has_value) {
			options.mcu = argv[++i];
		} else if (strcmp(argv[i], "--f-cpu") == 0 && has_value) {
			options.f_cpu = (uint32_t)strtoul(argv[++i], NULL, 10);
		} else if (argv[i][0] != '-' && options.elf == NULL) {
			options.elf = argv[i];
		} else {
			usage();
		}
	}
	if (options.elf == NULL || options.rows == 0 || options.seed == 0) {
		usage();
	}
}

static FILE *copy;

/* Prints to the terminal and to the --out file. */
__attribute__((format(printf, 1, 2))) static void say(const char *format, ...)
{
	va_list args;
	va_start(args, format);
	vprintf(format, args);
	va_end(args);
	if (copy != NULL) {
		va_start(args, format);
		vfprintf(copy, format, args);
		va_end(args);
	}
}

int main(int argc, char **argv)
{
	parse_options(argc, argv);
	power_on();
	if (!run_until_lines(1, BOOT_MS) || strstr(chip.rx, "grundy-box ready\r\n") == NULL) {
		fatal("the firmware did not start: it wrote \"%s\"", chip.rx != NULL ? chip.rx : "");
	}
	run_ms(BOOT_MS);

	clear_output();
	static const char odra[] = "odra\r\n";
	send(odra, strlen(odra));
	if (!run_until_lines(1, 1000)) {
		fatal("no prompt after odra: \"%s\"", chip.rx != NULL ? chip.rx : "");
	}
	char prompt[128];
	snprintf(prompt, sizeof prompt, "%.*s", (int)strcspn(chip.rx, "\r"), chip.rx);
	run_ms(1);

	uint16_t *rows = malloc(options.rows * sizeof *rows);
	size_t capacity = (size_t)options.rows * 8u + 8u;
	char *text = malloc(capacity);
	if (rows == NULL || text == NULL) {
		fatal("out of memory");
	}
	uint32_t seed = options.seed;
	size_t length = 0;
	for (unsigned i = 0; i < options.rows; i++) {
		rows[i] = (uint16_t)next_random(&seed);
		length += (size_t)snprintf(text + length, capacity - length, "%u\r\n", rows[i]);
	}
	length += (size_t)snprintf(text + length, capacity - length, "\r\n");
	uint64_t start = chip.avr->cycle;
	uint64_t start_asleep = chip.sleep_cycles;
	send(text, length);
	uint64_t line_cycles = (uint64_t)length * chip.byte_cycles;
	bool answered = run_until_lines(2, (uint32_t)(3u * line_cycles / (options.f_cpu / 1000u)) + ANSWER_MS);
	uint64_t cycles = chip.avr->cycle - start;
	uint64_t awake = cycles - (chip.sleep_cycles - start_asleep);

	char answer[256] = "";
	const char *second = chip.rx != NULL ? strstr(chip.rx, "\r\n") : NULL;
	if (second != NULL) {
		snprintf(answer, sizeof answer, "%.*s", (int)strcspn(second + 2, "\r"), second + 2);
	}
	unsigned counted = 0;
	char normal[32] = "";
	char misere[32] = "";
	uint32_t ms = 0;
	bool parsed = sscanf(answer, "odra rows=%u normal=%31s misere=%31s ms=%" SCNu32, &counted, normal, misere,
			     &ms) == 4;
	/* A row that lost a byte is refused ("error: row N: input lost") and
	 * the challenge gives no answer; a row lost whole would be missing
	 * from the count. */
	bool none_lost = parsed && counted == options.rows;
	const char *wrong = !answered ? "no answer" : !parsed ? "not an answer" : counted != options.rows ? "rows lost"
												  : NULL;
	if (wrong == NULL) {
		wrong = check_move(rows, options.rows, false, normal);
	}
	if (wrong == NULL) {
		wrong = check_move(rows, options.rows, true, misere);
	}

	copy = options.out != NULL ? fopen(options.out, "a") : NULL;
	if (options.out != NULL && copy == NULL) {
		fatal("cannot append to %s", options.out);
	}
	double line_ms = (double)length * BITS_PER_BYTE * 1000.0 / BOARD_UART_BAUD;
	double row_line_cycles = (double)options.f_cpu * BITS_PER_BYTE * (double)length / options.rows / BOARD_UART_BAUD;
	say("\nThe Odra challenge (issue 5): the firmware %s in simavr\n", options.elf);
	say("  sent: \"odra\", %u random rows of 0-65535 one a line (CRLF), an empty line: %zu bytes back to back\n",
	    options.rows, length);
	say("  prompt: %s\n", prompt);
	say("  answer: %s\n", answer[0] != '\0' ? answer : "(none)");
	say("  check: %s\n", wrong == NULL ? "rows all counted; both moves win (Bouton; misere by the 1-rows)" : wrong);
	double byte_us = (double)(chip.last_byte_cycle - start) / (double)(length - 1u) * 1e6 / options.f_cpu;
	say("  time for %u rows: %" PRIu32 " ms by the device's clock, prompt to answer (the bytes alone take %.0f "
	    "ms at %lu baud; simavr delivers one every %.1f us instead of %.1f: %.0f ms)\n",
	    options.rows, ms, line_ms, (unsigned long)BOARD_UART_BAUD, byte_us,
	    (double)BITS_PER_BYTE * 1e6 / BOARD_UART_BAUD, byte_us * (double)length / 1000.0);
	say("  cycles per row: %.0f awake (interrupts included) of the %.0f a row lasts on the line at %lu baud "
	    "(%.0f%% busy)\n",
	    (double)awake / options.rows, row_line_cycles, (unsigned long)BOARD_UART_BAUD,
	    100.0 * (double)awake / options.rows / row_line_cycles);
	say("  bytes lost: %s\n", none_lost ? "0" : strstr(answer, "input lost") != NULL ? "some" : "unknown");
	if (copy != NULL) {
		fclose(copy);
	}
	free(rows);
	free(text);
	free(chip.rx);
	return wrong == NULL && none_lost ? 0 : 1;
}
