/*
 * The engine's public interface (engine.h), its positions and moves: a
 * dispatcher that hands each call to the module that plays the game.  The
 * games' facts, names and texts are games_info.c's; the analysis and the
 * machine's move, analysis.c's.
 *
 * Every public call switches on the game's family (the module that plays
 * it), so the linker keeps only the module functions something calls: the
 * device never lists moves, and so never links the move lists of the games
 * whose strategy does not need them.
 */
#include "engine/engine.h"

#include <stddef.h>
#include <string.h>

#include "common/attributes.h"
#include "engine/board_keys.h"
#include "engine/flash.h"
#include "engine/games.h"
#include "engine/text.h"
#include "engine_tables.h"

/*
 * The dispatch made from engine/families.def: in each switch, FAMILY is
 * defined as one case that calls the entry point's function (OWN or BARE,
 * defined for the switch's arguments), then breaks; a NEXT entry calls
 * nothing and goes on into the next case, so that the two families share
 * that one call.  The
 * name pasted to CASE_END_ tells which (the argument is taken as written,
 * before OWN or NEXT expands).
 *
 * The other calls (parse, check_move, the part and amount of a move,
 * is_losing, grundy, the machine's move and the boards' move lists) stay
 * written by hand below: their families share code by groups that no
 * single list order gives (the sums' strategy for four families, Taktix's
 * and Nineteen's cell check beside Chomp's and Kubo's own), and a switch
 * with one call per family keeps such shared functions out of line, at a
 * cost in flash the device cannot pay.
 */
#define NEXT
#define CASE_END_OWN(fn) break;
#define CASE_END_BARE(fn) break;
#define CASE_END_NEXT FALL_THROUGH;

/* Kubo's and Nineteen's modules are called only when their game is in the
 * build (engine_game_present), so that a build that leaves one out links
 * none of its code and tables.  No position of a game left out reaches
 * these calls: engine_parse_position refuses the game. */

/* ---- positions ---- */

/* Out of line: inlined into engine_parse_position, the modules' parsers
 * would reach the record at offsets into a frame larger than the 64 bytes
 * the AVR's short instructions reach.  `to_play`: a position to play, whose
 * rows must leave room for every game from it. */
