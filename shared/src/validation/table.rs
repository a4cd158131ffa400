//! How the validation limits and messages reach TypeScript. Each one is declared once in
//! `validation.rs` through `rules!`, which makes both the Rust constant the checks use and an entry of a
//! table; `cargo test -p onda-shared` writes the tables to `ui/src/generated/validation-rules.ts`, the
//! same step that regenerates the ts-rs types, so the UI checks with the very numbers and texts the server
//! enforces and CI's stale-file check catches a forgotten regeneration.

use std::fmt::Write as _;

/// One declared constant as the generator sees it.
pub struct Rule {
    pub name: &'static str,
    /// Its doc comment, carried over to the TypeScript as JSDoc so the reason travels with the value.
    pub doc: &'static [&'static str],
    pub value: &'static dyn RuleValue,
}

/// The value of a rule, whatever its Rust type: what the generator writes and the round-trip test reads.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Value {
    Number(i64),
    Text(String),
    List(Vec<Value>),
}

/// The Rust types a rule may have. A new type (say `u32`) needs one impl here.
pub trait RuleValue {
    fn value(&self) -> Value;
}

impl RuleValue for usize {
    fn value(&self) -> Value {
        // Limits are small counts; saturating keeps the conversion total without a panic path.
        Value::Number(i64::try_from(*self).unwrap_or(i64::MAX))
    }
}

impl RuleValue for i32 {
    fn value(&self) -> Value {
        Value::Number(i64::from(*self))
    }
}

impl RuleValue for &str {
    fn value(&self) -> Value {
        Value::Text((*self).to_owned())
    }
}

impl<T: RuleValue, const N: usize> RuleValue for [T; N] {
    fn value(&self) -> Value {
        Value::List(self.iter().map(RuleValue::value).collect())
    }
}

