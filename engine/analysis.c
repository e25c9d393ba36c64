/*
 * The analysis of a position (who wins, its Grundy value) and the
 * machine's move: each game's module takes the question, and the board
 * games, which have no strategy of their own, try each legal move.
 */
#include <stddef.h>
#include <string.h>

#include "common/attributes.h"
#include "engine/dispatch.h"
#include "engine/engine.h"
#include "engine/flash.h"
#include "engine/games.h"
#include "engine/text.h"

static bool machine_move(const struct position *pos, bool keep_going, uint8_t from, struct move *mv);

bool engine_game_over(const struct position *pos)
{
	/* Over when there is no move at all: none to keep a sum going, no
	 * legal move on a board. */
	static struct move found; /* static: in a frame it would cost more code than its RAM */
	return !machine_move(pos, true, 0, &found);
}

/* ---- analysis ---- */

static bool is_losing(const struct position *pos)
{
#define FAMILY(ID, present, ...) FAMILY_CASE(ID, present, COLUMN_IS_LOSING(__VA_ARGS__))
#define CALL_OWN(fn) return fn(pos);
	switch (game_family(pos->game)) {
#include "engine/families.def"
	}
#undef CALL_OWN
	return false;
}

enum engine_outcome engine_outcome(const struct position *pos)
{
	return is_losing(pos) ? OUTCOME_P : OUTCOME_N;
}

int32_t engine_grundy(const struct position *pos)
{
#define FAMILY(ID, present, ...) FAMILY_CASE(ID, present, COLUMN_GRUNDY(__VA_ARGS__))
#define CALL_OWN(fn) return fn(pos);
#define CALL_NONE return ENGINE_GRUNDY_UNKNOWN;
	switch (game_family(pos->game)) {
#include "engine/families.def"
	}
#undef CALL_NONE
#undef CALL_OWN
	return ENGINE_GRUNDY_UNKNOWN;
}

/*
 * The engine's work record: the position after a move, for the board
 * games' trials and for the analysis's line.  Only position_after() and
 * board_after() write it, and what they give back holds until the next
 * call of either.  Static: in a frame, a record this large is reached
 * through longer instructions.
 */
static struct position after;

static const struct position *position_after(const struct position *pos, const struct move *mv)
{
	after = *pos;
	engine_apply_move(&after, mv);
	return &after;
}

/* To the current sink (text.h).  The rows are printed from the position
 * and the move: a position to analyse may split into one row more than
 * the record holds. */
static void put_position_after(const struct position *pos, const struct move *mv)
{
	if (game_family(pos->game) == FAMILY_ROWS) {
		octal_print_after(pos, mv);
	} else {
		put_position(position_after(pos, mv));
	}
}

void engine_print_position_after(const struct position *pos, const struct move *mv, struct text_sink *out)
{
	print_to(out);
	put_position_after(pos, mv);
}

bool engine_move_fits(const struct position *pos, const struct move *mv)
{
	if (game_family(pos->game) != FAMILY_ROWS || pos->count < ENGINE_MAX_ROWS) {
		return true;
	}
	struct row_parts parts = octal_move_parts(pos, mv);
	return parts.left == 0 || parts.right == 0;
}

enum engine_outcome engine_outcome_after(const struct position *pos, const struct move *mv)
{
	if (engine_move_fits(pos, mv)) {
		return engine_outcome(position_after(pos, mv));
	}
	/* Kayles or pebbles, in normal play: the whole's value with the
	 * row's value replaced by its two parts'. */
	struct row_parts parts = octal_move_parts(pos, mv);
	uint8_t i = mv->u.strip.row;
	struct position row_as_part = *pos;
	uint16_t x = (uint16_t)((uint16_t)sums_grundy(pos) ^ sums_value(pos, i));
	row_as_part.u.row[i] = parts.left;
	x ^= sums_value(&row_as_part, i);
	row_as_part.u.row[i] = parts.right;
	x ^= sums_value(&row_as_part, i);
	return x == 0 ? OUTCOME_P : OUTCOME_N;
}

/* The most bytes a board game's member of the union takes: Chomp's rows,
 * Taktix's cell mask, Kubo's stacks, Nineteen's cell mask. */
#define MEMBER_BYTES(member) sizeof(((struct position *)0)->u.member)
#define BIGGER(a, b) ((a) > (b) ? (a) : (b))
#define BOARD_MEMBER_BYTES \
	BIGGER(BIGGER(MEMBER_BYTES(chomp), MEMBER_BYTES(taktix)), BIGGER(MEMBER_BYTES(kubo), MEMBER_BYTES(nineteen)))

