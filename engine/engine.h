/*
 * The Grundy Box engine: one interface for every game of the rulebook.
 *
 * Portable C99: integer-only, fixed memory (no malloc, no recursion whose
 * depth depends on the input), no AVR registers.  It builds unchanged for
 * the host (tests, the `grundy` command-line tool) and for the ATmega328P.
 * Tables live in flash and are read through engine/flash.h.
 *
 * Every function takes a position whose `game` field says which game it is
 * and dispatches on it, so the firmware and the serial console treat all
 * games alike.
 */
#ifndef ENGINE_H
#define ENGINE_H

#include <stdbool.h>
#include <stdint.h>

/* The games, numbered as in the rulebook (shared/notes/games.md), from 0. */
enum engine_game {
	GAME_NIM,            /* 1  heaps; normal play */
	GAME_MISERE_NIM,     /* 2  heaps; last stone loses */
	GAME_MARIENBAD,      /* 3  misère Nim from 1 3 5 7 */
	GAME_LIMIT_NIM,      /* 4  take 1..k from one heap */
	GAME_SUBTRACTION,    /* 5  take s in S from one heap, S a subset of 1..8 */
	GAME_SUBTRACT_DIGIT, /* 6  n minus one of its nonzero digits */
	GAME_DIVIDE,         /* 7  integers; n -> n/2, n/3 or n/6 */
	GAME_PRIME_POWER,    /* 8  n divided by a prime power dividing it */
	GAME_NIMBLE,         /* 9  coins slide left on a strip */
	GAME_MATRIX_NIM,     /* 10 take from cells of one row */
	GAME_POKER_NIM,      /* 11 Nim with bounded additions */
	GAME_PEBBLES,        /* 12 pebble strip, Dawson's chess (octal 0.137) */
	GAME_KAYLES,         /* 13 knock one pin or two adjacent (octal 0.77) */
	GAME_WYTHOFF,        /* 14 two heaps; one heap or the same from both */
	GAME_CHOMP,          /* 15 poisoned bottom-left piece */
	GAME_TAKTIX,         /* 16 4x4; one row or column */
	GAME_KUBO,           /* 17 3x3 stacks of 3 */
	GAME_NINETEEN,       /* 18 Dziewietnascie: hexagon of 19 */
	GAME_COUNT
};

enum engine_rule { RULE_NORMAL = 0, RULE_MISERE = 1 };
enum engine_taktix_variant { TAKTIX_ANY = 0, TAKTIX_ADJACENT = 1 };
enum engine_outcome { OUTCOME_P = 0, OUTCOME_N = 1 }; /* N: player to move wins */

/* Sizes of the fixed position record.  They bound what a position may hold;
 * the parser refuses anything larger with ENGINE_ERR_TOO_MANY.  Kayles and
 * pebble positions are bounded by the rows they could ever split into, so
 * that every position reachable fits (ENGINE_ERR_ROWS, engine/octal.c). */
#define ENGINE_MAX_HEAPS 8       /* Nim family, Poker Nim, Nimble coins, Divide numbers */
#define ENGINE_MAX_ROWS 40       /* Kayles rows, pebble strips */
#define ENGINE_MAX_FACTORS 9     /* distinct primes of a 32-bit number */
#define ENGINE_MATRIX_MAX 8      /* Matrix Nim: rows and columns */
#define ENGINE_CHOMP_MAX 8       /* Chomp board: columns, and rows of a diagram's key */
#define ENGINE_CHOMP_ROWS 4      /* Chomp board: rows, the 4x8 the rulebook asks for at least */
#define ENGINE_KUBO_STACKS 9
#define ENGINE_NINETEEN_CELLS 19
#define ENGINE_GRUNDY_UNKNOWN (-1) /* misère, or a game whose tables hold only P-positions */

/*
 * A position.  `game` selects the member of `u` in use; `count` is how many
 * heaps/rows/numbers/coins it holds.  Cells of boards are numbered row by
 * row from the top-left, bit i of a mask being cell i.
 */
