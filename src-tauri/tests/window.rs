//! The built app opens a window titled 'Onda FM' that shows the UI, under a virtual X server
//! (`tests/smoke.sh` does the X work and leaves a screenshot in target/smoke/).
//!
//! Running it from `cargo test` makes cargo build the app binary with the same features as the rest
//! of the test build, so the test command compiles the workspace once.

#![allow(clippy::unwrap_used, clippy::expect_used)]

use std::process::Command;

#[test]
fn the_app_opens_a_window_showing_the_ui() {
    let script = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/smoke.sh");
    let output = Command::new("bash")
        .arg(script)
        .env("ONDA_DESKTOP_BIN", env!("CARGO_BIN_EXE_onda-desktop"))
        .output()
        .expect("run tests/smoke.sh");
    let stdout = String::from_utf8_lossy(&output.stdout);
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(output.status.success(), "smoke test failed\n{stdout}\n{stderr}");
    assert!(stdout.contains("smoke: OK"), "{stdout}");
}
