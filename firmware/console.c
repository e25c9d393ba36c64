/*
 * The serial console's reading of lines (see console.h): a line's bytes,
 * its editing and its faults, and its end, which refuses it or hands it
 * whole to the commands (console_commands.c); and the Odra challenge's
 * rows, read as fast as the line brings them, the challenge's state in
 * the command line's RAM.
 */
#include "firmware/console.h"

#include <stdbool.h>
#include <stdint.h>
#include <string.h>

#include "common/attributes.h"
#include "engine/engine.h"
#include "engine/text.h"
#include "firmware/console_commands.h"
#include "firmware/features.h"
#include "firmware/odra.h"
#include "firmware/transcript.h"
#include "hal/sleep.h"
#include "hal/timer.h"
#include "hal/uart.h"
#include "hal/watchdog.h"

/* While the challenge runs, the console keeps the main loop this long after
 * the last byte, so a sender's short pauses never let a long step of the
 * buttons' screens in between (bytes could be lost), yet a person typing
 * rows by hand still gets the buttons back between keys. */
#define CONSOLE_ODRA_PATIENCE_MS 200u
/* A row of the challenge is a short line ("65535"): the challenge's state
 * fits in the rest of the command line's RAM. */
#define ODRA_LINE_MAX 7u

/* The line being read; during the Odra challenge, the row being read and
 * the challenge's state, in the same RAM, as large as the larger of the
 * two, and a line may fill all of it.  An edition without the challenge
 * gives it no room: its code never runs there, and challenge_state is no
 * record. */
struct challenge {
	char line[ODRA_LINE_MAX + 1u];
	struct odra odra;
};
#if FEATURE_ODRA
#define LINE_ROOM (sizeof(struct challenge) > CONSOLE_LINE_MAX + 1u ? sizeof(struct challenge) : CONSOLE_LINE_MAX + 1u)
#else
#define LINE_ROOM (CONSOLE_LINE_MAX + 1u)
#endif
static union {
	char line[LINE_ROOM];
#if FEATURE_ODRA
	struct challenge challenge;
#endif
} buffer;
#if FEATURE_ODRA
#define challenge_state (&buffer.challenge)
#else
#define challenge_state ((struct challenge *)NULL)
#endif

/* The reading's state; all zero is its power-on state. */
static struct console_state {
	uint16_t length;        /* characters in buffer.line */
	uint8_t fault;          /* why the line being read will be refused, or ENGINE_OK */
	bool after_cr;          /* the last byte was a CR: an LF now only completes it */
	bool in_odra;           /* the challenge's rows are coming */
	uint32_t odra_start_ms; /* when the challenge's prompt was sent */
} console;

void console_init(void)
{
	memset(&console, 0, sizeof console);
	console_forget_board();
}

/* One error line. */
static void refuse(uint8_t reason)
{
	transcript_say(TEXT_ERROR);
	console_say_line(reason);
}

/* ---- the challenge ---- */

void console_start_odra(void)
{
	console.in_odra = true;
	odra_start(&challenge_state->odra);
	if (UART_FAST) {
		odra_print_prompt();
	} else {
		console_say_line(TEXT_ODRA_PROMPT);
	}
	console.odra_start_ms = timer_ms();
}

/* A row of the challenge has come, whole or not (`reason`): an empty line
 * ends the challenge with the answer, and so does a bad row, with its
 * error line instead, so that the next line is a command again.  The
 * scanner starts with the line's own fault (a console text's number: the
 * scanners only ask whether it is ENGINE_OK), which comes first and
 * leaves nothing to read. */
static void odra_line_end(struct console_state *con, uint8_t reason)
{
	struct scanner in = { challenge_state->line, reason };
	struct odra *odra = OPAQUE(&challenge_state->odra);
	if (scan_at_end(&in) && in.error == ENGINE_OK) {
		con->in_odra = false;
		odra_print_answer(odra, timer_ms() - con->odra_start_ms);
		transcript_line_end();
		return;
	}
	uint16_t size = scan_u16(&in, UINT16_MAX, ENGINE_ERR_RANGE);
	if (!scan_at_end(&in)) {
		scan_fail(&in, ENGINE_ERR_NUMBER);
	}
	/* A bad row is counted too, so the count is its number. */
	odra_add_row(odra, size);
	if (in.error == ENGINE_OK) {
		return;
	}
	con->in_odra = false;
	transcript_say(TEXT_ERROR);
	transcript_say(TEXT_ROW);
	put_u32(odra->rows); /* where transcript_say() printed */
	console_say_label_end();
	console_say_line(in.error);
}

/* ---- reading lines ---- */

/* The end of a line: refuse it, run it, or skip it (empty).  True when a
 * command ran, so that the buttons get a turn before the next one; false
 * after `odra`, whose rows the reading goes on to take. */
