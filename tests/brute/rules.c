/*
 * The rules of every game, read straight from the rulebook
 * (docs/rules.md): which moves are legal and what they leave.
 */
#include <inttypes.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "tests/brute/brute.h"
#include "tests/brute/rules.h"

#define TAKTIX_SIDE 4
#define KUBO_SIDE 3
#define KUBO_STACKS 9
#define KUBO_HEIGHT 3
#define NINETEEN_CELLS 19

/* ---- board geometry ---- */

static uint32_t taktix_shape[2][128];
static size_t taktix_shape_count[2];
static uint32_t nineteen_shape[128];
static size_t nineteen_shape_count;
static uint8_t kubo_pair[16][2];
static size_t kubo_pair_count;
static bool shapes_ready;

/* Cell of line `line` (0..3 the rows from the top, 4..7 the columns from
 * the left) at place `i` along it. */
static uint8_t taktix_cell(uint8_t line, uint8_t i)
{
	if (line < TAKTIX_SIDE) {
		return (uint8_t)(line * TAKTIX_SIDE + i);
	}
	return (uint8_t)(i * TAKTIX_SIDE + (line - TAKTIX_SIDE));
}

static void taktix_make_shapes(void)
{
	for (uint8_t line = 0; line < 2 * TAKTIX_SIDE; line++) {
		/* Any non-empty set of the line's pieces.  A single piece lies on
		 * a row and a column: list it with its row only. */
		for (uint32_t subset = 1; subset < (1u << TAKTIX_SIDE); subset++) {
			uint32_t cells = 0;
			uint8_t size = 0;
			for (uint8_t i = 0; i < TAKTIX_SIDE; i++) {
				if (subset & (1u << i)) {
					cells |= 1u << taktix_cell(line, i);
					size++;
				}
			}
			if (size > 1 || line < TAKTIX_SIDE) {
				taktix_shape[0][taktix_shape_count[0]++] = cells;
			}
		}
		/* Runs of adjacent places along the line. */
		for (uint8_t first = 0; first < TAKTIX_SIDE; first++) {
			uint32_t cells = 0;
			for (uint8_t last = first; last < TAKTIX_SIDE; last++) {
				cells |= 1u << taktix_cell(line, last);
				if (last > first || line < TAKTIX_SIDE) {
					taktix_shape[1][taktix_shape_count[1]++] = cells;
				}
			}
		}
	}
}

/*
 * The hexagon in axial coordinates (q, r), r = -2..2 the rows from the top,
 * q rising from left to right: row r holds the q with |q|, |r|, |q + r| all
 * at most 2, giving rows of 3, 4, 5, 4, 3 cells.  Two cells touch when their
 * coordinates differ by one of the six hexagonal steps.
 */
static void nineteen_make_shapes(void)
{
	int8_t q[NINETEEN_CELLS];
	int8_t r[NINETEEN_CELLS];
	uint8_t n = 0;
	for (int8_t row = -2; row <= 2; row++) {
		for (int8_t col = -2; col <= 2; col++) {
			int8_t s = (int8_t)(-row - col);
			if (s >= -2 && s <= 2) {
				q[n] = col;
				r[n] = row;
				n++;
			}
		}
	}
	bool touch[NINETEEN_CELLS][NINETEEN_CELLS];
	for (uint8_t a = 0; a < NINETEEN_CELLS; a++) {
		for (uint8_t b = 0; b < NINETEEN_CELLS; b++) {
			int dq = q[b] - q[a];
			int dr = r[b] - r[a];
			touch[a][b] = (dq == 1 && dr == 0) || (dq == -1 && dr == 0) || (dq == 0 && dr == 1) ||
				      (dq == 0 && dr == -1) || (dq == 1 && dr == -1) || (dq == -1 && dr == 1);
		}
	}
	for (uint8_t a = 0; a < NINETEEN_CELLS; a++) {
		nineteen_shape[nineteen_shape_count++] = 1u << a;
	}
	for (uint8_t a = 0; a < NINETEEN_CELLS; a++) {
		for (uint8_t b = (uint8_t)(a + 1); b < NINETEEN_CELLS; b++) {
			if (touch[a][b]) {
				nineteen_shape[nineteen_shape_count++] = (1u << a) | (1u << b);
			}
		}
	}
	for (uint8_t a = 0; a < NINETEEN_CELLS; a++) {
		for (uint8_t b = (uint8_t)(a + 1); b < NINETEEN_CELLS; b++) {
			for (uint8_t c = (uint8_t)(b + 1); c < NINETEEN_CELLS; c++) {
				if (touch[a][b] && touch[a][c] && touch[b][c]) {
					nineteen_shape[nineteen_shape_count++] = (1u << a) | (1u << b) | (1u << c);
				}
			}
		}
	}
}

