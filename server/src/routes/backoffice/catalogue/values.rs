//! A catalogue item's values: checked and normalised from the editor's JSON by each field's kind (the
//! Portuguese message names the field), and read back from a row as JSON.

use std::collections::BTreeMap;

use onda_shared::{
    backoffice_catalogue::FieldKind,
    validation::{cover_url, email_within, html_has_content, messages, youtube_id},
};
use serde_json::Value;
use sqlx::{Row, any::AnyRow};

use super::collections::{Collection, Field};
use crate::{Error, Result, db::Arg, html::sanitize, radio::icecast};

/// The longest entry of a text list (a client's 'Cidade/UF').
const LIST_ENTRY_MAX: usize = 100;
/// The longest source address of a channel.
const SOURCE_MAX: usize = 300;

/// A message of `validation::messages` with the field's label and limits in place.
pub fn message(template: &str, field: &Field) -> String {
    template
        .replace("{campo}", field.label)
        .replace("{max}", &field.max.to_string())
        .replace("{min}", &field.min.to_string())
}

fn invalid(field: &Field) -> Error {
    Error::bad_request(message(messages::CATALOGUE_INVALID, field))
}

/// What a field stores: a column value, or the entries of its own table.
#[derive(Debug, Clone)]
pub enum Stored {
    Column(Arg),
    Texts(Vec<String>),
    Ids(Vec<i64>),
}

/// An uploaded MP3 (`/media/uploads/audio/<32 hex>.mp3`) or one of the station's own files.
pub fn audio_url(value: &str) -> bool {
    if let Some(name) = value.strip_prefix("/media/uploads/audio/") {
        return name.strip_suffix(".mp3").is_some_and(|key| {
            key.len() == 32 && key.bytes().all(|b| matches!(b, b'0'..=b'9' | b'a'..=b'f'))
        });
    }
    value.strip_prefix("/media/audio/").is_some_and(|rest| {
        !rest.is_empty()
            && !rest.contains("..")
            && rest
                .bytes()
                .all(|b| b.is_ascii_alphanumeric() || matches!(b, b'/' | b'.' | b'-' | b'_'))
    })
}

/// '#RRGGBB': a channel's colour here, the top bar's in `settings`.
pub(super) fn hex_colour(value: &str) -> bool {
    value
        .strip_prefix('#')
        .is_some_and(|hex| hex.len() == 6 && hex.bytes().all(|b| b.is_ascii_hexdigit()))
}

/// A channel's source: a mount of this server's engine (`/stream/<name>.mp3|.aac|.m3u8`, the names
/// `radio::mount` serves) or the https address of an outside server (an Icecast mount): players load
/// it on an https page, and plain http would be blocked there as mixed content anyway. Whether its
/// host is public is [`check_hosts`]'s question (it needs the network).
fn stream_source(value: &str) -> bool {
    if let Some(name) = value.strip_prefix("/stream/") {
        let stem = name
            .strip_suffix(".mp3")
            .or_else(|| name.strip_suffix(".aac"))
            .or_else(|| name.strip_suffix(".m3u8"));
        return stem.is_some_and(|stem| {
            !stem.is_empty()
                && stem
                    .bytes()
                    .all(|b| b.is_ascii_lowercase() || b.is_ascii_digit() || b == b'-' || b == b'_')
        });
    }
    https_url(value)
}

/// Characters no stored address may hold: whitespace and control characters (URL parsers drop some,
/// so `/\t/host` would become `//host`), quotes and angle brackets (an address is written into
/// attributes), and the backtick.
fn unsafe_char(c: char) -> bool {
    c.is_whitespace() || c.is_control() || matches!(c, '"' | '\'' | '<' | '>' | '`')
}

/// An `https://` address with a host, as a URL parser reads it.
fn https_url(value: &str) -> bool {
    value.starts_with("https://")
        && !value.chars().any(|c| unsafe_char(c) || c == '\\')
        && reqwest::Url::parse(value).is_ok_and(|url| url.scheme() == "https" && url.host().is_some())
}

/// An address the browser opens (`FieldKind::Link`): a path of this site or an https address. A
/// path starts with one slash: `//host` and `/\host` are another host to a browser.
fn link(value: &str) -> bool {
    match value.strip_prefix('/') {
        Some(path) => !path.starts_with('/') && !value.chars().any(|c| unsafe_char(c) || c == '\\'),
        None => https_url(value),
    }
}

fn web_url(value: &str) -> bool {
    (value.starts_with("https://") || value.starts_with("http://"))
        && value.len() > "https://".len()
        && !value.chars().any(unsafe_char)
}

