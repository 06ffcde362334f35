//! Per-suit lookup tables for the fast completeness and wait checks.
