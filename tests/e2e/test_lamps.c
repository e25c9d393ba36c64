/*
 * The exhibit's lamps end to end: the real firmware in the simulator,
 * played through the buttons, the lamps read from the outputs of the two
 * 74HC595s that the simulator models from the chip's pins (never from the
 * firmware's variables).  The lamps stand in rows of 1, 3, 5 and 7, lamp 1
 * (bit 15 of sim_lamps) at the top, read from the left.
 *
 * Marienbad: every lamp is lit at the start, the matches a person takes go
 * dark at once, the machine's choice blinks (its matches on and off, the
 * others steady) while the screen announces it and goes dark once played,
 * and a finished game leaves every lamp dark.  A game of each other kind
 * (Nim, Wythoff, Kayles, Matrix Nim, Divide, whose start is too large for
 * its rows, Prime power, Chomp, Taktix) played to the end: lamp 1 lit
 * exactly while the machine is to move, and the rows of 3, 5 and 7 the
 * position's parts in binary, as worked out here from the position the
 * host's engine computes and the LCD shows, after every move; the lamps
 * the machine's choice changes blink while it is announced.
 *
 * The blink, read every millisecond over every machine's move of these
 * games and of attract mode (whose main loop sleeps through ticks): it
 * begins as the screen shows the announcement, with the move's picture;
 * every half lasts its 128 ms; the last half is the move's picture, and
 * it lasts until the move is played: the position's never comes back in
 * between.
 *
 * needs: LAMPS TRANSCRIPT
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include <cmocka.h>

#include "tests/e2e/e2e.h"

#define LAMP_1 0x8000u
/* The blink is read every millisecond: a half of 128 ms measures 127 to
 * 129 ms. */
#define HALF_MS 128u
#define HALF_SLACK_MS 1u
/* The lamps begin the blink once the screen has drawn the announcement:
 * within a few milliseconds of its words showing (a board's takes about
 * 6 ms, its custom characters drawn after its rows). */
#define ANNOUNCE_FOLLOW_MS 8
/* Read on for this long after the move is played. */
#define PLAYED_AFTER_MS 30u
#define TIMELINE_MS 8000u
/* Attract mode's moves read: over six games. */
#define ATTRACT_MOVES 48u
#define MENU_IDLE_MS 60000u
#define SCREEN_TIMEOUT_MS 10000u
#define LAMPS_FOLLOW_MS 20u
#define SCREEN_QUIET_MS 12u

/* What Marienbad's lamps must show of `pos`: in each row of 1, 3, 5 and 7
 * lamps, as many lit from the left as the row has matches. */
static uint16_t marienbad_lamps(const struct position *pos)
{
	uint16_t lamps = 0;
	int lamp = 15;
	for (uint8_t row = 0; row < 4; row++) {
		for (uint8_t at = 0; at < 2u * row + 1u; at++, lamp--) {
			if (at < pos->u.heap[row]) {
				lamps |= (uint16_t)(1u << lamp);
			}
		}
	}
	return lamps;
}

/* The parts other games show: heaps, rows of pins, numbers, Prime power's
 * exponents, Matrix Nim's rows' stones, and a board's one number, its
 * pieces left.  Returns how many. */
static unsigned parts_of(const struct position *pos, uint32_t part[ENGINE_MAX_ROWS])
{
	if (pos->game == GAME_CHOMP) {
		part[0] = 0;
		for (unsigned row = 0; row < pos->count; row++) {
			part[0] += pos->u.chomp[row];
		}
		return 1;
	}
	if (pos->game == GAME_TAKTIX) {
		part[0] = 0;
		for (unsigned cell = 0; cell < 16u; cell++) {
			part[0] += pos->u.taktix >> cell & 1u;
		}
		return 1;
	}
	for (unsigned i = 0; i < pos->count; i++) {
		if (pos->game == GAME_PRIME_POWER) {
			part[i] = pos->u.factors.exponent[i];
		} else if (pos->game == GAME_MATRIX_NIM) {
			part[i] = 0;
			for (unsigned c = 0; c < pos->cols; c++) {
				part[i] += pos->u.cell[i][c];
			}
		} else if (pos->game == GAME_DIVIDE) {
			part[i] = pos->u.number[i];
		} else { /* Nim's and Wythoff's heaps, Kayles' rows */
			part[i] = pos->u.heap[i];
		}
	}
	return pos->count;
}

