/*
 * The strict HD44780U model, fed synthetic pin edges at 16 MHz (62.5 ns a
 * cycle), no firmware: initialisation, writes, addressing, clear, CGRAM,
 * shifting, and every timing rule caught when broken and quiet when kept.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include <cmocka.h>

#include "sim/lcd_model.h"

#define F_CPU_HZ 16000000u

/* A driver on the bus: the model plus the current cycle. */
struct bus {
	struct lcd_model lcd;
	uint64_t cycle;
};

static void wait_cycles(struct bus *bus, uint64_t cycles)
{
	bus->cycle += cycles;
}

static void wait_us(struct bus *bus, uint64_t us)
{
	wait_cycles(bus, us * 16u);
}

static void set_pin(struct bus *bus, enum lcd_pin pin, bool level)
{
	lcd_model_set_pin(&bus->lcd, pin, level, bus->cycle);
}

static void set_data(struct bus *bus, uint8_t nibble)
{
	for (int bit = 0; bit < 4; bit++) {
		set_pin(bus, (enum lcd_pin)(LCD_PIN_DB4 + bit), (nibble >> bit) & 1u);
	}
}

/* One nibble with comfortable timings: RS and data 1 us before E rises,
 * E high 1 us, then 1 us of hold. */
static void send_nibble(struct bus *bus, bool rs, uint8_t nibble)
{
	set_pin(bus, LCD_PIN_RS, rs);
	set_data(bus, nibble);
	wait_us(bus, 1);
	set_pin(bus, LCD_PIN_E, true);
	wait_us(bus, 1);
	set_pin(bus, LCD_PIN_E, false);
	wait_us(bus, 1);
}

/* A byte in 4-bit mode, then the datasheet wait (1.6 ms for clear/home). */
static void send_byte(struct bus *bus, bool rs, uint8_t value)
{
	send_nibble(bus, rs, value >> 4);
	send_nibble(bus, rs, value & 0x0Fu);
	wait_us(bus, !rs && value < 4u ? 1600u : 40u);
}

static void command(struct bus *bus, uint8_t value)
{
	send_byte(bus, false, value);
}

static void write_text(struct bus *bus, const char *text)
{
	while (*text) {
		send_byte(bus, true, (uint8_t)*text++);
	}
}

static void power_on(struct bus *bus)
{
	memset(bus, 0, sizeof *bus);
	bus->cycle = 1000;
	lcd_model_power_on(&bus->lcd, F_CPU_HZ, bus->cycle);
}

/* The datasheet's initialisation by instruction for a 4-bit interface. */
static void init_4bit(struct bus *bus)
{
	power_on(bus);
	wait_us(bus, 50000);
	send_nibble(bus, false, 0x3);
	wait_us(bus, 4200);
	send_nibble(bus, false, 0x3);
	wait_us(bus, 150);
	send_nibble(bus, false, 0x3);
	wait_us(bus, 50);
	send_nibble(bus, false, 0x2);
	wait_us(bus, 50);
	command(bus, 0x28); /* 4-bit, two lines, 5x8 */
	command(bus, 0x08); /* display off */
	command(bus, 0x01); /* clear */
	command(bus, 0x06); /* increment, no shift */
	command(bus, 0x0C); /* display on */
}

static void assert_lines(const struct bus *bus, const char *first, const char *second)
{
	char lines[BOARD_LCD_ROWS][BOARD_LCD_COLUMNS + 1];
	lcd_model_lines(&bus->lcd, lines);
	assert_string_equal(lines[0], first);
	assert_string_equal(lines[1], second);
}

static void assert_no_violation(const struct bus *bus)
{
	if (bus->lcd.violations) {
		fail_msg("unexpected violation: %s", bus->lcd.first_violation);
	}
}

static void assert_violation(const struct bus *bus, const char *words)
{
	assert_int_equal(bus->lcd.violations, 1);
	if (!strstr(bus->lcd.first_violation, words)) {
		fail_msg("expected \"%s\" in \"%s\"", words, bus->lcd.first_violation);
	}
}

/* ---- state and writes ------------------------------------------------------- */

static void test_power_on_shows_nothing_in_8_bit_mode(void **state)
{
	(void)state;
	struct bus bus;
	power_on(&bus);
	assert_false(bus.lcd.display_on);
	assert_false(bus.lcd.four_bit);
	assert_lines(&bus, "                ", "                ");
	assert_no_violation(&bus);
}

