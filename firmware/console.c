/* The serial console; see console.h.  Written for size: it has to fit in
 * about 1.8 KB of flash next to the engine and the screens, so every text
 * is one of a numbered list printed by one call, and output helpers take
 * one argument. */
#include "firmware/console.h"

#include <stdbool.h>
#include <stdint.h>

#include "engine/engine.h"
#include "engine/flash.h"
#include "engine/text.h"
#include "firmware/game.h"
#include "firmware/odra.h"
#include "firmware/ui.h"
#include "hal/sleep.h"
#include "hal/timer.h"
#include "hal/uart.h"
#include "hal/watchdog.h"

/* While the challenge runs, the console keeps the main loop this long after
 * the last byte, so a sender's short pauses never let a long step of the
 * buttons' screens in between (bytes could be lost), yet a person typing
 * rows by hand still gets the buttons back between keys. */
#define CONSOLE_ODRA_PATIENCE_MS 200u
/* Matches drawn in a row of the board; a longer row also shows its size. */
#define CONSOLE_ROW_MATCHES 40u
/* A row of the challenge is a short line ("65535"): the challenge's state
 * fits in the rest of the command line's RAM. */
#define ODRA_LINE_MAX 7u

/*
 * The console's texts, numbered in order.  The first ones are the reasons
 * a line is refused, after the engine's own (enum engine_error): of the
 * faults met while a line is read, the larger number wins.
 */
enum text {
	TEXT_NOT_TEXT = ENGINE_ERR_COUNT,
	TEXT_TOO_LONG,
	TEXT_LOST,
	TEXT_NO_GAME,
	TEXT_NOT_YOUR_TURN,
	TEXT_TOO_LATE,
	TEXT_UNKNOWN_COMMAND,
	TEXT_YOUR_MOVE,
	TEXT_MY_MOVE,
	TEXT_GAME_OVER,
	TEXT_ERROR,
	TEXT_ERROR_ROW,
	TEXT_COLON,
	TEXT_EXAMPLE,
	TEXT_ODRA_PROMPT,
	TEXT_HELP
};

static const char texts[] ENGINE_FLASH =
	"not text\0line too long\0input lost\0no game\0not your turn\0go: too late\0unknown command\0"
	"your move\0my move\0game over\0error: \0error: row \0: \0; e.g. \0"
	"odra: rows, then an empty line\0"
	"help [GAME], GAME [POSITION], new GAME [POSITION], go, MOVE, board, odra\r\ngames:";

enum command { CMD_HELP, CMD_NEW, CMD_GO, CMD_BOARD, CMD_ODRA, CMD_NONE };

static const char command_words[] ENGINE_FLASH = "help\0new\0go\0board\0odra";

static union {
	char line[CONSOLE_LINE_MAX + 1u];
	struct {
		char line[ODRA_LINE_MAX + 1u];
		struct odra odra;
	} challenge;
} buffer;
_Static_assert(sizeof buffer == CONSOLE_LINE_MAX + 1u, "the challenge fits in the line's RAM");

static uint8_t length;       /* characters in buffer.line */
static uint8_t fault;        /* why the line being read will be refused, or ENGINE_OK */
static bool in_odra;         /* the challenge's rows are coming */
static bool odra_failed;     /* a bad row was reported: the rest are only read */
static bool after_cr;        /* the last byte was a CR: an LF now only completes it */
static uint8_t suspect;      /* bytes still to read among which more were lost */
static bool may_go;          /* a game begun here with no move made yet */
static bool awaiting_turn;   /* a move was typed here: show the board when the turn comes back */
static uint32_t odra_start_ms; /* when the challenge's first byte came; 0 before */

/* ---- output ---- */

static void console_put(struct text_sink *sink, char c)
{
	(void)sink;
	uart_put(c);
}

static struct text_sink out = { console_put };

static void say_flash(const char *flash_text)
{
	print_flash(&out, flash_text);
}

static void say_u32(uint32_t value)
{
	print_u32(&out, value);
}

static void say_line_end(void)
{
	uart_put('\r');
	uart_put('\n');
}

/* Text `number`: one of the engine's error messages or of `texts`. */
static void say(uint8_t number)
{
	if (number < ENGINE_ERR_COUNT) {
		engine_print_error((enum engine_error)number, &out);
		return;
	}
	const char *text = texts;
	for (number -= ENGINE_ERR_COUNT; number > 0; number--) {
		while (flash_char(text++) != '\0') {
		}
	}
	say_flash(text);
}