static void kubo_make_pairs(void)
{
	for (uint8_t s = 0; s < KUBO_STACKS; s++) {
		if (s % KUBO_SIDE + 1 < KUBO_SIDE) {
			kubo_pair[kubo_pair_count][0] = s;
			kubo_pair[kubo_pair_count][1] = (uint8_t)(s + 1);
			kubo_pair_count++;
		}
		if (s + KUBO_SIDE < KUBO_STACKS) {
			kubo_pair[kubo_pair_count][0] = s;
			kubo_pair[kubo_pair_count][1] = (uint8_t)(s + KUBO_SIDE);
			kubo_pair_count++;
		}
	}
}

static void shapes_prepare(void)
{
	if (!shapes_ready) {
		taktix_make_shapes();
		nineteen_make_shapes();
		kubo_make_pairs();
		shapes_ready = true;
	}
}

const uint32_t *rules_taktix_shapes(uint8_t variant, size_t *count)
{
	shapes_prepare();
	*count = taktix_shape_count[variant ? 1 : 0];
	return taktix_shape[variant ? 1 : 0];
}

const uint32_t *rules_nineteen_shapes(size_t *count)
{
	shapes_prepare();
	*count = nineteen_shape_count;
	return nineteen_shape;
}

const uint8_t (*rules_kubo_pairs(size_t *count))[2]
{
	shapes_prepare();
	*count = kubo_pair_count;
	return kubo_pair;
}

uint32_t rules_smallest_prime_factor(uint32_t n)
{
	for (uint32_t d = 2; d <= n / d; d++) {
		if (n % d == 0) {
			return d;
		}
	}
	return n;
}

static bool kubo_adjacent(uint32_t a, uint32_t b)
{
	size_t count;
	const uint8_t(*pair)[2] = rules_kubo_pairs(&count);
	for (size_t i = 0; i < count; i++) {
		if ((pair[i][0] == a && pair[i][1] == b) || (pair[i][0] == b && pair[i][1] == a)) {
			return true;
		}
	}
	return false;
}

/* ---- move lists ---- */

static void list_push(struct brute_move_list *list, const struct brute_move *mv)
{
	if (list->count == list->capacity) {
		list->capacity = list->capacity ? 2 * list->capacity : 64;
		list->move = realloc(list->move, list->capacity * sizeof(*list->move));
		if (!list->move) {
			abort();
		}
	}
	list->move[list->count++] = *mv;
}

void brute_move_list_free(struct brute_move_list *list)
{
	free(list->move);
	list->move = NULL;
	list->count = 0;
	list->capacity = 0;
}

/* ---- which games share which rules ---- */

/* Take 1 or more from one heap, within a game's limits. */
static bool is_take_game(uint8_t game)
{
	return game == GAME_NIM || game == GAME_MISERE_NIM || game == GAME_MARIENBAD || game == GAME_LIMIT_NIM ||
	       game == GAME_SUBTRACTION || game == GAME_NIMBLE;
}

static bool take_amount_allowed(const struct brute_pos *pos, uint32_t amount)
{
	if (amount == 0) {
		return false;
	}
	if (pos->game == GAME_LIMIT_NIM) {
		return amount <= pos->limit;
	}
	if (pos->game == GAME_SUBTRACTION) {
		return amount <= 8 && (pos->set & (1u << (amount - 1)));
	}
	return true;
}

static bool has_digit(uint32_t n, uint32_t digit)
{
	for (; n > 0; n /= 10) {
		if (n % 10 == digit) {
			return true;
		}
	}
	return false;
}

/* p^k when it divides n, else 0. */
static uint32_t prime_power_dividing(uint32_t n, uint32_t p, uint32_t k)
{
	uint32_t power = 1;
	for (uint32_t i = 0; i < k; i++) {
		if (n % p != 0) {
			return 0;
		}
		n /= p;
		power *= p;
	}
	return power;
}

static bool is_prime(uint32_t p)
{
	return p >= 2 && rules_smallest_prime_factor(p) == p;
}

/* ---- generating moves ---- */

static void moves_matrix_row(const struct brute_pos *pos, uint8_t row, struct brute_move_list *list)
{
	const uint32_t *cell = &pos->part[row * pos->cols];
	struct brute_move mv;
	memset(&mv, 0, sizeof(mv));
	mv.part = row;
	/* Count through every take vector, 0..cell in each column. */
	for (;;) {
		uint8_t c = 0;
		while (c < pos->cols && mv.take[c] == cell[c]) {
			mv.take[c] = 0;
			c++;
		}
		if (c == pos->cols) {
			return;
		}
		mv.take[c]++;
		list_push(list, &mv);
	}
}

/* Nimble's coins are alike: moving either of two coins on one square is
 * one move, listed with the first of them. */