static void test_initialisation_by_instruction_reaches_4_bit_two_lines(void **state)
{
	(void)state;
	struct bus bus;
	init_4bit(&bus);
	assert_no_violation(&bus);
	assert_true(bus.lcd.four_bit);
	assert_true(bus.lcd.two_lines);
	assert_true(bus.lcd.display_on);
	assert_false(bus.lcd.cursor_on);
	assert_int_equal(bus.lcd.address, 0);
}

static void test_writes_go_to_both_lines(void **state)
{
	(void)state;
	struct bus bus;
	init_4bit(&bus);
	write_text(&bus, "Hello");
	command(&bus, 0x80 | 0x40);
	write_text(&bus, "World");
	command(&bus, 0x80 | 0x0B);
	write_text(&bus, "edge!");
	assert_lines(&bus, "Hello      edge!", "World           ");
	assert_no_violation(&bus);
}

static void test_address_counter_runs_from_line_1_into_line_2(void **state)
{
	(void)state;
	struct bus bus;
	init_4bit(&bus);
	command(&bus, 0x80 | 0x27);
	write_text(&bus, "AB");
	assert_int_equal(bus.lcd.ddram[0x27], 'A');
	assert_lines(&bus, "                ", "B               ");
	command(&bus, 0x80 | 0x67);
	write_text(&bus, "CD");
	assert_lines(&bus, "D               ", "B               ");
	assert_no_violation(&bus);
}

static void test_decrement_mode_writes_backwards(void **state)
{
	(void)state;
	struct bus bus;
	init_4bit(&bus);
	command(&bus, 0x04); /* decrement, no shift */
	command(&bus, 0x80 | 0x02);
	write_text(&bus, "abc");
	assert_lines(&bus, "cba             ", "                ");
	assert_int_equal(bus.lcd.address, 0x67); /* 0x00 runs back to the end of line 2 */
	assert_no_violation(&bus);
}

static void test_clear_blanks_and_returns_home(void **state)
{
	(void)state;
	struct bus bus;
	init_4bit(&bus);
	command(&bus, 0x04); /* decrement: clear must set increment again */
	command(&bus, 0x80 | 0x45);
	write_text(&bus, "old");
	command(&bus, 0x01);
	write_text(&bus, "XY");
	assert_lines(&bus, "XY              ", "                ");
	assert_no_violation(&bus);
}

static void test_home_returns_address_and_shift(void **state)
{
	(void)state;
	struct bus bus;
	init_4bit(&bus);
	write_text(&bus, "0123456789");
	command(&bus, 0x18); /* shift the display left */
	command(&bus, 0x18);
	assert_lines(&bus, "23456789        ", "                ");
	command(&bus, 0x02);
	assert_int_equal(bus.lcd.shift, 0);
	write_text(&bus, "ab");
	assert_lines(&bus, "ab23456789      ", "                ");
	assert_no_violation(&bus);
}

static void test_cgram_is_separate_from_ddram(void **state)
{
	(void)state;
	struct bus bus;
	init_4bit(&bus);
	command(&bus, 0x80 | 0x40);
	write_text(&bus, "line two");
	static const uint8_t box[8] = { 0x1F, 0x11, 0x11, 0x11, 0x11, 0x11, 0x1F, 0x00 };
	command(&bus, 0x40 | 8); /* character 1 */
	for (int i = 0; i < 8; i++) {
		send_byte(&bus, true, box[i]);
	}
	assert_lines(&bus, "                ", "line two        ");
	uint8_t rows[8];
	lcd_model_glyph(&bus.lcd, 1, rows);
	assert_memory_equal(rows, box, sizeof rows);
	command(&bus, 0x80);
	send_byte(&bus, true, 1);
	send_byte(&bus, true, 0);
	write_text(&bus, "!");
	/* Custom 1 as its code; custom 0 as its alias 8, keeping the string whole. */
	assert_lines(&bus, "\x01\x08!             ", "line two        ");
	assert_no_violation(&bus);
}

static void test_display_shift_moves_the_picture_not_the_data(void **state)
{
	(void)state;
	struct bus bus;
	init_4bit(&bus);
	write_text(&bus, "abcdef");
	command(&bus, 0x1C); /* shift right */
	assert_lines(&bus, " abcdef         ", "                ");
	command(&bus, 0x18); /* and back left, twice */
	command(&bus, 0x18);
	assert_lines(&bus, "bcdef           ", "                ");
	assert_int_equal(bus.lcd.ddram[0], 'a');
	assert_no_violation(&bus);
}

