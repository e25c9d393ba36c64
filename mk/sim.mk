# ---- the simulator: the firmware's ELF in simavr, on this machine -------------
#
# Its files (SIM_LIB_SRC and sim/main.c) are listed in mk/sources.mk, as
# the end-to-end tests and the bench's runners link them too.

$(SIM): $(call host_obj,sim/main.c) $(SIM_LIB_OBJ)
	@echo "  LD      $@"
	$(Q)$(HOST_CC) $(HOST_LDFLAGS) -o $@ $^ $(SIM_LDLIBS)

play: $(ELF) $(SIM)
	$(SIM) --play $(ELF)
