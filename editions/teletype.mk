# The teletype edition: the Grundy Box as the Odra 1003 was, a
# teleprinter's partner on a desk, and the build that CI and scripts drive
# over the serial line.  Every command of the console but those of the
# features it leaves out: the analysis line, games played by typing and
# `board` (ANALYSIS, TYPED_PLAY), and the Odra challenge (ODRA); the
# transcript, all 18 games, and the LCD and buttons as on the pocket
# edition.  Left out, as what matters least at a desk, so that it has
# room: the settings kept in the EEPROM (SAVE: at power-on it starts at
# Marienbad), the machine's levels (LEVELS: it always plays its best, as
# the Odra did), and hints and the reason why (TEACHING, the pocket's).
#
# FEATURES, GAMES_LEFT_OUT and the budgets: see editions/pocket.mk.
# UART_RX_BUFFER: the serial line's receive buffer (hal/uart.h), 64 bytes
# rather than 128: in English alone the Odra challenge's prompt is 53
# bytes, and 64 outlast the rows that come in while it goes out; the RAM
# goes to the console's line, which holds the longest position of every
# game.
UART_RX_BUFFER := 64
FEATURES := CONSOLE ANALYSIS TYPED_PLAY ODRA TRANSCRIPT
FLASH_BUDGET := 32256
FLASH_ROOM := 512
RAM_BUDGET := 1024
