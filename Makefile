# Grundy Box: firmware for an ATmega328P that plays impartial games perfectly,
# the simulator that runs it, host tools and tests.  One Makefile, top to bottom.
#
#   make            build everything (installs missing Debian packages first)
#   make play       run the firmware in the simulator, interactively
#   make test       every check; the last line is "N passed, N failed"
#   make size       flash and static RAM of the firmware (avr-size -C)
#   make flash      write the firmware to an Arduino Uno: make flash PORT=/dev/ttyUSB0
#   make bench      cycle counts of the machine's move in every game
#   make fuzz       the serial console under libFuzzer for FUZZ_SECONDS (600)
#   make fresh      make play and make test at their first run on a new Debian (root)
#   make clean      remove the build folder
#
# Everything is built out of tree, in $(BUILD).  V=1 shows the commands.

BUILD ?= build
PORT ?= /dev/ttyACM0
UPLOAD_BAUD ?= 115200

MCU := atmega328p
F_CPU := 16000000UL
FLASH_BUDGET := 32256
RAM_BUDGET := 1024

ifeq ($(V),1)
Q :=
else
Q := @
endif

# ---- compilers and flags ----------------------------------------------------

AVR_CC := avr-gcc
AVR_OBJCOPY := avr-objcopy
AVR_SIZE := avr-size
HOST_CC := gcc
FUZZ_CC := clang

WARNINGS := -Wall -Wextra -Werror -Wshadow -Wundef -Wstrict-prototypes \
	-Wmissing-prototypes -Wredundant-decls -Wpointer-arith -Wwrite-strings \
	-Wvla -Wdouble-promotion -Wformat=2
INCLUDES := -I. -I$(BUILD)/gen

# Size first: link-time optimisation and linker relaxation save about 1.5 KB
# of the 32 KB (measured), the rest of the flags a little more.
AVR_SIZE_FLAGS := -Os -flto -mrelax -mcall-prologues -fno-inline-small-functions \
	-fno-move-loop-invariants -mstrict-X
AVR_CFLAGS := -mmcu=$(MCU) -DF_CPU=$(F_CPU) -std=gnu11 $(AVR_SIZE_FLAGS) -g \
	-ffunction-sections -fdata-sections -fshort-enums -ffat-lto-objects \
	$(WARNINGS) $(INCLUDES)
# The .mmcu section tells simavr the chip and clock; it must sit outside
# flash or .data would load from the wrong place (see README, Simulator).
AVR_LDFLAGS := -mmcu=$(MCU) $(AVR_SIZE_FLAGS) -Wl,--gc-sections \
	-Wl,--undefined=_mmcu,--section-start=.mmcu=0x910000

SANITIZE := -fsanitize=address,undefined -fno-sanitize-recover=all -fno-omit-frame-pointer
HOST_CFLAGS := -std=gnu11 -O1 -g $(SANITIZE) $(WARNINGS) $(INCLUDES)
HOST_LDFLAGS := $(SANITIZE)
# simavr's headers trip -Wundef: include them as system headers (-isystem).
# SIM_PKG_CFLAGS and SIM_PKG_LIBS come from $(SIM_FLAGS_MK) (see set-up), so
# these two are expanded when used, not here.
SIM_CFLAGS = $(HOST_CFLAGS) $(patsubst -I%,-isystem %,$(SIM_PKG_CFLAGS))
SIM_LDLIBS = $(SIM_PKG_LIBS) -lsimavr -lelf
CMOCKA_LDLIBS := -lcmocka

DEPFLAGS = -MMD -MP

# ---- sources ----------------------------------------------------------------

