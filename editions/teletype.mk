# The teletype edition: the Grundy Box as the Odra 1003 was, a
# teleprinter's partner on a desk, and the build that CI and scripts drive
# over the serial line.  Every console command: the analysis line, games
# played by typing and `board` (ANALYSIS, TYPED_PLAY), the Odra challenge
# (ODRA) and `level`; the transcript, the machine's levels, all 18 games,
# and the LCD and buttons as on the pocket edition.  Left out, as what
# matters least at a desk: the settings kept in the EEPROM (SAVE; at
# power-on it starts at Marienbad, level 3), and hints and the reason why
# (TEACHING, the pocket's), for which there is no room beside the console.
#
# FEATURES, GAMES_LEFT_OUT and the budgets: see editions/pocket.mk.
FEATURES := CONSOLE ANALYSIS TYPED_PLAY ODRA TRANSCRIPT LEVELS
FLASH_BUDGET := 32256
FLASH_ROOM := 512
RAM_BUDGET := 1024
