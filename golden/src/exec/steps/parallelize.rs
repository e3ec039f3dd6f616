//! The golden step of `parallelize`: [`models::deal`] of the node's streams in
//! round-robin order. The hardware picks a free lane instead; the serializers
//! follow whichever order comes, so a graph's result does not depend on it.

use samgen_ir::graph::{Parallelize, Port, Role};
use samgen_ir::token::Token;

use super::{model, Machine, Step};
use crate::models;

/// The order of `n` elements dealt round robin to `lanes` lanes: `0 1 .. S0 D`.
fn round_robin(n: usize, lanes: usize) -> Vec<Token> {
    let mut order: Vec<Token> = (0..n)
        .map(|e| Token::Data((e % lanes.max(1)) as u64))
        .collect();
    order.extend([Token::Stop(0), Token::Done]);
    order
}

impl Step for Parallelize {
    fn run(&self, m: &mut dyn Machine) -> Result<(), String> {
        let mut ins = Vec::with_capacity(self.streams.len());
        for k in 0..self.streams.len() {
            ins.push(m.input(&Port::way(Role::In, k))?.to_vec());
        }
        let first = ins
            .first()
            .ok_or("a parallelizer of no streams")?;
        // The elements: the tokens before the level's S0 (the model checks the
        // rest of the shape).
        let n = first
            .iter()
            .position(|t| !matches!(t, Token::Data(_) | Token::Empty))
            .unwrap_or(first.len());
        let order = round_robin(n, self.lanes);
        let refs: Vec<&[Token]> = ins.iter().map(Vec::as_slice).collect();
        let lanes = models::deal(&refs, &order, self.lanes).map_err(model)?;
        for (l, streams) in lanes.into_iter().enumerate() {
            for (k, s) in streams.into_iter().enumerate() {
                m.emit(Port::way(Role::Out, format!("{l}_{k}")), s);
            }
        }
        m.emit(Port::new(Role::OrderOut), order);
        Ok(())
    }
}
