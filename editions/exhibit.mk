# The exhibit edition: the Grundy Box on show in a museum, played by
# visitors one after another, with the hardware of its own that the
# switches below add.
#
# FEATURES: the switches of firmware/features.h this edition turns on; the
# rest are off.  The budgets are what `make size` and `make test` hold the
# firmware to (see editions/pocket.mk).
# Without ANALYSIS: visitors play with the buttons and type nothing, so the
# console's analysis of any typed position would go unused, and its flash
# goes to the exhibit's own hardware instead.
FEATURES := CONSOLE ODRA TRANSCRIPT LEVELS SAVE LAMPS
FLASH_BUDGET := 32256
RAM_BUDGET := 1024