/* One error line. */
static void refuse(uint8_t reason)
{
	say(TEXT_ERROR);
	say(reason);
	say_line_end();
}

void console_init(void)
{
	length = 0;
	fault = ENGINE_OK;
	in_odra = false;
	after_cr = false;
	suspect = 0;
	may_go = false;
	awaiting_turn = false;
}

/* ---- the board, as a teleprinter prints it ---- */

/* Games whose position is a list of counts, each drawn as a row of
 * matches: heaps, rows of pins, strips. */
#define ROW_GAMES ((1UL << GAME_NIM) | (1UL << GAME_MISERE_NIM) | (1UL << GAME_MARIENBAD) | \
		   (1UL << GAME_LIMIT_NIM) | (1UL << GAME_SUBTRACTION) | (1UL << GAME_POKER_NIM) | \
		   (1UL << GAME_PEBBLES) | (1UL << GAME_KAYLES) | (1UL << GAME_WYTHOFF))
/* Games whose text is rows separated by '/': one row a line. */
#define GRID_GAMES ((1UL << GAME_MATRIX_NIM) | (1UL << GAME_TAKTIX) | (1UL << GAME_KUBO) | \
		    (1UL << GAME_NINETEEN))

/* Passes the engine's text of a board through, one row a line: '/' ends a
 * line, the settings' words (lower case) are left out, and a space only
 * separates what stays on a line.  `text` counts what the line holds.  It
 * writes to the UART itself: the engine is printing to this sink. */
struct grid_sink {
	struct text_sink sink;
	uint8_t text;
	bool space;
};

static void grid_put(struct text_sink *sink, char c)
{
	struct grid_sink *grid = (struct grid_sink *)sink;
	if (c == '/') {
		say_line_end();
		grid->text = 0;
	} else if (c == ' ') {
		grid->space = grid->text != 0;
		return;
	} else if (c < 'a' || c > 'z') {
		if (grid->space) {
			uart_put(' ');
		}
		uart_put(c);
		grid->text++;
	}
	grid->space = false;
}

static void print_board(void)
{
	const struct position *pos = &game.pos;
	engine_print_game_name(pos->game, &out);
	uart_put(' ');
	engine_print_position(pos, &out);
	say_line_end();
	uint32_t kind = 1UL << pos->game;
	if (kind & ROW_GAMES) {
		for (uint8_t i = 0; i < pos->count; i++) {
			uint16_t size = pos->u.row[i];
			say_u32(i + 1u);
			uart_put(' ');
			for (uint16_t k = 0; k < size && k < CONSOLE_ROW_MATCHES; k++) {
				uart_put('I');
			}
			if (size > CONSOLE_ROW_MATCHES) {
				uart_put(' ');
				say_u32(size);
			}
			say_line_end();
		}
	} else if (kind & GRID_GAMES) {
		struct grid_sink grid = { { grid_put }, 0, false };
		engine_print_position(pos, &grid.sink);
		say_line_end();
	}
	say(game.over ? TEXT_GAME_OVER : game.to_move == PLAYER_PERSON ? TEXT_YOUR_MOVE : TEXT_MY_MOVE);
	say_line_end();
}

/* Power-on leaves `game` all zero: Nim with no heaps, which no set-up or
 * text can make (a Nim position has at least one heap). */
static bool game_exists(void)
{
	return game.pos.count != 0 || game.pos.game != GAME_NIM;
}

static bool game_in_progress(void)
{
	return !game.over && game_exists();
}

/* ---- commands ---- */

static uint8_t scan_command(struct scanner *in)
{
	const char *word = command_words;
	uint8_t command = 0;
	for (; command < CMD_NONE && !scan_word(in, word); command++) {
		while (flash_char(word++) != '\0') {
		}
	}
	return command;
}

/* Length of the word (letters, '-', '_') next in the line, spaces skipped. */
static uint8_t word_length(struct scanner *in)
{
	scan_skip_space(in);
	uint8_t n = 0;
	for (;; n++) {
		char c = (char)(in->at[n] | 0x20); /* lower case; '-' stays, '_' becomes DEL */
		if ((c < 'a' || c > 'z') && c != '-' && c != ('_' | 0x20)) {
			return n;
		}
	}
}

