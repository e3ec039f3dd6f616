use samgen_compiler::exec::execute;
use samgen_compiler::expr::{parse, parse_format_arg, Schedule};
use samgen_compiler::kernels::pack_inputs;
use samgen_compiler::lower::{lower, Kernel};
use samgen_compiler::tensor::CooTensor;
use std::collections::HashMap;
#[test]
fn scratch() {
    let f: HashMap<_, _> = ["A:z", "B:z"]
        .iter()
        .map(|f| parse_format_arg(f).unwrap())
        .collect();
    let asg = parse("A(i)=B(i)*3").unwrap();
    let k = Kernel::from_schedule(&asg, &f, &Schedule::default()).unwrap();
    let g = lower(&k).unwrap();
    for n in g.graph.node_weights() {
        println!("{} {:?}", n.name, n.kind);
    }
    let vals = [1, 2, 3, 1, 2, 3, 1, 2, 3, 9, 9, 9];
    let coo = CooTensor::new(
        vec![12],
        vals.iter()
            .enumerate()
            .map(|(i, &v)| (vec![i as u64], v))
            .collect(),
    )
    .unwrap();
    let packed = pack_inputs(&HashMap::from([("B".to_string(), coo)]), &f, 32).unwrap();
    let out = execute(&g, &packed, 32).unwrap();
    for t in &out.traces {
        println!("{t:?}");
    }
}
