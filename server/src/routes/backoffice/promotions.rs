//! Promotions in the back office (`/api/v1/backoffice/promotions*`, permission 6): the list,
//! the editor's load and save, delete, the answers (a page, or every one as CSV) and the draw.
//!
//! Opening and closing are edits of `isPublished`, `startsAt` and `endsAt`, the columns the public
//! calls read, so the site and the back office cannot disagree about whether a promotion takes answers.
//! The description and the regulation are sanitised here before they are stored (and again on the way
//! out by the public calls, which also serve the seed's rows). Every save is one transaction with its
//! audit row; `version` refuses a stale save (409).

use axum::{
    extract::{Query, rejection::QueryRejection},
    http::{HeaderValue, header},
    response::{IntoResponse, Response},
};
use onda_shared::{
    backoffice_promotions::{
        CampaignStatus, DrawRequest, DrawResult, PromotionAnswerRow, PromotionAnswersPage, PromotionDraft,
        PromotionInput, PromotionPage, PromotionRow, StaffWinner,
    },
    validation::{self, messages, promotion_input},
};
use serde_json::{Value, json};
use sqlx::{AnyConnection, Row, any::AnyRow};
use utoipa_axum::{router::OpenApiRouter, routes};

use super::{
    audit::record,
    kit::{self, Area, Filter, Listing, Save, Slug, Staff, flag, text},
    no_store, timestamps,
};
use crate::{
    AppState, Error, Result,
    auth::random_hex,
    clock::{iso, now},
    db::Arg,
    draw,
    error::ok,
    extract::{ApiJson, ApiPath},
    html::sanitize,
    openapi::{EmptyReply, Reply, tags},
    staff::PROMOTIONS,
};

pub(super) fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(promotions_list, promotion_create))
        .routes(routes!(promotion_get, promotion_update, promotion_delete))
        .routes(routes!(promotion_answers))
        .routes(routes!(promotion_answers_csv))
        .routes(routes!(promotion_draw))
}

const NOT_FOUND: &str = "promotion not found";
/// Longest title search, in characters.
const QUERY_MAX: usize = 100;
/// The audit copy keeps the fields, not megabytes: long HTML is cut there (never in the promotion).
const AUDIT_TEXT_MAX: usize = 2_000;

const COLUMNS: &str = "id, slug, title, short_description, description, rules, question, image_url, \
    banner_url, color_scheme, is_pro, is_editable, is_multiple, is_single_word, affiliate, is_published, \
    starts_at, ends_at, version";

/// Promotions for the save kit.
struct Promotions;

kit::versioned_area!(Promotions: PromotionDraft, "promotions", "promotion", NOT_FOUND,
    messages::PROMO_STALE, load load, copy |_area, draft| audit_copy(draft),
    version |draft| draft.input.version);

/// The stored promotion as the editor's input.
fn input_of(row: &AnyRow) -> Result<(i64, String, PromotionInput, i64, i64, bool)> {
    let flag = |name: &str| row.try_get::<i64, _>(name).map(|value| value != 0);
    let starts_at: i64 = row.try_get("starts_at")?;
    let ends_at: i64 = row.try_get("ends_at")?;
    let published = flag("is_published")?;
    let input = PromotionInput {
        title: row.try_get("title")?,
        short_description: row.try_get("short_description")?,
        description: row.try_get("description")?,
        rules: row.try_get("rules")?,
        question: row.try_get("question")?,
        image_url: row.try_get("image_url")?,
        banner_url: row.try_get("banner_url")?,
        color_scheme: row.try_get("color_scheme")?,
        is_pro: flag("is_pro")?,
        is_editable: flag("is_editable")?,
        is_multiple: flag("is_multiple")?,
        is_single_word: flag("is_single_word")?,
        affiliate: row.try_get("affiliate")?,
        is_published: published,
        starts_at: iso(starts_at),
        ends_at: iso(ends_at),
        version: Some(row.try_get("version")?),
    };
    Ok((
        row.try_get("id")?,
        row.try_get("slug")?,
        input,
        starts_at,
        ends_at,
        published,
    ))
}

