/* The words of the screens; see words.h. */
#include "firmware/words.h"

#include "engine/packed_text.h"
#include "packed_tables.h"

_Static_assert(SCREEN_EXHIBIT_FIRST == PACKED_SCREEN_COUNT && SCREEN_EXHIBIT_FIRST == PACKED_SCREEN_PL_COUNT &&
		       SCREEN_TEXTS - SCREEN_EXHIBIT_FIRST == PACKED_EXHIBIT_COUNT &&
		       SCREEN_TEXTS - SCREEN_EXHIBIT_FIRST == PACKED_EXHIBIT_PL_COUNT,
	       "a packed text for every screen text, in both languages");

void put_screen_text(uint8_t text)
{
	if (SCREEN_EXHIBIT_TEXTS && text >= SCREEN_EXHIBIT_FIRST) {
		put_grouped(packed_code, TEXT_TABLE(packed_exhibit, packed_exhibit_pl),
			    TEXT_TABLE(packed_exhibit_at, packed_exhibit_pl_at), SCREEN_TEXT_GROUP,
			    (uint8_t)(text - SCREEN_EXHIBIT_FIRST));
		return;
	}
	put_grouped(packed_code, TEXT_TABLE(packed_screen, packed_screen_pl),
		    TEXT_TABLE(packed_screen_at, packed_screen_pl_at), SCREEN_TEXT_GROUP, text);
}
