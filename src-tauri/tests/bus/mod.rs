//! Tests that need a session bus run their test binary again inside a private one: `dbus-run-session`
//! with a minimal configuration (no service activation, so nothing of the machine's — a keyring, a
//! notification daemon — starts by itself) and a throwaway home. The child runs the one test by name;
//! the parent checks it passed. Skipped, loudly, only when the programs are not installed.

#![allow(dead_code, clippy::unwrap_used, clippy::expect_used, clippy::print_stderr)]

use std::{
    path::Path,
    process::{Command, Output},
};

/// Set in the child: the test body runs instead of the re-launch.
pub const CHILD: &str = "ONDA_BUS_TEST_CHILD";

/// Whether this process is the re-launched child (run the test body).
pub fn is_child() -> bool {
    std::env::var_os(CHILD).is_some()
}

const CONFIG: &str = r#"<!DOCTYPE busconfig PUBLIC "-//freedesktop//DTD D-Bus Bus Configuration 1.0//EN"
 "http://www.freedesktop.org/standards/dbus/1.0/busconfig.dtd">
<busconfig>
  <type>session</type>
  <listen>unix:tmpdir=/tmp</listen>
  <auth>EXTERNAL</auth>
  <policy context="default">
    <allow send_destination="*" eavesdrop="true"/>
    <allow eavesdrop="true"/>
    <allow own="*"/>
  </policy>
</busconfig>
"#;

fn tool_missing(tool: &str) -> bool {
    Command::new("sh")
        .args(["-c", &format!("command -v {tool} >/dev/null")])
        .status()
        .map(|status| !status.success())
        .unwrap_or(true)
}

/// A throwaway home (with a private XDG_RUNTIME_DIR) for the child.
pub fn private_home() -> tempfile::TempDir {
    let home = tempfile::tempdir().unwrap();
    let run = home.path().join("run");
    std::fs::create_dir_all(&run).unwrap();
    use std::os::unix::fs::PermissionsExt;
    std::fs::set_permissions(&run, std::fs::Permissions::from_mode(0o700)).unwrap();
    home
}

/// Runs the test `name` of this binary again inside a fresh session bus, after `setup` (shell code),
/// with `home` as its home. `tools` are the programs it needs besides `dbus-run-session` (with the
/// Debian packages that hold them). None when one is missing: the test is then skipped, with a message.
pub fn run_in_private_session(
    name: &str,
    setup: &str,
    home: &Path,
    tools: &[(&str, &str)],
) -> Option<Output> {
    for (tool, package) in [("dbus-run-session", "dbus")].iter().chain(tools) {
        if tool_missing(tool) {
            eprintln!("\n*** SKIPPED {name}: `{tool}` is not installed (apt-get install {package}) ***\n");
            return None;
        }
    }
    let config = home.join("bus.conf");
    std::fs::write(&config, CONFIG).unwrap();
    let script = format!("{setup}\nexec \"$@\"");
    let output = Command::new("dbus-run-session")
        .arg(format!("--config-file={}", config.display()))
        .args(["--", "sh", "-c", &script, "sh"])
        .arg(std::env::current_exe().unwrap())
        .args(["--exact", name, "--nocapture", "--test-threads=1"])
        .env(CHILD, "1")
        .env("HOME", home)
        .env("XDG_DATA_HOME", home.join("data"))
        .env("XDG_CONFIG_HOME", home.join("config"))
        .env("XDG_CACHE_HOME", home.join("cache"))
        .env("XDG_RUNTIME_DIR", home.join("run"))
        .env_remove("DISPLAY")
        .env_remove("WAYLAND_DISPLAY")
        .env("RUST_LOG", "warn,onda_desktop=info")
        .output()
        .expect("run dbus-run-session");
    let stdout = String::from_utf8_lossy(&output.stdout);
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(
        output.status.success(),
        "the test failed inside the private bus\n{stdout}\n{stderr}"
    );
    assert!(
        stdout.contains("1 passed"),
        "the child ran no test\n{stdout}\n{stderr}"
    );
    Some(output)
}
