//! The server's integration tests, one binary: each module is an area of the API, driven through the
//! real router over a fresh SQLite and PostgreSQL database per test (`common`).
//!
//! One binary instead of one per area: every test binary links the whole server, and on a small
//! machine the links, not the tests, were most of a cold `cargo test` (docs/tests.md).

#![allow(dead_code, clippy::unwrap_used, clippy::expect_used)]

#[macro_use]
mod common;
mod accounts_common;
mod players_common;
mod radio_common;

mod accounts;
mod admin;
mod auth_first;
mod backoffice_catalogue;
mod backoffice_promotions;
mod backup;
mod catalogue;
mod clients;
mod connections;
mod cross_site;
mod crossfade;
mod feeds;
mod forms;
mod hls;
mod hunt;
mod instances;
mod layers;
mod live;
mod live_input;
mod loudness;
mod mail;
mod metrics;
mod news;
mod newsroom;
mod openapi;
mod pages;
mod payments;
mod people;
mod podcasts;
mod poll;
mod pro_page;
mod profile;
mod promotions;
mod radio_engine;
mod replays;
mod schedule;
mod schema;
mod search;
mod seed;
mod seo;
mod shell;
mod social;
mod social_config;
mod stats;
mod upgrade;
mod videos;
mod widgets;
