/* The serial console; see console.h. */
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

enum console_mode { MODE_COMMAND, MODE_ODRA };

/* Why the line being read will be refused; a larger value wins. */
enum line_fault { FAULT_NONE, FAULT_BAD_BYTE, FAULT_TOO_LONG, FAULT_LOST };

enum command { CMD_HELP, CMD_GAMES, CMD_NEW, CMD_GO, CMD_BOARD, CMD_ANALYSE, CMD_SCORE, CMD_ODRA, CMD_NONE };

static const char command_words[] ENGINE_FLASH = "help\0games\0new\0go\0board\0analyse\0score\0odra";

static const char help_text[] ENGINE_FLASH =
	"help [GAME]       this, or a game's syntax\r\n"
	"games             the games\r\n"
	"GAME [POSITION]   analysis: game= outcome= grundy= move= after=\r\n"
	"analyse           the game in progress\r\n"
	"new GAME [POS]    play, here and on the LCD; you first\r\n"
	"go                I move first\r\n"
	"MOVE              your move, e.g. 2-3\r\n"
	"board, score\r\n"
	"odra              Nim rows, one a line, then an empty line";

/* The challenge's state needs no line: they share the RAM. */
static union {
	char line[CONSOLE_LINE_MAX + 1u];
	struct odra odra;
} buffer;
static uint8_t length;         /* characters in buffer.line */
static uint8_t fault;          /* enum line_fault of the line being read */
static uint8_t mode;           /* enum console_mode */
static bool after_cr;          /* the last byte was a CR: an LF now only completes it */
static uint8_t suspect;        /* bytes still to read among which more were lost */
static bool may_go;            /* a game begun here with no move made yet */
static bool awaiting_turn;     /* a move was typed here: show the board when the turn comes back */
static bool odra_clock_started;
static uint32_t odra_start_ms;

static void console_put(struct text_sink *sink, char c)
{
	(void)sink;
	uart_put(c);
}

static struct text_sink out = { console_put };

static void print_line_end(void)
{
	print_flash(&out, ENGINE_FLASH_STR("\r\n"));
}

static void print_error_start(void)
{
	print_flash(&out, ENGINE_FLASH_STR("error: "));
}

static void refuse(const char *flash_reason)
{
	print_error_start();
	print_flash(&out, flash_reason);
	print_line_end();
}

static void refuse_engine(enum engine_error err)
{
	print_error_start();
	engine_print_error(err, &out);
	print_line_end();
}

void console_init(void)
{
	length = 0;
	fault = FAULT_NONE;
	mode = MODE_COMMAND;
	after_cr = false;
	suspect = 0;
	may_go = false;
	awaiting_turn = false;
}

/* ---- the board, as a teleprinter prints it ---- */

/* Games whose position is a list of counts: each is drawn as a row of
 * matches (heaps, rows of pins, strips, Chomp's rows of pieces). */
#define ROW_GAMES ((1UL << GAME_NIM) | (1UL << GAME_MISERE_NIM) | (1UL << GAME_MARIENBAD) | \
		   (1UL << GAME_LIMIT_NIM) | (1UL << GAME_SUBTRACTION) | (1UL << GAME_POKER_NIM) | \
		   (1UL << GAME_PEBBLES) | (1UL << GAME_KAYLES) | (1UL << GAME_WYTHOFF) | (1UL << GAME_CHOMP))
/* Games printed as rows separated by '/': one row a line. */
#define GRID_GAMES ((1UL << GAME_MATRIX_NIM) | (1UL << GAME_TAKTIX) | (1UL << GAME_KUBO) | \
		    (1UL << GAME_NINETEEN))

/* Chomp's rows are listed from the bottom; it is drawn top row first. */
static void print_rows(const struct position *pos)
{
	bool chomp = pos->game == GAME_CHOMP;
	for (uint8_t i = 0; i < pos->count; i++) {
		uint8_t row = chomp ? (uint8_t)(pos->count - 1u - i) : i;
		uint16_t size = chomp ? pos->u.chomp[row] : pos->u.row[row];
		print_u32(&out, row + 1u);
		print_char(&out, ' ');
		for (uint16_t k = 0; k < size && k < CONSOLE_ROW_MATCHES; k++) {
			print_char(&out, chomp ? 'O' : 'I');
		}
		if (size > CONSOLE_ROW_MATCHES) {
			print_flash(&out, ENGINE_FLASH_STR(" ("));
			print_u32(&out, size);
			print_char(&out, ')');
		}
		print_line_end();
	}
}

/* Passes the engine's text of a board through, one row a line: '/' ends a
 * line, the words of the settings (lower case) are left out, and spaces
 * only separate what stays on a line. */
struct grid_sink {
	struct text_sink sink;
	bool line_start;
	bool space;
};

