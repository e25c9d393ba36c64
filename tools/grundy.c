/*
 * grundy: the engine on the command line, for analysis and for checking
 * exercises.  It answers with the same one line the device's serial
 * console prints, produced by the same engine code:
 *
 *   grundy GAME POSITION...          game=... outcome=... grundy=... move=... after=...
 *   grundy GAME POSITION... --moves  every legal move, with the outcome after it
 *   grundy GAME POSITION... --move M the analysis after playing M (refused if illegal)
 *   grundy --list                    every game, its syntax and an example
 *
 * Without a position, the game's rulebook start position is used.  Errors
 * go to stderr, with the expected syntax, and the exit status is 1 (2 for
 * a wrong command line).
 */
#include <ctype.h>
#include <stdbool.h>
#include <stdio.h>
#include <string.h>

#include "engine/engine.h"
#include "engine/text.h"

#define LINE_MAX_CHARS 1024
/* --moves lists at most this many moves, more than anyone reads: a Matrix
 * Nim grid of 8x8 cells of 255 has 8 * (256^8 - 1), which would print for
 * ever, and Nim's 8 heaps of 65535 have 524,280. */
#define MOVES_MAX 100000ul

static void file_put(struct text_sink *sink, char c)
{
	(void)sink;
	putchar(c);
}

static void error_put(struct text_sink *sink, char c)
{
	(void)sink;
	fputc(c, stderr);
}

static struct text_sink out = { file_put };
static struct text_sink err_out = { error_put };

static void print_usage(FILE *f)
{
	fprintf(f, "usage: grundy GAME [POSITION...] [--moves | --move MOVE]\n"
		   "       grundy --list | --help\n");
}

static void print_help(void)
{
	print_usage(stdout);
	printf("\nAnalyses a position of one of the Grundy Box games and prints one line:\n"
	       "  game=NAME outcome=N|P grundy=G|- move=MOVE|- after=POSITION|-\n"
	       "outcome N: the player to move wins; P: the player to move loses.\n"
	       "grundy: the Sprague-Grundy value, or - where the engine has none (misere\n"
	       "play, Wythoff, the board games, subtract-a-digit above 100000).\n"
	       "move: a winning move, or from a losing position the move the machine would\n"
	       "play; after: the position it leaves, in the same syntax as the input.\n"
	       "Without a position, the game's start position is analysed.\n\n"
	       "  --list        every game with its position and move syntax and an example\n"
	       "  --moves       list every legal move with the outcome it leaves; at most\n"
	       "                %lu lines of moves, then a line saying the list stops there\n"
	       "                (an 8x8 matrix-nim grid has more moves than could ever be listed)\n"
	       "  --move MOVE   play MOVE (refused with the reason if illegal), then analyse\n\n"
	       "Example: grundy marienbad 1 3 5 7\n",
	       MOVES_MAX);
}

/* What the games' descriptions (engine/games.def) leave out, for people
 * (host only: the device has no flash to spare for it): the position's
 * syntax, whose parameters the engine's example does not always show, and
 * notes on the moves and on the ranges of what the device sets up.
 * Indexed by enum engine_game. */
static const char *const game_positions[GAME_COUNT] = {
	"[misere] HEAP...",
	"[normal] HEAP...",
	"[normal] HEAP...",
	"[k=K] HEAP...",
	"[S=A,B,..] HEAP...",
	"N",
	"N...",
	"N",
	"SQUARE...",
	"ROW / ROW...",
	"[k=K] HEAP[/START]...",
	"STRIP...",
	"ROW...",
	"A B",
	"RxC or ROW...",
	"[any|adjacent] [normal|misere] ROW/ROW/ROW/ROW",
	"ROW/ROW/ROW",
	"ROW/ROW/ROW/ROW/ROW",
};

