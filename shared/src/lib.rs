//! Wire types of the Onda HTTP API.
//!
//! Everything that crosses the Rust/TypeScript boundary is defined here once. `cargo test -p onda-shared`
//! regenerates `ui/src/generated/*.ts` through ts-rs; CI fails when the committed files are stale.

pub mod accounts;
pub mod backoffice_catalogue;
pub mod backoffice_promotions;
pub mod catalogue;
pub mod clients;
pub mod desktop;
pub mod envelope;
pub mod forms;
pub mod hunt;
pub mod icy;
pub mod live;
pub mod media_content;
pub mod news;
pub mod newsroom;
pub mod packed_audio;
pub mod pages;
pub mod people;
pub mod pro_page;
pub mod promotions;
pub mod schedule;
pub mod search;
pub mod shell;
pub mod stats;
pub mod validation;
pub mod widgets;

pub use envelope::{Envelope, Status};
