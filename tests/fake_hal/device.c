/* The firmware on the fake HAL: power-on and its main loop; see fake_hal.h. */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "firmware/box.h"
#include "firmware/console.h"
#include "firmware/game.h"
#include "firmware/settings.h"
#include "tests/fake_hal/fake_hal.h"

void fake_power_on(void)
{
	fake_hal_reset();
	/* The game is const to all but firmware/game.c: zeroed here as the C
	 * start-up zeroes it. */
	memset((struct game *)game, 0, sizeof *game);
	memset(&settings, 0, sizeof settings);
	console_init();
}

void fake_device_start(void)
{
	fake_eeprom_erase();
	fake_device_restart();
}

void fake_device_restart(void)
{
	fake_power_on();
	box_start();
}

void fake_device_run_ms(uint32_t ms)
{
	uint32_t end = fake_hal.now_ms + ms;
	while (fake_hal.now_ms < end) {
		box_poll();
	}
}

void fake_device_press(uint8_t key)
{
	if (!fake_keys_press(key)) {
		abort();
	}
	box_poll();
}

/* Longest line a test sends, with its CR LF. */
#define FAKE_LINE_MAX 256u

void fake_device_send(const char *line)
{
	static uint8_t bytes[FAKE_LINE_MAX + 2u];
	size_t n = strlen(line);
	if (n > FAKE_LINE_MAX) {
		abort();
	}
	memcpy(bytes, line, n);
	bytes[n++] = '\r';
	bytes[n++] = '\n';
	fake_line_start(bytes, n, 8);
	for (unsigned pass = 0; !fake_line_done(); pass++) {
		if (pass == 100000u) {
			abort(); /* the console stopped reading */
		}
		box_poll();
	}
}
