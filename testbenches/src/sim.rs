//! A loaded model: the C ABI of `shim/samsim.cpp` behind a safe Rust type.

use std::ffi::c_void;
use std::path::Path;

use libloading::Library;

use crate::shim_abi::{load_library, new_instance, sym};
use crate::verilator::BuiltModel;
use crate::CosimError;

type FreeFn = unsafe extern "C" fn(*mut c_void);
type CountFn = unsafe extern "C" fn() -> u32;
type ResetFn = unsafe extern "C" fn(*mut c_void, u32);
type SetInFn = unsafe extern "C" fn(*mut c_void, u32, u32, u64);
type SetReadyFn = unsafe extern "C" fn(*mut c_void, u32, u32);
type UnitFn = unsafe extern "C" fn(*mut c_void);
type GetBitFn = unsafe extern "C" fn(*mut c_void, u32) -> u32;
type GetTokFn = unsafe extern "C" fn(*mut c_void, u32) -> u64;
type StatusFn = unsafe extern "C" fn(*mut c_void) -> u32;
type HostWriteFn = unsafe extern "C" fn(*mut c_void, u32, u64);
type HostReadFn = unsafe extern "C" fn(*mut c_void, u32) -> u64;

/// The shim's C ABI version (`samsim_abi_version`).
const ABI_VERSION: u32 = 3;

struct Api {
    free: FreeFn,
    reset: ResetFn,
    set_in: SetInFn,
    set_out_ready: SetReadyFn,
    eval: UnitFn,
    in_ready: GetBitFn,
    out_valid: GetBitFn,
    out_tok: GetTokFn,
    tick: UnitFn,
    got_error: StatusFn,
    host_write: HostWriteFn,
    host_read: HostReadFn,
    read_timeout: StatusFn,
}

/// One running instance of a model. Lane indices are checked against the model.
pub struct Sim {
    api: Api,
    handle: *mut c_void,
    num_in: u32,
    num_out: u32,
    cycle: u64,
    // Last so it unloads after `handle` is freed.
    _lib: Library,
}

impl Sim {
    /// Load `model`; `wave` writes a waveform if the model was built with tracing;
    /// `seed` draws the initial values of registers that have no reset.
    pub fn new(model: &BuiltModel, wave: Option<&Path>, seed: u32) -> Result<Sim, CosimError> {
        let path = &model.library;
        let lib = load_library(path)?;
        let abi: CountFn = sym(&lib, "samsim_abi_version", path)?;
        let num_in: CountFn = sym(&lib, "samsim_num_in", path)?;
        let num_out: CountFn = sym(&lib, "samsim_num_out", path)?;
        // SAFETY: plain getters without arguments.
        let (abi, got_in, got_out) = unsafe { (abi(), num_in(), num_out()) };
        let (want_in, want_out) = (model.lanes().0.max(1), model.lanes().1.max(1));
        if abi != ABI_VERSION || got_in != want_in || got_out != want_out {
            return Err(CosimError::LaneMismatch {
                path: path.clone(),
                got: format!("abi {abi}, {got_in} in, {got_out} out"),
                want: format!("abi {ABI_VERSION}, {want_in} in, {want_out} out"),
            });
        }
        let api = Api {
            free: sym(&lib, "samsim_free", path)?,
            reset: sym(&lib, "samsim_reset", path)?,
            set_in: sym(&lib, "samsim_set_in", path)?,
            set_out_ready: sym(&lib, "samsim_set_out_ready", path)?,
            eval: sym(&lib, "samsim_eval", path)?,
            in_ready: sym(&lib, "samsim_in_ready", path)?,
            out_valid: sym(&lib, "samsim_out_valid", path)?,
            out_tok: sym(&lib, "samsim_out_tok", path)?,
            tick: sym(&lib, "samsim_tick", path)?,
            got_error: sym(&lib, "samsim_got_error", path)?,
            host_write: sym(&lib, "samsim_host_write", path)?,
            host_read: sym(&lib, "samsim_host_read", path)?,
            read_timeout: sym(&lib, "samsim_read_timeout", path)?,
        };
        let handle = new_instance(&lib, path, "samsim_new", wave, seed)?;
        Ok(Sim {
            api,
            handle,
            num_in: want_in,
            num_out: want_out,
            cycle: 0,
            _lib: lib,
        })
    }

