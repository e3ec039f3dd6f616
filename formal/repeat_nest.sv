  // formal/repeat_nest.sv: sam_repeat's input contract on its ports, the nesting
  // of the repeat signal in the references (assumed on the input ports only).
  //
  // Each reference unit pairs with one repeat-signal unit: a data reference (or
  // N) with a fiber R* S (F), a bare reference stop (one not right after a data
  // reference; that one closes with the data's S) with a lone S (B), D with D.
  // Seen from repsig, an S after some R closes an F, a lone S an F or a B. A
  // bounded queue (Depth) holds the units of the stream ahead; the lagging
  // stream's next unit, once at its head, is assumed to pair with the queue's
  // head (with the queue empty, with the other head's). An R is only offered
  // where the reference's unit is (or may be) an F, and a stream whose R's have
  // moved keeps the references from offering a bare stop or D level with it.
  // The stream ahead offers no further unit with the queue full.
  localparam int unsigned FrnDepth = 4;
  localparam logic [1:0] FrnF = 2'd0, FrnB = 2'd1, FrnD = 2'd2, FrnFB = 2'd3;
  function automatic logic frn_pair(logic [1:0] r, logic [1:0] s);
    return ((r == FrnD) == (s == FrnD)) && !(r == FrnB && s == FrnF);
  endfunction

  sam_pkg::tok_kind_e frn_rk, frn_sk;
  assign frn_rk = sam_pkg::tok_kind(ref_tok_i[3], 64'(ref_tok_i[2:0]), 3);
  assign frn_sk = sam_pkg::tok_kind(repsig_tok_i[sam_pkg::RepsigWidth],
                                    64'(repsig_tok_i[sam_pkg::RepsigWidth-1:0]),
                                    sam_pkg::RepsigWidth);
  logic frn_rdata, frn_rstop, frn_rdone, frn_sr, frn_ss, frn_sd;
  assign frn_rdata = ref_valid_i && (frn_rk == sam_pkg::TokData || frn_rk == sam_pkg::TokEmpty);
  assign frn_rstop = ref_valid_i && frn_rk == sam_pkg::TokStop;
  assign frn_rdone = ref_valid_i && frn_rk == sam_pkg::TokDone;
  assign frn_sr = repsig_valid_i && frn_sk == sam_pkg::TokData;
  assign frn_ss = repsig_valid_i && frn_sk == sam_pkg::TokStop;
  assign frn_sd = repsig_valid_i && frn_sk == sam_pkg::TokDone;

  logic frn_prevdata_q;  // the references' last move was a data reference
  logic frn_hasr_q;      // R moved since repsig's last S
  logic frn_rev, frn_sev, frn_mr, frn_ms;
  logic [1:0] frn_ru, frn_su;
  assign frn_rev = frn_rdata || frn_rdone || (frn_rstop && !frn_prevdata_q);
  assign frn_ru  = frn_rdata ? FrnF : frn_rdone ? FrnD : FrnB;
  assign frn_sev = frn_ss || frn_sd;
  assign frn_su  = frn_sd ? FrnD : frn_hasr_q ? FrnF : FrnFB;
  assign frn_mr  = frn_rev && ref_ready_o;
  assign frn_ms  = frn_sev && repsig_ready_o;

  logic [1:0] frn_q_q[FrnDepth];
  logic [2:0] frn_cnt_q;
  logic       frn_slead_q;  // repsig is ahead

  always_ff @(posedge clk_i) begin
    if (rst_ni) begin
      if (frn_cnt_q == '0) begin
        if (frn_rev && frn_sev) assume (frn_pair(frn_ru, frn_su));
        if ((frn_hasr_q || frn_sr) && frn_rev) assume (frn_ru == FrnF);
      end else if (!frn_slead_q) begin
        if (frn_sev) assume (frn_pair(frn_q_q[0], frn_su));
        if (frn_sr) assume (frn_q_q[0] == FrnF);
      end else begin
        if (frn_rev) assume (frn_pair(frn_ru, frn_q_q[0]));
      end
      if (32'(frn_cnt_q) == FrnDepth) assume (frn_slead_q ? !frn_sev : !frn_rev);
    end
  end

  logic frn_push, frn_pop;
  logic [1:0] frn_push_u;
  always_comb begin
    frn_push = 1'b0;
    frn_pop = 1'b0;
    frn_push_u = frn_ru;
    if (frn_cnt_q == '0) begin
      frn_push = frn_mr != frn_ms;
      frn_push_u = frn_mr ? frn_ru : frn_su;
    end else if (!frn_slead_q) begin
      frn_pop = frn_ms;
      frn_push = frn_mr;
    end else begin
      frn_pop = frn_mr;
      frn_push = frn_ms;
      frn_push_u = frn_su;
    end
  end

  always_ff @(posedge clk_i) begin
    if (!rst_ni) begin
      frn_prevdata_q <= 1'b0;
      frn_hasr_q <= 1'b0;
      frn_cnt_q <= '0;
      frn_slead_q <= 1'b0;
      for (int unsigned i = 0; i < FrnDepth; i++) frn_q_q[i] <= '0;
    end else begin
      if (ref_valid_i && ref_ready_o) frn_prevdata_q <= frn_rdata;
      if (frn_sr && repsig_ready_o) frn_hasr_q <= 1'b1;
      else if (frn_ms) frn_hasr_q <= 1'b0;
      if (frn_cnt_q == '0 && frn_push) frn_slead_q <= frn_ms;
      if (frn_pop) begin
        for (int unsigned i = 0; i + 1 < FrnDepth; i++) frn_q_q[i] <= frn_q_q[i + 1];
        frn_q_q[FrnDepth-1] <= '0;
      end
      if (frn_push) frn_q_q[32'(frn_cnt_q) - 32'(frn_pop)] <= frn_push_u;
      frn_cnt_q <= frn_cnt_q + 3'(frn_push) - 3'(frn_pop);
    end
  end

  // The cover run reaches these, so the monitor leaves room for the references
  // ahead and for a bare reference stop. (Repsig is never ahead:
  // sam_repeat takes the reference into its holding register before any of
  // its repeat signal.)
  always_ff @(posedge clk_i) begin
    if (rst_ni) begin
      NestRefAhead_C: cover (frn_cnt_q != 3'd0 && !frn_slead_q);
      NestBare_C: cover (frn_mr && frn_ru == FrnB);
    end
  end
