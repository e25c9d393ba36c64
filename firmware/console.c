/* The serial console; see console.h.  Written for size: every text is one
 * of a numbered list printed by one call, the board is drawn from the
 * engine's own text of the position, and the challenge's state shares the
 * command line's RAM. */
#include "firmware/console.h"

#include <stdbool.h>
#include <stdint.h>
#include <string.h>

#include "common/attributes.h"
#include "engine/engine.h"
#include "engine/flash.h"
#include "engine/packed_text.h"
#include "engine/text.h"
#include "firmware/features.h"
#include "firmware/game.h"
#include "firmware/odra.h"
#include "firmware/settings.h"
#include "firmware/stats.h"
#include "firmware/store.h"
#include "firmware/transcript.h"
#include "firmware/view.h"
#include "hal/sleep.h"
#include "hal/timer.h"
#include "hal/uart.h"
#include "hal/watchdog.h"

/* While the challenge runs, the console keeps the main loop this long after
 * the last byte, so a sender's short pauses never let a long step of the
 * buttons' screens in between (bytes could be lost), yet a person typing
 * rows by hand still gets the buttons back between keys. */
#define CONSOLE_ODRA_PATIENCE_MS 200u
/* Matches drawn in a row of the board; the header line has every size. */
#define CONSOLE_ROW_MATCHES 40u
/* A row of the challenge is a short line ("65535"): the challenge's state
 * fits in the rest of the command line's RAM. */
#define ODRA_LINE_MAX 7u

/* Whose move it is: TEXT_YOUR_MOVE + enum player. */
_Static_assert(TEXT_YOUR_MOVE + PLAYER_MACHINE == TEXT_MY_MOVE && PLAYER_PERSON == 0, "a player's text");

/* Why the console refuses a command line, or CONSOLE_OK; each has its
 * text, in the same order from TEXT_NO_GAME (refusal_text()). */
enum console_refusal {
	CONSOLE_OK,
	CONSOLE_NO_GAME,
	CONSOLE_NOT_YOUR_TURN,
	CONSOLE_UNKNOWN_COMMAND,
};
_Static_assert(TEXT_NOT_YOUR_TURN == TEXT_NO_GAME + 1 && TEXT_UNKNOWN_COMMAND == TEXT_NO_GAME + 2,
	       "the console's refusals' texts in their order");
/* What a command line comes to: it ran when neither the console nor the
 * engine refused it (for the position or move it states); refused,
 * nothing changed. */
struct line_result {
	enum console_refusal console;
	enum engine_error engine;
};

/* The command words; a line starting with none of them is an analysis or
 * a move. */
enum command { CMD_HELP, CMD_BOARD, CMD_ODRA, CMD_HINT, CMD_WHY, CMD_NEW, CMD_GO, CMD_LEVEL, CMD_NONE };

/* Who moves first in a new game: CMD_NEW + enum player. */
_Static_assert(CMD_NEW + PLAYER_MACHINE == CMD_GO && PLAYER_PERSON == 0, "a command's first player");

static const char command_words[] ENGINE_FLASH = "help\0board\0odra\0hint\0why\0new\0go\0level";

/* The other games' longest lines, which the longest line must hold:
 * Kayles and pebbles to analyse, 40 rows of 65535; Divide, 8 numbers of
 * 4294967295; Poker Nim, 8 heaps below their starts with the most
 * additions (each the longest of its family).  The end-to-end tests type
 * every game's longest line. */
#define LONGEST_LIST(before, part, parts) (sizeof before - 1u + (parts) * (sizeof part " " - 1u) - 1u)
_Static_assert(LONGEST_LIST("pebbles ", "65535", ENGINE_MAX_ROWS) <= CONSOLE_MATRIX_LINE_MAX &&
		       LONGEST_LIST("new divide ", "4294967295", ENGINE_MAX_HEAPS) <= CONSOLE_MATRIX_LINE_MAX &&
		       LONGEST_LIST("new poker-nim k=255 left=255,255 ", "65534/65535", ENGINE_MAX_HEAPS) <=
			       CONSOLE_MATRIX_LINE_MAX,
	       "Matrix Nim's line is the longest");

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

/* The console's state; all zero is its power-on state. */
static struct console_state {
	uint16_t length;        /* characters in buffer.line */
	uint8_t fault;          /* why the line being read will be refused, or ENGINE_OK */
	bool after_cr;          /* the last byte was a CR: an LF now only completes it */
	bool in_odra;           /* the challenge's rows are coming */
	uint32_t odra_start_ms; /* when the challenge's prompt was sent */
	bool awaiting_turn;     /* print the board when the person's turn comes */
} console;

/* ---- output ---- */

static void say_char(char c)
{
	uart_put(c);
}