static bool nimble_square_listed(const struct brute_pos *pos, uint8_t coin)
{
	for (uint8_t j = 0; j < coin; j++) {
		if (pos->part[j] == pos->part[coin]) {
			return true;
		}
	}
	return false;
}

void brute_moves(const struct brute_pos *pos, struct brute_move_list *list)
{
	struct brute_move mv;
	list->count = 0;
	memset(&mv, 0, sizeof(mv));
	if (is_take_game(pos->game)) {
		/* No amount above 8 is in any S, none above k is allowed. */
		uint32_t most = pos->game == GAME_SUBTRACTION ? 8
				: pos->game == GAME_LIMIT_NIM ? pos->limit
							      : UINT32_MAX;
		for (uint8_t i = 0; i < pos->count; i++) {
			if (pos->game == GAME_NIMBLE && nimble_square_listed(pos, i)) {
				continue;
			}
			for (uint32_t a = 1; a <= pos->part[i] && a <= most; a++) {
				if (take_amount_allowed(pos, a)) {
					mv.part = i;
					mv.amount = a;
					list_push(list, &mv);
				}
			}
		}
		return;
	}
	switch (pos->game) {
	case GAME_POKER_NIM:
		for (uint8_t i = 0; i < pos->count; i++) {
			mv.part = i;
			mv.add = false;
			for (mv.amount = 1; mv.amount <= pos->part[i]; mv.amount++) {
				list_push(list, &mv);
			}
			mv.add = true;
			for (mv.amount = 1; pos->adds[0] > 0 && pos->part[i] + mv.amount <= pos->start[i];
			     mv.amount++) {
				list_push(list, &mv);
			}
		}
		break;
	case GAME_SUBTRACT_DIGIT:
		for (mv.amount = 1; mv.amount <= 9; mv.amount++) {
			if (has_digit(pos->part[0], mv.amount)) {
				list_push(list, &mv);
			}
		}
		break;
	case GAME_DIVIDE:
		for (uint8_t i = 0; i < pos->count; i++) {
			static const uint8_t divisor[3] = { 2, 3, 6 };
			for (uint8_t d = 0; d < 3 && pos->part[i] > 0; d++) {
				mv.part = i;
				mv.amount = divisor[d];
				list_push(list, &mv);
			}
		}
		break;
	case GAME_PRIME_POWER:
		for (uint32_t n = pos->part[0]; n > 1;) {
			uint32_t p = rules_smallest_prime_factor(n);
			mv.second = p;
			for (mv.amount = 1; n % p == 0; mv.amount++) {
				n /= p;
				list_push(list, &mv);
			}
		}
		break;
	case GAME_MATRIX_NIM:
		for (uint8_t row = 0; row < pos->count; row++) {
			moves_matrix_row(pos, row, list);
		}
		break;
	case GAME_KAYLES:
	case GAME_PEBBLES:
		for (uint8_t i = 0; i < pos->count; i++) {
			mv.part = i;
			for (mv.amount = 1; mv.amount <= (pos->game == GAME_KAYLES ? 2u : 1u); mv.amount++) {
				for (mv.second = 0; mv.second + mv.amount <= pos->part[i]; mv.second++) {
					list_push(list, &mv);
				}
			}
		}
		break;
	case GAME_WYTHOFF:
		for (uint32_t a = 1; a <= pos->part[0]; a++) {
			mv.amount = a;
			mv.second = 0;
			list_push(list, &mv);
		}
		for (uint32_t b = 1; b <= pos->part[1]; b++) {
			mv.amount = 0;
			mv.second = b;
			list_push(list, &mv);
		}
		for (uint32_t a = 1; a <= pos->part[0] && a <= pos->part[1]; a++) {
			mv.amount = a;
			mv.second = a;
			list_push(list, &mv);
		}
		break;
	case GAME_CHOMP:
		for (uint8_t row = 0; row < pos->count; row++) {
			for (uint32_t col = (row == 0 ? 1 : 0); col < pos->part[row]; col++) {
				mv.part = row;
				mv.second = col;
				list_push(list, &mv);
			}
		}
		break;
	case GAME_TAKTIX:
	case GAME_NINETEEN: {
		size_t count;
		const uint32_t *shape = pos->game == GAME_TAKTIX ? rules_taktix_shapes(pos->variant, &count)
								 : rules_nineteen_shapes(&count);
		for (size_t i = 0; i < count; i++) {
			if ((pos->part[0] & shape[i]) == shape[i]) {
				mv.cells = shape[i];
				list_push(list, &mv);
			}
		}
		break;
	}
	case GAME_KUBO: {
		size_t count;
		const uint8_t(*pair)[2] = rules_kubo_pairs(&count);
		mv.second = BRUTE_NONE;
		for (uint8_t s = 0; s < KUBO_STACKS; s++) {
			for (mv.amount = 1; mv.amount <= KUBO_HEIGHT && mv.amount <= pos->part[s]; mv.amount++) {
				mv.part = s;
				list_push(list, &mv);
			}
		}
		mv.amount = 1;
		for (size_t i = 0; i < count; i++) {
			if (pos->part[pair[i][0]] > 0 && pos->part[pair[i][1]] > 0) {
				mv.part = pair[i][0];
				mv.second = pair[i][1];
				list_push(list, &mv);
			}
		}
		break;
	}
	default:
		break;
	}
}

