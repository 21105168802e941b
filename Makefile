# arsim — the two quick-start commands: `make run` and `make test`.
# Both install the missing Debian packages (a no-op when present), configure and build first.

BUILD      ?= build
BUILD_TYPE ?= Release
JOBS       ?= $(shell nproc)
SCENARIO   ?= scenarios/elgl_greedy.xml
OUT        ?= results/elgl_greedy
PYTHON     ?= /usr/bin/python3

DEB_PACKAGES := cmake ninja-build g++ pkg-config libsimgrid-dev coinor-libcbc-dev libglpk-dev \
  libeigen3-dev libspectra-dev libfmt-dev libboost-dev libboost-graph-dev libpugixml-dev \
  libcli11-dev libgtest-dev libgmock-dev libbenchmark-dev libmetis-dev libscotch-dev \
  python3-numpy python3-pandas python3-matplotlib

SUDO := $(shell [ "$$(id -u)" = 0 ] || echo sudo)

.PHONY: all deps configure build run test bench reproduce clean

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
	cmake -S . -B $(BUILD) -G Ninja -DCMAKE_BUILD_TYPE=$(BUILD_TYPE)

configure: deps $(BUILD)/build.ninja

build: configure
	cmake --build $(BUILD) -j $(JOBS)

run: build
	$(BUILD)/arsim run $(SCENARIO) --out $(OUT) --audit

test: build
	cd $(BUILD) && ctest --output-on-failure -j $(JOBS)

bench: build
	$(BUILD)/arsim-bench

reproduce: build
	$(PYTHON) analysis/reproduce.py --arsim $(BUILD)/arsim --out results/paper

clean:
	rm -rf $(BUILD)
