# The pocket edition: the Grundy Box as one carries it about and plays it,
# an Uno with the LCD Keypad Shield and nothing else.  Everything the device
# does: the default edition (make, make EDITION=pocket).
#
# FEATURES: the switches of firmware/features.h this edition turns on; the
# rest are off.  The budgets are what `make size` and `make test` hold the
# firmware to: flash next to the Arduino bootloader's 512 bytes, and static
# RAM (.data and .bss), which leaves the rest of the 2,048 bytes to the stack.
FEATURES := CONSOLE ANALYSIS ODRA TRANSCRIPT LEVELS TEACHING SAVE
FLASH_BUDGET := 32256
RAM_BUDGET := 1024
