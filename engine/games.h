/*
 * Inside the engine: what each game module gives engine.c and analysis.c,
 * which dispatch the public interface (engine.h) on the game's family, as
 * engine/families.def names each family's functions.
 *
 * Every module has the rules and the text of its games, named
 * <module>_<verb>:
 *   _parse        a position from text (parameters first, then the position);
 *                 errors are kept in the scanner (text.h), as in _parse_move.
 *                 The games whose parts are a list of numbers (heaps,
 *                 numbers, rows, Wythoff) have the list read by engine.c
 *                 (scan_list): heaps_parse_settings reads what comes before
 *                 it, and _check_list checks what the list holds
 *   _print        the position in the same syntax _parse reads
 *   _parse_move   a move from text, not yet checked for legality
 *   _print_move   the move in the syntax _parse_move reads
 *   _check_move   ENGINE_OK or why the move is illegal here; for the games
 *                 that are sums of parts, engine.c has checked first that
 *                 the part the move names (its first byte) exists and,
 *                 but for an addition in Poker Nim, is not empty
 *   _apply_move   plays a move already checked (Taktix and Nineteen need
 *                 none: cells.c removes the move's cells)
 *   _next_move    enumerates the legal moves in a fixed order; the board
 *                 games instead number every move they could ever make:
 *                 _move_at gives move `index` and whether it is legal now,
 *                 _move_index the index of a move
 *   _move_part, _move_amount, _move_set
 *                 a move as the buttons make it: the part it is at, the
 *                 amount it names there, and a move made of those
 *                 (engine.h's engine_move_set)
 * The strategy (_is_losing under the position's own rule, _grundy in normal
 * play, _best_move: a winning move when there is one, otherwise a legal
 * move chosen to keep the game going, false only when the game is over) is
 * shared by all the games that are sums of parts (sums.c); Subtract a digit
 * and Wythoff have their own, and the board games with tables (Chomp,
 * Taktix, Kubo, Nineteen) only _is_losing: analysis.c tries each legal move
 * and keeps one that leaves a P-position.
 */
#ifndef ENGINE_GAMES_H
#define ENGINE_GAMES_H

#include <stdbool.h>
#include <stdint.h>

#include "common/attributes.h"
#include "engine/engine.h"
#include "engine/text.h"

/* ---- Chomp: engine/chomp.c ---- */
void chomp_parse(struct position *pos, struct scanner *in);
void chomp_print(const struct position *pos);
void chomp_parse_move(struct scanner *in, struct move *mv);
void chomp_print_move(const struct move *mv);
enum engine_error chomp_check_move(const struct position *pos, const struct move *mv);
void chomp_apply_move(struct position *pos, const struct move *mv);
bool chomp_move_at(const struct position *pos, uint8_t index, struct move *mv);
uint8_t chomp_move_index(const struct move *mv);
#define CHOMP_MOVES 64u
bool chomp_is_losing(const struct position *pos);

/* ---- Taktix: engine/taktix.c ---- */
void taktix_parse(struct position *pos, struct scanner *in);
void taktix_print(const struct position *pos);
void taktix_parse_move(struct scanner *in, struct move *mv);
void taktix_print_move(const struct move *mv);
/* The cells are checked first by cells.c (at least one, all on the
 * board, all there): what is left is the line and the variant. */
enum engine_error taktix_check_move(const struct position *pos, const struct move *mv);
#define TAKTIX_CELLS 16u
bool taktix_move_at(const struct position *pos, uint8_t index, struct move *mv);
uint8_t taktix_move_index(const struct move *mv);
#define TAKTIX_MOVES 104u
bool taktix_is_losing(const struct position *pos);

/* ---- Taktix and Nineteen, a move the cells it takes: engine/cells.c ---- */
/* At least one cell, all on the board, all there, and Nineteen's at most
 * NINETEEN_TAKE_MOST; then the module's own check. */
enum engine_error cells_check_move(const struct position *pos, const struct move *mv);
void cells_apply_move(struct position *pos, const struct move *mv);

/* ---- Kubo: engine/kubo.c ---- */
void kubo_parse(struct position *pos, struct scanner *in);
void kubo_print(const struct position *pos);
void kubo_parse_move(struct scanner *in, struct move *mv);
void kubo_print_move(const struct move *mv);
enum engine_error kubo_check_move(const struct position *pos, const struct move *mv);
void kubo_apply_move(struct position *pos, const struct move *mv);
bool kubo_move_at(const struct position *pos, uint8_t index, struct move *mv);
uint8_t kubo_move_index(const struct move *mv);
#define KUBO_MOVES 39u
bool kubo_is_losing(const struct position *pos);
uint8_t kubo_move_part(const struct move *mv);
void kubo_move_set(struct move *mv, uint8_t part, uint16_t amount);

