//! kibitzer: terminal chess against an engine that explains itself.
//!
//! The library holds everything; the binary (`src/main.rs`) only parses the command line and
//! dispatches. Everything here is testable without a terminal.
// No unsafe code, except two audited hints in `engine/tt.rs` (a cache prefetch and `madvise`).
#![deny(unsafe_code)]
#![warn(missing_docs)]

pub mod analysis;
pub mod analysis_board;
pub mod app;
pub mod cli;
pub mod clock;
pub mod config;
pub mod cpu;
pub mod datagen;
pub mod echo;
pub mod editor;
pub mod engine;
pub mod eval_table;
pub mod explain;
pub mod feedback;
pub mod game;
pub mod i18n;
pub mod job;
pub mod keys;
pub mod material;
pub mod opening;
pub mod options;
pub mod perft;
pub mod pgn;
pub mod play;
pub mod posdb;
pub mod prompt;
pub mod review;
pub mod screen;
pub mod share;
pub mod shell;
pub mod tablebase;
pub mod text;
pub mod train;
pub mod tui;
pub mod tune;
pub mod uci;
pub mod ui;
pub mod variant;
