/*
 * The settings kept in the EEPROM (firmware/store.c) on the host, against
 * the fake HAL's EEPROM: the CRC's check value; what comes back at power-on from a blank, zeroed
 * or random EEPROM (the defaults), from the records saves wrote (the
 * newest), from a newest record whose CRC fails (the one before), and
 * from records whose settings the firmware could not have saved (the
 * defaults); the rotation round the slots and the sequence number round
 * 255 to 0; no write when nothing changed; a change while a save is
 * written, written with it; and a power cut after every
 * byte of a save, the byte being written left old, new or garbage.  The
 * host builds every feature: the statistics' layout, whose records keep
 * the first player and the level (firmware/store.h); the EEPROM's life is
 * test_firmware_stats's.
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
#include "firmware/store.h"
#include "tests/fake_hal/fake_hal.h"

static int set_up(void **state)
{
	(void)state;
	fake_device_start();
	return 0;
}

static struct settings defaults(void)
{
	struct settings saved = settings;
	memset(&settings, 0, sizeof settings);
	settings_init();
	struct settings made = settings;
	settings = saved;
	return made;
}

static bool same(const struct settings *a, const struct settings *b)
{
	return a->machine_first == b->machine_first && a->level == b->level && a->setup.game == b->setup.game &&
	       a->setup.rule == b->setup.rule && a->setup.variant == b->setup.variant &&
	       a->setup.count == b->setup.count && a->setup.cols == b->setup.cols && a->setup.limit == b->setup.limit &&
	       a->setup.set == b->setup.set && memcmp(&a->setup.u, &b->setup.u, sizeof a->setup.u) == 0;
}

static void expect_settings(const struct settings *expected, const char *what)
{
	if (!same(&settings, expected)) {
		fail_msg("%s: the settings came back as first %u, level %u, game %u, not first %u, level %u, game %u",
			 what, settings.machine_first, settings.level, settings.setup.game, expected->machine_first,
			 expected->level, expected->setup.game);
	}
}

/* Settings that differ from the defaults in every field kept, one of four
 * by `n` (so that n and n + 1 differ); the host builds every feature, so
 * the statistics' layout: the first player and the level are kept, the
 * set-up `which` is not and comes back as the defaults'. */
static struct settings some_settings(uint8_t which, uint16_t n)
{
	struct settings made = defaults();
	made.machine_first = (uint8_t)(n / 2u % 2u);
	made.level = (uint8_t)(1u + n % 2u);
	struct settings asked = made;
	engine_start_position(&asked.setup, which);
	settings = asked; /* as the menu would leave them */
	return made;
}

/* A game's event, then passes of the main loop until the save it began
 * has ended, or the power has gone. */
static void save_now(void)
{
	store_game_event(GAME_MOVED);
	while (fake_eeprom.writes_left != 0 && store_poll()) {
	}
}

static void save(const struct settings *these)
{
	struct position setup = settings.setup;
	settings = *these;
	settings.setup = setup; /* whatever the menu set up, which is not kept */
	save_now();
}

static void restart(void)
{
	fake_device_restart();
}

/* The CRC is CRC-16/ARC, avr-libc's _crc16_update: its check value, of
 * "123456789" from 0, is 0xBB3D; and a record followed by its CRC, low
 * byte first, leaves 0, which the store's walk relies on. */
static void the_crc_is_crc16_arc(void **state)
{
	(void)state;
	uint16_t crc = 0;
	for (const char *c = "123456789"; *c != '\0'; c++) {
		crc = store_crc(crc, (uint8_t)*c);
	}
	assert_int_equal(crc, 0xBB3Du);
	uint16_t whole = store_crc(store_crc(crc, (uint8_t)crc), (uint8_t)(crc >> 8));
	assert_int_equal(whole, 0);
}

static void blank_zeroed_and_random_eeproms_give_the_defaults(void **state)
{
	(void)state;
	struct settings expected = defaults();
	restart();
	expect_settings(&expected, "blank");
	memset(fake_eeprom.bytes, 0, sizeof fake_eeprom.bytes);
	restart();
	expect_settings(&expected, "zeroed");
	uint32_t random = 12345u;
	unsigned images = 0;
	for (; images < 300u; images++) {
		for (unsigned i = 0; i < EEPROM_SIZE; i++) {
			random ^= random << 13;
			random ^= random >> 17;
			random ^= random << 5;
			fake_eeprom.bytes[i] = (uint8_t)random;
		}
		restart();
		expect_settings(&expected, "random");
	}
	print_message("# blank, zeroed and %u random EEPROMs: the defaults\n", images);
}

