# The pocket edition: the Grundy Box as one carries it about and plays it,
# an Uno with the LCD Keypad Shield and nothing else: the default edition
# (make, make EDITION=pocket).  Everything the device does with that
# hardware but hints and the reason why (TEACHING), which do not fit its
# flash beside the rest yet (the README's "What did not fit" has the
# measure).
#
# FEATURES: the switches of firmware/features.h this edition turns on; the
# rest are off.  The budgets are what `make size` and `make test` hold the
# firmware to: flash next to the Arduino bootloader's 512 bytes, and static
# RAM (.data and .bss), which leaves the rest of the 2,048 bytes to the stack.
FEATURES := CONSOLE TRANSCRIPT LEVELS TEACHING SAVE STANDBY
# GAMES_LEFT_OUT (none here): the games of engine/games.def the edition
# does not offer.
FLASH_BUDGET := 32256
RAM_BUDGET := 1024
