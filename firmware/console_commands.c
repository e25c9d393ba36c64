/*
 * The serial console's commands and their replies (see console.h): what a
 * whole line asks for, the help, the analysis line, games played at the
 * console and their board, `hint`, `why`, `level` and `stats`.  The lines
 * come from the reading in console.c.  Written for size: every text is
 * one of a numbered list printed by one call, and the board is drawn from
 * the engine's own text of the position.
 */
#include "firmware/console_commands.h"

#include <stdbool.h>
#include <stdint.h>

#include "common/attributes.h"
#include "engine/engine.h"
#include "engine/flash.h"
#include "engine/packed_text.h"
#include "engine/text.h"
#include "firmware/console.h"
#include "firmware/features.h"
#include "firmware/game.h"
#include "firmware/settings.h"
#include "firmware/stats.h"
#include "firmware/store.h"
#include "firmware/transcript.h"
#include "hal/uart.h"

/* Matches drawn in a row of the board; the header line has every size. */
#define CONSOLE_ROW_MATCHES 40u

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

/* ---- output ---- */

static void say_char(char c)
{
	uart_put(c);
}

void console_say_line(uint8_t number)
{
	transcript_say(number);
	transcript_line_end();
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

/* ---- the board, as a teleprinter prints it ---- */

/* Print the board when the person's turn comes: after a move or a game
 * begun here.  False is its power-on state. */
static bool awaiting_turn;

void console_say_label_end(void)
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
			console_say_label_end();
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
			console_say_label_end();
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
	console_say_line(game->over ? ENGINE_ERR_GAME_OVER : TEXT_YOUR_MOVE + game->to_move);
}

void console_print_due_board(void)
{
	if (FEATURE_TYPED_PLAY && awaiting_turn && (game->over || game->to_move == PLAYER_PERSON)) {
		awaiting_turn = false;
		print_board();
	}
}

void console_forget_board(void)
{
	awaiting_turn = false;
}

void console_game_event(uint8_t event)
{
	if (event == GAME_BEGAN || event == GAME_LEFT) {
		console_forget_board();
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
	console_say_line(TEXT_HELP_END);
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
			awaiting_turn = true;
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
		awaiting_turn = true;
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
		console_start_odra();
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

uint8_t console_run_line(const char *line)
{
	return refusal_text(run_line(line));
}
