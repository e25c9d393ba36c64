/* The game transcript on the serial line, checked against the rules.  See e2e.h. */
#include "tests/e2e/e2e_internal.h"

#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "engine/text.h"

/* ---- the serial transcript ---- */

/* Whose turn it is, as the transcript has told it so far. */
struct transcript_state {
	bool person_to_move;
	unsigned moves_in_game;
};

/* "new GAME POSITION" (the person first) or "go GAME POSITION" (the
 * machine first): the command that starts the same game on the console. */
static void transcript_new_game(struct e2e_transcript *t, struct transcript_state *s, const char *line)
{
	bool machine_first = e2e_starts(line, "go ");
	const char *name = line + (machine_first ? 3 : 4);
	size_t length = strcspn(name, " ");
	uint8_t game = engine_find_game(name, (uint8_t)length);
	if (game == GAME_COUNT) {
		fail_msg("transcript line \"%s\": unknown game", line);
	}
	const char *text = name + length;
	if (engine_parse_position(&t->pos, game, text) != ENGINE_OK) {
		fail_msg("transcript line \"%s\": the position does not parse", line);
	}
	s->person_to_move = !machine_first;
	s->moves_in_game = 0;
	t->games++;
	t->in_game = true;
}

static int compare_squares(const void *a, const void *b)
{
	uint16_t x = *(const uint16_t *)a, y = *(const uint16_t *)b;
	return (x > y) - (x < y);
}

/* Two Nimble positions with their coins on the same squares, in any order. */
static bool same_coins(const struct position *a, const struct position *b)
{
	if (a->count != b->count) {
		return false;
	}
	uint16_t x[ENGINE_MAX_HEAPS], y[ENGINE_MAX_HEAPS];
	memcpy(x, a->u.heap, a->count * sizeof x[0]);
	memcpy(y, b->u.heap, b->count * sizeof y[0]);
	qsort(x, a->count, sizeof x[0], compare_squares);
	qsort(y, b->count, sizeof y[0], compare_squares);
	return memcmp(x, y, a->count * sizeof x[0]) == 0;
}

static void transcript_move(struct e2e_transcript *t, struct transcript_state *s, const char *line)
{
	bool person = e2e_starts(line, "you ");
	const char *text = line + (person ? 4 : 3);
	const char *arrow = strstr(text, " -> ");
	if (!t->in_game || arrow == NULL) {
		fail_msg("transcript line \"%s\": not a move of a game in progress", line);
	}
	if (person != s->person_to_move) {
		fail_msg("transcript line \"%s\": out of turn (%s)", line,
			 s->moves_in_game == 0 ? "the other player was to move first" : "the same player moved twice");
	}
	char move_text_[64];
	snprintf(move_text_, sizeof move_text_, "%.*s", (int)(arrow - text), text);
	struct move mv;
	if (engine_parse_move(&t->pos, move_text_, &mv) != ENGINE_OK || engine_check_move(&t->pos, &mv) != ENGINE_OK) {
		fail_msg("transcript line \"%s\": an illegal move", line);
	}
	struct brute_pos bp;
	struct brute_move bm;
	assert_true(brute_from_position(&bp, &t->pos));
	brute_move_from_engine(&bm, &t->pos, &mv);
	if (!brute_is_legal(&bp, &bm)) {
		fail_msg("transcript line \"%s\": illegal by the rules", line);
	}
	engine_apply_move(&t->pos, &mv);
	char printed[256];
	struct buffer_sink sink;
	buffer_sink_init(&sink, printed, sizeof printed);
	engine_print_position(&t->pos, &sink.sink);
	if (strcmp(printed, arrow + 4) != 0) {
		/* Nimble's move names squares, not coins: of two coins on one
		 * square the device moves the one the person picked, the move's
		 * text the first.  The coins are alike, so the position is the
		 * same, its coins listed in another order: the device's order
		 * is kept from here on. */
		struct position device;
		if (t->pos.game != GAME_NIMBLE || engine_parse_position(&device, GAME_NIMBLE, arrow + 3) != ENGINE_OK ||
		    !same_coins(&device, &t->pos)) {
			fail_msg("transcript line \"%s\": not the position the rules give (%s)", line, printed);
		}
		t->pos = device;
	}
	s->person_to_move = !person;
	s->moves_in_game++;
	t->moves++;
}

static void transcript_winner(struct e2e_transcript *t, const struct transcript_state *s, const char *line)
{
	if (!t->in_game || s->moves_in_game == 0 || !engine_game_over(&t->pos)) {
		fail_msg("transcript line \"%s\": the game is not over", line);
	}
	bool person_moved_last = !s->person_to_move;
	bool person_wins = t->pos.rule == RULE_MISERE ? !person_moved_last : person_moved_last;
	assert_string_equal(line, person_wins ? "winner you" : "winner me");
	t->in_game = false;
	t->finished++;
}

/* "left GAME POSITION": the person left the game in progress, at the
 * position the moves gave. */
static void transcript_left(struct e2e_transcript *t, const char *line)
{
	if (!t->in_game) {
		fail_msg("transcript line \"%s\": no game in progress to leave", line);
	}
	char expected[300];
	struct buffer_sink sink;
	buffer_sink_init(&sink, expected, sizeof expected);
	print_flash(&sink.sink, "left ");
	engine_print_game_name(t->pos.game, &sink.sink);
	print_char(&sink.sink, ' ');
	engine_print_position(&t->pos, &sink.sink);
	assert_false(sink.overflowed);
	if (strcmp(line, expected) != 0) {
		fail_msg("transcript line \"%s\": the game left is \"%s\"", line, expected);
	}
	t->in_game = false;
	t->left++;
}

void e2e_check_transcript(struct sim *sim, struct e2e_transcript *out)
{
	memset(out, 0, sizeof *out);
	struct transcript_state state = { false, 0 };
	const char *text = sim_uart_output(sim);
	while (*text != '\0') {
		const char *end = strstr(text, "\r\n");
		if (end == NULL) {
			fail_msg("transcript ends in an unfinished line: \"%s\"", text);
		}
		char line[512];
		snprintf(line, sizeof line, "%.*s", (int)(end - text), text);
		text = end + 2;
		if (strcmp(line, "grundy-box ready") == 0) {
			out->in_game = false; /* a reset ends any game */
		} else if (e2e_starts(line, "new ") || e2e_starts(line, "go ")) {
			transcript_new_game(out, &state, line);
		} else if (e2e_starts(line, "you ") || e2e_starts(line, "me ")) {
			transcript_move(out, &state, line);
		} else if (e2e_starts(line, "winner ")) {
			transcript_winner(out, &state, line);
		} else if (e2e_starts(line, "left ")) {
			transcript_left(out, line);
		}
		/* Anything else is the serial console's, not the transcript's. */
	}
}
