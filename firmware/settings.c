/* The settings of the session; see settings.h. */
#include "firmware/settings.h"

#include "engine/flash.h"
#include "engine/packed_text.h"

struct settings settings;

void settings_init(void)
{
	engine_start_position(&settings.setup, ENGINE_GAME_FIRST);
	settings.level = SETTINGS_LEVEL_PERFECT;
#if FEATURE_STANDBY
	settings.light_idle_min = SETTINGS_LIGHT_IDLE_DEFAULT_MIN;
	settings.standby_idle_min = SETTINGS_STANDBY_IDLE_DEFAULT_MIN;
#endif
#if FEATURE_OPERATOR
	settings.exhibit.game = ENGINE_GAME_FIRST;
	settings.exhibit.menu_idle_s = SETTINGS_MENU_IDLE_DEFAULT_S;
	settings.exhibit.game_idle_min = SETTINGS_GAME_IDLE_DEFAULT_MIN;
#endif
}

#if !FEATURE_STATS /* with it, the statistics count them (stats_count_hint()) */
void settings_count_hint(void)
{
	if (settings.hints != UINT16_MAX) {
		settings.hints++;
	}
}
#endif

#if FEATURE_OPERATOR
const struct settings_range settings_exhibit_ranges[] ENGINE_FLASH = {
	{ 0, 1, 1 },                                                                         /* lock_game */
	{ 0, 1, 1 },                                                                         /* lock_level */
	{ 0, GAME_COUNT - 1u, 1 },                                                           /* game */
	{ SETTINGS_MENU_IDLE_STEP_S, SETTINGS_MENU_IDLE_MOST_S, SETTINGS_MENU_IDLE_STEP_S }, /* menu_idle_s */
	{ 1, SETTINGS_GAME_IDLE_MOST_MIN, 1 },                                               /* game_idle_min */
	{ 0, 1, 1 },                                                                         /* sound_off */
	{ 0, FEATURE_POLISH ? LANGUAGES - 1u : 0u, 1 },                                      /* language */
};
_Static_assert(sizeof settings_exhibit_ranges / sizeof settings_exhibit_ranges[0] == sizeof(struct exhibit_settings),
	       "a range for every byte of the operator's settings");

bool settings_exhibit_valid(void)
{
	const uint8_t *byte = (const uint8_t *)&settings.exhibit;
	for (uint8_t i = 0; i < sizeof(struct exhibit_settings); i++) {
		const struct settings_range *range = &settings_exhibit_ranges[i];
		uint8_t value = byte[i];
		if (value < flash_u8(&range->least) || value > flash_u8(&range->most) ||
		    value % flash_u8(&range->step) != 0) {
			return false;
		}
	}
	return engine_game_present(settings.exhibit.game); /* saved by an edition that holds it */
}
#endif