/* A board game's trial: `after` already holds the position's header (its
 * trials copy it once), and a move changes only the board's member of the
 * union, and Chomp's count of rows.  So each trial copies only those. */
static const struct position *board_after(const struct position *pos, const struct move *mv)
{
	after.count = pos->count;
	memcpy(&after.u, &pos->u, BOARD_MEMBER_BYTES);
	engine_apply_move(&after, mv);
	return &after;
}

/* The first of a board's moves from `index` on, in the module's order,
 * that wins (leaves a losing position): its index, or BOARD_NO_MOVE.
 * Each trial starts from a copy of only the bytes a board position uses,
 * not of the whole record. */
static uint8_t board_next_win(const struct position *pos, uint8_t index, struct move *mv)
{
	memcpy(&after, pos, offsetof(struct position, u));
	while ((index = board_next_move(pos, index, mv)) != BOARD_NO_MOVE && !is_losing(board_after(pos, mv))) {
		index++;
	}
	return index;
}

/*
 * The board games have no strategy of their own: try every legal move and
 * keep the first that leaves a losing position.  From a losing position
 * there is none, and the machine plays the first legal move in the
 * module's order, which takes single pieces before larger groups: the
 * smallest move leaves the most play, and so the most chances for the
 * opponent to err.  That case is known at once from the position itself,
 * so it costs no trials.  To keep the game going whatever the position
 * (`keep_going`), the first legal move from number `from` on is played as
 * from a losing position.
 */
static bool board_best_move(const struct position *pos, bool keep_going, uint8_t from, struct move *mv)
{
	if (!keep_going && !is_losing(pos) && board_next_win(pos, 0, mv) != BOARD_NO_MOVE) {
		return true;
	}
	/* None after `from`, or none that wins from a position that is not
	 * losing (the game is over; were the tables wrong): the first legal
	 * move is played. */
	return board_next_move(pos, from, mv) != BOARD_NO_MOVE || board_next_move(pos, 0, mv) != BOARD_NO_MOVE;
}

uint8_t engine_count_board_wins(const struct position *pos)
{
	uint8_t wins = 0;
	struct move mv;
	for (uint8_t index = 0; (index = board_next_win(pos, index, &mv)) != BOARD_NO_MOVE; index++) {
		wins++;
	}
	return wins;
}

/* engine_best_move, or with `keep_going` engine_keep_going: one switch
 * for both, each game's module taking the question.  Out of line: its
 * callers share it. */
static OUT_OF_LINE bool machine_move(const struct position *pos, bool keep_going, uint8_t from, struct move *mv)
{
#define FAMILY(ID, present, ...) FAMILY_CASE(ID, present, COLUMN_MACHINE_MOVE(__VA_ARGS__))
#define CALL_OWN(fn) return fn(pos, keep_going, mv);
#define CALL_TRY_EACH return board_best_move(pos, keep_going, from, mv);
	switch (game_family(pos->game)) {
#include "engine/families.def"
	}
#undef CALL_OWN
#undef CALL_TRY_EACH
	return false;
}

/* Wythoff's move, two Zeckendorf sums, goes straight to its function,
 * which saves few registers: the frame of the other games' searches
 * would cost it a tenth of its time. */
bool engine_best_move(const struct position *pos, struct move *mv)
{
	if (pos->game == GAME_WYTHOFF) {
		return wythoff_best_move(pos, false, mv);
	}
	return machine_move(pos, false, 0, mv);
}

bool engine_keep_going(const struct position *pos, uint8_t from, struct move *mv)
{
	return machine_move(pos, true, from, mv);
}

void engine_print_analysis(const struct position *pos, struct text_sink *out)
{
	print_flash(out, ENGINE_FLASH_STR("game="));
	put_flash(engine_game_name(pos->game));
	put_flash(ENGINE_FLASH_STR(" outcome="));
	put_char(is_losing(pos) ? 'P' : 'N');
	put_flash(ENGINE_FLASH_STR(" grundy="));
	int32_t g = engine_grundy(pos);
	if (g < 0) {
		put_char('-');
	} else {
		put_u16((uint16_t)g); /* below 65536: an XOR of 16-bit values, or at most 6 */
	}
	put_flash(ENGINE_FLASH_STR(" move="));
	struct move mv;
	if (engine_best_move(pos, &mv)) {
		put_move(pos, &mv);
		put_flash(ENGINE_FLASH_STR(" after="));
		put_position_after(pos, &mv);
	} else {
		put_flash(ENGINE_FLASH_STR("- after=-"));
	}
}
