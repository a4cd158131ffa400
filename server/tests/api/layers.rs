//! The server's layers, read from its source: the routers and commands on top (`routes`, `web`,
//! `admin`, `seed`), everything else below them. A module below never reaches up, so what two of the
//! top modules share (a table's SQL, a rule, a job) lives in a module of its own below (`data/` for
//! the aggregates' SQL), and a reader finds it in one place.

use std::path::{Path, PathBuf};

/// The top modules: nothing else may name them.
const TOP: &[&str] = &["routes", "web", "admin", "seed"];

/// A top module that runs another, and why: the operator's `seed-demo` command is the seed.
const ALLOWED: &[(&str, &str)] = &[("admin", "seed")];

fn rust_files(dir: &Path, out: &mut Vec<PathBuf>) {
    for entry in std::fs::read_dir(dir).expect("the source folder") {
        let path = entry.expect("a folder entry").path();
        if path.is_dir() {
            rust_files(&path, out);
        } else if path.extension().is_some_and(|ext| ext == "rs") {
            out.push(path);
        }
    }
}

/// The top module a source file belongs to, if any (`src/routes/news.rs` → `routes`).
fn top_module(relative: &Path) -> Option<&'static str> {
    let first = relative.components().next()?.as_os_str().to_str()?;
    let stem = first.strip_suffix(".rs").unwrap_or(first);
    TOP.iter().copied().find(|top| *top == stem)
}

/// Every `crate::<top>::` path (or a `use crate::{…, <top>::…}` group) in code, comments left out.
fn names_of_top(source: &str, top: &str) -> Vec<usize> {
    let mut lines = Vec::new();
    for (number, line) in source.lines().enumerate() {
        let code = line.split("//").next().unwrap_or("");
        let path = format!("{top}::");
        let named = code.match_indices(&path).any(|(at, _)| {
            let before = &code[..at];
            // `crate::routes::x`, `onda_server::routes::x`, or a bare `routes::x` inside `use crate::{…}`.
            before.ends_with("crate::")
                || before.ends_with("onda_server::")
                || before.trim_end().ends_with('{')
                || before.trim_end().ends_with(',')
                || before.trim().is_empty()
        });
        if named {
            lines.push(number + 1);
        }
    }
    lines
}

#[test]
fn no_module_below_the_routers_reaches_up() {
    let src = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let mut files = Vec::new();
    rust_files(&src, &mut files);
    files.sort();
    assert!(
        files.len() > 50,
        "the server's sources were found ({})",
        files.len()
    );
    let mut offences = Vec::new();
    for file in &files {
        let relative = file.strip_prefix(&src).expect("below src");
        // The crate's root assembles the routers and the binary calls them: both sit above everything.
        if relative == Path::new("lib.rs") || relative == Path::new("main.rs") {
            continue;
        }
        let own = top_module(relative);
        let source = std::fs::read_to_string(file).expect("a source file");
        for top in TOP {
            // A top module may use itself; `web` and `routes` are peers and share through modules below.
            if own == Some(*top) || own.is_some_and(|own| ALLOWED.contains(&(own, *top))) {
                continue;
            }
            for line in names_of_top(&source, top) {
                offences.push(format!("{}:{line} names `{top}`", relative.display()));
            }
        }
    }
    assert!(
        offences.is_empty(),
        "modules reach into a router or a command instead of a module below them:\n{}",
        offences.join("\n")
    );
}

#[test]
fn the_scan_sees_every_way_of_naming_a_module() {
    assert_eq!(names_of_top("use crate::routes::news;", "routes"), vec![1]);
    assert_eq!(
        names_of_top("x\n    crate::routes::news::item(db)", "routes"),
        vec![2]
    );
    assert_eq!(
        names_of_top("use crate::{AppState, routes::shell::KEY};", "routes"),
        vec![1]
    );
    assert_eq!(
        names_of_top("use crate::{\n    routes::shell,\n};", "routes"),
        vec![2]
    );
    assert!(names_of_top("// see routes::news", "routes").is_empty());
    assert!(names_of_top("let x = hot_routes::y;", "routes").is_empty());
    assert!(names_of_top("use crate::data::news;", "routes").is_empty());
}