/// Everyone who won the promotion, first drawn first.
async fn winners(conn: &mut AnyConnection, id: i64) -> Result<Vec<StaffWinner>> {
    let rows = sqlx::query(
        "SELECT w.first_name, w.last_name, w.city, COALESCE(s.uf, '') AS uf, w.won_on, w.mailed_at, \
         COALESCE(u.email, '') AS email FROM promotion_winners w LEFT JOIN states s ON s.id = w.state_id \
         LEFT JOIN users u ON u.id = w.user_id WHERE w.promotion_id = $1 ORDER BY w.id",
    )
    .bind(id)
    .fetch_all(&mut *conn)
    .await?;
    rows.iter()
        .map(|row| {
            let first: String = row.try_get("first_name")?;
            let last: String = row.try_get("last_name")?;
            Ok(StaffWinner {
                name: format!("{first} {last}").trim().to_owned(),
                email: row.try_get("email")?,
                city: row.try_get("city")?,
                uf: row.try_get("uf")?,
                won_on: row.try_get("won_on")?,
                mailed: row.try_get::<Option<i64>, _>("mailed_at")?.is_some(),
            })
        })
        .collect()
}

/// The editor's view of promotion `id`, read on `conn` (a transaction's, to see its own writes).
async fn load(conn: &mut AnyConnection, id: i64) -> Result<Option<PromotionDraft>> {
    let Some(row) = sqlx::query(&format!("SELECT {COLUMNS} FROM promotions WHERE id = $1"))
        .bind(id)
        .fetch_optional(&mut *conn)
        .await?
    else {
        return Ok(None);
    };
    let (id, slug, input, starts_at, ends_at, published) = input_of(&row)?;
    let (answers, participants): (i64, i64) = sqlx::query_as(
        "SELECT CAST(COUNT(*) AS BIGINT), CAST(COUNT(DISTINCT user_id) AS BIGINT) FROM promotion_answers \
         WHERE promotion_id = $1",
    )
    .bind(id)
    .fetch_one(&mut *conn)
    .await?;
    Ok(Some(PromotionDraft {
        id,
        url: format!("/promocoes/{slug}"),
        slug,
        status: CampaignStatus::at(published, starts_at, ends_at, now()),
        input,
        answers,
        participants,
        winners: winners(conn, id).await?,
    }))
}

/// The record as the audit log keeps it: the editor's fields, long HTML cut.
fn audit_copy(draft: &PromotionDraft) -> Value {
    let mut value = serde_json::to_value(&draft.input).unwrap_or(Value::Null);
    for field in ["description", "rules"] {
        if let Some(text) = value.get(field).and_then(Value::as_str) {
            let length = text.chars().count();
            if length > AUDIT_TEXT_MAX {
                value[field] = Value::String(text.chars().take(AUDIT_TEXT_MAX).collect());
                value[format!("{field}Length")] = Value::from(length);
            }
        }
    }
    value["slug"] = Value::String(draft.slug.clone());
    value
}

/// Checks the input and reads its dates. A NUL character (PostgreSQL stores none) is refused.
fn resolve(raw: &PromotionInput) -> Result<(PromotionInput, i64, i64)> {
    let texts = [
        &raw.title,
        &raw.short_description,
        &raw.description,
        &raw.rules,
        &raw.question,
        &raw.image_url,
        &raw.banner_url,
        &raw.color_scheme,
        &raw.affiliate,
        &raw.starts_at,
        &raw.ends_at,
    ];
    if texts.iter().any(|text| text.contains('\0')) {
        return Err(Error::bad_request("invalid text: NUL character"));
    }
    let input = promotion_input(raw).map_err(Error::bad_request)?;
    let (starts_at, ends_at) = timestamps(&input.starts_at, &input.ends_at)
        .ok_or_else(|| Error::bad_request(messages::PROMO_DATES))?;
    Ok((
        PromotionInput {
            description: sanitize(&input.description),
            rules: sanitize(&input.rules),
            ..input
        },
        starts_at,
        ends_at,
    ))
}

/// The columns a save writes (a new promotion and a change).
fn columns(input: &PromotionInput, starts_at: i64, ends_at: i64) -> Vec<(&'static str, Arg)> {
    vec![
        ("title", text(&input.title)),
        ("short_description", text(&input.short_description)),
        ("description", text(&input.description)),
        ("rules", text(&input.rules)),
        ("question", text(&input.question)),
        ("image_url", text(&input.image_url)),
        ("banner_url", text(&input.banner_url)),
        ("color_scheme", text(&input.color_scheme)),
        ("is_pro", flag(input.is_pro)),
        ("is_editable", flag(input.is_editable)),
        ("is_multiple", flag(input.is_multiple)),
        ("is_single_word", flag(input.is_single_word)),
        ("affiliate", text(&input.affiliate)),
        ("is_published", flag(input.is_published)),
        ("starts_at", Arg::Int(starts_at)),
        ("ends_at", Arg::Int(ends_at)),
        ("changed_at", Arg::Int(now())),
    ]
}

