# Grundy Box: firmware for an ATmega328P that plays impartial games perfectly,
# the simulator that runs it, host tools and tests.  One Makefile, top to bottom.
#
#   make            build everything (installs missing Debian packages first)
#   make play       run the firmware in the simulator, interactively
#   make test       every check of every edition; the last line is "N passed, N failed"
#   make size       flash and static RAM of every edition, against its budgets
#   make symbols    the largest symbols of each source file, flash and RAM
#   make flash      write the firmware to an Arduino Uno: make flash PORT=/dev/ttyUSB0
#   make bench      cycle counts of the machine's move in every game, the stack's depth,
#                   the person's win rates against each level of play, every game's
#                   slowest console answer and machine move (into the README)
#   make text-measure  flash and print time of the firmware's texts, packed each way
#   make fuzz       the serial console under libFuzzer for FUZZ_SECONDS (600)
#   make fresh      make play and make test at their first run on a new Debian (root)
#   make clean      remove the build folder
#
# Everything is built out of tree, in $(BUILD).  V=1 shows the commands.
# EDITION=NAME (editions/NAME.mk; pocket by default) chooses the firmware
# that make, make play, make flash and make bench build; BAUD=RATE its
# serial line's rate (115200 by default; 1000000 the fastest, see below).

BUILD ?= build
PORT ?= /dev/ttyACM0
UPLOAD_BAUD ?= 115200

MCU := atmega328p
F_CPU := 16000000UL
EDITION ?= pocket

ifeq ($(V),1)
Q :=
else
Q := @
endif

# A comma, for a make function's argument that holds one, and a space.
comma := ,
space := $(subst ,, )

# ---- compilers and flags ----------------------------------------------------

