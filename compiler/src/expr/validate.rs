//! The index-notation rules an assignment must follow.

use super::ast::Assignment;
use std::collections::BTreeMap;

use super::error::{ExtentError, ValidationError};

impl Assignment {
    /// Checks the rules of index notation:
    ///
    /// - the left-hand side's subscripts are distinct plain variables;
    /// - the output tensor does not appear on the right-hand side;
    /// - every tensor is used with the same order everywhere;
    /// - every free variable appears on the right-hand side.
    ///
    /// Affine subscripts on the right-hand side pass; see
    /// [`Assignment::check_affine`].
    pub fn validate(&self) -> Result<(), ValidationError> {
        let out = &self.lhs.tensor;
        let mut seen: Vec<&str> = Vec::new();
        for ix in &self.lhs.indices {
            let Some(v) = ix.as_var() else {
                return Err(ValidationError::OutputSubscript {
                    tensor: out.clone(),
                    subscript: ix.to_string(),
                    column: ix.span.column(),
                });
            };
            if seen.contains(&v) {
                return Err(ValidationError::RepeatedOutputIndex {
                    tensor: out.clone(),
                    var: v.to_string(),
                    column: ix.span.column(),
                });
            }
            seen.push(v);
        }
        let mut orders: Vec<(&str, usize, usize)> = Vec::new();
        for a in self.rhs.accesses() {
            if &a.tensor == out {
                return Err(ValidationError::OutputOnRhs {
                    tensor: out.clone(),
                    column: a.span.column(),
                });
            }
            match orders.iter().find(|(n, _, _)| *n == a.tensor) {
                Some(&(_, first_order, first_column)) if first_order != a.order() => {
                    return Err(ValidationError::OrderMismatch {
                        tensor: a.tensor.clone(),
                        order: a.order(),
                        first_order,
                        first_column,
                        column: a.span.column(),
                    })
                }
                Some(_) => {}
                None => orders.push((&a.tensor, a.order(), a.span.column())),
            }
        }
        let rhs_vars = self.rhs.vars();
        for ix in &self.lhs.indices {
            let v = ix.as_var().unwrap_or_default();
            if !rhs_vars.contains(&v) {
                return Err(ValidationError::FreeVarNotOnRhs {
                    tensor: out.clone(),
                    var: v.to_string(),
                    column: ix.span.column(),
                });
            }
        }
        Ok(())
    }

    /// Checks the affine subscripts on the right-hand side: every coefficient
    /// at least 1, and each variable once per subscript. The dense evaluator
    /// takes any such subscript.
    pub fn check_affine(&self) -> Result<(), ValidationError> {
        for a in self.rhs.accesses() {
            for ix in &a.indices {
                let mut seen: Vec<&str> = Vec::new();
                for (c, v) in &ix.terms {
                    let err = |var: &str| (a.tensor.clone(), ix.to_string(), var.to_string());
                    if *c < 1 {
                        let (tensor, subscript, var) = err(v);
                        return Err(ValidationError::NegativeCoefficient {
                            tensor,
                            subscript,
                            var,
                            column: ix.span.column(),
                        });
                    }
                    if seen.contains(&v.as_str()) {
                        let (tensor, subscript, var) = err(v);
                        return Err(ValidationError::RepeatedInSubscript {
                            tensor,
                            subscript,
                            var,
                            column: ix.span.column(),
                        });
                    }
                    seen.push(v);
                }
            }
        }
        Ok(())
    }

    /// Sets the extents of variables that only affine subscripts size (a
    /// convolution's reduced variable, or Figure 8's resolving one), in place
    /// of the valid convolution's. A variable that a plain subscript gives is
    /// sized by that tensor's mode and refused here, as is an extent of 0.
    pub fn set_extents(&mut self, extents: BTreeMap<String, u64>) -> Result<(), ExtentError> {
        let vars = self.index_vars();
        for (var, &n) in &extents {
            if !vars.contains(&var.as_str()) {
                return Err(ExtentError::UnknownVar {
                    var: var.clone(),
                    vars: vars.join(", "),
                });
            }
            for a in self.rhs.accesses() {
                if let Some(mode) = a.indices.iter().position(|ix| ix.as_var() == Some(var)) {
                    return Err(ExtentError::SizedByTensor {
                        var: var.clone(),
                        tensor: a.tensor.clone(),
                        mode,
                    });
                }
            }
            if n == 0 {
                return Err(ExtentError::Zero { var: var.clone() });
            }
        }
        self.extents = extents;
        Ok(())
    }
}
