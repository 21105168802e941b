# arsim — the two quick-start commands: `make run` and `make test`.
# Both install the missing Debian packages (a no-op when present), configure and build first.

BUILD      ?= build
FUZZ_BUILD ?= build-fuzz
BUILD_TYPE ?= Release
JOBS       ?= $(shell nproc)
SCENARIO   ?= scenarios/elgl_greedy.xml
OUT        ?= results/elgl_greedy
PYTHON     ?= /usr/bin/python3
# Seconds per target of `make fuzz` (make test runs each for ARSIM_FUZZ_SECONDS, 10 by default).
FUZZ_SECONDS ?= 600
FUZZ_TARGETS := fuzz_scenario fuzz_request_file fuzz_swf fuzz_classad fuzz_platform fuzz_graphml \
  fuzz_gml fuzz_sndlib
# CI (CI=true) builds with warnings as errors.
WERROR     := $(if $(filter true 1 yes,$(CI)),ON,OFF)

DEB_PACKAGES := cmake ninja-build g++ pkg-config libsimgrid-dev coinor-libcbc-dev libglpk-dev \
  libeigen3-dev libspectra-dev libfmt-dev libboost-dev libboost-graph-dev libpugixml-dev \
  libcli11-dev libgtest-dev libgmock-dev libbenchmark-dev libmetis-dev libscotch-dev \
  nlohmann-json3-dev \
  clang-format clang libclang-rt-14-dev python3-numpy python3-pandas python3-matplotlib python3-pytest \
  pybind11-dev python3-pybind11 \
  slurm-wlm munge chromium

SUDO := $(shell [ "$$(id -u)" = 0 ] || echo sudo)

.PHONY: all deps configure build run test fuzz-build fuzz check-asan format bench reproduce clean

all: build

deps:
	@missing=$$(for p in $(DEB_PACKAGES); do \
	    dpkg-query -W -f='$${Status}\n' $$p 2>/dev/null | grep -q "install ok installed" || echo $$p; \
	  done); \
	if [ -n "$$missing" ]; then \
	  echo "installing missing Debian packages:" $$missing; \
	  $(SUDO) apt-get update -qq && \
	  DEBIAN_FRONTEND=noninteractive $(SUDO) apt-get install -y -qq --no-install-recommends $$missing; \
	fi

$(BUILD)/build.ninja: | deps
	cmake -S . -B $(BUILD) -G Ninja -DCMAKE_BUILD_TYPE=$(BUILD_TYPE) -DARSIM_WERROR=$(WERROR)

configure: deps $(BUILD)/build.ninja

build: configure
	cmake --build $(BUILD) -j $(JOBS)

run: build
	$(BUILD)/arsim run $(SCENARIO) --out $(OUT) --audit --report

# The suite, then a short run of every fuzz target (tests/fuzz/README.md).
test: build fuzz-build
	cd $(BUILD) && ctest --output-on-failure -j $(JOBS)
	cd $(FUZZ_BUILD) && ctest --output-on-failure -j $(JOBS)

# The libFuzzer targets of the readers, built with clang in their own folder: only they and the
# libraries they link.
$(FUZZ_BUILD)/build.ninja: | deps
	cmake -S . -B $(FUZZ_BUILD) -G Ninja -DCMAKE_BUILD_TYPE=None -DCMAKE_CXX_COMPILER=clang++ \
	  -DARSIM_FUZZ=ON -DARSIM_WERROR=$(WERROR)

fuzz-build: deps $(FUZZ_BUILD)/build.ninja
	cmake --build $(FUZZ_BUILD) -j $(JOBS) --target arsim-fuzz

# Every fuzz target for FUZZ_SECONDS, one after the other; inputs that crash are left in
# $(FUZZ_BUILD)/long/<target>/.
fuzz: fuzz-build
	for t in $(FUZZ_TARGETS); do \
	  sh tests/fuzz/smoke.sh $(FUZZ_BUILD)/$$t tests/fuzz/corpus/$${t#fuzz_} \
	    $(FUZZ_BUILD)/long/$$t $(FUZZ_SECONDS) $$(ls tests/fuzz/$${t#fuzz_}.dict 2>/dev/null) || exit 1; \
	done

# The whole suite under AddressSanitizer and UndefinedBehaviorSanitizer, in its own build folder.
check-asan: deps
	cmake -S . -B build-asan -G Ninja -DCMAKE_BUILD_TYPE=RelWithDebInfo -DARSIM_SANITIZE=ON
	cmake --build build-asan -j $(JOBS)
	cd build-asan && ASAN_OPTIONS=detect_leaks=1:detect_stack_use_after_return=0 \
	  LSAN_OPTIONS=suppressions=$(CURDIR)/tests/sanitizers/lsan.supp \
	  UBSAN_OPTIONS=print_stacktrace=1:halt_on_error=1 ctest --output-on-failure -j $(JOBS)

# Formats every C++ file with the project's .clang-format (the test suite checks it).
format:
	find base classad model workloads schedulers experiments sim tests -name '*.[ch]pp' | xargs clang-format -i

bench: build
	$(BUILD)/arsim-bench

reproduce: build
	$(PYTHON) -m analysis.reproduce --arsim $(BUILD)/arsim --out results/paper

clean:
	rm -rf $(BUILD) $(FUZZ_BUILD)
