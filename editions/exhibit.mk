# The exhibit edition: the Grundy Box on show in a museum, played by
# visitors one after another with the buttons.  Visitors do not type, so
# the console keeps only what the exhibit's serial line is for, the help
# and the Odra challenge (and `level` for whoever runs it), beside the
# transcript of every game; the analysis line and the games played at the
# console (ANALYSIS, TYPED_PLAY) are left out.  As the pocket edition, it
# gives hints and the reason why on the buttons (TEACHING).  Its hardware
# of its own: a bank of 16 lamps (LAMPS) and a piezo buzzer (SOUND).  Left
# idle, it plays against itself to draw visitors in (ATTRACT).  For whoever
# runs it: the statistics of the visitors' games, kept in the EEPROM
# (STATS, the console's `stats`), and the operator menu (OPERATOR), where
# the language of every text is chosen: English or Polish (POLISH).
#
# FEATURES: the switches of firmware/features.h this edition turns on; the
# rest are off.  The budgets and the room are what `make size` and `make
# test` hold the firmware to (see editions/pocket.mk).
FEATURES := CONSOLE ODRA TRANSCRIPT LEVELS TEACHING SAVE LAMPS SOUND ATTRACT OPERATOR STATS POLISH
# GAMES_LEFT_OUT: the games of engine/games.def this edition does not
# offer (the rest it does).  Kubo and Nineteen, the two whose tables of
# losing positions are the largest, make room for what a museum needs and
# the pocket edition does not (docs/editions.md, Games left out; the
# tables' flash is in docs/measured.md).
GAMES_LEFT_OUT := KUBO NINETEEN
FLASH_BUDGET := 32256
FLASH_ROOM := 1024
RAM_BUDGET := 1024