// ---------------------------------------------------------------------------------------------------
// The list

kit::list_query! {
    pub(super) struct ListQuery {
        /// Words of the title (case-insensitive; up to 100 characters).
        #[param(max_length = 100)]
        q: Option<String>,
        /// `hidden`, `scheduled`, `open` or `closed`.
        #[param(pattern = "^(hidden|scheduled|open|closed)$")]
        status: Option<String>,
    }
}

kit::staff_path! {
    get "/backoffice/promotions", params(ListQuery)
        => "A page of promotions, latest start first": Reply<PromotionPage>;
    /// The promotions, latest start first, with their answer and winner counts.
    pub(super) async fn promotions_list(
        Staff(state, _): Staff<PROMOTIONS>,
        Listing(query, (page, per_page)): Listing<ListQuery>,
    ) -> Result<Response> {
        let now = now();
        let mut filter = Filter::default();
        if let Some(q) = kit::search(query.q.as_deref(), QUERY_MAX, "invalid q")? {
            filter.contains("p.title", q);
        }
        match query
            .status
            .as_deref()
            .filter(|s| !s.is_empty())
            .map(CampaignStatus::parse)
        {
            None => {}
            Some(None) => return Err(Error::bad_request("invalid status")),
            Some(Some(CampaignStatus::Hidden)) => filter.clause("p.is_published = 0"),
            Some(Some(status)) => {
                let n = filter.arg(Arg::Int(now));
                filter.clause(match status {
                    CampaignStatus::Scheduled => format!("p.is_published = 1 AND p.starts_at > {n}"),
                    CampaignStatus::Open => {
                        format!("p.is_published = 1 AND p.starts_at <= {n} AND p.ends_at > {n}")
                    }
                    _ => format!("p.is_published = 1 AND p.ends_at <= {n}"),
                });
            }
        }
        let select = "SELECT p.id, p.slug, p.title, p.is_published, p.starts_at, p.ends_at, p.image_url, p.is_pro, \
             (SELECT CAST(COUNT(*) AS BIGINT) FROM promotion_answers a WHERE a.promotion_id = p.id) AS answers, \
             (SELECT CAST(COUNT(*) AS BIGINT) FROM promotion_winners w WHERE w.promotion_id = p.id) AS winners \
             FROM promotions p";
        let mut conn = state.db.pool.acquire().await?;
        let order = "p.starts_at DESC, p.id DESC";
        let listed = kit::page(
            &mut conn,
            "FROM promotions p",
            select,
            filter,
            order,
            (page, per_page),
        )
        .await?;
        listed.map::<PromotionPage>(|row| {
            let starts_at: i64 = row.try_get("starts_at")?;
            let ends_at: i64 = row.try_get("ends_at")?;
            Ok(PromotionRow {
                id: row.try_get("id")?,
                slug: row.try_get("slug")?,
                title: row.try_get("title")?,
                status: CampaignStatus::at(
                    row.try_get::<i64, _>("is_published")? != 0,
                    starts_at,
                    ends_at,
                    now,
                ),
                starts_at: iso(starts_at),
                ends_at: iso(ends_at),
                image_url: row.try_get("image_url")?,
                is_pro: row.try_get::<i64, _>("is_pro")? != 0,
                answers: row.try_get("answers")?,
                winners: row.try_get("winners")?,
            })
        })
    }
}

// ---------------------------------------------------------------------------------------------------
// One promotion

kit::staff_path! {
    get "/backoffice/promotions/{id}", id "The promotion"
        => "The promotion as stored, with its current version": Reply<PromotionDraft>,
        404 "'promotion not found'";
    /// Everything the editor edits, with the answer count and the winners.
    pub(super) async fn promotion_get(
        Staff(state, _): Staff<PROMOTIONS>,
        ApiPath(id): ApiPath<String>,
    ) -> Result<Response> {
        Ok(no_store(ok(kit::read(&state, &Promotions, &id).await?)))
    }
}