/* What the lamps must show of `pos`: Marienbad's matches; in the other
 * games lamp 1 while the machine is to move, and under it the first three
 * parts, each in binary in one row, the lowest rows for fewer than three,
 * all 15 lamps for one, and a row lit whole for a part it cannot hold. */
static uint16_t expected_lamps(const struct position *pos, bool machine_to_move)
{
	if (pos->game == GAME_MARIENBAD) {
		return marienbad_lamps(pos);
	}
	uint32_t part[ENGINE_MAX_ROWS];
	unsigned n = parts_of(pos, part);
	unsigned shown = n < 3u ? n : 3u;
	uint32_t lamps = machine_to_move ? LAMP_1 : 0u;
	unsigned lowest = 0; /* the bit of the lowest lamp of the next row up */
	for (unsigned k = shown; k-- > 0;) {
		unsigned width = n == 1u ? 15u : 7u - 2u * (shown - 1u - k);
		uint32_t most = ((uint32_t)1 << width) - 1u;
		lamps |= (part[k] < most ? part[k] : most) << lowest;
		lowest += width;
	}
	return (uint16_t)lamps;
}

/* The lamps as rows, "*" lit and "." dark: "* *** *****  ......." */
static void lamps_text(uint16_t lamps, char text[24])
{
	size_t n = 0;
	int lamp = 15;
	for (int row = 0; row < 4; row++) {
		for (int at = 0; at <= 2 * row; at++, lamp--) {
			text[n++] = lamps >> lamp & 1u ? '*' : '.';
		}
		text[n++] = row < 3 ? ' ' : '\0';
	}
}

static bool lamps_are(struct sim *sim, void *ctx)
{
	return sim_lamps(sim) == *(const uint16_t *)ctx;
}

/* The lamps show `expected` now, or within the few milliseconds the
 * screen takes to be drawn: the lamps follow it. */
static void expect_lamps(struct sim *sim, uint16_t expected, const char *when)
{
	sim_run_until(sim, lamps_are, &expected, LAMPS_FOLLOW_MS);
	uint16_t shown = sim_lamps(sim);
	if (shown != expected) {
		char got[24], want[24];
		lamps_text(shown, got);
		lamps_text(expected, want);
		fail_msg("%s: the lamps show %s, not %s", when, got, want);
	}
}

struct screen_wait {
	uint8_t game;
	unsigned mask; /* of enum e2e_screen */
};

static bool screen_reached(struct sim *sim, void *ctx)
{
	const struct screen_wait *wait = ctx;
	return (wait->mask >> e2e_screen_of(sim, wait->game) & 1u) != 0;
}

/* Runs until the game screen is one of `mask` (bits of enum e2e_screen)
 * and the display has finished drawing it. */
static enum e2e_screen wait_screen(struct sim *sim, uint8_t game, unsigned mask)
{
	struct screen_wait wait = { game, mask };
	if (!sim_run_until(sim, screen_reached, &wait, SCREEN_TIMEOUT_MS)) {
		char top[BOARD_LCD_COLUMNS + 1], bottom[BOARD_LCD_COLUMNS + 1];
		e2e_line(sim, 0, top);
		e2e_line(sim, 1, bottom);
		fail_msg("the screen never came; it shows \"%s\" / \"%s\"", top, bottom);
	}
	e2e_settle(sim, SCREEN_QUIET_MS);
	return e2e_screen_of(sim, game);
}

#define MASK(screen) (1u << (screen))

