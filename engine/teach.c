/*
 * The reason why (engine.h, engine_print_why): the position explained as
 * the rulebook teaches it (shared notes, games.md, and its sources):
 *   - Nim and its kin, Bouton's way as the Polish article puts it: each
 *     heap split into binary groups of 1, 2, 4, 8 ...; a position is lost
 *     for the player to move when every group size appears an even number
 *     of times, so the unpaired group sizes (the bits of the nim-sum) say
 *     what a winning move must pair.  In misere play the rule changes
 *     once at most one heap holds 2 or more: leave an odd number of 1s.
 *     Poker Nim is Nim: an addition can always be taken back.
 *   - The other sums of parts, by the Sprague-Grundy theorem: the value
 *     of each part and their XOR, lost when it is 0.
 *   - Subtract a digit: a multiple of 10 has no digit that reaches another
 *     one, and every other number has its last digit, which does.  (Its
 *     Grundy value takes the device a second to compute for large n.)
 *   - Wythoff: the cold (losing) pairs nearest the position, the one that
 *     holds the smaller heap and the one whose heaps differ as these do;
 *     a winning move goes to one of them.
 *   - The boards, whose tables know only who wins: how many moves win
 *     (none: every move loses).
 */
#include "engine/engine.h"

#include "engine/flash.h"
#include "engine/games.h"
#include "engine/packed_text.h"
#include "engine/text.h"
#include "packed_tables.h"

/* The words of engine/teach_texts.def, by their order there. */
enum teach_text {
#define TEACH_TEXT(name, english, polish) name,
#include "engine/teach_texts.def"
#undef TEACH_TEXT
	TEACH_TEXTS
};
_Static_assert(TEACH_TEXTS == PACKED_TEACH_COUNT && TEACH_TEXTS == PACKED_TEACH_PL_COUNT,
	       "a packed text for every word, in both languages");

static void put_teach_text(enum teach_text text)
{
	put_packed(packed_code, TEXT_TABLE(packed_teach, packed_teach_pl), (uint8_t)text);
}

/* The binary groups of n, largest first, joined by '+': 4+2+1. */
static void put_groups(uint16_t n)
{
	char plus = '\0';
	for (uint16_t group = 0x8000u; group != 0; group >>= 1) {
		if (n & group) {
			if (plus != '\0') {
				put_char(plus);
			}
			put_u16(group);
			plus = '+';
		}
	}
}

/* A sum of parts: each part's size, then for Nim and its kin its binary
 * groups (4=4 is shown as 4), for the others its Grundy value. */
static void why_sum(const struct position *pos, bool nim)
{
	uint16_t x = 0;
	uint8_t big = 0; /* parts of 2 or more */
	put_teach_text(nim ? TEACH_GROUPS : TEACH_GRUNDY);
	for (uint8_t i = 0; i < pos->count; i++) {
		uint32_t size = sums_part_size(pos, i);
		uint16_t value = sums_value(pos, i); /* Nim's: the heap */
		x ^= value;
		if (size >= 2) {
			big++;
		}
		put_char(' ');
		put_u32(size);
		if (!nim) {
			put_char(':');
			put_u16(value);
		} else if ((value & (value - 1u)) != 0) { /* more than one group */
			put_char('=');
			put_groups(value);
		}
	}
	if (!nim) {
		put_teach_text(TEACH_XOR);
		put_u16(x);
		return;
	}
	put_teach_text(TEACH_UNPAIRED);
	if (x == 0) {
		put_teach_text(TEACH_NONE);
		return;
	}
	put_groups(x);
	if (pos->game <= GAME_MARIENBAD && pos->rule == RULE_MISERE && big <= 1) {
		put_teach_text(TEACH_MISERE);
	}
}

/* " a,b", the smaller first. */
static void put_cold_pair(uint16_t a, uint16_t b)
{
	put_char(' ');
	if (a > b) {
		put_pair(b, ',', a);
	} else {
		put_pair(a, ',', b);
	}
}

static void why_wythoff(const struct position *pos)
{
	uint16_t a = pos->u.heap[0], b = pos->u.heap[1];
	uint16_t smaller = a < b ? a : b;
	uint16_t gap = (uint16_t)((a ^ b ^ smaller) - smaller);
	uint16_t lower = wythoff_lower(gap);
	put_teach_text(TEACH_COLD_PAIRS);
	put_cold_pair(smaller, wythoff_partner(smaller));
	put_cold_pair(lower, (uint16_t)(lower + gap));
}

static void why_board(const struct position *pos)
{
	put_teach_text(TEACH_WINNING_MOVES);
	put_u16(engine_count_board_wins(pos));
}

void engine_print_why(const struct position *pos, struct text_sink *out)
{
	print_to(out);
	uint8_t game = pos->game;
	if (game == GAME_SUBTRACT_DIGIT) {
		put_teach_text(TEACH_MULTIPLES);
	} else if (game == GAME_WYTHOFF) {
		why_wythoff(pos);
	} else if (game >= GAME_CHOMP) {
		why_board(pos);
	} else {
		why_sum(pos, game <= GAME_MARIENBAD || game == GAME_POKER_NIM);
	}
}
