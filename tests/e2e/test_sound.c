/*
 * The exhibit's buzzer end to end (FEATURE_SOUND), heard only on its pin,
 * D11: every tone's frequency and length are measured from the pin's
 * edges by the harness (sim/harness.h), against the notes the sounds are
 * meant to have.  A key clicks when it changes the screen, and a held
 * arrow's repeats that change nothing (at the end of a list, or held on
 * from the key that ended attract mode) are silent; the machine's move
 * calls; a game the
 * person loses ends with the falling tune and one the person wins with
 * the rising one; and the screen answers a key as fast while a sound
 * plays as in silence, each sound starting only once the screen it goes
 * with is drawn.
 *
 * needs: SOUND TRANSCRIPT (the buzzer's tones, in games whose machine moves
 * come from the transcript)
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include <cmocka.h>

#include "tests/e2e/e2e.h"

#define CYCLES_PER_MS (BOARD_F_CPU / 1000u)
/* A tone's pitch may be off by the timer's rounding to whole counts
 * (hal/sound.h): 2% at the highest note here, 2.5 kHz. */
#define PITCH_TOLERANCE 0.02
/* A note ends at the first pass of the main loop once its milliseconds
 * are up, counted from the tick before it began: up to a millisecond
 * short, and as late as a pass that draws a screen (two at most); the
 * harness reads it up to a half-period short. */
#define SHORT_MS 1.0
#define LATE_MS 2.0
#define ATTRACT_IDLE_MS 60000u /* the menu's idle time before attract mode (firmware/attract.h) */

struct note {
	unsigned hz;
	unsigned ms;
};

/* What each sound is meant to be: the firmware's tables are not read. */
static const struct note click[] = { { 2500, 8 } };
static const struct note machine_call[] = { { 1319, 50 }, { 988, 70 } };
static const struct note win_tune[] = { { 523, 110 }, { 659, 110 }, { 784, 110 }, { 1047, 250 } };
static const struct note loss_tune[] = { { 392, 200 }, { 330, 200 }, { 262, 250 } };
#define NOTES(sound) (sizeof(sound) / sizeof(sound)[0])

static double ms_of(uint64_t cycles)
{
	return (double)cycles / CYCLES_PER_MS;
}

/* Fails unless `tone` is `note`, within the tolerances above. */
static void expect_note(const struct sim_tone *tone, const struct note *note, const char *what)
{
	double ms = ms_of(tone->end - tone->start);
	double half_ms = 500.0 / note->hz;
	printf("# %s: %.1f Hz for %.2f ms (meant: %u Hz for %u ms)\n", what, tone->hz, ms, note->hz, note->ms);
	if (tone->hz < note->hz * (1.0 - PITCH_TOLERANCE) || tone->hz > note->hz * (1.0 + PITCH_TOLERANCE)) {
		fail_msg("%s: %.1f Hz, not %u Hz", what, tone->hz, note->hz);
	}
	if (ms < note->ms - SHORT_MS - half_ms || ms > note->ms + LATE_MS) {
		fail_msg("%s: %.2f ms, not %u ms", what, ms, note->ms);
	}
}

/* The last `count` tones heard must be `sound`'s notes, one after
 * another with no silence between. */
static void expect_sound_ends(struct sim *sim, const struct note *sound, size_t count, const char *what)
{
	struct sim_tone tones[SIM_TONES_KEPT];
	size_t heard = sim_tones(sim, tones, SIM_TONES_KEPT);
	if (heard < count) {
		fail_msg("%s: %zu tones heard, not %zu", what, heard, count);
	}
	const struct sim_tone *first = &tones[heard - count];
	for (size_t i = 0; i < count; i++) {
		char name[64];
		snprintf(name, sizeof name, "%s, note %zu", what, i + 1u);
		expect_note(&first[i], &sound[i], name);
		if (i > 0 && ms_of(first[i].start - first[i - 1].end) > 1000.0 / sound[i - 1].hz) {
			fail_msg("%s: a silence of %.2f ms before note %zu", what,
				 ms_of(first[i].start - first[i - 1].end), i + 1u);
		}
	}
}

static bool tone_now_near(struct sim *sim, void *ctx)
{
	const struct note *note = ctx;
	struct sim_tone tone;
	return sim_tone_now(sim, &tone) && tone.hz > note->hz * (1.0 - PITCH_TOLERANCE) &&
	       tone.hz < note->hz * (1.0 + PITCH_TOLERANCE);
}

static bool screen_changed_since(struct sim *sim, void *ctx)
{
	return sim_lcd_last_change(sim) > *(const uint64_t *)ctx;
}