static const char *const game_notes[GAME_COUNT] = {
	"1-8 heaps of 0-65535; H-N takes N from heap H (heaps count from 1); misere: last stone loses",
	"Nim where the last stone loses; `normal` before the heaps plays normal Nim",
	"misere Nim from 1 3 5 7, the Odra 1003's game; heaps 0-65535, `normal` for normal play",
	"take 1 to K stones (K 1-255, default 3) from one heap",
	"take s stones, s in S (a subset of 1-8, default 1,3,4), from one heap; any heap up to 65535",
	"N 0-4294967295; -D subtracts a nonzero digit D of N; reaching 0 wins; grundy up to N = 100000",
	"1-8 numbers of 0-4294967295; I/D replaces number I by itself divided by D = 2, 3 or 6 (rounded down)",
	"N 1-4294967295; /P^K divides N by the prime power P^K (/P for K = 1); reaching 1 wins",
	"the square (0-65535) of each of 1-8 coins; F>T moves a coin from square F to a square T < F",
	"up to 8 rows of up to 8 cells of 0-255, rows split by /; R:N,N,... takes N from each cell of row R",
	"k = additions each player may make (default 2); H-N takes N from heap H, H+N adds N up to START; "
	"left=A,B: additions left to the player to move and to the other",
	"free cells of each of 1-40 strips of 0-65535; S.C puts a pebble on cell C of strip S; a game to "
	"play (new, go, the menu) must never be able to split into more than 40 strips, the most a position "
	"holds: a strip of n cells can become ceil(n/4) strips and one of 0 counts 1, so one strip has at "
	"most 160 cells, and 40 strips at most 4 each",
	"pins in each of 1-40 rows of 0-65535; R.P knocks pin P of row R, R.P-Q (or R.Q-P) two adjacent "
	"pins; a game to play (new, go, the menu) must never be able to split into more than 40 rows, the "
	"most a position holds: a row of n pins can become ceil(n/2) rows and one of 0 counts 1, so one row "
	"has at most 80 pins, and 40 rows at most 2 each",
	"two heaps of 0-65535; A,B takes A from the first and B from the second: one of them 0, or both equal",
	"RxC, or row lengths from the bottom, non-increasing, up to 4x8; R,C takes the piece in row R from "
	"the bottom, column C, and all above and to the right; the bottom-left piece is poison",
	"4x4 of O (piece) and . (empty), rows from the top; a move takes pieces of one row or column "
	"(a1,a2,a4 or b1-b3, or b3-b1; columns a-d, rows 1-4; a cell named twice is refused); adjacent: only "
	"pieces next to each other",
	"3 rows of 3 stacks of 0-3 from the top; b2-3 takes 3 from stack b2, a1+a2 one from each of two "
	"adjacent stacks (columns a-c, rows 1-3)",
	"rows of 3,4,5,4,3 cells of O and . from the top; a move takes 1-3 mutually adjacent pieces, "
	"e.g. c3,c4,b3 (rows a-e, c3 the centre; a cell named twice is refused)",
};

/* Other names people know the games by (the engine knows the names only). */
static const struct {
	const char *name;
	uint8_t game;
} aliases[] = {
	{ "bouton", GAME_NIM },
	{ "misere", GAME_MISERE_NIM },
	{ "odra", GAME_MARIENBAD },
	{ "limit", GAME_LIMIT_NIM },
	{ "subtract", GAME_SUBTRACTION },
	{ "digit", GAME_SUBTRACT_DIGIT },
	{ "subtract-a-digit", GAME_SUBTRACT_DIGIT },
	{ "prime", GAME_PRIME_POWER },
	{ "matrix", GAME_MATRIX_NIM },
	{ "poker", GAME_POKER_NIM },
	{ "dawson", GAME_PEBBLES },
	{ "pebble-strip", GAME_PEBBLES },
	{ "tactix", GAME_TAKTIX },
	{ "dziewietnascie", GAME_NINETEEN },
};

/* The game named, as the engine reads names (case-insensitive, `_` for
 * `-`), or one of the aliases; GAME_COUNT if none. */
static uint8_t find_game(const char *name)
{
	size_t length = strlen(name);
	uint8_t game = engine_find_game(name, (uint8_t)(length > 255 ? 255 : length));
	for (size_t a = 0; game == GAME_COUNT && a < sizeof aliases / sizeof aliases[0]; a++) {
		const char *alias = aliases[a].name;
		size_t i = 0;
		while (i < length && alias[i] != '\0' &&
		       (name[i] == '_' ? '-' : tolower((unsigned char)name[i])) == alias[i]) {
			i++;
		}
		if (i == length && alias[i] == '\0') {
			game = aliases[a].game;
		}
	}
	return game;
}