/// Minutes of 'HH:MM', up to `max` (1440 allows '24:00').
pub fn minutes(value: &str, max: i64) -> Option<i64> {
    let (hours, mins) = value.split_once(':')?;
    if hours.len() != 2 || mins.len() != 2 {
        return None;
    }
    let hours: i64 = hours.parse().ok()?;
    let mins: i64 = mins.parse().ok()?;
    let total = hours * 60 + mins;
    (mins < 60 && (0..=max).contains(&total)).then_some(total)
}

fn text_of(value: &Value, field: &Field) -> Result<String> {
    match value {
        Value::String(text) => {
            if text.contains('\0') {
                return Err(invalid(field));
            }
            Ok(text.trim().to_owned())
        }
        Value::Null => Ok(String::new()),
        _ => Err(invalid(field)),
    }
}

fn within(text: &str, field: &Field) -> Result<()> {
    if i64::try_from(text.chars().count()).unwrap_or(i64::MAX) > field.max {
        return Err(Error::bad_request(message(messages::CATALOGUE_TOO_LONG, field)));
    }
    Ok(())
}

fn required(field: &Field) -> Error {
    Error::bad_request(message(messages::CATALOGUE_REQUIRED, field))
}

/// Checks one field's value (`Null` when the key was not sent) and answers what to store. References
/// and songs are only checked for shape here; the caller checks that they exist.
pub fn check(field: &Field, value: &Value) -> Result<Stored> {
    let blank_text = |text: &str| {
        if text.is_empty() && field.required {
            Err(required(field))
        } else {
            Ok(())
        }
    };
    let stored = match field.kind {
        FieldKind::Text | FieldKind::Multiline | FieldKind::Link | FieldKind::Identifier => {
            let text = text_of(value, field)?;
            blank_text(&text)?;
            within(&text, field)?;
            let fine = match field.kind {
                FieldKind::Text => !text.contains(['\n', '\r']),
                FieldKind::Link => text.is_empty() || link(&text),
                FieldKind::Identifier => text
                    .bytes()
                    .all(|b| b.is_ascii_lowercase() || b.is_ascii_digit() || b == b'-' || b == b'_'),
                _ => true,
            };
            if !fine {
                return Err(invalid(field));
            }
            Stored::Column(Arg::Text(text))
        }
        FieldKind::Html => {
            let text = text_of(value, field)?;
            within(&text, field)?;
            if field.required && !html_has_content(&text) {
                return Err(required(field));
            }
            Stored::Column(Arg::Text(if text.is_empty() { text } else { sanitize(&text) }))
        }
        FieldKind::Image | FieldKind::Audio | FieldKind::Url | FieldKind::Email | FieldKind::YouTube => {
            let text = text_of(value, field)?;
            blank_text(&text)?;
            let fine = text.is_empty()
                || match field.kind {
                    FieldKind::Image => cover_url(&text),
                    FieldKind::Audio => audio_url(&text),
                    FieldKind::Url => {
                        web_url(&text) && i64::try_from(text.len()).unwrap_or(i64::MAX) <= field.max
                    }
                    FieldKind::Email => email_within(&text, usize::try_from(field.max).unwrap_or(0)),
                    _ => youtube_id(&text),
                };
            if !fine {
                return Err(invalid(field));
            }
            Stored::Column(Arg::Text(text))
        }
        FieldKind::Color => {
            let text = text_of(value, field)?;
            blank_text(&text)?;
            if !text.is_empty() && !hex_colour(&text) {
                return Err(invalid(field));
            }
            Stored::Column(Arg::Text(text.to_ascii_lowercase()))
        }
        FieldKind::Integer | FieldKind::Reference => match value {
            Value::Null => {
                if field.required {
                    return Err(required(field));
                }
                Stored::Column(Arg::Null)
            }
            Value::Number(number) => {
                let n = number.as_i64().ok_or_else(|| invalid(field))?;
                if field.kind == FieldKind::Integer && !(field.min..=field.max).contains(&n) {
                    return Err(Error::bad_request(message(messages::CATALOGUE_RANGE, field)));
                }
                if field.kind == FieldKind::Reference && n <= 0 {
                    return Err(invalid(field));
                }
                Stored::Column(Arg::Int(n))
            }
            _ => return Err(invalid(field)),
        },
        FieldKind::Boolean => match value {
            Value::Null => Stored::Column(Arg::Int(i64::from(field.default_on))),
            Value::Bool(flag) => Stored::Column(Arg::Int(i64::from(*flag))),
            _ => return Err(invalid(field)),
        },
        FieldKind::Time => {
            let text = text_of(value, field)?;
            blank_text(&text)?;
            if !text.is_empty() && minutes(&text, field.max).is_none() {
                return Err(invalid(field));
            }
            Stored::Column(Arg::Text(text))
        }
        FieldKind::Weekdays => {
            let text = text_of(value, field)?;
            let mut days: Vec<u8> = Vec::new();
            for part in text.split(',').map(str::trim).filter(|part| !part.is_empty()) {
                match part.parse::<u8>() {
                    Ok(day @ 1..=7) if !days.contains(&day) => days.push(day),
                    _ => return Err(invalid(field)),
                }
            }
            days.sort_unstable();
            let text = days.iter().map(u8::to_string).collect::<Vec<_>>().join(",");
            blank_text(&text)?;
            Stored::Column(Arg::Text(text))
        }
        FieldKind::Select => {
            let text = text_of(value, field)?;
            blank_text(&text)?;
            if !text.is_empty() && !field.options.iter().any(|(option, _)| *option == text) {
                return Err(invalid(field));
            }
            Stored::Column(Arg::Text(text))
        }
        FieldKind::TextList | FieldKind::SourceList => {
            let entries = list(value, field)?;
            let mut texts: Vec<String> = Vec::with_capacity(entries.len());
            for entry in entries {
                let Value::String(text) = entry else {
                    return Err(invalid(field));
                };
                let text = text.trim();
                if text.is_empty() {
                    continue;
                }
                let limit = if field.kind == FieldKind::SourceList {
                    SOURCE_MAX
                } else {
                    LIST_ENTRY_MAX
                };
                if text.contains('\0') || text.contains(['\n', '\r']) || text.chars().count() > limit {
                    return Err(invalid(field));
                }
                if field.kind == FieldKind::SourceList && !stream_source(text) {
                    return Err(invalid(field));
                }
                if !texts.iter().any(|seen| seen == text) {
                    texts.push(text.to_owned());
                }
            }
            if texts.is_empty() && field.required {
                return Err(required(field));
            }
            Stored::Texts(texts)
        }
        FieldKind::SongList => {
            let mut ids: Vec<i64> = Vec::new();
            for entry in list(value, field)? {
                let id = entry
                    .as_i64()
                    .filter(|id| *id > 0)
                    .ok_or_else(|| invalid(field))?;
                if ids.contains(&id) {
                    return Err(invalid(field));
                }
                ids.push(id);
            }
            if ids.is_empty() && field.required {
                return Err(required(field));
            }
            Stored::Ids(ids)
        }
    };
    Ok(stored)
}

