/*
 * The strict HD44780U model (see lcd_model.h).  Figures and behaviour are
 * those of the Hitachi HD44780U datasheet; where simavr's own part differs
 * (rising-edge latch, CGRAM inside DDRAM, Clear not homing, a short Clear)
 * this model follows the datasheet.
 */
#include "sim/lcd_model.h"

#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#define LCD_NO_CURSOR 0xFFu

/* Instruction bits: the highest set bit names the instruction. */
#define LCD_CLEAR 0x01u
#define LCD_HOME 0x02u
#define LCD_ENTRY_MODE 0x04u
#define LCD_DISPLAY_CONTROL 0x08u
#define LCD_SHIFT 0x10u
#define LCD_FUNCTION_SET 0x20u
#define LCD_SET_CGRAM 0x40u
#define LCD_SET_DDRAM 0x80u

static const char *const busy_cause_text[] = {
	[LCD_BUSY_POWER_ON] = "power-on",
	[LCD_BUSY_INIT_FIRST] = "the first 0x3 of the initialisation",
	[LCD_BUSY_INIT_SECOND] = "the second 0x3 of the initialisation",
	[LCD_BUSY_INSTRUCTION] = "an instruction",
	[LCD_BUSY_DATA] = "a data write",
	[LCD_BUSY_CLEAR] = "Clear Display",
	[LCD_BUSY_HOME] = "Return Home",
};

/* Nanoseconds in `cycles`, saturating far beyond any figure we compare. */
static uint64_t lcd_cycles_to_ns(const struct lcd_model *lcd, uint64_t cycles)
{
	if (cycles > (uint64_t)lcd->frequency * 1000u) {
		return UINT64_MAX;
	}
	return cycles * 1000000000u / lcd->frequency;
}

/* Cycles needed to cover at least `ns` (rounded up, so a wait is never short). */
static uint64_t lcd_ns_to_cycles(const struct lcd_model *lcd, uint64_t ns)
{
	return (ns * lcd->frequency + 999999999u) / 1000000000u;
}

/* True when `cycles` last at least `min_ns`; exact, no rounding. */
static bool lcd_lasts_at_least(const struct lcd_model *lcd, uint64_t cycles, uint32_t min_ns)
{
	if (cycles >= lcd->frequency) {
		return true; /* a second or more covers every figure here */
	}
	return cycles * 1000000000u >= (uint64_t)min_ns * lcd->frequency;
}

/* "125 ns", "37.0 us", "4.10 ms": a duration a person can read at once. */
static void lcd_format_ns(char *out, size_t size, uint64_t ns)
{
	if (ns < 10000u) {
		snprintf(out, size, "%llu ns", (unsigned long long)ns);
	} else if (ns < 1000000u) {
		snprintf(out, size, "%.1f us", (double)ns / 1000.0);
	} else {
		snprintf(out, size, "%.2f ms", (double)ns / 1000000.0);
	}
}

/* Counts a violation of rule `rule` and describes the first.  Several pins
 * changing in one instant (one port write) break a rule once, not once
 * per pin. */
__attribute__((format(printf, 4, 5))) static void lcd_violation(struct lcd_model *lcd, uint64_t cycle, const char *rule,
								const char *format, ...)
{
	if (lcd->violations > 0 && cycle == lcd->last_violation_cycle && rule == lcd->last_violation_rule) {
		return;
	}
	lcd->last_violation_cycle = cycle;
	lcd->last_violation_rule = rule;
	lcd->violations++;
	if (lcd->violations > 1) {
		return;
	}
	char what[200];
	va_list args;
	va_start(args, format);
	vsnprintf(what, sizeof what, format, args);
	va_end(args);
	char when[32];
	lcd_format_ns(when, sizeof when, lcd_cycles_to_ns(lcd, cycle - lcd->power_on));
	snprintf(lcd->first_violation, sizeof lcd->first_violation, "%s, at cycle %llu (%s after power-on)", what,
		 (unsigned long long)cycle, when);
}

/* Checks that an interval was long enough and describes it if not. */
static void lcd_check_interval(struct lcd_model *lcd, uint64_t from, uint64_t to, uint32_t min_ns, const char *what,
			       const char *symbol)
{
	if (lcd_lasts_at_least(lcd, to - from, min_ns)) {
		return;
	}
	char was[32];
	char must[32];
	lcd_format_ns(was, sizeof was, lcd_cycles_to_ns(lcd, to - from));
	lcd_format_ns(must, sizeof must, min_ns);
	lcd_violation(lcd, to, symbol, "%s %s, must be at least %s (%s)", what, was, must, symbol);
}