/* ---- candidate moves for tests ---- */

static uint32_t largest_part(const struct brute_pos *pos)
{
	uint32_t most = 0;
	for (uint8_t i = 0; i < pos->count; i++) {
		most = pos->part[i] > most ? pos->part[i] : most;
	}
	return most;
}

static void candidates_matrix(const struct brute_pos *pos, struct brute_move_list *list)
{
	struct brute_move mv;
	for (uint8_t row = 0; row <= pos->count && row < BRUTE_MATRIX_MAX; row++) {
		/* Each take vector with 0..cell+1 in each column of the row. */
		memset(&mv, 0, sizeof(mv));
		mv.part = row;
		for (;;) {
			list_push(list, &mv);
			uint8_t c = 0;
			while (c < pos->cols) {
				uint32_t cell = row < pos->count ? pos->part[row * pos->cols + c] : 0;
				if (mv.take[c] <= cell) {
					break;
				}
				mv.take[c] = 0;
				c++;
			}
			if (c == pos->cols) {
				break;
			}
			mv.take[c]++;
		}
		if (pos->cols < BRUTE_MATRIX_MAX) {
			memset(&mv, 0, sizeof(mv));
			mv.part = row;
			mv.take[pos->cols] = 1;
			list_push(list, &mv);
		}
	}
}

static void candidates_cells(uint32_t cells_on_board, const uint32_t *line, uint8_t lines, struct brute_move_list *list)
{
	struct brute_move mv;
	memset(&mv, 0, sizeof(mv));
	uint8_t cells = 0;
	while (cells < 32 && (cells_on_board >> cells) != 0) {
		cells++;
	}
	/* Every set of up to three cells. */
	list_push(list, &mv);
	for (uint8_t a = 0; a < cells; a++) {
		mv.cells = 1u << a;
		list_push(list, &mv);
		for (uint8_t b = (uint8_t)(a + 1); b < cells; b++) {
			mv.cells = (1u << a) | (1u << b);
			list_push(list, &mv);
			for (uint8_t c = (uint8_t)(b + 1); c < cells; c++) {
				mv.cells = (1u << a) | (1u << b) | (1u << c);
				list_push(list, &mv);
			}
		}
	}
	/* Every set of cells of one line, all the board, a cell off the board. */
	for (uint8_t l = 0; l < lines; l++) {
		for (uint32_t sub = line[l];; sub = (sub - 1) & line[l]) {
			mv.cells = sub;
			list_push(list, &mv);
			if (sub == 0) {
				break;
			}
		}
	}
	mv.cells = cells_on_board;
	list_push(list, &mv);
	mv.cells = 1u << cells;
	list_push(list, &mv);
}