/* The game named next in the line, consumed; GAME_COUNT when none is. */
static uint8_t scan_game(struct scanner *in)
{
	uint8_t n = word_length(in);
	uint8_t game_id = engine_find_game(in->at, n);
	if (game_id != GAME_COUNT) {
		in->at += n;
	}
	return game_id;
}

/* After `help`: the commands and the games, or one game's syntax. */
static void run_help(struct scanner *in)
{
	if (scan_at_end(in)) {
		say(TEXT_HELP);
		for (uint8_t game_id = 0; game_id < GAME_COUNT; game_id++) {
			uart_put(' ');
			engine_print_game_name(game_id, &out);
		}
	} else {
		uint8_t game_id = scan_game(in);
		if (game_id == GAME_COUNT) {
			refuse(ENGINE_ERR_UNKNOWN_GAME);
			return;
		}
		engine_print_game_name(game_id, &out);
		say(TEXT_COLON);
		engine_print_game_syntax(game_id, &out);
		say(TEXT_EXAMPLE);
		engine_print_game_example(game_id, &out);
	}
	say_line_end();
}

/* After `[new] GAME`: a new game, or the analysis line, of the position the
 * rest of the line gives (the game's start when it ends here). */
static void run_position(struct scanner *in, uint8_t game_id, bool start)
{
	struct position pos;
	enum engine_error err = ENGINE_OK;
	if (scan_at_end(in)) {
		engine_start_position(&pos, game_id);
	} else {
		err = engine_parse_position(&pos, game_id, in->at);
	}
	if (err == ENGINE_OK && start && !game_start(&pos)) {
		err = ENGINE_ERR_GAME_OVER;
	}
	if (err != ENGINE_OK) {
		refuse(err);
	} else if (!start) {
		engine_print_analysis(&pos, &out);
		say_line_end();
	} else {
		may_go = true;
		awaiting_turn = false;
		ui_show(SCREEN_PLAY);
		print_board();
	}
}

/* A move typed on the person's turn, or `go` before the first one; the
 * screens then follow the game as after a move made with the buttons. */
static void run_move(const char *text, bool go)
{
	if (!game_in_progress()) {
		refuse(TEXT_NO_GAME);
		return;
	}
	if (game.to_move != PLAYER_PERSON) {
		refuse(TEXT_NOT_YOUR_TURN);
		return;
	}
	if (go) {
		if (!may_go) {
			refuse(TEXT_TOO_LATE);
			return;
		}
		game.to_move = PLAYER_MACHINE;
	} else {
		struct move mv;
		enum engine_error err = engine_parse_move(&game.pos, text, &mv);
		if (err == ENGINE_OK) {
			err = game_play(&mv);
		}
		if (err != ENGINE_OK) {
			refuse(err);
			return;
		}
	}
	may_go = false;
	awaiting_turn = true;
	ui_show(SCREEN_PLAY);
}

static void run_line(void)
{
	struct scanner in = { .at = buffer.line };
	uint8_t command = scan_command(&in);
	if (command == CMD_HELP) {
		run_help(&in);
		return;
	}
	if (command == CMD_GO || command == CMD_BOARD || (command == CMD_ODRA && scan_at_end(&in))) {
		if (command == CMD_GO) {
			run_move(in.at, true);
		} else if (command == CMD_ODRA) {
			in_odra = true;
			odra_failed = false;
			odra_start_ms = 0;
			odra_start(&buffer.challenge.odra);
			say(TEXT_ODRA_PROMPT);
			say_line_end();
		} else if (game_exists()) {
			print_board();
		} else {
			refuse(TEXT_NO_GAME);
		}
		return;
	}
	if (command == CMD_ODRA) {
		/* `odra POSITION`: the engine's other name for Marienbad. */
		in.at = buffer.line;
	}
	uint8_t game_id = scan_game(&in);
	if (game_id != GAME_COUNT) {
		run_position(&in, game_id, command == CMD_NEW);
	} else if (command != CMD_NONE && command != CMD_ODRA) {
		refuse(ENGINE_ERR_UNKNOWN_GAME);
	} else if (word_length(&in) > 1u) {
		refuse(TEXT_UNKNOWN_COMMAND);
	} else {
		run_move(in.at, false);
	}
}

