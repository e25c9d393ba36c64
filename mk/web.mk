# ---- the web page (web/) -------------------------------------------------------
#
# make web        build/web/: the whole site, index.html and one classic
#                 script with every edition's hex inside (works from file://
#                 and from any static server); see docs/web.md
# make web-serve  serves it on 127.0.0.1:$(WEB_PORT) for a local look
#
# Node, npm and Chromium come from Debian (tools/install-deps web, once per
# build folder); the npm packages at the exact versions of
# web/package-lock.json (npm ci, in $(WEB_NPM), when the lock changes).
# The wiring is generated from board/lcd_keypad_shield.h by
# web/board_data.c, so the page cannot drift from the board.

WEB := $(BUILD)/web
WEB_GEN := $(BUILD)/web-gen
WEB_NPM := $(BUILD)/npm
WEB_PORT ?= 8022
WEB_DEPS_STAMP := $(BUILD)/.web-deps-installed
WEB_MODULES := $(WEB_NPM)/node_modules/.package-lock.json
ESBUILD := $(WEB_NPM)/node_modules/.bin/esbuild
WEB_SRC := $(wildcard web/src/*.js)
WEB_BOARD_DATA := $(BUILD)/host/web/board_data
WEB_HEXES := $(foreach edition,$(EDITIONS),$($(edition)_DIR)/grundy-box.hex)
# The board's wiring for the Node tests, bundled with avr8js.
WEB_TEST_BUNDLE := $(BUILD)/web-test/board.cjs
# npm checks the registry against the system's certificate authorities
# (ca-certificates), which hold any the machine's network adds.
WEB_CA_BUNDLE := /etc/ssl/certs/ca-certificates.crt
WEB_NPM_CAFILE = $$([ -r $(WEB_CA_BUNDLE) ] && echo --cafile=$(WEB_CA_BUNDLE))
WEB_ALIASES = --alias:board-data=./$(WEB_GEN)/board-data.js --alias:firmware=./$(WEB_GEN)/firmware.js

.PHONY: web web-serve
web: $(WEB)/index.html $(WEB)/grundy-box.js

$(WEB_DEPS_STAMP): tools/install-deps
	$(Q)tools/install-deps web
	$(Q)mkdir -p $(@D) && touch $@

$(WEB_MODULES): web/package.json web/package-lock.json | $(WEB_DEPS_STAMP)
	@echo "  NPM-CI  $(WEB_NPM)"
	$(Q)mkdir -p $(WEB_NPM) && cp web/package.json web/package-lock.json $(WEB_NPM)/
	$(Q)cd $(WEB_NPM) && npm ci --no-audit --no-fund --loglevel=error $(WEB_NPM_CAFILE)

$(eval $(call compile_rule,$(BUILD)/host/web/board_data.o,web/board_data.c,$$(HOST_CC) $$(SIM_CFLAGS),CC))

$(WEB_BOARD_DATA): $(BUILD)/host/web/board_data.o
	@echo "  LD      $@"
	$(Q)$(HOST_CC) $(HOST_LDFLAGS) -o $@ $^

$(WEB_GEN)/board-data.js: $(WEB_BOARD_DATA)
	@echo "  GEN     $@"
	$(Q)mkdir -p $(@D)
	$(Q)$(WEB_BOARD_DATA) $@

# Every edition's hex, the pocket first (EDITIONS' order).
$(WEB_GEN)/firmware.js: $(WEB_HEXES) $(foreach edition,$(EDITIONS),editions/$(edition).mk)
	@echo "  GEN     $@"
	$(Q)mkdir -p $(@D)
	$(Q){ echo 'export const editions = ['; \
		$(foreach edition,$(EDITIONS),printf "  { name: '%s', features: '%s', hex: '%s' },\n" $(edition) '$($(edition)_FEATURES)' "$$(tr '\r\n' '  ' <$($(edition)_DIR)/grundy-box.hex)";) \
		echo '];'; } >$@

$(WEB)/grundy-box.js: $(WEB_SRC) $(WEB_GEN)/board-data.js $(WEB_GEN)/firmware.js $(WEB_MODULES)
	@echo "  BUNDLE  $@"
	$(Q)NODE_PATH=$(abspath $(WEB_NPM)/node_modules) $(ESBUILD) web/src/page.js --bundle --format=iife --target=es2020 --minify --log-level=warning \
		$(WEB_ALIASES) --outfile=$@

$(WEB)/index.html: web/index.html
	$(Q)mkdir -p $(@D) && cp $< $@

$(WEB_TEST_BUNDLE): $(WEB_SRC) $(WEB_GEN)/board-data.js $(WEB_MODULES)
	@echo "  BUNDLE  $@"
	$(Q)NODE_PATH=$(abspath $(WEB_NPM)/node_modules) $(ESBUILD) web/src/board.js --bundle --platform=node --format=cjs --target=node18 --log-level=warning \
		$(WEB_ALIASES) --outfile=$@

# A small program of its own for the chip's sleep modes, the watchdog's two
# modes and the backlight, which the firmware may not use (yet).
WEB_SLEEP_MODES := $(BUILD)/web-test/sleep_modes.hex
$(WEB_SLEEP_MODES): web/test/avr/sleep_modes.c | $(DEPS_STAMP)
	@echo "  AVR-CC  $<"
	$(Q)mkdir -p $(@D)
	$(Q)$(AVR_CC) -mmcu=$(MCU) -DF_CPU=$(F_CPU) -std=gnu11 -Os $(WARNINGS) -o $(@:.hex=.elf) $<
	$(Q)$(AVR_OBJCOPY) -O ihex -j .text -j .data $(@:.hex=.elf) $@

web-serve: web
	node web/serve.js $(WEB) $(WEB_PORT)