static void saved_settings_come_back(void **state)
{
	(void)state;
	static const uint8_t games[] = { GAME_NIM,       GAME_KAYLES, GAME_MATRIX_NIM, GAME_PRIME_POWER,
					 GAME_POKER_NIM, GAME_CHOMP,  GAME_TAKTIX,     GAME_NINETEEN };
	for (unsigned i = 0; i < sizeof games; i++) {
		struct settings these = some_settings(games[i], (uint16_t)(i + 1u));
		save(&these);
		restart();
		expect_settings(&these, "saved");
	}
	print_message("# %u saves of as many games came back\n", (unsigned)sizeof games);
}

static void nothing_is_written_when_nothing_changed(void **state)
{
	(void)state;
	struct settings these = some_settings(GAME_KAYLES, 4);
	save(&these);
	unsigned writes = fake_eeprom.writes;
	assert_true(writes > 0);
	save_now();
	save_now();
	assert_int_equal(fake_eeprom.writes, writes);
	restart();
	save_now();
	assert_int_equal(fake_eeprom.writes, writes);
	settings.level = (uint8_t)(settings.level % SETTINGS_LEVEL_PERFECT + 1u);
	save_now();
	assert_true(fake_eeprom.writes > writes);
}

/* The settings change while a save is being written: the record ends
 * with them as they are at its end, and no second save follows. */
static void a_change_during_a_save_is_written_with_it(void **state)
{
	(void)state;
	struct settings first = some_settings(GAME_CHOMP, 5);
	settings = first;
	store_game_event(GAME_BEGAN);
	/* Two passes: the level, the second byte, is written. */
	for (unsigned pass = 0; pass < 2u; pass++) {
		assert_true(store_poll());
	}
	settings.level = SETTINGS_LEVEL_PERFECT;
	settings.machine_first = 1;
	struct settings changed = settings;
	store_game_event(GAME_MOVED);
	unsigned passes = 2;
	while (store_poll()) {
		passes++;
	}
	unsigned writes = fake_eeprom.writes;
	save_now();
	assert_int_equal(fake_eeprom.writes, writes);
	restart();
	expect_settings(&changed, "changed during the save");
	print_message("# a save of %u passes, changed after 2: the change came back\n", passes);
}

/* The slot a save wrote: the one whose bytes changed. */
static int slot_written(const uint8_t before[EEPROM_SIZE])
{
	int slot = -1;
	for (unsigned i = 0; i < EEPROM_SIZE; i++) {
		if (fake_eeprom.bytes[i] != before[i]) {
			int here = (int)(i / STORE_RECORD_SIZE);
			assert_true(slot == -1 || slot == here);
			slot = here;
		}
	}
	return slot;
}

/* 600 saves, each a new score, with a power-on after each: the rotation
 * goes round the slots in order (and round again), the sequence number
 * round 255 to 0 twice, and the newest always comes back. */
static void the_rotation_and_the_sequence_number_wrap_round(void **state)
{
	(void)state;
	uint8_t before[EEPROM_SIZE];
	int expected_slot = 0;
	unsigned saves = 0;
	for (; saves < 600u; saves++) {
		struct settings these = some_settings((uint8_t)(saves % GAME_COUNT), (uint16_t)saves);
		memcpy(before, fake_eeprom.bytes, sizeof before);
		save(&these);
		assert_int_equal(slot_written(before), expected_slot);
		expected_slot = (expected_slot + 1) % (int)STORE_SLOTS;
		restart();
		expect_settings(&these, "after a save");
	}
	print_message("# %u saves round %u slots: each came back\n", saves, (unsigned)STORE_SLOTS);
}

static void a_newest_record_that_fails_its_crc_gives_the_one_before(void **state)
{
	(void)state;
	struct settings older = some_settings(GAME_DIVIDE, 10);
	struct settings newer = some_settings(GAME_WYTHOFF, 11);
	save(&older);
	uint8_t before[EEPROM_SIZE];
	memcpy(before, fake_eeprom.bytes, sizeof before);
	save(&newer);
	int slot = slot_written(before);
	unsigned cases = 0;
	for (unsigned i = 0; i < STORE_RECORD_SIZE; i++) {
		uint8_t *byte = &fake_eeprom.bytes[(unsigned)slot * STORE_RECORD_SIZE + i];
		uint8_t kept = *byte;
		*byte ^= (uint8_t)(1u << (i % 8u));
		restart();
		expect_settings(&older, "a bit of the newest record flipped");
		*byte = kept;
		cases++;
	}
	restart();
	expect_settings(&newer, "the newest record whole again");
	print_message("# %u single-bit faults of the newest record: the one before came back\n", cases);
}