/* ---- the challenge ---- */

/* A row of the challenge has come, whole or not (`reason`): the first bad
 * row gets its error line at once, and the challenge goes on reading rows
 * to its end; an empty line ends it, with the answer if all was well. */
static void odra_line_end(uint8_t reason, uint32_t now)
{
	struct scanner in = { .at = buffer.challenge.line };
	struct odra *odra = &buffer.challenge.odra;
	if (reason == ENGINE_OK && scan_at_end(&in)) {
		in_odra = false;
		if (!odra_failed) {
			odra_print_answer(odra, now - odra_start_ms, &out);
			say_line_end();
		}
		return;
	}
	uint16_t size = (uint16_t)scan_number(&in, UINT16_MAX, ENGINE_ERR_RANGE);
	if (!scan_at_end(&in)) {
		scan_fail(&in, ENGINE_ERR_NUMBER);
	}
	if (reason == ENGINE_OK) {
		reason = in.error;
	}
	if (odra_failed) {
		return;
	}
	if (reason == ENGINE_OK) {
		odra_add_row(odra, size);
		return;
	}
	odra_failed = true;
	say(TEXT_ERROR_ROW);
	say_u32(odra->rows + 1u);
	say(TEXT_COLON);
	say(reason);
	say_line_end();
}

/* ---- reading lines ---- */

/* The end of a line: refuse it, run it, or skip it (empty).  True when a
 * command ran, so that the buttons get a turn before the next one. */
static bool line_end(void)
{
	uint8_t reason = fault;
	uint8_t n = length;
	fault = ENGINE_OK;
	length = 0;
	buffer.line[n] = '\0';
	if (in_odra) {
		odra_line_end(reason, timer_ms());
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
	run_line();
	watchdog_start();
	return true;
}

/* A byte of a line other than its end. */
static void line_char(uint8_t c)
{
	uint8_t reason = ENGINE_OK;
	if (c == '\b' || c == 0x7Fu) {
		if (length > 0) {
			length--;
		}
	} else if ((c < ' ' && c != '\t') || c > '~') {
		reason = TEXT_NOT_TEXT;
	} else if (length == (in_odra ? ODRA_LINE_MAX : CONSOLE_LINE_MAX)) {
		reason = TEXT_TOO_LONG;
	} else {
		buffer.line[length++] = c == '\t' ? ' ' : (char)c;
	}
	if (reason > fault) {
		fault = reason;
	}
}

/* One byte of the serial line; true when it ended a command line that ran. */
static bool console_byte(uint8_t c)
{
	bool before_loss = suspect != 0;
	if (before_loss) {
		suspect--;
	}
	bool completes_crlf = c == '\n' && after_cr;
	after_cr = c == '\r';
	if (completes_crlf) {
		return false;
	}
	if (in_odra && odra_start_ms == 0) {
		odra_start_ms = timer_ms() | 1u; /* 0 means not yet: 1 ms off at most */
	}
	if (!after_cr && c != '\n') {
		line_char(c);
		return false;
	}
	bool ran = line_end();
	/* A line that starts before a loss is cut by it. */
	if (before_loss) {
		fault = TEXT_LOST;
	}
	return ran;
}

void console_poll(void)
{
	if (!game_in_progress() || game.to_move != PLAYER_PERSON) {
		may_go = false;
	}
	if (awaiting_turn && (game.over || game.to_move == PLAYER_PERSON)) {
		awaiting_turn = false;
		/* 40 rows of Kayles print for 0.2 s. */
		watchdog_start_long();
		print_board();
		watchdog_start();
	}
	uint32_t last_byte_ms = timer_ms();
	for (;;) {
		watchdog_feed();
		/* Bytes lost right before the next one cut the line being read,
		 * and any line that starts among the `extent` bytes after them. */
		uint8_t extent;
		if (uart_take_lost(&extent) != 0) {
			fault = TEXT_LOST;
			suspect = extent;
		}
		uint8_t c;
		if (uart_read(&c)) {
			if (console_byte(c)) {
				return;
			}
			last_byte_ms = timer_ms();
		} else if (!in_odra || timer_ms() - last_byte_ms >= CONSOLE_ODRA_PATIENCE_MS) {
			return;
		} else {
			sleep_idle_unless(uart_pending);
		}
	}
}