/* Text `number`, ending its line. */
static void say_line(uint8_t number)
{
	transcript_say(number);
	transcript_line_end();
}

/* One error line. */
static void refuse(uint8_t reason)
{
	transcript_say(TEXT_ERROR);
	say_line(reason);
}

static struct line_result console_refuses(enum console_refusal why)
{
	return (struct line_result){ .console = why };
}

/* The engine's answer as the line's: ENGINE_OK ran. */
static struct line_result engine_result(enum engine_error err)
{
	return (struct line_result){ .engine = err };
}

#define LINE_RAN ((struct line_result){ CONSOLE_OK, ENGINE_OK })

/* The text that says why a line is refused, or ENGINE_OK when it ran. */
static uint8_t refusal_text(struct line_result done)
{
	if (done.console != CONSOLE_OK) {
		return (uint8_t)(TEXT_NO_GAME - CONSOLE_NO_GAME + done.console);
	}
	return done.engine;
}

void console_init(void)
{
	memset(&console, 0, sizeof console);
}

/* ---- the board, as a teleprinter prints it ---- */

static void say_label_end(void)
{
	say_char(':');
	say_char(' ');
}

/* Passes the engine's text of a board through, one row a line: '/' ends a
 * line, the settings' words (lower case) are left out, a space only
 * separates what stays on a line, and each line starts with its label.
 * It writes to the UART itself: the engine is printing to this sink. */
struct grid_sink {
	struct text_sink sink;
	char label; /* the next row's */
	bool fresh; /* nothing of the row printed yet */
	bool space;
};

static void grid_put(struct text_sink *sink, char c)
{
	struct grid_sink *grid = (struct grid_sink *)sink;
	if (c == '/') {
		transcript_line_end();
		grid->fresh = true;
	} else if (c == ' ') {
		grid->space = !grid->fresh;
		return;
	} else if (c < 'a' || c > 'z') {
		if (grid->fresh) {
			say_char(grid->label++);
			say_label_end();
		} else if (grid->space) {
			say_char(' ');
		}
		say_char(c);
		grid->fresh = false;
	}
	grid->space = false;
}

static void print_board(void)
{
	const struct position *pos = &game->pos;
	transcript_position(pos);
	transcript_line_end();
	/* As the game's description says (enum engine_picture): a list of
	 * counts, each drawn as a labelled row of matches (heaps, rows of pins,
	 * strips, Chomp's rows of squares); rows separated by '/' in the
	 * game's text, one a line, labelled 1, 2, ... (Matrix Nim) or a, b,
	 * ... as a move names them (the boards); or nothing beyond the text
	 * (the numbers). */
	uint8_t picture = engine_game_facts(pos->game).picture;
	if ((uint8_t)(picture - ENGINE_PICTURE_HEAPS) <= ENGINE_PICTURE_CHOMP - ENGINE_PICTURE_HEAPS) {
		print_to(&transcript_out); /* for put_u16: nothing below changes the sink */
		for (uint8_t i = 0; i < pos->count; i++) {
			uint32_t size = engine_part_value(pos, i); /* as the LCD reads it */
			put_u16(i + 1u);
			say_label_end();
			uint8_t drawn = size > CONSOLE_ROW_MATCHES ? CONSOLE_ROW_MATCHES : (uint8_t)size;
			for (; drawn > 0; drawn--) {
				say_char('I');
			}
			transcript_line_end();
		}
	} else if (picture != ENGINE_PICTURE_NUMBERS) {
		struct grid_sink grid = { { grid_put }, picture == ENGINE_PICTURE_GRID ? '1' : 'a', true, false };
		engine_print_position(pos, &grid.sink);
		transcript_line_end();
	}
	say_line(game->over ? ENGINE_ERR_GAME_OVER : TEXT_YOUR_MOVE + game->to_move);
}

void console_game_event(uint8_t event)
{
	if (event == GAME_BEGAN || event == GAME_LEFT) {
		console.awaiting_turn = false;
	}
}

/* ---- commands ---- */

static uint8_t scan_command(struct scanner *in)
{
	return scan_keyword(in, command_words, CMD_NONE, 0xFFu);
}

/* The game whose name comes next in the line (consumed), or GAME_COUNT:
 * a game this build leaves out is a name it does not know. */
static uint8_t scan_game(struct scanner *in)
{
	uint8_t game_id = 0;
	while (game_id < GAME_COUNT && !(engine_game_present(game_id) && scan_word(in, engine_game_name(game_id)))) {
		game_id++;
	}
	return game_id;
}

static bool is_letter(char c)
{
	c |= 0x20; /* lower case */
	return c >= 'a' && c <= 'z';
}