struct position {
	uint8_t game;    /* enum engine_game */
	uint8_t rule;    /* enum engine_rule: Nim, Misère Nim, Marienbad (either rule; by default normal, misère, misère), Taktix */
	uint8_t variant; /* enum engine_taktix_variant for Taktix */
	uint8_t count;   /* parts in use: heaps, rows, numbers, coins, matrix rows, Chomp rows */
	uint8_t cols;    /* Matrix Nim columns */
	uint8_t limit;   /* Limit Nim k; Poker Nim: additions each player may make in a game */
	uint8_t set;     /* Subtraction: S as a mask, bit i set when i+1 is in S */
	union {
		uint16_t heap[ENGINE_MAX_HEAPS]; /* Nim family, Limit, Subtraction; Nimble: square of each coin; Wythoff: 2 */
		uint16_t row[ENGINE_MAX_ROWS];   /* Kayles: pins in each row; Pebbles: free cells in each strip */
		uint32_t number[ENGINE_MAX_HEAPS]; /* Subtract a digit (count 1), Divide */
		struct {
			uint32_t n;                      /* the number itself, kept for printing */
			uint32_t prime[ENGINE_MAX_FACTORS];
			uint8_t exponent[ENGINE_MAX_FACTORS];
		} factors;                               /* Prime power; count = distinct primes */
		uint8_t cell[ENGINE_MATRIX_MAX][ENGINE_MATRIX_MAX]; /* Matrix Nim */
		struct {
			uint16_t heap[ENGINE_MAX_HEAPS];
			uint16_t start[ENGINE_MAX_HEAPS]; /* a heap may never grow above its start */
			uint8_t adds_left[2];   /* [0]: the player to move, [1]: the other */
			uint8_t last_added;     /* heap the last move added to, or 0xFF */
		} poker;
		uint8_t chomp[ENGINE_CHOMP_MAX]; /* pieces in each row, bottom row first; non-increasing; row 0 col 0 is poison */
		uint16_t taktix;                 /* 16 cells, row-major from the top-left */
		uint8_t kubo[ENGINE_KUBO_STACKS]; /* pieces 0..3 in each stack, row-major */
		uint32_t nineteen;               /* 19 cells, rows of 3,4,5,4,3 from the top, left to right */
	} u;
};

/*
 * A move.  The member of `u` follows the game.  Indices are 0-based here;
 * the text forms (engine_print_move) are 1-based for people.
 */
struct move {
	union {
		struct {
			uint8_t heap;   /* heap, coin (Nimble), or number (Divide) */
			uint8_t add;    /* Poker Nim: 1 when stones are added */
			uint16_t count; /* stones taken or added; Nimble: squares moved left */
		} heap;
		struct {
			uint8_t index;   /* which number (count 1 games: 0) */
			uint8_t divisor; /* Divide: 2, 3 or 6.  Subtract a digit: the digit */
		} number;
		struct {
			uint8_t factor;   /* index into factors.prime */
			uint8_t exponent; /* k: divide by prime^k */
		} prime;
		struct {
			uint8_t row;
			uint8_t take[ENGINE_MATRIX_MAX]; /* stones taken from each cell of the row */
		} matrix;
		struct {
			uint8_t row;   /* Kayles row or pebble strip */
			uint8_t count; /* Kayles: 1 or 2 pins; Pebbles: 1 */
			uint16_t at;   /* first pin knocked / cell played, from the row's left end */
		} strip;
		struct {
			uint16_t take[2]; /* Wythoff: from each heap; equal, or one of them 0 */
		} wythoff;
		struct {
			uint8_t row; /* from the bottom, 0 is the poison row */
			uint8_t col; /* from the left */
		} chomp;
		uint32_t cells; /* Taktix, Nineteen: the cells removed */
		struct {
			uint8_t stack;  /* a stack */
			uint8_t other;  /* second, adjacent stack for a pair move, else 0xFF */
			uint8_t count;  /* 1..3 from one stack; 1 for a pair */
		} kubo;
	} u;
};

/* Why a text or a move was refused.  engine_error_text() gives each a short
 * message that fits the 16-column LCD. */
