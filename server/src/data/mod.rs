//! Below the routes: each aggregate's SQL and the rules that go with it, in one module per aggregate.
//! The API's handlers (`routes`), the page rendering (`web`), the operator's commands (`admin`), the
//! demo content (`seed`) and the background jobs all call these; nothing here imports from them. A
//! table is queried from its aggregate's module, so a rule such as "a news item is public once its
//! publication time has come" is written once.
//!
//! Jobs live beside the data they work on (the statistics' rollup and retention, the inbox's mail
//! retries and retention) and `main.rs` starts them.

pub mod catalogue;
pub mod ecad;
pub mod hunts;
pub mod news;
pub mod playlists;
pub mod promotions;
pub mod replays;
pub mod schedule;
pub mod settings;
pub mod statistics;
pub mod streams;
pub mod submissions;