void brute_candidate_moves(const struct brute_pos *pos, struct brute_move_list *list)
{
	struct brute_move mv;
	list->count = 0;
	memset(&mv, 0, sizeof(mv));
	uint32_t most = largest_part(pos);
	switch (pos->game) {
	case GAME_NIM:
	case GAME_MISERE_NIM:
	case GAME_MARIENBAD:
	case GAME_LIMIT_NIM:
	case GAME_SUBTRACTION:
	case GAME_NIMBLE:
	case GAME_POKER_NIM:
		for (mv.part = 0; mv.part <= pos->count; mv.part++) {
			for (uint8_t add = 0; add <= (pos->game == GAME_POKER_NIM ? 1 : 0); add++) {
				mv.add = add;
				uint32_t top = pos->game == GAME_POKER_NIM ? most + 9 : most + 1;
				for (mv.amount = 0; mv.amount <= top; mv.amount++) {
					list_push(list, &mv);
				}
				mv.amount = 0xFFFF;
				list_push(list, &mv);
			}
		}
		break;
	case GAME_SUBTRACT_DIGIT:
		for (mv.part = 0; mv.part <= 1; mv.part++) {
			for (mv.amount = 0; mv.amount <= 10; mv.amount++) {
				list_push(list, &mv);
			}
		}
		break;
	case GAME_DIVIDE:
		for (mv.part = 0; mv.part <= pos->count; mv.part++) {
			for (mv.amount = 0; mv.amount <= 7; mv.amount++) {
				list_push(list, &mv);
			}
		}
		break;
	case GAME_PRIME_POWER: {
		/* Small numbers prime or not, n's own primes, a prime past them. */
		uint32_t base[] = { 0, 1, 2, 3, 4, 5, 6, 7, 9, 11, 13, 4294967291u };
		uint32_t prime[sizeof(base) / sizeof(base[0]) + ENGINE_MAX_FACTORS];
		uint8_t primes = 0;
		for (uint8_t i = 0; i < sizeof(base) / sizeof(base[0]); i++) {
			prime[primes++] = base[i];
		}
		for (uint32_t n = pos->part[0]; n > 1;) {
			uint32_t p = rules_smallest_prime_factor(n);
			for (; n % p == 0; n /= p) {
			}
			if (p > 13) {
				prime[primes++] = p;
			}
		}
		for (uint8_t i = 0; i < primes; i++) {
			mv.second = prime[i];
			for (mv.amount = 0; mv.amount <= 33; mv.amount++) {
				list_push(list, &mv);
			}
		}
		break;
	}
	case GAME_MATRIX_NIM:
		candidates_matrix(pos, list);
		break;
	case GAME_KAYLES:
	case GAME_PEBBLES:
		for (mv.part = 0; mv.part <= pos->count; mv.part++) {
			uint32_t length = mv.part < pos->count ? pos->part[mv.part] : 1;
			for (mv.amount = 0; mv.amount <= 3; mv.amount++) {
				for (mv.second = 0; mv.second <= length + 1; mv.second++) {
					list_push(list, &mv);
				}
				mv.second = 0xFFFF;
				list_push(list, &mv);
			}
		}
		break;
	case GAME_WYTHOFF:
		for (mv.amount = 0; mv.amount <= pos->part[0] + 1; mv.amount++) {
			for (mv.second = 0; mv.second <= pos->part[1] + 1; mv.second++) {
				list_push(list, &mv);
			}
		}
		break;
	case GAME_CHOMP:
		for (mv.part = 0; mv.part <= 8; mv.part++) {
			for (mv.second = 0; mv.second <= 9; mv.second++) {
				list_push(list, &mv);
			}
		}
		break;
	case GAME_TAKTIX: {
		uint32_t line[8];
		for (uint8_t l = 0; l < 8; l++) {
			line[l] = 0;
			for (uint8_t i = 0; i < TAKTIX_SIDE; i++) {
				line[l] |= 1u << taktix_cell(l, i);
			}
		}
		candidates_cells(0xFFFF, line, 8, list);
		break;
	}
	case GAME_NINETEEN: {
		/* The rows of the hexagon: 3, 4, 5, 4, 3 cells. */
		uint32_t row[5] = { 0x7, 0x78, 0xF80, 0xF000, 0x70000 };
		candidates_cells(0x7FFFF, row, 5, list);
		break;
	}
	case GAME_KUBO:
		for (mv.part = 0; mv.part <= KUBO_STACKS; mv.part++) {
			for (uint32_t other = 0; other <= KUBO_STACKS + 1; other++) {
				mv.second = other == KUBO_STACKS + 1 ? BRUTE_NONE : other;
				for (mv.amount = 0; mv.amount <= 4; mv.amount++) {
					list_push(list, &mv);
				}
			}
		}
		break;
	default:
		break;
	}
}

/* ---- legality, decided directly ---- */

static bool taktix_legal(const struct brute_pos *pos, uint32_t cells)
{
	if (cells == 0 || (cells & ~pos->part[0]) != 0 || (cells >> 16) != 0) {
		return false;
	}
	for (uint8_t line = 0; line < 2 * TAKTIX_SIDE; line++) {
		uint32_t on_line = 0;
		for (uint8_t i = 0; i < TAKTIX_SIDE; i++) {
			on_line |= 1u << taktix_cell(line, i);
		}
		if ((cells & ~on_line) != 0) {
			continue;
		}
		if (pos->variant == 0) {
			return true;
		}
		/* Adjacent only: the places taken along the line form one run. */
		int first = -1;
		int last = -1;
		uint8_t taken = 0;
		for (uint8_t i = 0; i < TAKTIX_SIDE; i++) {
			if (cells & (1u << taktix_cell(line, i))) {
				if (first < 0) {
					first = i;
				}
				last = i;
				taken++;
			}
		}
		return last - first + 1 == taken;
	}
	return false;
}

static bool matrix_legal(const struct brute_pos *pos, const struct brute_move *mv)
{
	if (mv->part >= pos->count) {
		return false;
	}
	uint32_t total = 0;
	for (uint8_t c = 0; c < BRUTE_MATRIX_MAX; c++) {
		if (c >= pos->cols) {
			if (mv->take[c] != 0) {
				return false;
			}
			continue;
		}
		if (mv->take[c] > pos->part[mv->part * pos->cols + c]) {
			return false;
		}
		total += mv->take[c];
	}
	return total > 0;
}

