/*
 * Every game's cursor, moves and words (see view.h); the pictures are in
 * view_draw.c.
 */
#include "firmware/view.h"

#include <string.h>

#include "common/attributes.h"
#include "engine/flash.h"
#include "engine/text.h"
#include "firmware/display.h"
#include "firmware/features.h"
#include "firmware/view_draw.h"
#include "hal/keys.h"

/* The game's description (engine/games.def) says how it is drawn, where
 * its numbers are, its verb and the most a move names at a part; what is
 * left to a game's own name below are its rules: what a move may be. */
uint8_t view_kind(const struct position *pos)
{
	static const uint8_t kinds[] ENGINE_FLASH = {
		[ENGINE_PICTURE_GRID] = VIEW_KIND_LINE,   [ENGINE_PICTURE_NUMBERS] = VIEW_KIND_LINE,
		[ENGINE_PICTURE_HEAPS] = VIEW_KIND_LINE,  [ENGINE_PICTURE_STRIP] = VIEW_KIND_STRIP,
		[ENGINE_PICTURE_CHOMP] = VIEW_KIND_CELLS, [ENGINE_PICTURE_TAKTIX] = VIEW_KIND_CELLS,
		[ENGINE_PICTURE_KUBO] = VIEW_KIND_STACKS, [ENGINE_PICTURE_NINETEEN] = VIEW_KIND_CELLS,
	};
	_Static_assert(sizeof kinds == 8u, "a kind for every picture the facts' 3 bits can name");
	return flash_u8(&kinds[engine_game_facts(pos->game).picture]);
}

/* ---- numbers ---- */

/* ---- where and how much ---- */

/* Out of line: the menu and the cursor wrap round in several places. */
OUT_OF_LINE uint8_t view_wrap(uint8_t at, int8_t step, uint8_t count)
{
	at = (uint8_t)(at + step);
	if (at == UINT8_MAX) {
		return (uint8_t)(count - 1u);
	}
	return at == count ? 0u : at;
}

/* The parts, and Matrix Nim's columns of each. */
uint8_t view_line_parts(const struct position *pos)
{
	return (uint8_t)(pos->count * (engine_game_facts(pos->game).settings & ENGINE_HAS_COLS ? pos->cols : 1u));
}

/* Writes the cursor's part and amount into its move. */
static void compose(const struct position *pos, struct view_cursor *c)
{
	engine_move_set(pos, &c->mv, c->part, c->amount);
}

/* Parts the cursor visits, and one after them for all at once (Wythoff's
 * both heaps).  Out of line: one copy serves both callers. */
OUT_OF_LINE static uint8_t places(const struct position *pos)
{
	return (uint8_t)(view_line_parts(pos) + (engine_move_all_parts(pos) ? 1u : 0u));
}

/* The next part from `from` in direction `step`, wrapping, with something
 * to take; `from` itself when no other has. */
static uint8_t next_part(const struct position *pos, const struct view_cursor *c, uint8_t from, int8_t step)
{
	uint8_t count = places(pos);
	uint8_t part = from;
	for (uint8_t tries = 0; tries < count; tries++) {
		part = view_wrap(part, step, count);
		if (engine_part_in_play(pos, &c->mv, part)) {
			return part;
		}
	}
	return from;
}

/* The strip's next pin in direction `step`, over the rows, wrapping; a
 * row left is entered at its near end. */
static void strip_step(const struct position *pos, struct view_cursor *c, int8_t step)
{
	uint8_t part = c->part;
	uint16_t at = (uint16_t)(c->mv.u.strip.at + step); /* 0xFFFF past the left end */
	for (uint8_t tries = 0; at >= engine_part_value(pos, part) && tries <= pos->count; tries++) {
		part = view_wrap(part, step, pos->count);
		at = step > 0 ? 0u : (uint16_t)(engine_part_value(pos, part) - 1u);
	}
	c->part = part;
	c->mv.u.strip.at = at;
}

/* UP or DOWN: the next pin of the strip, or the next part with something
 * to take, in direction `step`; the cursor names the first amount there
 * (engine_move_first_amount), and a move that takes. */
