/*
 * The buzzer's sounds (firmware/sound.c) on the host, against the fake
 * HAL's buzzer and clock: which sound each game event and key brings, its
 * notes in order with their lengths in milliseconds of the tick, a click
 * only in silence, a sound cut short by the next sound of the game,
 * silence at once when sound is turned off, and notes that end on time
 * across the 16-bit wrap of the time the main loop passes.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include <cmocka.h>

#include "engine/engine.h"
#include "firmware/game.h"
#include "firmware/settings.h"
#include "firmware/sound.h"
#include "hal/sound.h"
#include "tests/fake_hal/fake_hal.h"

struct heard {
	uint8_t tone;
	uint32_t ms;
};

#define HEARD_MAX 16u
#define LONGEST_SOUND_MS 2000u

struct note {
	unsigned hz;
	unsigned ms;
};

static const struct note click[] = { { 2500, 8 } };
static const struct note machine_call[] = { { 1319, 50 }, { 988, 70 } };
static const struct note win_tune[] = { { 523, 110 }, { 659, 110 }, { 784, 110 }, { 1047, 250 } };
static const struct note loss_tune[] = { { 392, 200 }, { 330, 200 }, { 262, 250 } };
#define NOTES(sound) (sizeof(sound) / sizeof(sound)[0])

static const game_observer observers[] = { sound_game_event, NULL };

/* One pass of the main loop a millisecond, as box_poll() makes them. */
static void tick(void)
{
	fake_hal.now_ms++;
	sound_poll((uint16_t)fake_hal.now_ms);
}

/* The notes of the sound that has just begun, each with the milliseconds
 * it lasted, up to silence. */
static size_t listen(struct heard *heard)
{
	size_t n = 0;
	unsigned started = fake_hal.tones;
	uint32_t since = fake_hal.now_ms;
	assert_true(fake_hal.sounding);
	for (uint32_t ms = 0; ms < LONGEST_SOUND_MS && fake_hal.sounding; ms++) {
		uint8_t tone = fake_hal.tone;
		tick();
		if (!fake_hal.sounding || fake_hal.tones != started) {
			assert_true(n < HEARD_MAX);
			heard[n++] = (struct heard){ tone, fake_hal.now_ms - since };
			started = fake_hal.tones;
			since = fake_hal.now_ms;
		}
	}
	assert_false(fake_hal.sounding);
	return n;
}

static void expect_sound(const struct note *sound, size_t count, const char *what)
{
	struct heard heard[HEARD_MAX];
	size_t n = listen(heard);
	if (n != count) {
		fail_msg("%s: %zu notes, not %zu", what, n, count);
	}
	for (size_t i = 0; i < n; i++) {
		if (heard[i].tone != SOUND_TONE(sound[i].hz) || heard[i].ms != sound[i].ms) {
			fail_msg("%s, note %zu: tone %u for %u ms, not %u (%u Hz) for %u ms", what, i + 1u,
				 heard[i].tone, (unsigned)heard[i].ms, SOUND_TONE(sound[i].hz), sound[i].hz,
				 sound[i].ms);
		}
	}
	printf("# %s: %zu notes as meant\n", what, n);
}

static int set_up(void **state)
{
	(void)state;
	fake_power_on();
	settings_init();
	game_observe(observers);
	sound_enable(true);
	/* Whatever a test before left sounding ends. */
	for (uint32_t ms = 0; ms < LONGEST_SOUND_MS && fake_hal.sounding; ms++) {
		tick();
	}
	fake_hal.tones = 0;
	return 0;
}

static struct move take(uint8_t heap, uint16_t amount)
{
	struct move mv;
	memset(&mv, 0, sizeof mv);
	mv.u.heap.heap = heap;
	mv.u.heap.count = amount;
	return mv;
}

static void start_nim(const char *heaps, uint8_t first)
{
	struct position pos;
	assert_int_equal(engine_parse_position(&pos, GAME_NIM, heaps), ENGINE_OK);
	assert_true(game_start(&pos, first));
}

