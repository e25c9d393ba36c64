/* The shield's LCD module on its six pins; see lcd_hd44780.h. */
#include "sim/lcd_hd44780.h"

#include <string.h>

#include "sim/lcd_png.h"
#include "sim/wiring.h"

static void lcd_hd44780_on_pin(struct avr_irq_t *irq, uint32_t value, void *param)
{
	struct lcd_hd44780_hook *hook = param;
	struct lcd_hd44780 *lcd = hook->lcd;
	(void)irq;
	lcd_model_set_pin(&lcd->model, hook->pin, value != 0, lcd->avr->cycle);
	if (lcd->model.changes != lcd->changes_seen) {
		lcd->changes_seen = lcd->model.changes;
		lcd->link.event(lcd->link.owner);
	}
}

void lcd_hd44780_connect(struct lcd_hd44780 *lcd, avr_t *avr, const struct part_pin pins[LCD_PIN_COUNT],
			 const struct part_link *link)
{
	lcd->avr = avr;
	lcd->link = *link;
	lcd_model_power_on(&lcd->model, avr->frequency, avr->cycle);
	lcd->changes_seen = lcd->model.changes;
	for (int pin = 0; pin < LCD_PIN_COUNT; pin++) {
		lcd->hooks[pin].lcd = lcd;
		lcd->hooks[pin].pin = (enum lcd_pin)pin;
		part_hook_pin(avr, pins[pin], lcd_hd44780_on_pin, &lcd->hooks[pin]);
	}
}

void lcd_hd44780_power_off(struct lcd_hd44780 *lcd)
{
	lcd->earlier_violations += lcd->model.violations;
	if (!lcd->earlier_first_violation[0] && lcd->model.violations) {
		memcpy(lcd->earlier_first_violation, lcd->model.first_violation, sizeof lcd->earlier_first_violation);
	}
	memset(&lcd->model, 0, sizeof lcd->model);
}

/* ---- the harness's face (sim/harness.h) ---- */

void sim_lcd_lines(const struct sim *sim, char lines[BOARD_LCD_ROWS][BOARD_LCD_COLUMNS + 1])
{
	lcd_model_lines(&sim->lcd.model, lines);
}

bool sim_lcd_contains(const struct sim *sim, const char *text)
{
	char lines[BOARD_LCD_ROWS][BOARD_LCD_COLUMNS + 1];
	sim_lcd_lines(sim, lines);
	for (int row = 0; row < BOARD_LCD_ROWS; row++) {
		if (strstr(lines[row], text)) {
			return true;
		}
	}
	return false;
}

static bool sim_lcd_shows(struct sim *sim, void *text)
{
	return sim_lcd_contains(sim, text);
}

bool sim_wait_text(struct sim *sim, const char *text, uint32_t timeout_ms)
{
	return sim_run_until(sim, sim_lcd_shows, (void *)text, timeout_ms);
}

void sim_lcd_glyph(const struct sim *sim, uint8_t code, uint8_t rows[8])
{
	lcd_model_glyph(&sim->lcd.model, code, rows);
}

bool sim_lcd_display_on(const struct sim *sim)
{
	return sim->lcd.model.display_on;
}

uint64_t sim_lcd_last_change(const struct sim *sim)
{
	return sim->lcd.model.last_change;
}

uint32_t sim_lcd_violations(const struct sim *sim)
{
	return sim->lcd.earlier_violations + sim->lcd.model.violations;
}

const char *sim_lcd_first_violation(const struct sim *sim)
{
	return sim->lcd.earlier_first_violation[0] ? sim->lcd.earlier_first_violation : sim->lcd.model.first_violation;
}

int sim_lcd_save_png(const struct sim *sim, const char *path)
{
	return lcd_png_write(&sim->lcd.model, sim->avr->cycle, path);
}
