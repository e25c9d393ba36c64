#!/bin/sh
# The web page in a real headless Chromium (web/test/page.test.js):
# opened from disk and from the local server, every edition, a game with
# key events and clicks, custom characters against the simulator's PNG,
# localStorage, real time, CPU use, no request off this machine.  make
# test builds the page (mk/web.mk); playwright-core comes from its npm ci.
NODE_PATH="$1/npm/node_modules" exec node web/test/page.test.js "$1"