/* The machine's last move, from the transcript's last "me MOVE -> ..." line. */
static void last_machine_move(struct sim *sim, const struct position *pos, struct move *mv)
{
	const char *line = NULL;
	for (const char *p = strstr(sim_uart_output(sim), "\nme "); p != NULL; p = strstr(p + 1, "\nme ")) {
		line = p + 4;
	}
	assert_non_null(line);
	char text[32];
	snprintf(text, sizeof text, "%.*s", (int)strcspn(line, " \r\n"), line);
	if (engine_parse_move(pos, text, mv) != ENGINE_OK) {
		fail_msg("the transcript's move \"%s\" does not parse", text);
	}
}

static unsigned bits(uint16_t lamps)
{
	unsigned n = 0;
	for (; lamps != 0; lamps &= (uint16_t)(lamps - 1u)) {
		n++;
	}
	return n;
}

struct blink_figures {
	unsigned person_moves;
	unsigned machine_moves;
	unsigned halves;                /* blink halves seen, on or off, over all announcements */
	unsigned half_least, half_most; /* the length of every half but the last, in ms */
	unsigned last_least, last_most; /* the last half's, until the move was played */
	int follow_least, follow_most;  /* the announcement shown -> the blink's first half */
};

/* What the lamps showed, a sample a millisecond, around one announcement
 * of the machine's move. */
struct timeline {
	uint16_t lamps[TIMELINE_MS];
	unsigned samples;
	unsigned announced; /* the first sample with the move announced on the screen */
	unsigned played;    /* the first after it without it: the move played */
};

/* Reads the lamps and the screen every millisecond from now until
 * PLAYED_AFTER_MS after the next announcement of the machine's move is
 * over, which must not show now.  With `nudge_ms` (not 0), an empty line
 * comes on the serial line that long into the announcement: it wakes a
 * main loop that sleeps through ticks at another moment than its own. */
static void record_announcement(struct sim *sim, uint8_t game, unsigned nudge_ms, struct timeline *t)
{
	t->samples = 0;
	t->announced = t->played = TIMELINE_MS;
	while (t->samples < TIMELINE_MS) {
		bool announcing = e2e_screen_of(sim, game) == E2E_MOVE;
		unsigned at = t->samples++;
		t->lamps[at] = sim_lamps(sim);
		if (announcing && t->announced == TIMELINE_MS) {
			assert_true(at > 0);
			t->announced = at;
		} else if (!announcing && t->announced != TIMELINE_MS && t->played == TIMELINE_MS) {
			t->played = at;
		}
		if (nudge_ms != 0 && at == t->announced + nudge_ms) {
			sim_uart_send(sim, "\r", 1);
		}
		if (t->played != TIMELINE_MS && at >= t->played + PLAYED_AFTER_MS) {
			return;
		}
		sim_run_ms(sim, 1);
	}
	fail_msg("no announcement of the machine's move began and ended in %u ms", TIMELINE_MS);
}

static void note_range(unsigned value, unsigned *least, unsigned *most)
{
	if (*most == 0 || value < *least) {
		*least = value;
	}
	if (value > *most) {
		*most = value;
	}
}

/* The end of the run of samples showing `picture` from sample `i`. */
static unsigned run_end(const struct timeline *t, unsigned i, uint16_t picture)
{
	while (i < t->samples && t->lamps[i] == picture) {
		i++;
	}
	return i;
}

/* Whether the lamps show `final` from sample `i`, the move played (they
 * follow the screen), or nothing changes any more. */
static bool at_move(const struct timeline *t, unsigned i, uint16_t final)
{
	return i == t->samples || (t->lamps[i] == final && i + 1u >= t->played);
}

/*
 * One announcement's blink, between `before` (the position, still the
 * machine's turn), `blink` (the position the move leaves, still the
 * machine's turn) and `final` (once the move is played): the position
 * until the announcement shows, then the move's picture within
 * ANNOUNCE_FOLLOW_MS of it, the two by turns, each for 128 ms, and the
 * move's picture last, until the move is played, when `final` follows.
 * A move the lamps do not show blinks nothing.
 */
