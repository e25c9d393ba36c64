# ---- firmware: editions, feature switches, rate builds, the link -----------------

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
FAST_LINE_LEAVES_OUT :=
FAST_LINE_RX_BUFFER :=
FAST_LINE_RAM_BUDGET :=
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
$(1)_FAST_LEAVES_OUT := $$(FAST_LINE_LEAVES_OUT)
$(1)_FAST_RX_BUFFER := $$(FAST_LINE_RX_BUFFER)
$(1)_FAST_RAM := $$(FAST_LINE_RAM_BUDGET)
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
# builds the edition with the console and the Odra challenge at
# FAST_LINE_BAUD too, and runs the serial line's tests on it.  On a line
# from FAST_LINE_FROM baud (hal/uart.h's UART_FAST) the edition's
# FAST_LINE_LEAVES_OUT, FAST_LINE_RX_BUFFER and FAST_LINE_RAM_BUDGET apply
# (editions/NAME.mk).
FAST_LINE_BAUD := 1000000
FAST_LINE_FROM := 250000
FAST_LINE_EDITION := teletype
is_fast_line = $(shell [ $(1) -ge $(FAST_LINE_FROM) ] && echo yes)
define rate_build
$(1)-at-$(2)_FEATURES := $(if $(call is_fast_line,$(2)),$(filter-out $($(1)_FAST_LEAVES_OUT),$($(1)_FEATURES)),$($(1)_FEATURES))
$(1)-at-$(2)_GAMES_LEFT_OUT := $($(1)_GAMES_LEFT_OUT)
$(1)-at-$(2)_FLASH := $($(1)_FLASH)
$(1)-at-$(2)_ROOM := $($(1)_ROOM)
$(1)-at-$(2)_RAM := $(or $(if $(call is_fast_line,$(2)),$($(1)_FAST_RAM)),$($(1)_RAM))
$(1)-at-$(2)_RX_BUFFER := $(or $(if $(call is_fast_line,$(2)),$($(1)_FAST_RX_BUFFER)),$($(1)_RX_BUFFER))
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

# The compiler's flags of firmware build $(1): its switches, the games it
# leaves out, its line's rate and its receive buffer if it chooses one.
firmware_flags = $(call feature_flags,$($(1)_FEATURES)) $(call games_flags,$($(1)_GAMES_LEFT_OUT)) \
	-DBOARD_UART_BAUD=$($(1)_BAUD)UL $(if $($(1)_RX_BUFFER),-DUART_RX_BUFFER=$($(1)_RX_BUFFER)u) \
	$(if $(call has_polish,$(1)),,-iquote $(BUILD)/gen/english)

# A build without Polish links the English packed tables (mk/gen.mk), and
# its "packed_tables.h" is theirs (-iquote comes before -I).
has_polish = $(filter POLISH,$($(1)_FEATURES))
packed_tables_of = $(if $(call has_polish,$(1)),$(PACKED_TABLES),$(PACKED_ENGLISH_TABLES))

# The rules of one firmware build $(1): its objects, compiled with its
# switches (and again when the file that chose them changes), its ELF and hex.
define firmware_build
$(1)_OBJ := $(patsubst %.c,$($(1)_DIR)/avr/%.o,$(FIRMWARE_SRC) $(HAL_SRC) $(ENGINE_SRC) \
	$(filter %.c,$(GEN_TABLES) $(call packed_tables_of,$(1))))

$(call compile_rule,$($(1)_DIR)/avr/%.o,%.c $($(1)_CHOSEN_BY),$$(AVR_CC) $$(AVR_CFLAGS) $(call firmware_flags,$(1)),AVR-CC,$(if $(filter pocket,$(1)),,  [$(1)]))

$(patsubst %.c,$($(1)_DIR)/avr/%.o,$(ENGINE_SRC) $(FIRMWARE_SRC)): $(GEN_HEADERS) $(filter %.h,$(call packed_tables_of,$(1)))

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

# The lines are written into docs/measured.md too (tools/write-measured).
MEASURED := docs/measured.md

size: $(EDITION_ELFS)
	$(Q)out=$$(status=0; $(foreach edition,$(EDITIONS),$(call size_check,$(edition)) || status=1;) exit $$status); \
		status=$$?; printf '%s\n' "$$out"; printf '%s\n' "$$out" | tools/write-measured $(MEASURED) size; exit $$status

# The largest symbols of each source file of EDITION's firmware, with their
# flash and RAM (tools/symbols says how LTO's symbols find their files).
SYMBOLS_TOP ?= 8
symbols: $(ELF)
	$(Q)tools/symbols $(ELF) $(SYMBOLS_TOP) $($(EDITION)_OBJ)

# make flash PORT=/dev/ttyUSB0: the board's serial port, and the rate of
# its bootloader.
PORT ?= /dev/ttyACM0
UPLOAD_BAUD ?= 115200
flash: $(HEX)
	avrdude -p m328p -c arduino -P $(PORT) -b $(UPLOAD_BAUD) -U flash:w:$(HEX):i

