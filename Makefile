# samgen: the two commands of the README, and the pieces they are made of.
#   make demo   set up, then run the pipeline end to end on a demo
#   make test   set up, then every test (this is what CI runs)
#   make check  the fast tier for your own loop: unit, golden and snapshot tests
SHELL   := /bin/bash
CARGO   ?= cargo
BUILD   ?= build
SAMGEN  := target/release/samgen
BENCH   := target/release/samgen-bench
SV_PKG  := primitives/sam_pkg.sv
SV_ALL  := $(filter-out $(SV_PKG),$(wildcard primitives/*.sv))
# Testbench-only modules (the jittered memory): linted with the library.
SV_TB   := $(wildcard testbenches/sv/*.sv)

# A clean clone builds once: incremental compilation's cache (a GB) buys nothing.
ifdef CI
export CARGO_INCREMENTAL := 0
endif

.PHONY: setup demo test check lint sv-lint fmt clippy formal formal-ci bench bench-boards fpga fuzz clean

setup:
	@scripts/setup.sh

$(SAMGEN): setup FORCE
	@$(CARGO) build --release --quiet --bin samgen
$(BENCH): setup FORCE
	@$(CARGO) build --release --quiet -p samgen-bench
FORCE:

demo: $(SAMGEN)
	@mkdir -p $(BUILD)/demo
	$(SAMGEN) tensor gen --kind uniform --dims 64,64 --density 0.05 --seed 7 -o $(BUILD)/demo/B.mtx
	$(SAMGEN) tensor show $(BUILD)/demo/B.mtx -f ds
	$(SAMGEN) tensor gen --kind uniform --dims 64 --density 0.5 --seed 8 -o $(BUILD)/demo/c.tns
	$(SAMGEN) compile 'x(i) = B(i,j) * c(j)' -f x:s -f B:ds -f c:d -o $(BUILD)/demo/spmv
	$(SAMGEN) run 'x(i) = B(i,j) * c(j)' -f x:s -f B:ds -f c:d -i B=$(BUILD)/demo/B.mtx -i c=$(BUILD)/demo/c.tns --backend golden -o $(BUILD)/demo/spmv
	$(SAMGEN) run 'x(i) = B(i,j) * c(j)' -f x:s -f B:ds -f c:d -i B=$(BUILD)/demo/B.mtx -i c=$(BUILD)/demo/c.tns --backend rtl -o $(BUILD)/demo/spmv-rtl
	$(SAMGEN) synth 'x(i) = B(i,j) * c(j)' -f x:s -f B:ds -f c:d --board ulx3s -o $(BUILD)/demo/ulx3s
	@# The quickstart's own SV testbench on the generated top (docs/quickstart.md).
	$(SAMGEN) compile 'x(i) = B(i,j) * c(j)' -f B:ds -f c:d -f x:d --mem-words 64 -o $(BUILD)/demo/quickstart
	verilator --binary -j 2 --Mdir $(BUILD)/demo/quickstart/obj --top-module spmv_tb -F $(BUILD)/demo/quickstart/files.f examples/quickstart/spmv_tb.sv
	$(BUILD)/demo/quickstart/obj/Vspmv_tb

# A kernel in a board top, to a bitstream and a report (build/fpga/<board>/...).
#   make fpga BOARD=ulx3s KERNEL='x(i) = B(i,j) * c(j)' FORMATS='-f B:ds -f c:d'
BOARD   ?= ulx3s
KERNEL  ?= x(i) = B(i,j) * c(j)
FORMATS ?= -f "x:s'" -f B:ds -f c:d
fpga: $(SAMGEN)
	$(SAMGEN) synth '$(KERNEL)' $(FORMATS) --board $(BOARD) -o $(BUILD)/fpga/$(BOARD)

# Lint first, tests last, then one total line ("tests: N passed, M failed").
# --all-targets: unit, integration and CLI tests (the crates have no doc tests).
# Verilator models build at -O0, with clang where the machine has it
# (SAMGEN_MODEL_OPT and SAMGEN_MODEL_CXX, docs/cosim.md).
# cargo-nextest, where the machine has it, runs the tests of all ~90 binaries
# from one queue, so no core idles behind one binary's last long test; cargo
# test, binary after binary, otherwise.
TEST_ARGS := --workspace --all-targets --no-fail-fast
# The SV lint is the lint test binary's (a superset of `make sv-lint`, docs/cosim.md).
test: setup fmt clippy formal-ci
	@set -o pipefail; mkdir -p $(BUILD); status=0; \
	if $(CARGO) nextest --version >/dev/null 2>&1; then run="nextest run"; else run=test; fi; \
	cxx=$$(command -v clang++ || true); \
	SAMGEN_MODEL_OPT=0 SAMGEN_MODEL_CXX=$$cxx $(CARGO) $$run $(TEST_ARGS) 2>&1 | tee $(BUILD)/test.log || status=$$?; \
	awk '/^test result:/ { p += $$4; f += $$6 } \
	     / tests run: / { for (i = 1; i < NF; i++) { \
	       if ($$(i + 1) ~ /^passed/) p = $$i; if ($$(i + 1) ~ /^failed/) f = $$i } } \
	     END { printf "tests: %d passed, %d failed\n", p, f }' $(BUILD)/test.log; \
	exit $$status

# The fast tier (docs/cosim.md, "Test tiers"): every crate's unit tests, the
# IR's, golden and compiler tests and hdl-gen's snapshots; no Verilator model,
# no synthesis, no solver. A few minutes on a warm build.
check: fmt
	@set -o pipefail; mkdir -p $(BUILD); status=0; \
	{ $(CARGO) test --workspace --lib --bins --no-fail-fast && \
	  $(CARGO) test -p samgen-ir -p samgen-golden -p samgen-compiler -p samgen-hdl --test '*' --no-fail-fast; } 2>&1 \
	  | tee $(BUILD)/check.log || status=$$?; \
	awk '/^test result:/ { p += $$4; f += $$6 } \
	     END { printf "check: %d passed, %d failed\n", p, f }' $(BUILD)/check.log; \
	exit $$status

lint: sv-lint fmt clippy

# Every library file, each as its own top, with the package and its dependencies.
sv-lint:
	@for f in $(SV_ALL) $(SV_TB); do \
	  m=$$(basename $$f .sv); \
	  verilator --lint-only -Wall -Iprimitives $(SV_PKG) $(SV_ALL) $(SV_TB) --top-module $$m || exit 1; \
	done; echo "[lint] verilator -Wall clean: $(words $(SV_ALL) $(SV_TB)) modules"

# SymbiYosys proofs of every primitive (formal/proofs.toml: handshake, output
# grammar, liveness, scoreboards), then the seeded bugs (formal/mutations.toml),
# each of which must make its proof fail. One line per proof and a total;
# docs/formal.md says what is proven.
formal: setup
	@nice .venv/bin/python3 formal/formal.py
	@nice .venv/bin/python3 formal/formal.py --mutations

# make test's tier: the proofs whose PDR takes most of a minute or more (`ci_bmc`)
# run bounded, and the seeded bugs are only checked to apply (docs/formal.md).
formal-ci: setup
	@nice .venv/bin/python3 formal/formal.py --ci
	@nice .venv/bin/python3 formal/formal.py --ci --mutations

fmt:
	@$(CARGO) fmt --all -- --check

clippy:
	@$(CARGO) clippy --workspace --all-targets --quiet -- -D warnings

# Tables, not tests: every table of docs/benchmarks.md, in its order, each by
# the command under its heading there (samgen-bench is bench/). Hours on 2
# cores. The nextpnr seed sweep's seed 1 is the primitives table's own run, and
# seeds 4-6 are for the intersectors only; the iCEBreaker board row comes from
# synth_board's ignored test.
bench: $(BENCH)
	$(CARGO) run --release --quiet -p samgen-compiler --example bench_compiler
	$(CARGO) run --release --quiet -p samgen-compiler --example expr_campaign -- --formats --draws 100000 --jobs 2
	SAMGEN_MODEL_OPT=0 $(CARGO) run --release --quiet -p samgen-cosim --example rtl_campaign -- --draws 500 --jobs 2
	$(CARGO) run --release --quiet -p samgen-compiler --example expr_campaign -- --draws 100000 --jobs 2
	$(BENCH) primitive synth fifo --family ecp5,ice40 --width 16,32 --depth 1,2,4,8 -o $(BUILD)/bench/synth
	$(BENCH) primitive bench -o $(BUILD)/bench/primitives
	for n in 2 3; do \
	  $(BENCH) primitive bench --family ecp5 --seed $$n -o $(BUILD)/bench/seeds/$$n || exit 1; \
	done
	for n in 4 5 6; do \
	  $(BENCH) primitive bench --only intersect --family ecp5 --seed $$n -o $(BUILD)/bench/seeds/$$n || exit 1; \
	done
	$(BENCH) kernel bench
	$(BENCH) kernel bench --synth --only SDDMM,Residual,MMAdd,Plus3,InnerProd,TTV,TTM,MTTKRP,MatTransMul,Plus2
	$(BENCH) kernel skip
	$(BENCH) kernel locate
	$(BENCH) kernel locate --density 0.1
	$(BENCH) kernel conv
	$(BENCH) kernel conv --sparsities 0,0.2,0.4 --length 20000
	$(BENCH) kernel rle
	$(BENCH) kernel rle --only mask --rows 64
	$(BENCH) kernel rle --only matvec,edges,composite --lengths 1,4,16,64,0 --periods 4,16
	$(BENCH) kernel workspaces --synth
	$(CARGO) test --quiet -p samgen-fpga --test synth_board -- --ignored
	$(MAKE) bench-boards

# The board bitstreams: SpMV and b*c for the ULX3S (board clock 25 MHz and
# SpMV on the PLL's 75 MHz), with a padded output; b*c for the iCEBreaker (board
# clock and PLL 24 MHz) in its default formats, which fit with the area-lean
# primitives iCE40 builds use.
VECMUL := 'x(i) = b(i) * c(i)' -f "x:s'" -f b:s -f c:s
SPMV   := 'x(i) = B(i,j) * c(j)' -f "x:s'" -f B:ds -f c:d
VECMUL_ICE := 'x(i) = b(i) * c(i)' -f x:s -f b:s -f c:s
bench-boards: $(SAMGEN)
	$(SAMGEN) synth $(SPMV) --board ulx3s -o $(BUILD)/bench/boards/ulx3s-spmv
	$(SAMGEN) synth $(SPMV) --board ulx3s --mem-words 1024 --kernel-mhz 75 -o $(BUILD)/bench/boards/ulx3s-spmv-pll
	$(SAMGEN) synth $(VECMUL) --board ulx3s -o $(BUILD)/bench/boards/ulx3s-vecmul
	$(SAMGEN) synth $(VECMUL_ICE) --board icebreaker -o $(BUILD)/bench/boards/icebreaker-vecmul
	$(SAMGEN) synth $(VECMUL_ICE) --board icebreaker --kernel-mhz 24 -o $(BUILD)/bench/boards/icebreaker-vecmul-pll

# Coverage-guided fuzzing of every reader (docs/fuzzing.md): each cargo-fuzz
# target for TIME seconds, one after another; not part of `make test`.
#   make fuzz TIME=600 TARGETS="expr mtx"
TIME    ?= 60
TARGETS ?=
fuzz:
	@BUILD=$(BUILD) scripts/fuzz.sh $(TIME) $(TARGETS)

clean:
	$(CARGO) clean
	rm -rf $(BUILD)