static void check_blink(const struct timeline *t, uint16_t before, uint16_t blink, uint16_t final,
			struct blink_figures *figures)
{
	char shown[24], want_text[24];
	unsigned i = t->announced - 1u; /* the last sample before the screen showed it */
	lamps_text(before, want_text);
	lamps_text(t->lamps[i], shown);
	if (t->lamps[i] != before) {
		fail_msg("before the announcement the lamps showed %s, not the position, %s", shown, want_text);
	}
	i = run_end(t, i, before);
	if (before == blink) {
		if (i < t->played || (t->lamps[t->samples - 1] != final)) {
			lamps_text(t->lamps[i < t->samples ? i : t->samples - 1], shown);
			fail_msg("a move the lamps do not show changed them to %s %u ms into the announcement", shown,
				 i - t->announced);
		}
		return;
	}
	int follow = (int)i - (int)t->announced;
	if (follow < 0 || follow > ANNOUNCE_FOLLOW_MS) {
		lamps_text(t->lamps[i < t->samples ? i : t->samples - 1u], shown);
		fail_msg("the blink (%s) began %d ms after the announcement showed", shown, follow);
	}
	if (figures->machine_moves == 0 || follow < figures->follow_least) {
		figures->follow_least = follow;
	}
	if (figures->machine_moves == 0 || follow > figures->follow_most) {
		figures->follow_most = follow;
	}
	for (unsigned half = 0;; half++) {
		uint16_t want = half % 2u == 0 ? blink : before;
		unsigned begun = i;
		i = run_end(t, i, want);
		unsigned ms = i - begun;
		lamps_text(want, want_text);
		if (ms == 0) {
			lamps_text(t->lamps[i], shown);
			fail_msg("half %u of the blink showed %s, not %s", half + 1u, shown, want_text);
		}
		if (at_move(t, i, final)) {
			if (want != blink) {
				fail_msg("the last half of the blink showed the position, %s, not the move's picture",
					 want_text);
			}
			if (ms < HALF_MS - HALF_SLACK_MS) {
				fail_msg("the last half of the blink lasted %u ms", ms);
			}
			note_range(i == t->samples ? t->played - begun : ms, &figures->last_least, &figures->last_most);
			figures->halves += half + 1u;
			return;
		}
		/* The position's picture back for a moment as the move is
		 * played: a flicker. */
		unsigned back = run_end(t, i, before);
		if (want == blink && back > i && at_move(t, back, final)) {
			lamps_text(before, shown);
			fail_msg("the position's picture %s came back for %u ms just before the move was played", shown,
				 back - i);
		}
		if (ms < HALF_MS - HALF_SLACK_MS || ms > HALF_MS + HALF_SLACK_MS) {
			fail_msg("half %u of the blink (%s) lasted %u ms, not %u", half + 1u, want_text, ms, HALF_MS);
		}
		note_range(ms, &figures->half_least, &figures->half_most);
	}
}

static void print_blinks(const char *title, const struct blink_figures *figures)
{
	printf("# %s: %u halves of the blink over %u machine's moves, each %u to %u ms, the last %u to %u ms until the "
	       "move was played; the blink began %d to %d ms after the announcement showed\n",
	       title, figures->halves, figures->machine_moves, figures->half_least, figures->half_most,
	       figures->last_least, figures->last_most, figures->follow_least, figures->follow_most);
}

/* Starts the game set up in the menu and waits for its first turn. */
static void begin(struct sim *sim, const struct e2e_setup *setup)
{
	e2e_menu_set(sim, setup);
	e2e_press(sim, BUTTON_SELECT);
	wait_screen(sim, setup->game, MASK(E2E_HELP));
	wait_screen(sim, setup->game, MASK(E2E_TURN) | MASK(E2E_THINKING));
}

/* The machine's turn, from "Thinking...": the lamps its choice changes
 * (Marienbad: its matches) blink while the screen announces the move, the
 * rest steady, and show the position it leaves once played. */
