/*
 * The engine's public interface (engine.h), its positions and moves: a
 * dispatcher that hands each call to the module that plays the game.  The
 * games' facts, names and texts are games_info.c's; the analysis and the
 * machine's move, analysis.c's.
 *
 * Every public call switches on the game's family (the module that plays
 * it), a switch made from engine/families.def (engine/dispatch.h says
 * how), so the linker keeps only the module functions something calls:
 * the device never lists moves, and so never links the move lists of the
 * games whose strategy does not need them.
 */
#include "engine/engine.h"

#include <stddef.h>
#include <string.h>

#include "common/attributes.h"
#include "engine/board_keys.h"
#include "engine/dispatch.h"
#include "engine/flash.h"
#include "engine/games.h"
#include "engine/text.h"
#include "engine_tables.h"

/* No position of a game left out of the build reaches a dispatch:
 * engine_parse_position refuses the game. */

/* ---- positions ---- */

/* Out of line: inlined into engine_parse_position, the modules' parsers
 * would reach the record at offsets into a frame larger than the 64 bytes
 * the AVR's short instructions reach.  `to_play`: a position to play, whose
 * rows must leave room for every game from it. */
OUT_OF_LINE static void parse(struct position *pos, struct scanner *in, bool to_play)
{
	enum family f = game_family(pos->game);
	struct engine_facts facts = engine_game_facts(pos->game);
	uint8_t most = facts.rows;
	uint16_t *second = NULL;
#define ROWS_OF_GAME facts.rows
#define FAMILY(ID, present, ...) FAMILY_CASE(ID, present, COLUMN_PARSE(__VA_ARGS__))
#define CALL_OWN(fn) \
	fn(pos, in); \
	return;
#define CALL_LIST(settings, most_parts, check) LIST_SETTINGS_##settings most = most_parts;
#define LIST_SETTINGS_NONE
#define LIST_SETTINGS_OWN(fn) second = fn(pos, in);
	switch (f) {
#include "engine/families.def"
	}
#undef CALL_OWN
#undef CALL_LIST
	/* The parts of the other games are a list of numbers, read here for
	 * all, then checked. */
	pos->count = scan_list(in, &pos->u, facts.values == ENGINE_VALUES_NUMBER32, second, most);
#define FAMILY(ID, present, ...) FAMILY_CASE(ID, present, COLUMN_PARSE(__VA_ARGS__))
#define CALL_OWN(fn)
#define CALL_LIST(settings, most_parts, check) LIST_CHECK_##check
#define LIST_CHECK_NONE
#define LIST_CHECK_OWN(fn) fn(pos, in);
#define LIST_CHECK_TO_PLAY(fn) \
	if (to_play) {         \
		fn(pos, in);   \
	}
	switch (f) {
#include "engine/families.def"
	}
#undef CALL_OWN
#undef CALL_LIST
#undef ROWS_OF_GAME
}

/* engine_parse_position, or with `to_play` false
 * engine_parse_position_to_analyse.  Out of line: one copy for both. */
OUT_OF_LINE static enum engine_error parse_text(struct position *pos, uint8_t game, const char *text, bool to_play)
{
	if (game >= GAME_COUNT || !engine_game_present(game)) {
		return ENGINE_ERR_UNKNOWN_GAME;
	}
	/* Parsed into a copy, so a refused text leaves *pos as it was.  The
	 * scanner comes first in the frame: the AVR reaches the first 64 bytes
	 * of a frame with shorter instructions. */
	struct {
		struct scanner in;
		struct position parsed;
	} work;
	memset(&work.parsed, 0, sizeof work.parsed);
	work.parsed.game = game;
	work.in.at = text;
	work.in.error = ENGINE_OK;
	parse(&work.parsed, &work.in, to_play);
	if (!scan_at_end(&work.in)) {
		scan_fail(&work.in, ENGINE_ERR_SYNTAX);
	}
	if (work.in.error == ENGINE_OK) {
		*pos = work.parsed;
	}
	return (enum engine_error)work.in.error;
}

