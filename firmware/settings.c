/* The settings of the session; see settings.h. */
#include "firmware/settings.h"

#include "firmware/attract.h"

struct settings settings;

void settings_init(void)
{
	engine_start_position(&settings.setup, GAME_MARIENBAD);
	settings.level = SETTINGS_LEVEL_PERFECT;
#if FEATURE_OPERATOR
	settings.exhibit.game = GAME_MARIENBAD;
	settings.exhibit.menu_idle_s = ATTRACT_IDLE_MENU_DEFAULT_S;
	settings.exhibit.game_idle_min = ATTRACT_IDLE_GAME_DEFAULT_S / 60u;
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