    pub fn num_in(&self) -> u32 {
        self.num_in
    }

    pub fn num_out(&self) -> u32 {
        self.num_out
    }

    /// Cycles since the last reset.
    pub fn cycle(&self) -> u64 {
        self.cycle
    }

    pub fn reset(&mut self, cycles: u32) {
        // SAFETY (all methods below): `handle` is live until Drop, lanes are in range.
        unsafe { (self.api.reset)(self.handle, cycles) };
        self.cycle = 0;
    }

    pub fn set_in(&mut self, lane: u32, valid: bool, tok: u64) {
        assert!(lane < self.num_in, "input lane {lane} out of range");
        unsafe { (self.api.set_in)(self.handle, lane, valid as u32, tok) }
    }

    pub fn set_out_ready(&mut self, lane: u32, ready: bool) {
        assert!(lane < self.num_out, "output lane {lane} out of range");
        unsafe { (self.api.set_out_ready)(self.handle, lane, ready as u32) }
    }

    pub fn eval(&mut self) {
        unsafe { (self.api.eval)(self.handle) }
    }

    pub fn in_ready(&self, lane: u32) -> bool {
        assert!(lane < self.num_in, "input lane {lane} out of range");
        unsafe { (self.api.in_ready)(self.handle, lane) != 0 }
    }

    pub fn out_valid(&self, lane: u32) -> bool {
        assert!(lane < self.num_out, "output lane {lane} out of range");
        unsafe { (self.api.out_valid)(self.handle, lane) != 0 }
    }

    pub fn out_tok(&self, lane: u32) -> u64 {
        assert!(lane < self.num_out, "output lane {lane} out of range");
        unsafe { (self.api.out_tok)(self.handle, lane) }
    }

    /// One clock cycle; an RTL assertion that fired is an error.
    pub fn tick(&mut self) -> Result<(), CosimError> {
        unsafe { (self.api.tick)(self.handle) };
        self.cycle += 1;
        self.check_errors()
    }

    /// Write one word through the host port (one clock cycle).
    pub fn host_write(&mut self, addr: u64, data: u64) -> Result<(), CosimError> {
        let addr = u32::try_from(addr).map_err(|_| {
            CosimError::Mismatch(format!("host address {addr:#x} is beyond 32 bits"))
        })?;
        unsafe { (self.api.host_write)(self.handle, addr, data) };
        self.check_errors()
    }

    /// Read one word through the host port (the shim waits for `host_rvalid_o`).
    pub fn host_read(&mut self, addr: u64) -> Result<u64, CosimError> {
        let addr = u32::try_from(addr).map_err(|_| {
            CosimError::Mismatch(format!("host address {addr:#x} is beyond 32 bits"))
        })?;
        let v = unsafe { (self.api.host_read)(self.handle, addr) };
        self.check_errors()?;
        if unsafe { (self.api.read_timeout)(self.handle) } != 0 {
            return Err(crate::shim_abi::read_timeout(u64::from(addr)));
        }
        Ok(v)
    }

    fn check_errors(&self) -> Result<(), CosimError> {
        if unsafe { (self.api.got_error)(self.handle) } != 0 {
            return Err(CosimError::Assertion { cycle: self.cycle });
        }
        Ok(())
    }
}

impl Drop for Sim {
    fn drop(&mut self) {
        // SAFETY: `handle` came from samsim_new and is freed exactly once.
        unsafe { (self.api.free)(self.handle) }
    }
}
