use samgen_compiler::exec::execute;
use samgen_compiler::fuzz::{draw, lower_draw};
use samgen_compiler::kernels::pack_inputs;
fn main() {
    let seed: u64 = std::env::args().nth(1).unwrap().parse().unwrap();
    let d = draw(seed);
    println!("{d}");
    let g = lower_draw(&d).unwrap_or_else(|_| panic!("refused"));
    let packed = pack_inputs(&d.input_map(), &d.format_map(), 32).unwrap();
    match execute(&g, &packed, 32) {
        Ok(r) => println!("{:?}", r.outputs),
        Err(e) => println!("golden error: {e}"),
    }
    // Streams into writers and droppers.
    let g2 = g.clone();
    let _ = g2;
    for n in g.graph.node_weights() {
        println!("node {} {:?}", n.name, n.kind);
    }
    if let Ok(r) = execute(&g, &packed, 32) {
        for t in &r.traces {
            println!(
                "{}.{} -> {}.{}: {}",
                t.from,
                t.from_port,
                t.to,
                t.to_port,
                samgen_compiler::token::format_stream(&t.tokens)
            );
        }
    }
}
