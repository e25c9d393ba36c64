# The pocket edition: the Grundy Box as one carries it about and plays it,
# an Uno or a Nano with the LCD Keypad Shield, played with its five
# buttons, often on batteries: the default edition (make, make play).  All
# 18 games, the machine's levels, hints, the reason why and slips
# (TEACHING), the settings and the score kept in the EEPROM, the
# transcript of every game on the serial line, and of the console only
# `help` and `level`.  It leaves out what needs a computer at the other end
# of the line: the analysis line, games played by typing and the Odra
# challenge (ANALYSIS, TYPED_PLAY, ODRA: the teletype edition's).
#
# FEATURES: the switches of firmware/features.h this edition turns on; the
# rest are off.  The budgets are what `make size` and `make test` hold the
# firmware to: flash next to the Arduino bootloader's 512 bytes, and static
# RAM (.data and .bss), which leaves the rest of the 2,048 bytes to the
# stack.  FLASH_ROOM: the bytes of that flash that must stay free, room for
# what comes next.
FEATURES := CONSOLE TRANSCRIPT LEVELS TEACHING SAVE STANDBY
# GAMES_LEFT_OUT (none here): the games of engine/games.def the edition
# does not offer.
FLASH_BUDGET := 32256
FLASH_ROOM := 1024
RAM_BUDGET := 1024