static void machine_turn_blinks(struct sim *sim, struct position *pos, struct blink_figures *figures)
{
	static struct timeline timeline;
	uint8_t game = pos->game;
	uint16_t before = expected_lamps(pos, true);
	expect_lamps(sim, before, "while the machine thinks");
	record_announcement(sim, game, 0, &timeline);
	wait_screen(sim, game, MASK(E2E_TURN) | MASK(E2E_OVER));
	struct move mv;
	last_machine_move(sim, pos, &mv);
	struct position after = *pos;
	engine_apply_move(&after, &mv);
	uint16_t blink = expected_lamps(&after, true); /* the other half, still the machine's turn */
	if (game == GAME_MARIENBAD) {
		assert_int_equal(bits(before ^ blink), mv.u.heap.count);
	}
	*pos = after;
	check_blink(&timeline, before, blink, expected_lamps(pos, false), figures);
	figures->machine_moves++;
	expect_lamps(sim, expected_lamps(pos, false), "after the machine's move");
}

static void marienbad_matches_go_out_and_the_choice_blinks(void **state)
{
	(void)state;
	struct sim *sim = e2e_boot(0);
	assert_true(sim_lamps_latches(sim) > 0);
	expect_lamps(sim, 0, "before the first game");
	struct blink_figures figures = { 0 };
	for (unsigned g = 0; g < 2u; g++) {
		/* The person first, then the machine. */
		const struct e2e_setup setup = e2e_start(GAME_MARIENBAD, g == 1u);
		struct position pos;
		e2e_setup_position(&setup, &pos);
		if (g > 0) {
			e2e_leave_game_over(sim);
		}
		begin(sim, &setup);
		expect_lamps(sim, 0xFFFFu, "at the start, every match there");
		uint32_t seed = 0x1A3B5u + g;
		enum e2e_screen now = e2e_screen_of(sim, GAME_MARIENBAD);
		while (now != E2E_OVER) {
			if (now == E2E_TURN) {
				expect_lamps(sim, marienbad_lamps(&pos), "the person's turn");
				struct move mv;
				e2e_choose_random(&pos, &mv, &seed);
				e2e_enter_move(sim, &pos, &mv, true);
				engine_apply_move(&pos, &mv);
				now = wait_screen(sim, GAME_MARIENBAD, MASK(E2E_THINKING) | MASK(E2E_OVER));
				expect_lamps(sim, marienbad_lamps(&pos), "after the person's move");
				figures.person_moves++;
			} else {
				machine_turn_blinks(sim, &pos, &figures);
				now = wait_screen(sim, GAME_MARIENBAD, MASK(E2E_TURN) | MASK(E2E_OVER));
			}
		}
		expect_lamps(sim, 0, "at the game's end, every match taken");
	}
	printf("# Marienbad: the lamps followed %u moves of the person and %u of the machine\n", figures.person_moves,
	       figures.machine_moves);
	print_blinks("Marienbad", &figures);
	e2e_close(sim);
}

/* A game of each kind but Marienbad's, from the rulebook's start, the
 * person first with moves at random: the lamps after every move, the
 * picture on the LCD the same position. */
