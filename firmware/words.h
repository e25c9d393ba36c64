/*
 * The words of the screens (firmware/screen_texts.def), in the language of
 * the texts (engine/packed_text.h): what the screens print beside the
 * engine's own words.  A module of its own, below the screens and the
 * display, so that whatever prints one of them (the statistics' counts on
 * the serial line too) needs nothing else of the firmware.
 */
#ifndef FIRMWARE_WORDS_H
#define FIRMWARE_WORDS_H

#include <stdint.h>

#include "firmware/features.h"

/* The texts by their names in firmware/screen_texts.def, the common ones,
 * then the exhibit's own; each list is packed in groups of
 * SCREEN_TEXT_GROUP. */
enum screen_text {
#define SCREEN_TEXT(name, english, polish) name,
#include "firmware/screen_texts.def"
	SCREEN_EXHIBIT_FIRST,
	SCREEN_BEFORE_EXHIBIT = SCREEN_EXHIBIT_FIRST - 1,
#define EXHIBIT_TEXT(name, english, polish) name,
#include "firmware/screen_texts.def"
	SCREEN_TEXTS
};
#define SCREEN_TEXT_GROUP 4u
/* The features that show the exhibit's own texts (EXHIBIT_TEXT): a build
 * without them links none of those. */
#define SCREEN_EXHIBIT_TEXTS (FEATURE_TEACHING || FEATURE_ATTRACT || FEATURE_OPERATOR || FEATURE_STATS)

/* Screen text `text` (enum screen_text) where the put_* functions of
 * engine/text.h print. */
void put_screen_text(uint8_t text);

#endif
