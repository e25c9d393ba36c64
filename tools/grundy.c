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
#include <stdbool.h>
#include <stdio.h>
#include <string.h>

#include "engine/engine.h"
#include "engine/text.h"

#define LINE_MAX_CHARS 1024

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
	       "play, Wythoff, the board games, subtract-a-digit above 9999).\n"
	       "move: a winning move, or from a losing position the move the machine would\n"
	       "play; after: the position it leaves, in the same syntax as the input.\n"
	       "Without a position, the game's start position is analysed.\n\n"
	       "  --list        every game with its position and move syntax and an example\n"
	       "  --moves       list every legal move with the outcome it leaves\n"
	       "  --move MOVE   play MOVE (refused with the reason if illegal), then analyse\n\n"
	       "Example: grundy marienbad 1 3 5 7\n");
}

static void print_list(void)
{
	for (uint8_t game = 0; game < GAME_COUNT; game++) {
		engine_print_game_name(game, &out);
		printf("\n  syntax:  ");
		engine_print_game_syntax(game, &out);
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
	engine_print_game_syntax(game, &err_out);
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
		struct position after = *pos;
		engine_apply_move(&after, &mv);
		printf("move=");
		engine_print_move(pos, &mv, &out);
		/* The outcome for the player who then moves: P means a winning move. */
		printf(" leaves=%c after=", engine_outcome(&after) == OUTCOME_P ? 'P' : 'N');
		engine_print_position(&after, &out);
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
		print_list();
		return 0;
	}
	uint8_t game = engine_find_game(argv[1], (uint8_t)(strlen(argv[1]) > 255 ? 255 : strlen(argv[1])));
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
		enum engine_error err = engine_parse_position(&pos, game, text);
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
		if (err != ENGINE_OK) {
			fprintf(stderr, "grundy: move \"%s\" in ", move_text);
			engine_print_position(&pos, &err_out);
			fprintf(stderr, ": ");
			engine_print_error(err, &err_out);
			fprintf(stderr, "\nmoves: ");
			engine_print_game_syntax(game, &err_out);
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
