/* The Grundy Box put together; see box.h. */
#include "firmware/box.h"

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "engine/flash.h"
#include "firmware/console.h"
#include "firmware/features.h"
#include "firmware/game.h"
#include "firmware/lights.h"
#include "firmware/play.h"
#include "firmware/settings.h"
#include "firmware/sound.h"
#include "firmware/stats.h"
#include "firmware/store.h"
#include "firmware/transcript.h"
#include "firmware/ui.h"
#include "hal/eeprom.h"
#include "hal/keys.h"
#include "hal/leds.h"
#include "hal/sleep.h"
#include "hal/timer.h"
#include "hal/uart.h"
#include "hal/watchdog.h"

/* The win light: lit from a person's win until the next game begins or
 * the person leaves the result for the menu. */
static void win_light(uint8_t event)
{
	leds_win(event == GAME_MOVED && game.over && game.winner == PLAYER_PERSON);
}

/* Who follows the game, each told every event in this order: the screen
 * first, so that the person sees a move as soon as it is made; then the
 * serial line's transcript, whose line takes a millisecond or two to send
 * (the UART waits for each byte); the settings kept last.  An attract
 * mode would be one more line here. */
static const game_observer observers[] ENGINE_FLASH = {
#if FEATURE_STATS
	stats_game_event, /* before the screen, whose score counts the game ended: microseconds */
#endif
	play_game_event, /* the screen: it shows every game and every move */
#if FEATURE_SOUND
	sound_game_event, /* with the screen: starting a note takes microseconds */
#endif
#if FEATURE_LAMPS
	lights_game_event, /* the lamps: microseconds, so before the serial line */
#endif
#if FEATURE_TRANSCRIPT
	transcript_game_event,
#endif
#if FEATURE_CONSOLE
	console_game_event, /* a board awaited in the last game is no longer due */
#endif
	win_light,
#if FEATURE_SAVE
	store_game_event, /* the settings kept, if they changed */
#endif
	NULL,
};

void box_start(void)
{
	if (FEATURE_SAVE) {
		store_load();
		if (FEATURE_STATS) {
			stats_load();
		}
	} else {
		settings_init();
	}
	transcript_start(); /* the console starts as the C start-up zeroed it */
	game_observe(observers);
	ui_start();
}

void box_poll(void)
{
	watchdog_feed();
	uint8_t key = keys_next();
	if (key != KEY_NONE) {
		ui_key(key);
		if (FEATURE_SOUND) {
			/* After the screen, and silent when the key began a
			 * tune (the person's winning move). */
			sound_click();
		}
	}
	if (FEATURE_CONSOLE) {
		console_poll();
	}
	uint16_t now_ms = (uint16_t)timer_ms();
	if (FEATURE_SOUND) {
		/* Before the screen's tick, which may take a while (the
		 * machine's move): a note ends on time. */
		sound_poll(now_ms);
	}
	ui_tick(now_ms);
	if (FEATURE_LAMPS) {
		lights_tick((uint8_t)timer_ms());
	}
	if (FEATURE_SAVE && !(FEATURE_STATS && eeprom_busy())) {
		/* After the screen: a save's comparisons never delay what a
		 * key or a move shows.  The statistics write when the
		 * settings do not, and neither reads the EEPROM while it
		 * writes (a read would wait for the write). */
		bool saving = store_poll();
		if (FEATURE_STATS && !saving) {
			(void)stats_poll();
		}
	}
	sleep_idle_unless(uart_pending);
}