/// The check of the checked values that needs the network: a channel's source on another server is
/// refused when its host is, or resolves to, a local or private address (the station polls each
/// source's status from inside its own network). Run before any transaction, as a name may take a
/// moment to resolve.
pub async fn check_hosts(checked: &[(&'static Field, Stored)]) -> Result<()> {
    for (field, stored) in checked {
        let (FieldKind::SourceList, Stored::Texts(texts)) = (field.kind, stored) else {
            continue;
        };
        for text in texts.iter().filter(|text| !text.starts_with('/')) {
            if icecast::address::check_source(text).await.is_err() {
                return Err(Error::bad_request(message(
                    messages::CATALOGUE_PRIVATE_ADDRESS,
                    field,
                )));
            }
        }
    }
    Ok(())
}

fn list<'a>(value: &'a Value, field: &Field) -> Result<&'a [Value]> {
    let entries: &[Value] = match value {
        Value::Null => &[],
        Value::Array(entries) => entries,
        _ => return Err(invalid(field)),
    };
    if i64::try_from(entries.len()).unwrap_or(i64::MAX) > field.max {
        return Err(Error::bad_request(message(messages::CATALOGUE_TOO_MANY, field)));
    }
    Ok(entries)
}

/// Every field of `collection` checked from `values`; a key no field has is refused.
pub fn check_all(
    collection: &Collection,
    values: &BTreeMap<String, Value>,
) -> Result<Vec<(&'static Field, Stored)>> {
    if let Some(unknown) = values
        .keys()
        .find(|key| !collection.fields.iter().any(|field| field.key == key.as_str()))
    {
        let shown: String = unknown.chars().take(40).collect();
        return Err(Error::bad_request(
            messages::CATALOGUE_UNKNOWN_FIELD.replace("{campo}", &shown),
        ));
    }
    collection
        .fields
        .iter()
        .map(|field| {
            Ok((
                field,
                match values.get(field.key) {
                    Some(value) => check(field, value)?,
                    // A select with a default means it when the key is left out.
                    None if field.default_first => check(field, &field.empty_value())?,
                    None => check(field, &Value::Null)?,
                },
            ))
        })
        .collect()
}

