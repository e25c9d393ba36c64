/* The game screen: which screen shows, and the position read from its
 * words and pictures.  See e2e.h. */
#include "tests/e2e/e2e_internal.h"

#include <stdio.h>
#include <string.h>

#include "engine/text.h"

/* ---- the game screen ---- */

void e2e_words(struct sim *sim, uint8_t game, char *text, size_t size)
{
	char top[BOARD_LCD_COLUMNS + 1], bottom[BOARD_LCD_COLUMNS + 1];
	e2e_line(sim, 0, top);
	e2e_line(sim, 1, bottom);
	if (e2e_kind_of(game) != KIND_BOARD) {
		snprintf(text, size, "%s", bottom);
		return;
	}
	/* Beside a board the words take two rows, broken at a space (gone)
	 * or after a comma. */
	const char *a = strlen(top) > 5 ? top + 5 : "";
	const char *b = strlen(bottom) > 5 ? bottom + 5 : "";
	bool after_comma = *a != '\0' && a[strlen(a) - 1] == ',';
	snprintf(text, size, "%s%s%s", a, *b != '\0' && !after_comma ? " " : "", b);
}

bool e2e_starts(const char *text, const char *prefix)
{
	return strncmp(text, prefix, strlen(prefix)) == 0;
}

void e2e_error_text(enum engine_error err, char *text, size_t size)
{
	struct buffer_sink sink;
	buffer_sink_init(&sink, text, (uint16_t)size);
	engine_print_error(err, &sink.sink);
}

static bool is_error_text(const char *text)
{
	for (int err = ENGINE_OK + 1; err < ENGINE_ERR_COUNT; err++) {
		char message[64];
		struct buffer_sink sink;
		buffer_sink_init(&sink, message, sizeof message);
		engine_print_error((enum engine_error)err, &sink.sink);
		if (strcmp(text, message) == 0) {
			return true;
		}
	}
	return false;
}

enum e2e_screen e2e_screen_of(struct sim *sim, uint8_t game)
{
	char top[BOARD_LCD_COLUMNS + 1];
	e2e_line(sim, 0, top);
	if (strcmp(top, "You win!") == 0 || strcmp(top, "I win!") == 0) {
		return E2E_OVER;
	}
	if (e2e_starts(top, "U/D=where") || e2e_starts(top, "Arrows")) {
		return E2E_HELP;
	}
	char words[40];
	e2e_words(sim, game, words, sizeof words);
	static const char *const verbs[] = { "Take", "Add", "Subtract", "Divide by", "Move to", "Knock", "Place" };
	if (strcmp(words, "Thinking...") == 0) {
		return E2E_THINKING;
	}
	if (e2e_starts(words, "I ")) {
		return E2E_MOVE;
	}
	for (size_t i = 0; i < sizeof verbs / sizeof verbs[0]; i++) {
		if (e2e_starts(words, verbs[i])) {
			return E2E_TURN;
		}
	}
	return is_error_text(words) ? E2E_REFUSED : E2E_OTHER;
}

struct screen_wait {
	uint8_t game;
	unsigned wanted; /* a mask of 1 << enum e2e_screen */
};

static bool screen_is(struct sim *sim, void *ctx)
{
	const struct screen_wait *wait = ctx;
	return (wait->wanted >> e2e_screen_of(sim, wait->game) & 1u) != 0;
}

/* Runs until one of the screens in `wanted` shows and the display is
 * quiet; returns it. */
enum e2e_screen e2e_wait_screen(struct sim *sim, uint8_t game, unsigned wanted)
{
	struct screen_wait wait = { game, wanted };
	if (!sim_run_until(sim, screen_is, &wait, E2E_SCREEN_TIMEOUT_MS)) {
		e2e_fail_with_screen(sim, "the game screen got stuck");
	}
	e2e_settle(sim, E2E_QUIET_MS);
	return e2e_screen_of(sim, game);
}

/* ---- pictures ---- */

/* Pixels of a custom character: bit 4 is the leftmost. */
static void glyph_of(struct sim *sim, char code, uint8_t rows[8])
{
	sim_lcd_glyph(sim, (uint8_t)((uint8_t)code & 7u), rows);
}

static bool is_custom(char code)
{
	return (uint8_t)code >= 1u && (uint8_t)code <= 8u;
}

