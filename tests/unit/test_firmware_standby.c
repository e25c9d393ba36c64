/*
 * Standby's logic (firmware/standby.c) on the host, the whole firmware on
 * the fake HAL's clock, keys, LCD and serial line, built as a handheld
 * builds it (the Makefile compiles this test and the firmware with
 * FEATURE_ATTRACT and FEATURE_STATS off, which leaves FEATURE_STANDBY on):
 *   - the backlight goes off at the light's idle time, not a millisecond
 *     before, and standby comes at its own, the display and the backlight
 *     off when it begins; the times are the menu's settings;
 *   - a key in the dark lights the box and reaches no screen; the next
 *     key does;
 *   - a byte on the serial line counts as a key;
 *   - a save under way holds standby off until it has ended.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include <cmocka.h>

#include "firmware/features.h"
#include "firmware/settings.h"
#include "firmware/standby.h"
#include "hal/keys.h"
#include "tests/fake_hal/fake_hal.h"

#define MINUTE_MS 60000u

_Static_assert(FEATURE_STANDBY && !FEATURE_ATTRACT && !FEATURE_STATS,
	       "built as a handheld: the Makefile turns the exhibit's attract mode and statistics off");

/* The fake clock's reading when the idle time began. */
static uint32_t idle_from;

/* A new device, its idle time begun by an empty line on the serial line
 * (standby's state is the C start-up's on the chip, but here it carries
 * from test to test: the line sets it as a key would, and changes
 * nothing else).  The last pass that saw a byte waiting began the idle
 * time, a millisecond before the line was read. */
static int set_up(void **state)
{
	(void)state;
	fake_device_start();
	fake_device_send("");
	idle_from = fake_hal.now_ms - 1u;
	fake_line_clear_output();
	return 0;
}

/* Row 0 of the LCD, without the spaces that pad it. */
static void expect_row0(const char *text)
{
	size_t length = strlen(text);
	assert_memory_equal(fake_hal.lcd[0], text, length);
	for (size_t i = length; i < LCD_COLUMNS; i++) {
		assert_int_equal(fake_hal.lcd[0][i], ' ');
	}
}

/* The menu's item showing on row 0 starts with `label`, pressing DOWN. */
static void find_item(const char *label)
{
	for (int i = 0; i < 40 && strncmp(fake_hal.lcd[0], label, strlen(label)) != 0; i++) {
		fake_device_press(KEY_DOWN);
	}
	assert_memory_equal(fake_hal.lcd[0], label, strlen(label));
}

/* Runs the main loop through its pass at `ms` of the idle time. */
static void run_through(uint32_t ms)
{
	fake_device_run_ms(idle_from + ms + 1u - fake_hal.now_ms);
}

/* The light's two minutes, standby's ten: not a millisecond before. */
static void the_light_and_standby_come_at_their_minutes(void **state)
{
	(void)state;
	run_through(settings.light_idle_min * MINUTE_MS - 1u);
	assert_false(fake_hal.backlight_off);
	run_through(settings.light_idle_min * MINUTE_MS);
	assert_true(fake_hal.backlight_off);
	assert_false(fake_hal.display_off);
	run_through(settings.standby_idle_min * MINUTE_MS - 1u);
	assert_int_equal(fake_hal.standbys, 0);
	run_through(settings.standby_idle_min * MINUTE_MS);
	assert_int_equal(fake_hal.standbys, 1);
	assert_true(fake_hal.standby_dark);
	/* Woken (the fake's key comes at once): the display back on. */
	assert_false(fake_hal.display_off);
}

static void the_menu_sets_the_idle_times(void **state)
{
	(void)state;
	find_item("Light off <2m>");
	fake_device_press(KEY_LEFT);
	expect_row0("Light off <1m>");
	fake_device_press(KEY_DOWN);
	expect_row0("Standby <10m>");
	fake_device_press(KEY_LEFT);
	expect_row0("Standby <9m>");
	assert_int_equal(settings.light_idle_min, 1);
	assert_int_equal(settings.standby_idle_min, 9);
	fake_device_run_ms(MINUTE_MS + 1u);
	assert_true(fake_hal.backlight_off);
	fake_device_run_ms(8u * MINUTE_MS);
	assert_int_equal(fake_hal.standbys, 1);
	/* Kept: after a power cut, as set. */
	fake_device_restart();
	assert_int_equal(settings.light_idle_min, 1);
	assert_int_equal(settings.standby_idle_min, 9);
}

static void a_key_in_the_dark_only_lights_the_box(void **state)
{
	(void)state;
	find_item("First move <you>");
	fake_device_run_ms(2u * MINUTE_MS + 1u);
	assert_true(fake_hal.backlight_off);
	fake_device_press(KEY_RIGHT);
	fake_device_run_ms(1);
	assert_false(fake_hal.backlight_off);
	expect_row0("First move <you>");
	fake_device_press(KEY_RIGHT);
	expect_row0("First move <me>");
}

static void a_byte_on_the_serial_line_counts_as_a_key(void **state)
{
	(void)state;
	run_through(MINUTE_MS);
	fake_device_send("help");
	run_through(2u * MINUTE_MS + 10u);
	assert_false(fake_hal.backlight_off); /* two minutes since the first line, one since this */
	run_through(3u * MINUTE_MS + 100u);
	assert_true(fake_hal.backlight_off);
	fake_device_send("help");
	fake_device_run_ms(1);
	assert_false(fake_hal.backlight_off);
	assert_true(strlen(fake_line_output()) > 0); /* and the console answered */
}

/* The pass on which standby's time is up finds a save under way: standby
 * waits for the next minute's look, with the save over. */
static void a_save_under_way_holds_standby_off(void **state)
{
	(void)state;
	uint32_t at = settings.standby_idle_min * MINUTE_MS;
	run_through(at - 1u);
	standby_tick((uint16_t)fake_hal.now_ms, true); /* the pass at `at` */
	assert_int_equal(fake_hal.standbys, 0);
	fake_hal.now_ms++;
	run_through(at + MINUTE_MS - 1u);
	assert_int_equal(fake_hal.standbys, 0);
	run_through(at + MINUTE_MS);
	assert_int_equal(fake_hal.standbys, 1);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test_setup(the_light_and_standby_come_at_their_minutes, set_up),
		cmocka_unit_test_setup(the_menu_sets_the_idle_times, set_up),
		cmocka_unit_test_setup(a_key_in_the_dark_only_lights_the_box, set_up),
		cmocka_unit_test_setup(a_byte_on_the_serial_line_counts_as_a_key, set_up),
		cmocka_unit_test_setup(a_save_under_way_holds_standby_off, set_up),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
