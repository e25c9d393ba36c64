#!/bin/sh
# The web page's board in Node, without a browser (web/test/board.test.js):
# boot, a Marienbad game against the host tool, the sleep against simavr's,
# the watchdog, the EEPROM across a reload, XON/XOFF.  make test builds it
# (mk/web.mk).
exec node web/test/board.test.js "$1"