kit::staff_path! {
    post "/backoffice/promotions", body PromotionInput
        => "The promotion as stored (version 1)": Reply<PromotionDraft>,
        400 "A field breaks a rule (the Portuguese message of the first one)";
    /// A new promotion; its address is made from the title.
    pub(super) async fn promotion_create(
        Staff(state, user): Staff<PROMOTIONS>,
        body: std::result::Result<ApiJson<PromotionInput>, Error>,
    ) -> Result<Response> {
        let ApiJson(raw) = body?;
        let (input, starts_at, ends_at) = resolve(&raw)?;
        let mut row = columns(&input, starts_at, ends_at);
        row.extend([
            ("featured_image_url", text(&input.image_url)),
            ("featured_banner_url", text(&input.banner_url)),
            ("version", Arg::Int(1)),
        ]);
        let slug = Slug {
            title: &input.title,
            fallback: "promocao",
            within: None,
            avoid: &[],
            reserved: Vec::new(),
        };
        let after = Save::insert(&state, &Promotions, row, Some(slug))
            .await?
            .finish(&user, "create", None)
            .await?;
        Ok(no_store(ok(after)))
    }
}

kit::staff_path! {
    put "/backoffice/promotions/{id}", id "The promotion", body PromotionInput
        => "The promotion as stored now (version bumped)": Reply<PromotionDraft>,
        400 "A field breaks a rule, or no version was sent",
        404 "'promotion not found'",
        409 "Someone saved it since it was loaded (PROMO_STALE)";
    /// Replaces a promotion's fields (the address never changes). `version` must be the loaded one.
    pub(super) async fn promotion_update(
        Staff(state, user): Staff<PROMOTIONS>,
        ApiPath(id): ApiPath<String>,
        body: std::result::Result<ApiJson<PromotionInput>, Error>,
    ) -> Result<Response> {
        let id = Promotions.id(&id)?;
        let ApiJson(raw) = body?;
        let (input, starts_at, ends_at) = resolve(&raw)?;
        let version = kit::sent_version(raw.version)?;
        let (mut save, before) = Save::open(&state, &Promotions, id).await?;
        save.check_version(&before, Some(version))?;
        // A picture replaced also replaces its wide rendition (the seed keeps its own while unchanged).
        sqlx::query(
            "UPDATE promotions SET \
             featured_image_url = CASE WHEN image_url = $1 THEN featured_image_url ELSE $1 END, \
             featured_banner_url = CASE WHEN banner_url = $2 THEN featured_banner_url ELSE $2 END WHERE id = $3",
        )
        .bind(&input.image_url)
        .bind(&input.banner_url)
        .bind(id)
        .execute(save.conn())
        .await?;
        save.set_versioned(columns(&input, starts_at, ends_at), version)
            .await?;
        let after = save.finish(&user, "update", Some(&before)).await?;
        Ok(no_store(ok(after)))
    }
}

kit::staff_path! {
    delete "/backoffice/promotions/{id}", id "The promotion" => "Deleted": EmptyReply,
        404 "'promotion not found'", 409 "It has answers or winners (PROMO_HAS_ANSWERS)";
    /// Deletes a promotion nobody has answered (one with answers is closed or hidden instead: the answers
    /// and the winners are the listeners' record).
    pub(super) async fn promotion_delete(
        Staff(state, user): Staff<PROMOTIONS>,
        ApiPath(id): ApiPath<String>,
    ) -> Result<Response> {
        let answered = |before: &PromotionDraft| before.answers > 0 || !before.winners.is_empty();
        kit::delete(&state, &user, &Promotions, Promotions.id(&id)?, |before| {
            answered(before).then(|| Error::Conflict(messages::PROMO_HAS_ANSWERS.to_owned()))
        })
        .await
    }
}

// ---------------------------------------------------------------------------------------------------
// Answers and the draw

kit::list_query! {
    pub(super) struct AnswersQuery {}
}

const ANSWER_COLUMNS: &str = "a.id, a.user_id, u.name, COALESCE(u.last_name, '') AS last_name, u.email, \
    COALESCE(c.name, '') AS city, COALESCE(s.uf, '') AS uf, a.answer, a.updated_at, \
    CASE WHEN EXISTS (SELECT 1 FROM promotion_winners w WHERE w.promotion_id = a.promotion_id \
      AND w.user_id = a.user_id) THEN 1 ELSE 0 END AS is_winner";
