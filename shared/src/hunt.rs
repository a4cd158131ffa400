//! Wire types of the treasure hunt (`/api/v1/cacaAoTesouro/*`; doc3 §2.7, §2.8, §3, §4.4, §7;
//! decisions C30, G18, G19, S13).
//!
//! C30: the hunt and its prizes are read in two shapes by the original clients, so the server answers a
//! superset (both key sets, same values).

use serde::{Deserialize, Serialize};
use ts_rs::TS;

/// The active hunt with its prizes and totals (`checkInfoActiveHunt`; `null` when no hunt is active).
#[allow(non_snake_case)] // the spec's wire names
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[ts(export, export_to = "../../ui/src/generated/")]
pub struct HuntInfo {
    #[ts(type = "number")]
    pub idHunt: i64,
    /// End, ISO 8601 with the Brasília offset.
    pub huntEndDate: String,
    pub bannerMessage: String,
    #[ts(type = "number")]
    pub id_tesouro: i64,
    pub tx_titulo: String,
    pub tx_descricao: String,
    /// Always true here (only an active hunt is answered).
    pub situacao: bool,
    /// The rules: sanitised HTML.
    pub tx_regulamento: String,
    pub dt_inicio: String,
    pub dt_fim: String,
    pub banner_message: String,
    /// G18: the prizes tab's data, in the editors' order.
    pub prizes: Vec<HuntPrize>,
    /// Sum of every prize's quantity, and how many of them have been won.
    #[ts(type = "number")]
    pub totalPrizes: i64,
    #[ts(type = "number")]
    pub prizesWon: i64,
}

/// A prize of the hunt (doc3 §3, both shapes of C30).
#[allow(non_snake_case)] // the spec's wire names
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[ts(export, export_to = "../../ui/src/generated/")]
pub struct HuntPrize {
    #[ts(type = "number")]
    pub id: i64,
    pub tx_nome: String,
    pub prizeName: String,
    pub prizeDescription: String,
    /// Picture URL ('' when none).
    pub prizeImage: String,
    #[ts(type = "number")]
    pub numberTotalPrize: i64,
    #[ts(type = "number")]
    pub prizeRemainingQuantity: i64,
    #[ts(type = "number")]
    pub prizesWon: i64,
    /// G19: 0 when none is left, then 1–4 by the remaining share in 25% steps (4: more than 75% left).
    pub prizeIcon: u8,
}

/// Where a prize won in the hunt stands for its winner.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, TS)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "lowercase")]
#[ts(export, export_to = "../../ui/src/generated/")]
pub enum HuntWinStatus {
    /// Won: the closed chest shows until it is clicked.
    Reserved,
    /// The chest was opened and the e-mail sent; sharing lets the user hunt again.
    Opened,
    /// Shared: the user hunts again.
    Shared,
}

/// A prize the caller won (`setPageViewAndCheckWin`, `checkSomeReservedPrize`,
/// `changeLogStatusAndSendMail`).
#[allow(non_snake_case)] // the spec's wire names
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[ts(export, export_to = "../../ui/src/generated/")]
pub struct HuntWin {
    /// The win's log entry.
    #[ts(type = "number")]
    pub idLog: i64,
    #[ts(type = "number")]
    pub idHunt: i64,
    pub tx_nome: String,
    pub prizeName: String,
    pub prizeDescription: String,
    pub prizeImage: String,
    pub status: HuntWinStatus,
    /// When it was won, ISO 8601 with the Brasília offset.
    pub wonAt: String,
}

/// The caller's standing in the active hunt (`checkHuntAndPrizes`, G18).
#[allow(non_snake_case)] // the spec's wire names
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[ts(export, export_to = "../../ui/src/generated/")]
pub struct HuntStatus {
    /// A hunt is active now.
    pub huntActive: bool,
    /// The caller's registration is complete (only then do page views count, S13).
    pub registrationComplete: bool,
    /// Page views may win now: a hunt is active, the registration complete and no prize pending.
    pub canWin: bool,
    /// A prize won and not yet shared (reserved or opened), if any.
    pub pendingPrize: Option<HuntWin>,
    /// Prizes the caller won in this hunt.
    #[ts(type = "number")]
    pub prizesWon: i64,
}

/// Where a winner shared the news (`setShareSituation`, G18).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, TS)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "lowercase")]
#[ts(export, export_to = "../../ui/src/generated/")]
pub enum ShareSituation {
    Facebook,
    Twitter,
    Whatsapp,
}

impl ShareSituation {
    pub fn as_str(self) -> &'static str {
        match self {
            Self::Facebook => "facebook",
            Self::Twitter => "twitter",
            Self::Whatsapp => "whatsapp",
        }
    }
}

/// `POST /cacaAoTesouro/setShareSituation`.
#[allow(non_snake_case)] // the spec's wire names
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[ts(export, export_to = "../../ui/src/generated/")]
pub struct ShareSituationRequest {
    pub shareSituation: ShareSituation,
}

/// G19: the icon level of a prize by the share of it that is left (0 = none left … 4 = over 75%).
pub fn prize_icon_level(remaining: i64, total: i64) -> u8 {
    if remaining <= 0 || total <= 0 {
        return 0;
    }
    // Compare remaining/total with k/4 in integers: remaining * 4 <= k * total.
    let quarters = remaining.saturating_mul(4);
    if quarters <= total {
        1
    } else if quarters <= 2 * total {
        2
    } else if quarters <= 3 * total {
        3
    } else {
        4
    }
}

#[cfg(test)]
mod tests {
    use super::prize_icon_level;

    #[test]
    fn icon_levels_follow_g19() {
        assert_eq!(prize_icon_level(0, 10), 0);
        assert_eq!(prize_icon_level(2, 10), 1);
        assert_eq!(prize_icon_level(1, 4), 1);
        assert_eq!(prize_icon_level(5, 10), 2);
        assert_eq!(prize_icon_level(7, 10), 3);
        assert_eq!(prize_icon_level(3, 4), 3);
        assert_eq!(prize_icon_level(8, 10), 4);
        assert_eq!(prize_icon_level(10, 10), 4);
        assert_eq!(prize_icon_level(3, 0), 0);
    }
}
