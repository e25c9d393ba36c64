# ---- tests: the test programs, which runs where, and make test ----------------
#
# Included last: `test:` below names what every other part builds for it.

UNIT_TESTS := $(patsubst tests/unit/%.c,$(BUILD)/tests/unit/%,$(wildcard tests/unit/test_*.c))
E2E_TESTS := $(patsubst tests/e2e/%.c,$(BUILD)/tests/e2e/%,$(wildcard tests/e2e/test_*.c))
E2E_SUPPORT_SRC := $(filter-out tests/e2e/test_%,$(wildcard tests/e2e/*.c))
E2E_SUPPORT_OBJ := $(call host_obj,$(E2E_SUPPORT_SRC))
SIM_TESTS := $(patsubst tests/sim/%.c,$(BUILD)/tests/sim/%,$(wildcard tests/sim/test_*.c))

# ---- linking the test programs ----

# What several unit tests share (tests/unit/support/) is linked into each.
UNIT_SUPPORT_OBJ := $(call host_obj,$(wildcard tests/unit/support/*.c))
$(UNIT_SUPPORT_OBJ): $(GEN_HEADERS)

$(BUILD)/tests/unit/%: $(call host_obj,tests/unit/%.c) $(UNIT_SUPPORT_OBJ) $(ENGINE_HOST_OBJ) $(BRUTE_OBJ)
	@echo "  LD      $@"
	$(Q)mkdir -p $(@D)
	$(Q)$(HOST_CC) $(HOST_LDFLAGS) -o $@ $^ $(CMOCKA_LDLIBS)

$(BUILD)/tests/e2e/%: $(BUILD)/host/tests/e2e/%.o $(E2E_SUPPORT_OBJ) $(SIM_LIB_OBJ) $(ENGINE_HOST_OBJ) $(BRUTE_OBJ)
	@echo "  LD      $@"
	$(Q)mkdir -p $(@D)
	$(Q)$(HOST_CC) $(HOST_LDFLAGS) -o $@ $^ $(SIM_LDLIBS) $(CMOCKA_LDLIBS)

# The soak test's day is made of its own parts (tests/e2e/soak/).
$(BUILD)/tests/e2e/test_soak: $(call host_obj,$(wildcard tests/e2e/soak/*.c))

# The levels' test plays the games of the levels' measure (make bench).
$(BUILD)/tests/unit/test_levels: $(call host_obj,tools/bench/levels.c)

# The packer's own test links the packer's reader and coder.
$(BUILD)/tests/unit/test_textpack: $(call host_obj,tools/textpack/read.c tools/textpack/huffman.c)

# Tests of the simulator's own parts (the LCD model, the PNG writer).
$(BUILD)/tests/sim/%: $(BUILD)/host/tests/sim/%.o $(SIM_LIB_OBJ)
	@echo "  LD      $@"
	$(Q)mkdir -p $(@D)
	$(Q)$(HOST_CC) $(HOST_LDFLAGS) -o $@ $^ $(SIM_LDLIBS) $(CMOCKA_LDLIBS)

# The unit tests of the firmware's logic on the host (mk/host.mk), each
# linked with the whole of it, or with the build of it that it tests.
$(BUILD)/tests/unit/test_firmware_%: $(call host_obj,tests/unit/test_firmware_%.c) $(FIRMWARE_HOST_OBJ) $(ENGINE_HOST_OBJ)
	@echo "  LD      $@"
	$(Q)mkdir -p $(@D)
	$(Q)$(HOST_CC) $(HOST_LDFLAGS) -o $@ $^ $(CMOCKA_LDLIBS)

$(BUILD)/tests/unit/test_firmware_games_left_out: $(call host_obj,tests/unit/test_firmware_games_left_out.c) \
		$(filter-out $(call host_obj,$(GAMES_LEFT_OUT_HOST_SRC)),$(FIRMWARE_HOST_OBJ)) $(GAMES_LEFT_OUT_HOST_OBJ) \
		$(ENGINE_HOST_OBJ)
	@echo "  LD      $@"
	$(Q)mkdir -p $(@D)
	$(Q)$(HOST_CC) $(HOST_LDFLAGS) -o $@ $^ $(CMOCKA_LDLIBS)

$(BUILD)/tests/unit/test_firmware_standby: $(HANDHELD_HOST_OBJ) $(ENGINE_HOST_OBJ)
	@echo "  LD      $@"
	$(Q)mkdir -p $(@D)
	$(Q)$(HOST_CC) $(HOST_LDFLAGS) -o $@ $^ $(CMOCKA_LDLIBS)

# ---- which end-to-end test runs on which firmware ----

# Every edition is built and tested, as LUFA builds every configuration:
# each edition its size check and the end-to-end tests that apply to it,
# against its own ELF.  Each switch turned off once is built and
# size-checked (mk/firmware.mk).
#
# Each end-to-end test says where it runs in its header comment, beside
# what it tests, in lines such as
#    * needs: CONSOLE TRANSCRIPT   the switches (firmware/features.h) an
#                                  edition must have; none: every edition
#    * lacks: ANALYSIS             those it must not have
#    * build: without-odra         instead, only on that build (a switch
#                                  turned off, mk/firmware.mk)
# (words in brackets after them are for the reader); tests/e2e/declared.awk
# reads them all, as TEST.KEY: for each line and TEST.KEY:WORD for each of
# its words.
E2E_DECLARED := $(shell awk -f tests/e2e/declared.awk $(patsubst $(BUILD)/tests/e2e/%,tests/e2e/%.c,$(E2E_TESTS)))
# The words of line $(2) (needs, lacks or build) of test $(1) (its path or name).
e2e_words = $(patsubst $(notdir $(1)).$(2):%,%,$(filter-out $(notdir $(1)).$(2):,$(filter $(notdir $(1)).$(2):%,$(E2E_DECLARED))))
e2e_declares = $(filter $(notdir $(1)).$(2):,$(E2E_DECLARED))

E2E_BUILD_TESTS := $(foreach test,$(E2E_TESTS),$(if $(call e2e_declares,$(test),build),$(test)))
E2E_EDITION_TESTS := $(filter-out $(E2E_BUILD_TESTS),$(E2E_TESTS))
E2E_BUILDS := $(sort $(foreach test,$(E2E_BUILD_TESTS),$(call e2e_words,$(test),build)))
$(foreach test,$(E2E_EDITION_TESTS),$(if $(call e2e_declares,$(test),needs),,\
	$(error tests/e2e/$(notdir $(test)).c: its header says neither "needs:" nor "build:")))
$(foreach test,$(E2E_TESTS),$(foreach key,needs lacks,$(if $(filter-out $(FEATURES_ALL),$(call e2e_words,$(test),$(key))),\
	$(error tests/e2e/$(notdir $(test)).c: $(key): no such switch: $(filter-out $(FEATURES_ALL),$(call e2e_words,$(test),$(key))) (switches: $(FEATURES_ALL))))))
$(foreach build,$(E2E_BUILDS),$(if $($(build)_DIR),,$(error tests/e2e: build: no such build: $(build) (builds: $(SWITCHED_OFF)))))

# Test $(1) when it applies to edition $(2); the tests of edition $(1); those of build $(1).
e2e_applies = $(if $(filter-out $($(2)_FEATURES),$(call e2e_words,$(1),needs))$(filter $(call e2e_words,$(1),lacks),$($(2)_FEATURES)),,$(1))
e2e_tests_of = $(foreach test,$(E2E_EDITION_TESTS),$(call e2e_applies,$(test),$(1)))
e2e_tests_on = $(foreach test,$(E2E_BUILD_TESTS),$(if $(filter $(1),$(call e2e_words,$(test),build)),$(test)))

run_all_size = size:$(1):$(call elf_of,$(1)):$($(1)_FLASH):$($(1)_ROOM):$($(1)_RAM)
# The games build $(1) leaves out and the switches it turns on, as the
# end-to-end tests read them (GRUNDY_BOX_GAMES_LEFT_OUT and
# GRUNDY_BOX_FEATURES, tests/e2e/e2e.h): from the edition's file, not from
# the firmware, so that a menu that offers the wrong games, or a command
# that is missing or should not be there, fails.
games_left_out_of = $(subst $(space),$(comma),$(strip $($(1)_GAMES_LEFT_OUT)))
features_of = $(subst $(space),$(comma),$(strip $($(1)_FEATURES)))
run_all_elf = elf:$(1):$(call elf_of,$(1)):$(call games_left_out_of,$(1)):$(call features_of,$(1))

# The serial line's tests that make test runs again on the firmware for the
# fast line (FAST_LINE), after its size: the challenge, flow control, the
# console's replies, the transcript and the stack, those its switches allow.
FAST_LINE_TESTS := $(foreach test,test_odra test_flow_control test_console test_console_play test_console_input \
	test_console_flood test_nim test_stack,\
	$(call e2e_applies,$(BUILD)/tests/e2e/$(test),$(FAST_LINE)))

# What tests/run-all runs (it says how it reads them), in order: every
# build's size; the host's tests; each edition's end-to-end tests on its
# ELF; the tests of the builds that tests name (build:); the fast line's.
TEST_ITEMS = $(foreach build,$(EDITIONS) $(SWITCHED_OFF),$(call run_all_size,$(build))) \
	$(UNIT_TESTS) $(SIM_TESTS) $(call e2e_tests_of,pocket) \
	$(foreach edition,$(filter-out pocket,$(EDITIONS)),$(call run_all_elf,$(edition)) $(call e2e_tests_of,$(edition))) \
	$(foreach build,$(E2E_BUILDS),$(call run_all_elf,$(build)) $(call e2e_tests_on,$(build))) \
	$(call run_all_size,$(FAST_LINE)) $(call run_all_elf,$(FAST_LINE)) $(FAST_LINE_TESTS)

# ---- make test ----

# What tests/run-all runs: the firmware builds, the tools and the test programs.
TEST_BUILT := $(EDITION_ELFS) $(SWITCHED_OFF_ELFS) $(foreach build,$(E2E_BUILDS),$(call elf_of,$(build))) \
	$(call elf_of,$(FAST_LINE)) $(SIM) $(CLI) $(UNIT_TESTS) $(SIM_TESTS) $(E2E_TESTS)
# What the scripts of tests/scripts read: circles.sh the firmware's host
# objects and the default edition's AVR objects of hal/; bench.sh a short benchmark (mk/bench.mk); console_times.sh the
# console's runner; fuzz.sh the fuzzer (mk/fuzz.mk); web_*.sh the web page,
# the board's bundle for Node and the sleep modes' program (mk/web.mk);
# cppcheck.sh the editions' switches (mk/style.mk).
TEST_SCRIPTS_READ := $(call host_obj,$(FIRMWARE_HOST_SRC)) $(call avr_obj,$(HAL_SRC)) $(BENCH_ELF) $(BENCH_RUN) $(CONSOLE_RUN) $(FUZZER) \
	web $(WEB_TEST_BUNDLE) $(WEB_SLEEP_MODES) $(CPPCHECK_CONFIGS)
# Built so that they keep building: the Odra challenge's runner, which
# shares tests/e2e/odra_challenge.c with test_odra, and the battery's.
TEST_KEPT_BUILDING := $(ODRA_RUN) $(BATTERY_RUN)

test: $(TEST_BUILT) $(TEST_SCRIPTS_READ) $(TEST_KEPT_BUILDING)
	$(Q)GRUNDY_BOX_GAMES_LEFT_OUT='$(call games_left_out_of,pocket)' GRUNDY_BOX_FEATURES='$(call features_of,pocket)' \
		tests/run-all $(BUILD) $(TEST_ITEMS)

# The items make test hands tests/run-all, one a line: which test runs on
# which firmware.
print-tests:
	@printf '%s\n' $(TEST_ITEMS)

# ---- a fresh machine ----

# The README's set-up, then make play and make test, each at its first run,
# on a new minimal Debian bookworm made with debootstrap, in a chroot
# (tests/fresh/run; needs root).  CI runs it after make test.
fresh:
	$(Q)tests/fresh/run