/* The position's syntax and the engine's move syntax, as one line. */
static void print_syntax(uint8_t game, FILE *f, struct text_sink *sink)
{
	fprintf(f, "%s; ", game_positions[game]);
	engine_print_move_syntax(game, sink);
}

/* The part word, in lower case, and an 's' for many. */
static void print_parts(const struct engine_facts *f, unsigned many)
{
	for (const char *p = engine_word(f->word); *p != '\0'; p++) {
		putchar(tolower((unsigned char)*p));
	}
	printf("%s", many > 1 ? "s" : "");
}

/* What the description says the device's menu sets up: the parameters
 * and their ranges, and how many parts. */
static void print_ranges(const struct engine_facts *f)
{
	static const char *const value_ranges[] = { "0-65535", "0-4294967295", "0-255", "" };
	const char *comma = "";
	if (f->settings & ENGINE_HAS_RULE) {
		printf("normal or misere");
		comma = ", ";
	}
	if (f->settings & ENGINE_HAS_VARIANT) {
		printf("%sany or adjacent", comma);
		comma = ", ";
	}
	if (f->settings & ENGINE_HAS_LIMIT) {
		printf("%sk %u-%u", comma, f->limit_least, ENGINE_LIMIT_MOST);
		comma = ", ";
	}
	if (f->settings & ENGINE_HAS_SET) {
		printf("%sS a subset of 1-8", comma);
		comma = ", ";
	}
	printf("%s", comma);
	if (f->settings & ENGINE_HAS_COLS) {
		printf("1-%u rows of 1-%u %s", f->rows, f->cols, f->settings & ENGINE_HAS_VALUES ? "cells" : "pieces");
	} else if (f->settings & ENGINE_HAS_COUNT) {
		printf("1-%u ", f->rows);
		print_parts(f, f->rows);
	} else if (f->picture >= ENGINE_PICTURE_TAKTIX) {
		printf("a board of %u rows", f->rows);
	} else {
		printf("%u ", f->rows);
		print_parts(f, f->rows);
	}
	if (f->settings & ENGINE_HAS_VALUES) {
		printf(" of %s", value_ranges[f->values]);
	}
}

static void print_game_list(void)
{
	for (uint8_t game = 0; game < GAME_COUNT; game++) {
		struct engine_facts facts = engine_game_facts(game);
		engine_print_game_name(game, &out);
		printf("\n  rules:   ");
		engine_print_game_text(game, ENGINE_TEXT_SUMMARY, &out);
		printf("\n  syntax:  ");
		print_syntax(game, stdout, &out);
		printf("\n  device:  ");
		print_ranges(&facts);
		printf("\n  notes:   %s", game_notes[game]);
		printf("\n  example: grundy ");
		engine_print_game_name(game, &out);
		putchar(' ');
		engine_print_game_example(game, &out);
		putchar('\n');
	}
}

static void print_expected(uint8_t game)
{
	fprintf(stderr, "expected: grundy ");
	engine_print_game_name(game, &err_out);
	fputc(' ', stderr);
	print_syntax(game, stderr, &err_out);
	fprintf(stderr, "\n          (%s)", game_notes[game]);
	fprintf(stderr, "\nexample:  grundy ");
	engine_print_game_name(game, &err_out);
	fputc(' ', stderr);
	engine_print_game_example(game, &err_out);
	fputc('\n', stderr);
}

/* Joins argv[first..last) with single spaces; false if it does not fit. */
static bool join_args(char **argv, int first, int last, char *text, size_t size)
{
	size_t length = 0;
	text[0] = '\0';
	for (int i = first; i < last; i++) {
		size_t n = strlen(argv[i]);
		if (length + n + 2 > size) {
			return false;
		}
		if (length > 0) {
			text[length++] = ' ';
		}
		memcpy(text + length, argv[i], n + 1);
		length += n;
	}
	return true;
}

