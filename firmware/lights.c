/* The lamps' picture of the game; see lights.h. */
#include "firmware/lights.h"

#include <stdbool.h>
#include <stddef.h>

#include "firmware/game.h"
#include "firmware/view.h"
#include "hal/lamps.h"
#include "hal/timer.h"

#define LIGHTS_ROWS 4u /* of 1, 3, 5 and 7 lamps */
/* The rows of 3, 5 and 7 lamps under lamp 1, which show the parts. */
#define LIGHTS_PART_ROWS 3u
#define LIGHTS_PART_LAMPS 15u
#define LIGHTS_LAMP_1 0x8000u
/* Each half of a blink: 128 ms on, 128 ms off, so that the announcement's
 * second and a half blinks about six times. */
#define LIGHTS_BLINK_HALF_MS 128u

/* Whether the machine's move is being announced, while the lamps it
 * changes blink, until it is played. */
static bool blinking;
/* The low 16 bits of timer_ms() when the announcement began, and how long
 * it lasts. */
static uint16_t blink_began;
static uint16_t blink_ms;
/* The position's picture, and the one the choice leaves. */
static uint16_t blink_pictures[2];
/* The one the lamps show (its index), so that they are drawn only when it
 * changes; LIGHTS_BLINK_NONE before the first. */
#define LIGHTS_BLINK_NONE 0xFFu
static uint8_t blink_shown;

/* The Odra's matches (engine_parts_are_matches): the rows from the top, each lit from the left, a
 * lamp a match. */
static uint16_t matches(const struct position *pos)
{
	uint16_t lamps = 0;
	uint8_t width = 1;
	for (uint8_t row = 0; row < LIGHTS_ROWS; row++, width += 2u) {
		/* A row past the count has no matches, whatever the record
		 * holds there (the menu keeps the numbers it no longer shows). */
		uint16_t left = row < pos->count ? (uint16_t)engine_part_value(pos, row) : 0u;
		for (uint8_t at = 0; at < width; at++) {
			lamps <<= 1;
			if (left != 0) {
				lamps |= 1u;
				left--;
			}
		}
	}
	return lamps;
}

/* The pieces left on a board of cells, a bit each (engine_board_cells). */
static uint8_t cells_left(const struct position *pos)
{
	uint8_t left = 0;
	for (uint32_t cells = engine_board_cells(pos); cells != 0; cells >>= 1) {
		left = (uint8_t)(left + (cells & 1u));
	}
	return left;
}

/* Part i of what the lamps show: a heap, number, coin's square, row of
 * pins or strip as the line and the strip show it; Prime power's
 * exponent of its prime i, the Nim heap the factor is (engine_part_size);
 * Matrix Nim's row i, all its cells' stones (the row's Nim heap); a
 * board's pieces left, its one part: its rows are too many, or too long,
 * for the lamps' rows. */
static uint32_t part(const struct position *pos, uint8_t picture, uint8_t i)
{
	switch (picture) {
	case ENGINE_PICTURE_TAKTIX:
	case ENGINE_PICTURE_NINETEEN:
		return cells_left(pos);
	case ENGINE_PICTURE_CHOMP:
	case ENGINE_PICTURE_KUBO:
		break;
	default:
		return engine_part_size(pos, i);
	}
	uint16_t total = 0; /* Chomp's rows, Kubo's stacks: at most 8 of 255 */
	for (uint8_t n = 0; n < pos->count; n++) {
		total += (uint16_t)engine_part_value(pos, n);
	}
	return total;
}

/* The picture of `pos`, the game's position or the one the machine's
 * choice leaves, lamp 1 in bit 15 (hal/lamps.h).  Marienbad: its
 * matches.  Every other game: lamp 1 lit while the machine is to move,
 * and the first three parts in binary, in order down to the bottom row,
 * each in as many lamps as its row has (all of them lit when the part is
 * larger); a game of one part has all 15 lamps, one binary number from
 * lamp 2 to lamp 16. */