static void step_part(const struct position *pos, struct view_cursor *c, int8_t step)
{
	if (view_kind(pos) == VIEW_KIND_STRIP) {
		strip_step(pos, c, step);
	} else {
		c->part = next_part(pos, c, c->part, step);
	}
	c->amount = engine_move_first_amount(pos, &c->mv, c->part);
	if (engine_moves_add(pos)) {
		c->mv.u.heap.add = 0;
	}
	compose(pos, c);
}

/* ---- the board's places ---- */

uint8_t view_board_height(const struct position *pos, struct engine_facts facts)
{
	return facts.picture == ENGINE_PICTURE_CHOMP ? pos->count : facts.rows;
}

uint8_t view_board_width(const struct position *pos, uint8_t y)
{
	struct engine_facts facts = engine_game_facts(pos->game);
	if (facts.picture == ENGINE_PICTURE_CHOMP) {
		return (uint8_t)engine_part_value(pos, 0); /* the bottom row, the longest */
	}
	uint8_t width = facts.cols;
	if (engine_picture_present(ENGINE_PICTURE_NINETEEN) && facts.picture == ENGINE_PICTURE_NINETEEN) {
		/* A hexagon: a place less each row away from the middle one. */
		uint8_t middle = facts.rows / 2u;
		width = (uint8_t)(width - (y < middle ? middle - y : y - middle));
	}
	return width;
}

/* Taktix, Nineteen: the cell at place (x, y), counted row by row from
 * the top-left as the engine numbers them (engine_board_cells). */
static uint8_t cell_at(const struct position *pos, uint8_t x, uint8_t y)
{
	uint8_t cell = x;
	while (y > 0) {
		cell = (uint8_t)(cell + view_board_width(pos, --y));
	}
	return cell;
}

/* Moves the board's cursor one place in the key's direction (any other
 * key leaves it), and brings it back onto the board where it lies off it. */
static void board_step(const struct position *pos, struct view_cursor *c, uint8_t key)
{
	uint8_t x = c->part % 16u;
	uint8_t y = c->part / 16u;
	struct engine_facts facts = engine_game_facts(pos->game);
	/* Chomp's rows count from the bottom, the others' from the top. */
	if (facts.picture == ENGINE_PICTURE_CHOMP ? key == KEY_UP : key == KEY_DOWN) {
		y++;
	} else if (key == KEY_UP || key == KEY_DOWN) {
		if (y > 0) {
			y--;
		}
	} else if (key == KEY_RIGHT) {
		x++;
	} else if (key == KEY_LEFT && x > 0) {
		x--;
	}
	uint8_t height = view_board_height(pos, facts);
	if (y >= height) {
		y = (uint8_t)(height - 1u);
	}
	uint8_t width = view_board_width(pos, y);
	if (x >= width) {
		x = (uint8_t)(width - 1u);
	}
	c->part = (uint8_t)(y * 16u + x);
}

/* SELECT on a board: pick or unpick, or play what is picked. */
static uint8_t board_select(const struct position *pos, struct view_cursor *c)
{
	if (c->armed && engine_move_picks(pos, &c->mv)) {
		c->armed = false;
		return VIEW_PLAY;
	}
	uint8_t x = c->part % 16u;
	uint8_t y = c->part / 16u;
	if (!engine_move_pick_piece(pos, &c->mv, x, y)) {
		engine_move_pick_cell(&c->mv, cell_at(pos, x, y));
	}
	c->armed = true;
	return VIEW_REDRAW;
}

/* ---- the cursor ---- */

void view_cursor_reset(const struct position *pos, struct view_cursor *c)
{
	uint8_t part = c->part;
	uint16_t at = c->mv.u.strip.at;
	uint8_t kind = view_kind(pos);
	memset(c, 0, sizeof *c);
	engine_move_none(pos, &c->mv);
	if (kind == VIEW_KIND_CELLS) {
		/* The same place, or the nearest one on the board. */
		c->part = part;
		board_step(pos, c, KEY_SELECT);
		return;
	}
	/* The same pin or part, or the next one with something to take. */
	if (kind == VIEW_KIND_STRIP) {
		c->part = part < pos->count ? part : 0u;
		c->mv.u.strip.at = (uint16_t)(at - 1u);
	} else {
		uint8_t count = places(pos);
		c->part = view_wrap(part < count ? part : 0u, -1, count);
	}
	step_part(pos, c, 1);
}

