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

/* The games, numbered as in the rulebook (docs/rules.md), from 0:
 * GAME_NIM, GAME_MISERE_NIM, ... GAME_NINETEEN, one for each entry of
 * engine/games.def, which describes them. */
enum engine_game {
#define GAME(ID, ...) GAME_##ID,
#include "engine/games.def"
	GAME_COUNT
};

/*
 * The games a build leaves out, chosen per edition (GAMES_LEFT_OUT in
 * editions/NAME.mk): the Makefile passes -DENGINE_LEFT_OUT_<ID>=1 for
 * each, and a game whose switch is unset is in, so the host's builds hold
 * every game.  The ids stay the same in every build (the EEPROM's records
 * name games by them); a game left out is one the menu never offers, the
 * console does not know and the engine refuses as an unknown game, and
 * the code and tables that only it uses are not linked.
 *
 * ENGINE_SWITCH_SET(X) is 1 when X is a macro defined as 1, else 0, as
 * Linux's IS_ENABLED reads its configuration: it lets one line of
 * games.def per game read a switch that may be unset.
 */
#define ENGINE_SWITCH_SET(x) ENGINE_SWITCH_SET_(x)
#define ENGINE_SWITCH_SET_(value) ENGINE_SWITCH_SET__(ENGINE_SWITCH_ON_##value)
#define ENGINE_SWITCH_ON_1 0,
#define ENGINE_SWITCH_SET__(on_or_junk) ENGINE_SWITCH_SECOND(on_or_junk 1, 0, 0)
#define ENGINE_SWITCH_SECOND(ignored, value, ...) value
_Static_assert(GAME_COUNT <= 32, "a bit of a 32-bit word for each game");

/* Whether `game` (below GAME_COUNT) is in this build.  A constant when no
 * game is left out, so that such builds spend nothing on the question. */
static inline bool engine_game_present(uint8_t game)
{
	uint32_t left_out = 0u
#define GAME(ID, ...) | ((uint32_t)ENGINE_SWITCH_SET(ENGINE_LEFT_OUT_##ID) << GAME_##ID)
#include "engine/games.def"
		;
	return ((left_out >> game) & 1u) == 0;
}

/* The game set up before anyone chooses one: Marienbad, the Odra's. */
#define ENGINE_GAME_FIRST GAME_MARIENBAD

enum engine_rule { RULE_NORMAL = 0, RULE_MISERE = 1 };
enum engine_taktix_variant { TAKTIX_ANY = 0, TAKTIX_ADJACENT = 1 };
enum engine_outcome { OUTCOME_P = 0, OUTCOME_N = 1 }; /* N: player to move wins */

/* Sizes of the fixed position record.  They bound what a position may hold;
 * the parser refuses anything larger with ENGINE_ERR_TOO_MANY.  A Kayles or
 * pebbles position to be played is also bounded by the rows it could ever
 * split into, so that every position of its game fits (ENGINE_ERR_ROWS,
 * engine/octal.c); one to be analysed only by the record. */
#define ENGINE_MAX_HEAPS 8   /* Nim family, Poker Nim, Nimble coins, Divide numbers */
#define ENGINE_MAX_ROWS 40   /* Kayles rows, pebble strips */
#define ENGINE_MAX_FACTORS 9 /* distinct primes of a 32-bit number */
#define ENGINE_MATRIX_MAX 8  /* Matrix Nim: rows and columns */
#define ENGINE_CHOMP_MAX 8   /* Chomp board: columns, and rows of a diagram's key */
#define ENGINE_CHOMP_ROWS 4  /* Chomp board: rows, the 4x8 the rulebook asks for at least */
#define ENGINE_KUBO_STACKS 9
#define ENGINE_NINETEEN_CELLS 19
#define ENGINE_GRUNDY_UNKNOWN (-1) /* misère, or a game whose tables hold only P-positions */

/*
 * A position.  `game` selects the member of `u` in use; `count` is how many
 * heaps/rows/numbers/coins it holds.  Cells of boards are numbered row by
 * row from the top-left, bit i of a mask being cell i.
 */