static void test_entry_mode_shift_scrolls_on_each_write(void **state)
{
	(void)state;
	struct bus bus;
	init_4bit(&bus);
	command(&bus, 0x80 | 0x10); /* just right of the visible window */
	command(&bus, 0x07);        /* increment and shift */
	write_text(&bus, "abc");
	assert_lines(&bus, "             abc", "                ");
	assert_no_violation(&bus);
}

static void test_cursor_shift_moves_the_address_and_cursor(void **state)
{
	(void)state;
	struct bus bus;
	init_4bit(&bus);
	command(&bus, 0x0E); /* display and cursor on */
	command(&bus, 0x14); /* cursor right */
	command(&bus, 0x14);
	command(&bus, 0x10); /* cursor left */
	uint8_t row = 9;
	uint8_t column = 9;
	bool underline = false;
	bool block = true;
	assert_true(lcd_model_cursor(&bus.lcd, bus.cycle, &row, &column, &underline, &block));
	assert_int_equal(row, 0);
	assert_int_equal(column, 1);
	assert_true(underline);
	assert_false(block);
	write_text(&bus, "x");
	assert_lines(&bus, " x              ", "                ");
	assert_no_violation(&bus);
}

static void test_display_off_shows_spaces_but_keeps_data(void **state)
{
	(void)state;
	struct bus bus;
	init_4bit(&bus);
	write_text(&bus, "kept");
	command(&bus, 0x08);
	assert_lines(&bus, "                ", "                ");
	command(&bus, 0x0C);
	assert_lines(&bus, "kept            ", "                ");
	assert_no_violation(&bus);
}

static void test_last_change_follows_only_what_shows(void **state)
{
	(void)state;
	struct bus bus;
	init_4bit(&bus);
	write_text(&bus, "a");
	uint64_t shown = bus.lcd.last_change;
	command(&bus, 0x80 | 0x20); /* column 32: out of view */
	write_text(&bus, "hidden");
	command(&bus, 0x40 | 0x10); /* CGRAM of character 2, not on screen */
	send_byte(&bus, true, 0x1F);
	assert_int_equal(bus.lcd.last_change, shown);
	command(&bus, 0x80 | 0x01);
	write_text(&bus, "b");
	assert_true(bus.lcd.last_change > shown);
	assert_no_violation(&bus);
}

/* ---- timing rules ---------------------------------------------------------------- */

/* Ready for a byte: initialised, idle long enough. */
static void ready(struct bus *bus)
{
	init_4bit(bus);
	assert_no_violation(bus);
}

/* One nibble with chosen timings, all in cycles of 62.5 ns: RS to E rise,
 * data to E fall, E high, and E fall to the next RS/data change. */
static void nibble_timed(struct bus *bus, uint8_t rs_setup, uint8_t data_setup, uint8_t high, uint8_t hold)
{
	set_pin(bus, LCD_PIN_RS, true);
	wait_cycles(bus, rs_setup);
	set_pin(bus, LCD_PIN_E, true);
	wait_cycles(bus, high - data_setup);
	set_data(bus, 0x4);
	wait_cycles(bus, data_setup);
	set_pin(bus, LCD_PIN_E, false);
	wait_cycles(bus, hold);
	set_data(bus, 0x1);
	wait_cycles(bus, 16);
	set_pin(bus, LCD_PIN_RS, false);
}

static void test_e_pulse_width(void **state)
{
	(void)state;
	struct bus bus;
	ready(&bus);
	nibble_timed(&bus, 16, 8, 4, 16); /* 250 ns high: kept */
	assert_no_violation(&bus);
	wait_us(&bus, 100);
	nibble_timed(&bus, 16, 2, 3, 16); /* 187.5 ns high */
	assert_violation(&bus, "E pulse high for 187 ns, must be at least 230 ns (PW_EH)");
}

static void test_e_cycle_time(void **state)
{
	(void)state;
	struct bus bus;
	ready(&bus);
	set_pin(&bus, LCD_PIN_RS, true);
	wait_us(&bus, 1);
	/* Rises 8 cycles (500 ns) apart: kept. */
	set_pin(&bus, LCD_PIN_E, true);
	wait_cycles(&bus, 4);
	set_pin(&bus, LCD_PIN_E, false);
	wait_cycles(&bus, 4);
	set_pin(&bus, LCD_PIN_E, true);
	assert_no_violation(&bus);
	/* Then 7 cycles (437.5 ns). */
	wait_cycles(&bus, 4);
	set_pin(&bus, LCD_PIN_E, false);
	wait_cycles(&bus, 3);
	set_pin(&bus, LCD_PIN_E, true);
	assert_violation(&bus, "must be at least 500 ns (t_cycE)");
}