/* The commands and each game's syntax, one line a game. */
static void run_help(void)
{
	if (FEATURE_ANALYSIS) {
		transcript_say(TEXT_HELP_ANALYSIS);
	}
	if (FEATURE_TYPED_PLAY) {
		transcript_say(TEXT_HELP_PLAY);
	}
	if (FEATURE_TYPED_PLAY && FEATURE_TEACHING) {
		transcript_say(TEXT_HELP_TEACHING);
	}
	if (FEATURE_LEVELS) {
		transcript_say(TEXT_HELP_LEVEL);
	}
	if (FEATURE_ODRA) {
		transcript_say(TEXT_HELP_ODRA);
	}
	if (FEATURE_STATS) {
		transcript_say(TEXT_HELP_STATS);
	}
	say_line(TEXT_HELP_END);
	/* The games' names and syntax, for the lines that take them. */
	for (uint8_t game_id = 0; (FEATURE_ANALYSIS || FEATURE_TYPED_PLAY) && game_id < GAME_COUNT; game_id++) {
		if (!engine_game_present(game_id)) {
			continue;
		}
		engine_print_game_name(game_id, &transcript_out);
		say_char(' ');
		engine_print_game_syntax(game_id, &transcript_out);
		transcript_line_end();
	}
}

/* After `[new|go] GAME`: the analysis line, or a new game, of the position
 * the rest of the line gives (the game's start when it ends here).
 * OUT_OF_LINE: one shared copy is shorter than the copies inlining makes. */
static OUT_OF_LINE struct line_result run_position(struct scanner *in, uint8_t game_id, uint8_t command)
{
	if (!FEATURE_ANALYSIS && command == CMD_NONE) {
		return console_refuses(CONSOLE_UNKNOWN_COMMAND);
	}
	struct position pos;
	enum engine_error err = ENGINE_OK;
	if (scan_at_end(in)) {
		engine_start_position(&pos, game_id);
	} else {
		/* The analysis line takes any position the record holds; a game
		 * only one that every game from it fits. */
		err = (command == CMD_NONE ? engine_parse_position_to_analyse : engine_parse_position)(&pos, game_id,
												       in->at);
	}
	if (err == ENGINE_OK && command != CMD_NONE && !game_start(&pos, (uint8_t)(command - CMD_NEW))) {
		err = ENGINE_ERR_GAME_OVER;
	}
	if (err == ENGINE_OK) {
		if (command == CMD_NONE) {
			engine_print_analysis(&pos, &transcript_out);
			transcript_line_end();
		} else {
			console.awaiting_turn = true;
		}
	}
	return engine_result(err);
}

/* CONSOLE_OK on the person's turn in a game in progress, else why a
 * move (or a hint) cannot be asked for now. */
static enum console_refusal person_to_move(void)
{
	if (game->over || !game_exists()) {
		return CONSOLE_NO_GAME;
	}
	return game->to_move != PLAYER_PERSON ? CONSOLE_NOT_YOUR_TURN : CONSOLE_OK;
}

/* A move typed on the person's turn; the screens follow it as they follow
 * every move, observing the game. */
static struct line_result run_move(const char *text)
{
	enum console_refusal refused = person_to_move();
	if (refused != CONSOLE_OK) {
		return console_refuses(refused);
	}
	struct move mv;
	enum engine_error err = engine_parse_move(&game->pos, text, &mv);
	if (err == ENGINE_OK) {
		err = game_play(&mv);
	}
	if (err == ENGINE_OK) {
		console.awaiting_turn = true;
	}
	return engine_result(err);
}

/* On the person's turn in the game in progress: `hint`, its analysis
 * line, counted as a hint; `why`, the reason why (engine_print_why). */
static struct line_result run_teaching(struct scanner *in, uint8_t command)
{
	if (!FEATURE_TEACHING || !FEATURE_TYPED_PLAY) {
		return console_refuses(CONSOLE_UNKNOWN_COMMAND);
	}
	if (!scan_at_end(in)) {
		return engine_result(ENGINE_ERR_SYNTAX);
	}
	enum console_refusal refused = person_to_move();
	if (refused != CONSOLE_OK) {
		return console_refuses(refused);
	}
	if (command == CMD_WHY) {
		engine_print_why(&game->pos, &transcript_out);
	} else {
		if (FEATURE_STATS) {
			stats_count_hint();
		} else {
			settings_count_hint();
		}
		engine_print_analysis(&game->pos, &transcript_out);
	}
	transcript_line_end();
	return LINE_RAN;
}

/* `level N` sets the machine's level, 1 to 3, in the game in progress
 * too; `level` alone changes nothing.  Either way the reply is the level
 * now, "level N". */
