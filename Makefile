# Grundy Box: firmware for an ATmega328P that plays impartial games perfectly,
# the simulator that runs it, host tools and tests.
#
#   make            build everything (installs missing Debian packages first)
#   make play       run the firmware in the simulator, interactively
#   make test       every check of every edition; the last line is "N passed, N failed"
#   make print-tests  what make test runs, one item a line (which test on which firmware)
#   make size       flash and static RAM of every edition, against its budgets
#   make symbols    the largest symbols of each source file, flash and RAM
#   make flash      write the firmware to an Arduino Uno: make flash PORT=/dev/ttyUSB0
#   make bench      cycle counts of the machine's move in every game, the stack's depth,
#                   the person's win rates against each level of play, every game's
#                   slowest console answer and machine move (into docs/measured.md)
#   make fuzz       the serial console under libFuzzer for FUZZ_SECONDS (600)
#   make format     reformat the C files as .clang-format says (make test checks it)
#   make cppcheck   cppcheck over engine/, firmware/ and hal/ (make test runs it)
#   make web        the web page (mk/web.mk)
#   make fresh      make play and make test at their first run on a new Debian (root)
#   make clean      remove the build folder
#
# Everything is built out of tree, in $(BUILD).  V=1 shows the commands.
# EDITION=NAME (editions/NAME.mk; pocket by default) chooses the firmware
# that make, make play, make flash and make bench build; BAUD=RATE its
# serial line's rate (115200 by default; 1000000 the fastest, see
# mk/firmware.mk).
#
# The parts, each about one job, in the order they are read (each part uses
# what the parts before it define):
#   mk/toolchain.mk  compilers, flags, the one compile rule, the Debian packages
#   mk/sources.mk    the source folders, the generated files, the programs' names
#   mk/gen.mk        the engine's tables and the packed texts
#   mk/firmware.mk   editions, feature switches, rate builds, the link; size, symbols, flash
#   mk/host.mk       host objects, the grundy tool, the firmware's logic on the host
#   mk/sim.mk        the simulator; make play
#   mk/bench.mk      make bench
#   mk/fuzz.mk       make fuzz
#   mk/web.mk        make web, make web-serve
#   mk/style.mk      make format, make cppcheck (their checks run in make test)
#   mk/tests.mk      the test programs, which end-to-end test runs on which
#                    firmware, and make test, assembled there alone

BUILD ?= build
EDITION ?= pocket

.PHONY: all firmware play test print-tests size symbols flash bench fuzz deps clean fresh
# Objects made through chained pattern rules are intermediate to make, which
# deletes them when it finishes: that printed an `rm` line after the test
# summary, and the next build compiled them again.  Keep every target.
.SECONDARY:
.DEFAULT_GOAL := all

include mk/toolchain.mk
include mk/sources.mk
include mk/gen.mk
include mk/firmware.mk
include mk/host.mk
include mk/sim.mk
include mk/bench.mk
include mk/fuzz.mk
include mk/web.mk
include mk/style.mk
include mk/tests.mk

all: firmware $(SIM) $(CLI)

clean:
	rm -rf $(BUILD)

-include $(shell find $(BUILD) -name '*.d' 2>/dev/null)
