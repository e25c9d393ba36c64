# ---- the benchmark: make bench ------------------------------------------------

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
# The baseline's files in the order tools/bench/baseline_solvers.h gives
# (it says why).
BENCH_AVR_OBJ := $(call avr_obj,$(addprefix tools/bench/,bench_avr.c baseline_work.c baseline_heaps.c \
	baseline_parts.c baseline_tuples.c baseline_whole.c baseline_boards.c baseline.c))

# Linked with room for 64 KB of code: the engine and the baseline together
# may outgrow the chip's 32 KB (the runner then gives simavr's ATmega328P
# more flash, which changes no cycle count, and says so in the table).
$(BENCH_ELF): $(BENCH_AVR_OBJ) $(ENGINE_AVR_OBJ) $(LINK_ORDER)
	@echo "  AVR-LD  $@"
	$(Q)mkdir -p $(@D)
	$(Q)$(call link_in_order,$@,$(BENCH_AVR_OBJ) $(ENGINE_AVR_OBJ),-Wl$(comma)--defsym=__TEXT_REGION_LENGTH__=64K)

BENCH_RUN_SRC := $(addprefix tools/bench/,bench_run.c bench_positions.c bench_slowest.c bench_check.c \
	bench_flash_tables.c bench_report.c bench_session.c common.c)

$(BENCH_RUN): $(call host_obj,$(BENCH_RUN_SRC)) $(ENGINE_HOST_OBJ)
	@echo "  LD      $@"
	$(Q)mkdir -p $(@D)
	$(Q)$(HOST_CC) $(HOST_LDFLAGS) -o $@ $^ $(SIM_LDLIBS)

# The numbers slowest to factor (tools/bench/factor_run.c): the Prime-power
# game's parse timed on the AVR for the numbers that try the most trial
# divisors; the slowest go to $(FACTORS_SLOWEST), which console_run times
# over the serial line.
FACTOR_RUN := $(BUILD)/bench/factor_run
FACTORS_SLOWEST := $(BUILD)/bench/factors_slowest.txt

$(FACTOR_RUN): $(call host_obj,tools/bench/factor_run.c tools/bench/bench_session.c tools/bench/common.c) $(ENGINE_HOST_OBJ)
	@echo "  LD      $@"
	$(Q)mkdir -p $(@D)
	$(Q)$(HOST_CC) $(HOST_LDFLAGS) -o $@ $^ $(SIM_LDLIBS)

# The Odra challenge (tools/bench/odra_run.c): the firmware itself, the ELF
# that goes on the chip, gets 8,000 rows over its UART as one file at the
# line's full rate, the teletype's at the default rate and the fast line's
# (FAST_LINE), whatever EDITION is: it is the teletype's challenge (the
# exhibit's is the same code).  The time from the first byte, cycles per
# row, where they went (the costliest functions) and bytes lost are
# appended to $(BENCH_TXT).
ODRA_RUN := $(BUILD)/bench/odra_run
ODRA_ELF := $(call elf_of,teletype)

$(ODRA_RUN): $(call host_obj,tools/bench/odra_run.c tests/e2e/odra_challenge.c tools/bench/common.c) $(SIM_LIB_OBJ)
	@echo "  LD      $@"
	$(Q)mkdir -p $(@D)
	$(Q)$(HOST_CC) $(HOST_LDFLAGS) -o $@ $^ $(SIM_LDLIBS)

# The slowest answers as a person sees them (tools/bench/console_run.c):
# each game's slowest console line and machine move, searched for on the
# firmware in simavr, against the goal of 250 ms; the table is appended to
# $(BENCH_TXT) and written into docs/measured.md.  make test times
# the hardest ones found (tests/scripts/console_times.sh).
CONSOLE_RUN := $(BUILD)/bench/console_run

$(CONSOLE_RUN): $(call host_obj,tools/bench/console_run.c tools/bench/console_positions.c tools/bench/console_time.c \
		tools/bench/common.c) $(SIM_LIB_OBJ) $(ENGINE_HOST_OBJ)
	@echo "  LD      $@"
	$(Q)mkdir -p $(@D)
	$(Q)$(HOST_CC) $(HOST_LDFLAGS) -o $@ $^ $(SIM_LDLIBS)

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

$(BATTERY_RUN): $(call host_obj,tools/bench/battery_run.c tools/bench/common.c) $(SIM_LIB_OBJ)
	@echo "  LD      $@"
	$(Q)mkdir -p $(@D)
	$(Q)$(HOST_CC) $(HOST_LDFLAGS) -o $@ $^ $(SIM_LDLIBS)

# Each step's lines go to $(BENCH_TXT) and into their section of
# $(MEASURED) (tools/write-measured; console_run writes its own).
# $(call measure,SECTION,COMMAND): COMMAND's output, shown, appended and written.
measure = out=$$($(2)); status=$$?; printf '%s\n' "$$out" | tee -a $(BENCH_TXT); \
	printf '%s\n' "$$out" | tools/write-measured $(MEASURED) $(1); exit $$status

bench: $(BENCH_ELF) $(BENCH_RUN) $(EDITION_ELFS) $(ODRA_ELF) $(call elf_of,$(FAST_LINE)) $(ODRA_RUN) $(STACK_TEST) $(LEVELS_RUN) \
		$(BATTERY_RUN) $(CONSOLE_RUN) $(FACTOR_RUN)
	$(Q)$(BENCH_RUN) --cap $(BENCH_CAP) --out $(BENCH_TXT) --positions $(BUILD)/bench/positions.txt \
		--cflags "$(AVR_CFLAGS)" --mcu $(MCU) --f-cpu $(F_CPU) \
		$(BENCH_ELF) $(call avr_obj,$(BUILD)/gen/engine_tables.c) $(call avr_obj,$(ENGINE_SRC))
	$(Q)$(FACTOR_RUN) --out $(BENCH_TXT) --slowest $(FACTORS_SLOWEST) --mcu $(MCU) --f-cpu $(F_CPU) $(BENCH_ELF)
	$(Q)tools/write-measured $(MEASURED) engine < $(BENCH_TXT)
	$(Q)$(call measure,odra,for elf in $(ODRA_ELF) $(call elf_of,$(FAST_LINE)); do $(ODRA_RUN) --profile 8 $$elf || exit; done)
	$(Q)$(call measure,stack,$(foreach edition,$(EDITIONS),$(call stack_of,$(edition)) &&) true)
	$(Q)$(call measure,levels,$(LEVELS_RUN))
	$(Q)$(call measure,battery,$(BATTERY_RUN) $(call elf_of,pocket))
	$(Q)$(CONSOLE_RUN) --out $(BENCH_TXT) --measured $(MEASURED) --positions $(BUILD)/bench/positions.txt \
		--factors $(FACTORS_SLOWEST) $(ODRA_ELF)

# $(call stack_of,EDITION): the stack test's high-water line on EDITION's
# firmware; its whole output if it fails.
stack_of = { out=$$(GRUNDY_BOX_ELF=$(call elf_of,$(1)) GRUNDY_BOX_GAMES_LEFT_OUT='$(call games_left_out_of,$(1))' \
	GRUNDY_BOX_FEATURES='$(call features_of,$(1))' CMOCKA_MESSAGE_OUTPUT=TAP $(STACK_TEST) 2>&1) && \
	printf '%s\n' "$$out" | sed -n 's/^\# \(stack high-water .*\)/$(1): \1/p' || { printf '%s\n' "$$out" >&2; false; }; }