/* The board's 20x16 picture from the custom characters in columns 0-3. */
static bool read_canvas(struct sim *sim, uint8_t canvas[16][20])
{
	char lines[BOARD_LCD_ROWS][BOARD_LCD_COLUMNS + 1];
	sim_lcd_lines(sim, lines);
	for (uint8_t row = 0; row < 2; row++) {
		for (uint8_t ch = 0; ch < 4; ch++) {
			if (!is_custom(lines[row][ch])) {
				return false;
			}
			uint8_t glyph[8];
			glyph_of(sim, lines[row][ch], glyph);
			for (uint8_t y = 0; y < 8; y++) {
				for (uint8_t x = 0; x < 5; x++) {
					canvas[row * 8 + y][ch * 5 + x] = (glyph[y] >> (4 - x)) & 1u;
				}
			}
		}
	}
	return true;
}

/* A board's rows and the places in each, as the game's description says:
 * Chomp's from its position, a hexagon's a place less each row away from
 * the middle one. */
uint8_t e2e_board_height(const struct position *pos)
{
	struct engine_facts facts = engine_game_facts(pos->game);
	return facts.picture == ENGINE_PICTURE_CHOMP ? pos->count : facts.rows;
}

uint8_t e2e_board_width(const struct position *pos, uint8_t y)
{
	struct engine_facts facts = engine_game_facts(pos->game);
	if (facts.picture == ENGINE_PICTURE_CHOMP) {
		return pos->u.chomp[0];
	}
	if (facts.picture == ENGINE_PICTURE_NINETEEN) {
		int away = y - facts.rows / 2;
		return (uint8_t)(facts.cols - (away < 0 ? -away : away));
	}
	return facts.cols;
}

/* Taktix's and Nineteen's cell at place (x, y), numbered row by row. */
uint8_t e2e_board_cell(const struct position *pos, uint8_t x, uint8_t y)
{
	uint8_t cell = x;
	for (uint8_t row = 0; row < y; row++) {
		cell = (uint8_t)(cell + e2e_board_width(pos, row));
	}
	return cell;
}

/* Whether place (x, y) holds a piece: Taktix and Nineteen cells, Chomp
 * pieces (rows from the bottom), Kubo pieces (x: the stack's column * 3 +
 * the piece's height). */
static bool place_present(const struct position *pos, uint8_t x, uint8_t y)
{
	switch (pos->game) {
	case GAME_CHOMP:
		return y < pos->count && x < pos->u.chomp[y];
	case GAME_KUBO:
		return x % 3 < pos->u.kubo[y * 3 + x / 3];
	default:
		return (pos->u.nineteen >> e2e_board_cell(pos, x, y) & 1u) != 0; /* Taktix's are its low 16 bits */
	}
}

/* Where the device draws place (x, y): left, top, width, height. */
static void place_rect(const struct position *pos, uint8_t x, uint8_t y, uint8_t rect[4])
{
	switch (pos->game) {
	case GAME_CHOMP:
		rect[0] = pos->u.chomp[0] <= 4 ? x * 5 : x / 2 * 5 + x % 2 * 3;
		rect[2] = pos->u.chomp[0] <= 4 ? 4 : 2;
		rect[1] = pos->count <= 4 ? 13 - y * 4 : 15 - y * 2;
		rect[3] = pos->count <= 4 ? 3 : 1;
		break;
	case GAME_KUBO:
		rect[0] = x / 3 * 5 + x % 3 * 2;
		rect[2] = 1;
		rect[1] = y * 4 + 1;
		rect[3] = 3;
		break;
	case GAME_NINETEEN:
		rect[0] = (5 - e2e_board_width(pos, y)) * 2 + x * 4;
		rect[2] = 3;
		rect[1] = y * 3;
		rect[3] = 2;
		break;
	default:
		rect[0] = x * 5;
		rect[2] = 4;
		rect[1] = y * 4;
		rect[3] = 3;
		break;
	}
}

/* What the rectangle of a place shows: 0 nothing, 1 a piece, 2 a hatched
 * piece, 3 the inverse of a piece (the blinking cursor on one), 4 the
 * inverse of nothing (the cursor on an empty place), 5 the inverse of a
 * hatched piece, -1 none of these. */