ENGINE_SRC := $(wildcard engine/*.c)
HAL_SRC := $(wildcard hal/*.c)
FIRMWARE_SRC := $(wildcard firmware/*.c)
SIM_LIB_SRC := $(filter-out sim/main.c,$(wildcard sim/*.c))
GEN_SRC := $(wildcard tools/gen/*.c)
# Engine files the table generator shares with the device (they must not
# include the generated tables themselves).
GEN_SHARED_SRC := engine/losing_set.c engine/board_keys.c engine/subtraction.c
BRUTE_SRC := $(wildcard tests/brute/*.c)
UNIT_TESTS := $(patsubst tests/unit/%.c,$(BUILD)/tests/unit/%,$(wildcard tests/unit/test_*.c))
E2E_TESTS := $(patsubst tests/e2e/%.c,$(BUILD)/tests/e2e/%,$(wildcard tests/e2e/test_*.c))
E2E_SUPPORT_SRC := $(filter-out tests/e2e/test_%,$(wildcard tests/e2e/*.c))
SIM_TESTS := $(patsubst tests/sim/%.c,$(BUILD)/tests/sim/%,$(wildcard tests/sim/test_*.c))

GEN_TABLES := $(BUILD)/gen/engine_tables.c $(BUILD)/gen/engine_tables.h

ELF := $(BUILD)/grundy-box.elf
HEX := $(BUILD)/grundy-box.hex
SIM := $(BUILD)/grundy-sim
CLI := $(BUILD)/grundy
GENERATOR := $(BUILD)/host/gen_tables
DEPS_STAMP := $(BUILD)/.deps-installed

avr_obj = $(patsubst %.c,$(BUILD)/avr/%.o,$(1))
host_obj = $(patsubst %.c,$(BUILD)/host/%.o,$(1))

ENGINE_AVR_OBJ := $(call avr_obj,$(ENGINE_SRC) $(BUILD)/gen/engine_tables.c)
ENGINE_HOST_OBJ := $(call host_obj,$(ENGINE_SRC) $(BUILD)/gen/engine_tables.c)
FIRMWARE_OBJ := $(call avr_obj,$(FIRMWARE_SRC) $(HAL_SRC)) $(ENGINE_AVR_OBJ)
SIM_LIB_OBJ := $(call host_obj,$(SIM_LIB_SRC))
BRUTE_OBJ := $(call host_obj,$(BRUTE_SRC))
E2E_SUPPORT_OBJ := $(call host_obj,$(E2E_SUPPORT_SRC))

.PHONY: all firmware play test size flash bench fuzz deps clean
# Objects made through chained pattern rules are intermediate to make, which
# deletes them when it finishes: that printed an `rm` line after the test
# summary, and the next build compiled them again.  Keep every target.
.SECONDARY:
.DEFAULT_GOAL := all

all: firmware $(SIM) $(CLI)

firmware: $(ELF) $(HEX)

# ---- set-up -------------------------------------------------------------------

# Installs the Debian packages the build needs, once per build folder.
deps: $(DEPS_STAMP)
$(DEPS_STAMP): tools/install-deps
	$(Q)tools/install-deps
	$(Q)mkdir -p $(@D) && touch $@

# Every object waits for the packages (order-only, so installing them does
# not force a rebuild).
$(GENERATOR): | $(DEPS_STAMP)

# The simulator's flags come from pkg-config, which can only answer once the
# packages are in; on a fresh machine they are not when this Makefile is
# read.  So pkg-config runs in a rule, after the install, and writes the
# flags to $(SIM_FLAGS_MK); that file is included, and GNU make remakes an
# included makefile that is missing or out of date and then reads everything
# again, before it builds anything else.  If pkg-config fails (simavrparts
# needs gl, for one), its message says which package is missing and the
# build stops there.  `make clean` and `make fresh` need no packages.
SIM_PACKAGES := simavr simavrparts libpng
SIM_FLAGS_MK := $(BUILD)/sim-flags.mk
$(SIM_FLAGS_MK): $(DEPS_STAMP)
	$(Q)cflags=$$(pkg-config --cflags $(SIM_PACKAGES)) && libs=$$(pkg-config --libs $(SIM_PACKAGES)) || \
		{ echo "error: pkg-config has no flags for $(SIM_PACKAGES) (the reason is above)" >&2; exit 1; }; \
		printf 'SIM_PKG_CFLAGS := %s\nSIM_PKG_LIBS := %s\n' "$$cflags" "$$libs" >$@
ifneq ($(filter-out clean fresh,$(or $(MAKECMDGOALS),all)),)
include $(SIM_FLAGS_MK)
endif

# ---- generated tables ---------------------------------------------------------

$(GENERATOR): $(call host_obj,$(GEN_SRC) $(GEN_SHARED_SRC))
	@echo "  LD      $@"
	$(Q)$(HOST_CC) $(HOST_LDFLAGS) -o $@ $^

$(GEN_TABLES) &: $(GENERATOR)
	@echo "  GEN     $(BUILD)/gen/engine_tables.{c,h}"
	$(Q)mkdir -p $(BUILD)/gen
	$(Q)$(GENERATOR) $(BUILD)/gen/engine_tables.c $(BUILD)/gen/engine_tables.h

# Engine sources include the generated header, and so do the tests and tools
# that include engine headers: without this a parallel build of one test
# from a clean tree could compile it before the header exists.
$(call avr_obj,$(ENGINE_SRC) $(FIRMWARE_SRC)) $(call host_obj,$(filter-out $(GEN_SHARED_SRC),$(ENGINE_SRC))): $(BUILD)/gen/engine_tables.h
$(call host_obj,$(wildcard tests/*/*.c) tools/grundy.c $(wildcard tools/bench/*.c)): $(BUILD)/gen/engine_tables.h
$(call avr_obj,$(wildcard tools/bench/*.c)): $(BUILD)/gen/engine_tables.h

# ---- firmware -------------------------------------------------------------------

$(BUILD)/avr/%.o: %.c | $(DEPS_STAMP)
	@echo "  AVR-CC  $<"
	$(Q)mkdir -p $(@D)
	$(Q)$(AVR_CC) $(AVR_CFLAGS) $(DEPFLAGS) -c -o $@ $<

$(BUILD)/avr/$(BUILD)/gen/%.o: $(BUILD)/gen/%.c | $(DEPS_STAMP)
	@echo "  AVR-CC  $<"
	$(Q)mkdir -p $(@D)
	$(Q)$(AVR_CC) $(AVR_CFLAGS) $(DEPFLAGS) -c -o $@ $<

$(ELF): $(FIRMWARE_OBJ)
	@echo "  AVR-LD  $@"
	$(Q)$(AVR_CC) $(AVR_LDFLAGS) -o $@ $^

$(HEX): $(ELF)
	$(Q)$(AVR_OBJCOPY) -O ihex -j .text -j .data $< $@

size: $(ELF)
	$(Q)$(AVR_SIZE) -C --mcu=$(MCU) $(ELF)
	$(Q)tools/check-size $(ELF) $(FLASH_BUDGET) $(RAM_BUDGET)

flash: $(HEX)
	avrdude -p m328p -c arduino -P $(PORT) -b $(UPLOAD_BAUD) -U flash:w:$(HEX):i

# ---- host programs ----------------------------------------------------------------

$(BUILD)/host/%.o: %.c | $(DEPS_STAMP)
	@echo "  CC      $<"
	$(Q)mkdir -p $(@D)
	$(Q)$(HOST_CC) $(HOST_CFLAGS) $(DEPFLAGS) -c -o $@ $<

$(BUILD)/host/$(BUILD)/gen/%.o: $(BUILD)/gen/%.c | $(DEPS_STAMP)
	@echo "  CC      $<"
	$(Q)mkdir -p $(@D)
	$(Q)$(HOST_CC) $(HOST_CFLAGS) $(DEPFLAGS) -c -o $@ $<

$(BUILD)/host/sim/%.o: sim/%.c | $(DEPS_STAMP)
	@echo "  CC      $<"
	$(Q)mkdir -p $(@D)
	$(Q)$(HOST_CC) $(SIM_CFLAGS) $(DEPFLAGS) -c -o $@ $<

$(BUILD)/host/tests/e2e/%.o: tests/e2e/%.c | $(DEPS_STAMP)
	@echo "  CC      $<"
	$(Q)mkdir -p $(@D)
	$(Q)$(HOST_CC) $(SIM_CFLAGS) $(DEPFLAGS) -c -o $@ $<

$(BUILD)/host/tests/sim/%.o: tests/sim/%.c | $(DEPS_STAMP)
	@echo "  CC      $<"
	$(Q)mkdir -p $(@D)
	$(Q)$(HOST_CC) $(SIM_CFLAGS) $(DEPFLAGS) -c -o $@ $<

$(CLI): $(call host_obj,tools/grundy.c) $(ENGINE_HOST_OBJ)
	@echo "  LD      $@"
	$(Q)$(HOST_CC) $(HOST_LDFLAGS) -o $@ $^

$(SIM): $(call host_obj,sim/main.c) $(SIM_LIB_OBJ)
	@echo "  LD      $@"
	$(Q)$(HOST_CC) $(HOST_LDFLAGS) -o $@ $^ $(SIM_LDLIBS)

# ---- simulator ----------------------------------------------------------------------

play: $(ELF) $(SIM)
	$(SIM) --play $(ELF)

# ---- tests ----------------------------------------------------------------------------

$(BUILD)/tests/unit/%: $(call host_obj,tests/unit/%.c) $(ENGINE_HOST_OBJ) $(BRUTE_OBJ)
	@echo "  LD      $@"
	$(Q)mkdir -p $(@D)
	$(Q)$(HOST_CC) $(HOST_LDFLAGS) -o $@ $^ $(CMOCKA_LDLIBS)

$(BUILD)/tests/e2e/%: $(BUILD)/host/tests/e2e/%.o $(E2E_SUPPORT_OBJ) $(SIM_LIB_OBJ) $(ENGINE_HOST_OBJ) $(BRUTE_OBJ)
	@echo "  LD      $@"
	$(Q)mkdir -p $(@D)
	$(Q)$(HOST_CC) $(HOST_LDFLAGS) -o $@ $^ $(SIM_LDLIBS) $(CMOCKA_LDLIBS)

# Tests of the simulator's own parts (the LCD model, the PNG writer).
$(BUILD)/tests/sim/%: $(BUILD)/host/tests/sim/%.o $(SIM_LIB_OBJ)
	@echo "  LD      $@"
	$(Q)mkdir -p $(@D)
	$(Q)$(HOST_CC) $(HOST_LDFLAGS) -o $@ $^ $(SIM_LDLIBS) $(CMOCKA_LDLIBS)

test: $(ELF) $(SIM) $(CLI) $(UNIT_TESTS) $(SIM_TESTS) $(E2E_TESTS)
	$(Q)tests/run-all $(BUILD) $(UNIT_TESTS) $(SIM_TESTS) $(E2E_TESTS)

# ---- benchmark --------------------------------------------------------------------------

# The engine and a textbook baseline built for the AVR with the firmware's
# flags (tools/bench/bench_avr.c), driven in simavr by a host runner that
# times every call to the cycle and checks the answers.  The table goes to
# the terminal and to $(BENCH_TXT), every position with its cycles to
# $(BUILD)/bench/positions.txt.  BENCH_CAP: simulated cycles after which a
# baseline run is given up ("> cap").
BENCH_ELF := $(BUILD)/bench/bench.elf
BENCH_RUN := $(BUILD)/bench/bench_run
BENCH_TXT := $(BUILD)/bench.txt
BENCH_CAP ?= 32000000
BENCH_AVR_OBJ := $(call avr_obj,tools/bench/bench_avr.c tools/bench/baseline.c)

# Linked with room for 64 KB of code: the engine and the baseline together
# may outgrow the chip's 32 KB (the runner then gives simavr's ATmega328P
# more flash, which changes no cycle count, and says so in the table).
$(BENCH_ELF): $(BENCH_AVR_OBJ) $(ENGINE_AVR_OBJ)
	@echo "  AVR-LD  $@"
	$(Q)mkdir -p $(@D)
	$(Q)$(AVR_CC) $(AVR_LDFLAGS) -Wl,--defsym=__TEXT_REGION_LENGTH__=64K -o $@ $^

$(BUILD)/host/tools/bench/%.o: tools/bench/%.c | $(DEPS_STAMP)
	@echo "  CC      $<"
	$(Q)mkdir -p $(@D)
	$(Q)$(HOST_CC) $(SIM_CFLAGS) $(DEPFLAGS) -c -o $@ $<

$(BENCH_RUN): $(call host_obj,tools/bench/bench_run.c) $(ENGINE_HOST_OBJ)
	@echo "  LD      $@"
	$(Q)mkdir -p $(@D)
	$(Q)$(HOST_CC) $(HOST_LDFLAGS) -o $@ $^ $(SIM_LDLIBS)

# make test runs a short benchmark too (tests/scripts/bench.sh).
test: $(BENCH_ELF) $(BENCH_RUN)

# The Odra challenge (tools/bench/odra_run.c): the firmware itself, the ELF
# that goes on the chip, gets 8,000 rows over its UART at 115200 baud;
# cycles per row, the time for the rows and bytes lost are appended to
# $(BENCH_TXT).
ODRA_RUN := $(BUILD)/bench/odra_run

$(ODRA_RUN): $(call host_obj,tools/bench/odra_run.c tests/e2e/odra_challenge.c) $(SIM_LIB_OBJ)
	@echo "  LD      $@"
	$(Q)mkdir -p $(@D)
	$(Q)$(HOST_CC) $(HOST_LDFLAGS) -o $@ $^ $(SIM_LDLIBS)

# make test builds it too: it shares tests/e2e/odra_challenge.c with
# test_odra, and a change there must not break it unseen.
test: $(ODRA_RUN)

bench: $(BENCH_ELF) $(BENCH_RUN) $(ELF) $(ODRA_RUN)
	$(Q)$(BENCH_RUN) --cap $(BENCH_CAP) --out $(BENCH_TXT) --positions $(BUILD)/bench/positions.txt \
		--cflags "$(AVR_CFLAGS)" --mcu $(MCU) --f-cpu $(F_CPU) \
		$(BENCH_ELF) $(call avr_obj,$(BUILD)/gen/engine_tables.c) $(call avr_obj,$(ENGINE_SRC))
	$(Q)$(ODRA_RUN) --out $(BENCH_TXT) $(ELF)

# ---- the firmware's logic on the host ---------------------------------------------------------

# Every firmware/ file but main.c (the chip's start-up) builds for the host
# too, against a fake HAL (tests/fake_hal/: an LCD that keeps its text, keys
# a test presses, a UART with input and captured output, a settable clock),
# with ASan and UBSan as every host test.  Unit tests of the firmware,
# tests/unit/test_firmware_*.c, link it whole; so does the console's fuzzer.
FIRMWARE_HOST_SRC := $(filter-out firmware/main.c,$(FIRMWARE_SRC))
FAKE_HAL_SRC := $(wildcard tests/fake_hal/*.c)
FIRMWARE_HOST_OBJ := $(call host_obj,$(FIRMWARE_HOST_SRC) $(FAKE_HAL_SRC))

$(call host_obj,$(FIRMWARE_HOST_SRC)): $(BUILD)/gen/engine_tables.h

$(BUILD)/tests/unit/test_firmware_%: $(call host_obj,tests/unit/test_firmware_%.c) $(FIRMWARE_HOST_OBJ) $(ENGINE_HOST_OBJ)
	@echo "  LD      $@"
	$(Q)mkdir -p $(@D)
	$(Q)$(HOST_CC) $(HOST_LDFLAGS) -o $@ $^ $(CMOCKA_LDLIBS)

# make test checks that no include or call circle joins firmware/ files
# (tests/scripts/circles.sh), from the host objects' symbols.
test: $(call host_obj,$(FIRMWARE_HOST_SRC))

# ---- fuzzing --------------------------------------------------------------------------------

# The serial console's line reading and commands, with the firmware's logic
# and the engine behind them, under libFuzzer with ASan and UBSan; the chip
# around them is the fake HAL (tests/fake_hal/).  `make test` runs it for a
# bounded time (tests/scripts/fuzz.sh, FUZZ_TEST_SECONDS, default 30); `make
# fuzz` runs it for FUZZ_SECONDS and keeps what it learns in
# $(BUILD)/fuzz/corpus.
FUZZ_SECONDS ?= 600
FUZZER := $(BUILD)/fuzz/fuzz_console
FUZZ_SRC := $(wildcard tests/fuzz/*.c) $(FIRMWARE_HOST_SRC) $(FAKE_HAL_SRC) $(ENGINE_SRC)
FUZZ_OBJ := $(patsubst %.c,$(BUILD)/fuzz/%.o,$(FUZZ_SRC) $(BUILD)/gen/engine_tables.c)
FUZZ_SANITIZE := -fsanitize=address,undefined -fno-sanitize-recover=all -fno-omit-frame-pointer
FUZZ_CFLAGS := -std=gnu11 -O1 -g -fsanitize=fuzzer-no-link $(FUZZ_SANITIZE) $(WARNINGS) $(INCLUDES)

$(BUILD)/fuzz/%.o: %.c $(BUILD)/gen/engine_tables.h | $(DEPS_STAMP)
	@echo "  FUZZ-CC $<"
	$(Q)mkdir -p $(@D)
	$(Q)$(FUZZ_CC) $(FUZZ_CFLAGS) $(DEPFLAGS) -c -o $@ $<

$(FUZZER): $(FUZZ_OBJ)
	@echo "  LD      $@"
	$(Q)$(FUZZ_CC) -fsanitize=fuzzer $(FUZZ_SANITIZE) -o $@ $^

# make test runs the fuzzer for a bounded time (tests/scripts/fuzz.sh).
test: $(FUZZER)

fuzz: $(FUZZER)
	$(Q)mkdir -p $(BUILD)/fuzz/corpus
	$(FUZZER) -max_total_time=$(FUZZ_SECONDS) -dict=tests/fuzz/console.dict \
		-artifact_prefix=$(BUILD)/fuzz/ -print_final_stats=1 $(BUILD)/fuzz/corpus tests/fuzz/seeds

# ---- a fresh machine ------------------------------------------------------------------------

# The README's set-up, then make play and make test, each at its first run,
# on a new minimal Debian bookworm made with debootstrap, in a chroot
# (tests/fresh/run; needs root).  CI runs it after make test.
.PHONY: fresh
fresh:
	$(Q)tests/fresh/run

# ---- housekeeping ------------------------------------------------------------------------

clean:
	rm -rf $(BUILD)

-include $(shell find $(BUILD) -name '*.d' 2>/dev/null)
