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
 * and a finished game leaves every lamp dark.  Other games: lamp 1 alone,
 * lit exactly while the machine is to move.
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
/* How often the lamps are looked at while the machine's move is announced:
 * far more often than the blink's halves change. */
#define SAMPLE_MS 4u
#define SCREEN_TIMEOUT_MS 10000u
#define LAMPS_FOLLOW_MS 20u

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

/* Runs until the game screen is one of `mask` (bits of enum e2e_screen). */
static enum e2e_screen wait_screen(struct sim *sim, uint8_t game, unsigned mask)
{
	struct screen_wait wait = { game, mask };
	if (!sim_run_until(sim, screen_reached, &wait, SCREEN_TIMEOUT_MS)) {
		char top[BOARD_LCD_COLUMNS + 1], bottom[BOARD_LCD_COLUMNS + 1];
		e2e_line(sim, 0, top);
		e2e_line(sim, 1, bottom);
		fail_msg("the screen never came; it shows \"%s\" / \"%s\"", top, bottom);
	}
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

/* Starts the game set up in the menu and waits for its first turn. */
static void begin(struct sim *sim, const struct e2e_setup *setup)
{
	e2e_menu_set(sim, setup);
	e2e_press(sim, BUTTON_SELECT);
	wait_screen(sim, setup->game, MASK(E2E_HELP));
	wait_screen(sim, setup->game, MASK(E2E_TURN) | MASK(E2E_THINKING));
}

struct blink_figures {
	unsigned person_moves;
	unsigned machine_moves;
	unsigned halves; /* blink halves seen, on or off, over all announcements */
};

/* The machine's turn, from "Thinking...": its matches blink while the
 * screen announces the move, the rest steady, and go dark once played. */
static void machine_turn_blinks(struct sim *sim, struct position *pos, struct blink_figures *figures)
{
	uint16_t before = marienbad_lamps(pos);
	expect_lamps(sim, before, "while the machine thinks");
	wait_screen(sim, GAME_MARIENBAD, MASK(E2E_MOVE));
	uint16_t seen_on = 0xFFFFu; /* lamps lit in every sample */
	uint16_t seen_any = 0;      /* lamps lit in some sample */
	uint16_t last = sim_lamps(sim);
	unsigned changes = 0;
	while (e2e_screen_of(sim, GAME_MARIENBAD) == E2E_MOVE) {
		uint16_t now = sim_lamps(sim);
		seen_on &= now;
		seen_any |= now;
		changes += now != last;
		last = now;
		sim_run_ms(sim, SAMPLE_MS);
	}
	wait_screen(sim, GAME_MARIENBAD, MASK(E2E_TURN) | MASK(E2E_OVER));
	struct move mv;
	last_machine_move(sim, pos, &mv);
	engine_apply_move(pos, &mv);
	uint16_t after = marienbad_lamps(pos);
	uint16_t taken = before ^ after;
	char text[24];
	lamps_text(seen_on ^ seen_any, text);
	/* The matches taken, and only they, went on and off. */
	if ((seen_on ^ seen_any) != taken || seen_on != after || seen_any != before) {
		char want[24];
		lamps_text(taken, want);
		fail_msg("while the move was announced %s blinked, not the matches taken %s", text, want);
	}
	assert_int_equal(bits(taken), mv.u.heap.count);
	/* The announcement lasts 1.5 s: several halves of 128 ms. */
	if (changes < 4u) {
		fail_msg("the machine's choice %s changed only %u times while announced", text, changes);
	}
	figures->halves += changes;
	figures->machine_moves++;
	expect_lamps(sim, after, "after the machine's move");
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
	printf("# Marienbad: the lamps followed %u moves of the person and %u of the machine, whose choices blinked %u halves in all\n",
	       figures.person_moves, figures.machine_moves, figures.halves);
	e2e_close(sim);
}

/* Nim, Wythoff and Kayles: lamp 1 alone, lit while the machine is to move. */
static void other_games_light_lamp_1_on_the_machines_turn(void **state)
{
	(void)state;
	static const uint8_t games[] = { GAME_NIM, GAME_WYTHOFF, GAME_KAYLES };
	struct sim *sim = e2e_boot(0);
	unsigned looks = 0;
	for (size_t g = 0; g < sizeof games; g++) {
		const struct e2e_setup setup = e2e_start(games[g], false);
		struct position pos;
		e2e_setup_position(&setup, &pos);
		begin(sim, &setup);
		expect_lamps(sim, 0, "the person's first turn");
		looks++;
		struct move mv;
		uint32_t seed = 0x5EEDu + (uint32_t)g;
		e2e_choose_random(&pos, &mv, &seed);
		e2e_enter_move(sim, &pos, &mv, true);
		if (wait_screen(sim, games[g], MASK(E2E_THINKING) | MASK(E2E_OVER)) == E2E_OVER) {
			fail_msg("one move ended the rulebook's start of game %u", (unsigned)games[g]);
		}
		expect_lamps(sim, LAMP_1, "while the machine thinks");
		wait_screen(sim, games[g], MASK(E2E_MOVE));
		expect_lamps(sim, LAMP_1, "while the machine's move is announced");
		enum e2e_screen next = wait_screen(sim, games[g], MASK(E2E_TURN) | MASK(E2E_OVER));
		expect_lamps(sim, 0, next == E2E_TURN ? "the person's turn again" : "the game over");
		looks += 3u;
		sim_press(sim, BUTTON_SELECT, 1300); /* a long press leaves the game */
		e2e_expect_menu(sim, 100);
	}
	printf("# %u looks at the lamps in %zu other games: lamp 1 said whose turn\n", looks, sizeof games);
	e2e_close(sim);
}

int main(int argc, char **argv)
{
	(void)argc;
	e2e_init(argv[0]);
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(marienbad_matches_go_out_and_the_choice_blinks),
		cmocka_unit_test(other_games_light_lamp_1_on_the_machines_turn),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