static int rect_look(const uint8_t canvas[16][20], const uint8_t rect[4])
{
	unsigned lit = 0, checker_lit = 0, checker_dark = 0, pixels = 0;
	for (uint8_t y = rect[1]; y < rect[1] + rect[3]; y++) {
		for (uint8_t x = rect[0]; x < rect[0] + rect[2]; x++) {
			bool on = canvas[y][x] != 0;
			bool even = ((x ^ y) & 1u) == 0;
			lit += on;
			checker_lit += on == even;
			checker_dark += on != even;
			pixels++;
		}
	}
	if (lit == 0) {
		return 0;
	}
	if (lit == pixels) {
		return 1; /* a piece, or the cursor on nothing: told apart by the position */
	}
	if (checker_lit == pixels) {
		return 2;
	}
	if (checker_dark == pixels) {
		return 5;
	}
	return -1;
}

/* The strip's places from row 0: two to a character. */
static bool read_strip(struct sim *sim, struct e2e_view *view)
{
	char lines[BOARD_LCD_ROWS][BOARD_LCD_COLUMNS + 1];
	sim_lcd_lines(sim, lines);
	uint8_t place[2 * BOARD_LCD_COLUMNS];
	for (uint8_t ch = 0; ch < BOARD_LCD_COLUMNS; ch++) {
		uint8_t glyph[8] = { 0 };
		if (is_custom(lines[0][ch])) {
			glyph_of(sim, lines[0][ch], glyph);
		} else if (lines[0][ch] != ' ') {
			return false;
		}
		for (uint8_t half = 0; half < 2; half++) {
			uint8_t shift = half == 0 ? 3 : 0; /* columns 0-1 or 3-4 */
			unsigned lit = 0, even_lit = 0;
			for (uint8_t y = 0; y < 6; y++) {
				for (uint8_t x = 0; x < 2; x++) {
					bool on = (glyph[y] >> (shift + 1 - x) & 1u) != 0;
					uint8_t column = (uint8_t)(half * 3 + x);
					lit += on;
					even_lit += on && ((column ^ y) & 1u) == 0;
				}
			}
			uint8_t look = 0;
			if (lit == 12) {
				look = 1;
			} else if (lit == 6 && even_lit == 6) {
				look = 3; /* taken */
			} else if (lit != 0) {
				return false;
			}
			if ((glyph[7] >> shift & 3u) == 3u) {
				look |= 4; /* underlined: the cursor */
			}
			place[ch * 2 + half] = look;
		}
	}
	view->rows = 0;
	view->cursor_row = -1;
	view->taken = 0;
	uint32_t run = 0;
	for (uint8_t i = 0; i < sizeof place; i++) {
		if (place[i] & 1u) {
			if (place[i] & 4u) {
				view->cursor_row = view->rows;
				view->cursor_at = (int)run;
			}
			if ((place[i] & 3u) == 3u) {
				view->taken++;
			}
			run++;
		} else if (run > 0) {
			view->row[view->rows++] = run;
			run = 0;
		}
	}
	if (run > 0) {
		view->row[view->rows++] = run;
	}
	return true;
}

static bool read_line(struct sim *sim, struct e2e_view *view)
{
	char text[BOARD_LCD_COLUMNS + 1];
	e2e_line(sim, 0, text);
	view->parts = 0;
	view->marked_first = -1;
	view->marked_last = -1;
	view->scrolled = text[0] == '<' || (text[0] != '\0' && text[strlen(text) - 1] == '>');
	const char *p = text;
	bool marked = false;
	while (*p != '\0') {
		if (*p == ' ' || *p == '/' || *p == '<' || *p == '>') {
			p++;
			continue;
		}
		if (*p == '[') {
			marked = true;
			p++;
			continue;
		}
		if (view->parts == 64) {
			return false;
		}
		size_t length = strcspn(p, " /[]<>");
		snprintf(view->part[view->parts], sizeof view->part[0], "%.*s", (int)length, p);
		p += length;
		if (marked) {
			if (view->marked_first < 0) {
				view->marked_first = view->parts;
			}
			view->marked_last = view->parts;
		}
		if (*p == ']') {
			marked = false;
			p++;
		}
		view->parts++;
	}
	return view->parts > 0;
}

bool e2e_read_view(struct sim *sim, uint8_t game, struct e2e_view *view)
{
	memset(view, 0, sizeof *view);
	switch (e2e_kind_of(game)) {
	case KIND_STRIP:
		return read_strip(sim, view);
	case KIND_LINE:
		return read_line(sim, view);
	default:
		break;
	}
	/* A board: which places look like pieces, read against the
	 * position the caller expects (e2e_expect_position). */
	return false;
}