static void grid_put(struct text_sink *sink, char c)
{
	struct grid_sink *grid = (struct grid_sink *)sink;
	if (c >= 'a' && c <= 'z') {
		return;
	}
	if (c == '/' || c == ' ') {
		if (c == '/') {
			print_line_end();
			grid->line_start = true;
		}
		grid->space = c == ' ' && !grid->line_start;
		return;
	}
	if (grid->space) {
		uart_put(' ');
	}
	grid->space = false;
	grid->line_start = false;
	uart_put(c);
}

static void print_board(void)
{
	const struct position *pos = &game.pos;
	engine_print_game_name(pos->game, &out);
	print_char(&out, ' ');
	engine_print_position(pos, &out);
	print_line_end();
	uint32_t kind = 1UL << pos->game;
	if (kind & ROW_GAMES) {
		print_rows(pos);
	} else if (kind & GRID_GAMES) {
		struct grid_sink grid = { { grid_put }, true, false };
		engine_print_position(pos, &grid.sink);
		print_line_end();
	}
	print_flash(&out, game.over ? ENGINE_FLASH_STR("game over")
		    : game.to_move == PLAYER_PERSON ? ENGINE_FLASH_STR("your move")
						    : ENGINE_FLASH_STR("my move"));
	print_line_end();
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

/* The buttons' screens show the game as it now stands. */
static void follow_game(void)
{
	ui_show(SCREEN_PLAY);
}

/* ---- commands ---- */

static uint8_t scan_command(struct scanner *in)
{
	const char *word = command_words;
	uint8_t command = 0;
	for (; command < CMD_NONE; command++) {
		if (scan_word(in, word)) {
			break;
		}
		while (flash_char(word++) != '\0') {
		}
	}
	return command;
}

static bool is_name_char(char c)
{
	return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c == '-' || c == '_';
}

/* Length of the word (letters, '-', '_') next in the line, spaces skipped. */
static uint8_t word_length(struct scanner *in)
{
	scan_skip_space(in);
	uint8_t n = 0;
	while (is_name_char(in->at[n])) {
		n++;
	}
	return n;
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

/* The position the rest of the line gives (the start when it ends here). */
static enum engine_error scan_position(struct scanner *in, uint8_t game_id, struct position *pos)
{
	if (scan_at_end(in)) {
		engine_start_position(pos, game_id);
		return ENGINE_OK;
	}
	return engine_parse_position(pos, game_id, in->at);
}

/* `GAME [POSITION]`, after the game's name: a new game or its analysis. */
static void run_position(struct scanner *in, uint8_t game_id, bool start)
{
	struct position pos;
	enum engine_error err = scan_position(in, game_id, &pos);
	if (err != ENGINE_OK) {
		refuse_engine(err);
	} else if (!start) {
		engine_print_analysis(&pos, &out);
		print_line_end();
	} else if (!game_start(&pos)) {
		refuse_engine(ENGINE_ERR_GAME_OVER);
	} else {
		may_go = true;
		awaiting_turn = false;
		follow_game();
		print_board();
	}
}

static void run_help(struct scanner *in)
{
	if (scan_at_end(in)) {
		print_flash(&out, help_text);
		print_line_end();
		return;
	}
	uint8_t game_id = scan_game(in);
	if (game_id == GAME_COUNT) {
		refuse_engine(ENGINE_ERR_UNKNOWN_GAME);
		return;
	}
	engine_print_game_name(game_id, &out);
	print_flash(&out, ENGINE_FLASH_STR(": "));
	engine_print_game_syntax(game_id, &out);
	print_flash(&out, ENGINE_FLASH_STR("; e.g. "));
	engine_print_game_example(game_id, &out);
	print_line_end();
}

static void run_games(void)
{
	for (uint8_t game_id = 0; game_id < GAME_COUNT; game_id++) {
		engine_print_game_name(game_id, &out);
		print_char(&out, game_id + 1u < GAME_COUNT ? ' ' : '\r');
	}
	print_char(&out, '\n');
}

static void run_go(void)
{
	if (!may_go || !game_in_progress() || game.to_move != PLAYER_PERSON) {
		refuse(ENGINE_FLASH_STR("go: only before the first move"));
		return;
	}
	game.to_move = PLAYER_MACHINE;
	may_go = false;
	awaiting_turn = true;
	follow_game();
}

static void run_move(const char *text)
{
	if (!game_in_progress()) {
		refuse(ENGINE_FLASH_STR("no game (new GAME starts one)"));
		return;
	}
	if (game.to_move != PLAYER_PERSON) {
		refuse(ENGINE_FLASH_STR("not your turn"));
		return;
	}
	struct move mv;
	enum engine_error err = engine_parse_move(&game.pos, text, &mv);
	if (err == ENGINE_OK) {
		err = game_play(&mv);
	}
	if (err != ENGINE_OK) {
		refuse_engine(err);
		return;
	}
	may_go = false;
	awaiting_turn = true;
	follow_game();
}

static void run_odra(void)
{
	mode = MODE_ODRA;
	odra_clock_started = false;
	odra_start(&buffer.odra);
	print_flash(&out, ENGINE_FLASH_STR("odra: rows 0-65535, one a line, then an empty line"));
	print_line_end();
}

static void run_line(void)
{
	struct scanner in = { .at = buffer.line };
	uint8_t command = scan_command(&in);
	switch (command) {
	case CMD_HELP:
		run_help(&in);
		return;
	case CMD_GAMES:
		run_games();
		return;
	case CMD_GO:
		run_go();
		return;
	case CMD_SCORE:
		game_print_score(&out);
		print_line_end();
		return;
	case CMD_ODRA:
		if (scan_at_end(&in)) {
			run_odra();
			return;
		}
		/* `odra POSITION`: the engine's other name for Marienbad. */
		in.at = buffer.line;
		break;
	case CMD_BOARD:
		if (!game_exists()) {
			refuse(ENGINE_FLASH_STR("no game (new GAME starts one)"));
		} else {
			print_board();
		}
		return;
	case CMD_ANALYSE:
		if (scan_at_end(&in)) {
			if (!game_in_progress()) {
				refuse(ENGINE_FLASH_STR("no game (new GAME starts one)"));
			} else {
				engine_print_analysis(&game.pos, &out);
				print_line_end();
			}
			return;
		}
		break;
	default:
		break;
	}
	uint8_t game_id = scan_game(&in);
	if (game_id != GAME_COUNT) {
		run_position(&in, game_id, command == CMD_NEW);
	} else if (command != CMD_NONE) {
		refuse_engine(ENGINE_ERR_UNKNOWN_GAME);
	} else if (word_length(&in) > 1u) {
		refuse(ENGINE_FLASH_STR("unknown command (help lists them)"));
	} else {
		run_move(in.at);
	}
}

/* ---- reading lines ---- */

/* A whole line came: refuse it, run it, or skip it (empty).  True when a
 * command ran, so that the buttons get a turn before the next one. */
static bool command_line_end(void)
{
	uint8_t line_fault = fault;
	uint8_t n = length;
	fault = FAULT_NONE;
	length = 0;
	if (line_fault == FAULT_LOST) {
		refuse(ENGINE_FLASH_STR("input lost, line dropped"));
	} else if (line_fault == FAULT_TOO_LONG) {
		refuse(ENGINE_FLASH_STR("line too long (120 at most)"));
	} else if (line_fault == FAULT_BAD_BYTE) {
		refuse(ENGINE_FLASH_STR("not text (control or 8-bit byte)"));
	} else if (n != 0) {
		buffer.line[n] = '\0';
		watchdog_start_long();
		run_line();
		watchdog_start();
		return true;
	}
	return false;
}

static void odra_line_done(void)
{
	if (odra_line_end(&buffer.odra)) {
		odra_print_answer(&buffer.odra, timer_ms() - odra_start_ms, &out);
		print_line_end();
		mode = MODE_COMMAND;
		length = 0;
		fault = FAULT_NONE;
	}
}

static void command_char(uint8_t c)
{
	uint8_t line_fault = FAULT_NONE;
	if (c == '\b' || c == 0x7Fu) {
		if (length > 0) {
			length--;
		}
	} else if (c < ' ' && c != '\t') {
		line_fault = FAULT_BAD_BYTE;
	} else if (c > '~') {
		line_fault = FAULT_BAD_BYTE;
	} else if (length == CONSOLE_LINE_MAX) {
		line_fault = FAULT_TOO_LONG;
	} else {
		buffer.line[length++] = c == '\t' ? ' ' : (char)c;
	}
	if (line_fault > fault) {
		fault = line_fault;
	}
}

/* One byte of the serial line; true when it ended a command line that ran
 * or was refused. */
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
	bool line_end = c == '\r' || c == '\n';
	if (mode == MODE_ODRA) {
		if (!odra_clock_started) {
			odra_clock_started = true;
			odra_start_ms = timer_ms();
		}
		if (line_end) {
			odra_line_done();
		} else {
			odra_char(&buffer.odra, (char)c);
		}
		return false;
	}
	if (!line_end) {
		command_char(c);
		return false;
	}
	bool ran = command_line_end();
	/* A line that starts before a loss is cut by it. */
	if (before_loss) {
		fault = FAULT_LOST;
	}
	return ran;
}

/* Bytes were lost right before the byte read next: the line being read is
 * cut, and so is any line that starts among the `extent` bytes after it,
 * where more may have been lost. */
static void note_loss(uint8_t bytes, uint8_t extent)
{
	if (mode == MODE_ODRA) {
		odra_lost(&buffer.odra, bytes);
		return;
	}
	fault = FAULT_LOST;
	suspect = extent;
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
		uint8_t extent;
		uint8_t lost = uart_take_lost(&extent);
		if (lost != 0) {
			note_loss(lost, extent);
		}
		uint8_t c;
		if (uart_read(&c)) {
			if (console_byte(c)) {
				return;
			}
			last_byte_ms = timer_ms();
		} else if (mode != MODE_ODRA || timer_ms() - last_byte_ms >= CONSOLE_ODRA_PATIENCE_MS) {
			return;
		} else {
			sleep_idle_unless(uart_pending);
		}
	}
}