/* ---- what the glass shows ------------------------------------------------ */

/* Index into the 80 bytes of DDRAM, or -1 for an address that does not
 * exist in the current line mode. */
static int lcd_ddram_index(const struct lcd_model *lcd, uint8_t address)
{
	if (lcd->two_lines) {
		if (address < LCD_LINE_LENGTH) {
			return address;
		}
		if (address >= 0x40u && address < 0x40u + LCD_LINE_LENGTH) {
			return address - 0x40 + LCD_LINE_LENGTH;
		}
		return -1;
	}
	return address < LCD_DDRAM_SIZE ? address : -1;
}

/* Positions the display shift runs over: 40 per line, or all 80 on one line. */
static uint8_t lcd_shift_span(const struct lcd_model *lcd)
{
	return lcd->two_lines ? LCD_LINE_LENGTH : LCD_DDRAM_SIZE;
}

uint8_t lcd_model_cell(const struct lcd_model *lcd, uint8_t row, uint8_t column)
{
	uint8_t span = lcd_shift_span(lcd);
	uint8_t position = (uint8_t)((column + lcd->shift) % span);
	if (!lcd->two_lines) {
		/* One-line mode drives only the first row of the glass. */
		return row == 0 ? lcd->ddram[position] : (uint8_t)' ';
	}
	return lcd->ddram[row * LCD_LINE_LENGTH + position];
}

void lcd_model_glyph(const struct lcd_model *lcd, uint8_t code, uint8_t rows[8])
{
	/* Codes 0..7 and 8..15 both select the eight CGRAM characters. */
	const uint8_t *glyph = &lcd->cgram[(code & 7u) * 8u];
	for (int i = 0; i < 8; i++) {
		rows[i] = glyph[i] & 0x1Fu;
	}
}

/* Cell (row * 16 + column) the address counter points at, if visible. */
static uint8_t lcd_cursor_cell(const struct lcd_model *lcd)
{
	if (lcd->address_cgram) {
		return LCD_NO_CURSOR;
	}
	int index = lcd_ddram_index(lcd, lcd->address);
	if (index < 0) {
		return LCD_NO_CURSOR;
	}
	uint8_t span = lcd_shift_span(lcd);
	uint8_t row = lcd->two_lines ? (uint8_t)(index / LCD_LINE_LENGTH) : 0u;
	uint8_t position = (uint8_t)(index - row * LCD_LINE_LENGTH * (lcd->two_lines ? 1 : 0));
	uint8_t column = (uint8_t)((position + span - lcd->shift) % span);
	if (column >= BOARD_LCD_COLUMNS) {
		return LCD_NO_CURSOR;
	}
	return (uint8_t)(row * BOARD_LCD_COLUMNS + column);
}

bool lcd_model_cursor(const struct lcd_model *lcd, uint64_t cycle, uint8_t *row, uint8_t *column, bool *underline,
		      bool *block)
{
	uint8_t cell = lcd_cursor_cell(lcd);
	if (!lcd->display_on || (!lcd->cursor_on && !lcd->blink_on) || cell == LCD_NO_CURSOR) {
		return false;
	}
	*row = (uint8_t)(cell / BOARD_LCD_COLUMNS);
	*column = (uint8_t)(cell % BOARD_LCD_COLUMNS);
	*underline = lcd->cursor_on;
	uint64_t phase = lcd_ns_to_cycles(lcd, LCD_NS_BLINK_PHASE);
	*block = lcd->blink_on && ((cycle - lcd->power_on) / phase) % 2u == 0u;
	return true;
}

void lcd_model_lines(const struct lcd_model *lcd, char lines[BOARD_LCD_ROWS][BOARD_LCD_COLUMNS + 1])
{
	for (uint8_t row = 0; row < BOARD_LCD_ROWS; row++) {
		for (uint8_t column = 0; column < BOARD_LCD_COLUMNS; column++) {
			uint8_t code = lcd->display_on ? lcd_model_cell(lcd, row, column) : (uint8_t)' ';
			if (code < 16u) {
				/* Custom character: its code 1..7; code 0 as its alias 8,
				 * so that the line stays a NUL-terminated string. */
				code = (code & 7u) ? (code & 7u) : 8u;
			}
			lines[row][column] = (char)code;
		}
		lines[row][BOARD_LCD_COLUMNS] = '\0';
	}
}

