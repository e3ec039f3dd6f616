//! What the shims' C ABIs share (`shim/samsim.cpp`, `samkernel.cpp` and
//! `samboard.cpp`): loading a model's library, looking up its symbols, making
//! an instance, and the error of a host read the model never answered.

use std::ffi::{c_void, CString};
use std::path::Path;

use libloading::Library;

use crate::CosimError;

type NewFn = unsafe extern "C" fn(*const std::ffi::c_char, u32) -> *mut c_void;

/// Load a model's shared library.
pub(crate) fn load_library(path: &Path) -> Result<Library, CosimError> {
    // SAFETY: loading runs the model's static constructors, which only set up
    // Verilator's own globals.
    unsafe { Library::new(path) }.map_err(|source| CosimError::Load {
        path: path.to_path_buf(),
        source,
    })
}

/// A new model instance from the shim's `symbol` (`samsim_new`, `samk_new`,
/// `samb_new`): `wave` writes a waveform if the model was built with tracing,
/// `seed` draws the initial values of registers without reset.
pub(crate) fn new_instance(
    lib: &Library,
    path: &Path,
    symbol: &str,
    wave: Option<&Path>,
    seed: u32,
) -> Result<*mut c_void, CosimError> {
    let new: NewFn = sym(lib, symbol, path)?;
    let wave_c = wave
        .map(|p| CString::new(p.as_os_str().as_encoded_bytes()))
        .transpose()
        .map_err(|_| CosimError::Mismatch("waveform path contains a NUL byte".into()))?;
    // SAFETY: the shim copies the path before returning; it outlives the call.
    Ok(unsafe {
        new(
            wave_c.as_ref().map_or(std::ptr::null(), |c| c.as_ptr()),
            seed,
        )
    })
}

/// Symbol `name` of a loaded model (shared by the loaders of every shim).
pub(crate) fn sym<T: Copy>(lib: &Library, name: &str, path: &Path) -> Result<T, CosimError> {
    // SAFETY: callers give the types of the extern "C" signatures in the shim
    // (samsim.cpp or samkernel.cpp), whose ABI version they check on load.
    unsafe {
        lib.get::<T>(name.as_bytes())
            .map(|s| *s)
            .map_err(|source| CosimError::Load {
                path: path.to_path_buf(),
                source,
            })
    }
}

/// A host read that `host_rvalid_o` never answered.
pub(crate) fn read_timeout(addr: u64) -> CosimError {
    CosimError::Timeout {
        cycles: 64,
        detail: format!("the host read of {addr:#x} got no host_rvalid_o"),
    }
}