/// Declares public constants and, after them, the public table `$table` listing them for the generator,
/// so a constant cannot exist in Rust without reaching TypeScript:
///
/// ```text
/// rules! {
///     pub const RULES;
///     /// Why 6.
///     CONFIRMATION_CODE_LENGTH: usize = 6;
/// }
/// ```
macro_rules! rules {
    (
        pub const $table:ident;
        $( $(#[doc = $doc:literal])* $name:ident: $ty:ty = $value:expr; )*
    ) => {
        $( $(#[doc = $doc])* pub const $name: $ty = $value; )*

        /// Every constant of this block, in order, for the TypeScript generator (`validation::typescript`).
        pub const $table: &[$crate::validation::Rule] = &[
            $( $crate::validation::Rule { name: stringify!($name), doc: &[$($doc),*], value: &$name }, )*
        ];
    };
}
pub(crate) use rules;

/// The TypeScript objects of the generated file and the tables they hold, in file order. Rules added to an
/// existing block need nothing here; a new block is one more line.
const GROUPS: [(&str, &[Rule]); 2] = [("limits", super::RULES), ("messages", super::messages::RULES)];

/// The text of `ui/src/generated/validation-rules.ts`: one `as const` object per table, keys named as the
/// Rust constants, so `limits.CEP_LENGTH` in TypeScript is `validation::CEP_LENGTH` in Rust.
pub fn typescript() -> String {
    let mut out = String::from(
        "// generated from shared/src/validation.rs by cargo test -p onda-shared; do not edit\n",
    );
    // Writing to a String cannot fail, hence the ignored results.
    for (group, rules) in GROUPS {
        let _ = write!(out, "\nexport const {group} = {{\n");
        for rule in rules {
            out.push_str(&jsdoc(rule.doc));
            let _ = writeln!(out, "  {}: {},", rule.name, literal(&rule.value.value()));
        }
        out.push_str("} as const;\n");
    }
    out
}

fn jsdoc(doc: &[&str]) -> String {
    // `*/` inside a doc line would end the comment early.
    let lines: Vec<String> = doc.iter().map(|line| line.trim().replace("*/", "*\\/")).collect();
    match lines.as_slice() {
        [] => String::new(),
        [line] => format!("  /** {line} */\n"),
        lines => {
            let body: String = lines
                .iter()
                .map(|line| {
                    if line.is_empty() {
                        "   *\n".to_owned()
                    } else {
                        format!("   * {line}\n")
                    }
                })
                .collect();
            format!("  /**\n{body}   */\n")
        }
    }
}

/// A TypeScript literal in the UI's Prettier style (single quotes).
fn literal(value: &Value) -> String {
    match value {
        Value::Number(n) => n.to_string(),
        Value::Text(text) => {
            let mut quoted = String::from("'");
            for c in text.chars() {
                match c {
                    '\\' => quoted.push_str("\\\\"),
                    '\'' => quoted.push_str("\\'"),
                    '\n' => quoted.push_str("\\n"),
                    c => quoted.push(c),
                }
            }
            quoted.push('\'');
            quoted
        }
        Value::List(items) => {
            let items: Vec<String> = items.iter().map(literal).collect();
            format!("[{}]", items.join(", "))
        }
    }
}

#[cfg(test)]
mod tests {
    use std::collections::BTreeMap;
    use std::path::Path;

    use super::*;
    use crate::validation::{self, messages};

    /// Where the file goes, from the workspace root: next to the ts-rs output.
    const TYPESCRIPT_PATH: &str = "ui/src/generated/validation-rules.ts";

    /// Writes the file like ts-rs writes its types; only when the text changed, so a run that changes
    /// nothing does not wake the Vite watcher.
    #[test]
    fn export_validation_rules_typescript() {
        let path = Path::new(env!("CARGO_MANIFEST_DIR"))
            .join("..")
            .join(TYPESCRIPT_PATH);
        let text = typescript();
        if std::fs::read_to_string(&path).ok().as_deref() != Some(text.as_str()) {
            std::fs::write(&path, text).unwrap();
        }
    }

    /// Reads a generated file back: `group.NAME` → value. Deliberately independent of `literal` so the
    /// round trip checks the escaping rather than repeating it.
    fn parse(ts: &str) -> BTreeMap<String, Value> {
        let mut entries = BTreeMap::new();
        let mut group = None;
        for line in ts.lines() {
            if let Some(name) = line
                .strip_prefix("export const ")
                .and_then(|l| l.strip_suffix(" = {"))
            {
                group = Some(name.to_owned());
            } else if line == "} as const;" {
                group = None;
            } else if line.trim_start().starts_with("/**") || line.trim_start().starts_with('*') {
                // JSDoc.
            } else if let (Some(group), Some((key, rest))) = (&group, line.trim().split_once(": ")) {
                let rest = rest.strip_suffix(',').unwrap();
                let (value, tail) = parse_value(rest);
                assert!(tail.is_empty(), "trailing text after {key}: {tail:?}");
                let previous = entries.insert(format!("{group}.{key}"), value);
                assert!(previous.is_none(), "{group}.{key} is declared twice");
            }
        }
        entries
    }

    fn parse_value(s: &str) -> (Value, &str) {
        if let Some(mut rest) = s.strip_prefix('[') {
            let mut items = Vec::new();
            loop {
                if let Some(tail) = rest.strip_prefix(']') {
                    return (Value::List(items), tail);
                }
                let (item, tail) = parse_value(rest.trim_start_matches(", "));
                items.push(item);
                rest = tail;
            }
        } else if let Some(body) = s.strip_prefix('\'') {
            let mut text = String::new();
            let mut chars = body.char_indices();
            while let Some((i, c)) = chars.next() {
                match c {
                    '\'' => return (Value::Text(text), &body[i + 1..]),
                    '\\' => match chars.next().map(|(_, c)| c) {
                        Some('n') => text.push('\n'),
                        Some(c) => text.push(c),
                        None => panic!("dangling escape in {s:?}"),
                    },
                    c => text.push(c),
                }
            }
            panic!("unterminated string {s:?}")
        } else {
            let end = s
                .find(|c: char| !c.is_ascii_digit() && c != '-')
                .unwrap_or(s.len());
            (Value::Number(s[..end].parse().unwrap()), &s[end..])
        }
    }

    #[test]
    fn every_declared_constant_round_trips_through_the_typescript() {
        let parsed = parse(&typescript());
        let declared: usize = GROUPS.iter().map(|(_, rules)| rules.len()).sum();
        assert_eq!(parsed.len(), declared);
        for (group, rules) in GROUPS {
            for rule in rules {
                assert_eq!(
                    parsed.get(&format!("{group}.{}", rule.name)),
                    Some(&rule.value.value())
                );
            }
        }
        // A few by hand, so the test does not only compare the table with itself.
        assert_eq!(parsed["limits.PROFILE_NAME_MAX"], Value::Number(30));
        assert_eq!(
            parsed["limits.MIN_AGE"],
            Value::Number(i64::from(validation::MIN_AGE))
        );
        assert_eq!(
            parsed["limits.TELEFONE_LENGTHS"],
            Value::List(vec![Value::Number(14), Value::Number(15)])
        );
        assert_eq!(
            parsed["limits.GENDERS"],
            Value::List(vec![
                Value::Text("FEMININO".into()),
                Value::Text("MASCULINO".into())
            ])
        );
        assert_eq!(parsed["messages.NAME"], Value::Text(messages::NAME.into()));
        assert_eq!(
            parsed["messages.RESET_PASSWORD_MISMATCH"],
            Value::Text("A senha e a confirmação não conferem!".into())
        );
    }

    #[test]
    fn texts_are_escaped() {
        let tricky = Value::Text("it's a \\ path\nand */ more".into());
        assert_eq!(parse_value(&literal(&tricky)), (tricky, ""));
        assert_eq!(jsdoc(&[" ends */ early"]), "  /** ends *\\/ early */\n");
    }

    #[test]
    fn the_file_starts_with_its_origin() {
        assert!(typescript().starts_with(
            "// generated from shared/src/validation.rs by cargo test -p onda-shared; do not edit\n"
        ));
    }
}