static void lcd_view_take(const struct lcd_model *lcd, struct lcd_view *view)
{
	memset(view, 0, sizeof *view);
	view->display_on = lcd->display_on;
	view->cursor_on = lcd->cursor_on;
	view->blink_on = lcd->blink_on;
	view->cursor_cell = (lcd->cursor_on || lcd->blink_on) ? lcd_cursor_cell(lcd) : LCD_NO_CURSOR;
	for (uint8_t row = 0; row < BOARD_LCD_ROWS; row++) {
		for (uint8_t column = 0; column < BOARD_LCD_COLUMNS; column++) {
			uint8_t code = lcd_model_cell(lcd, row, column);
			view->cells[row][column] = code;
			if (code < 16u) {
				lcd_model_glyph(lcd, code, view->custom_rows[row][column]);
			}
		}
	}
}

/* After every executed write: note the cycle if the glass now looks different. */
static void lcd_note_change(struct lcd_model *lcd, uint64_t cycle)
{
	struct lcd_view view;
	lcd_view_take(lcd, &view);
	if (memcmp(&view, &lcd->view, sizeof view) != 0) {
		lcd->view = view;
		lcd->changes++;
		lcd->last_change = cycle;
	}
}

/* ---- the controller ------------------------------------------------------ */

static void lcd_set_busy(struct lcd_model *lcd, uint64_t cycle, uint32_t ns, enum lcd_busy_cause cause)
{
	lcd->busy_since = cycle;
	lcd->busy_until = cycle + lcd_ns_to_cycles(lcd, ns);
	lcd->busy_cause = cause;
}

/* The address counter after one step, wrapping as the datasheet says:
 * in 2-line mode 0x27 runs on to 0x40 and 0x67 back to 0x00. */
static uint8_t lcd_step_address(const struct lcd_model *lcd, uint8_t address, bool forward)
{
	if (lcd->address_cgram) {
		return (uint8_t)((address + (forward ? 1 : LCD_CGRAM_SIZE - 1)) % LCD_CGRAM_SIZE);
	}
	if (lcd->two_lines) {
		if (forward) {
			if (address == 0x27u) {
				return 0x40u;
			}
			return address == 0x67u ? 0x00u : (uint8_t)((address + 1u) & 0x7Fu);
		}
		if (address == 0x00u) {
			return 0x67u;
		}
		return address == 0x40u ? 0x27u : (uint8_t)((address - 1u) & 0x7Fu);
	}
	if (forward) {
		return address == 0x4Fu ? 0x00u : (uint8_t)((address + 1u) & 0x7Fu);
	}
	return address == 0x00u ? 0x4Fu : (uint8_t)((address - 1u) & 0x7Fu);
}

static void lcd_shift_display(struct lcd_model *lcd, bool left)
{
	uint8_t span = lcd_shift_span(lcd);
	/* Shifting the picture left shows later addresses in column 0. */
	lcd->shift = (uint8_t)((lcd->shift + (left ? 1 : span - 1)) % span);
}

static void lcd_write_data(struct lcd_model *lcd, uint8_t value, uint64_t cycle)
{
	if (lcd->address_cgram) {
		lcd->cgram[lcd->address % LCD_CGRAM_SIZE] = value;
	} else {
		int index = lcd_ddram_index(lcd, lcd->address);
		if (index < 0) {
			lcd_violation(lcd, cycle, "DDRAM address",
				      "data 0x%02X written to DDRAM address 0x%02X, which does not exist in %s mode",
				      value, lcd->address, lcd->two_lines ? "2-line" : "1-line");
		} else {
			lcd->ddram[index] = value;
		}
		if (lcd->shift_on_write) {
			lcd_shift_display(lcd, lcd->increment);
		}
	}
	lcd->address = lcd_step_address(lcd, lcd->address, lcd->increment);
	lcd_set_busy(lcd, cycle, LCD_NS_EXECUTE, LCD_BUSY_DATA);
}

