/* The LCD: its lines as text, and waits for a line or a quiet display.  See e2e.h. */
#include "tests/e2e/e2e_internal.h"

#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <string.h>

#include <cmocka.h>

#include "engine/text.h"

/* ---- the screen ---- */

void e2e_line(struct sim *sim, uint8_t row, char text[BOARD_LCD_COLUMNS + 1])
{
	char lines[BOARD_LCD_ROWS][BOARD_LCD_COLUMNS + 1];
	sim_lcd_lines(sim, lines);
	memcpy(text, lines[row], BOARD_LCD_COLUMNS + 1);
	size_t length = strlen(text);
	while (length > 0 && text[length - 1] == ' ') {
		text[--length] = '\0';
	}
}

void e2e_line_utf8(struct sim *sim, uint8_t row, char text[LCD_TEXT_LINE_SIZE])
{
	char raw[BOARD_LCD_COLUMNS + 1];
	e2e_line(sim, row, raw);
	lcd_text_line_utf8(sim, raw, text);
}

struct line_wait {
	uint8_t row;
	const char *prefix;
	bool utf8;
};

static bool line_starts(struct sim *sim, void *ctx)
{
	const struct line_wait *wait = ctx;
	char text[LCD_TEXT_LINE_SIZE];
	if (wait->utf8) {
		e2e_line_utf8(sim, wait->row, text);
	} else {
		e2e_line(sim, wait->row, text);
	}
	return strncmp(text, wait->prefix, strlen(wait->prefix)) == 0;
}

bool e2e_attract_caption_showing(struct sim *sim, void *ctx)
{
	(void)ctx;
	char top[BOARD_LCD_COLUMNS + 1], bottom[BOARD_LCD_COLUMNS + 1];
	e2e_line(sim, 0, top);
	e2e_line(sim, 1, bottom);
	return strstr(top, "Can you beat") != NULL && strstr(bottom, "the Odra?") != NULL;
}

static bool wait_line(struct sim *sim, struct line_wait *wait, uint32_t timeout_ms)
{
	if (!sim_run_until(sim, line_starts, wait, timeout_ms)) {
		return false;
	}
	e2e_settle(sim, E2E_QUIET_MS);
	return line_starts(sim, wait);
}

bool e2e_wait_line(struct sim *sim, uint8_t row, const char *prefix, uint32_t timeout_ms)
{
	struct line_wait wait = { row, prefix, false };
	return wait_line(sim, &wait, timeout_ms);
}

bool e2e_wait_line_utf8(struct sim *sim, uint8_t row, const char *prefix, uint32_t timeout_ms)
{
	struct line_wait wait = { row, prefix, true };
	return wait_line(sim, &wait, timeout_ms);
}

void e2e_fail_with_screen(struct sim *sim, const char *what)
{
	char lines[BOARD_LCD_ROWS][BOARD_LCD_COLUMNS + 1];
	sim_lcd_lines(sim, lines);
	fail_msg("%s; the LCD shows |%s|%s| (%s)", what, lines[0], lines[1],
		 sim_stopped(sim) ? sim_state_text(sim) : "running");
}

void e2e_expect_line(struct sim *sim, uint8_t row, const char *prefix, uint32_t timeout_ms)
{
	if (!e2e_wait_line(sim, row, prefix, timeout_ms)) {
		char what[128];
		snprintf(what, sizeof what, "row %u never started with \"%s\"", row, prefix);
		e2e_fail_with_screen(sim, what);
	}
}

void e2e_expect_line_utf8(struct sim *sim, uint8_t row, const char *prefix, uint32_t timeout_ms)
{
	if (!e2e_wait_line_utf8(sim, row, prefix, timeout_ms)) {
		char text[LCD_TEXT_LINE_SIZE];
		e2e_line_utf8(sim, row, text);
		fail_msg("row %u shows \"%s\", not \"%s...\"", row, text, prefix);
	}
}

struct quiet_wait {
	uint64_t quiet_cycles;
};

static bool display_quiet(struct sim *sim, void *ctx)
{
	const struct quiet_wait *wait = ctx;
	return sim_cycles(sim) - sim_lcd_last_change(sim) >= wait->quiet_cycles;
}

void e2e_settle(struct sim *sim, uint32_t quiet_ms)
{
	struct quiet_wait wait = { (uint64_t)quiet_ms * CYCLES_PER_MS };
	sim_run_until(sim, display_quiet, &wait, quiet_ms + 1000u);
}