bool brute_is_legal(const struct brute_pos *pos, const struct brute_move *mv)
{
	if (is_take_game(pos->game)) {
		return !mv->add && mv->part < pos->count && mv->amount <= pos->part[mv->part] &&
		       take_amount_allowed(pos, mv->amount);
	}
	switch (pos->game) {
	case GAME_POKER_NIM:
		if (mv->part >= pos->count || mv->amount == 0) {
			return false;
		}
		if (mv->add) {
			return pos->adds[0] > 0 && (uint64_t)pos->part[mv->part] + mv->amount <= pos->start[mv->part];
		}
		return mv->amount <= pos->part[mv->part];
	case GAME_SUBTRACT_DIGIT:
		return mv->part == 0 && mv->amount >= 1 && mv->amount <= 9 && has_digit(pos->part[0], mv->amount);
	case GAME_DIVIDE:
		return mv->part < pos->count && pos->part[mv->part] > 0 &&
		       (mv->amount == 2 || mv->amount == 3 || mv->amount == 6);
	case GAME_PRIME_POWER:
		return mv->amount >= 1 && mv->amount <= 32 && mv->second >= 2 &&
		       prime_power_dividing(pos->part[0], mv->second, mv->amount) != 0 && is_prime(mv->second);
	case GAME_MATRIX_NIM:
		return matrix_legal(pos, mv);
	case GAME_KAYLES:
		return mv->part < pos->count && (mv->amount == 1 || mv->amount == 2) &&
		       (uint64_t)mv->second + mv->amount <= pos->part[mv->part];
	case GAME_PEBBLES:
		return mv->part < pos->count && mv->amount == 1 && mv->second < pos->part[mv->part];
	case GAME_WYTHOFF:
		if (mv->amount > pos->part[0] || mv->second > pos->part[1]) {
			return false;
		}
		return (mv->amount > 0 && mv->second == 0) || (mv->amount == 0 && mv->second > 0) ||
		       (mv->amount > 0 && mv->amount == mv->second);
	case GAME_CHOMP:
		return mv->part < pos->count && mv->second < pos->part[mv->part] && !(mv->part == 0 && mv->second == 0);
	case GAME_TAKTIX:
		return taktix_legal(pos, mv->cells);
	case GAME_NINETEEN: {
		size_t count;
		const uint32_t *shape = rules_nineteen_shapes(&count);
		for (size_t i = 0; i < count; i++) {
			if (mv->cells == shape[i]) {
				return (pos->part[0] & shape[i]) == shape[i];
			}
		}
		return false;
	}
	case GAME_KUBO:
		if (mv->part >= KUBO_STACKS) {
			return false;
		}
		if (mv->second == BRUTE_NONE) {
			return mv->amount >= 1 && mv->amount <= KUBO_HEIGHT && mv->amount <= pos->part[mv->part];
		}
		return mv->second < KUBO_STACKS && kubo_adjacent(mv->part, mv->second) && mv->amount == 1 &&
		       pos->part[mv->part] > 0 && pos->part[mv->second] > 0;
	default:
		return false;
	}
}

/* ---- playing a move ---- */

static void remove_zero_parts(struct brute_pos *pos)
{
	uint8_t kept = 0;
	for (uint8_t i = 0; i < pos->count; i++) {
		if (pos->part[i] != 0) {
			pos->part[kept++] = pos->part[i];
		}
	}
	pos->count = kept;
}

/* Kayles: the pins left of and right of those knocked.  Pebbles: the cells
 * that stay playable, those not next to the new pebble (a cell beside a
 * pebble stays empty for ever, so the cell beyond it plays as a strip end). */
void rules_split_row(uint8_t game, uint32_t length, uint32_t at, uint32_t count, uint32_t *left, uint32_t *right)
{
	if (game == GAME_KAYLES) {
		*left = at;
		*right = length - at - count;
	} else {
		*left = at > 0 ? at - 1 : 0;
		*right = at + 2 < length ? length - at - 2 : 0;
	}
}

static void split_row(struct brute_pos *pos, const struct brute_move *mv)
{
	uint32_t left;
	uint32_t right;
	rules_split_row(pos->game, pos->part[mv->part], mv->second, mv->amount, &left, &right);
	pos->part[mv->part] = left;
	if (right > 0) {
		pos->part[pos->count++] = right;
	}
	remove_zero_parts(pos);
}