static void lcd_function_set(struct lcd_model *lcd, uint8_t value, uint64_t cycle)
{
	bool eight_bit = (value & 0x10u) != 0;
	enum lcd_busy_cause cause = LCD_BUSY_INSTRUCTION;
	uint32_t ns = LCD_NS_EXECUTE;
	/* Initialisation by instruction: right after power-on the busy flag
	 * cannot be trusted, so the first two 8-bit function sets need the
	 * datasheet's long waits (4.1 ms, then 100 us). */
	if (eight_bit && !lcd->four_bit && lcd->init_step < 2u) {
		cause = lcd->init_step == 0u ? LCD_BUSY_INIT_FIRST : LCD_BUSY_INIT_SECOND;
		ns = lcd->init_step == 0u ? LCD_NS_INIT_FIRST : LCD_NS_INIT_SECOND;
		lcd->init_step++;
	} else {
		lcd->init_step = 3u;
	}
	if (lcd->four_bit == eight_bit) {
		lcd->low_nibble_next = false;
	}
	lcd->four_bit = !eight_bit;
	lcd->two_lines = (value & 0x08u) != 0;
	lcd->font_5x10 = (value & 0x04u) != 0;
	lcd->shift %= lcd_shift_span(lcd);
	lcd_set_busy(lcd, cycle, ns, cause);
}

static void lcd_execute_instruction(struct lcd_model *lcd, uint8_t value, uint64_t cycle)
{
	if (!(value & LCD_FUNCTION_SET) || (value & (LCD_SET_CGRAM | LCD_SET_DDRAM))) {
		lcd->init_step = 3u; /* anything but a function set ends initialisation */
	}
	if (value & LCD_SET_DDRAM) {
		lcd->address_cgram = false;
		lcd->address = value & 0x7Fu;
	} else if (value & LCD_SET_CGRAM) {
		lcd->address_cgram = true;
		lcd->address = value & 0x3Fu;
	} else if (value & LCD_FUNCTION_SET) {
		lcd_function_set(lcd, value, cycle);
		return;
	} else if (value & LCD_SHIFT) {
		bool right = (value & 0x04u) != 0;
		if (value & 0x08u) {
			lcd_shift_display(lcd, !right);
		} else {
			lcd->address = lcd_step_address(lcd, lcd->address, right);
		}
	} else if (value & LCD_DISPLAY_CONTROL) {
		lcd->display_on = (value & 0x04u) != 0;
		lcd->cursor_on = (value & 0x02u) != 0;
		lcd->blink_on = (value & 0x01u) != 0;
	} else if (value & LCD_ENTRY_MODE) {
		lcd->increment = (value & 0x02u) != 0;
		lcd->shift_on_write = (value & 0x01u) != 0;
	} else if (value & LCD_HOME) {
		lcd->address_cgram = false;
		lcd->address = 0;
		lcd->shift = 0;
		lcd_set_busy(lcd, cycle, LCD_NS_EXECUTE_LONG, LCD_BUSY_HOME);
		return;
	} else if (value & LCD_CLEAR) {
		/* Clear also homes the cursor and sets I/D to increment. */
		memset(lcd->ddram, ' ', sizeof lcd->ddram);
		lcd->address_cgram = false;
		lcd->address = 0;
		lcd->shift = 0;
		lcd->increment = true;
		lcd_set_busy(lcd, cycle, LCD_NS_EXECUTE_LONG, LCD_BUSY_CLEAR);
		return;
	} else {
		lcd_violation(lcd, cycle, "instruction",
			      "instruction 0x00 written, which the controller does not define");
	}
	lcd_set_busy(lcd, cycle, LCD_NS_EXECUTE, LCD_BUSY_INSTRUCTION);
}

/* The first nibble of a byte (or an 8-bit write) arrives: the controller
 * must have finished the previous operation, or it ignores the write. */
static bool lcd_accepts_write(struct lcd_model *lcd, uint64_t cycle)
{
	if (cycle >= lcd->busy_until) {
		return true;
	}
	char was[32];
	char must[32];
	lcd_format_ns(was, sizeof was, lcd_cycles_to_ns(lcd, cycle - lcd->busy_since));
	lcd_format_ns(must, sizeof must, lcd_cycles_to_ns(lcd, lcd->busy_until - lcd->busy_since));
	if (lcd->busy_cause == LCD_BUSY_POWER_ON) {
		lcd_violation(lcd, cycle, "busy", "first write %s after power-on, must wait at least %s", was, must);
	} else {
		lcd_violation(lcd, cycle, "busy", "write while busy: %s after %s, must wait at least %s", was,
			      busy_cause_text[lcd->busy_cause], must);
	}
	return false;
}

