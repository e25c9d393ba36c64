/* The settings of the session; see settings.h. */
#include "firmware/settings.h"

struct settings settings;

void settings_init(void)
{
	engine_start_position(&settings.setup, GAME_MARIENBAD);
	settings.level = SETTINGS_LEVEL_PERFECT;
}

#if !FEATURE_STATS /* with it, the statistics count them (stats_count_hint()) */
void settings_count_hint(void)
{
	if (settings.hints != UINT16_MAX) {
		settings.hints++;
	}
}
#endif