static void a_key_clicks_only_in_silence(void **state)
{
	(void)state;
	sound_click();
	expect_sound(click, NOTES(click), "a key's click");
	start_nim("2 2", PLAYER_MACHINE);
	struct move mv = take(0, 1);
	assert_int_equal(game_play(&mv), ENGINE_OK); /* the machine's: its call */
	unsigned tones = fake_hal.tones;
	sound_click();
	assert_int_equal(fake_hal.tones, tones);
	expect_sound(machine_call, NOTES(machine_call), "the call, a key pressed during it");
}

static void the_machines_move_calls_and_the_persons_is_silent(void **state)
{
	(void)state;
	start_nim("3 4 5", PLAYER_PERSON);
	assert_false(fake_hal.sounding); /* a game's beginning */
	struct move mv = take(2, 3);
	assert_int_equal(game_play(&mv), ENGINE_OK);
	assert_false(fake_hal.sounding); /* the person's move */
	mv = take(1, 1);
	assert_int_equal(game_play(&mv), ENGINE_OK);
	expect_sound(machine_call, NOTES(machine_call), "the machine's move");
	game_leave();
	assert_false(fake_hal.sounding);
	assert_int_equal(fake_hal.tones, NOTES(machine_call));
}

static void the_last_move_plays_the_winners_tune(void **state)
{
	(void)state;
	start_nim("1", PLAYER_PERSON);
	struct move mv = take(0, 1);
	assert_int_equal(game_play(&mv), ENGINE_OK);
	expect_sound(win_tune, NOTES(win_tune), "the person's winning move");

	start_nim("1", PLAYER_MACHINE);
	assert_int_equal(game_play(&mv), ENGINE_OK);
	expect_sound(loss_tune, NOTES(loss_tune), "the machine's winning move");
}

static void a_game_sound_cuts_the_one_playing_short(void **state)
{
	(void)state;
	start_nim("1 1", PLAYER_MACHINE);
	struct move mv = take(0, 1);
	assert_int_equal(game_play(&mv), ENGINE_OK);
	for (int ms = 0; ms < 10; ms++) {
		tick();
	}
	mv = take(1, 1);
	assert_int_equal(game_play(&mv), ENGINE_OK);
	expect_sound(win_tune, NOTES(win_tune), "the win over the machine's call");
}

static void turned_off_it_is_silent_at_once_until_turned_on(void **state)
{
	(void)state;
	start_nim("1", PLAYER_PERSON);
	struct move mv = take(0, 1);
	assert_int_equal(game_play(&mv), ENGINE_OK);
	tick();
	assert_true(fake_hal.sounding);
	sound_enable(false);
	assert_false(fake_hal.sounding);
	unsigned tones = fake_hal.tones;
	sound_click();
	start_nim("1", PLAYER_MACHINE);
	assert_int_equal(game_play(&mv), ENGINE_OK);
	for (int ms = 0; ms < 1000; ms++) {
		tick();
	}
	assert_int_equal(fake_hal.tones, tones);
	sound_enable(true);
	sound_click();
	expect_sound(click, NOTES(click), "a click once on again");
}

static void notes_end_on_time_across_the_wrap_of_the_time(void **state)
{
	(void)state;
	fake_hal.now_ms = 0xFFFFu - 100u;
	start_nim("1", PLAYER_MACHINE);
	struct move mv = take(0, 1);
	assert_int_equal(game_play(&mv), ENGINE_OK);
	expect_sound(loss_tune, NOTES(loss_tune), "a tune across the wrap");
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test_setup(a_key_clicks_only_in_silence, set_up),
		cmocka_unit_test_setup(the_machines_move_calls_and_the_persons_is_silent, set_up),
		cmocka_unit_test_setup(the_last_move_plays_the_winners_tune, set_up),
		cmocka_unit_test_setup(a_game_sound_cuts_the_one_playing_short, set_up),
		cmocka_unit_test_setup(turned_off_it_is_silent_at_once_until_turned_on, set_up),
		cmocka_unit_test_setup(notes_end_on_time_across_the_wrap_of_the_time, set_up),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
