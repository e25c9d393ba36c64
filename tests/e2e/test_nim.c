/*
 * Nim end to end, normal and misère, set up through the menu and played
 * through the buttons.  From every start below the machine has a winning
 * position (the solver confirms it first), as the player to move or as the
 * second player; it must win against a person playing seeded random legal
 * moves.  From starts where the machine must lose against perfect play, a
 * perfect person wins and the device names the person as the winner.
 *
 * needs: TRANSCRIPT (the machine's moves read from the transcript)
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include <cmocka.h>

#include "tests/e2e/e2e.h"

#define GAMES_PER_START 3u

struct start {
	bool misere;
	bool machine_first;
	uint8_t heaps;
	uint8_t heap[ENGINE_MAX_HEAPS];
};

/* The machine wins from each: to move from an N-position, or second after
 * a P-position. */
static const struct start machine_wins[] = {
	{ false, true, 3, { 3, 4, 5 } },     { false, false, 3, { 1, 2, 3 } },
	{ false, false, 4, { 4, 5, 6, 7 } }, { false, true, 8, { 1, 2, 3, 4, 5, 6, 7, 8 } },
	{ false, true, 1, { 9 } },           { true, true, 3, { 3, 4, 5 } },
	{ true, false, 3, { 1, 1, 1 } },     { true, false, 2, { 2, 2 } },
	{ true, true, 4, { 1, 1, 1, 1 } },   { true, false, 5, { 2, 3, 4, 5, 0 } },
};

/* The machine loses each against perfect play. */
static const struct start machine_loses[] = {
	{ false, true, 3, { 1, 2, 3 } },
	{ false, false, 3, { 3, 4, 5 } },
	{ true, true, 3, { 1, 1, 1 } },
	{ true, false, 3, { 2, 5, 6 } },
};

static void setup_of(const struct start *start, struct e2e_setup *setup)
{
	*setup = e2e_start(GAME_NIM, start->machine_first);
	setup->rule = start->misere ? RULE_MISERE : RULE_NORMAL;
	setup->count = start->heaps;
	for (uint8_t i = 0; i < start->heaps; i++) {
		setup->value[i] = start->heap[i];
	}
}

/* True when the machine, first or second, can force a win. */
static bool machine_can_win(const struct e2e_setup *setup)
{
	struct position pos;
	e2e_setup_position(setup, &pos);
	return brute_position_wins(&pos) == setup->machine_first;
}

static void describe(const struct e2e_setup *setup, char *text, size_t size)
{
	struct position pos;
	struct brute_pos bp;
	e2e_setup_position(setup, &pos);
	assert_true(brute_from_position(&bp, &pos));
	char position[96];
	brute_format(&bp, position, sizeof position);
	snprintf(text, size, "%s, %s first", position, setup->machine_first ? "machine" : "person");
}

static void machine_wins_from_winning_starts(void **state)
{
	(void)state;
	struct sim *sim = e2e_boot(0);
	struct e2e_figures figures = { 0 };
	unsigned games = 0;
	for (size_t i = 0; i < sizeof machine_wins / sizeof machine_wins[0]; i++) {
		struct e2e_setup setup;
		setup_of(&machine_wins[i], &setup);
		char text[128];
		describe(&setup, text, sizeof text);
		if (!machine_can_win(&setup)) {
			fail_msg("the start %s is not a win for the machine", text);
		}
		e2e_menu_set(sim, &setup);
		for (uint32_t g = 0; g < GAMES_PER_START; g++) {
			uint32_t seed = (uint32_t)(i * GAMES_PER_START + g + 1u) * 2246822519u;
			/* Every other game lets the announcements run their time. */
			if (e2e_play_game(sim, &setup, NULL, e2e_choose_random, &seed, 0, g % 2u == 0, &figures) !=
			    E2E_MACHINE) {
				fail_msg("the person won from %s (seed %u)", text, seed);
			}
			games++;
		}
	}
	printf("# Nim: the machine won all %u games from %zu winning starts, normal and misere\n", games,
	       sizeof machine_wins / sizeof machine_wins[0]);
	e2e_print_figures("Nim", &figures);
	e2e_close(sim);
}

static void perfect_person_wins_from_losing_starts(void **state)
{
	(void)state;
	struct sim *sim = e2e_boot(0);
	struct e2e_figures figures = { 0 };
	for (size_t i = 0; i < sizeof machine_loses / sizeof machine_loses[0]; i++) {
		struct e2e_setup setup;
		setup_of(&machine_loses[i], &setup);
		char text[128];
		describe(&setup, text, sizeof text);
		if (machine_can_win(&setup)) {
			fail_msg("the start %s is a win for the machine", text);
		}
		e2e_menu_set(sim, &setup);
		if (e2e_play_game(sim, &setup, NULL, e2e_choose_perfect, NULL, 0, true, &figures) != E2E_PERSON) {
			fail_msg("a perfect person lost from %s", text);
		}
	}
	printf("# Nim: a perfect person won all %zu losing starts of the machine, and the device said so\n",
	       sizeof machine_loses / sizeof machine_loses[0]);
	e2e_close(sim);
}

int main(int argc, char **argv)
{
	(void)argc;
	e2e_init(argv[0]);
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(machine_wins_from_winning_starts),
		cmocka_unit_test(perfect_person_wins_from_losing_starts),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