static void test_rs_setup_before_e_rises(void **state)
{
	(void)state;
	struct bus bus;
	ready(&bus);
	nibble_timed(&bus, 1, 8, 8, 16); /* 62.5 ns >= 40 ns: kept */
	assert_no_violation(&bus);
	wait_us(&bus, 100);
	nibble_timed(&bus, 0, 8, 8, 16); /* RS and E in the same instant */
	assert_violation(&bus, "RS set up before E rose by only 0 ns, must be at least 40 ns (t_AS)");
}

static void test_data_setup_before_e_falls(void **state)
{
	(void)state;
	struct bus bus;
	ready(&bus);
	nibble_timed(&bus, 16, 2, 8, 16); /* 125 ns >= 80 ns: kept */
	assert_no_violation(&bus);
	wait_us(&bus, 100);
	nibble_timed(&bus, 16, 1, 8, 16); /* 62.5 ns */
	assert_violation(&bus, "data set up before E fell by only 62 ns, must be at least 80 ns (t_DSW)");
}

static void test_data_hold_after_e_falls(void **state)
{
	(void)state;
	struct bus bus;
	ready(&bus);
	nibble_timed(&bus, 16, 8, 8, 1); /* changes 62.5 ns after the fall: kept */
	assert_no_violation(&bus);
	wait_us(&bus, 100);
	nibble_timed(&bus, 16, 8, 8, 0); /* data changes as E falls */
	assert_violation(&bus, "data held after E fell for only 0 ns, must be at least 10 ns (t_H)");
}

static void test_rs_hold_after_e_falls(void **state)
{
	(void)state;
	struct bus bus;
	ready(&bus);
	set_pin(&bus, LCD_PIN_RS, true);
	wait_us(&bus, 1);
	set_pin(&bus, LCD_PIN_E, true);
	wait_us(&bus, 1);
	set_pin(&bus, LCD_PIN_E, false);
	wait_cycles(&bus, 1);
	set_pin(&bus, LCD_PIN_RS, false); /* 62.5 ns later: kept */
	assert_no_violation(&bus);
	wait_us(&bus, 100);
	set_pin(&bus, LCD_PIN_E, true);
	wait_us(&bus, 1);
	set_pin(&bus, LCD_PIN_E, false);
	set_pin(&bus, LCD_PIN_RS, true); /* in the same instant */
	assert_violation(&bus, "RS held after E fell for only 0 ns, must be at least 10 ns (t_AH)");
}

static void test_rs_must_not_change_while_e_is_high(void **state)
{
	(void)state;
	struct bus bus;
	ready(&bus);
	set_pin(&bus, LCD_PIN_E, true);
	wait_us(&bus, 1);
	set_pin(&bus, LCD_PIN_RS, true);
	assert_violation(&bus, "RS changed while E was high");
}

/* Writes 'a', then 'b' `gap` cycles after 'a' completed; true if 'b' took. */
static bool second_write_after(struct bus *bus, uint64_t gap)
{
	send_nibble(bus, true, 0x6);
	set_data(bus, 0x1);
	wait_us(bus, 1);
	set_pin(bus, LCD_PIN_E, true);
	wait_us(bus, 1);
	set_pin(bus, LCD_PIN_E, false); /* 'a' (0x61) executes here */
	wait_cycles(bus, 1);
	set_data(bus, 0x6);
	wait_cycles(bus, gap - 17u);
	set_pin(bus, LCD_PIN_E, true);
	wait_cycles(bus, 16);
	set_pin(bus, LCD_PIN_E, false); /* the first nibble of 'b' */
	wait_cycles(bus, 16);
	send_nibble(bus, true, 0x2);
	wait_us(bus, 50);
	return bus->lcd.ddram[1] == 'b';
}

static void test_busy_after_a_data_write(void **state)
{
	(void)state;
	struct bus bus;
	ready(&bus);
	assert_true(second_write_after(&bus, 592)); /* 37 us exactly */
	assert_no_violation(&bus);
	ready(&bus);
	assert_false(second_write_after(&bus, 591)); /* refused, as the chip would */
	assert_violation(&bus, "write while busy: 36.9 us after a data write, must wait at least 37.0 us");
}

