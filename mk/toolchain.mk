# ---- the toolchain: compilers, flags, the compile rule, Debian packages ------
#
# Every C file is compiled by one rule pattern, compile_rule below; the
# other parts of the build (mk/*.mk) say only which objects, from which
# sources, with which compiler and flags.

ifeq ($(V),1)
Q :=
else
Q := @
endif

# A comma, for a make function's argument that holds one, and a space.
comma := ,
space := $(subst ,, )

MCU := atmega328p
F_CPU := 16000000UL

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
# flash or .data would load from the wrong place (see docs/simulator.md).
AVR_LDFLAGS := -mmcu=$(MCU) $(AVR_SIZE_FLAGS) -Wl,--gc-sections \
	-Wl,--undefined=_mmcu,--section-start=.mmcu=0x910000

SANITIZE := -fsanitize=address,undefined -fno-sanitize-recover=all -fno-omit-frame-pointer
HOST_CFLAGS := -std=gnu11 -O1 -g $(SANITIZE) $(WARNINGS) $(INCLUDES)
HOST_LDFLAGS := $(SANITIZE)
# simavr's headers trip -Wundef: include them as system headers (-isystem).
# SIM_PKG_CFLAGS and SIM_PKG_LIBS come from $(SIM_FLAGS_MK) (below), so
# these two are expanded when used, not here.
SIM_CFLAGS = $(HOST_CFLAGS) $(patsubst -I%,-isystem %,$(SIM_PKG_CFLAGS))
SIM_LDLIBS = $(SIM_PKG_LIBS) -lsimavr -lelf
CMOCKA_LDLIBS := -lcmocka

DEPFLAGS = -MMD -MP

# Where the objects of a source go: for the AVR and for the host.
avr_obj = $(patsubst %.c,$(BUILD)/avr/%.o,$(1))
host_obj = $(patsubst %.c,$(BUILD)/host/%.o,$(1))

# The compile rule: objects $(1) (a pattern, or a static pattern's
# "targets: pattern") from $(2) (the source first, then what else they
# wait for), by the command $(3) (a compiler and its flags, with $$ for
# what is expanded when the rule runs), the line printed naming $(4)
# (CC, AVR-CC or FUZZ-CC) and the source, then $(5) (the build's name).
# Every object waits for the Debian packages (order-only, so installing
# them does not force a rebuild).
compile_label_CC := $(subst _, ,CC______)
compile_label_AVR-CC := $(subst _, ,AVR-CC__)
compile_label_FUZZ-CC := $(subst _, ,FUZZ-CC_)
define compile_rule
$(1): $(2) | $$(DEPS_STAMP)
	@echo "  $(compile_label_$(4))$$<$(5)"
	$$(Q)mkdir -p $$(@D)
	$$(Q)$(3) $$(DEPFLAGS) -c -o $$@ $$<
endef

# ---- set-up: the Debian packages ----------------------------------------------

# Installs the Debian packages the build needs, once per build folder.
DEPS_STAMP := $(BUILD)/.deps-installed
deps: $(DEPS_STAMP)
$(DEPS_STAMP): tools/install-deps
	$(Q)tools/install-deps
	$(Q)mkdir -p $(@D) && touch $@

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
