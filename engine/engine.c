/*
 * The engine's public interface (engine.h): game descriptors in flash and a
 * dispatcher that hands each call to the module that plays the game.
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
#include "engine/packed_text.h"
#include "engine/text.h"
#include "engine_tables.h"
#include "packed_tables.h"

/* The families of engine/families.def, in its order: the sums of parts
 * (sums.c) and Subtract a digit come first, the boards last. */
enum family {
#define FAMILY(ID, ...) FAMILY_##ID,
#include "engine/families.def"
};

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

/*
 * The descriptions of engine/games.def: each game's facts, in the order of
 * enum engine_game, its name, each ending in a NUL, one game after
 * another, and the words; its other texts are packed by the build
 * (packed_games).  The example is also the game's start position
 * (engine_start_position), at most ENGINE_EXAMPLE_MAX characters.  The
 * longer notes on each game's positions and the other names people know
 * the games by are the host tool's (tools/grundy.c): flash is scarce.
 */

/* The short names games.def gives the settings. */
#define RULE ENGINE_HAS_RULE
#define VARIANT ENGINE_HAS_VARIANT
#define LIMIT ENGINE_HAS_LIMIT
#define SET ENGINE_HAS_SET
#define COUNT ENGINE_HAS_COUNT
#define COLS ENGINE_HAS_COLS
#define VALUES ENGINE_HAS_VALUES
#define GAME(ID, name, moves, example, summary, family, picture, settings, word, verb, rows, cols, amount, values, \
	     limit_least)                                                                                          \
	{ ENGINE_PICTURE_##picture,                                                                                \
	  ENGINE_VALUES_##values,                                                                                  \
	  ENGINE_WORD_##word,                                                                                      \
	  settings,                                                                                                \
	  limit_least,                                                                                             \
	  rows,                                                                                                    \
	  cols,                                                                                                    \
	  amount,                                                                                                  \
	  ENGINE_VERB_##verb - ENGINE_VERB_TAKE },
static const struct engine_facts game_facts[GAME_COUNT] ENGINE_FLASH = {
#include "engine/games.def"
};
#undef RULE
#undef VARIANT
#undef LIMIT
#undef SET
#undef COUNT
#undef COLS
#undef VALUES

#define GAME(ID, name, ...) name "\0"
static const char game_names[] ENGINE_FLASH =
#include "engine/games.def"
	;

_Static_assert(PACKED_GAMES_GROUPS == GAME_COUNT && PACKED_GAMES_COUNT == GAME_COUNT * (ENGINE_TEXTS - 1),
	       "the packed texts of every game, but its name");

#define PART_WORD(ID, text) text "\0"
#define VERB(ID, text) text "\0"
static const char words[] ENGINE_FLASH =
#include "engine/games.def"
	;

/* The Polish texts of each game (packed_games_pl, engine/games.def's
 * GAME_POLISH), in groups of two, the summary first, as the Makefile packs
 * them; the Polish words (packed_words_pl) two to a word, by enum
 * engine_word and enum engine_word_form. */
enum { POLISH_SUMMARY, POLISH_NAME, POLISH_GAME_TEXTS };
_Static_assert(PACKED_GAMES_PL_GROUPS == GAME_COUNT && PACKED_GAMES_PL_COUNT == GAME_COUNT * POLISH_GAME_TEXTS,
	       "every game's name and summary in Polish");
_Static_assert(PACKED_WORDS_PL_COUNT == ENGINE_WORDS * 2u, "every word's two forms in Polish");

/* The module that plays each game, by enum engine_game. */
#define GAME(ID, name, moves, example, summary, family, ...) FAMILY_##family,
static const uint8_t families[GAME_COUNT] ENGINE_FLASH = {
#include "engine/games.def"
};

struct engine_facts engine_game_facts(uint8_t game)
{
	struct engine_facts facts;
	flash_read(&facts, &game_facts[game], sizeof facts);
	return facts;
}

/* Out of line: one copy serves all the dispatchers. */
OUT_OF_LINE static enum family family(uint8_t game)
{
	return (enum family)flash_u8(&families[game]);
}

/* Each game's packed texts start on a byte of their own, found through
 * packed_games_at: the summary first, which the menu's marquee prints
 * every step, then the example and the moves (the Makefile packs them so). */
void engine_print_game_text(uint8_t game, uint8_t text, struct text_sink *out)
{
	print_to(out);
	if (ENGINE_POLISH && text_language == LANGUAGE_POLISH && text == ENGINE_TEXT_SUMMARY) {
		put_grouped(packed_code, packed_games_pl, packed_games_pl_at, POLISH_GAME_TEXTS,
			    (uint8_t)(game * POLISH_GAME_TEXTS + POLISH_SUMMARY));
		return;
	}
	put_packed(packed_code, packed_games + flash_u16(&packed_games_at[game]),
		   (uint8_t)(ENGINE_TEXT_SUMMARY - text));
}

void engine_put_game_title(uint8_t game)
{
	if (ENGINE_POLISH && text_language == LANGUAGE_POLISH) {
		put_grouped(packed_code, packed_games_pl, packed_games_pl_at, POLISH_GAME_TEXTS,
			    (uint8_t)(game * POLISH_GAME_TEXTS + POLISH_NAME));
		return;
	}
	const char *p = engine_game_name(game);
	char c = (char)(flash_char(p) & ~0x20); /* capital */
	do {
		put_char(c == '-' ? ' ' : c);
		c = flash_char(++p);
	} while (c != '\0');
}

const char *engine_word(uint8_t word)
{
	return flash_skip(words, word);
}

void engine_put_word(uint8_t word, uint8_t form)
{
	if (ENGINE_POLISH && text_language == LANGUAGE_POLISH) {
		put_packed(packed_code, packed_words_pl, (uint8_t)(word * 2u + form));
		return;
	}
	const char *p = engine_word(word);
	if (word >= ENGINE_VERB_TAKE && form == ENGINE_FORM_MINE) {
		put_flash(ENGINE_FLASH_STR("I "));
		put_char((char)(flash_char(p++) | 0x20)); /* lower case */
	}
	put_flash(p);
	if (word < ENGINE_VERB_TAKE && form == ENGINE_FORM_MANY) {
		put_char('s');
	}
}

const char *engine_game_name(uint8_t game)
{
	return flash_skip(game_names, game);
}

/* Out of line: one copy serves its callers. */
OUT_OF_LINE void engine_print_game_name(uint8_t game, struct text_sink *out)
{
	print_flash(out, engine_game_name(game));
}

void engine_print_game_syntax(uint8_t game, struct text_sink *out)
{
	engine_print_game_example(game, out);
	put_flash(ENGINE_FLASH_STR("; "));
	engine_print_move_syntax(game, out);
}

void engine_print_move_syntax(uint8_t game, struct text_sink *out)
{
	print_flash(out, ENGINE_FLASH_STR("move "));
	engine_print_game_text(game, ENGINE_TEXT_MOVES, out);
}

void engine_print_game_example(uint8_t game, struct text_sink *out)
{
	engine_print_game_text(game, ENGINE_TEXT_EXAMPLE, out);
}

static char fold(char c)
{
	if (c >= 'A' && c <= 'Z') {
		return (char)(c - 'A' + 'a');
	}
	return c == '_' ? '-' : c;
}

/* One walk along the names, comparing each with the name typed. */
uint8_t engine_find_game(const char *name, uint8_t len)
{
	const char *p = game_names;
	for (uint8_t game = 0; game < GAME_COUNT; game++) {
		uint8_t i = 0;
		bool same = len != 0;
		char c;
		while ((c = flash_char(p++)) != '\0') {
			same = same && i < len && fold(name[i]) == c;
			i++;
		}
		if (same && i == len && engine_game_present(game)) {
			return game;
		}
	}
	return GAME_COUNT;
}

/* ---- positions ---- */

/* Out of line: inlined into engine_parse_position, the modules' parsers
 * would reach the record at offsets into a frame larger than the 64 bytes
 * the AVR's short instructions reach.  `to_play`: a position to play, whose
 * rows must leave room for every game from it. */
OUT_OF_LINE static void parse(struct position *pos, struct scanner *in, bool to_play)
{
	enum family f = family(pos->game);
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
static void put_position(const struct position *pos)
{
#define OWN(fn) fn(pos);
#define FAMILY(ID, present, print, parse_move, print_move, apply_move) \
	case FAMILY_##ID:                                              \
		if (present) {                                         \
			print                                          \
		}                                                      \
		CASE_END_##print
	switch (family(pos->game)) {
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

#define BOARD_NO_MOVE 0xFFu
_Static_assert(CHOMP_MOVES < BOARD_NO_MOVE && TAKTIX_MOVES < BOARD_NO_MOVE && KUBO_MOVES < BOARD_NO_MOVE &&
		       NINETEEN_MOVES < BOARD_NO_MOVE,
	       "every board move has a number below BOARD_NO_MOVE");

/* The number of the first legal move from number `from` on, the move in
 * *mv; BOARD_NO_MOVE when there is none.  (A number comes back in a
 * register; through a pointer it would need a place in the caller's
 * frame.) */
static uint8_t board_next_move(const struct position *pos, uint8_t from, struct move *mv)
{
	enum family f = family(pos->game);
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
	switch (family(pos->game)) {
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
	switch (family(pos->game)) {
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

static bool machine_move(const struct position *pos, bool keep_going, uint8_t from, struct move *mv);

bool engine_game_over(const struct position *pos)
{
	/* Over when there is no move at all: none to keep a sum going, no
	 * legal move on a board. */
	static struct move found; /* static: in a frame it would cost more code than its RAM */
	return !machine_move(pos, true, 0, &found);
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
	switch (family(pos->game)) {
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

static void put_move(const struct position *pos, const struct move *mv)
{
#define OWN(fn) fn(pos, mv);
#define BARE(fn) fn(mv);
#define FAMILY(ID, present, print, parse_move, print_move, apply_move) \
	case FAMILY_##ID:                                              \
		if (present) {                                         \
			print_move                                     \
		}                                                      \
		CASE_END_##print_move
	switch (family(pos->game)) {
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
	switch (family(pos->game)) {
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
	switch (family(pos->game)) {
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
	switch (family(pos->game)) {
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
	enum family f = family(pos->game);
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
	switch (family(pos->game)) {
#include "engine/families.def"
	}
#undef OWN
}

/* ---- analysis ---- */

static bool is_losing(const struct position *pos)
{
	switch (family(pos->game)) {
	case FAMILY_HEAPS:
	case FAMILY_NUMBERS:
	case FAMILY_MATRIX:
	case FAMILY_ROWS:
		return sums_is_losing(pos);
	case FAMILY_DIGIT:
		return digit_is_losing(pos);
	case FAMILY_WYTHOFF:
		return wythoff_is_losing(pos);
	case FAMILY_CHOMP:
		return chomp_is_losing(pos);
	case FAMILY_TAKTIX:
		return taktix_is_losing(pos);
	case FAMILY_KUBO:
		return engine_game_present(GAME_KUBO) && kubo_is_losing(pos);
	default:
		return engine_game_present(GAME_NINETEEN) && nineteen_is_losing(pos);
	}
}

enum engine_outcome engine_outcome(const struct position *pos)
{
	return is_losing(pos) ? OUTCOME_P : OUTCOME_N;
}

int32_t engine_grundy(const struct position *pos)
{
	switch (family(pos->game)) {
	case FAMILY_HEAPS:
	case FAMILY_NUMBERS:
	case FAMILY_MATRIX:
	case FAMILY_ROWS:
		return sums_grundy(pos);
	case FAMILY_DIGIT:
		return digit_grundy(pos);
	default:
		/* Wythoff and the board games: the tables hold only who wins. */
		return ENGINE_GRUNDY_UNKNOWN;
	}
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
	if (family(pos->game) == FAMILY_ROWS) {
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
	if (family(pos->game) != FAMILY_ROWS || pos->count < ENGINE_MAX_ROWS) {
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
	switch (family(pos->game)) {
	case FAMILY_HEAPS:
	case FAMILY_NUMBERS:
	case FAMILY_MATRIX:
	case FAMILY_ROWS:
		return keep_going ? sums_keep_going(pos, mv) : sums_best_move(pos, mv);
	case FAMILY_DIGIT:
		return digit_best_move(pos, keep_going, mv);
	case FAMILY_WYTHOFF:
		return wythoff_best_move(pos, keep_going, mv);
	default:
		return board_best_move(pos, keep_going, from, mv);
	}
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

/* The messages (engine/error_texts.def) must come in the order of enum
 * engine_error: each one's place in the list is checked against its error. */
_Static_assert(ENGINE_MAX_ROWS == 40, "\"over 40 rows\" names the record's limit");
enum error_text_place {
#define ERROR_TEXT(err, english, polish) PLACE_OF_##err,
#include "engine/error_texts.def"
#undef ERROR_TEXT
};
#define ERROR_TEXT(err, english, polish) _Static_assert((int)PLACE_OF_##err == (int)(err), #err " in its place");
#include "engine/error_texts.def"
#undef ERROR_TEXT
_Static_assert(PACKED_ERRORS_COUNT == ENGINE_ERR_COUNT && PACKED_ERRORS_PL_COUNT == ENGINE_ERR_COUNT,
	       "a message for every error, in both languages");

void engine_print_error(enum engine_error err, struct text_sink *out)
{
	uint8_t index = (uint8_t)err < ENGINE_ERR_COUNT ? (uint8_t)err : (uint8_t)ENGINE_ERR_SYNTAX;
	print_packed(out, packed_code, TEXT_TABLE(packed_errors, packed_errors_pl), index);
}
