# ---- host programs: the objects built for this machine, the grundy tool -------

# Every host object is compiled with the sanitizers and the warnings; those
# that include simavr's headers (the simulator, the end-to-end tests, the
# simulator's own tests, the bench's runners) with its flags as well.
HOST_SIM_DIRS := sim tests/e2e tests/sim tools/bench
$(eval $(call compile_rule,$(BUILD)/host/%.o,%.c,$$(HOST_CC) $$(HOST_CFLAGS),CC))
$(eval $(call compile_rule,$(BUILD)/host/$(BUILD)/gen/%.o,$(BUILD)/gen/%.c,$$(HOST_CC) $$(HOST_CFLAGS),CC))
$(foreach dir,$(HOST_SIM_DIRS),$(eval $(call compile_rule,$(BUILD)/host/$(dir)/%.o,$(dir)/%.c,$$(HOST_CC) $$(SIM_CFLAGS),CC)))

$(CLI): $(call host_obj,tools/grundy.c) $(ENGINE_HOST_OBJ)
	@echo "  LD      $@"
	$(Q)$(HOST_CC) $(HOST_LDFLAGS) -o $@ $^

# ---- the firmware's logic on the host ---------------------------------------

# Every firmware/ file but main.c (the chip's start-up) builds for the host
# too, against a fake HAL (tests/fake_hal/: an LCD that keeps its text, keys
# a test presses, a UART with input and captured output, a settable clock),
# with ASan and UBSan as every host test.  Unit tests of the firmware,
# tests/unit/test_firmware_*.c, link it whole; so does the console's fuzzer.
FIRMWARE_HOST_SRC := $(filter-out firmware/main.c,$(FIRMWARE_SRC))
FAKE_HAL_SRC := $(wildcard tests/fake_hal/*.c)
FIRMWARE_HOST_OBJ := $(call host_obj,$(FIRMWARE_HOST_SRC) $(FAKE_HAL_SRC))

$(call host_obj,$(FIRMWARE_HOST_SRC)): $(GEN_HEADERS)

# The store, the settings (whose check of the operator's saved game the
# store asks) and the console as an edition that leaves out Kubo and
# Nineteen builds them, linked with the rest of the host's firmware: saved settings
# naming a game left out load as the defaults, and the console knows no
# such game (test_firmware_games_left_out).
GAMES_LEFT_OUT_HOST_SRC := firmware/store.c firmware/settings.c firmware/console.c firmware/console_commands.c
GAMES_LEFT_OUT_HOST_OBJ := $(patsubst %.c,$(BUILD)/host/games_left_out/%.o,$(GAMES_LEFT_OUT_HOST_SRC))
$(eval $(call compile_rule,$(GAMES_LEFT_OUT_HOST_OBJ): $(BUILD)/host/games_left_out/%.o,%.c $(GEN_HEADERS),$$(HOST_CC) $$(HOST_CFLAGS) $(call games_flags,KUBO NINETEEN),CC,  [Kubo and Nineteen left out]))

# Standby (FEATURE_STANDBY), which attract mode excludes, is left out of
# the host's all-features build: test_firmware_standby and the firmware it
# links are built as a handheld, every feature but the exhibit's attract
# mode and statistics (whose share of the EEPROM leaves no room for the
# idle times in the settings' records).
HANDHELD_HOST_SRC := $(FIRMWARE_HOST_SRC) $(FAKE_HAL_SRC) tests/unit/test_firmware_standby.c
HANDHELD_HOST_OBJ := $(patsubst %.c,$(BUILD)/host/handheld/%.o,$(HANDHELD_HOST_SRC))
$(eval $(call compile_rule,$(HANDHELD_HOST_OBJ): $(BUILD)/host/handheld/%.o,%.c $(GEN_HEADERS),$$(HOST_CC) $$(HOST_CFLAGS) -DFEATURE_ATTRACT=0 -DFEATURE_STATS=0,CC,  [handheld]))
