/*
 * What the end-to-end tests of the serial console (test_console*.c) share:
 * the lines the host works out for a command (the engine linked here and
 * the teleprinter picture of a board), and the device spoken to over its
 * UART (e2e_serial.h) with a game in progress read from its transcript.
 *
 * The helpers assert with cmocka, so they are called from inside tests.
 */
#ifndef E2E_CONSOLE_H
#define E2E_CONSOLE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "engine/engine.h"
#include "sim/harness.h"

#define E2E_CONSOLE_TEXT_MAX 4096u
#define E2E_CONSOLE_LINE_MAX 284u  /* CONSOLE_LINE_MAX: new matrix-nim, 8 x 8 cells of 255 */
#define E2E_CONSOLE_TURN_MS 10000u /* the machine's pause and words */
#define E2E_CONSOLE_QUIET_MS 50u   /* after a reply: no more lines come */

/* ---- the host's lines ---- */

/* "GAME POSITION", as typed on the console. */
void e2e_console_command_text(const struct position *pos, char *text, size_t size);
/* "error: " and the engine's message for `err`. */
void e2e_console_error_line(enum engine_error err, char *text, size_t size);
/* "GAME [POSITION]" read on the host as the console reads it. */
enum engine_error e2e_console_parse_command(const char *command, struct position *pos);
/* The host's line for "GAME [POSITION]": the analysis or the error. */
void e2e_console_host_line(const char *command, char *text, size_t size);
/* The board print of `pos` as a teleprinter shows it, worked out here,
 * ending with `status` ("your move", "game is over"). */
void e2e_console_expected_board(const struct position *pos, const char *status, char *text, size_t size);

/* ---- the device ---- */

/* Powers the chip on and waits for the menu; the console is there from the
 * first line the firmware writes. */
struct sim *e2e_console_boot(void);
/* Sends `line`, asserts the reply is exactly the one line `expected`. */
void e2e_console_expect_reply(struct sim *sim, const char *line, const char *expected);
/* The console's board print of the game in progress, all its lines. */
void e2e_console_board_print(struct sim *sim, char *text, size_t size);
/* Runs until a board print has ended ("your move" or "game is over"), then
 * E2E_CONSOLE_QUIET_MS more; fails after E2E_CONSOLE_TURN_MS. */
void e2e_console_wait_turn_back(struct sim *sim);
/* Reads "WHO MOVE -> POSITION" (the transcript line of a move; WHO is
 * "me" or "you") from the output and plays MOVE on `pos`, checking with
 * the solver that it is legal and that POSITION is what it leaves. */
void e2e_console_move_from_transcript(struct sim *sim, const char *who, struct position *pos);

/* The game in progress as the console prints it and as the LCD shows it. */
struct e2e_console_snapshot {
	char board[E2E_CONSOLE_TEXT_MAX];
	char lcd[BOARD_LCD_ROWS][BOARD_LCD_COLUMNS + 1];
};

/* Boots into a Nim game from 3 4 5 with the person to move, after the
 * person's 1-1 and the machine's reply: its position in *pos, the board
 * and the LCD in *snap. */
struct sim *e2e_console_boot_into_a_game(struct position *pos, struct e2e_console_snapshot *snap);
/* Asserts that the board print and the LCD are still those of *snap. */
void e2e_console_expect_snapshot(struct sim *sim, struct e2e_console_snapshot *snap);

#endif