static void test_busy_after_clear_and_home(void **state)
{
	(void)state;
	static const uint8_t long_commands[] = { 0x01, 0x02 };
	for (size_t i = 0; i < sizeof long_commands; i++) {
		struct bus bus;
		ready(&bus);
		send_nibble(&bus, false, 0x0);
		send_nibble(&bus, false, long_commands[i]);
		wait_us(&bus, 1520);
		write_text(&bus, "k");
		assert_no_violation(&bus);
		send_nibble(&bus, false, 0x0);
		send_nibble(&bus, false, long_commands[i]);
		wait_us(&bus, 1000);
		write_text(&bus, "x");
		assert_violation(&bus, i == 0 ? "after Clear Display, must wait at least 1.52 ms"
					      : "after Return Home, must wait at least 1.52 ms");
	}
}

static void test_first_write_waits_40_ms_after_power_on(void **state)
{
	(void)state;
	struct bus bus;
	power_on(&bus);
	wait_us(&bus, 40000 - 2); /* the nibble's E falls 2 us in */
	send_nibble(&bus, false, 0x3);
	assert_no_violation(&bus);
	power_on(&bus);
	wait_us(&bus, 30000);
	send_nibble(&bus, false, 0x3);
	assert_violation(&bus, "first write 30.00 ms after power-on, must wait at least 40.00 ms");
}

static void test_initialisation_waits_after_the_first_two_0x3(void **state)
{
	(void)state;
	struct bus bus;
	power_on(&bus);
	wait_us(&bus, 50000);
	send_nibble(&bus, false, 0x3);
	wait_us(&bus, 2000);
	send_nibble(&bus, false, 0x3);
	assert_violation(&bus, "after the first 0x3 of the initialisation, must wait at least 4.10 ms");

	power_on(&bus);
	wait_us(&bus, 50000);
	send_nibble(&bus, false, 0x3);
	wait_us(&bus, 4100);
	send_nibble(&bus, false, 0x3);
	wait_us(&bus, 50);
	send_nibble(&bus, false, 0x3);
	assert_violation(&bus, "after the second 0x3 of the initialisation, must wait at least 100.0 us");
}

static void test_reinitialising_from_4_bit_mode_needs_no_long_waits(void **state)
{
	(void)state;
	struct bus bus;
	init_4bit(&bus);
	write_text(&bus, "kept");
	/* After a watchdog reset the firmware starts over while the LCD is
	 * in 4-bit mode: 0x3 0x3 form one 8-bit function set, then 0x3 and
	 * 0x2 are ordinary instructions. */
	for (int i = 0; i < 3; i++) {
		send_nibble(&bus, false, 0x3);
		wait_us(&bus, 100);
	}
	send_nibble(&bus, false, 0x2);
	wait_us(&bus, 50);
	command(&bus, 0x28);
	assert_no_violation(&bus);
	assert_true(bus.lcd.four_bit);
	assert_lines(&bus, "kept            ", "                ");
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_power_on_shows_nothing_in_8_bit_mode),
		cmocka_unit_test(test_initialisation_by_instruction_reaches_4_bit_two_lines),
		cmocka_unit_test(test_writes_go_to_both_lines),
		cmocka_unit_test(test_address_counter_runs_from_line_1_into_line_2),
		cmocka_unit_test(test_decrement_mode_writes_backwards),
		cmocka_unit_test(test_clear_blanks_and_returns_home),
		cmocka_unit_test(test_home_returns_address_and_shift),
		cmocka_unit_test(test_cgram_is_separate_from_ddram),
		cmocka_unit_test(test_display_shift_moves_the_picture_not_the_data),
		cmocka_unit_test(test_entry_mode_shift_scrolls_on_each_write),
		cmocka_unit_test(test_cursor_shift_moves_the_address_and_cursor),
		cmocka_unit_test(test_display_off_shows_spaces_but_keeps_data),
		cmocka_unit_test(test_last_change_follows_only_what_shows),
		cmocka_unit_test(test_e_pulse_width),
		cmocka_unit_test(test_e_cycle_time),
		cmocka_unit_test(test_rs_setup_before_e_rises),
		cmocka_unit_test(test_data_setup_before_e_falls),
		cmocka_unit_test(test_data_hold_after_e_falls),
		cmocka_unit_test(test_rs_hold_after_e_falls),
		cmocka_unit_test(test_rs_must_not_change_while_e_is_high),
		cmocka_unit_test(test_busy_after_a_data_write),
		cmocka_unit_test(test_busy_after_clear_and_home),
		cmocka_unit_test(test_first_write_waits_40_ms_after_power_on),
		cmocka_unit_test(test_initialisation_waits_after_the_first_two_0x3),
		cmocka_unit_test(test_reinitialising_from_4_bit_mode_needs_no_long_waits),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
