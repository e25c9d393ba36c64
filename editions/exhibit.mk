# The exhibit edition: the Grundy Box on show in a museum, played by
# visitors one after another, with the hardware of its own that its
# switches drive.
#
# It leaves out the console's analysis line (FEATURE_ANALYSIS): visitors
# play with the buttons and type nothing, and its room in flash goes to
# what they see and hear.
#
# FEATURES: the switches of firmware/features.h this edition turns on; the
# rest are off.  The budgets are what `make size` and `make test` hold the
# firmware to (see editions/pocket.mk).
FEATURES := CONSOLE ODRA TRANSCRIPT LEVELS SAVE SOUND
FLASH_BUDGET := 32256
RAM_BUDGET := 1024