static bool line_end(struct console_state *con)
{
	if (UART_FAST) {
		uart_listen(); /* the bytes that come meanwhile to the buffer */
	}
	uint8_t reason = con->fault;
	uint16_t n = con->length;
	con->fault = ENGINE_OK;
	con->length = 0;
	buffer.line[n] = '\0';
	if (FEATURE_ODRA && con->in_odra) {
		odra_line_end(con, reason);
		return false;
	}
	if (reason != ENGINE_OK) {
		refuse(reason);
		return false;
	}
	if (n == 0) {
		return false;
	}
	watchdog_start_long();
	uint8_t refused = console_run_line(buffer.line);
	watchdog_start();
	if (refused != ENGINE_OK) {
		refuse(refused);
	}
	/* A command ran, refused or not, but `odra`, whose rows may follow
	 * at once, straight from a file: the reading goes on. */
	return !con->in_odra;
}

/* A byte of a line other than its end: BS and DEL edit the line as a
 * terminal's local echo shows it, a TAB is kept (the scanners take it for
 * a space), and any other control or 8-bit byte spoils the line. */
static void line_char(struct console_state *con, uint8_t c)
{
	uint8_t reason = ENGINE_OK;
	uint16_t most = con->in_odra ? ODRA_LINE_MAX : sizeof buffer.line - 1u; /* characters the line may hold */
	if (c == '\b' || c == 0x7Fu) {
		if (con->length > 0) {
			con->length--;
		}
	} else if (c == UART_LOST) {
		reason = TEXT_LOST;
	} else if ((c < ' ' && c != '\t') || c > '~') {
		reason = TEXT_NOT_TEXT;
	} else if (con->length == most) {
		reason = TEXT_TOO_LONG;
	} else {
		buffer.line[con->length++] = (char)c;
	}
	if (reason > con->fault) {
		con->fault = reason;
	}
}

/* One byte of the serial line; true when it ended a command line that ran
 * and the buttons get their turn (line_end).
 * OUT_OF_LINE: one shared copy is shorter than the copies inlining makes. */
static OUT_OF_LINE bool console_byte(uint8_t c)
{
	struct console_state *con = OPAQUE(&console);
	bool was_cr = con->after_cr;
	con->after_cr = c == '\r';
	if (c != '\r' && c != '\n') {
		line_char(con, c);
		return false;
	}
	if (c == '\n' && was_cr) {
		return false; /* it completes a CRLF */
	}
	return line_end(con);
}

/* What odra_read_fast() leaves to the general reading. */
enum odra_fast { ODRA_FAST_QUIET, ODRA_FAST_QUIET_AFTER_ROWS, ODRA_FAST_BYTE };

/* On a fast line, at a row's start: the challenge's rows of digits alone,
 * read here as they come, each row's size counted with its digits, the
 * receive interrupt off (uart_take(): at 1 Mbaud a row lasts 1,100 cycles
 * or so, and the interrupt would take half of them).  Any other byte is
 * left in *c to console_byte(), the line so far kept as ever: the empty
 * line, a bad row, a row with spaces, which end through the line's
 * general end (line_end). */
static enum odra_fast odra_read_fast(struct console_state *con, uint8_t *c)
{
	struct odra *odra = &challenge_state->odra;
	enum odra_fast quiet = ODRA_FAST_QUIET;
	bool after_cr = con->after_cr;
	uint8_t length = 0;
	uint16_t size = 0;
	for (;;) {
		watchdog_feed();
		if (!uart_take(c)) {
			return quiet;
		}
		uint8_t digit = (uint8_t)(*c - '0');
		if (digit <= 9u && length < ODRA_LINE_MAX && size <= UINT16_MAX / 10u - 1u) {
			buffer.line[length++] = (char)*c;
			size = (uint16_t)(size * 10u + digit);
		} else if ((*c == '\r' || *c == '\n') && length != 0) {
			/* Its work ends within a byte's time, but for a row's
			 * first bits. */
			if (odra_row_is_new(odra, size)) {
				uart_listen();
			}
			odra_add_row(odra, size);
			length = 0;
			size = 0;
			quiet = ODRA_FAST_QUIET_AFTER_ROWS;
		} else if (*c != '\n' || !after_cr || length != 0) {
			con->length = length;
			con->after_cr = after_cr;
			uart_listen();
			return ODRA_FAST_BYTE;
		}
		after_cr = *c == '\r';
	}
}

void console_poll(void)
{
	console_print_due_board();
	/* Wake-ups with nothing to read: the 1 ms tick's, so milliseconds. */
	uint8_t idle = 0;
	for (;;) {
		watchdog_feed();
		uint8_t c;
		bool came;
		if (UART_FAST && console.in_odra && console.length == 0) {
			/* The challenge's rows, at the line's full rate. */
			enum odra_fast fast = odra_read_fast(&console, &c);
			if (fast == ODRA_FAST_QUIET_AFTER_ROWS) {
				idle = 0;
			}
			came = fast == ODRA_FAST_BYTE;
		} else {
			came = uart_read(&c);
		}
		if (came && console_byte(c)) {
			return;
		}
		if (came) {
			idle = 0;
		} else if (!console.in_odra || idle == CONSOLE_ODRA_PATIENCE_MS) {
			return;
		} else {
			sleep_ticks(1);
			idle++;
		}
	}
}