/* E fell: the controller takes RS and DB7..DB4. */
static void lcd_latch(struct lcd_model *lcd, uint64_t cycle)
{
	uint8_t value;
	if (!lcd->four_bit) {
		/* DB3..DB0 are not wired on the shield; the controller's own
		 * pull-ups make them read as ones. */
		lcd->byte_rejected = !lcd_accepts_write(lcd, cycle);
		value = (uint8_t)(lcd->data << 4 | 0x0Fu);
	} else if (!lcd->low_nibble_next) {
		lcd->byte_rejected = !lcd_accepts_write(lcd, cycle);
		lcd->high_nibble = lcd->data;
		lcd->low_nibble_next = true;
		return;
	} else {
		value = (uint8_t)(lcd->high_nibble << 4 | lcd->data);
		lcd->low_nibble_next = false;
	}
	if (lcd->byte_rejected) {
		return;
	}
	if (lcd->rs) {
		lcd_write_data(lcd, value, cycle);
	} else {
		lcd_execute_instruction(lcd, value, cycle);
	}
	lcd->executed++;
	lcd_note_change(lcd, cycle);
}

static void lcd_e_edge(struct lcd_model *lcd, bool level, uint64_t cycle)
{
	if (level) {
		if (lcd->e_has_risen) {
			lcd_check_interval(lcd, lcd->e_rose, cycle, LCD_NS_E_CYCLE, "E cycle (rise to rise) of",
					   "t_cycE");
		}
		lcd_check_interval(lcd, lcd->rs_changed, cycle, LCD_NS_RS_SETUP, "RS set up before E rose by only",
				   "t_AS");
		lcd->e_rose = cycle;
		lcd->e_has_risen = true;
		return;
	}
	if (lcd->e_has_risen) {
		lcd_check_interval(lcd, lcd->e_rose, cycle, LCD_NS_E_PULSE_HIGH, "E pulse high for", "PW_EH");
	}
	lcd_check_interval(lcd, lcd->data_changed, cycle, LCD_NS_DATA_SETUP, "data set up before E fell by only",
			   "t_DSW");
	lcd->e_fell = cycle;
	lcd->e_has_fallen = true;
	lcd_latch(lcd, cycle);
}

void lcd_model_set_pin(struct lcd_model *lcd, enum lcd_pin pin, bool level, uint64_t cycle)
{
	if (pin == LCD_PIN_E) {
		if (level != lcd->e) {
			lcd->e = level;
			lcd_e_edge(lcd, level, cycle);
		}
		return;
	}
	if (pin == LCD_PIN_RS) {
		if (level == lcd->rs) {
			return;
		}
		if (lcd->e) {
			lcd_violation(lcd, cycle, "t_AS", "RS changed while E was high (t_AS, t_AH)");
		} else if (lcd->e_has_fallen) {
			lcd_check_interval(lcd, lcd->e_fell, cycle, LCD_NS_RS_HOLD, "RS held after E fell for only",
					   "t_AH");
		}
		lcd->rs = level;
		lcd->rs_changed = cycle;
		return;
	}
	uint8_t bit = (uint8_t)(1u << (pin - LCD_PIN_DB4));
	uint8_t data = level ? (uint8_t)(lcd->data | bit) : (uint8_t)(lcd->data & ~bit);
	if (data == lcd->data) {
		return;
	}
	if (lcd->e_has_fallen && !lcd->e) {
		lcd_check_interval(lcd, lcd->e_fell, cycle, LCD_NS_DATA_HOLD, "data held after E fell for only", "t_H");
	}
	lcd->data = data;
	lcd->data_changed = cycle;
}

void lcd_model_power_on(struct lcd_model *lcd, uint32_t frequency, uint64_t cycle)
{
	memset(lcd, 0, sizeof *lcd);
	lcd->frequency = frequency;
	lcd->power_on = cycle;
	lcd->rs_changed = cycle;
	lcd->data_changed = cycle;
	/* The internal reset circuit: Clear Display, 8-bit interface, one
	 * line, 5x8 dots, display off, increment without shift. */
	memset(lcd->ddram, ' ', sizeof lcd->ddram);
	lcd->increment = true;
	lcd_set_busy(lcd, cycle, LCD_NS_POWER_ON, LCD_BUSY_POWER_ON);
	lcd_view_take(lcd, &lcd->view);
	lcd->last_change = cycle;
}
