//! Wire type of the site search (`GET /api/v1/search?q=`, decision G02; doc1 §2 Search, §3 "Search
//! suggestion"): the header box's suggestions and the /busca results (G56) are the same list.

use serde::{Deserialize, Serialize};
use ts_rs::TS;

/// One suggestion or result: the title to show and the link it opens. Links of the station's own pages
/// are site paths (`/noticias/{slug}`, `/artistas/{slug}`, `/musicas/{musicSlug}+{artistSlug}`, …); an
/// external search service may also return absolute URLs.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[ts(export, export_to = "../../ui/src/generated/")]
pub struct SearchSuggestion {
    pub title: String,
    pub link: String,
}
