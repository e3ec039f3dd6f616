  // formal/fiberlookup_ref.sv: sam_fiberlookup's input (compressed) for
  // formal/scan_runs_ref.sv (listed before it; after formal/pos_array.sv, whose
  // pos array it reads): a reference r calls for the positions pos[r] ..
  // pos[r+1]-1 with j = crd[p].
  localparam bit FwCompressed = 1'b1;

  // (A shift, not a variable part-select: that would leave x bits for ABC.)
  function automatic logic [RefWidth-1:0] fw_pos(logic [PosAddrWidth:0] a);
    logic [PaWords*RefWidth-1:0] sh;
    sh = pa_words >> (32'(a) * RefWidth);
    return sh[RefWidth-1:0];
  endfunction

  sam_pkg::tok_kind_e  fw_kind;
  logic                fw_fire;
  logic [RefWidth-1:0] fw_lo, fw_len;
  logic [CrdWidth-1:0] fw_off;
  logic [62:0]         fw_lvl;
  logic [PosAddrWidth:0] fw_r;
  assign fw_fire = ref_valid_i && ref_ready_o;
  assign fw_kind = sam_pkg::tok_kind(ref_tok_i[RefWidth], 64'(ref_tok_i[RefWidth-1:0]),
                                     RefWidth);
  assign fw_r    = (PosAddrWidth + 1)'(ref_tok_i[RefWidth-1:0]);
  assign fw_lo   = fw_pos(fw_r);
  assign fw_len  = fw_kind == sam_pkg::TokData ? fw_pos(fw_r + 1'b1) - fw_lo : '0;
  assign fw_off  = '0;
  assign fw_lvl  = 63'(ref_tok_i[RefWidth-1:0]);