/* Holds `button` down from the next millisecond of simulated time (so
 * that every press meets the firmware's tick alike) until the screen
 * changes and has settled: returns the cycles from down to the screen's
 * last change, then lets go. */
static uint64_t press_to_screen(struct sim *sim, enum board_button button)
{
	sim_run_cycles(sim, CYCLES_PER_MS - sim_cycles(sim) % CYCLES_PER_MS);
	uint64_t down = sim_cycles(sim);
	sim_button_down(sim, button);
	if (!sim_run_until(sim, screen_changed_since, &down, 200)) {
		fail_msg("the screen did not answer the key");
	}
	sim_run_ms(sim, 5);
	uint64_t drawn = sim_lcd_last_change(sim);
	sim_button_up(sim);
	return drawn - down;
}

/* Runs until no tone sounds (at most `timeout_ms`). */
static bool silent(struct sim *sim, void *ctx)
{
	(void)ctx;
	return !sim_buzzer_sounding(sim);
}

static void run_until_silent(struct sim *sim, uint32_t timeout_ms)
{
	if (!sim_run_until(sim, silent, NULL, timeout_ms)) {
		fail_msg("a sound went on for more than %u ms", timeout_ms);
	}
}

static bool sounding(struct sim *sim, void *ctx)
{
	(void)ctx;
	return sim_buzzer_sounding(sim);
}

/* A sound due now, which begins once the screen it goes with is drawn,
 * heard to its end. */
static void run_through_sound(struct sim *sim)
{
	if (!sim_run_until(sim, sounding, NULL, 100)) {
		fail_msg("no sound");
	}
	run_until_silent(sim, 2000);
}

static const struct e2e_setup nim_345 = {
	.game = GAME_NIM,
	.rule = RULE_NORMAL,
	.variant = E2E_DEFAULT,
	.limit = E2E_DEFAULT,
	.set = E2E_DEFAULT,
	.machine_first = false,
	.count = 3,
	.value = { 3, 4, 5 },
};

/* Every key clicks once, 2.5 kHz for 8 ms, after the screen it changed
 * is drawn. */
static void a_key_clicks(void **state)
{
	(void)state;
	struct sim *sim = e2e_boot(0);
	run_until_silent(sim, 100);
	sim_tones_clear(sim);
	enum { PRESSES = 6 };
	for (unsigned i = 0; i < PRESSES; i++) {
		uint64_t before = sim_lcd_last_change(sim);
		press_to_screen(sim, i % 2 ? BUTTON_UP : BUTTON_DOWN);
		uint64_t drawn = sim_lcd_last_change(sim);
		assert_true(drawn > before);
		run_until_silent(sim, 100);
		struct sim_tone tones[SIM_TONES_KEPT];
		size_t heard = sim_tones(sim, tones, SIM_TONES_KEPT);
		if (heard != i + 1u) {
			fail_msg("after %u presses %zu tones", i + 1u, heard);
		}
		char what[32];
		snprintf(what, sizeof what, "click %u", i + 1u);
		expect_note(&tones[i], &click[0], what);
		if (tones[i].start < drawn) {
			fail_msg("the click began %.2f ms before the screen it goes with was drawn",
				 ms_of(drawn - tones[i].start));
		}
		sim_run_ms(sim, 60);
	}
	struct sim_tone tones[SIM_TONES_KEPT];
	printf("# %u presses, %zu clicks heard, each after its screen\n", (unsigned)PRESSES,
	       sim_tones(sim, tones, SIM_TONES_KEPT));
	e2e_close(sim);
}

/* Changes of the screen closer together than this are one key's. */
#define ONE_SCREEN_MS 10u

/* Holds `button` down for `hold_ms` (its auto-repeat going on), reading
 * the LCD's rows every millisecond, and lets go: how many times the
 * screen changed (ONE_SCREEN_MS apart), and how many clicks were heard. */