void brute_apply(struct brute_pos *pos, const struct brute_move *mv)
{
	if (is_take_game(pos->game)) {
		pos->part[mv->part] -= mv->amount;
		return;
	}
	switch (pos->game) {
	case GAME_POKER_NIM: {
		uint8_t mover = pos->adds[0];
		if (mv->add) {
			pos->part[mv->part] += mv->amount;
			mover--;
		} else {
			pos->part[mv->part] -= mv->amount;
		}
		pos->adds[0] = pos->adds[1];
		pos->adds[1] = mover;
		break;
	}
	case GAME_SUBTRACT_DIGIT:
		pos->part[0] -= mv->amount;
		break;
	case GAME_DIVIDE:
		pos->part[mv->part] /= mv->amount;
		remove_zero_parts(pos);
		break;
	case GAME_PRIME_POWER:
		pos->part[0] /= prime_power_dividing(pos->part[0], mv->second, mv->amount);
		break;
	case GAME_MATRIX_NIM:
		for (uint8_t c = 0; c < pos->cols; c++) {
			pos->part[mv->part * pos->cols + c] -= mv->take[c];
		}
		break;
	case GAME_KAYLES:
	case GAME_PEBBLES:
		split_row(pos, mv);
		break;
	case GAME_WYTHOFF:
		pos->part[0] -= mv->amount;
		pos->part[1] -= mv->second;
		break;
	case GAME_CHOMP:
		for (uint8_t row = mv->part; row < pos->count; row++) {
			if (pos->part[row] > mv->second) {
				pos->part[row] = mv->second;
			}
		}
		while (pos->count > 0 && pos->part[pos->count - 1] == 0) {
			pos->count--;
		}
		break;
	case GAME_TAKTIX:
	case GAME_NINETEEN:
		pos->part[0] &= ~mv->cells;
		break;
	case GAME_KUBO:
		if (mv->second == BRUTE_NONE) {
			pos->part[mv->part] -= mv->amount;
		} else {
			pos->part[mv->part]--;
			pos->part[mv->second]--;
		}
		break;
	default:
		break;
	}
}

/* ---- comparing ---- */

static int compare_u32(const void *a, const void *b)
{
	uint32_t x = *(const uint32_t *)a;
	uint32_t y = *(const uint32_t *)b;
	return (x > y) - (x < y);
}

/* The non-zero parts, sorted; returns how many. */
static uint8_t sorted_nonzero(const struct brute_pos *pos, uint32_t *out)
{
	uint8_t n = 0;
	for (uint8_t i = 0; i < pos->count; i++) {
		if (pos->part[i] != 0) {
			out[n++] = pos->part[i];
		}
	}
	qsort(out, n, sizeof(*out), compare_u32);
	return n;
}

bool brute_same(const struct brute_pos *a, const struct brute_pos *b)
{
	if (a->game != b->game || a->misere != b->misere || a->variant != b->variant || a->limit != b->limit ||
	    a->set != b->set || a->cols != b->cols) {
		return false;
	}
	switch (a->game) {
	case GAME_KAYLES:
	case GAME_PEBBLES:
	case GAME_DIVIDE: {
		uint32_t x[BRUTE_MAX_PARTS];
		uint32_t y[BRUTE_MAX_PARTS];
		uint8_t nx = sorted_nonzero(a, x);
		uint8_t ny = sorted_nonzero(b, y);
		return nx == ny && memcmp(x, y, nx * sizeof(*x)) == 0;
	}
	case GAME_CHOMP: {
		uint8_t na = a->count;
		uint8_t nb = b->count;
		while (na > 0 && a->part[na - 1] == 0) {
			na--;
		}
		while (nb > 0 && b->part[nb - 1] == 0) {
			nb--;
		}
		return na == nb && memcmp(a->part, b->part, na * sizeof(*a->part)) == 0;
	}
	case GAME_SUBTRACT_DIGIT:
	case GAME_PRIME_POWER:
	case GAME_TAKTIX:
	case GAME_NINETEEN:
		return a->part[0] == b->part[0];
	case GAME_KUBO:
		return memcmp(a->part, b->part, KUBO_STACKS * sizeof(*a->part)) == 0;
	case GAME_MATRIX_NIM:
		return a->count == b->count &&
		       memcmp(a->part, b->part, (size_t)a->count * a->cols * sizeof(*a->part)) == 0;
	case GAME_POKER_NIM:
		return a->count == b->count && memcmp(a->part, b->part, a->count * sizeof(*a->part)) == 0 &&
		       memcmp(a->start, b->start, a->count * sizeof(*a->start)) == 0 && a->adds[0] == b->adds[0] &&
		       a->adds[1] == b->adds[1];
	default:
		return a->count == b->count && memcmp(a->part, b->part, a->count * sizeof(*a->part)) == 0;
	}
}

