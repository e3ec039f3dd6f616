  // formal/aligned_stops_data.sv: the data tokens of two streams whose stops are
  // aligned (`aligned` with "stops"; the proof's `extra` names the monitor's
  // instance as `define FSP). The stops monitor counts stops and D only, and the
  // grammar lets no data stand right before D (D follows the outermost stop). So
  // a stream whose next stop or D must be D (the other stream has moved it, or
  // shows it, and they are level) offers no data, and a stream in the middle of a
  // fiber (data moved since its last stop) or with data at its head keeps the
  // other, level with it, from offering D. Assumed on the input ports only: these
  // cut off the prefixes no pair of streams under the contract extends, where one
  // stream would be left with no token the grammar and the monitor both allow.
  logic fsp_mid_a_q, fsp_mid_b_q;   // data moved since the stream's last stop
  logic fsp_da, fsp_db, fsp_ea, fsp_eb;
  assign fsp_da = `FSP.a_valid_i && `FSP.sa == '0;
  assign fsp_db = `FSP.b_valid_i && `FSP.sb == '0;
  assign fsp_ea = `FSP.a_valid_i && `FSP.sa == '1;
  assign fsp_eb = `FSP.b_valid_i && `FSP.sb == '1;
  always_ff @(posedge clk_i) begin
    if (!rst_ni) begin
      fsp_mid_a_q <= 1'b0;
      fsp_mid_b_q <= 1'b0;
    end else begin
      if (fsp_da && `FSP.a_ready_i) fsp_mid_a_q <= 1'b1;
      else if (`FSP.ma) fsp_mid_a_q <= 1'b0;
      if (fsp_db && `FSP.b_ready_i) fsp_mid_b_q <= 1'b1;
      else if (`FSP.mb) fsp_mid_b_q <= 1'b0;
    end
  end
  always_ff @(posedge clk_i) begin
    if (rst_ni) begin
      if (`FSP.cnt_q == '0) begin
        if (fsp_mid_a_q || fsp_da) assume (!fsp_eb);
        if (fsp_mid_b_q || fsp_db) assume (!fsp_ea);
      end else if (`FSP.q_q[0] == '1) begin
        if (`FSP.b_lead_q) assume (!fsp_da);
        else assume (!fsp_db);
      end
    end
  end

  // The cover run reaches these: either stream ahead, the other inside a fiber.
  always_ff @(posedge clk_i) begin
    if (rst_ni) begin
      StopsAAhead_C: cover (`FSP.cnt_q != 0 && !`FSP.b_lead_q && fsp_mid_b_q);
      StopsBAhead_C: cover (`FSP.cnt_q != 0 && `FSP.b_lead_q && fsp_mid_a_q);
    end
  end