/* LEFT or RIGHT: one less or one more. */
static bool change_amount(const struct position *pos, struct view_cursor *c, int8_t step)
{
	bool adds = engine_moves_add(pos);
	uint8_t *add = &c->mv.u.heap.add; /* the adding game's only: other games keep more there */
	if (adds && *add) {
		step = (int8_t)-step; /* LEFT adds more, RIGHT less */
	}
	if (adds && step < 0 && c->amount == *add) {
		/* Past "take 0" lies "add 1", and back. */
		*add ^= 1u;
		if (engine_move_most(pos, &c->mv, c->part) == 0) {
			*add ^= 1u;
			return false;
		}
		c->amount = *add;
	} else {
		uint16_t most = engine_move_most(pos, &c->mv, c->part);
		do {
			if (step > 0 ? c->amount >= most : c->amount == 0) {
				return false;
			}
			c->amount = (uint16_t)(c->amount + step);
		} while (engine_move_amount_skipped(pos, c->amount));
	}
	compose(pos, c);
	return true;
}

uint8_t view_key(const struct position *pos, struct view_cursor *c, uint8_t key)
{
	if (view_kind(pos) == VIEW_KIND_CELLS) {
		if (key == KEY_SELECT) {
			return board_select(pos, c);
		}
		c->armed = false;
		board_step(pos, c, key);
		return VIEW_REDRAW;
	}
	if (key == KEY_SELECT) {
		return VIEW_PLAY;
	}
	if (key == KEY_LEFT || key == KEY_RIGHT) {
		return change_amount(pos, c, key == KEY_RIGHT ? 1 : -1) ? VIEW_REDRAW : VIEW_NOTHING;
	}
	step_part(pos, c, key == KEY_UP ? -1 : 1);
	return VIEW_REDRAW;
}

void view_cursor_of_move(const struct position *pos, struct view_cursor *c)
{
	c->part = engine_move_part(pos, &c->mv);
}

/* ---- words ---- */

/* "Take 3" for the person, "I take 3" for the machine. */
void view_print_phrase(const struct position *pos, const struct view_cursor *c, uint8_t words, struct text_sink *out)
{
	const struct move *mv = &c->mv;
	struct engine_facts facts = engine_game_facts(pos->game);
	uint8_t verb = (uint8_t)(ENGINE_VERB_TAKE + facts.verb);
	if (engine_move_adds(pos, mv)) {
		verb = ENGINE_VERB_ADD;
	}
	engine_put_word(verb, words == WORDS_MACHINE ? ENGINE_FORM_MINE : ENGINE_FORM_YOURS);
	put_char(' ');
	uint16_t amount = engine_move_amount(pos, mv);
	if (facts.picture >= ENGINE_PICTURE_CHOMP) {
		if (engine_move_picks(pos, mv)) {
			engine_print_move(pos, mv, out);
		}
	} else {
		engine_put_move_amount(pos, mv, c->part, amount);
		/* The Odra's matches are named after the number but in a hint,
		 * whose words would not fit. */
		if (engine_parts_are_matches(pos) && !(FEATURE_TEACHING && words == WORDS_HINT)) {
			put_screen_text(view_match_word(amount));
		}
	}
}

uint8_t view_match_word(uint16_t count)
{
	if (count == 1u) {
		return SCREEN_MATCH_ONE;
	}
	if (!FEATURE_POLISH) {
		return SCREEN_MATCH_MANY; /* English: the same word for any other number */
	}
	/* 2, 3, 4, 22, 23, 24, 32 ... but 12, 13, 14: "zapałki"; the rest
	 * "zapałek" (English says "matches" for both). */
	uint8_t ones = (uint8_t)(count % 10u);
	uint8_t tens = (uint8_t)(count / 10u % 10u);
	return ones >= 2u && ones <= 4u && tens != 1u ? SCREEN_MATCH_FEW : SCREEN_MATCH_MANY;
}
