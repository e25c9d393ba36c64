/*
 * The game in progress (firmware/game.c) on the host: its observers are
 * told that a game begins, each move (before and after it is made, the
 * last one ending the game) and the person leaving, in that order and with the game as it then
 * is; the winner under normal and misère play; an illegal move changes
 * nothing and tells no one.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include <cmocka.h>

#include "engine/engine.h"
#include "firmware/game.h"
#include "firmware/settings.h"
#include "tests/fake_hal/fake_hal.h"

/* What an observer saw: each event with the game as it was then. */
struct seen {
	uint8_t event;
	const struct move *move;
	uint8_t to_move;
	bool over;
	uint16_t heaps[ENGINE_MAX_HEAPS];
};

#define SEEN_MAX 64u

static struct seen seen[SEEN_MAX];
static unsigned seen_count;

static void record(uint8_t event)
{
	assert_true(seen_count < SEEN_MAX);
	struct seen *s = &seen[seen_count++];
	s->event = event;
	s->move = game->move;
	s->to_move = game->to_move;
	s->over = game->over;
	memcpy(s->heaps, game->pos.u.heap, sizeof s->heaps);
}

static const game_observer observers[] = { record, NULL };

static int set_up(void **state)
{
	(void)state;
	fake_power_on();
	settings_init();
	game_observe(observers);
	seen_count = 0;
	return 0;
}

static struct position nim(uint8_t rule, const char *heaps)
{
	struct position pos;
	assert_int_equal(engine_parse_position(&pos, GAME_NIM, heaps), ENGINE_OK);
	pos.rule = rule;
	return pos;
}

static struct move take(uint8_t heap, uint16_t amount)
{
	struct move mv;
	memset(&mv, 0, sizeof mv);
	mv.u.heap.heap = heap;
	mv.u.heap.count = amount;
	return mv;
}

static void observers_see_begin_moves_and_end_in_order(void **state)
{
	(void)state;
	struct position pos = nim(RULE_NORMAL, "1 2");
	assert_true(game_start(&pos, PLAYER_PERSON));
	struct move first = take(1, 2);
	struct move last = take(0, 1);
	assert_int_equal(game_play(&first), ENGINE_OK);
	assert_int_equal(game_play(&last), ENGINE_OK);

	static const uint8_t expected[] = { GAME_BEGAN, GAME_MOVING, GAME_MOVED, GAME_MOVING, GAME_MOVED };
	assert_int_equal(seen_count, sizeof expected);
	for (unsigned i = 0; i < seen_count; i++) {
		assert_int_equal(seen[i].event, expected[i]);
	}
	/* Each move is the one being made while it is told. */
	assert_ptr_equal(seen[1].move, &first);
	assert_ptr_equal(seen[2].move, &first);
	assert_ptr_equal(seen[3].move, &last);
	assert_ptr_equal(seen[4].move, &last);
	/* Before a move the position is as it was and its player to move;
	 * after it, the position it left and the other player. */
	assert_int_equal(seen[1].heaps[1], 2);
	assert_int_equal(seen[1].to_move, PLAYER_PERSON);
	assert_int_equal(seen[2].heaps[1], 0);
	assert_int_equal(seen[2].to_move, PLAYER_MACHINE);
	assert_false(seen[2].over);
	assert_int_equal(seen[3].to_move, PLAYER_MACHINE);
	assert_true(seen[4].over); /* the last move ends the game */
}

/* Plays heaps "1 1" to the end, the person first: the machine takes the
 * last stone. */
static uint8_t winner_of_two_stones(uint8_t rule)
{
	struct position pos = nim(rule, "1 1");
	assert_true(game_start(&pos, PLAYER_PERSON));
	struct move a = take(0, 1);
	struct move b = take(1, 1);
	assert_int_equal(game_play(&a), ENGINE_OK);
	assert_int_equal(game_play(&b), ENGINE_OK);
	assert_true(game->over);
	return game->winner;
}

static void the_last_mover_wins_under_normal_play(void **state)
{
	(void)state;
	assert_int_equal(winner_of_two_stones(RULE_NORMAL), PLAYER_MACHINE);
}

static void the_last_mover_loses_under_misere_play(void **state)
{
	(void)state;
	assert_int_equal(winner_of_two_stones(RULE_MISERE), PLAYER_PERSON);
}

static void leaving_is_told_before_the_game_closes(void **state)
{
	(void)state;
	struct position pos = nim(RULE_NORMAL, "3 4 5");
	assert_true(game_start(&pos, PLAYER_PERSON));
	game_leave();
	assert_int_equal(seen_count, 2);
	assert_int_equal(seen[1].event, GAME_LEFT);
	assert_false(seen[1].over); /* it was in progress */
	assert_true(game->over);
	/* Leaving its result: told again, the game over already. */
	game_leave();
	assert_int_equal(seen_count, 3);
	assert_true(seen[2].over);
}

static void an_illegal_move_changes_nothing_and_tells_no_one(void **state)
{
	(void)state;
	struct position pos = nim(RULE_NORMAL, "3 4 5");
	assert_true(game_start(&pos, PLAYER_PERSON));
	struct game before = *game;
	const struct move bad[] = { take(0, 4), take(3, 1), take(1, 0) };
	for (unsigned i = 0; i < sizeof bad / sizeof bad[0]; i++) {
		assert_int_not_equal(game_play(&bad[i]), ENGINE_OK);
	}
	assert_memory_equal(&before, game, sizeof *game);
	assert_int_equal(seen_count, 1); /* the beginning only */
	struct position over = nim(RULE_NORMAL, "0 0");
	assert_false(game_start(&over, PLAYER_PERSON));
	assert_memory_equal(&before, game, sizeof *game);
	assert_int_equal(seen_count, 1);
}

static void a_game_left_takes_no_move(void **state)
{
	(void)state;
	struct position pos = nim(RULE_NORMAL, "3 4 5");
	assert_true(game_start(&pos, PLAYER_PERSON));
	game_leave();
	struct game before = *game;
	unsigned told = seen_count;
	const struct move legal = take(0, 1);
	assert_int_equal(game_play(&legal), ENGINE_ERR_GAME_OVER);
	assert_memory_equal(&before, game, sizeof *game);
	assert_int_equal(seen_count, told);
}

static void the_menu_set_up_begins_with_its_first_player(void **state)
{
	(void)state;
	engine_start_position(&settings.setup, GAME_NIM);
	settings.machine_first = 1;
	assert_int_equal(game_new(), ENGINE_OK);
	assert_int_equal(seen_count, 1);
	assert_int_equal(seen[0].event, GAME_BEGAN);
	assert_int_equal(game->to_move, PLAYER_MACHINE);
	assert_memory_equal(&game->pos, &settings.setup, sizeof game->pos);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test_setup(observers_see_begin_moves_and_end_in_order, set_up),
		cmocka_unit_test_setup(the_last_mover_wins_under_normal_play, set_up),
		cmocka_unit_test_setup(the_last_mover_loses_under_misere_play, set_up),
		cmocka_unit_test_setup(leaving_is_told_before_the_game_closes, set_up),
		cmocka_unit_test_setup(an_illegal_move_changes_nothing_and_tells_no_one, set_up),
		cmocka_unit_test_setup(a_game_left_takes_no_move, set_up),
		cmocka_unit_test_setup(the_menu_set_up_begins_with_its_first_player, set_up),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
