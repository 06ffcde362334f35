//! Fuzz target `majsoul`: see `targets.rs` for what it runs and checks.

#![no_main]

// Each target calls one of the shared bodies; the others are unused here.
#[allow(dead_code)]
#[path = "../targets.rs"]
mod targets;

libfuzzer_sys::fuzz_target!(|data: &[u8]| targets::majsoul(data));