/* ---- Dziewietnascie (Nineteen): engine/nineteen.c ---- */
void nineteen_parse(struct position *pos, struct scanner *in);
void nineteen_print(const struct position *pos);
void nineteen_parse_move(struct scanner *in, struct move *mv);
void nineteen_print_move(const struct move *mv);
/* The cells are checked first by cells.c (at least one, all on the
 * board, at most NINETEEN_TAKE_MOST, all there): what is left is whether
 * they make a move. */
enum engine_error nineteen_check_move(const struct move *mv);
#define NINETEEN_TAKE_MOST 3u
bool nineteen_move_at(const struct position *pos, uint8_t index, struct move *mv);
/* NINETEEN_MOVES (engine_tables.h) for cells that are no move. */
uint8_t nineteen_move_index(const struct move *mv);
bool nineteen_is_losing(const struct position *pos);

/* ---- the other modules (heaps, numbers, matrix, octal, wythoff) ----
 * Each serves one or more games: engine.c sets pos->game (and clears the
 * rest) before calling _parse.  Wythoff has no _grundy: its values need a
 * 2-D table, so the engine reports none. */

/* The strategy of the games that are sums of parts (all but Subtract a
 * digit, Wythoff and the boards): engine/sums.c.  _keep_going (a move
 * that keeps the game long, false when there is no legal move left,
 * found without listing moves). */
bool sums_keep_going(const struct position *pos, struct move *mv);
bool sums_is_losing(const struct position *pos);
int32_t sums_grundy(const struct position *pos);
bool sums_best_move(const struct position *pos, struct move *mv);
/* sums_best_move, or with `keep_going` sums_keep_going. */
bool sums_machine_move(const struct position *pos, bool keep_going, struct move *mv);
/* The part a move names: the first byte of every sum game's move. */
uint8_t sums_move_part(const struct move *mv);
/* Part i: a heap or a row (they share their place in the record), a
 * number, an exponent, or a matrix row's total; 0 when it is empty.
 * Subtract a digit's one number and Wythoff's two heaps count as parts
 * only to tell when the game is over. */
uint32_t sums_part_size(const struct position *pos, uint8_t i);
/* The Grundy value of one part alone in normal play (not for Subtract a
 * digit), for the reason why, which shows each part's. */
uint16_t sums_value(const struct position *pos, uint8_t part);

/* Nim, misere Nim, Marienbad, Limit Nim, Subtraction, Nimble, Poker Nim: engine/heaps.c */
/* The settings before the heaps; Poker Nim's starts, where the heaps'
 * list keeps the number after each `/` (scan_list), or NULL. */
uint16_t *heaps_parse_settings(struct position *pos, struct scanner *in);
void heaps_print(const struct position *pos);
void heaps_parse_move(const struct position *pos, struct scanner *in, struct move *mv);
void heaps_print_move(const struct position *pos, const struct move *mv);
enum engine_error heaps_check_move(const struct position *pos, const struct move *mv);
void heaps_apply_move(struct position *pos, const struct move *mv);
bool heaps_next_move(const struct position *pos, struct move *mv, bool first);
uint16_t heaps_move_amount(const struct move *mv);
void heaps_move_set(struct move *mv, uint8_t part, uint16_t amount);
/* The heaps (or rows) alone, separated by spaces; Poker Nim's with their
 * starts.  Kayles, the pebble strip and Wythoff print theirs so too. */
void heaps_print_list(const struct position *pos);
/* Subtraction: s in 1..8 and in the set (bit s - 1). */
bool heaps_in_set(uint8_t set, uint16_t s);
/* The least amount a take may remove: S's least element in Subtraction,
 * else 1 (also, for the sum games that are not heaps, one step). */
uint8_t heaps_least_take(const struct position *pos);
/* Poker Nim: room for additions on heap i, 0 when the mover has no adds left. */
uint16_t heaps_add_room(const struct position *pos, uint8_t i);

/* Subtract a digit, Divide 2/3/6, Prime power: engine/numbers.c */
void numbers_check_list(struct position *pos, struct scanner *in);
void numbers_print(const struct position *pos);
void numbers_parse_move(const struct position *pos, struct scanner *in, struct move *mv);
void numbers_print_move(const struct position *pos, const struct move *mv);
enum engine_error numbers_check_move(const struct position *pos, const struct move *mv);
void numbers_apply_move(struct position *pos, const struct move *mv);
bool numbers_next_move(const struct position *pos, struct move *mv, bool first);
uint16_t numbers_move_amount(const struct move *mv);
void numbers_move_set(struct move *mv, uint8_t part, uint16_t amount);
bool digit_is_losing(const struct position *pos);
int32_t digit_grundy(const struct position *pos);
/* With `keep_going`, the move it makes from a losing position, whatever
 * the position (engine_keep_going). */
