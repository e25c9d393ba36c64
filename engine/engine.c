/*
 * The engine's public interface (engine.h): game descriptors in flash and a
 * dispatcher that hands each call to the module that plays the game.
 *
 * Each game has one descriptor in flash: its text (name, aliases, position
 * syntax, move syntax, example, separated by NULs) and the module's table
 * of operations, also in flash.  A call copies the few bytes of the one
 * operation it needs out of flash, so the tables cost no RAM.
 */
#include "engine/engine.h"

#include <stddef.h>
#include <string.h>

#include "engine/flash.h"
#include "engine/games.h"
#include "engine/text.h"

/* What a module does for its games; see games.h.  grundy and best_move are
 * NULL for the board games, whose tables hold only the losing positions. */
typedef enum engine_error parse_fn(struct position *pos, struct scanner *in);
typedef void print_fn(const struct position *pos, struct text_sink *out);
typedef enum engine_error parse_move_fn(const struct position *pos, struct scanner *in, struct move *mv);
typedef void print_move_fn(const struct position *pos, const struct move *mv, struct text_sink *out);
typedef enum engine_error check_move_fn(const struct position *pos, const struct move *mv);
typedef void apply_move_fn(struct position *pos, const struct move *mv);
typedef bool next_move_fn(const struct position *pos, struct move *mv, bool first);
typedef bool is_losing_fn(const struct position *pos);
typedef int32_t grundy_fn(const struct position *pos);
typedef bool best_move_fn(const struct position *pos, struct move *mv);

struct game_ops {
	parse_fn *parse;
	print_fn *print;
	parse_move_fn *parse_move;
	print_move_fn *print_move;
	check_move_fn *check_move;
	apply_move_fn *apply_move;
	next_move_fn *next_move;
	is_losing_fn *is_losing;
	grundy_fn *grundy;
	best_move_fn *best_move;
};