void e2e_expected_view(const struct position *pos, struct e2e_view *view)
{
	memset(view, 0, sizeof *view);
	view->marked_first = view->marked_last = -1;
	view->cursor_row = -1;
	switch (e2e_kind_of(pos->game)) {
	case KIND_STRIP:
		for (uint8_t i = 0; i < pos->count; i++) {
			if (pos->u.row[i] != 0) {
				view->row[view->rows++] = pos->u.row[i];
			}
		}
		return;
	case KIND_BOARD:
		for (uint8_t y = 0; y < e2e_board_height(pos); y++) {
			for (uint8_t x = 0; x < e2e_board_width(pos, y); x++) {
				view->present[y][x] = place_present(pos, x, y);
			}
		}
		return;
	default:
		break;
	}
	uint8_t parts = pos->game == GAME_MATRIX_NIM ? (uint8_t)(pos->count * pos->cols) : pos->count;
	for (uint8_t i = 0; i < parts; i++) {
		char *text = view->part[view->parts++];
		if (pos->game == GAME_PRIME_POWER) {
			if (pos->u.factors.exponent[i] == 1) {
				snprintf(text, sizeof view->part[0], "%u", (unsigned)pos->u.factors.prime[i]);
			} else {
				snprintf(text, sizeof view->part[0], "%u^%u", (unsigned)pos->u.factors.prime[i],
					 pos->u.factors.exponent[i]);
			}
		} else {
			snprintf(text, sizeof view->part[0], "%u", (unsigned)e2e_position_value(pos, i));
		}
	}
}

void e2e_describe(const struct position *pos, char *text, size_t size)
{
	struct buffer_sink sink;
	buffer_sink_init(&sink, text, (uint16_t)size);
	engine_print_game_name(pos->game, &sink.sink);
	print_char(&sink.sink, ' ');
	engine_print_position(pos, &sink.sink);
}

/* The board's places as drawn: `look[y][x]` from rect_look(); `cursor` is
 * set to the one place drawn inverted, if any. */
bool e2e_read_board(struct sim *sim, const struct position *pos, int look[8][16], int *cursor)
{
	uint8_t canvas[16][20];
	if (!read_canvas(sim, canvas)) {
		return false;
	}
	*cursor = -1;
	for (uint8_t y = 0; y < e2e_board_height(pos); y++) {
		for (uint8_t x = 0; x < e2e_board_width(pos, y); x++) {
			uint8_t rect[4];
			place_rect(pos, x, y, rect);
			int seen = rect_look(canvas, rect);
			bool present = place_present(pos, x, y);
			if ((seen == 1 && !present) || (seen == 0 && present) || seen >= 3) {
				*cursor = y * 16 + x; /* inverted */
			}
			look[y][x] = seen;
		}
	}
	return true;
}

void e2e_expect_position(struct sim *sim, const struct position *pos, const char *when)
{
	char expected_text[256];
	e2e_describe(pos, expected_text, sizeof expected_text);
	struct e2e_view expected;
	e2e_expected_view(pos, &expected);
	char what[400];
	snprintf(what, sizeof what, "%s: the picture is not %s", when, expected_text);
	if (e2e_kind_of(pos->game) == KIND_BOARD) {
		int look[8][16];
		int cursor;
		if (!e2e_read_board(sim, pos, look, &cursor)) {
			e2e_fail_with_screen(sim, what);
		}
		for (uint8_t y = 0; y < e2e_board_height(pos); y++) {
			for (uint8_t x = 0; x < e2e_board_width(pos, y); x++) {
				bool present = look[y][x] == 1 || look[y][x] == 2;
				bool is_cursor = cursor == y * 16 + x;
				if (!is_cursor && present != (expected.present[y][x] != 0)) {
					e2e_fail_with_screen(sim, what);
				}
			}
		}
		return;
	}
	struct e2e_view seen;
	if (!e2e_read_view(sim, pos->game, &seen)) {
		e2e_fail_with_screen(sim, what);
	}
	if (e2e_kind_of(pos->game) == KIND_STRIP) {
		bool same = seen.rows == expected.rows;
		for (uint8_t i = 0; same && i < seen.rows; i++) {
			same = seen.row[i] == expected.row[i];
		}
		if (!same) {
			e2e_fail_with_screen(sim, what);
		}
		return;
	}
	if (seen.scrolled) {
		return; /* a window of a wide line: e2e tests keep lines narrow */
	}
	bool same = seen.parts == expected.parts;
	for (uint8_t i = 0; same && i < seen.parts; i++) {
		same = strcmp(seen.part[i], expected.part[i]) == 0;
	}
	if (!same) {
		e2e_fail_with_screen(sim, what);
	}
}