static struct line_result run_level(struct scanner *in)
{
	if (!FEATURE_LEVELS) {
		return console_refuses(CONSOLE_UNKNOWN_COMMAND);
	}
	if (!scan_at_end(in)) {
		/* A number read in error comes back as 0, which is no level
		 * either; the first error met is the one kept. */
		uint8_t level = (uint8_t)scan_u16(in, SETTINGS_LEVEL_PERFECT, ENGINE_ERR_RANGE);
		if (!scan_at_end(in)) {
			scan_fail(in, ENGINE_ERR_SYNTAX);
			level = 0;
		}
		if (level < ENGINE_LEVEL_LEAST) {
			scan_fail(in, ENGINE_ERR_RANGE);
			return engine_result((enum engine_error)in->error);
		}
		settings.level = level;
		if (FEATURE_ATTRACT && FEATURE_SAVE) {
			store_settings_changed(); /* as the menu's Level (firmware/menu.c) */
		}
	}
	transcript_say(TEXT_LEVEL);
	put_u16(settings.level); /* where transcript_say() printed */
	transcript_line_end();
	return LINE_RAN;
}

/* `stats`: a line for each game played since the last reset, then the
 * totals:
 *   marienbad: played 12, you 3, me 9, slips 4, hints 2
 *   total: played 12, you 3, me 9, slips 4, hints 2
 * Lines a program reads, in one form whatever the language of the texts:
 * the counts' words, which the operator menu shows in that language, are
 * printed in English. */
static struct line_result run_stats(struct scanner *in)
{
	if (!scan_at_end(in)) {
		return engine_result(ENGINE_ERR_SYNTAX);
	}
	uint8_t language = text_language;
	text_language = LANGUAGE_ENGLISH;
	for (uint8_t game_id = 0; game_id <= STATS_TOTAL; game_id++) {
		print_to(&transcript_out);
		if (game_id == STATS_TOTAL) {
			transcript_say(TEXT_STATS_TOTAL);
		} else if (stats_count(game_id, STATS_PLAYED) != 0) {
			engine_print_game_name(game_id, &transcript_out);
		} else {
			continue;
		}
		put_flash(ENGINE_FLASH_STR(": "));
		stats_print_counts(game_id);
		transcript_line_end();
	}
	text_language = language;
	return LINE_RAN;
}

/* Runs the command line `line`, whole and ending in a NUL. */
static struct line_result run_line(const char *line)
{
	struct scanner in = { .at = line };
	uint8_t command = scan_command(&in);
	if (command == CMD_HELP) {
		run_help();
		return LINE_RAN;
	}
	if (command == CMD_BOARD) {
		if (!FEATURE_TYPED_PLAY) {
			return console_refuses(CONSOLE_UNKNOWN_COMMAND);
		}
		if (!game_exists()) {
			return console_refuses(CONSOLE_NO_GAME);
		}
		print_board();
		return LINE_RAN;
	}
	if (command == CMD_ODRA) {
		if (!FEATURE_ODRA) {
			return console_refuses(CONSOLE_UNKNOWN_COMMAND);
		}
		console.in_odra = true;
		odra_start(&challenge_state->odra);
		if (UART_FAST) {
			odra_print_prompt();
		} else {
			say_line(TEXT_ODRA_PROMPT);
		}
		console.odra_start_ms = timer_ms();
		return LINE_RAN;
	}
	if (command == CMD_HINT || command == CMD_WHY) {
		return run_teaching(&in, command);
	}
	if (command == CMD_LEVEL) {
		return run_level(&in);
	}
	if (FEATURE_STATS && command == CMD_NONE && scan_word(&in, ENGINE_FLASH_STR("stats"))) {
		return run_stats(&in);
	}
	if (!FEATURE_TYPED_PLAY && command != CMD_NONE) { /* new, go */
		return console_refuses(CONSOLE_UNKNOWN_COMMAND);
	}
	uint8_t game_id = scan_game(&in);
	if (game_id != GAME_COUNT) {
		return run_position(&in, game_id, command);
	}
	if (command != CMD_NONE) {
		return engine_result(ENGINE_ERR_UNKNOWN_GAME);
	}
	if (!FEATURE_TYPED_PLAY || (is_letter(in.at[0]) && is_letter(in.at[1]))) {
		/* A word: moves are numbers, signs and cells such as b2. */
		return console_refuses(CONSOLE_UNKNOWN_COMMAND);
	}
	return run_move(in.at);
}

/* ---- the challenge ---- */

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
	say_label_end();
	say_line(in.error);
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
	uint8_t refused = refusal_text(run_line(buffer.line));
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
	if (FEATURE_TYPED_PLAY && console.awaiting_turn && (game->over || game->to_move == PLAYER_PERSON)) {
		console.awaiting_turn = false;
		print_board();
	}
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