static uint16_t picture(const struct position *pos)
{
	if (engine_parts_are_matches(pos)) {
		return matches(pos);
	}
	uint8_t drawn = engine_game_facts(pos->game).picture;
	uint8_t shown = drawn >= ENGINE_PICTURE_CHOMP ? 1u : pos->count; /* a board: its pieces */
	if (shown > LIGHTS_PART_ROWS) {
		shown = LIGHTS_PART_ROWS;
	}
	/* The parts take the lowest `shown` rows: the first is the row of 3
	 * lamps for three parts, of 5 for two. */
	uint8_t width = (uint8_t)(2u * (LIGHTS_PART_ROWS - shown) + 3u);
	if (shown == 1u) {
		width = LIGHTS_PART_LAMPS;
	}
	uint16_t lamps = 0;
	for (uint8_t i = 0; i < shown; i++, width += 2u) {
		uint16_t most = (uint16_t)((1u << width) - 1u);
		uint32_t value = part(pos, drawn, i);
		lamps = (uint16_t)((unsigned)lamps << width) | (value < most ? (uint16_t)value : most);
	}
	if (!game->over && game->to_move == PLAYER_MACHINE) {
		lamps |= LIGHTS_LAMP_1;
	}
	return lamps;
}

/* The picture of the game's position, or of the one the move `taken`
 * (not NULL) leaves.  A function of its own, so that the position's copy
 * is on the stack only while it is drawn. */
static uint16_t picture_after(const struct move *taken)
{
	struct position pos = game->pos;
	if (taken != NULL) {
		engine_apply_move(&pos, taken);
	}
	return picture(&pos);
}

/* Every event but GAME_MOVING shows the game's position now, and ends a
 * blink: the move announced has been played, or the person has left the
 * game.  While a move is being played the lamps keep what they show, the
 * position before it or the last half of a blink, the move's picture, so
 * that the old picture never comes back for the moment the move takes. */
void lights_game_event(uint8_t event)
{
	if (event == GAME_MOVING) {
		return;
	}
	blinking = false;
	lamps_show(picture_after(NULL));
}

/* The blink's two pictures are drawn once, as the choice is announced:
 * the blink itself, every 128 ms while the machine's move shows, only
 * shifts one of them out, so the waits in attract mode stay asleep. */
void lights_choice(const struct move *mv, uint16_t announced_ms)
{
	blinking = true;
	blink_began = (uint16_t)timer_ms();
	blink_ms = announced_ms;
	blink_shown = LIGHTS_BLINK_NONE;
	blink_pictures[0] = picture_after(NULL);
	blink_pictures[1] = picture_after(mv);
	lights_tick(blink_began);
}

/* The half of the blink `elapsed` milliseconds into the announcement: the
 * halves count from its start, the move's picture first; a half of the
 * position is begun only if the move's half after it ends before the
 * announcement does, so that the last half, which lasts until the move is
 * played, is the move's, and every other lasts its 128 ms. */
static uint8_t blink_half(uint16_t elapsed)
{
	uint16_t half = elapsed / LIGHTS_BLINK_HALF_MS;
	bool position = (half & 1u) != 0 && (half + 2u) * LIGHTS_BLINK_HALF_MS <= blink_ms;
	return position ? 0u : 1u;
}

/* Only a blink needs the time; every event shows the lamps itself.  The
 * halves of the blink show the position the choice leaves and the
 * position by turns, so that the lamps the move changes, and only they,
 * go on and off. */
void lights_tick(uint16_t now_ms)
{
	if (!blinking) {
		return;
	}
	uint8_t half = blink_half((uint16_t)(now_ms - blink_began));
	if (half != blink_shown) {
		blink_shown = half;
		lamps_show(blink_pictures[half]);
	}
}

uint8_t lights_wait_ms(void)
{
	if (!blinking) {
		return UINT8_MAX;
	}
	uint16_t elapsed = (uint16_t)((uint16_t)timer_ms() - blink_began);
	uint16_t next = (uint16_t)((elapsed / LIGHTS_BLINK_HALF_MS + 1u) * LIGHTS_BLINK_HALF_MS);
	if (blink_half(next) == blink_shown) {
		return UINT8_MAX; /* the last half: it lasts until the move */
	}
	return (uint8_t)(next - elapsed);
}
