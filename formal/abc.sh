#!/usr/bin/env bash
# abc.sh: ABC for SymbiYosys's `abc pdr` engine (formal.py's `mode = "pdr"`).
# Debian 12's ABC (the berkeley-abc package) predates pdr's `-l` (print the frame
# in which each output was proved), which sby adds to its command; sby reads the
# overall "Property proved." line, so the option is dropped here.
args=()
for arg in "$@"; do args+=("${arg//pdr -v -l/pdr -v}"); done
exec berkeley-abc "${args[@]}"