static void hold_and_count(struct sim *sim, enum board_button button, uint32_t hold_ms, unsigned *changes,
			   unsigned *clicks)
{
	run_until_silent(sim, 1000);
	sim_tones_clear(sim);
	char rows[2][BOARD_LCD_COLUMNS + 1];
	e2e_line(sim, 0, rows[0]);
	e2e_line(sim, 1, rows[1]);
	*changes = 0;
	uint32_t last_change = 0;
	sim_button_down(sim, button);
	for (uint32_t ms = 1; ms <= hold_ms + 100u; ms++) {
		if (ms == hold_ms) {
			sim_button_up(sim);
		}
		sim_run_ms(sim, 1);
		char now[2][BOARD_LCD_COLUMNS + 1];
		e2e_line(sim, 0, now[0]);
		e2e_line(sim, 1, now[1]);
		if (strcmp(now[0], rows[0]) != 0 || strcmp(now[1], rows[1]) != 0) {
			if (*changes == 0 || ms - last_change > ONE_SCREEN_MS) {
				(*changes)++;
			}
			last_change = ms;
			memcpy(rows, now, sizeof rows);
		}
	}
	run_until_silent(sim, 100);
	struct sim_tone tones[SIM_TONES_KEPT];
	*clicks = (unsigned)sim_tones(sim, tones, SIM_TONES_KEPT);
	for (unsigned i = 0; i < *clicks; i++) {
		double ms = ms_of(tones[i].end - tones[i].start);
		if (tones[i].hz < click[0].hz * (1.0 - PITCH_TOLERANCE) ||
		    tones[i].hz > click[0].hz * (1.0 + PITCH_TOLERANCE) ||
		    ms < click[0].ms - SHORT_MS - 500.0 / click[0].hz || ms > click[0].ms + LATE_MS) {
			fail_msg("a held key's sound %u: %.1f Hz for %.2f ms, no click", i + 1u, tones[i].hz, ms);
		}
	}
}

/* A held arrow clicks with each event that changes the screen, and with
 * no other: at the menu's Level, RIGHT at its top (3) and LEFT past its
 * bottom; DOWN through the items, each repeat a new one; at a person's
 * turn, RIGHT past the largest amount; and in attract mode the key that
 * brings the menu back, held on. */
static void a_held_key_clicks_only_when_it_changes_the_screen(void **state)
{
	(void)state;
	static const struct {
		enum board_button button;
		uint32_t hold_ms;
		const char *what;
		unsigned changes; /* the screens it makes */
	} menu_holds[] = {
		{ BUTTON_RIGHT, 2000, "RIGHT held at Level <3>", 0 },
		{ BUTTON_LEFT, 2000, "LEFT held from Level <3> to <1>", 2 },
		{ BUTTON_RIGHT, 2000, "RIGHT held from Level <1> to <3>", 2 },
	};
	struct sim *sim = e2e_boot(0);
	e2e_menu_find(sim, "Level <3>");
	unsigned changes, clicks;
	for (size_t i = 0; i < sizeof menu_holds / sizeof menu_holds[0]; i++) {
		hold_and_count(sim, menu_holds[i].button, menu_holds[i].hold_ms, &changes, &clicks);
		printf("# %s for %u ms: %u screens, %u clicks\n", menu_holds[i].what, menu_holds[i].hold_ms, changes,
		       clicks);
		assert_int_equal(changes, menu_holds[i].changes);
		assert_int_equal(clicks, changes);
	}
	hold_and_count(sim, BUTTON_DOWN, 1200, &changes, &clicks);
	printf("# DOWN held through the menu's items for 1200 ms: %u screens, %u clicks\n", changes, clicks);
	assert_true(changes >= 5u);
	assert_int_equal(clicks, changes);

	/* Nim 3 4 5, the person's turn: the amount of the first heap up to
	 * its 3 stones, and no further. */
	e2e_menu_set(sim, &nim_345);
	e2e_press(sim, BUTTON_SELECT);
	e2e_expect_line(sim, 1, "Take ", 4000);
	hold_and_count(sim, BUTTON_RIGHT, 2000, &changes, &clicks);
	char row[BOARD_LCD_COLUMNS + 1];
	e2e_line(sim, 1, row);
	printf("# RIGHT held at the person's turn for 2000 ms, to \"%s\": %u screens, %u clicks\n", row, changes,
	       clicks);
	assert_true(changes >= 1u && changes <= 3u);
	assert_int_equal(clicks, changes);

	/* Attract mode, the menu left at its Level: RIGHT brings the menu
	 * back, once, and its repeats change nothing. */
	sim_press(sim, BUTTON_SELECT, 1300); /* a long SELECT leaves the game */
	e2e_expect_menu(sim, 1000);
	e2e_menu_find(sim, "Level <3>");
	if (!sim_run_until(sim, e2e_attract_caption_showing, NULL, ATTRACT_IDLE_MS + 1000u)) {
		fail_msg("no attract mode");
	}
	hold_and_count(sim, BUTTON_RIGHT, 2000, &changes, &clicks);
	e2e_line(sim, 0, row);
	printf("# RIGHT held in attract mode for 2000 ms, back to \"%s\": %u screens, %u clicks\n", row, changes,
	       clicks);
	assert_string_equal(row, "Level <3>");
	assert_int_equal(changes, 1);
	assert_int_equal(clicks, 1);
	e2e_close(sim);
}

