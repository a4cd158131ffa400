//! The listeners' form submissions (`form_submissions`): a stored submission as people read it (the
//! e-mail to the station, the inbox and the CSV all list the same Portuguese labels in the form's
//! order, from here), the inbox's queries, the CV files, and the job that mails and prunes them.

mod cv;
mod delivery;

pub use cv::{CvType, cv_dir, sniff};
pub use delivery::{
    INBOX_PERIOD, MAIL_LEASE_SECONDS, prune_inbox, retry_unmailed, run_inbox_jobs, spawn_delivery,
};

use onda_shared::{
    forms::{
        ContactRequest, CurriculumRequest, FormKind, FreeStreamingRequest, InboxField, InboxItem,
        RecommendationRequest,
    },
    validation::contact_subject,
};
use sqlx::{Row as _, any::AnyRow};

use crate::{Error, Result, clock::iso, db::Db};

/// The validated request of one form, as stored in `form_submissions.payload` (JSON).
#[derive(Debug, Clone)]
pub enum Submission {
    Recommendation(RecommendationRequest),
    Contact(ContactRequest),
    WorkWithUs(CurriculumRequest),
    FreeStreaming(FreeStreamingRequest),
}

impl Submission {
    pub fn kind(&self) -> FormKind {
        match self {
            Self::Recommendation(_) => FormKind::Recommendation,
            Self::Contact(_) => FormKind::Contact,
            Self::WorkWithUs(_) => FormKind::WorkWithUs,
            Self::FreeStreaming(_) => FormKind::FreeStreaming,
        }
    }

    pub fn parse(kind: FormKind, payload: &str) -> serde_json::Result<Self> {
        Ok(match kind {
            FormKind::Recommendation => Self::Recommendation(serde_json::from_str(payload)?),
            FormKind::Contact => Self::Contact(serde_json::from_str(payload)?),
            FormKind::WorkWithUs => Self::WorkWithUs(serde_json::from_str(payload)?),
            FormKind::FreeStreaming => Self::FreeStreaming(serde_json::from_str(payload)?),
        })
    }

    pub fn payload(&self) -> serde_json::Result<String> {
        match self {
            Self::Recommendation(r) => serde_json::to_string(r),
            Self::Contact(r) => serde_json::to_string(r),
            Self::WorkWithUs(r) => serde_json::to_string(r),
            Self::FreeStreaming(r) => serde_json::to_string(r),
        }
    }

    /// The contact subject, the one column stored apart (each subject may have its own address).
    pub fn category_id(&self) -> Option<i64> {
        match self {
            Self::Contact(r) => Some(r.categoryId),
            _ => None,
        }
    }

    /// The sender's own address, where staff reply (a recommendation's sender is its account).
    pub fn email(&self) -> Option<&str> {
        match self {
            Self::Recommendation(_) => None,
            Self::Contact(r) => Some(&r.email),
            Self::WorkWithUs(r) => Some(&r.email),
            Self::FreeStreaming(r) => Some(&r.emailOwner),
        }
    }

    /// One line: who and about what.
    pub fn summary(&self) -> String {
        match self {
            Self::Recommendation(r) => format!("{} — {}", r.artistName, r.musicName),
            Self::Contact(r) => format!("{} — {}", r.name, contact_subject(r.categoryId).unwrap_or("?")),
            Self::WorkWithUs(r) => format!("{} {} — {}", r.name, r.lastName, r.textoCargo),
            Self::FreeStreaming(r) => format!("{} — {} {}", r.tradeName, r.city, r.state),
        }
    }

    /// Every field in the form's order, with its Portuguese label.
    pub fn fields(&self) -> Vec<InboxField> {
        let pairs: Vec<(&str, String)> = match self {
            Self::Recommendation(r) => vec![
                ("Artista ou banda", r.artistName.clone()),
                ("Música", r.musicName.clone()),
                ("Link", r.musicLink.clone().unwrap_or_default()),
                ("Mensagem", r.message.clone()),
            ],
            Self::Contact(r) => vec![
                (
                    "Assunto",
                    contact_subject(r.categoryId).unwrap_or_default().to_owned(),
                ),
                ("Nome", r.name.clone()),
                ("E-mail", r.email.clone()),
                ("Telefone", r.tel.clone()),
                ("Cidade", r.city.clone()),
                ("Estado", r.state.clone()),
                ("Mensagem", r.text.clone()),
            ],
            Self::WorkWithUs(r) => vec![
                ("Nome", r.name.clone()),
                ("Sobrenome", r.lastName.clone()),
                ("Telefone", r.telefone.clone()),
                ("E-mail", r.email.clone()),
                ("Cargo", r.textoCargo.clone()),
                ("Sobre você", r.aboutYou.clone()),
            ],
            Self::FreeStreaming(r) => vec![
                ("Razão social", r.company.clone()),
                ("Nome fantasia", r.tradeName.clone()),
                ("CNPJ", r.cnpj.clone().unwrap_or_default()),
                ("Site", r.page.clone()),
                ("Proprietário", r.nameOwner.clone()),
                ("E-mail", r.emailOwner.clone()),
                ("Telefone", r.telefone.clone().unwrap_or_default()),
                ("Faixa", r.band.clone()),
                ("Frequência", r.frequency.clone()),
                ("Potência/classe", r.power.clone()),
                ("Estado", r.state.clone()),
                ("Cidade", r.city.clone()),
            ],
        };
        pairs
            .into_iter()
            .map(|(label, value)| InboxField {
                label: label.to_owned(),
                value,
            })
            .collect()
    }
}

/// The columns `Stored::from_row` reads; `s` is form_submissions, `a` the sender's account, `h` the
/// staff member who handled it.
pub const COLUMNS: &str = "s.id, s.kind, s.user_id, s.category_id, s.payload, s.file_path, \
     s.created_at, s.mailed_at, s.handled_at, a.name AS account_name, a.email AS account_email, \
     h.email AS handled_by";