static void print_moves(const struct position *pos)
{
	struct move mv;
	unsigned long count = 0;
	for (bool more = engine_next_move(pos, &mv, true); more; more = engine_next_move(pos, &mv, false)) {
		if (count == MOVES_MAX) {
			printf("more moves not listed: the list stops at %lu\n", MOVES_MAX);
			break;
		}
		printf("move=");
		engine_print_move(pos, &mv, &out);
		/* The outcome for the player who then moves: P means a winning move. */
		printf(" leaves=%c after=", engine_outcome_after(pos, &mv) == OUTCOME_P ? 'P' : 'N');
		engine_print_position_after(pos, &mv, &out);
		putchar('\n');
		count++;
	}
	if (count == 0) {
		printf("no legal move: the game is over\n");
	}
}

int main(int argc, char **argv)
{
	if (argc < 2) {
		print_usage(stderr);
		return 2;
	}
	if (strcmp(argv[1], "--help") == 0 || strcmp(argv[1], "-h") == 0) {
		print_help();
		return 0;
	}
	if (strcmp(argv[1], "--list") == 0) {
		print_game_list();
		return 0;
	}
	uint8_t game = find_game(argv[1]);
	if (game == GAME_COUNT) {
		fprintf(stderr, "grundy: unknown game \"%s\"; the games are:", argv[1]);
		for (uint8_t g = 0; g < GAME_COUNT; g++) {
			fputc(' ', stderr);
			engine_print_game_name(g, &err_out);
		}
		fprintf(stderr, "\n(grundy --list shows their syntax)\n");
		return 1;
	}

	int last = argc;
	bool list_moves = false;
	const char *move_text = NULL;
	for (int i = 2; i < argc; i++) {
		if (strcmp(argv[i], "--moves") == 0 && !list_moves && move_text == NULL) {
			list_moves = true;
			last = i < last ? i : last;
		} else if (strcmp(argv[i], "--move") == 0 && i + 1 < argc && !list_moves && move_text == NULL) {
			move_text = argv[i + 1];
			last = i < last ? i : last;
			i++;
		} else if (strncmp(argv[i], "--", 2) == 0 || i > last) {
			fprintf(stderr, "grundy: unexpected \"%s\"\n", argv[i]);
			print_usage(stderr);
			return 2;
		}
	}

	char text[LINE_MAX_CHARS];
	if (!join_args(argv, 2, last, text, sizeof text)) {
		fprintf(stderr, "grundy: the position is too long (at most %d characters)\n", LINE_MAX_CHARS - 1);
		return 1;
	}
	struct position pos;
	if (text[0] == '\0') {
		engine_start_position(&pos, game);
	} else {
		enum engine_error err = engine_parse_position_to_analyse(&pos, game, text);
		if (err != ENGINE_OK) {
			fprintf(stderr, "grundy: position \"%s\": ", text);
			engine_print_error(err, &err_out);
			fputc('\n', stderr);
			print_expected(game);
			return 1;
		}
	}

	if (move_text != NULL) {
		struct move mv;
		enum engine_error err = engine_parse_move(&pos, move_text, &mv);
		if (err == ENGINE_OK) {
			err = engine_check_move(&pos, &mv);
		}
		/* Legal, but its position would hold more rows than the one
		 * analysed next can. */
		if (err == ENGINE_OK && !engine_move_fits(&pos, &mv)) {
			err = ENGINE_ERR_ROWS;
		}
		if (err != ENGINE_OK) {
			fprintf(stderr, "grundy: move \"%s\" in ", move_text);
			engine_print_position(&pos, &err_out);
			fprintf(stderr, ": ");
			engine_print_error(err, &err_out);
			fprintf(stderr, "\nmoves: ");
			print_syntax(game, stderr, &err_out);
			fputc('\n', stderr);
			return 1;
		}
		engine_apply_move(&pos, &mv);
	}

	if (list_moves) {
		print_moves(&pos);
	} else {
		engine_print_analysis(&pos, &out);
		putchar('\n');
	}
	return ferror(stdout) ? 1 : 0;
}
