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
#
# On a line from 250,000 baud (make BAUD=1000000, hal/uart.h's UART_FAST)
# the Odra challenge's rows are read by a reader of their own, with the
# receive interrupt off, and the buffer must outlast the challenge's start
# at eight times the rate.  The reader does not fit beside every feature:
# the fast line's teletype leaves out games played by typing (TYPED_PLAY)
# and keeps the analysis line, the challenge and the transcript.
FAST_LINE_LEAVES_OUT := TYPED_PLAY
FAST_LINE_RX_BUFFER := 128
# Those 64 more bytes of static RAM: 1,044 of its 2,048 then, and the
# stack's high-water, measured by test_stack on that build in make test,
# leaves the rest well free.
FAST_LINE_RAM_BUDGET := 1088
FEATURES := CONSOLE ANALYSIS TYPED_PLAY ODRA TRANSCRIPT
FLASH_BUDGET := 32256
# FLASH_ROOM: 256 bytes, where the other editions keep 1,024: the whole
# console, every answer within 250 ms and a line as long as the longest
# position, which a desk needs first, take the rest.
FLASH_ROOM := 256
RAM_BUDGET := 1024