const ANSWER_FROM: &str = "FROM promotion_answers a JOIN users u ON u.id = a.user_id \
    LEFT JOIN cities c ON c.id = u.city_id LEFT JOIN states s ON s.id = u.state_id";

fn answer_row(row: &AnyRow) -> Result<PromotionAnswerRow> {
    let first: String = row.try_get("name")?;
    let last: String = row.try_get("last_name")?;
    Ok(PromotionAnswerRow {
        id: row.try_get("id")?,
        user_id: row.try_get("user_id")?,
        name: format!("{first} {last}").trim().to_owned(),
        email: row.try_get("email")?,
        city: row.try_get("city")?,
        uf: row.try_get("uf")?,
        answer: row.try_get("answer")?,
        answered_at: iso(row.try_get("updated_at")?),
        is_winner: row.try_get::<i64, _>("is_winner")? != 0,
    })
}

async fn exists(state: &AppState, id: i64) -> Result<()> {
    let found: Option<i64> = sqlx::query_scalar("SELECT id FROM promotions WHERE id = $1")
        .bind(id)
        .fetch_optional(&state.db.pool)
        .await?;
    found.map(|_| ()).ok_or_else(|| Error::not_found(NOT_FOUND))
}

kit::staff_path! {
    get "/backoffice/promotions/{id}/answers", id "The promotion", params(AnswersQuery)
        => "A page of answers": Reply<PromotionAnswersPage>,
        404 "'promotion not found'";
    /// A page of the answers, latest first, with who sent each and whether they won.
    pub(super) async fn promotion_answers(
        Staff(state, _): Staff<PROMOTIONS>,
        ApiPath(id): ApiPath<String>,
        query: std::result::Result<Query<AnswersQuery>, QueryRejection>,
    ) -> Result<Response> {
        let id = Promotions.id(&id)?;
        let (_, (page, per_page)) = kit::listing(query)?;
        exists(&state, id).await?;
        let mut filter = Filter::default();
        let n = filter.arg(Arg::Int(id));
        filter.clause(format!("a.promotion_id = {n}"));
        let select = format!("SELECT {ANSWER_COLUMNS} {ANSWER_FROM}");
        let mut conn = state.db.pool.acquire().await?;
        let order = "a.updated_at DESC, a.id DESC";
        kit::page(&mut conn, ANSWER_FROM, &select, filter, order, (page, per_page))
            .await?
            .map::<PromotionAnswersPage>(answer_row)
    }
}

/// One CSV field: quoted, and a leading `= + - @` (or tab/CR) defused with an apostrophe so a
/// spreadsheet never runs a listener's answer as a formula.
fn csv_field(text: &str) -> String {
    let defused = if text.starts_with(['=', '+', '-', '@', '\t', '\r']) {
        format!("'{text}")
    } else {
        text.to_owned()
    };
    format!("\"{}\"", defused.replace('"', "\"\""))
}

/// Every answer as CSV (UTF-8 with a BOM, so spreadsheets read the accents), oldest first.
#[utoipa::path(get, path = "/backoffice/promotions/{id}/answers.csv", tags = [tags::BACKOFFICE, tags::STAFF],
    params(("id" = String, Path, pattern = "^[0-9]{1,18}$", description = "The promotion")),
    security(("bearer" = []), ("cookie" = [])),
    responses(
        (status = 200, description = "The answers as a CSV download", content_type = "text/csv", body = String),
        (status = 404, description = "'promotion not found'", body = crate::openapi::ErrorReply),
    ))]