pub const FROM: &str = "form_submissions s LEFT JOIN users a ON a.id = s.user_id \
     LEFT JOIN users h ON h.id = s.handled_by";

/// A row of `form_submissions` with the names it joins.
#[derive(Debug, Clone)]
pub struct Stored {
    pub id: i64,
    pub submission: Submission,
    pub user_id: Option<i64>,
    pub category_id: Option<i64>,
    /// The CV's stored name (work with us).
    pub file_path: Option<String>,
    pub created_at: i64,
    pub mailed_at: Option<i64>,
    pub handled_at: Option<i64>,
    pub handled_by: Option<String>,
    /// The sending account's name and e-mail, while it exists.
    pub account: Option<(String, String)>,
}

impl Stored {
    pub fn from_row(row: &AnyRow) -> Result<Self> {
        let kind: String = row.try_get("kind")?;
        let kind = FormKind::parse(&kind)
            .ok_or_else(|| Error::Internal(anyhow::anyhow!("unknown submission kind {kind:?}")))?;
        let payload: String = row.try_get("payload")?;
        let submission = Submission::parse(kind, &payload)
            .map_err(|err| Error::Internal(anyhow::anyhow!("submission payload: {err}")))?;
        let name: Option<String> = row.try_get("account_name")?;
        let email: Option<String> = row.try_get("account_email")?;
        Ok(Self {
            id: row.try_get("id")?,
            submission,
            user_id: row.try_get("user_id")?,
            category_id: row.try_get("category_id")?,
            file_path: row.try_get("file_path")?,
            created_at: row.try_get("created_at")?,
            mailed_at: row.try_get("mailed_at")?,
            handled_at: row.try_get("handled_at")?,
            handled_by: row.try_get("handled_by")?,
            account: name.zip(email),
        })
    }

    /// The form's fields, then the account that sent it (when there was a session) and the CV's name.
    pub fn fields(&self) -> Vec<InboxField> {
        let mut fields = self.submission.fields();
        if let Some((name, email)) = &self.account {
            fields.push(InboxField {
                label: "Conta".to_owned(),
                value: format!("{name} <{email}>"),
            });
        }
        if let Some(file) = &self.file_path {
            fields.push(InboxField {
                label: "Currículo".to_owned(),
                value: file.clone(),
            });
        }
        fields
    }

    pub fn item(&self) -> InboxItem {
        InboxItem {
            id: self.id,
            kind: self.submission.kind(),
            summary: self.submission.summary(),
            email: self
                .submission
                .email()
                .map(str::to_owned)
                .or_else(|| self.account.as_ref().map(|(_, email)| email.clone()))
                .unwrap_or_default(),
            user_id: self.user_id,
            category_id: self.category_id,
            created_at: iso(self.created_at),
            mailed_at: self.mailed_at.map(iso),
            handled_at: self.handled_at.map(iso),
            handled_by: self.handled_by.clone(),
            has_curriculum: self.file_path.is_some(),
            fields: self.fields(),
        }
    }
}

/// One CSV field (RFC 4180). A value a spreadsheet would run as a formula (`=`, `+`, `-`, `@`, tab,
/// CR first) gets a leading apostrophe: the file is opened by staff, its text written by strangers.
pub fn csv_field(value: &str) -> String {
    let value = if value.starts_with(['=', '+', '-', '@', '\t', '\r']) {
        format!("'{value}")
    } else {
        value.to_owned()
    };
    if value.contains([',', '"', '\n', '\r', ';']) {
        format!("\"{}\"", value.replace('"', "\"\""))
    } else {
        value
    }
}

/// Unhandled submissions of a kind (the terminal's `admin inbox`, the menu's counters).
pub async fn unhandled(db: &Db, kind: FormKind) -> Result<Vec<Stored>> {
    let rows = sqlx::query(&format!(
        "SELECT {COLUMNS} FROM {FROM} WHERE s.kind = $1 AND s.handled_at IS NULL ORDER BY s.id DESC"
    ))
    .bind(kind.as_str())
    .fetch_all(&db.pool)
    .await?;
    rows.iter().map(Stored::from_row).collect()
}

/// How many submissions wait for their e-mail to leave (the metrics' mail queue).
pub async fn unmailed_count(db: &Db) -> Result<i64> {
    Ok(
        sqlx::query_scalar("SELECT COUNT(*) FROM form_submissions WHERE mailed_at IS NULL")
            .fetch_one(&db.pool)
            .await?,
    )
}

/// How many submissions of a kind there are (only the unhandled ones, or all).
pub async fn count(db: &Db, kind: FormKind, only_unhandled: bool) -> Result<i64> {
    let filter = if only_unhandled {
        " AND handled_at IS NULL"
    } else {
        ""
    };
    Ok(sqlx::query_scalar(&format!(
        "SELECT CAST(COUNT(*) AS BIGINT) FROM form_submissions WHERE kind = $1{filter}"
    ))
    .bind(kind.as_str())
    .fetch_one(&db.pool)
    .await?)
}

#[cfg(test)]
mod tests {
    use super::csv_field;

    #[test]
    fn csv_quotes_and_defuses_formulas() {
        assert_eq!(csv_field("Ana"), "Ana");
        assert_eq!(csv_field("a,b"), "\"a,b\"");
        assert_eq!(csv_field("diz \"oi\""), "\"diz \"\"oi\"\"\"");
        assert_eq!(csv_field("=HYPERLINK(\"x\")"), "\"'=HYPERLINK(\"\"x\"\")\"");
        assert_eq!(csv_field("linha\nduas"), "\"linha\nduas\"");
    }
}