enum engine_error engine_parse_position(struct position *pos, uint8_t game, const char *text)
{
	return parse_text(pos, game, text, true);
}

enum engine_error engine_parse_position_to_analyse(struct position *pos, uint8_t game, const char *text)
{
	return parse_text(pos, game, text, false);
}

/* To the current sink (text.h). */
void put_position(const struct position *pos)
{
#define FAMILY(ID, present, ...) FAMILY_CASE(ID, present, COLUMN_PRINT(__VA_ARGS__))
#define CALL_OWN(fn) fn(pos);
	switch (game_family(pos->game)) {
#include "engine/families.def"
	}
#undef CALL_OWN
}

void engine_print_position(const struct position *pos, struct text_sink *out)
{
	print_to(out);
	put_position(pos);
}

/* The start position is the game's example text, parsed: one truth for
 * the menu, the help and the tests, and no start-up code per game. */
void engine_start_position(struct position *pos, uint8_t game)
{
	/* The example is packed: decoded into a buffer, then parsed.  The
	 * examples' length is checked by the unit tests. */
	char text[ENGINE_EXAMPLE_MAX + 1];
	struct buffer_sink copy;
	if (game >= GAME_COUNT || !engine_game_present(game)) {
		game = GAME_NIM;
	}
	buffer_sink_init(&copy, text, sizeof text);
	engine_print_game_text(game, ENGINE_TEXT_EXAMPLE, &copy.sink);
	(void)engine_parse_position(pos, game, text);
}

/* ---- moves ---- */

/* The board games' move lists, which their strategy walks. */

/* A family's numbered moves: whether it has them, and how many. */
#define NUMBERED(numbered) NUMBERED_(numbered)
#define NUMBERED_(numbered) NUMBERED_##numbered
#define NUMBERED_NONE 0
#define NUMBERED_MOVES(move_at, move_index, count) 1
#define MOVE_COUNT(numbered) MOVE_COUNT_(numbered)
/* One more expansion of the pasted name with its arguments: cppcheck's
 * preprocessor needs it to find the count. */
#define MOVE_COUNT_(numbered) MOVE_COUNT_EXPANDED(MOVE_COUNT_##numbered)
#define MOVE_COUNT_EXPANDED(count) count
#define MOVE_COUNT_NONE
#define MOVE_COUNT_MOVES(move_at, move_index, count) count,

/* The families whose moves are numbered, the boards, stand last in
 * families.def, so that a table of their counts starts at the first. */