struct position {
	uint8_t game; /* enum engine_game */
	uint8_t rule; /* enum engine_rule: Nim, Misère Nim, Marienbad (either rule; by default normal, misère, misère), Taktix */
	uint8_t variant; /* enum engine_taktix_variant for Taktix */
	uint8_t count;   /* parts in use: heaps, rows, numbers, coins, matrix rows, Chomp rows */
	uint8_t cols;    /* Matrix Nim columns */
	uint8_t limit;   /* Limit Nim k; Poker Nim: additions each player may make in a game */
	uint8_t set;     /* Subtraction: S as a mask, bit i set when i+1 is in S */
	union {
		uint16_t heap
			[ENGINE_MAX_HEAPS]; /* Nim family, Limit, Subtraction; Nimble: square of each coin; Wythoff: 2 */
		uint16_t row[ENGINE_MAX_ROWS];     /* Kayles: pins in each row; Pebbles: free cells in each strip */
		uint32_t number[ENGINE_MAX_HEAPS]; /* Subtract a digit (count 1), Divide */
		struct {
			uint32_t n; /* the number itself, kept for printing */
			uint32_t prime[ENGINE_MAX_FACTORS];
			uint8_t exponent[ENGINE_MAX_FACTORS];
		} factors;                                          /* Prime power; count = distinct primes */
		uint8_t cell[ENGINE_MATRIX_MAX][ENGINE_MATRIX_MAX]; /* Matrix Nim */
		struct {
			uint16_t heap[ENGINE_MAX_HEAPS];
			uint16_t start[ENGINE_MAX_HEAPS]; /* a heap may never grow above its start */
			uint8_t adds_left[2];             /* [0]: the player to move, [1]: the other */
			uint8_t last_added;               /* heap the last move added to, or 0xFF */
		} poker;
		uint8_t chomp
			[ENGINE_CHOMP_MAX]; /* pieces in each row, bottom row first; non-increasing; row 0 col 0 is poison */
		uint16_t taktix;            /* 16 cells, row-major from the top-left */
		uint8_t kubo[ENGINE_KUBO_STACKS]; /* pieces 0..3 in each stack, row-major */
		uint32_t nineteen;                /* 19 cells, rows of 3,4,5,4,3 from the top, left to right */
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
			uint8_t stack; /* a stack */
			uint8_t other; /* second, adjacent stack for a pair move, else 0xFF */
			uint8_t count; /* 1..3 from one stack; 1 for a pair */
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

/* How a game is drawn: on the LCD (firmware/view.h) a line of numbers, a
 * strip of pins or cells, or one of the boards; on the serial console
 * (firmware/console_commands.c) below the position's text, which is all
 * it shows of the numbers' games. */
enum engine_picture {
	ENGINE_PICTURE_GRID,    /* a line; the console draws the text's rows, numbered */
	ENGINE_PICTURE_NUMBERS, /* a line; the console adds nothing */
	ENGINE_PICTURE_HEAPS,   /* a line; the console draws each part a row of matches */
	ENGINE_PICTURE_STRIP,   /* a strip; the console's matches */
	ENGINE_PICTURE_CHOMP,   /* a rectangle of up to rows x cols; the console's matches */
	/* The boards below are drawn by the console as the text's rows, one
	 * a line, lettered as moves name them. */
	ENGINE_PICTURE_TAKTIX,   /* a square of rows x cols cells */
	ENGINE_PICTURE_KUBO,     /* rows of stacks, each stack 3 places side by side */
	ENGINE_PICTURE_NINETEEN, /* a hexagon: rows of cols - (rows away from the middle) cells */
};

/* Whether a game drawn as `picture` is in this build: a constant, so that
 * the code that draws only what a build left out is not linked. */
static inline bool engine_picture_present(uint8_t picture)
{
	uint8_t present = 0u
#define GAME(ID, name, moves, example, summary, family, picture_, ...) \
	| (ENGINE_SWITCH_SET(ENGINE_LEFT_OUT_##ID) ? 0u : 1u << ENGINE_PICTURE_##picture_)
#include "engine/games.def"
		;
	return ((present >> picture) & 1u) != 0;
}

/* Where the numbers of a position's parts are, and how large they may be. */
enum engine_values {
	ENGINE_VALUES_HEAP16,   /* u.heap (or u.row), 0-65535 */
	ENGINE_VALUES_NUMBER32, /* u.number (Prime power: n), 0-4294967295 */
	ENGINE_VALUES_CELL8,    /* u.cell, row by row, 0-255 */
	ENGINE_VALUES_BYTE8,    /* u.chomp or u.kubo */
};

/* The words of the descriptions, one list in the order of
 * engine/games.def: the words for parts (ENGINE_WORD_HEAP ...), then the
 * verbs of moves (ENGINE_VERB_TAKE ...). */
enum engine_word {
#define PART_WORD(ID, text) ENGINE_WORD_##ID,
#define VERB(ID, text) ENGINE_VERB_##ID,
#include "engine/games.def"
	ENGINE_WORDS
};
/* The form of a word: a part word's one or many ("Heap", "Heaps"), a
 * verb's for the person or the machine ("Take", "I take"). */
enum engine_word_form { ENGINE_FORM_ONE, ENGINE_FORM_MANY, ENGINE_FORM_YOURS = 0, ENGINE_FORM_MINE = 1 };

/* What a position says besides its parts, each a menu item: */
#define ENGINE_HAS_RULE 0x01u    /* normal or misere */
#define ENGINE_HAS_VARIANT 0x02u /* Taktix: any or adjacent */
#define ENGINE_HAS_LIMIT 0x04u   /* k, from limit_least to ENGINE_LIMIT_MOST */
#define ENGINE_HAS_SET 0x08u     /* S, a non-empty subset of 1-8 */
#define ENGINE_HAS_COUNT 0x10u   /* how many parts, 1 to rows */
#define ENGINE_HAS_COLS 0x20u    /* how many columns, 1 to cols */
#define ENGINE_HAS_VALUES 0x40u  /* the parts' numbers: count (x cols) of them, else rows */
#define ENGINE_LIMIT_MOST 255u

/* A game's facts, as engine/games.def gives them (see there): 32 bits in
 * flash, which come back from engine_game_facts() in registers. */
struct engine_facts {
	uint8_t picture : 3;     /* enum engine_picture */
	uint8_t values : 2;      /* enum engine_values */
	uint8_t word : 3;        /* the part word: enum engine_word */
	uint8_t settings : 7;    /* ENGINE_HAS_* */
	uint8_t limit_least : 1; /* k's least */
	uint8_t rows : 4;        /* the most parts the menu sets up; a board's rows */
	uint8_t cols : 4;        /* the most columns; a board's places in its widest row */
	uint8_t amount : 4;      /* the most a move names at a part not empty; 0: the part's number */
	uint8_t verb : 4;        /* enum engine_word, less ENGINE_VERB_TAKE */
};

/* A game's texts.  The example, which is also its start position, has at
 * most ENGINE_EXAMPLE_MAX characters. */
#define ENGINE_EXAMPLE_MAX 40
enum engine_text { ENGINE_TEXT_NAME, ENGINE_TEXT_MOVES, ENGINE_TEXT_EXAMPLE, ENGINE_TEXT_SUMMARY, ENGINE_TEXTS };

/* The facts of a game below GAME_COUNT. */
struct engine_facts engine_game_facts(uint8_t game);
/* One text of a game (enum engine_text) but its name
 * (engine_game_name): they are packed (engine/packed_text.h), so they
 * are printed rather than pointed at.  The summary is in the language of
 * the texts (text_language); the others are the console's syntax. */
void engine_print_game_text(uint8_t game, uint8_t text, struct text_sink *out);
/* The game's name as a person reads it, in the language of the texts,
 * where the put_* functions of engine/text.h print: in English its name
 * capitalised, a space for each '-' ("Misere nim"). */
void engine_put_game_title(uint8_t game);
/* A word of the descriptions (enum engine_word) in form `form` (enum
 * engine_word_form) and the language of the texts, where the put_*
 * functions of engine/text.h print. */
void engine_put_word(uint8_t word, uint8_t form);
/* The English word, a flash string. */
const char *engine_word(uint8_t word);

const char *engine_game_name(uint8_t game); /* flash string (PGM on AVR) */
void engine_print_game_name(uint8_t game, struct text_sink *out);
/* A position and the moves, as `3 4 5; move H-N`: the position is the
 * game's example (its start), which shows the form positions take. */
void engine_print_game_syntax(uint8_t game, struct text_sink *out);
/* The moves alone, as `move H-N`. */
void engine_print_move_syntax(uint8_t game, struct text_sink *out);
void engine_print_game_example(uint8_t game, struct text_sink *out);
/* Game by name as typed (case-insensitive, `_` for `-`); GAME_COUNT if
 * unknown or left out of this build. */
uint8_t engine_find_game(const char *name, uint8_t len);

/* ---- positions ---- */

/* A position to play: any the record holds from which every game fits it
 * too.  Kayles and pebbles rows that could split into more than
 * ENGINE_MAX_ROWS are refused (ENGINE_ERR_ROWS). */
enum engine_error engine_parse_position(struct position *pos, uint8_t game, const char *text);
/* A position to analyse: any the record holds.  The position after one
 * move may then hold one row more than the record (a row split while all
 * ENGINE_MAX_ROWS are in use): engine_print_position_after prints it, and
 * engine_move_fits says whether engine_apply_move may play the move. */
enum engine_error engine_parse_position_to_analyse(struct position *pos, uint8_t game, const char *text);
void engine_print_position(const struct position *pos, struct text_sink *out);
/* The rulebook's start position for a game, with its default parameters. */
void engine_start_position(struct position *pos, uint8_t game);

/* ---- moves ---- */

/* ENGINE_OK when `text` reads as a move in `pos`'s game (whether it is
 * legal there is engine_check_move's question); after an error *mv holds
 * no move. */
enum engine_error engine_parse_move(const struct position *pos, const char *text, struct move *mv);
void engine_print_move(const struct position *pos, const struct move *mv, struct text_sink *out);
/* ENGINE_OK when `mv` is legal in `pos`, else the reason it is not. */
enum engine_error engine_check_move(const struct position *pos, const struct move *mv);
/* The same in a position known to have a move (a game in progress, which
 * its keeper ends as soon as none is left): the game-over search skipped. */
enum engine_error engine_check_move_in_play(const struct position *pos, const struct move *mv);
/* Applies a legal move (check it first) whose position fits the record:
 * always, from a position to play (engine_parse_position). */
void engine_apply_move(struct position *pos, const struct move *mv);
/* Whether the position after a legal move fits the record: false only for
 * a row split while all ENGINE_MAX_ROWS rows are in use. */
bool engine_move_fits(const struct position *pos, const struct move *mv);
/* The position a legal move leaves, whether it fits the record or not. */
void engine_print_position_after(const struct position *pos, const struct move *mv, struct text_sink *out);
/* The outcome for the player to move after a legal move, whether its
 * position fits the record or not. */
enum engine_outcome engine_outcome_after(const struct position *pos, const struct move *mv);
/* Enumeration in a fixed order: first call with first=true.  Returns false
 * when there are no more moves. */
bool engine_next_move(const struct position *pos, struct move *mv, bool first);
bool engine_game_over(const struct position *pos); /* no legal move left */
/* A legal move that keeps the game going, whatever the position: the move
 * engine_best_move plays from a losing position in the sums of parts (the
 * least amount at the largest part that has a move); on the boards, the
 * first legal move in the module's list from number `from` on, or from
 * its start when there is none after (the other games ignore `from`).
 * False only when the game is over. */
bool engine_keep_going(const struct position *pos, uint8_t from, struct move *mv);

/* A move as the buttons make it, a part and an amount at it.  The parts
 * are the heaps, numbers, factors, coins, rows, strips or stacks; Matrix
 * Nim's are its cells, row by row; Wythoff's 0 and 1 its heaps and 2 both.
 * The boards that pick cells (Chomp, Taktix, Nineteen) have none. */
uint8_t engine_move_part(const struct position *pos, const struct move *mv);
/* What a move at one part takes (adds, subtracts, the divisor, the
 * exponent, the squares, the pins); 0 for the moves at several parts or
 * cells (Matrix Nim, Kubo, the boards), which engine_print_move says. */
uint16_t engine_move_amount(const struct position *pos, const struct move *mv);
/* Makes *mv a move of `amount` at `part`, keeping what else it says:
 * Poker Nim's adding, a strip's pin, Matrix Nim's takes from the row's
 * other cells (a part in another row starts a new move).  Kubo: 1-3 from
 * the stack, 4 and 5 one each from it and the stack on its right, or
 * below it. */
void engine_move_set(const struct position *pos, struct move *mv, uint8_t part, uint16_t amount);
/* The most a move such as `mv` (Poker Nim's: adding or taking) may name at
 * `part`, as engine_move_set takes it; 0: nothing to take there.  The
 * rules may still refuse an amount within it (over k, not in S, a digit
 * n lacks, a pin past the row's end, a stack too low). */
uint16_t engine_move_most(const struct position *pos, const struct move *mv, uint8_t part);

/* The number of part `i` (engine/parts.c), as the menu sets it up: a
 * heap, a number, a coin's square, a row's pins or a strip's cells, a
 * Matrix Nim cell (row by row over its columns), a Chomp row's pieces or
 * a Kubo stack's; Prime power: n itself (i = 0). */
uint32_t engine_part_value(const struct position *pos, uint8_t i);
/* Sets the number of part `i`, cut to what its field holds (Poker Nim:
 * the heap's start too). */
void engine_set_part_value(struct position *pos, uint8_t i, uint32_t value);
/* Poker Nim: the start of heap `i`, above which it never grows. */
uint16_t engine_part_start(const struct position *pos, uint8_t i);
/* Prime power: the prime of factor `i` (its exponent is the part's
 * number a move divides by, engine_move_most). */
uint32_t engine_factor_prime(const struct position *pos, uint8_t i);
/* What the lamps show of part `i` (engine_part_value for a board of
 * parts; a sum's part as its strategy sees it): a heap, a number, a
 * coin's square, a row's pins or a strip's cells; Prime power's exponent
 * of factor `i`; Matrix Nim's row `i`, all its cells' stones. */
uint32_t engine_part_size(const struct position *pos, uint8_t i);
/* The pieces on a board of cells (Taktix, Nineteen), bit i for cell i,
 * counted row by row from the top-left. */
uint32_t engine_board_cells(const struct position *pos);
/* engine_part_value of a game drawn as a strip (Kayles' rows of pins,
 * Pebbles' strips of cells), and of a board of parts (Chomp's rows, Kubo's
 * stacks), as wide as they are.  Inline, as reads: the LCD asks them at
 * every place it draws. */
static inline uint16_t engine_strip_row(const struct position *pos, uint8_t i)
{
	return pos->u.row[i];
}
static inline uint8_t engine_board_part(const struct position *pos, uint8_t i)
{
	return pos->u.kubo[i]; /* or Chomp's row: the same bytes, and Kubo's array is the longer */
}
/* Whether the parts are the Odra's matches, rows of 1, 3, 5 and 7 that
 * the lamps light a lamp a match and the words name (Marienbad). */
bool engine_parts_are_matches(const struct position *pos);
/* Part `i` as the line of numbers shows it, where the put_* functions of
 * engine/text.h print: its number; Prime power's factor p^k (p for k = 1). */
void engine_put_part(const struct position *pos, uint8_t i);

/* What a cursor on the parts may point at and name (firmware/view.c). */
/* Whether a move may take from every part at once, a place after the last
 * part (Wythoff: both heaps, engine_move_part's 2). */
bool engine_move_all_parts(const struct position *pos);
/* Whether a move such as `mv` may ever be made at `part`: something to
 * take there (engine_move_most), or a Poker Nim heap that began with
 * something, which may grow back. */
bool engine_part_in_play(const struct position *pos, const struct move *mv, uint8_t part);
/* The amount a cursor names when it comes to `part`: what `mv`, begun in
 * a Matrix Nim row, takes from that cell already; Divide's least divisor,
 * 2; else 1. */
uint16_t engine_move_first_amount(const struct position *pos, const struct move *mv, uint8_t part);
/* Whether the cursor passes over `amount`, which no move of the game ever
 * names (Divide's 1, 4 and 5). */
bool engine_move_amount_skipped(const struct position *pos, uint16_t amount);
/* Whether `mv` adds (Poker Nim's additions), rather than takes. */
bool engine_move_adds(const struct position *pos, const struct move *mv);
/* Whether a move may add as well as take (Poker Nim: mv->u.heap.add, 1
 * when it adds). */
bool engine_moves_add(const struct position *pos);
/* Makes a zeroed `mv` the move that has picked nothing and begun nowhere
 * (Chomp's piece and Matrix Nim's row none). */
void engine_move_none(const struct position *pos, struct move *mv);
/* Whether a board's move has picked something: Chomp's piece (one piece,
 * which eats the others), or cells. */
bool engine_move_picks(const struct position *pos, const struct move *mv);
/* Picks or unpicks Chomp's piece at place (x, y), x from the left and y
 * from the bottom row, one piece at a time, and true; false on a board
 * whose moves pick cells (engine_move_pick_cell). */
bool engine_move_pick_piece(const struct position *pos, struct move *mv, uint8_t x, uint8_t y);
/* Picks or unpicks cell `cell` (Taktix, Nineteen: counted row by row from
 * the top-left). */
void engine_move_pick_cell(struct move *mv, uint8_t cell);
/* What a move at one part names after its verb, where the put_* functions
 * of engine/text.h print: `amount` (engine_move_amount); Prime power's
 * p^k, Nimble's square the coin moves to, Matrix Nim's takes from each
 * cell of the row. */
void engine_put_move_amount(const struct position *pos, const struct move *mv, uint8_t part, uint16_t amount);

/* Whether a position record kept elsewhere (the EEPROM's set-up) holds
 * one to print: a game of this build, rule and variant 0 or 1, the
 * columns and the parts within the record as the menu sets them up. */
bool engine_record_fits(const struct position *pos);

/* The set-up as the menu changes it, a byte at a time (firmware/menu.c). */
/* The byte that holds a set-up's columns: Matrix Nim's columns, Chomp's
 * width (its first row's length). */
uint8_t *engine_setup_cols(struct position *pos);
/* Makes what follows the menu's bytes follow them: Chomp's rows, all
 * as long as the first, as many as the count; Poker Nim's additions, k
 * for each player, as at every game's beginning. */
void engine_setup_settle(struct position *pos);

/* ---- analysis ---- */

enum engine_outcome engine_outcome(const struct position *pos);
/* Sprague-Grundy value, or ENGINE_GRUNDY_UNKNOWN. */
int32_t engine_grundy(const struct position *pos);
/* The machine's move: a winning move when one exists; otherwise a legal move
 * chosen to keep the game going.  False only when the game is over. */
bool engine_best_move(const struct position *pos, struct move *mv);

/* How many of a board game's (Chomp, Taktix, Kubo, Nineteen) legal moves
 * win (leave a losing position). */
uint8_t engine_count_board_wins(const struct position *pos);

/* The reason why, one line for the serial console's `why` and the LCD's
 * marquee (engine/teach.c):
 *   Nim, misere Nim, Marienbad, Poker Nim: each heap in binary groups,
 *     and the groups left unpaired (none: every move loses):
 *                         groups 3=2+1 4 5=4+1, unpaired 2
 *     near a misere game's end, the rule that takes over instead:
 *                         groups 1 1 3=2+1, unpaired 2+1, misere: leave odd 1s
 *   Subtract a digit:     multiples of 10 lose
 *   the other sums, each part's size and Grundy value, and their XOR (0:
 *     every move loses):  grundy 1:1 12:4, xor 5
 *   Wythoff, the cold (losing) pairs of the smaller heap and of the
 *     heaps' difference:  cold pairs 3,5 6,10
 *   the boards, how many moves win (0: every move loses):
 *                         winning moves 2 */
void engine_print_why(const struct position *pos, struct text_sink *out);
/* ---- levels of play ---- */

/* The machine's levels: below ENGINE_LEVEL_PERFECT it slips at times
 * (engine/level.c says how); at it, it plays engine_best_move. */
#define ENGINE_LEVEL_LEAST 1u
#define ENGINE_LEVEL_PERFECT 3u

/* The machine's move at `level` (ENGINE_LEVEL_LEAST to
 * ENGINE_LEVEL_PERFECT; any higher counts as perfect).  `seed` decides
 * the chances below perfect: any number that differs unpredictably from
 * move to move (the device gives the time of the person's last move, in
 * milliseconds; the host's measures a pseudo-random sequence, and so
 * repeat every game).  False only when the game is over. */
bool engine_level_move(const struct position *pos, uint8_t level, uint16_t seed, struct move *mv);

/* The one-line analysis shared by the host tool and the serial console:
 *   game=<name> outcome=<N|P> grundy=<g|-> move=<move|-> after=<position|->  */
void engine_print_analysis(const struct position *pos, struct text_sink *out);

void engine_print_error(enum engine_error err, struct text_sink *out);

#endif