/* The machine's move: a call of two notes as its move is drawn; and the
 * person's key in the turn that follows gets its screen as fast while the
 * call sounds as in silence. */
static void the_machines_move_calls_and_the_screen_does_not_wait(void **state)
{
	(void)state;
	struct sim *sim = e2e_boot(0);
	e2e_menu_set(sim, &nim_345);
	e2e_press(sim, BUTTON_SELECT);
	e2e_expect_line(sim, 1, "Take ", 4000);
	struct position pos;
	e2e_setup_position(&nim_345, &pos);
	struct move mv;
	memset(&mv, 0, sizeof mv);
	mv.u.heap.heap = 0;
	mv.u.heap.count = 1;
	e2e_enter_move(sim, &pos, &mv, true);
	e2e_expect_line(sim, 1, "Thinking", 1000);
	run_until_silent(sim, 100);
	sim_tones_clear(sim);

	/* The call begins with the machine's move drawn: a key then. */
	if (!sim_run_until(sim, tone_now_near, (void *)&machine_call[0], 5000)) {
		fail_msg("no call for the machine's move");
	}
	uint64_t call_heard = sim_cycles(sim);
	uint64_t drawn = sim_lcd_last_change(sim);
	uint64_t during = press_to_screen(sim, BUTTON_UP);
	struct sim_tone now;
	assert_true(sim_tone_now(sim, &now)); /* the screen answered before the call's end */
	run_until_silent(sim, 1000);
	expect_sound_ends(sim, machine_call, NOTES(machine_call), "the machine's call");
	struct sim_tone tones[SIM_TONES_KEPT];
	size_t heard = sim_tones(sim, tones, SIM_TONES_KEPT);
	/* Its first note began after the move's screen, and no click came
	 * for the key pressed while it sounded. */
	assert_int_equal(heard, NOTES(machine_call));
	if (tones[0].start < drawn || tones[0].start > call_heard) {
		fail_msg("the call began %.2f ms from its screen", ms_of(tones[0].start) - ms_of(drawn));
	}

	sim_run_ms(sim, 100);
	uint64_t in_silence = press_to_screen(sim, BUTTON_UP);
	printf("# press to screen: %.3f ms while the machine's call sounds, %.3f ms in silence\n", ms_of(during),
	       ms_of(in_silence));
	/* The same key and screen, pressed at the same phase of the tick:
	 * what the sound costs the main loop is a few microseconds. */
	if (during > in_silence + CYCLES_PER_MS / 10u) {
		fail_msg("the screen took %.3f ms while a sound played, %.3f ms in silence", ms_of(during),
			 ms_of(in_silence));
	}
	e2e_close(sim);
}

/* The machine wins against random moves from a start it wins; the person
 * wins playing perfectly from one the machine loses: each game ends with
 * its tune, whoever made the last move. */
static void a_loss_and_a_win_end_with_their_tunes(void **state)
{
	(void)state;
	struct sim *sim = e2e_boot(0);
	struct e2e_figures figures = { 0 };
	struct e2e_setup machine_wins = nim_345;
	machine_wins.machine_first = true;
	e2e_menu_set(sim, &machine_wins);
	uint32_t seed = 2246822519u;
	if (e2e_play_game(sim, &machine_wins, NULL, e2e_choose_random, &seed, 0, true, &figures) != E2E_MACHINE) {
		fail_msg("the person won Nim 3 4 5 with the machine first");
	}
	run_through_sound(sim);
	expect_sound_ends(sim, loss_tune, NOTES(loss_tune), "the person's loss");

	struct e2e_setup person_wins = nim_345;
	e2e_menu_set(sim, &person_wins);
	if (e2e_play_game(sim, &person_wins, NULL, e2e_choose_perfect, NULL, 0, true, &figures) != E2E_PERSON) {
		fail_msg("a perfect person lost Nim 3 4 5 moving first");
	}
	run_through_sound(sim);
	expect_sound_ends(sim, win_tune, NOTES(win_tune), "the person's win");
	e2e_close(sim);
}

int main(int argc, char **argv)
{
	(void)argc;
	e2e_init(argv[0]);
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(a_key_clicks),
		cmocka_unit_test(a_held_key_clicks_only_when_it_changes_the_screen),
		cmocka_unit_test(the_machines_move_calls_and_the_screen_does_not_wait),
		cmocka_unit_test(a_loss_and_a_win_end_with_their_tunes),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
