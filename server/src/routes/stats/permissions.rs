//! Who may see what: the caller's permission numbers, the check every call starts with, and
//! getUserPermissions (the dashboard's menu, channels and control links).

use std::collections::BTreeSet;

use axum::{extract::State, http::HeaderMap, response::Response};
use onda_shared::stats::{PermissionsContent, StatsAffiliate, StatsLink, UserPermissions};

use super::{CLEAN_CACHE, SEE_AFFILIATES, reply};
use crate::{
    AppState, Result,
    auth::AuthUser,
    extract::request_origin,
    openapi::{Reply, tags},
};

pub(super) use crate::staff::{permissions_of, require};

/// The caller's staff permissions and what they unlock (any session; empty for a listener).
#[utoipa::path(get, path = "/stats/getUserPermissions", tag = tags::STATS,
    security(("bearer" = []), ("cookie" = [])),
    responses((status = 200, description = "The caller's permissions, affiliates and control links",
        body = Reply<UserPermissions>)))]
pub(super) async fn get_user_permissions(
    State(state): State<AppState>,
    user: AuthUser,
    headers: HeaderMap,
) -> Result<Response> {
    let permissions = permissions_of(&state.db, user.user_id).await?;
    let origin = request_origin(&state, &headers);
    let mut content = PermissionsContent {
        affiliates: Vec::new(),
        affiliates_url: String::new(),
        links: Vec::new(),
    };
    if permissions.contains(&SEE_AFFILIATES) {
        // The affiliates the engine relays: their stream URL is the local mount named after the sid.
        let rows: Vec<(String, String, String)> =
            sqlx::query_as("SELECT sid, name, stream_url FROM affiliates ORDER BY name, sid")
                .fetch_all(&state.db.pool)
                .await?;
        content.affiliates = rows
            .into_iter()
            .filter(|(sid, _, url)| *url == format!("/stream/{sid}.mp3"))
            .map(|(sid, name, _)| StatsAffiliate { sid, name })
            .collect();
        content.affiliates_url = format!("{origin}/stream/");
    }
    if permissions.contains(&CLEAN_CACHE) {
        content.links = control_links(&state, &origin).await?;
    }
    Ok(reply(
        "success",
        UserPermissions {
            user_permissions: permissions,
            content,
        },
    ))
}

/// G21: the station's control links: the site, every stream source, the health check and the status
/// page of each external Icecast server.
pub(super) async fn control_links(state: &AppState, origin: &str) -> Result<Vec<StatsLink>> {
    let mut links = vec![StatsLink {
        label: format!("Site ({})", state.config.station_name),
        url: format!("{origin}/"),
    }];
    let rows: Vec<(String, String, String)> = sqlx::query_as(
        "SELECT s.name, ss.codec, ss.src FROM stream_sources ss JOIN streams s ON s.id = ss.stream_id \
         ORDER BY s.position, s.id, ss.position, ss.id",
    )
    .fetch_all(&state.db.pool)
    .await?;
    let mut icecast = BTreeSet::new();
    for (name, codec, src) in rows {
        let absolute = src.starts_with("http://") || src.starts_with("https://");
        let label = if codec.is_empty() {
            name
        } else {
            format!("{name} ({codec})")
        };
        if absolute {
            if let Some(scheme_end) = src.find("://")
                && let Some(path_start) = src[scheme_end + 3..].find('/')
            {
                icecast.insert(src[..scheme_end + 3 + path_start].to_owned());
            }
            links.push(StatsLink { label, url: src });
        } else {
            links.push(StatsLink {
                label,
                url: format!("{origin}{src}"),
            });
        }
    }
    links.push(StatsLink {
        label: "Health".to_owned(),
        url: format!("{origin}/health"),
    });
    for base in icecast {
        links.push(StatsLink {
            label: format!("Icecast ({base})"),
            url: format!("{base}/status.xsl"),
        });
    }
    Ok(links)
}