/* A record whose CRC holds but whose settings the firmware could not have
 * saved (another firmware's, or a fault the CRC missed). */
static void settings_the_firmware_could_not_have_saved_give_the_defaults(void **state)
{
	(void)state;
	struct settings expected = defaults();
	struct settings bad[3];
	unsigned n = 0;
	bad[n] = some_settings(GAME_NIM, 1);
	bad[n++].machine_first = 2;
	bad[n] = some_settings(GAME_NIM, 1);
	bad[n++].level = 0;
	bad[n] = some_settings(GAME_NIM, 1);
	bad[n++].level = SETTINGS_LEVEL_PERFECT + 1;
	for (unsigned i = 0; i < n; i++) {
		fake_eeprom_erase();
		save(&bad[i]);
		restart();
		expect_settings(&expected, "settings out of range");
	}
	print_message("# %u records of settings out of range: the defaults\n", n);
}

/* A save cut by a power cut after each of its writes, the byte being
 * written then left as it was, as it was to be, or garbage. */
static void a_power_cut_during_a_save_gives_the_old_settings_or_the_new(void **state)
{
	(void)state;
	/* Three saves, so the slot written next holds a record already,
	 * and its bytes are partly the same. */
	struct settings old = some_settings(GAME_SUBTRACTION, 20);
	for (unsigned i = 0; i < STORE_SLOTS; i++) {
		old = some_settings(GAME_SUBTRACTION, (uint16_t)(20u + i));
		save(&old);
	}
	struct settings new = some_settings(GAME_KAYLES, 300);
	uint8_t before[EEPROM_SIZE], after[EEPROM_SIZE];
	memcpy(before, fake_eeprom.bytes, sizeof before);
	unsigned start = fake_eeprom.writes;
	save(&new);
	unsigned writes = fake_eeprom.writes - start;
	memcpy(after, fake_eeprom.bytes, sizeof after);
	assert_true(writes > 0);

	unsigned cuts = 0, olds = 0, news = 0;
	for (unsigned k = 0; k <= writes; k++) {
		for (unsigned torn = 0; torn < 3u; torn++) {
			memcpy(fake_eeprom.bytes, before, sizeof before);
			restart();
			expect_settings(&old, "before the save");
			fake_eeprom.writes_left = (long)k;
			save(&new);
			fake_eeprom.writes_left = -1;
			/* The byte the chip was writing when the power went: the
			 * first that differs from the save's whole result. */
			unsigned at = 0;
			while (at < EEPROM_SIZE && fake_eeprom.bytes[at] == after[at]) {
				at++;
			}
			if (at < EEPROM_SIZE) {
				fake_eeprom.bytes[at] = torn == 0   ? before[at]
							: torn == 1 ? after[at]
								    : (uint8_t)(0x5Au + k);
			}
			restart();
			cuts++;
			if (same(&settings, &old)) {
				olds++;
			} else if (same(&settings, &new)) {
				news++;
			} else {
				fail_msg("a cut after %u of %u writes (torn %u at %u) gave other settings: first %u "
					 "level %u",
					 k, writes, torn, at, settings.machine_first, settings.level);
			}
		}
	}
	assert_int_equal(olds + news, cuts);
	assert_true(olds > 0 && news > 0);
	print_message("# %u cuts during a save of %u byte writes: %u old settings, %u new\n", cuts, writes, olds, news);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(the_crc_is_crc16_arc),
		cmocka_unit_test_setup(blank_zeroed_and_random_eeproms_give_the_defaults, set_up),
		cmocka_unit_test_setup(saved_settings_come_back, set_up),
		cmocka_unit_test_setup(nothing_is_written_when_nothing_changed, set_up),
		cmocka_unit_test_setup(a_change_during_a_save_is_written_with_it, set_up),
		cmocka_unit_test_setup(the_rotation_and_the_sequence_number_wrap_round, set_up),
		cmocka_unit_test_setup(a_newest_record_that_fails_its_crc_gives_the_one_before, set_up),
		cmocka_unit_test_setup(settings_the_firmware_could_not_have_saved_give_the_defaults, set_up),
		cmocka_unit_test_setup(a_power_cut_during_a_save_gives_the_old_settings_or_the_new, set_up),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
