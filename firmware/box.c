/* The Grundy Box put together; see box.h. */
#include "firmware/box.h"

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "engine/flash.h"
#include "firmware/attract.h"
#include "firmware/console.h"
#include "firmware/display.h"
#include "firmware/features.h"
#include "firmware/game.h"
#include "firmware/lights.h"
#include "firmware/operator.h"
#include "firmware/play.h"
#include "firmware/settings.h"
#include "firmware/sound.h"
#include "firmware/standby.h"
#include "firmware/stats.h"
#include "firmware/store.h"
#include "firmware/transcript.h"
#include "firmware/ui.h"
#include "hal/eeprom.h"
#include "hal/keys.h"
#include "hal/leds.h"
#include "hal/sleep.h"
#include "hal/timer.h"
#include "hal/watchdog.h"

/* A pass of the main loop at least this often while all is quiet: often
 * enough for the menu's timed steps (the marquee's are 300 ms). */
#define BOX_QUIET_MS 16u

/* The win light: lit from a person's win (never in attract mode's
 * games) until the next game begins or the person leaves the result for
 * the menu. */
static void win_light(uint8_t event)
{
	leds_win(event == GAME_MOVED && game->over && game->winner == PLAYER_PERSON &&
		 !(FEATURE_ATTRACT && game->attract));
}

/* Who follows the game, each told every event in this order: the screen
 * first, so that the person sees a move as soon as it is made; then the
 * serial line's transcript, whose line takes a millisecond or two to send
 * (the UART waits for each byte); the settings kept last.  The statistics
 * come first of all, so that the score the screen shows at a game's end
 * counts it.  Attract mode's games are told to all, and each observer that
 * must not follow them looks at game->attract. */
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
	game_observe(observers);
	if (FEATURE_ATTRACT) {
		attract_init();
	}
	if (FEATURE_OPERATOR) {
		operator_apply(); /* the sound, the idle times and the language the operator set */
	}
	/* In the language set: the console starts as the C start-up zeroed it. */
	transcript_start();
	ui_start();
	/* A watchdog reset means the exhibit hung: it comes back as it
	 * would be left idle, drawing visitors in, not waiting at a menu. */
	if (FEATURE_ATTRACT && watchdog_reset_happened()) {
		attract_start();
	}
}

void box_poll(void)
{
	watchdog_feed();
	uint8_t key = keys_next();
	bool quiet = keys_quiet(); /* as keys_next() left it for this pass */
	if (FEATURE_STANDBY) {
		key = standby_key(key, quiet); /* none while a key wakes the box */
	}
	if (key != KEY_NONE) {
		uint8_t shown = display_changes();
		ui_key(key);
		if (FEATURE_SOUND && display_changes() != shown) {
			/* After the screen, and only when the key changed it:
			 * a key that does nothing (an arrow at the end of a
			 * list, or held on from the key that ended attract
			 * mode) is silent.  Silent too when the key began a
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
		lights_tick((uint16_t)timer_ms());
	}
	/* Waiting at the menu or in attract mode, whose steps are a second
	 * or more, nothing has to be done every millisecond: the ticks
	 * between passes only look at the keypad.  A visitor's game, a key,
	 * a sound or a save has its pass every tick. */
	uint8_t ticks = quiet && (!play_showing() || (FEATURE_ATTRACT && game->attract)) ? BOX_QUIET_MS : 1u;
	if (FEATURE_SOUND && sound_playing()) {
		ticks = 1;
	}
	if (FEATURE_LAMPS) {
		uint8_t lamps_wait = lights_wait_ms(); /* a blink's next half on time */
		if (lamps_wait < ticks) {
			ticks = lamps_wait;
		}
	}
	/* After the screen: a save's comparisons never delay what a key or
	 * a move shows.  The statistics write when the settings do not, and
	 * neither reads the EEPROM while it writes (a read would wait for
	 * the write). */
	bool saving = false;
	if (FEATURE_SAVE) {
		saving = FEATURE_STATS && eeprom_busy();
		if (!saving) {
			saving = store_poll();
			if (FEATURE_STATS && !saving) {
				saving = stats_poll();
			}
		}
		if (saving) {
			ticks = 1;
		}
	}
	/* Last: a save under way is finished before standby. */
	if (FEATURE_STANDBY) {
		standby_tick(now_ms, saving);
	}
	sleep_ticks(ticks);
}