#define MODULE_OPS(m, grundy, best) \
	{ m##_parse, m##_print, m##_parse_move, m##_print_move, m##_check_move, \
	  m##_apply_move, m##_next_move, m##_is_losing, grundy, best }

static const struct game_ops heaps_ops ENGINE_FLASH = MODULE_OPS(heaps, heaps_grundy, heaps_best_move);
static const struct game_ops numbers_ops ENGINE_FLASH = MODULE_OPS(numbers, numbers_grundy, numbers_best_move);
static const struct game_ops matrix_ops ENGINE_FLASH = MODULE_OPS(matrix, matrix_grundy, matrix_best_move);
static const struct game_ops octal_ops ENGINE_FLASH = MODULE_OPS(octal, octal_grundy, octal_best_move);
static const struct game_ops wythoff_ops ENGINE_FLASH = MODULE_OPS(wythoff, NULL, wythoff_best_move);
static const struct game_ops chomp_ops ENGINE_FLASH = MODULE_OPS(chomp, NULL, NULL);
static const struct game_ops taktix_ops ENGINE_FLASH = MODULE_OPS(taktix, NULL, NULL);
static const struct game_ops kubo_ops ENGINE_FLASH = MODULE_OPS(kubo, NULL, NULL);
static const struct game_ops nineteen_ops ENGINE_FLASH = MODULE_OPS(nineteen, NULL, NULL);

/* Text fields of a descriptor, in this order, each ending in a NUL.  The
 * example is also the game's start position (engine_start_position), at
 * most ENGINE_EXAMPLE_MAX characters. */
#define ENGINE_EXAMPLE_MAX 40
enum game_field { FIELD_NAME, FIELD_ALIASES, FIELD_POSITION, FIELD_MOVES, FIELD_EXAMPLE };

#define GAME_TEXT(name, aliases, position, moves, example) \
	name "\0" aliases "\0" position "\0" moves "\0" example

/* Short on purpose (flash is scarce): the host tool adds the details. */
static const char nim_text[] ENGINE_FLASH = GAME_TEXT("nim", "bouton", "[misere] HEAP...", "H-N", "3 4 5");
static const char misere_nim_text[] ENGINE_FLASH = GAME_TEXT("misere-nim", "misere", "[normal] HEAP...", "H-N", "4 5 6");
static const char marienbad_text[] ENGINE_FLASH = GAME_TEXT("marienbad", "odra", "[normal] HEAP...", "H-N", "1 3 5 7");
static const char limit_nim_text[] ENGINE_FLASH = GAME_TEXT("limit-nim", "limit", "[k=K] HEAP...", "H-N", "k=3 3 4 5");
static const char subtraction_text[] ENGINE_FLASH = GAME_TEXT("subtraction", "subtract", "[S=A,B,..] HEAP...", "H-N", "S=1,3,4 21");
static const char subtract_digit_text[] ENGINE_FLASH = GAME_TEXT("subtract-digit", "digit,subtract-a-digit", "N", "-D", "1234");
static const char divide_text[] ENGINE_FLASH = GAME_TEXT("divide", "", "N...", "I/D", "12 35 7");
static const char prime_power_text[] ENGINE_FLASH = GAME_TEXT("prime-power", "prime", "N", "/P^K /P", "56700");
static const char nimble_text[] ENGINE_FLASH = GAME_TEXT("nimble", "", "SQUARE...", "F>T", "0 3 3 7");
static const char matrix_nim_text[] ENGINE_FLASH = GAME_TEXT("matrix-nim", "matrix", "ROW / ROW...", "R:N,N,..", "1 2 3 / 4 5 6");
static const char poker_nim_text[] ENGINE_FLASH = GAME_TEXT("poker-nim", "poker", "[k=K] HEAP[/START]...", "H-N H+N", "k=2 3/5 4 5/6");
static const char pebbles_text[] ENGINE_FLASH = GAME_TEXT("pebbles", "dawson,pebble-strip", "STRIP...", "S.C", "20");
static const char kayles_text[] ENGINE_FLASH = GAME_TEXT("kayles", "", "ROW...", "R.P R.P-Q", "1 12");
static const char wythoff_text[] ENGINE_FLASH = GAME_TEXT("wythoff", "", "A B", "A,B", "5 9");
static const char chomp_text[] ENGINE_FLASH = GAME_TEXT("chomp", "", "RxC or ROW...", "R,C", "4x8");
static const char taktix_text[] ENGINE_FLASH = GAME_TEXT("taktix", "tactix", "[any|adjacent] [normal|misere] ROW/ROW/ROW/ROW", "a1,a2 b1-b3", "adjacent misere OOOO/OOOO/OOOO/OOOO");
static const char kubo_text[] ENGINE_FLASH = GAME_TEXT("kubo", "", "ROW/ROW/ROW", "b2-3 a1+a2", "333/333/333");
static const char nineteen_text[] ENGINE_FLASH = GAME_TEXT("nineteen", "dziewietnascie", "ROW/ROW/ROW/ROW/ROW", "c3,c4,b3", "OOO/OOOO/OOOOO/OOOO/OOO");

struct game_descriptor {
	const char *text;
	const struct game_ops *ops;
};

/* Indexed by enum engine_game. */
static const struct game_descriptor games[GAME_COUNT] ENGINE_FLASH = {
	{ nim_text, &heaps_ops },
	{ misere_nim_text, &heaps_ops },
	{ marienbad_text, &heaps_ops },
	{ limit_nim_text, &heaps_ops },
	{ subtraction_text, &heaps_ops },
	{ subtract_digit_text, &numbers_ops },
	{ divide_text, &numbers_ops },
	{ prime_power_text, &numbers_ops },
	{ nimble_text, &heaps_ops },
	{ matrix_nim_text, &matrix_ops },
	{ poker_nim_text, &heaps_ops },
	{ pebbles_text, &octal_ops },
	{ kayles_text, &octal_ops },
	{ wythoff_text, &wythoff_ops },
	{ chomp_text, &chomp_ops },
	{ taktix_text, &taktix_ops },
	{ kubo_text, &kubo_ops },
	{ nineteen_text, &nineteen_ops },
};

/* Copies bytes out of flash (a pointer, a function pointer). */
static void flash_copy(void *to, const void *from, uint8_t size)
{
	uint8_t *t = (uint8_t *)to;
	const uint8_t *f = (const uint8_t *)from;
	while (size-- > 0) {
		*t++ = flash_u8(f++);
	}
}

static const char *game_text(uint8_t game)
{
	const char *text;
	flash_copy(&text, &games[game].text, sizeof text);
	return text;
}

/* Copies the operation at `offset` in a game's module table out of flash:
 * only the two bytes a call needs. */
static void game_op_read(uint8_t game, uint8_t offset, void *fn)
{
	const uint8_t *ops;
	flash_copy(&ops, &games[game].ops, sizeof ops);
	flash_copy(fn, ops + offset, sizeof(void (*)(void)));
}

#define GAME_OP(game, field, fn) game_op_read(game, (uint8_t)offsetof(struct game_ops, field), &(fn))

/* The string after `count` NUL-terminated ones, in flash. */
static const char *flash_skip(const char *p, uint8_t count)
{
	while (count-- > 0) {
		while (flash_char(p++) != '\0') {
		}
	}
	return p;
}

static const char *game_field(uint8_t game, enum game_field field)
{
	return flash_skip(game_text(game), (uint8_t)field);
}

const char *engine_game_name(uint8_t game)
{
	return game_text(game);
}

void engine_print_game_name(uint8_t game, struct text_sink *out)
{
	print_flash(out, game_field(game, FIELD_NAME));
}

void engine_print_game_syntax(uint8_t game, struct text_sink *out)
{
	print_flash(out, game_field(game, FIELD_POSITION));
	print_flash(out, ENGINE_FLASH_STR("; move "));
	print_flash(out, game_field(game, FIELD_MOVES));
}

void engine_print_game_example(uint8_t game, struct text_sink *out)
{
	print_flash(out, game_field(game, FIELD_EXAMPLE));
}

static char fold(char c)
{
	if (c >= 'A' && c <= 'Z') {
		return (char)(c - 'A' + 'a');
	}
	return c == '_' ? '-' : c;
}

/* True when the flash text from `p`, up to `stop` or a NUL, is the name typed. */
static bool name_matches(const char *p, char stop, const char *name, uint8_t len)
{
	uint8_t i = 0;
	for (;; p++, i++) {
		char c = flash_char(p);
		if (c == '\0' || c == stop) {
			return i == len;
		}
		if (i == len || fold(name[i]) != c) {
			return false;
		}
	}
}

uint8_t engine_find_game(const char *name, uint8_t len)
{
	for (uint8_t game = 0; game < GAME_COUNT; game++) {
		if (name_matches(game_field(game, FIELD_NAME), '\0', name, len)) {
			return game;
		}
		const char *alias = game_field(game, FIELD_ALIASES);
		while (flash_char(alias) != '\0') {
			if (name_matches(alias, ',', name, len)) {
				return game;
			}
			while (flash_char(alias) != ',' && flash_char(alias) != '\0') {
				alias++;
			}
			if (flash_char(alias) == ',') {
				alias++;
			}
		}
	}
	return GAME_COUNT;
}

/* ---- positions ---- */

enum engine_error engine_parse_position(struct position *pos, uint8_t game, const char *text)
{
	if (game >= GAME_COUNT) {
		return ENGINE_ERR_UNKNOWN_GAME;
	}
	/* Parsed into a copy, so a refused text leaves *pos as it was. */
	struct position parsed;
	memset(&parsed, 0, sizeof parsed);
	parsed.game = game;
	struct scanner in = { text };
	parse_fn *parse;
	GAME_OP(game, parse, parse);
	enum engine_error err = parse(&parsed, &in);
	if (err == ENGINE_OK && !scan_at_end(&in)) {
		err = ENGINE_ERR_SYNTAX;
	}
	if (err == ENGINE_OK) {
		*pos = parsed;
	}
	return err;
}

void engine_print_position(const struct position *pos, struct text_sink *out)
{
	print_fn *print;
	GAME_OP(pos->game, print, print);
	print(pos, out);
}

/* The start position is the game's example text, parsed: one truth for
 * the menu, the help and the tests, and no start-up code per game. */
void engine_start_position(struct position *pos, uint8_t game)
{
	char text[ENGINE_EXAMPLE_MAX + 1];
	const char *example = game_field(game < GAME_COUNT ? game : GAME_NIM, FIELD_EXAMPLE);
	uint8_t n = 0;
	while (n < ENGINE_EXAMPLE_MAX && (text[n] = flash_char(example + n)) != '\0') {
		n++;
	}
	text[n] = '\0';
	(void)engine_parse_position(pos, game < GAME_COUNT ? game : GAME_NIM, text);
}

/* ---- moves ---- */

bool engine_next_move(const struct position *pos, struct move *mv, bool first)
{
	next_move_fn *next_move;
	GAME_OP(pos->game, next_move, next_move);
	return next_move(pos, mv, first);
}

bool engine_game_over(const struct position *pos)
{
	struct move mv;
	return !engine_next_move(pos, &mv, true);
}

enum engine_error engine_parse_move(const struct position *pos, const char *text, struct move *mv)
{
	/* In a finished game every move is refused for that reason alone. */
	if (engine_game_over(pos)) {
		return ENGINE_ERR_GAME_OVER;
	}
	struct move parsed;
	memset(&parsed, 0, sizeof parsed);
	struct scanner in = { text };
	parse_move_fn *parse_move;
	GAME_OP(pos->game, parse_move, parse_move);
	enum engine_error err = parse_move(pos, &in, &parsed);
	if (err == ENGINE_OK && !scan_at_end(&in)) {
		err = ENGINE_ERR_SYNTAX;
	}
	if (err == ENGINE_OK) {
		*mv = parsed;
	}
	return err;
}

void engine_print_move(const struct position *pos, const struct move *mv, struct text_sink *out)
{
	print_move_fn *print_move;
	GAME_OP(pos->game, print_move, print_move);
	print_move(pos, mv, out);
}

enum engine_error engine_check_move(const struct position *pos, const struct move *mv)
{
	if (engine_game_over(pos)) {
		return ENGINE_ERR_GAME_OVER;
	}
	check_move_fn *check_move;
	GAME_OP(pos->game, check_move, check_move);
	return check_move(pos, mv);
}

void engine_apply_move(struct position *pos, const struct move *mv)
{
	apply_move_fn *apply_move;
	GAME_OP(pos->game, apply_move, apply_move);
	apply_move(pos, mv);
}

/* ---- analysis ---- */

static bool is_losing(const struct position *pos)
{
	is_losing_fn *losing;
	GAME_OP(pos->game, is_losing, losing);
	return losing(pos);
}

enum engine_outcome engine_outcome(const struct position *pos)
{
	return is_losing(pos) ? OUTCOME_P : OUTCOME_N;
}

int32_t engine_grundy(const struct position *pos)
{
	grundy_fn *grundy;
	GAME_OP(pos->game, grundy, grundy);
	return grundy != NULL ? grundy(pos) : ENGINE_GRUNDY_UNKNOWN;
}

/* A board game's whole state: the header and the first bytes of the union
 * (Chomp's rows, Taktix's and Nineteen's cell masks, Kubo's stacks). */
#define POSITION_MEMBER_SIZE(m) sizeof(((struct position *)0)->u.m)
#define BIGGER(a, b) ((a) > (b) ? (a) : (b))
#define BOARD_STATE_BYTES (offsetof(struct position, u) + \
	BIGGER(BIGGER(POSITION_MEMBER_SIZE(chomp), POSITION_MEMBER_SIZE(taktix)), \
	       BIGGER(POSITION_MEMBER_SIZE(kubo), POSITION_MEMBER_SIZE(nineteen))))

