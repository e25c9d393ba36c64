/* The lamps' picture of the game; see lights.h. */
#include "firmware/lights.h"

#include <stddef.h>

#include "firmware/game.h"
#include "hal/lamps.h"

#define LIGHTS_ROWS 4u /* of 1, 3, 5 and 7 lamps */
/* Each half of a blink, as a bit of the milliseconds' count: 128 ms on,
 * 128 ms off, so that the announcement's second and a half blinks about
 * six times.  The count's low byte holds it. */
#define LIGHTS_BLINK_BIT 0x80u

/* The machine's move being announced, while its matches blink (the
 * screen's own record of it, which stays until the move is played); NULL
 * when none is. */
static const struct move *choice;
/* The half of the blink the lamps show (LIGHTS_BLINK_BIT or 0), so that
 * they are drawn only when it changes; LIGHTS_BLINK_NONE before the first. */
#define LIGHTS_BLINK_NONE 1u
static uint8_t blink_half;

/* The picture of the game's position, lamp 1 in bit 15 (hal/lamps.h):
 * in Marienbad, the rows from the top, each lit from the left, a lamp a
 * match, with the matches `taken` (NULL: none) gone. */
static uint16_t picture(const struct move *taken)
{
	const struct position *pos = &game.pos;
	if (pos->game != GAME_MARIENBAD) {
		return game.over ? 0u : (uint16_t)((unsigned)game.to_move << 15); /* lamp 1 lit for PLAYER_MACHINE */
	}
	uint16_t lamps = 0;
	uint8_t width = 1;
	for (uint8_t row = 0; row < LIGHTS_ROWS; row++, width += 2u) {
		/* A row past the count has no matches, whatever the record
		 * holds there (the menu keeps the numbers it no longer shows). */
		uint16_t matches = row < pos->count ? pos->u.heap[row] : 0u;
		if (taken != NULL && taken->u.heap.heap == row) {
			matches -= taken->u.heap.count;
		}
		for (uint8_t at = 0; at < width; at++) {
			lamps <<= 1;
			if (matches != 0) {
				lamps |= 1u;
				matches--;
			}
		}
	}
	return lamps;
}

/* Every event shows the game's position now, and ends a blink: the move
 * announced is being played, or the person has left the game. */
void lights_game_event(uint8_t event)
{
	(void)event;
	choice = NULL;
	lamps_show(picture(NULL));
}

void lights_choice(const struct move *mv)
{
	choice = mv;
	blink_half = LIGHTS_BLINK_NONE;
}

/* Only a blink needs the time; every event shows the lamps itself. */
void lights_tick(uint8_t now_ms)
{
	uint8_t half = now_ms & LIGHTS_BLINK_BIT;
	if (choice != NULL && half != blink_half) {
		blink_half = half;
		lamps_show(picture(half != 0 ? choice : NULL));
	}
}
