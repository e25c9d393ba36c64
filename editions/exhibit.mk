# The exhibit edition: the Grundy Box on show in a museum, played by
# visitors one after another.  For now it has the pocket edition's
# features; those of its own come with the hardware it adds.
#
# FEATURES: the switches of firmware/features.h this edition turns on; the
# rest are off.  The budgets are what `make size` and `make test` hold the
# firmware to (see editions/pocket.mk).
FEATURES := CONSOLE ANALYSIS ODRA TRANSCRIPT LEVELS TEACHING SAVE
FLASH_BUDGET := 32256
RAM_BUDGET := 1024