pub(super) async fn promotion_answers_csv(
    Staff(state, _): Staff<PROMOTIONS>,
    ApiPath(id): ApiPath<String>,
) -> Result<Response> {
    let id = Promotions.id(&id)?;
    let slug: String = sqlx::query_scalar("SELECT slug FROM promotions WHERE id = $1")
        .bind(id)
        .fetch_optional(&state.db.pool)
        .await?
        .ok_or_else(|| Error::not_found(NOT_FOUND))?;
    let rows = sqlx::query(&format!(
        "SELECT {ANSWER_COLUMNS} {ANSWER_FROM} WHERE a.promotion_id = $1 ORDER BY a.updated_at, a.id"
    ))
    .bind(id)
    .fetch_all(&state.db.pool)
    .await?;
    let mut csv = String::from("\u{feff}id;nome;e-mail;cidade;UF;resposta;data;ganhador\r\n");
    for row in &rows {
        let answer = answer_row(row)?;
        let fields = [
            answer.id.to_string(),
            csv_field(&answer.name),
            csv_field(&answer.email),
            csv_field(&answer.city),
            csv_field(&answer.uf),
            csv_field(&answer.answer),
            answer.answered_at,
            if answer.is_winner { "sim" } else { "não" }.to_owned(),
        ];
        csv.push_str(&fields.join(";"));
        csv.push_str("\r\n");
    }
    let disposition = format!("attachment; filename=\"respostas-{slug}.csv\"");
    let mut response = (
        [(
            header::CONTENT_TYPE,
            HeaderValue::from_static("text/csv; charset=utf-8"),
        )],
        csv,
    )
        .into_response();
    if let Ok(value) = HeaderValue::from_str(&disposition) {
        response.headers_mut().insert(header::CONTENT_DISPOSITION, value);
    }
    Ok(no_store(response))
}

kit::staff_path! {
    post "/backoffice/promotions/{id}/draw", id "The promotion", body DrawRequest
        => "The draw and every winner so far": Reply<DrawResult>,
        400 "A count outside 1–100 (DRAW_COUNT)",
        404 "'promotion not found'",
        409 "Still open (DRAW_OPEN), or nobody left to draw (DRAW_EMPTY)";
    /// Draws winners of an ended promotion among the eligible participants (`crate::draw`: reproducible
    /// from the seed it answers), records them with the audit row, and e-mails them.
    pub(super) async fn promotion_draw(
        Staff(state, user): Staff<PROMOTIONS>,
        ApiPath(id): ApiPath<String>,
        body: std::result::Result<ApiJson<DrawRequest>, Error>,
    ) -> Result<Response> {
        let id = Promotions.id(&id)?;
        let ApiJson(request) = body?;
        let count = usize::try_from(request.count)
            .ok()
            .filter(|count| (1..=validation::DRAW_MAX).contains(count))
            .ok_or_else(|| Error::bad_request(messages::DRAW_COUNT))?;
        let ends_at: i64 = sqlx::query_scalar("SELECT ends_at FROM promotions WHERE id = $1")
            .bind(id)
            .fetch_optional(&state.db.pool)
            .await?
            .ok_or_else(|| Error::not_found(NOT_FOUND))?;
        if ends_at > now() {
            return Err(Error::Conflict(messages::DRAW_OPEN.to_owned()));
        }
        // The draw, its winners and its audit row in one transaction; the e-mails after it (a draw stands
        // whatever the mail does: a winner not mailed shows so, for a person to contact).
        let participants = draw::eligible(&state, id).await?;
        if participants.is_empty() {
            return Err(Error::Conflict(messages::DRAW_EMPTY.to_owned()));
        }
        let seed = random_hex(32);
        let mut tx = state.db.pool.begin().await?;
        let drawn_by = format!("backoffice:{}", user.user_id);
        let (draw_id, picked) = draw::record_draw(&mut tx, id, &participants, count, &seed, &drawn_by).await?;
        record(
            &mut tx,
            user.user_id,
            "promotion.draw",
            "promotion",
            Some(id),
            None,
            Some(&json!({ "drawId": draw_id, "seed": seed, "participants": participants.len(), "winners": picked })),
        )
        .await?;
        tx.commit().await?;
        draw::mail_winners(&state, draw_id, id, &picked).await?;
        let mut conn = state.db.pool.acquire().await?;
        Ok(no_store(ok(DrawResult {
            draw_id,
            seed,
            participants: i64::try_from(participants.len()).unwrap_or(i64::MAX),
            winners: winners(&mut conn, id).await?,
        })))
    }
}

#[cfg(test)]
mod tests {
    use super::csv_field;

    #[test]
    fn csv_fields_are_quoted_and_formulas_defused() {
        assert_eq!(csv_field("Ana \"Bia\""), "\"Ana \"\"Bia\"\"\"");
        assert_eq!(csv_field("=HYPERLINK(\"x\")"), "\"'=HYPERLINK(\"\"x\"\")\"");
        assert_eq!(csv_field("-2+3"), "\"'-2+3\"");
        assert_eq!(csv_field("São Paulo"), "\"São Paulo\"");
    }
}