enum {
	FIRST_NUMBERED = FAMILY_COUNT - (0
#define FAMILY(ID, present, ...) +NUMBERED(COLUMN_NUMBERED(__VA_ARGS__))
#include "engine/families.def"
					 )
};
#define FAMILY(ID, present, ...)                                                                                    \
	_Static_assert(((uint8_t)FAMILY_##ID >= (uint8_t)FIRST_NUMBERED) == NUMBERED(COLUMN_NUMBERED(__VA_ARGS__)), \
		       "the boards stand last in families.def");
#include "engine/families.def"

static const uint8_t board_move_counts[] ENGINE_FLASH = {
#define FAMILY(ID, present, ...) MOVE_COUNT(COLUMN_NUMBERED(__VA_ARGS__))
#include "engine/families.def"
};

/* A board's moves are numbered below BOARD_NO_MOVE. */
#define MOVES_FIT(numbered) MOVES_FIT_(numbered)
#define MOVES_FIT_(numbered) MOVES_FIT_##numbered
#define MOVES_FIT_NONE 1
#define MOVES_FIT_MOVES(move_at, move_index, count) ((count) < BOARD_NO_MOVE)
#define FAMILY(ID, present, ...) \
	_Static_assert(MOVES_FIT(COLUMN_NUMBERED(__VA_ARGS__)), "a board's moves are numbered below BOARD_NO_MOVE");
#include "engine/families.def"

/* Move `number` of the board's numbered moves, and whether it is legal.
 * board_next_move asks for every number: one test of the family after
 * another, in the list's order (families.def puts first the boards whose
 * searches are longest), reaches each board in a few cycles, where a
 * switch's jump table would take a dozen every time. */
static bool board_move_at(enum family f, const struct position *pos, uint8_t number, struct move *mv)
{
#define FAMILY(ID, present, ...) BOARD_MOVE_AT(ID, present, COLUMN_NUMBERED(__VA_ARGS__))
#define BOARD_MOVE_AT(ID, present, numbered) BOARD_MOVE_AT_(ID, present, numbered)
#define BOARD_MOVE_AT_(ID, present, numbered) \
	if (f == FAMILY_##ID) {               \
		if (!(present)) {             \
			return false;         \
		}                             \
		MOVE_AT_##numbered            \
	}
#define MOVE_AT_NONE UNREACHABLE();
#define MOVE_AT_MOVES(move_at, move_index, count) return move_at(pos, number, mv);
#include "engine/families.def"
	UNREACHABLE();
}

/* The number of the first legal move from number `from` on, the move in
 * *mv; BOARD_NO_MOVE when there is none.  (A number comes back in a
 * register; through a pointer it would need a place in the caller's
 * frame.) */
uint8_t board_next_move(const struct position *pos, uint8_t from, struct move *mv)
{
	enum family f = game_family(pos->game);
	uint8_t end = flash_u8(&board_move_counts[f - FIRST_NUMBERED]);
	for (; from < end; from++) {
		if (board_move_at(f, pos, from, mv)) {
			return from;
		}
	}
	return BOARD_NO_MOVE;
}

static uint8_t board_move_index(const struct position *pos, const struct move *mv)
{
#define FAMILY(ID, present, ...) FAMILY_CASE(ID, present, COLUMN_NUMBERED(__VA_ARGS__))
#define CALL_MOVES(move_at, move_index, count) return move_index(mv);
#define CALL_NONE UNREACHABLE();
	switch (game_family(pos->game)) {
#include "engine/families.def"
	}
#undef CALL_MOVES
#undef CALL_NONE
	return BOARD_NO_MOVE;
}

/* A board's next move in the order of its numbers (NUMBERED). */
static bool board_next_numbered(const struct position *pos, struct move *mv, bool first)
{
	uint8_t from = first ? 0 : (uint8_t)(board_move_index(pos, mv) + 1u);
	return board_next_move(pos, from, mv) != BOARD_NO_MOVE;
}

bool engine_next_move(const struct position *pos, struct move *mv, bool first)
{
#define FAMILY(ID, present, ...) FAMILY_CASE(ID, present, COLUMN_NEXT_MOVE(__VA_ARGS__))
#define CALL_OWN(fn) return fn(pos, mv, first);
#define CALL_NUMBERED return board_next_numbered(pos, mv, first);
	switch (game_family(pos->game)) {
#include "engine/families.def"
	}
#undef CALL_OWN
#undef CALL_NUMBERED
	return false;
}

static void parse_move(const struct position *pos, struct scanner *in, struct move *mv)
{
#define FAMILY(ID, present, ...) FAMILY_CASE(ID, present, COLUMN_PARSE_MOVE(__VA_ARGS__))
#define CALL_OWN(fn) fn(pos, in, mv);
#define CALL_BARE(fn) fn(in, mv);
	switch (game_family(pos->game)) {
#include "engine/families.def"
	}
#undef CALL_OWN
#undef CALL_BARE
}

enum engine_error engine_parse_move(const struct position *pos, const char *text, struct move *mv)
{
	/* In a finished game every move is refused for that reason alone. */
	if (engine_game_over(pos)) {
		return ENGINE_ERR_GAME_OVER;
	}
	memset(mv, 0, sizeof *mv);
	struct scanner in = { text, ENGINE_OK };
	parse_move(pos, &in, mv);
	if (!scan_at_end(&in)) {
		scan_fail(&in, ENGINE_ERR_SYNTAX);
	}
	return (enum engine_error)in.error;
}

void put_move(const struct position *pos, const struct move *mv)
{
#define FAMILY(ID, present, ...) FAMILY_CASE(ID, present, COLUMN_PRINT_MOVE(__VA_ARGS__))
#define CALL_OWN(fn) fn(pos, mv);
#define CALL_BARE(fn) fn(mv);
	switch (game_family(pos->game)) {
#include "engine/families.def"
	}
#undef CALL_OWN
#undef CALL_BARE
}

void engine_print_move(const struct position *pos, const struct move *mv, struct text_sink *out)
{
	print_to(out);
	put_move(pos, mv);
}

/* ---- a move as a part and an amount ---- */

uint8_t engine_move_part(const struct position *pos, const struct move *mv)
{
#define FAMILY(ID, present, ...) FAMILY_CASE(ID, present, COLUMN_MOVE_PART(__VA_ARGS__))
#define CALL_OWN(fn) return fn(pos, mv);
#define CALL_BARE(fn) return fn(mv);
#define CALL_NONE return 0;
	switch (game_family(pos->game)) {
#include "engine/families.def"
	}
#undef CALL_NONE
#undef CALL_OWN
#undef CALL_BARE
	return 0;
}

uint16_t engine_move_amount(const struct position *pos, const struct move *mv)
{
#define FAMILY(ID, present, ...) FAMILY_CASE(ID, present, COLUMN_MOVE_AMOUNT(__VA_ARGS__))
#define CALL_OWN(fn) return fn(pos, mv);
#define CALL_BARE(fn) return fn(mv);
#define CALL_NONE return 0;
	switch (game_family(pos->game)) {
#include "engine/families.def"
	}
#undef CALL_NONE
#undef CALL_OWN
#undef CALL_BARE
	return 0;
}

void engine_move_set(const struct position *pos, struct move *mv, uint8_t part, uint16_t amount)
{
#define FAMILY(ID, present, ...) FAMILY_CASE(ID, present, COLUMN_MOVE_SET(__VA_ARGS__))
#define CALL_OWN(fn) fn(pos, mv, part, amount);
#define CALL_BARE(fn) fn(mv, part, amount);
#define CALL_NONE
	switch (game_family(pos->game)) {
#include "engine/families.def"
	}
#undef CALL_NONE
#undef CALL_OWN
#undef CALL_BARE
}

enum engine_error engine_check_move(const struct position *pos, const struct move *mv)
{
	if (engine_game_over(pos)) {
		return ENGINE_ERR_GAME_OVER;
	}
	return engine_check_move_in_play(pos, mv);
}

enum engine_error engine_check_move_in_play(const struct position *pos, const struct move *mv)
{
	enum family f = game_family(pos->game);
	if (f < FAMILY_WYTHOFF) {
		/* The part the move names, first in every sum game's move. */
		uint8_t i = sums_move_part(mv);
		if (i >= pos->count) {
			return ENGINE_ERR_NO_SUCH;
		}
		if (sums_part_size(pos, i) == 0 && !(f == FAMILY_HEAPS && mv->u.heap.add)) {
			return ENGINE_ERR_EMPTY;
		}
	}
#define FAMILY(ID, present, ...) FAMILY_CASE(ID, present, COLUMN_CHECK_MOVE(__VA_ARGS__))
#define CALL_OWN(fn) return fn(pos, mv);
	switch (f) {
#include "engine/families.def"
	}
#undef CALL_OWN
	return ENGINE_ERR_UNKNOWN_GAME;
}

void engine_apply_move(struct position *pos, const struct move *mv)
{
#define FAMILY(ID, present, ...) FAMILY_CASE(ID, present, COLUMN_APPLY_MOVE(__VA_ARGS__))
#define CALL_OWN(fn) fn(pos, mv);
	switch (game_family(pos->game)) {
#include "engine/families.def"
	}
#undef CALL_OWN
}
