  // formal/windowscan_ref.sv: sam_windowscan's input for formal/scan_runs_ref.sv
  // (listed before it). A window {base, lo, hi} calls for the positions lo ..
  // hi-1 with j = crd[p] - base - Intercept (dense: p - base - Intercept).
  localparam bit FwCompressed = Format == sam_pkg::ScanCompressed;
  localparam logic [CrdWidth-1:0] FwB = CrdWidth'(Intercept);

  sam_pkg::tok_kind_e  fw_kind;
  logic                fw_fire;
  logic [RefWidth-1:0] fw_lo, fw_len;
  logic [CrdWidth-1:0] fw_off;
  logic [62:0]         fw_lvl;
  assign fw_fire = win_valid_i && win_ready_o;
  assign fw_kind = sam_pkg::tok_kind(win_tok_i[63], 64'(win_tok_i[62:0]), 63);
  assign fw_lo   = RefWidth'(win_tok_i[39:20]);
  assign fw_len  = fw_kind == sam_pkg::TokData ? RefWidth'(win_tok_i[19:0]) - fw_lo : '0;
  assign fw_off  = CrdWidth'(win_tok_i[62:40]) + FwB;
  assign fw_lvl  = win_tok_i[62:0];
