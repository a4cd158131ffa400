//! The statistics channels: the total, each client kind and each stream, with their labels.

use std::collections::BTreeSet;

use onda_shared::stats::StatsChannel;

use crate::{
    Result,
    db::Db,
    radio::listeners::{CLIENT_KINDS, TOTAL},
};

/// The statistics channels the station knows: its streams (with names and PRO flags) and affiliates.
pub(super) struct ChannelBook {
    /// Stream ids in display order with label and pro flag.
    pub(super) streams: Vec<(String, String, bool)>,
}

impl ChannelBook {
    pub(super) async fn load(db: &Db) -> Result<Self> {
        let mut streams: Vec<(String, String, bool)> = sqlx::query_as::<_, (String, String, i64)>(
            "SELECT stream_id, name, is_pro FROM streams ORDER BY position, id",
        )
        .fetch_all(&db.pool)
        .await?
        .into_iter()
        .map(|(id, name, pro)| (id, name, pro != 0))
        .collect();
        let affiliates: Vec<(String, String)> =
            sqlx::query_as("SELECT sid, name FROM affiliates ORDER BY name, sid")
                .fetch_all(&db.pool)
                .await?;
        for (sid, name) in affiliates {
            if !streams.iter().any(|(id, _, _)| *id == sid) {
                streams.push((sid, name, false));
            }
        }
        Ok(Self { streams })
    }

    pub(super) fn is_known(&self, key: &str) -> bool {
        key == TOTAL || CLIENT_KINDS.contains(&key) || self.streams.iter().any(|(id, _, _)| id == key)
    }

    /// The channels among `keys` in display order: total, the client kinds, the streams, then any
    /// other key (a stream since removed) alphabetically.
    pub(super) fn describe(&self, keys: &BTreeSet<String>) -> Vec<StatsChannel> {
        let mut out = Vec::new();
        let mut push = |key: &str, label: &str, pro: bool| {
            if keys.contains(key) {
                out.push(StatsChannel {
                    key: key.to_owned(),
                    label: label.to_owned(),
                    pro,
                });
            }
        };
        push(TOTAL, "Total", false);
        for kind in CLIENT_KINDS {
            push(kind, client_label(kind), false);
        }
        for (id, name, pro) in &self.streams {
            push(id, name, *pro);
        }
        for key in keys {
            if !out.iter().any(|channel| channel.key == *key) {
                out.push(StatsChannel {
                    key: key.clone(),
                    label: key.clone(),
                    pro: false,
                });
            }
        }
        out
    }
}

pub(super) fn client_label(kind: &str) -> &'static str {
    match kind {
        "https" => "HTTPS",
        "http" => "HTTP",
        "android" => "Android",
        "ios" => "iOS",
        "desktop" => "Desktop",
        "alexa" => "Alexa",
        "tuneIn" => "TuneIn",
        _ => "",
    }
}
