/* The pocket on batteries; see standby.h. */
#include "firmware/standby.h"

#include "firmware/features.h"
#include "firmware/settings.h"
#include "hal/keys.h"
#include "hal/lcd.h"
#include "hal/sleep.h"
#include "hal/timer.h"
#include "hal/uart.h"

#if FEATURE_STANDBY /* the idle times are settings of its own */

#define STANDBY_MINUTE_MS 60000u

/* The idle time: whole minutes since the last key, and the low 16 bits of
 * timer_ms() when the next began, so that each pass's look at it is a
 * 16-bit subtraction and comparison. */
static uint8_t idle_minutes;
static uint16_t minute_began;
static bool dark;   /* the backlight is off */
static bool waking; /* the key that woke the box is not yet let go */

uint8_t standby_key(uint8_t key, bool quiet)
{
	if (!quiet || uart_pending()) {
		idle_minutes = 0;
		minute_began = (uint16_t)timer_ms();
		if (dark) {
			dark = false;
			waking = true;
			lcd_backlight(true);
		}
	}
	if (waking) {
		waking = !quiet;
		return KEY_NONE;
	}
	return key;
}

void standby_tick(uint16_t now_ms, bool saving)
{
	if ((uint16_t)(now_ms - minute_began) < STANDBY_MINUTE_MS) {
		return;
	}
	minute_began += STANDBY_MINUTE_MS;
	idle_minutes++;
	if (idle_minutes >= settings.light_idle_min) {
		dark = true;
		lcd_backlight(false);
	}
	if (!saving && idle_minutes >= settings.standby_idle_min) {
		lcd_display(false);
		lcd_backlight(false);
		sleep_until_button();
		lcd_display(true);
		/* The keypad is unsettled (hal/keys.h): the next pass's
		 * standby_key() lights the backlight and takes the key. */
		dark = true;
	}
}

#endif