/*
 * Games without a module strategy (the board games) try every legal move
 * and keep the first that leaves a losing position.  From a losing position
 * there is none, and the machine plays the first legal move in the module's
 * order, which takes single pieces before larger groups: the smallest move
 * leaves the most play, and so the most chances for the opponent to err.
 * That case is known at once from the position itself, so it costs no
 * trials; and each trial restores only the bytes a board position uses,
 * not the whole record.
 */
bool engine_best_move(const struct position *pos, struct move *mv)
{
	best_move_fn *best_move;
	GAME_OP(pos->game, best_move, best_move);
	if (best_move != NULL) {
		return best_move(pos, mv);
	}
	struct move candidate;
	bool more = engine_next_move(pos, &candidate, true);
	*mv = candidate;
	if (!more || is_losing(pos)) {
		return more;
	}
	struct position after = *pos;
	while (more) {
		engine_apply_move(&after, &candidate);
		if (is_losing(&after)) {
			*mv = candidate;
			return true;
		}
		memcpy(&after, pos, BOARD_STATE_BYTES);
		more = engine_next_move(pos, &candidate, false);
	}
	return true; /* not reached: a position that is not losing has a winning move */
}

void engine_print_analysis(const struct position *pos, struct text_sink *out)
{
	print_flash(out, ENGINE_FLASH_STR("game="));
	engine_print_game_name(pos->game, out);
	print_flash(out, ENGINE_FLASH_STR(" outcome="));
	print_char(out, is_losing(pos) ? 'P' : 'N');
	print_flash(out, ENGINE_FLASH_STR(" grundy="));
	int32_t g = engine_grundy(pos);
	if (g < 0) {
		print_char(out, '-');
	} else {
		print_u32(out, (uint32_t)g);
	}
	print_flash(out, ENGINE_FLASH_STR(" move="));
	struct move mv;
	if (engine_best_move(pos, &mv)) {
		engine_print_move(pos, &mv, out);
		print_flash(out, ENGINE_FLASH_STR(" after="));
		struct position after = *pos;
		engine_apply_move(&after, &mv);
		engine_print_position(&after, out);
	} else {
		print_flash(out, ENGINE_FLASH_STR("- after=-"));
	}
}

/* Messages of at most 16 characters, for the LCD, in the order of enum
 * engine_error, one after another. */
static const char error_text[] ENGINE_FLASH =
	"ok\0bad syntax\0not a number\0out of range\0too many parts\0no such heap/row\0"
	"that is empty\0take at least 1\0not that many\0not allowed\0not adjacent\0"
	"not one row/col\0cell is blocked\0that is poison\0above its start\0no adds left\0"
	"does not divide\0game is over\0unknown game";

void engine_print_error(enum engine_error err, struct text_sink *out)
{
	uint8_t index = (uint8_t)err < ENGINE_ERR_COUNT ? (uint8_t)err : (uint8_t)ENGINE_ERR_SYNTAX;
	print_flash(out, flash_skip(error_text, index));
}
