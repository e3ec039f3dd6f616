//! Golden model of `primitives/sam_fifo.sv`, cycle by cycle.
//!
//! At the token level a FIFO is the identity; what can go wrong in RTL is timing:
//! lost or duplicated tokens under stalls, a full FIFO that still accepts, a ready
//! that waits one cycle too long. So this model is exact per cycle and the testbench
//! compares `ready_o`, `valid_o` and `tok_o` on every cycle.

use std::collections::VecDeque;

use samgen_ir::token::Token;

/// The FIFO's state between clock edges.
#[derive(Clone, Debug)]
pub struct FifoModel {
    depth: usize,
    slots: VecDeque<Token>,
}

impl FifoModel {
    /// A FIFO holding up to `depth` (>= 1) tokens.
    pub fn new(depth: usize) -> Self {
        assert!(depth >= 1, "a FIFO holds at least one token");
        FifoModel {
            depth,
            slots: VecDeque::with_capacity(depth),
        }
    }

    pub fn len(&self) -> usize {
        self.slots.len()
    }

    pub fn is_empty(&self) -> bool {
        self.slots.is_empty()
    }

    /// `ready_o` this cycle. Depth 1 passes the consumer's ready through (its one
    /// combinational path); deeper FIFOs are ready exactly when not full.
    pub fn ready_o(&self, ready_i: bool) -> bool {
        self.slots.len() < self.depth || (self.depth == 1 && ready_i)
    }

    /// `valid_o` this cycle.
    pub fn valid_o(&self) -> bool {
        !self.slots.is_empty()
    }

    /// `tok_o` this cycle, when valid.
    pub fn tok_o(&self) -> Option<Token> {
        self.slots.front().copied()
    }

    /// The rising edge: `push` is the token transferred in (`valid_i && ready_o`),
    /// `pop` whether the head was transferred out (`valid_o && ready_i`).
    pub fn clock(&mut self, push: Option<Token>, pop: bool) {
        if pop {
            self.slots.pop_front();
        }
        if let Some(t) = push {
            self.slots.push_back(t);
        }
        debug_assert!(self.slots.len() <= self.depth);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn depth_two_is_ready_until_full_and_keeps_order() {
        let mut f = FifoModel::new(2);
        assert!(f.ready_o(false) && !f.valid_o());
        f.clock(Some(Token::Data(1)), false);
        f.clock(Some(Token::Stop(0)), false);
        assert!(!f.ready_o(true), "full: ready must not depend on ready_i");
        assert_eq!(f.tok_o(), Some(Token::Data(1)));
        f.clock(None, true);
        assert_eq!(f.tok_o(), Some(Token::Stop(0)));
        f.clock(Some(Token::Done), true);
        assert_eq!(f.tok_o(), Some(Token::Done));
        assert_eq!(f.len(), 1);
    }

    #[test]
    fn depth_one_passes_ready_through_when_full() {
        let mut f = FifoModel::new(1);
        f.clock(Some(Token::Data(7)), false);
        assert!(!f.ready_o(false));
        assert!(f.ready_o(true));
        f.clock(Some(Token::Data(8)), true);
        assert_eq!(f.tok_o(), Some(Token::Data(8)));
    }
}