static void other_games_show_the_turn_and_their_parts(void **state)
{
	(void)state;
	static const uint8_t games[] = {
		GAME_NIM,    GAME_WYTHOFF,     GAME_KAYLES, GAME_MATRIX_NIM,
		GAME_DIVIDE, GAME_PRIME_POWER, GAME_CHOMP,  GAME_TAKTIX,
	};
	struct sim *sim = e2e_boot(0);
	struct blink_figures figures = { 0 };
	unsigned played = 0;
	for (size_t g = 0; g < sizeof games; g++) {
		if (!e2e_game_to_test(games[g])) {
			continue;
		}
		const struct e2e_setup setup = e2e_start(games[g], false);
		struct position pos;
		e2e_setup_position(&setup, &pos);
		e2e_leave_game_over(sim);
		begin(sim, &setup);
		uint32_t seed = 0x5EEDu + (uint32_t)g;
		enum e2e_screen now = e2e_screen_of(sim, games[g]);
		while (now != E2E_OVER) {
			if (now == E2E_TURN) {
				e2e_expect_position(sim, &pos, "the person's turn");
				expect_lamps(sim, expected_lamps(&pos, false), "the person's turn");
				struct move mv;
				e2e_choose_random(&pos, &mv, &seed);
				e2e_enter_move(sim, &pos, &mv, true);
				engine_apply_move(&pos, &mv);
				now = wait_screen(sim, games[g], MASK(E2E_THINKING) | MASK(E2E_OVER));
				expect_lamps(sim, expected_lamps(&pos, now == E2E_THINKING), "after the person's move");
				figures.person_moves++;
			} else {
				machine_turn_blinks(sim, &pos, &figures);
				now = wait_screen(sim, games[g], MASK(E2E_TURN) | MASK(E2E_OVER));
			}
		}
		expect_lamps(sim, expected_lamps(&pos, false), "at the game's end");
		played++;
	}
	printf("# %u other games: the lamps followed %u moves of the person and %u of the machine\n", played,
	       figures.person_moves, figures.machine_moves);
	print_blinks("the other games", &figures);
	e2e_close(sim);
}

/* Marienbad's rows of matches as the lamps show them, each lit from the
 * left; false when a row is not. */
static bool marienbad_rows(uint16_t lamps, unsigned rows[4])
{
	int lamp = 15;
	for (unsigned row = 0; row < 4u; row++) {
		rows[row] = 0;
		bool gap = false;
		for (unsigned at = 0; at < 2u * row + 1u; at++, lamp--) {
			bool lit = (lamps >> lamp & 1u) != 0;
			if (lit && gap) {
				return false;
			}
			gap = !lit;
			rows[row] += lit;
		}
	}
	return true;
}

/* Attract mode, whose main loop sleeps through ticks between its steps:
 * Marienbad's moves blink as a visitor's game's do, each choice matches
 * taken from one row, also when a byte on the serial line wakes the chip
 * out of the ticks' step. */
static void attract_modes_choices_blink_in_step(void **state)
{
	(void)state;
	static struct timeline timeline;
	struct sim *sim = e2e_boot(0);
	if (!sim_run_until(sim, e2e_attract_caption_showing, NULL, MENU_IDLE_MS + 1000u)) {
		fail_msg("no attract mode");
	}
	struct blink_figures figures = { 0 };
	for (unsigned m = 0; m < ATTRACT_MOVES; m++) {
		/* Every other move, an empty line between two halves' starts. */
		record_announcement(sim, GAME_MARIENBAD, m % 2u != 0 ? 37u + 131u * (m % 7u) : 0u, &timeline);
		uint16_t before = timeline.lamps[timeline.announced - 1u];
		unsigned i = timeline.announced;
		while (i < timeline.samples && timeline.lamps[i] == before) {
			i++;
		}
		assert_true(i < timeline.samples);
		uint16_t blink = timeline.lamps[i];
		unsigned from[4], to[4], rows_changed = 0;
		assert_true(marienbad_rows(before, from));
		assert_true(marienbad_rows(blink, to));
		for (unsigned row = 0; row < 4u; row++) {
			assert_true(to[row] <= from[row]);
			rows_changed += to[row] != from[row];
		}
		assert_int_equal(rows_changed, 1);
		check_blink(&timeline, before, blink, blink, &figures);
		figures.machine_moves++;
	}
	print_blinks("attract mode's Marienbad", &figures);
	e2e_close(sim);
}

int main(int argc, char **argv)
{
	(void)argc;
	e2e_init(argv[0]);
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(marienbad_matches_go_out_and_the_choice_blinks),
		cmocka_unit_test(other_games_show_the_turn_and_their_parts),
		cmocka_unit_test(attract_modes_choices_blink_in_step),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