bool digit_best_move(const struct position *pos, bool keep_going, struct move *mv);

/* Matrix Nim: engine/matrix.c */
void matrix_parse(struct position *pos, struct scanner *in);
void matrix_print(const struct position *pos);
void matrix_parse_move(const struct position *pos, struct scanner *in, struct move *mv);
void matrix_print_move(const struct position *pos, const struct move *mv);
enum engine_error matrix_check_move(const struct position *pos, const struct move *mv);
void matrix_apply_move(struct position *pos, const struct move *mv);
bool matrix_next_move(const struct position *pos, struct move *mv, bool first);
uint8_t matrix_move_part(const struct position *pos, const struct move *mv);
void matrix_move_set(const struct position *pos, struct move *mv, uint8_t part, uint16_t amount);
/* A row's total, the Nim heap it stands for. */
uint16_t matrix_row_total(const struct position *pos, uint8_t r);

/* Kayles and the pebble strip (octal games): engine/octal.c.  The game is
 * over when every row is empty. */
/* Refuses (ENGINE_ERR_ROWS) rows that could split into more than the
 * record holds: a position to play. */
void octal_check_list(const struct position *pos, struct scanner *in);
void octal_print(const struct position *pos);
/* The rows a legal move leaves, which may be ENGINE_MAX_ROWS + 1. */
void octal_print_after(const struct position *pos, const struct move *mv);
void octal_parse_move(const struct position *pos, struct scanner *in, struct move *mv);
void octal_print_move(const struct move *mv);
enum engine_error octal_check_move(const struct position *pos, const struct move *mv);
void octal_apply_move(struct position *pos, const struct move *mv);
bool octal_next_move(const struct position *pos, struct move *mv, bool first);
uint16_t octal_move_amount(const struct move *mv);
void octal_move_set(struct move *mv, uint8_t part, uint16_t amount);
/* The parts a move leaves of its row: left of it and right of it.  (A
 * small struct comes back in registers.) */
struct row_parts {
	uint16_t left, right;
};
struct row_parts octal_move_parts(const struct position *pos, const struct move *mv);

/* Wythoff: engine/wythoff.c.  The game is over when both heaps are empty.
 * Its position prints as Kayles's rows do (octal_print): its count is
 * always 2. */
void wythoff_check_list(const struct position *pos, struct scanner *in);
void wythoff_parse_move(struct scanner *in, struct move *mv);
void wythoff_print_move(const struct move *mv);
enum engine_error wythoff_check_move(const struct position *pos, const struct move *mv);
void wythoff_apply_move(struct position *pos, const struct move *mv);
bool wythoff_next_move(const struct position *pos, struct move *mv, bool first);
uint8_t wythoff_move_part(const struct move *mv);
uint16_t wythoff_move_amount(const struct move *mv);
void wythoff_move_set(struct move *mv, uint8_t part, uint16_t amount);
bool wythoff_is_losing(const struct position *pos);
/* With `keep_going`, the move it makes from a losing position, whatever
 * the position (engine_keep_going). */
bool wythoff_best_move(const struct position *pos, bool keep_going, struct move *mv);
/* The partner of x in its losing (cold) pair: every number is in exactly
 * one; 65535 when the partner is above that. */
uint16_t wythoff_partner(uint16_t x);
/* The smaller number of the cold pair whose numbers differ by d. */
uint16_t wythoff_lower(uint16_t d);

/* ---- shared by engine.c, games_info.c and analysis.c ---- */

/* The families of engine/families.def, in its order: Subtract a digit and
 * the sums of parts (sums.c) come first, the boards last. */
enum family {
#define FAMILY(ID, ...) FAMILY_##ID,
#include "engine/families.def"
};

/* How many there are: a constant apart, so that no switch must handle it. */
enum {
	FAMILY_COUNT = 0
#define FAMILY(ID, ...) +1
#include "engine/families.def"
};

/* The module that plays a game (games_info.c).  Out of line: one copy
 * serves all the dispatchers. */
enum family game_family_of(uint8_t game);

/* The same, known to be one of the families: a dispatch, which has a case
 * for each, then needs no check for other values. */
static ALWAYS_INLINE enum family game_family(uint8_t game)
{
	enum family f = game_family_of(game);
	if ((uint8_t)f >= (uint8_t)FAMILY_COUNT) {
		UNREACHABLE();
	}
	return f;
}

/* engine.c: the position and a move, to the current sink (text.h). */
void put_position(const struct position *pos);
void put_move(const struct position *pos, const struct move *mv);

/* engine.c: the number of the first legal move of a board game from
 * number `from` on, the move in *mv; BOARD_NO_MOVE when there is none. */
#define BOARD_NO_MOVE 0xFFu
uint8_t board_next_move(const struct position *pos, uint8_t from, struct move *mv);

#endif