bool brute_same_move(const struct brute_pos *pos, const struct brute_move *a, const struct brute_move *b)
{
	switch (pos->game) {
	case GAME_NIMBLE:
		/* Coins on one square are alike. */
		if (a->part < pos->count && b->part < pos->count && pos->part[a->part] == pos->part[b->part]) {
			return a->add == b->add && a->amount == b->amount && a->second == b->second;
		}
		return a->part == b->part && a->add == b->add && a->amount == b->amount && a->second == b->second;
	case GAME_MATRIX_NIM:
		return a->part == b->part && memcmp(a->take, b->take, sizeof(a->take)) == 0;
	case GAME_TAKTIX:
	case GAME_NINETEEN:
		return a->cells == b->cells;
	case GAME_KUBO:
		if (a->second != BRUTE_NONE && b->second != BRUTE_NONE) {
			return a->amount == b->amount && ((a->part == b->part && a->second == b->second) ||
							  (a->part == b->second && a->second == b->part));
		}
		return a->part == b->part && a->second == b->second && a->amount == b->amount;
	default:
		return a->part == b->part && a->add == b->add && a->amount == b->amount && a->second == b->second;
	}
}

/* ---- text for messages ---- */

static const char *const game_label[GAME_COUNT] = {
	"Nim",          "Misere Nim",  "Marienbad", "Limit Nim",  "Subtraction", "Subtract a digit",
	"Divide 2/3/6", "Prime power", "Nimble",    "Matrix Nim", "Poker Nim",   "Pebbles",
	"Kayles",       "Wythoff",     "Chomp",     "Taktix",     "Kubo",        "Nineteen",
};

struct text {
	char *at;
	size_t left;
};

static void text_add(struct text *t, const char *format, ...) __attribute__((format(printf, 2, 3)));

/* Appends to the text, cutting it short when the buffer is full. */
static void text_add(struct text *t, const char *format, ...)
{
	va_list args;
	va_start(args, format);
	int n = vsnprintf(t->at, t->left, format, args);
	va_end(args);
	if (n < 0) {
		return;
	}
	size_t used = (size_t)n < t->left ? (size_t)n : t->left - 1;
	t->at += used;
	t->left -= used;
}

/* How many parts a position's text shows. */
static uint8_t shown_parts(const struct brute_pos *pos)
{
	switch (pos->game) {
	case GAME_MATRIX_NIM:
		return (uint8_t)(pos->count * pos->cols);
	case GAME_KUBO:
		return KUBO_STACKS;
	case GAME_SUBTRACT_DIGIT:
	case GAME_PRIME_POWER:
	case GAME_TAKTIX:
	case GAME_NINETEEN:
		return 1;
	default:
		return pos->count;
	}
}

void brute_format(const struct brute_pos *pos, char *text, size_t size)
{
	struct text t = { text, size };
	if (size == 0) {
		return;
	}
	text[0] = '\0';
	text_add(&t, "%s %s", pos->game < GAME_COUNT ? game_label[pos->game] : "?", pos->misere ? "misere" : "normal");
	if (pos->game == GAME_TAKTIX) {
		text_add(&t, " %s", pos->variant ? "adjacent" : "any");
	} else if (pos->game == GAME_LIMIT_NIM) {
		text_add(&t, " k=%u", pos->limit);
	} else if (pos->game == GAME_SUBTRACTION) {
		text_add(&t, " S=0x%02x", pos->set);
	} else if (pos->game == GAME_POKER_NIM) {
		text_add(&t, " adds=%u/%u", pos->adds[0], pos->adds[1]);
	}
	text_add(&t, " [");
	for (uint8_t i = 0; i < shown_parts(pos); i++) {
		if (pos->game == GAME_TAKTIX || pos->game == GAME_NINETEEN) {
			text_add(&t, "0x%" PRIx32, pos->part[i]);
			continue;
		}
		if (i > 0) {
			text_add(&t, pos->game == GAME_MATRIX_NIM && i % pos->cols == 0 ? " / " : " ");
		}
		text_add(&t, "%" PRIu32, pos->part[i]);
		if (pos->game == GAME_POKER_NIM) {
			text_add(&t, "(<=%u)", pos->start[i]);
		}
	}
	text_add(&t, "]");
}

void brute_format_move(const struct brute_pos *pos, const struct brute_move *mv, char *text, size_t size)
{
	struct text t = { text, size };
	if (size == 0) {
		return;
	}
	text[0] = '\0';
	switch (pos->game) {
	case GAME_MATRIX_NIM:
		text_add(&t, "row %u take", mv->part);
		for (uint8_t c = 0; c < BRUTE_MATRIX_MAX; c++) {
			text_add(&t, " %u", mv->take[c]);
		}
		break;
	case GAME_TAKTIX:
	case GAME_NINETEEN:
		text_add(&t, "cells 0x%" PRIx32, mv->cells);
		break;
	default:
		text_add(&t, "part %u amount %" PRIu32 " second %" PRIu32 "%s", mv->part, mv->amount, mv->second,
			 mv->add ? " add" : "");
		break;
	}
}