/// A column field's value in `row`, as the editor gets it.
pub fn read(field: &Field, row: &AnyRow) -> Result<Value> {
    let column = field.column;
    Ok(match field.kind {
        FieldKind::Boolean => Value::Bool(row.try_get::<i64, _>(column)? != 0),
        FieldKind::Integer | FieldKind::Reference => row
            .try_get::<Option<i64>, _>(column)?
            .map_or(Value::Null, Value::from),
        FieldKind::TextList | FieldKind::SongList | FieldKind::SourceList => Value::Array(Vec::new()),
        _ => Value::String(row.try_get(column)?),
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::routes::backoffice::catalogue::collections::find;

    fn field(collection: &str, key: &str) -> &'static Field {
        find(collection)
            .and_then(|c| c.fields.iter().find(|f| f.key == key))
            .unwrap()
    }

    #[test]
    fn times_weekdays_and_urls() {
        assert_eq!(minutes("06:30", 1439), Some(390));
        assert_eq!(minutes("24:00", 1440), Some(1440));
        assert_eq!(minutes("24:00", 1439), None);
        assert_eq!(minutes("6:30", 1439), None);
        assert_eq!(minutes("10:75", 1439), None);
        let days = check(field("programs", "weekdays"), &Value::from("5, 1,3")).unwrap();
        assert!(matches!(days, Stored::Column(Arg::Text(ref t)) if t == "1,3,5"));
        assert!(check(field("programs", "weekdays"), &Value::from("8")).is_err());
        assert!(
            check(field("programs", "weekdays"), &Value::from("")).is_err(),
            "required"
        );
        assert!(web_url("https://loja.example/album"));
        assert!(!web_url("javascript:alert(1)"));
        assert!(!web_url("https://x.example/\"onmouseover"));
        assert!(audio_url(
            "/media/uploads/audio/0123456789abcdef0123456789abcdef.mp3"
        ));
        assert!(!audio_url("/media/uploads/audio/../../etc/passwd.mp3"));
        assert!(audio_url("/media/audio/music/abc.mp3"));
        assert!(stream_source("/stream/onda_1_aacp.aac"));
        assert!(stream_source("/stream/onda-2.mp3"));
        assert!(stream_source("https://icecast.example:8000/onda.mp3"));
        assert!(!stream_source("/stream/../etc.mp3"));
        assert!(!stream_source("/stream/onda.ogg"));
        assert!(!stream_source("javascript:alert(1)"));
        // Players and the station's poller read a source: plain http is neither safe on an https page
        // nor checked by anyone on the way.
        assert!(!stream_source("http://icecast.example:8000/onda.mp3"));
        assert!(!stream_source("https://"));
        assert!(!stream_source("//icecast.example/onda.mp3"));
        assert!(hex_colour("#FF5f1f"));
        assert!(!hex_colour("#ff5f1"));
        assert!(!hex_colour("red"));
    }

    /// The player opens a channel's window with `window.open` and the 'Sintonize' modal plays an
    /// affiliate's stream: only a path of this site or an https address may get there.
    #[test]
    fn addresses_the_browser_opens_are_paths_or_https() {
        for key in [("channels", "popupUrl"), ("affiliates", "streamUrl")] {
            let field = field(key.0, key.1);
            for fine in [
                "",
                "/ouvir-radio-online?streamId=onda_roma&popup=1",
                "/stream/serra.mp3",
                "https://festival.example/player",
            ] {
                assert!(check(field, &Value::from(fine)).is_ok(), "{key:?} {fine}");
            }
            for refused in [
                "javascript:alert(document.domain)",
                " JavaScript:alert(1)",
                "data:text/html,<script>alert(1)</script>",
                "vbscript:msgbox(1)",
                "http://evil.example/x",
                "//evil.example/x",
                "/\\evil.example/x",
                "\\\\evil.example/x",
                "/\t/evil.example/x",
                "https://",
                "https:evil.example",
                "ouvir-radio-online?streamId=x",
                "/x\"onmouseover=\"alert(1)",
            ] {
                let err = check(field, &Value::from(refused)).unwrap_err();
                assert_eq!(
                    err.to_string(),
                    format!("O campo {} é inválido", field.label),
                    "{key:?} {refused}"
                );
            }
        }
    }

    #[test]
    fn messages_name_the_field() {
        let name = field("artists", "name");
        let err = check(name, &Value::from("")).unwrap_err();
        assert_eq!(err.to_string(), "Preencha o campo Nome");
        let err = check(name, &Value::from("x".repeat(101))).unwrap_err();
        assert_eq!(err.to_string(), "O campo Nome deve ter no máximo 100 caracteres");
        let year = field("albums", "releaseYear");
        assert_eq!(
            check(year, &Value::from(1800)).unwrap_err().to_string(),
            "O campo Ano deve estar entre 1900 e 2100"
        );
        let songs = field("top10", "songs");
        assert!(
            check(songs, &serde_json::json!([1, 2, 2])).is_err(),
            "a song twice"
        );
        assert!(check(songs, &serde_json::json!((1..=11).collect::<Vec<_>>())).is_err());
    }
}