OUT_OF_LINE static void parse(struct position *pos, struct scanner *in, bool to_play)
{
	enum family f = game_family(pos->game);
	struct engine_facts facts = engine_game_facts(pos->game);
	uint8_t most = facts.rows; /* Subtract a digit, Divide, Prime power, Wythoff */
	uint16_t *second = NULL;
	switch (f) {
	case FAMILY_HEAPS:
		second = heaps_parse_settings(pos, in);
		most = ENGINE_MAX_HEAPS; /* the menu sets up fewer in Marienbad */
		break;
	case FAMILY_ROWS:
		most = ENGINE_MAX_ROWS;
		break;
	case FAMILY_MATRIX:
		matrix_parse(pos, in);
		return;
	case FAMILY_CHOMP:
		chomp_parse(pos, in);
		return;
	case FAMILY_TAKTIX:
		taktix_parse(pos, in);
		return;
	case FAMILY_KUBO:
		if (engine_game_present(GAME_KUBO)) {
			kubo_parse(pos, in);
		}
		return;
	case FAMILY_NINETEEN:
		if (engine_game_present(GAME_NINETEEN)) {
			nineteen_parse(pos, in);
		}
		return;
	default:
		break;
	}
	/* The other games' parts are a list of numbers, read here for all. */
	pos->count = scan_list(in, &pos->u, facts.values == ENGINE_VALUES_NUMBER32, second, most);
	switch (f) {
	case FAMILY_NUMBERS:
	case FAMILY_DIGIT:
		numbers_check_list(pos, in);
		break;
	case FAMILY_ROWS:
		if (to_play) {
			octal_check_list(pos, in);
		}
		break;
	case FAMILY_WYTHOFF:
		wythoff_check_list(pos, in);
		break;
	default:
		break;
	}
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
#define OWN(fn) fn(pos);
#define FAMILY(ID, present, print, parse_move, print_move, apply_move) \
	case FAMILY_##ID:                                              \
		if (present) {                                         \
			print                                          \
		}                                                      \
		CASE_END_##print
	switch (game_family(pos->game)) {
#include "engine/families.def"
	}
#undef OWN
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

/* ---- the board games' move lists, which their strategy walks ---- */

/* In the order of families.def. */
static const uint8_t board_move_counts[] ENGINE_FLASH = { CHOMP_MOVES, KUBO_MOVES, NINETEEN_MOVES, TAKTIX_MOVES };

static bool board_move_at(enum family f, const struct position *pos, uint8_t index, struct move *mv)
{
	switch (f) {
	case FAMILY_CHOMP:
		return chomp_move_at(pos, index, mv);
	case FAMILY_TAKTIX:
		return taktix_move_at(pos, index, mv);
	case FAMILY_KUBO:
		return engine_game_present(GAME_KUBO) && kubo_move_at(pos, index, mv);
	default:
		return engine_game_present(GAME_NINETEEN) && nineteen_move_at(pos, index, mv);
	}
}

_Static_assert(CHOMP_MOVES < BOARD_NO_MOVE && TAKTIX_MOVES < BOARD_NO_MOVE && KUBO_MOVES < BOARD_NO_MOVE &&
		       NINETEEN_MOVES < BOARD_NO_MOVE,
	       "every board move has a number below BOARD_NO_MOVE");

/* The number of the first legal move from number `from` on, the move in
 * *mv; BOARD_NO_MOVE when there is none.  (A number comes back in a
 * register; through a pointer it would need a place in the caller's
 * frame.) */
uint8_t board_next_move(const struct position *pos, uint8_t from, struct move *mv)
{
	enum family f = game_family(pos->game);
	uint8_t end = flash_u8(&board_move_counts[f - FAMILY_CHOMP]);
	for (; from < end; from++) {
		if (board_move_at(f, pos, from, mv)) {
			return from;
		}
	}
	return BOARD_NO_MOVE;
}

static uint8_t board_move_index(const struct position *pos, const struct move *mv)
{
	switch (game_family(pos->game)) {
	case FAMILY_CHOMP:
		return chomp_move_index(mv);
	case FAMILY_TAKTIX:
		return taktix_move_index(mv);
	case FAMILY_KUBO:
		return engine_game_present(GAME_KUBO) ? kubo_move_index(mv) : BOARD_NO_MOVE;
	default:
		return engine_game_present(GAME_NINETEEN) ? nineteen_move_index(mv) : BOARD_NO_MOVE;
	}
}

bool engine_next_move(const struct position *pos, struct move *mv, bool first)
{
	switch (game_family(pos->game)) {
	case FAMILY_HEAPS:
		return heaps_next_move(pos, mv, first);
	case FAMILY_NUMBERS:
	case FAMILY_DIGIT:
		return numbers_next_move(pos, mv, first);
	case FAMILY_MATRIX:
		return matrix_next_move(pos, mv, first);
	case FAMILY_ROWS:
		return octal_next_move(pos, mv, first);
	case FAMILY_WYTHOFF:
		return wythoff_next_move(pos, mv, first);
	default: {
		uint8_t from = first ? 0 : (uint8_t)(board_move_index(pos, mv) + 1u);
		return board_next_move(pos, from, mv) != BOARD_NO_MOVE;
	}
	}
}

static void parse_move(const struct position *pos, struct scanner *in, struct move *mv)
{
#define OWN(fn) fn(pos, in, mv);
#define BARE(fn) fn(in, mv);
#define FAMILY(ID, present, print, parse_move, print_move, apply_move) \
	case FAMILY_##ID:                                              \
		if (present) {                                         \
			parse_move                                     \
		}                                                      \
		CASE_END_##parse_move
	switch (game_family(pos->game)) {
#include "engine/families.def"
	}
#undef OWN
#undef BARE
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
#define OWN(fn) fn(pos, mv);
#define BARE(fn) fn(mv);
#define FAMILY(ID, present, print, parse_move, print_move, apply_move) \
	case FAMILY_##ID:                                              \
		if (present) {                                         \
			print_move                                     \
		}                                                      \
		CASE_END_##print_move
	switch (game_family(pos->game)) {
#include "engine/families.def"
	}
#undef OWN
#undef BARE
}

void engine_print_move(const struct position *pos, const struct move *mv, struct text_sink *out)
{
	print_to(out);
	put_move(pos, mv);
}

/* ---- a move as a part and an amount ---- */

_Static_assert(offsetof(struct move, u.prime.factor) == offsetof(struct move, u.number.index) &&
		       offsetof(struct move, u.prime.exponent) == offsetof(struct move, u.number.divisor),
	       "a Prime power move's factor and exponent lie where a number move's index and divisor do");

uint8_t engine_move_part(const struct position *pos, const struct move *mv)
{
	switch (game_family(pos->game)) {
	case FAMILY_MATRIX: {
		/* The first cell of its row it takes from. */
		uint8_t column = 0;
		while (column + 1u < pos->cols && mv->u.matrix.take[column] == 0) {
			column++;
		}
		return (uint8_t)(mv->u.matrix.row * pos->cols + column);
	}
	case FAMILY_WYTHOFF:
		return mv->u.wythoff.take[0] == 0 ? 1u : mv->u.wythoff.take[1] == 0 ? 0u : 2u;
	case FAMILY_CHOMP:
	case FAMILY_TAKTIX:
	case FAMILY_NINETEEN:
		return 0;
	default:
		/* The heaps', numbers', rows' and Kubo's moves name their part
		 * first (asserted below). */
		return mv->u.heap.heap;
	}
}

uint16_t engine_move_amount(const struct position *pos, const struct move *mv)
{
	switch (game_family(pos->game)) {
	case FAMILY_HEAPS:
		return mv->u.heap.count;
	case FAMILY_NUMBERS:
	case FAMILY_DIGIT:
	case FAMILY_ROWS:
		/* A row's count lies where a number's divisor does (asserted
		 * in engine/sums.c). */
		return mv->u.number.divisor;
	case FAMILY_WYTHOFF: {
		/* One of them is 0, or both are the same. */
		uint16_t first = mv->u.wythoff.take[0];
		return first != 0 ? first : mv->u.wythoff.take[1];
	}
	default:
		return 0;
	}
}

void engine_move_set(const struct position *pos, struct move *mv, uint8_t part, uint16_t amount)
{
	switch (game_family(pos->game)) {
	case FAMILY_HEAPS:
		mv->u.heap.heap = part;
		mv->u.heap.count = amount;
		break;
	case FAMILY_NUMBERS:
	case FAMILY_DIGIT:
		mv->u.number.index = part;
		mv->u.number.divisor = (uint8_t)amount;
		break;
	case FAMILY_MATRIX: {
		/* Both before the memset, which for all the compiler knows
		 * changes pos->cols: one division instead of two. */
		uint8_t row = (uint8_t)(part / pos->cols);
		uint8_t column = (uint8_t)(part % pos->cols);
		if (mv->u.matrix.row != row) {
			memset(mv, 0, sizeof *mv); /* a move takes from one row only */
			mv->u.matrix.row = row;
		}
		mv->u.matrix.take[column] = (uint8_t)amount;
		break;
	}
	case FAMILY_ROWS:
		mv->u.strip.row = part;
		mv->u.strip.count = (uint8_t)amount;
		break;
	case FAMILY_WYTHOFF:
		mv->u.wythoff.take[0] = mv->u.wythoff.take[1] = amount;
		if (part != 2) {
			mv->u.wythoff.take[part ^ 1u] = 0;
		}
		break;
	case FAMILY_KUBO:
		mv->u.kubo.stack = part;
		mv->u.kubo.count = (uint8_t)amount;
		mv->u.kubo.other = 0xFFu;
		if (amount > 3) {
			mv->u.kubo.count = 1;
			mv->u.kubo.other = (uint8_t)(part + amount * 2u - 7u);
		}
		break;
	default:
		break;
	}
}

_Static_assert(offsetof(struct move, u.number.index) == 0 && offsetof(struct move, u.prime.factor) == 0 &&
		       offsetof(struct move, u.matrix.row) == 0 && offsetof(struct move, u.strip.row) == 0 &&
		       offsetof(struct move, u.kubo.stack) == 0,
	       "a sum game's move (and Kubo's) names its part first, as u.heap.heap does");

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
		uint8_t i = mv->u.heap.heap;
		if (i >= pos->count) {
			return ENGINE_ERR_NO_SUCH;
		}
		if (sums_part_size(pos, i) == 0 && !(f == FAMILY_HEAPS && mv->u.heap.add)) {
			return ENGINE_ERR_EMPTY;
		}
	}
	switch (f) {
	case FAMILY_HEAPS:
		return heaps_check_move(pos, mv);
	case FAMILY_NUMBERS:
	case FAMILY_DIGIT:
		return numbers_check_move(pos, mv);
	case FAMILY_MATRIX:
		return matrix_check_move(pos, mv);
	case FAMILY_ROWS:
		return octal_check_move(pos, mv);
	case FAMILY_WYTHOFF:
		return wythoff_check_move(pos, mv);
	case FAMILY_CHOMP:
		return chomp_check_move(pos, mv);
	case FAMILY_KUBO:
		return engine_game_present(GAME_KUBO) ? kubo_check_move(pos, mv) : ENGINE_ERR_UNKNOWN_GAME;
	default:
		break;
	}
	/* Taktix and Nineteen: a move is the cells it takes, at least one,
	 * all on the board and all there; Nineteen takes at most three. */
	bool taktix = f == FAMILY_TAKTIX;
	uint32_t cells = mv->u.cells;
	if (cells == 0) {
		return ENGINE_ERR_NONE_TAKEN;
	}
	if (cells >> (taktix ? TAKTIX_CELLS : ENGINE_NINETEEN_CELLS) != 0) {
		return ENGINE_ERR_NO_SUCH;
	}
	if (!taktix && board_count_cells(cells) > NINETEEN_TAKE_MOST) {
		return ENGINE_ERR_TOO_MANY;
	}
	/* Taktix's cells, all below 16, are the low bits of the mask. */
	if (cells & ~pos->u.nineteen) {
		return ENGINE_ERR_EMPTY;
	}
	if (!taktix && engine_game_present(GAME_NINETEEN)) {
		return nineteen_check_move(mv);
	}
	return taktix_check_move(pos, mv);
}

/* Taktix and Nineteen (families.def): the move's cells go. */
static inline void cells_apply_move(struct position *pos, const struct move *mv)
{
	pos->u.nineteen &= ~mv->u.cells;
}

void engine_apply_move(struct position *pos, const struct move *mv)
{
#define OWN(fn) fn(pos, mv);
#define FAMILY(ID, present, print, parse_move, print_move, apply_move) \
	case FAMILY_##ID:                                              \
		if (present) {                                         \
			apply_move                                     \
		}                                                      \
		CASE_END_##apply_move
	switch (game_family(pos->game)) {
#include "engine/families.def"
	}
#undef OWN
}