enum engine_error {
	ENGINE_OK = 0,
	ENGINE_ERR_SYNTAX,       /* "bad syntax" */
	ENGINE_ERR_NUMBER,       /* "not a number" */
	ENGINE_ERR_RANGE,        /* "out of range" */
	ENGINE_ERR_TOO_MANY,     /* "too many parts" */
	ENGINE_ERR_NO_SUCH,      /* "no such heap/row/cell" */
	ENGINE_ERR_EMPTY,        /* "that is empty" */
	ENGINE_ERR_NONE_TAKEN,   /* "take at least 1" */
	ENGINE_ERR_TOO_MUCH,     /* "not that many" */
	ENGINE_ERR_NOT_ALLOWED,  /* "amount not allowed" (not in S, over k, not a digit, not 2/3/6) */
	ENGINE_ERR_NOT_ADJACENT, /* "not adjacent" */
	ENGINE_ERR_NOT_IN_LINE,  /* "not one row/col" */
	ENGINE_ERR_BLOCKED,      /* "cell is blocked" (pebble next to a pebble) */
	ENGINE_ERR_POISON,       /* "that is poison" */
	ENGINE_ERR_ABOVE_START,  /* "above its start" */
	ENGINE_ERR_NO_ADDS,      /* "no adds left" */
	ENGINE_ERR_NOT_DIVISOR,  /* "does not divide" */
	ENGINE_ERR_GAME_OVER,    /* "game is over" */
	ENGINE_ERR_UNKNOWN_GAME, /* "unknown game" */
	ENGINE_ERR_ROWS,         /* "over 40 rows": Kayles, pebbles rows that could split into more */
	ENGINE_ERR_COUNT
};

/* Where printed text goes: a UART, the LCD, a host buffer. */
struct text_sink {
	void (*put)(struct text_sink *sink, char c);
};

/* ---- games ---- */

/* The descriptor fields live in flash; these copy one out or stream it. */
const char *engine_game_name(uint8_t game);    /* flash string (PGM on AVR) */
void engine_print_game_name(uint8_t game, struct text_sink *out);
/* A position and the moves, as `3 4 5; move H-N`: the position is the
 * game's example (its start), which shows the form positions take. */
void engine_print_game_syntax(uint8_t game, struct text_sink *out);
/* The moves alone, as `move H-N`. */
void engine_print_move_syntax(uint8_t game, struct text_sink *out);
void engine_print_game_example(uint8_t game, struct text_sink *out);
/* Game by name as typed (case-insensitive, `_` for `-`); GAME_COUNT if
 * unknown. */
uint8_t engine_find_game(const char *name, uint8_t len);

/* ---- positions ---- */

enum engine_error engine_parse_position(struct position *pos, uint8_t game, const char *text);
void engine_print_position(const struct position *pos, struct text_sink *out);
/* The rulebook's start position for a game, with its default parameters. */
void engine_start_position(struct position *pos, uint8_t game);

/* ---- moves ---- */

enum engine_error engine_parse_move(const struct position *pos, const char *text, struct move *mv);
void engine_print_move(const struct position *pos, const struct move *mv, struct text_sink *out);
/* ENGINE_OK when `mv` is legal in `pos`, else the reason it is not. */
enum engine_error engine_check_move(const struct position *pos, const struct move *mv);
/* Applies a legal move (check it first). */
void engine_apply_move(struct position *pos, const struct move *mv);
/* Enumeration in a fixed order: first call with first=true.  Returns false
 * when there are no more moves. */
bool engine_next_move(const struct position *pos, struct move *mv, bool first);
bool engine_game_over(const struct position *pos); /* no legal move left */

/* ---- analysis ---- */

enum engine_outcome engine_outcome(const struct position *pos);
/* Sprague-Grundy value, or ENGINE_GRUNDY_UNKNOWN. */
int32_t engine_grundy(const struct position *pos);
/* The machine's move: a winning move when one exists; otherwise a legal move
 * chosen to keep the game going.  False only when the game is over. */
bool engine_best_move(const struct position *pos, struct move *mv);

/* The one-line analysis shared by the host tool and the serial console:
 *   game=<name> outcome=<N|P> grundy=<g|-> move=<move|-> after=<position|->  */
void engine_print_analysis(const struct position *pos, struct text_sink *out);

void engine_print_error(enum engine_error err, struct text_sink *out);

#endif