AVR_CC := avr-gcc
AVR_OBJCOPY := avr-objcopy
AVR_SIZE := avr-size
AVR_OBJDUMP := avr-objdump
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
# The texts packed at build time (tools/textpack) and the engine files the
# packer shares to decode them again (they must not include its output).
PACKED_TABLES := $(BUILD)/gen/packed_tables.c $(BUILD)/gen/packed_tables.h
TEXTPACK_SRC := $(filter-out tools/textpack/cycles_run.c,$(wildcard tools/textpack/*.c))
TEXTPACK_SHARED_SRC := engine/text.c engine/packed_text.c

SIM := $(BUILD)/grundy-sim
CLI := $(BUILD)/grundy
GENERATOR := $(BUILD)/host/gen_tables
TEXTPACK := $(BUILD)/host/textpack
LINK_ORDER := $(BUILD)/host/link_order
DEPS_STAMP := $(BUILD)/.deps-installed

avr_obj = $(patsubst %.c,$(BUILD)/avr/%.o,$(1))
host_obj = $(patsubst %.c,$(BUILD)/host/%.o,$(1))

GEN_C := $(BUILD)/gen/engine_tables.c $(BUILD)/gen/packed_tables.c
ENGINE_AVR_OBJ := $(call avr_obj,$(ENGINE_SRC) $(GEN_C))
ENGINE_HOST_OBJ := $(call host_obj,$(ENGINE_SRC) $(GEN_C))
SIM_LIB_OBJ := $(call host_obj,$(SIM_LIB_SRC))
BRUTE_OBJ := $(call host_obj,$(BRUTE_SRC))
E2E_SUPPORT_OBJ := $(call host_obj,$(E2E_SUPPORT_SRC))

.PHONY: all firmware play test size symbols flash bench fuzz deps clean text-measure
# Objects made through chained pattern rules are intermediate to make, which
# deletes them when it finishes: that printed an `rm` line after the test
# summary, and the next build compiled them again.  Keep every target.
.SECONDARY:
.DEFAULT_GOAL := all

all: firmware $(SIM) $(CLI)

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

# The firmware's texts, packed (engine/packed_text.h): the packer reads
# the X-macro lists and writes the tables as C source.
$(TEXTPACK): $(call host_obj,$(TEXTPACK_SRC) $(TEXTPACK_SHARED_SRC)) | $(DEPS_STAMP)
	@echo "  LD      $@"
	$(Q)$(HOST_CC) $(HOST_LDFLAGS) -o $@ $^

# A build step of every firmware link, so built for speed: its search
# runs a few seconds optimised, and several times longer under the
# sanitizers that the tests use.
$(LINK_ORDER): tools/link_order.c | $(DEPS_STAMP)
	@echo "  CC-LD   $@"
	$(Q)mkdir -p $(@D)
	$(Q)$(HOST_CC) -std=gnu11 -O2 $(WARNINGS) -o $@ $< -lm

# The games' texts but their names (which the console matches as typed)
# are packed in groups of three, each group found through packed_games_at:
# a game's summary first, which the menu prints every step of its marquee,
# then its example (its start) and its moves.
#
# Every text a person reads comes in English and in Polish, the first and
# the second literal of each entry, packed as two tables (NAME and
# NAME_pl); one code table serves both languages.  The screens' texts go
# in groups of four (the exhibit's own in tables of their own); the games' Polish texts in groups of two, a game's
# summary first, then its name; the Polish words, two forms each.
PACKED_SOURCES := engine/error_texts.def firmware/console_texts.def engine/games.def firmware/screen_texts.def \
	engine/teach_texts.def engine/letters.def
$(PACKED_TABLES) &: $(TEXTPACK) $(PACKED_SOURCES)
	@echo "  PACK    $(BUILD)/gen/packed_tables.{c,h}"
	$(Q)mkdir -p $(BUILD)/gen
	$(Q)$(TEXTPACK) gen $(BUILD)/gen/packed_tables.c $(BUILD)/gen/packed_tables.h \
		packed_errors=engine/error_texts.def:ERROR_TEXT.1 packed_errors_pl=engine/error_texts.def:ERROR_TEXT.2 \
		packed_console=firmware/console_texts.def:TEXT.1,ODRA_PROMPT.1 packed_console_pl=firmware/console_texts.def:TEXT.2,ODRA_PROMPT.2 \
		packed_games/3=engine/games.def:GAME.4,GAME.3,GAME.2 \
		packed_games_pl/2=engine/games.def:GAME_POLISH.2,GAME_POLISH.1 \
		packed_words_pl=engine/games.def:PART_WORD_POLISH,VERB_POLISH \
		packed_screen/4=firmware/screen_texts.def:SCREEN_TEXT.1 \
		packed_screen_pl/4=firmware/screen_texts.def:SCREEN_TEXT.2 \
		packed_exhibit/4=firmware/screen_texts.def:EXHIBIT_TEXT.1 \
		packed_exhibit_pl/4=firmware/screen_texts.def:EXHIBIT_TEXT.2 \
		packed_teach=engine/teach_texts.def:TEACH_TEXT.1 packed_teach_pl=engine/teach_texts.def:TEACH_TEXT.2

# Engine sources include the generated headers, and so do the tests and tools
# that include engine headers: without this a parallel build of one test
# from a clean tree could compile it before the header exists.
GEN_HEADERS := $(BUILD)/gen/engine_tables.h $(BUILD)/gen/packed_tables.h
# (Each firmware build's own objects get the same rule below.)
$(call host_obj,$(filter-out $(GEN_SHARED_SRC),$(ENGINE_SRC))): $(BUILD)/gen/engine_tables.h
$(call host_obj,$(filter-out $(GEN_SHARED_SRC) $(TEXTPACK_SHARED_SRC),$(ENGINE_SRC))): $(BUILD)/gen/packed_tables.h
$(call host_obj,$(wildcard tests/*/*.c) tools/grundy.c $(wildcard tools/bench/*.c)): $(GEN_HEADERS)
$(call avr_obj,$(wildcard tools/bench/*.c)): $(GEN_HEADERS)

# What each way of packing the texts would cost in flash (README, Text):
# each scheme's data, from textpack, plus its decoder, measured as the
# flash of a small program that prints a text with it (linked as the
# firmware is) less that of the same program printing a plain text.  The
# shared prologue and epilogue of -mcall-prologues, which the firmware
# holds anyway, are linked into every one of them.
TEXT_SCHEMES := plain packed decode_5bit decode_pairs decode_words
TEXT_PROGRAMS := $(patsubst %,$(BUILD)/textpack/%.elf,$(TEXT_SCHEMES))
$(BUILD)/textpack/%.elf: $(call avr_obj,tools/textpack/avr/harness.c engine/text.c engine/packed_text.c) \
		$(BUILD)/avr/tools/textpack/avr/%.o
	$(Q)mkdir -p $(@D)
	$(Q)$(AVR_CC) $(AVR_LDFLAGS) -Wl,--undefined=__prologue_saves__,--undefined=__epilogue_restores__ -o $@ $^

# And the time: every packed text printed in simavr, against the same text
# stored plain.
TEXT_CYCLES_ELF := $(BUILD)/textpack/cycles.elf
TEXT_CYCLES_RUN := $(BUILD)/textpack/cycles_run
$(TEXT_CYCLES_ELF): $(call avr_obj,tools/textpack/avr/cycles.c engine/text.c engine/packed_text.c \
		$(BUILD)/gen/packed_tables.c)
	$(Q)mkdir -p $(@D)
	$(Q)$(AVR_CC) $(AVR_LDFLAGS) -o $@ $^
$(call avr_obj,tools/textpack/avr/cycles.c) $(call host_obj,tools/textpack/cycles_run.c): $(BUILD)/gen/packed_tables.h

$(BUILD)/host/tools/textpack/cycles_run.o: tools/textpack/cycles_run.c | $(DEPS_STAMP)
	@echo "  CC      $<"
	$(Q)mkdir -p $(@D)
	$(Q)$(HOST_CC) $(SIM_CFLAGS) $(DEPFLAGS) -c -o $@ $<

$(TEXT_CYCLES_RUN): $(call host_obj,tools/textpack/cycles_run.c)
	@echo "  LD      $@"
	$(Q)mkdir -p $(@D)
	$(Q)$(HOST_CC) $(HOST_LDFLAGS) -o $@ $^ $(SIM_LDLIBS)

# make test builds them too, so that they keep building.
test: $(TEXT_PROGRAMS) $(TEXT_CYCLES_ELF) $(TEXT_CYCLES_RUN)

# The sets of texts measured (textpack's SOURCEs): the messages the build
# packs (in English), the games' descriptions (which it packs but for the
# names), the rest of the firmware's texts (the syntax's and the
# separators' few literals), and the Polish of all of them.
TEXTS_PACKED := engine/error_texts.def:ERROR_TEXT.1 firmware/console_texts.def:TEXT.1,ODRA_PROMPT.1 \
	firmware/screen_texts.def:SCREEN_TEXT.1,EXHIBIT_TEXT.1 engine/teach_texts.def:TEACH_TEXT.1
TEXTS_GAMES := engine/games.def:GAME,PART_WORD,VERB
TEXTS_OTHER := engine/engine.c:ENGINE_FLASH_STR engine/matrix.c firmware/console.c:ENGINE_FLASH_STR firmware/play.c
TEXTS_POLISH := engine/error_texts.def:ERROR_TEXT.2 firmware/console_texts.def:TEXT.2,ODRA_PROMPT.2 \
	firmware/screen_texts.def:SCREEN_TEXT.2,EXHIBIT_TEXT.2 engine/teach_texts.def:TEACH_TEXT.2 \
	engine/games.def:GAME_POLISH,PART_WORD_POLISH,VERB_POLISH

text-measure: $(TEXTPACK) $(TEXT_PROGRAMS) $(TEXT_CYCLES_ELF) $(TEXT_CYCLES_RUN)
	$(Q)$(TEXT_CYCLES_RUN) $(TEXT_CYCLES_ELF)
	$(Q)$(TEXTPACK) measure --avr-size $(AVR_SIZE) --plain $(BUILD)/textpack/plain.elf \
		--decoder 5bit=$(BUILD)/textpack/decode_5bit.elf \
		--decoder huffman=$(BUILD)/textpack/packed.elf \
		--decoder words=$(BUILD)/textpack/decode_words.elf \
		--decoder pairs=$(BUILD)/textpack/decode_pairs.elf \
		--set "Error messages, console, screen and reason-why texts (packed by the build)" $(TEXTS_PACKED) \
		--set "Game descriptions: names, moves, examples, summaries, part words, verbs (the build packs the moves, examples and summaries)" $(TEXTS_GAMES) \
		--set "The ENGINE_FLASH_STR literals left" $(TEXTS_OTHER) \
		--set "The Polish texts (packed by the build)" $(TEXTS_POLISH) \
		--set "The English ones together, each scheme with one table for all" $(TEXTS_PACKED) $(TEXTS_GAMES) \
			$(TEXTS_OTHER)

# ---- firmware: editions and feature switches ------------------------------------

# The features a build can leave out are the switches of firmware/features.h,
# which says what each one is; an edition (editions/NAME.mk) turns some on
# and sets its flash and RAM budgets, as QMK's rules.mk or a LUFA demo's
# makefile chooses a build's options.  Each edition's objects and ELF have a
# folder of their own, so editions never clobber each other: the pocket
# edition, the default, is $(BUILD)/grundy-box.elf (its objects in
# $(BUILD)/avr), any other $(BUILD)/edition/NAME/grundy-box.elf.
FEATURES_ALL := CONSOLE ANALYSIS TYPED_PLAY ODRA TRANSCRIPT LEVELS TEACHING SAVE LAMPS SOUND ATTRACT OPERATOR STATS POLISH STANDBY
# A switch that another needs (features.h refuses the one without the other).
FEATURE_NEEDS_ANALYSIS := CONSOLE
FEATURE_NEEDS_ODRA := CONSOLE
FEATURE_NEEDS_TYPED_PLAY := CONSOLE
FEATURE_NEEDS_STATS := SAVE
FEATURE_NEEDS_POLISH := OPERATOR

# The games a build can leave out: every GAME(ID, ...) of engine/games.def.
# An edition's GAMES_LEFT_OUT names those it leaves out, each passed as
# -DENGINE_LEFT_OUT_<ID>=1 (engine/engine.h says what that does); its ids
# stay those of games.def, which the EEPROM's records keep.
GAMES_ALL := $(shell sed -n 's/^GAME.\([A-Z0-9_]*\),.*/\1/p' engine/games.def)

EDITIONS := pocket $(filter-out pocket,$(basename $(notdir $(wildcard editions/*.mk))))
ifeq ($(filter $(EDITION),$(EDITIONS)),)
$(error EDITION=$(EDITION): there is no editions/$(EDITION).mk (editions: $(EDITIONS)))
endif

# The serial line's rate, a build-time choice as Marlin's BAUDRATE is.
# The default is board/lcd_keypad_shield.h's BOARD_UART_BAUD, 115200;
# 1000000 is the fastest the Uno's USB bridge takes, with no rate error
# (U2X, UBRR 1 at 16 MHz).  A build at another rate has a folder of its
# own, $(BUILD)/baud-RATE/NAME, so its objects never mix with the
# default's: make EDITION=NAME BAUD=RATE builds and plays that one.  The
# simulator reads the rate from the firmware (UBRR0, U2X0), not from here.
BAUD_DEFAULT := $(shell sed -n 's/^\#define BOARD_UART_BAUD \([0-9]*\)UL.*/\1/p' board/lcd_keypad_shield.h)
BAUD ?= $(BAUD_DEFAULT)
ifeq ($(shell echo '$(BAUD)' | grep -x '[1-9][0-9]*'),)
$(error BAUD=$(BAUD): a rate in bits a second, such as 115200 or 1000000)
endif

# Reads editions/$(1).mk into $(1)_FEATURES, $(1)_GAMES_LEFT_OUT,
# $(1)_FLASH, $(1)_ROOM, $(1)_RAM, and $(1)_RX_BUFFER when it chooses the
# serial line's receive buffer (hal/uart.h's UART_RX_BUFFER).
define read_edition
FEATURES :=
GAMES_LEFT_OUT :=
UART_RX_BUFFER :=
FLASH_BUDGET :=
FLASH_ROOM :=
RAM_BUDGET :=
include editions/$(1).mk
$$(if $$(FLASH_BUDGET),,$$(error editions/$(1).mk sets no FLASH_BUDGET))
$$(if $$(FLASH_ROOM),,$$(error editions/$(1).mk sets no FLASH_ROOM))
$$(if $$(RAM_BUDGET),,$$(error editions/$(1).mk sets no RAM_BUDGET))
$$(if $$(filter-out $$(FEATURES_ALL),$$(FEATURES)),$$(error editions/$(1).mk: no such switch: $$(filter-out $$(FEATURES_ALL),$$(FEATURES)) (switches: $$(FEATURES_ALL))))
$$(if $$(filter-out $$(GAMES_ALL),$$(GAMES_LEFT_OUT)),$$(error editions/$(1).mk: no such game: $$(filter-out $$(GAMES_ALL),$$(GAMES_LEFT_OUT)) (games: $$(GAMES_ALL))))
$(1)_FEATURES := $$(FEATURES)
$(1)_GAMES_LEFT_OUT := $$(GAMES_LEFT_OUT)
$(1)_FLASH := $$(FLASH_BUDGET)
$(1)_ROOM := $$(FLASH_ROOM)
$(1)_RAM := $$(RAM_BUDGET)
$(1)_RX_BUFFER := $$(UART_RX_BUFFER)
$(1)_CHOSEN_BY := editions/$(1).mk
$(1)_BAUD := $(BAUD_DEFAULT)
$(1)_DIR := $(if $(filter pocket,$(1)),$(BUILD),$(BUILD)/edition/$(1))
endef
$(foreach edition,$(EDITIONS),$(eval $(call read_edition,$(edition))))

# Every switch of the pocket and the teletype editions is also built turned
# off once, in the first of the two that holds it, with that edition's
# others on (but those that need it), so that code an edition leaves in
# still compiles without it and its cut is measured: $(BUILD)/without/NAME,
# held to the largest flash and RAM budgets of the editions, with no room
# asked.  With the exhibit's own switches, off in both, each switch is
# then built both on and off.
lower = $(shell echo '$(1)' | tr A-Z a-z)
largest = $(lastword $(shell printf '%s\n' $(1) | sort -n))
define without_switch
without-$(3)_GAMES_LEFT_OUT := $($(1)_GAMES_LEFT_OUT)
without-$(3)_FEATURES := $(filter-out $(2) $(foreach f,$(FEATURES_ALL),$(if $(filter $(2),$(FEATURE_NEEDS_$(f))),$(f))),$($(1)_FEATURES))
without-$(3)_FLASH := $(call largest,$(foreach edition,$(EDITIONS),$($(edition)_FLASH)))
without-$(3)_ROOM := 0
without-$(3)_RAM := $(call largest,$(foreach edition,$(EDITIONS),$($(edition)_RAM)))
without-$(3)_RX_BUFFER := $($(1)_RX_BUFFER)
without-$(3)_CHOSEN_BY := Makefile editions/$(1).mk
without-$(3)_BAUD := $(BAUD_DEFAULT)
without-$(3)_DIR := $(BUILD)/without/$(3)
endef
SWITCHES_OFF_IN_pocket := $(pocket_FEATURES)
SWITCHES_OFF_IN_teletype := $(filter-out $(pocket_FEATURES),$(teletype_FEATURES))
SWITCHED_OFF := $(foreach e,pocket teletype,$(foreach f,$(SWITCHES_OFF_IN_$(e)),without-$(call lower,$(f))))
$(foreach e,pocket teletype,$(foreach f,$(SWITCHES_OFF_IN_$(e)),$(eval $(call without_switch,$(e),$(f),$(call lower,$(f))))))

# Edition $(1) for the line's rate $(2): the build $(1)-at-$(2).  make test
# builds the edition with the whole console and the Odra challenge at
# FAST_LINE_BAUD too, and runs the serial line's tests on it.
FAST_LINE_BAUD := 1000000
FAST_LINE_EDITION := teletype
define rate_build
$(1)-at-$(2)_FEATURES := $($(1)_FEATURES)
$(1)-at-$(2)_GAMES_LEFT_OUT := $($(1)_GAMES_LEFT_OUT)
$(1)-at-$(2)_FLASH := $($(1)_FLASH)
$(1)-at-$(2)_ROOM := $($(1)_ROOM)
$(1)-at-$(2)_RAM := $($(1)_RAM)
$(1)-at-$(2)_RX_BUFFER := $($(1)_RX_BUFFER)
$(1)-at-$(2)_CHOSEN_BY := $($(1)_CHOSEN_BY)
$(1)-at-$(2)_BAUD := $(2)
$(1)-at-$(2)_DIR := $(BUILD)/baud-$(2)/$(1)
endef
FAST_LINE := $(FAST_LINE_EDITION)-at-$(FAST_LINE_BAUD)
# The build of EDITION at BAUD that make, play, flash and bench use.
CHOSEN := $(if $(filter $(BAUD_DEFAULT),$(BAUD)),$(EDITION),$(EDITION)-at-$(BAUD))
AT_RATE := $(sort $(FAST_LINE) $(filter-out $(EDITIONS),$(CHOSEN)))
$(foreach build,$(AT_RATE),$(eval $(call rate_build,$(firstword $(subst -at-, ,$(build))),$(lastword $(subst -at-, ,$(build))))))

# -DFEATURE_X=1 or 0 for every switch: on when $(1) names it; the engine's
# texts take POLISH as ENGINE_POLISH (engine/packed_text.h).
feature_flags = $(foreach f,$(FEATURES_ALL),-DFEATURE_$(f)=$(if $(filter $(f),$(1)),1,0)) \
	-DENGINE_POLISH=$(if $(filter POLISH,$(1)),1,0)
# -DENGINE_LEFT_OUT_X=1 for every game $(1) names.
games_flags = $(foreach g,$(1),-DENGINE_LEFT_OUT_$(g)=1)
# The ELF of build $(1) (an edition or a switched-off build).
elf_of = $($(1)_DIR)/grundy-box.elf

# Link the firmware $(1) from the objects $(2), with the linker's flags $(3)
# if any, twice: first as the linker lays it out, then with its functions
# in the order tools/link_order.c chooses from the first link's map and
# disassembly, so that the linker can shorten as many calls as possible
# (each to 2 bytes from 4).  The benchmark's program is linked so too.  The first
# link also prints the linker's own script (--verbose), which the order goes
# into.  The files of the first link stay beside the ELF, named $(1).first*,
# with the script ($(1).ld) and the map of the second ($(1).map):
# tests/scripts/link_order.sh checks the order's claim against them.
# The first link is only read, never flashed, and its calls are not yet
# shortened: it is given room past the chip's 32 KB (FIRST_LINK_ROOM), so
# that firmware whose ordered link fits is not refused for the unordered
# one; the second link has the chip's own limit, and make size the budget.
FIRST_LINK_ROOM := -Wl,--defsym=__TEXT_REGION_LENGTH__=65536
define link_in_order
$(AVR_CC) $(AVR_LDFLAGS) $(3) $(FIRST_LINK_ROOM) -ffunction-sections -Wl,--verbose,-Map=$(1).first.map -o $(1).first $(2) >$(1).first.log
$(Q)sed -n '/^=====/,/^=====/{/^=====/!p}' $(1).first.log >$(1).first.script
$(Q)$(AVR_OBJDUMP) -d $(1).first >$(1).first.lst
$(Q)$(LINK_ORDER) $(1).first.map $(1).first.lst $(1).first.script >$(1).ld
$(Q)$(AVR_CC) $(AVR_LDFLAGS) $(3) -ffunction-sections -Wl,-T,$(1).ld,-Map=$(1).map -o $(1) $(2)
endef

# The rules of one firmware build $(1): its objects, compiled with its
# switches (and again when the file that chose them changes), its ELF and hex.
define firmware_build
$(1)_OBJ := $(patsubst %.c,$($(1)_DIR)/avr/%.o,$(FIRMWARE_SRC) $(HAL_SRC) $(ENGINE_SRC) $(GEN_C))

$($(1)_DIR)/avr/%.o: %.c $($(1)_CHOSEN_BY) | $(DEPS_STAMP)
	@echo "  AVR-CC  $$<$(if $(filter pocket,$(1)),,  [$(1)])"
	$$(Q)mkdir -p $$(@D)
	$$(Q)$$(AVR_CC) $$(AVR_CFLAGS) $(call feature_flags,$($(1)_FEATURES)) $(call games_flags,$($(1)_GAMES_LEFT_OUT)) \
		-DBOARD_UART_BAUD=$($(1)_BAUD)UL $(if $($(1)_RX_BUFFER),-DUART_RX_BUFFER=$($(1)_RX_BUFFER)u) \
		$$(DEPFLAGS) -c -o $$@ $$<

$(patsubst %.c,$($(1)_DIR)/avr/%.o,$(ENGINE_SRC) $(FIRMWARE_SRC)): $(GEN_HEADERS)

$(call elf_of,$(1)): $$($(1)_OBJ) $(LINK_ORDER)
	@echo "  AVR-LD  $$@"
	$$(Q)$$(call link_in_order,$$@,$$($(1)_OBJ))

$($(1)_DIR)/grundy-box.hex: $(call elf_of,$(1))
	$$(Q)$$(AVR_OBJCOPY) -O ihex -j .text -j .data $$< $$@
endef
$(foreach build,$(EDITIONS) $(SWITCHED_OFF) $(AT_RATE),$(eval $(call firmware_build,$(build))))

# The firmware of EDITION at BAUD, which make, play, flash and bench use.
ELF := $(call elf_of,$(CHOSEN))
HEX := $($(CHOSEN)_DIR)/grundy-box.hex

firmware: $(ELF) $(HEX)
EDITION_ELFS := $(foreach edition,$(EDITIONS),$(call elf_of,$(edition)))
SWITCHED_OFF_ELFS := $(foreach build,$(SWITCHED_OFF),$(call elf_of,$(build)))

# One line per edition: flash and static RAM (avr-size -C) against its
# budgets, and the flash left free against its room.
size_check = tools/check-size $(call elf_of,$(1)) $($(1)_FLASH) $($(1)_ROOM) $($(1)_RAM) $(1)

size: $(EDITION_ELFS)
	$(Q)status=0; $(foreach edition,$(EDITIONS),$(call size_check,$(edition)) || status=1;) exit $$status

# The largest symbols of each source file of EDITION's firmware, with their
# flash and RAM (tools/symbols says how LTO's symbols find their files).
SYMBOLS_TOP ?= 8
symbols: $(ELF)
	$(Q)tools/symbols $(ELF) $(SYMBOLS_TOP) $($(EDITION)_OBJ)

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

# The levels' test plays the games of the levels' measure (make bench).
$(BUILD)/tests/unit/test_levels: $(call host_obj,tools/bench/levels.c)

# The packer's own test links the packer's reader and coder.
$(BUILD)/tests/unit/test_textpack: $(call host_obj,tools/textpack/read.c tools/textpack/huffman.c)

# Tests of the simulator's own parts (the LCD model, the PNG writer).
$(BUILD)/tests/sim/%: $(BUILD)/host/tests/sim/%.o $(SIM_LIB_OBJ)
	@echo "  LD      $@"
	$(Q)mkdir -p $(@D)
	$(Q)$(HOST_CC) $(HOST_LDFLAGS) -o $@ $^ $(SIM_LDLIBS) $(CMOCKA_LDLIBS)

# Every edition is built and tested, as LUFA builds every configuration:
# each edition its size check and the end-to-end tests that apply to it,
# against its own ELF.  Each switch turned off once is built and
# size-checked, and the teletype without the Odra challenge is tested for
# how it says so (test_without_odra).
# An end-to-end test needs the pocket edition's switches, unless
# E2E_NEEDS_<test> names the ones it needs, and E2E_LACKS_<test> those it
# needs left out; an edition runs those whose switches it has and lacks.
# Hints and the reason why with the buttons, and slips in the transcript.
E2E_NEEDS_test_teaching := TRANSCRIPT TEACHING
# `hint` and `why` at the console: no edition has both switches.
E2E_NEEDS_test_teaching_console := CONSOLE TYPED_PLAY TRANSCRIPT TEACHING
# A console that plays no games and analyses no position says so; its
# Odra challenge answers in an edition that has it, and is an unknown
# command in one that has not.
E2E_NEEDS_test_console_without_games := CONSOLE
E2E_LACKS_test_console_without_games := ANALYSIS TYPED_PLAY
# The console's analysis lines against the host's, games typed, the Odra
# challenge, bad input; flow control under a stream of analyses.
E2E_NEEDS_test_console := CONSOLE ANALYSIS TYPED_PLAY ODRA TRANSCRIPT
E2E_NEEDS_test_flow_control := CONSOLE ANALYSIS TYPED_PLAY ODRA
E2E_NEEDS_test_odra := CONSOLE TYPED_PLAY ODRA
# The hangs the watchdog must end: the settings come back as the EEPROM
# kept them, or as the defaults in an edition that keeps none.
E2E_NEEDS_test_watchdog :=
# The stack's depth: the games with the buttons in every edition, and
# what the edition's console and teaching add.
E2E_NEEDS_test_stack :=
# The power cuts need the saved settings alone; with the statistics the
# settings kept are the few bytes before the set-up (firmware/store.h), cut
# in the host's test_firmware_store, and test_stats cuts the statistics'
# writes.
E2E_NEEDS_test_power_cut := SAVE
E2E_LACKS_test_power_cut := STATS
# Played with the buttons, the machine's moves read from the transcript.
E2E_NEEDS_test_buttons := TRANSCRIPT
E2E_NEEDS_test_marienbad := TRANSCRIPT
E2E_NEEDS_test_nim := TRANSCRIPT
E2E_NEEDS_test_games_boards := TRANSCRIPT
E2E_NEEDS_test_games_lines := TRANSCRIPT
E2E_NEEDS_test_games_numbers := TRANSCRIPT
# The lamps are read from their shift registers' pins.
E2E_NEEDS_test_lamps := LAMPS TRANSCRIPT
# Attract mode, its transcript's line and its silence.
E2E_NEEDS_test_attract := ATTRACT TRANSCRIPT SOUND SAVE
E2E_SWITCH_TESTS := $(BUILD)/tests/e2e/test_without_odra
E2E_EDITION_TESTS := $(filter-out $(E2E_SWITCH_TESTS),$(E2E_TESTS))
# The levels set in the menu and with `level N`, the machine's moves read
# from the transcript (and in games begun at the console, with TYPED_PLAY).
E2E_NEEDS_test_levels := CONSOLE TRANSCRIPT LEVELS
# The buzzer's tones, in games whose machine moves come from the transcript.
E2E_NEEDS_test_sound := SOUND TRANSCRIPT
# A day at the museum: the exhibit's edition (its lamps and buzzer on), its
# settings saved through power cuts, its games counted from the transcript.
E2E_NEEDS_test_soak := SAVE TRANSCRIPT LAMPS SOUND STATS CONSOLE
# The operator menu's locks, attract mode's idle times and the sound
# switch, kept in the EEPROM.
E2E_NEEDS_test_operator := OPERATOR LEVELS ATTRACT SOUND SAVE STATS CONSOLE
E2E_NEEDS_test_polish := POLISH OPERATOR SAVE TRANSCRIPT
# Sleep at the menu: every edition waits there, and the console's polling
# is part of what it weighs.
E2E_NEEDS_test_sleep := CONSOLE
# The pocket on batteries: the backlight, standby and their idle times,
# kept in the EEPROM, games read from the transcript.
E2E_NEEDS_test_standby := STANDBY SAVE TRANSCRIPT
# The statistics, read with `stats`, of games played with the buttons and
# followed in the transcript; power cuts while they are written.
E2E_NEEDS_test_stats := STATS CONSOLE TRANSCRIPT TEACHING
e2e_needs = $(if $(filter undefined,$(origin E2E_NEEDS_$(notdir $(1)))),$(pocket_FEATURES),$(E2E_NEEDS_$(notdir $(1))))
e2e_applies = $(if $(filter-out $($(2)_FEATURES),$(call e2e_needs,$(1)))$(filter $(E2E_LACKS_$(notdir $(1))),$($(2)_FEATURES)),,$(1))
e2e_tests_of = $(foreach test,$(E2E_EDITION_TESTS),$(call e2e_applies,$(test),$(1)))
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
# console's replies and the transcript.
FAST_LINE_TESTS := $(addprefix $(BUILD)/tests/e2e/,test_odra test_flow_control test_console test_nim)

test: $(EDITION_ELFS) $(SWITCHED_OFF_ELFS) $(call elf_of,$(FAST_LINE)) $(SIM) $(CLI) $(UNIT_TESTS) $(SIM_TESTS) $(E2E_TESTS)
	$(Q)GRUNDY_BOX_GAMES_LEFT_OUT='$(call games_left_out_of,pocket)' GRUNDY_BOX_FEATURES='$(call features_of,pocket)' \
		tests/run-all $(BUILD) $(foreach build,$(EDITIONS) $(SWITCHED_OFF),$(call run_all_size,$(build))) \
		$(UNIT_TESTS) $(SIM_TESTS) $(call e2e_tests_of,pocket) \
		$(foreach edition,$(filter-out pocket,$(EDITIONS)),$(call run_all_elf,$(edition)) $(call e2e_tests_of,$(edition))) \
		$(call run_all_elf,without-odra) $(E2E_SWITCH_TESTS) \
		$(call run_all_size,$(FAST_LINE)) $(call run_all_elf,$(FAST_LINE)) $(FAST_LINE_TESTS)

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
$(BENCH_ELF): $(BENCH_AVR_OBJ) $(ENGINE_AVR_OBJ) $(LINK_ORDER)
	@echo "  AVR-LD  $@"
	$(Q)mkdir -p $(@D)
	$(Q)$(call link_in_order,$@,$(BENCH_AVR_OBJ) $(ENGINE_AVR_OBJ),-Wl$(comma)--defsym=__TEXT_REGION_LENGTH__=64K)

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
# that goes on the chip, gets 8,000 rows over its UART as one file at the
# line's full rate, the teletype's at the default rate and the fast line's
# (FAST_LINE), whatever EDITION is: it is the teletype's challenge (the
# exhibit's is the same code).  The time from the first byte, cycles per
# row, where they went (the costliest functions) and bytes lost are
# appended to $(BENCH_TXT).
ODRA_RUN := $(BUILD)/bench/odra_run
ODRA_ELF := $(call elf_of,teletype)

$(ODRA_RUN): $(call host_obj,tools/bench/odra_run.c tests/e2e/odra_challenge.c) $(SIM_LIB_OBJ)
	@echo "  LD      $@"
	$(Q)mkdir -p $(@D)
	$(Q)$(HOST_CC) $(HOST_LDFLAGS) -o $@ $^ $(SIM_LDLIBS)

# make test builds it too: it shares tests/e2e/odra_challenge.c with
# test_odra, and a change there must not break it unseen.
test: $(ODRA_RUN)

# The slowest answers as a person sees them (tools/bench/console_run.c):
# each game's slowest console line and machine move, searched for on the
# firmware in simavr, against the goal of 250 ms; the table is appended to
# $(BENCH_TXT) and written into the README's "Measured".  make test times
# the hardest ones found (tests/scripts/console_times.sh).
CONSOLE_RUN := $(BUILD)/bench/console_run

$(CONSOLE_RUN): $(call host_obj,tools/bench/console_run.c tools/bench/console_time.c) $(SIM_LIB_OBJ) \
		$(ENGINE_HOST_OBJ)
	@echo "  LD      $@"
	$(Q)mkdir -p $(@D)
	$(Q)$(HOST_CC) $(HOST_LDFLAGS) -o $@ $^ $(SIM_LDLIBS)

test: $(CONSOLE_RUN)

# The stack's high-water mark (tests/e2e/test_stack.c): the firmware in the
# simulator, its free RAM painted, driven through its heaviest paths; the
# line "stack high-water N bytes (STEP); static RAM M; free F of 2048" is
# appended to $(BENCH_TXT).  make test runs the same test, which fails when
# static RAM and the stack leave less than its margin free.
STACK_TEST := $(BUILD)/tests/e2e/test_stack

# The machine's levels of play (tools/bench/levels.c): a perfect and a
# random person play LEVELS_GAMES games from every game's start against
# each level, on the host with the engine's own level code; the table of
# their win rates is appended to $(BENCH_TXT).
LEVELS_RUN := $(BUILD)/bench/levels_run

$(LEVELS_RUN): $(call host_obj,tools/bench/levels_run.c tools/bench/levels.c) $(ENGINE_HOST_OBJ)
	@echo "  LD      $@"
	$(Q)mkdir -p $(@D)
	$(Q)$(HOST_CC) $(HOST_LDFLAGS) -o $@ $^

# The pocket on batteries (tools/bench/battery_run.c): the pocket edition
# left at the menu, in a game and in standby in the simulator, the time
# asleep in each sleep mode, and from the datasheet's currents and the
# shield's the average current and a 2,000 mAh battery's days, appended to
# $(BENCH_TXT).
BATTERY_RUN := $(BUILD)/bench/battery_run

$(BATTERY_RUN): $(call host_obj,tools/bench/battery_run.c) $(SIM_LIB_OBJ)
	@echo "  LD      $@"
	$(Q)mkdir -p $(@D)
	$(Q)$(HOST_CC) $(HOST_LDFLAGS) -o $@ $^ $(SIM_LDLIBS)

# make test builds it too, so that it keeps building.
test: $(BATTERY_RUN)

bench: $(BENCH_ELF) $(BENCH_RUN) $(ELF) $(ODRA_ELF) $(call elf_of,$(FAST_LINE)) $(ODRA_RUN) $(STACK_TEST) $(LEVELS_RUN) $(CONSOLE_RUN)
	$(Q)$(BENCH_RUN) --cap $(BENCH_CAP) --out $(BENCH_TXT) --positions $(BUILD)/bench/positions.txt \
		--cflags "$(AVR_CFLAGS)" --mcu $(MCU) --f-cpu $(F_CPU) \
		$(BENCH_ELF) $(call avr_obj,$(BUILD)/gen/engine_tables.c) $(call avr_obj,$(ENGINE_SRC))
	$(Q)for elf in $(ODRA_ELF) $(call elf_of,$(FAST_LINE)); do $(ODRA_RUN) --profile 8 --out $(BENCH_TXT) $$elf || exit; done
	$(Q)out=$$(GRUNDY_BOX_ELF=$(ELF) GRUNDY_BOX_GAMES_LEFT_OUT='$(call games_left_out_of,$(EDITION))' \
		GRUNDY_BOX_FEATURES='$(call features_of,$(EDITION))' CMOCKA_MESSAGE_OUTPUT=TAP $(STACK_TEST) 2>&1); status=$$?; \
		printf '%s\n' "$$out" | sed -n 's/^# \(stack high-water .*\)/\1/p' | tee -a $(BENCH_TXT); \
		[ $$status -eq 0 ] || { printf '%s\n' "$$out" >&2; exit $$status; }
	$(Q)out=$$($(LEVELS_RUN)); status=$$?; printf '%s\n' "$$out" | tee -a $(BENCH_TXT); exit $$status
	$(Q)$(CONSOLE_RUN) --out $(BENCH_TXT) --readme README.md --positions $(BUILD)/bench/positions.txt $(ODRA_ELF)

# A step of its own, after the others: the pocket's battery life.
bench: bench-battery
.PHONY: bench-battery
bench-battery: $(BATTERY_RUN) $(call elf_of,pocket)
	$(Q)$(BATTERY_RUN) --out $(BENCH_TXT) $(call elf_of,pocket)

# ---- the firmware's logic on the host ---------------------------------------------------------

# Every firmware/ file but main.c (the chip's start-up) builds for the host
# too, against a fake HAL (tests/fake_hal/: an LCD that keeps its text, keys
# a test presses, a UART with input and captured output, a settable clock),
# with ASan and UBSan as every host test.  Unit tests of the firmware,
# tests/unit/test_firmware_*.c, link it whole; so does the console's fuzzer.
FIRMWARE_HOST_SRC := $(filter-out firmware/main.c,$(FIRMWARE_SRC))
FAKE_HAL_SRC := $(wildcard tests/fake_hal/*.c)
FIRMWARE_HOST_OBJ := $(call host_obj,$(FIRMWARE_HOST_SRC) $(FAKE_HAL_SRC))

$(call host_obj,$(FIRMWARE_HOST_SRC)): $(GEN_HEADERS)

$(BUILD)/tests/unit/test_firmware_%: $(call host_obj,tests/unit/test_firmware_%.c) $(FIRMWARE_HOST_OBJ) $(ENGINE_HOST_OBJ)
	@echo "  LD      $@"
	$(Q)mkdir -p $(@D)
	$(Q)$(HOST_CC) $(HOST_LDFLAGS) -o $@ $^ $(CMOCKA_LDLIBS)

# The store, the settings (whose check of the operator's saved game the
# store asks) and the console as an edition that leaves out Kubo and
# Nineteen builds them, linked with the rest of the host's firmware: saved settings
# naming a game left out load as the defaults, and the console knows no
# such game (test_firmware_games_left_out).
GAMES_LEFT_OUT_HOST_SRC := firmware/store.c firmware/settings.c firmware/console.c
GAMES_LEFT_OUT_HOST_OBJ := $(patsubst %.c,$(BUILD)/host/games_left_out/%.o,$(GAMES_LEFT_OUT_HOST_SRC))
$(GAMES_LEFT_OUT_HOST_OBJ): $(BUILD)/host/games_left_out/%.o: %.c $(GEN_HEADERS) | $(DEPS_STAMP)
	@echo "  CC      $<  [Kubo and Nineteen left out]"
	$(Q)mkdir -p $(@D)
	$(Q)$(HOST_CC) $(HOST_CFLAGS) $(call games_flags,KUBO NINETEEN) $(DEPFLAGS) -c -o $@ $<

$(BUILD)/tests/unit/test_firmware_games_left_out: $(call host_obj,tests/unit/test_firmware_games_left_out.c) \
		$(filter-out $(call host_obj,$(GAMES_LEFT_OUT_HOST_SRC)),$(FIRMWARE_HOST_OBJ)) $(GAMES_LEFT_OUT_HOST_OBJ) \
		$(ENGINE_HOST_OBJ)
	@echo "  LD      $@"
	$(Q)mkdir -p $(@D)
	$(Q)$(HOST_CC) $(HOST_LDFLAGS) -o $@ $^ $(CMOCKA_LDLIBS)

# Standby (FEATURE_STANDBY), which attract mode excludes, is left out of
# the host's all-features build: test_firmware_standby and the firmware it
# links are built as a handheld, every feature but the exhibit's attract
# mode and statistics (whose share of the EEPROM leaves no room for the
# idle times in the settings' records).
HANDHELD_HOST_SRC := $(FIRMWARE_HOST_SRC) $(FAKE_HAL_SRC) tests/unit/test_firmware_standby.c
HANDHELD_HOST_OBJ := $(patsubst %.c,$(BUILD)/host/handheld/%.o,$(HANDHELD_HOST_SRC))
$(HANDHELD_HOST_OBJ): $(BUILD)/host/handheld/%.o: %.c $(GEN_HEADERS) | $(DEPS_STAMP)
	@echo "  CC      $<  [handheld]"
	$(Q)mkdir -p $(@D)
	$(Q)$(HOST_CC) $(HOST_CFLAGS) -DFEATURE_ATTRACT=0 -DFEATURE_STATS=0 $(DEPFLAGS) -c -o $@ $<

$(BUILD)/tests/unit/test_firmware_standby: $(HANDHELD_HOST_OBJ) $(ENGINE_HOST_OBJ)
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
FUZZ_OBJ := $(patsubst %.c,$(BUILD)/fuzz/%.o,$(FUZZ_SRC) $(GEN_C))
FUZZ_SANITIZE := -fsanitize=address,undefined -fno-sanitize-recover=all -fno-omit-frame-pointer
FUZZ_CFLAGS := -std=gnu11 -O1 -g -fsanitize=fuzzer-no-link $(FUZZ_SANITIZE) $(WARNINGS) $(INCLUDES)

$(BUILD)/fuzz/%.o: %.c $(GEN_HEADERS) | $(DEPS_STAMP)
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

include mk/web.mk

# ---- housekeeping ------------------------------------------------------------------------

clean:
	rm -rf $(BUILD)

-include $(shell find $(BUILD) -name '*.d' 2>/dev/null)
