//! Accounts (`/api/v1/profile/*`, doc1 §4/§8, doc3 §4–§8): registration, e-mail confirmation, login
//! (e-mail and social), logout, password reset, profile read/update/delete, states and cities.
//!
//! Refusals answer HTTP 200 with `status:"error"` and the spec's English server message (the UI maps it
//! to Portuguese); a failed field rule answers 400 with the Portuguese message of doc3 §5.

use axum::{
    Json,
    extract::State,
    http::header::SET_COOKIE,
    response::{IntoResponse, Response},
};
use onda_shared::{
    Envelope, Status,
    accounts::{
        CityItem, ConfirmEmailRequest, DeleteProfileRequest, FirebaseRequest, LoginRequest,
        PasswordResetRequest, PendingUserReply, RegisterRequest, ResendConfirmationRequest,
        ResetPasswordRequest, SessionReply, StateItem, User, UserReply,
    },
    validation::{self, messages},
};
use serde::{Deserialize, Deserializer};
use serde_json::Value;
use sqlx::Row;
use utoipa::{
    PartialSchema, ToSchema,
    openapi::{RefOr, schema::AnyOfBuilder, schema::Schema},
};
use utoipa_axum::{router::OpenApiRouter, routes};

use crate::{
    AppState, Error, Result,
    accounts::{self, UserRow, profile_of, user_by_email, user_by_firebase_uid, user_by_id},
    auth::{self, AuthUser, MaybeAuthUser, firebase, rate_limit, revoke_session, revoke_user_sessions},
    clock,
    clock::now,
    error::ok,
    extract::{ApiJson, ApiPath, ClientIp},
    openapi::{EmptyReply, ErrorReply, Reply, tags},
    staff,
};

/// Confirmation codes and reset tokens last 24 h (G62).
const CODE_SECONDS: i64 = 24 * 3600;

/// Server messages (English literals of the catalogues, doc1 §8 / doc3 §8).
pub mod msg {
    pub const INVALID_CREDENTIALS: &str = "invalid email or password";
    pub const USER_DISABLED: &str = "user disabled";
    pub const UNCONFIRMED: &str = "unconfirmed e-mail";
    pub const EMAIL_REGISTERED: &str = "email already registered";
    pub const WRONG_CODE: &str = "wrong code";
    pub const ALREADY_CONFIRMED: &str = "email already confirmed";
    pub const USER_NOT_FOUND: &str = "user not found";
    pub const INVALID_DATA: &str = "invalid data";
    pub const WRONG_PASSWORD: &str = "wrong password";
    pub const CPF_REGISTERED: &str = "cpf already registered";
    pub const ACTIVE_PRO: &str = "active pro subscription";
    /// deleteProfile of the last enabled account holding the people permission.
    pub const LAST_PEOPLE_MANAGER: &str = "last people manager";
    /// Not in the catalogue: the UI shows its generic failure text.
    pub const EMAIL_NOT_SENT: &str = "email not sent";
    pub const NO_EMAIL: &str = "no email from provider";
    pub const EMAIL_NOT_VERIFIED: &str = "email from provider not verified";
    pub const BOTH_REGISTERED: &str = "email and firebaseUid already registered";
    pub const UID_OTHER_EMAIL: &str = "firebaseUid already registered with other email";
    pub const EMAIL_OTHER_UID: &str = "email already registered with other firebaseUid";
    pub const NOT_FOUND_SOCIAL: &str = "user not found by firebaseUid or firebaseEmail";
    pub const FOUND_WITHOUT_UID: &str = "user found by email but without firebaseUid";
    pub const FOUND_OTHER_UID: &str = "user found by email but with different firebaseUid";
    pub const ACCOUNT_LINKED: &str = "account linked";
    /// Not in the catalogue: an ID token that does not verify (generic failure in the UI).
    pub const INVALID_TOKEN: &str = "invalid token";
}

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(register_user))
        .routes(routes!(confirm_email))
        .routes(routes!(resend_confirmation))
        .routes(routes!(login))
        .routes(routes!(logout))
        .routes(routes!(get_profile))
        .routes(routes!(request_password_reset))
        .routes(routes!(reset_password))
        .routes(routes!(update_profile))
        .routes(routes!(delete_profile))
        .routes(routes!(get_states))
        .routes(routes!(get_cities))
        .routes(routes!(register_user_firebase))
        .routes(routes!(login_firebase))
}

/// `data` of a successful login: a session (`SessionReply`), or, for an account whose e-mail is not
/// confirmed yet, the short user without a session (`PendingUserReply`, message 'unconfirmed e-mail',
/// C10). Documented as `anyOf`: a session reply also has the fields of a pending one.
#[allow(dead_code)]
struct LoginData;

impl PartialSchema for LoginData {
    fn schema() -> RefOr<Schema> {
        AnyOfBuilder::new()
            .item(RefOr::Ref(utoipa::openapi::Ref::from_schema_name(
                SessionReply::name(),
            )))
            .item(RefOr::Ref(utoipa::openapi::Ref::from_schema_name(
                PendingUserReply::name(),
            )))
            .into()
    }
}

impl ToSchema for LoginData {
    fn schemas(schemas: &mut Vec<(String, RefOr<Schema>)>) {
        schemas.push((SessionReply::name().into(), SessionReply::schema()));
        <SessionReply as ToSchema>::schemas(schemas);
        schemas.push((PendingUserReply::name().into(), PendingUserReply::schema()));
        <PendingUserReply as ToSchema>::schemas(schemas);
    }
}

fn reply<T: serde::Serialize>(message: &str, data: T) -> Json<Envelope<T>> {
    Json(Envelope {
        status: Status::SUCCESS,
        message: message.to_owned(),
        data,
    })
}

/// A success reply that also sets the session cookie (C11).
fn with_session<T: serde::Serialize>(state: &AppState, token: &str, body: Json<Envelope<T>>) -> Response {
    ([(SET_COOKIE, auth::session_cookie(&state.config, token))], body).into_response()
}

async fn current_user(state: &AppState, auth: &AuthUser) -> Result<UserRow> {
    user_by_id(&state.db, auth.user_id)
        .await?
        .ok_or(Error::Unauthorized)
}

// ---------------------------------------------------------------------------------------------------
// Registration and confirmation

/// Stores a fresh 6-digit code for the user (replacing, hence invalidating, any previous one) and mails it.
async fn issue_code(state: &AppState, user: &UserRow) -> Result<()> {
    let code = format!("{:06}", rand::random_range(0..1_000_000u32));
    let now = now();
    sqlx::query(
        "INSERT INTO email_codes (user_id, code, created_at, expires_at) VALUES ($1, $2, $3, $4) \
         ON CONFLICT (user_id) DO UPDATE SET code = excluded.code, created_at = excluded.created_at, \
         expires_at = excluded.expires_at",
    )
    .bind(user.id)
    .bind(&code)
    .bind(now)
    .bind(now + CODE_SECONDS)
    .execute(&state.db.pool)
    .await?;
    state
        .mailer
        .send_confirmation(&user.email, &user.name, user.id, &code)
        .await
        .map_err(|_| Error::refused(msg::EMAIL_NOT_SENT))
}

/// Registers an e-mail account and mails its 6-digit confirmation code (rate limited per address).
#[utoipa::path(post, path = "/profile/registerUser", tag = tags::ACCOUNTS,
    request_body = RegisterRequest,
    responses((status = 200, description = "Registered, unconfirmed ('user registered'); or a refusal \
        ('email already registered', 'email not sent')", body = Reply<PendingUserReply>)))]
async fn register_user(
    State(state): State<AppState>,
    ClientIp(ip): ClientIp,
    ApiJson(body): ApiJson<RegisterRequest>,
) -> Result<Response> {
    let name = body.name.trim().to_owned();
    let email = body.email.trim().to_owned();
    if !validation::register_name(&name)
        || !validation::email(&email)
        || !validation::register_password(&body.password)
    {
        return Err(Error::bad_request(messages::FORM_INVALID));
    }
    rate_limit::hit(&state.db, &rate_limit::REGISTER, rate_limit::Key::Ip(ip)).await?;
    if user_by_email(&state.db, &email).await?.is_some() {
        return Err(Error::refused(msg::EMAIL_REGISTERED));
    }
    let hash = auth::hash_password(&state.config, &body.password).await?;
    let inserted =
        sqlx::query("INSERT INTO users (email, password_hash, name, created_at) VALUES ($1, $2, $3, $4)")
            .bind(&email)
            .bind(&hash)
            .bind(&name)
            .bind(now())
            .execute(&state.db.pool)
            .await;
    if let Err(err) = inserted {
        // A concurrent registration of the same address lost the race on the unique index.
        if user_by_email(&state.db, &email).await?.is_some() {
            return Err(Error::refused(msg::EMAIL_REGISTERED));
        }
        return Err(err.into());
    }
    let user = user_by_email(&state.db, &email)
        .await?
        .ok_or_else(|| anyhow::anyhow!("registered user vanished"))?;
    issue_code(&state, &user).await?;
    Ok(reply("user registered", PendingUserReply { user: user.pending() }).into_response())
}

/// Confirms the e-mail with its code and opens a session (token in the reply and the `a1_token` cookie).
#[utoipa::path(post, path = "/profile/confirmEmail", tag = tags::ACCOUNTS,
    request_body = ConfirmEmailRequest,
    responses((status = 200, description = "Confirmed, with a session; or a refusal ('wrong code', \
        'user not found', 'email already confirmed', 'user disabled')", body = Reply<SessionReply>,
        headers(("Set-Cookie" = String, description = "The session cookie `a1_token`, on success")))))]
async fn confirm_email(
    State(state): State<AppState>,
    ApiJson(body): ApiJson<ConfirmEmailRequest>,
) -> Result<Response> {
    let code = body.code.trim();
    if !validation::confirmation_code(code) {
        return Err(Error::bad_request(messages::CODE_FORMAT));
    }
    let user = user_by_id(&state.db, body.user_id)
        .await?
        .ok_or_else(|| Error::refused(msg::USER_NOT_FOUND))?;
    if user.email_confirmed {
        return Err(Error::refused(msg::ALREADY_CONFIRMED));
    }
    if user.disabled {
        return Err(Error::refused(msg::USER_DISABLED));
    }
    rate_limit::hit(&state.db, &rate_limit::CONFIRM, rate_limit::Key::User(user.id)).await?;
    let stored: Option<String> =
        sqlx::query_scalar("SELECT code FROM email_codes WHERE user_id = $1 AND expires_at > $2")
            .bind(user.id)
            .bind(now())
            .fetch_optional(&state.db.pool)
            .await?;
    if stored.as_deref() != Some(code) {
        return Err(Error::refused(msg::WRONG_CODE));
    }
    sqlx::query("UPDATE users SET email_confirmed = 1 WHERE id = $1")
        .bind(user.id)
        .execute(&state.db.pool)
        .await?;
    sqlx::query("DELETE FROM email_codes WHERE user_id = $1")
        .bind(user.id)
        .execute(&state.db.pool)
        .await?;
    let user = user_by_id(&state.db, user.id)
        .await?
        .ok_or_else(|| anyhow::anyhow!("confirmed user vanished"))?;
    let token = auth::create_session(&state, user.id).await?;
    let profile = profile_of(&state.db, &user).await?;
    Ok(with_session(
        &state,
        &token,
        reply(
            "email confirmed",
            SessionReply {
                token: token.clone(),
                user: profile,
            },
        ),
    ))
}

/// Mails a new confirmation code (the previous one stops working).
#[utoipa::path(post, path = "/profile/resendConfirmationEmail", tag = tags::ACCOUNTS,
    request_body = ResendConfirmationRequest,
    responses((status = 200, description = "Sent; or a refusal ('user not found', 'email already \
        confirmed', 'user disabled', 'email not sent')", body = EmptyReply)))]
async fn resend_confirmation(
    State(state): State<AppState>,
    ApiJson(body): ApiJson<ResendConfirmationRequest>,
) -> Result<Response> {
    let user = user_by_id(&state.db, body.user_id)
        .await?
        .filter(|user| user.email.eq_ignore_ascii_case(body.email.trim()))
        .ok_or_else(|| Error::refused(msg::USER_NOT_FOUND))?;
    if user.email_confirmed {
        return Err(Error::refused(msg::ALREADY_CONFIRMED));
    }
    if user.disabled {
        return Err(Error::refused(msg::USER_DISABLED));
    }
    rate_limit::hit(&state.db, &rate_limit::RESEND, rate_limit::Key::User(user.id)).await?;
    issue_code(&state, &user).await?;
    Ok(reply("confirmation email sent", Value::Null).into_response())
}

// ---------------------------------------------------------------------------------------------------
// Login and logout

/// E-mail login: a session, or the short user while the e-mail is unconfirmed (rate limited per
/// address, wrong passwords slowed per e-mail).
#[utoipa::path(post, path = "/profile/login", tag = tags::ACCOUNTS,
    request_body = LoginRequest,
    responses((status = 200, description = "Logged in ('logged in', SessionReply); unconfirmed \
        ('unconfirmed e-mail', PendingUserReply, no session); or a refusal ('invalid email or password', \
        'user disabled'). Once the e-mail has had a few failed logins in 15 minutes every answer on \
        it comes late (from 0.5 s, doubling, up to 8 s), the right password's too, so the wait says \
        nothing about the password",
        body = Reply<LoginData>,
        headers(("Set-Cookie" = String, description = "The session cookie `a1_token`, on login"))),
        (status = 429, description = "The caller's address made too many login attempts: 10 in 15 minutes \
        on this e-mail or 100 on any ('too many requests')", body = ErrorReply)))]
async fn login(
    State(state): State<AppState>,
    ClientIp(ip): ClientIp,
    ApiJson(body): ApiJson<LoginRequest>,
) -> Result<Response> {
    let email = body.email.trim();
    if email.is_empty() || body.password.is_empty() {
        return Err(Error::bad_request(messages::LOGIN_EMPTY));
    }
    // No account can have a longer e-mail or password (registration and reset refuse them): answer
    // as a wrong password before anything is written, whatever size the client sent.
    if email.chars().count() > validation::EMAIL_MAX
        || body.password.chars().count() > validation::PASSWORD_MAX
    {
        return Err(Error::refused(msg::INVALID_CREDENTIALS));
    }
    // Per address and e-mail (S09) and per address on any e-mails, counted before the password is
    // checked: only the caller's own address can get a login refused. Nothing per account refuses, or
    // anyone could keep an owner out by guessing wrong from elsewhere (see LOGIN_FAILURES).
    rate_limit::hit(&state.db, &rate_limit::LOGIN, rate_limit::Key::IpEmail(ip, email)).await?;
    rate_limit::hit(&state.db, &rate_limit::LOGIN_IP, rate_limit::Key::Ip(ip)).await?;
    let user = user_by_email(&state.db, email).await?;
    let hash = user.as_ref().and_then(|user| user.password_hash.as_deref());
    let verified = auth::verify_login(&state, hash, &body.password).await?;
    let user = user.filter(|_| verified);
    // Every answer on an e-mail being guessed at waits (LOGIN_FAILURES). A failure is counted by
    // e-mail whether or not an account has it, so the delay tells nobody which e-mails are registered,
    // and stored before the wait: a guesser that hangs up early has paid for its guess all the same.
    // The right password waits as long as a wrong one would now: were it answered at once, a guesser
    // would know any answer slower than that to be a wrong guess and stop waiting, and the delay would
    // cost it nothing. So an owner whose e-mail is being guessed at logs in a few seconds late, never
    // refused; one whose e-mail is not waits for nothing.
    let failures_key = rate_limit::Key::Email(email);
    let failures = match &user {
        None => rate_limit::record(&state.db, &rate_limit::LOGIN_FAILURES, failures_key).await?,
        Some(_) => rate_limit::count(&state.db, &rate_limit::LOGIN_FAILURES, failures_key).await? + 1,
    };
    tokio::time::sleep(rate_limit::login_failure_delay(
        failures,
        state.config.login_delay_max_ms,
    ))
    .await;
    let Some(user) = user else {
        return Err(Error::refused(msg::INVALID_CREDENTIALS));
    };
    if user.disabled {
        return Err(Error::refused(msg::USER_DISABLED));
    }
    if !user.email_confirmed {
        // C10: success without a session; the client opens the confirm screen.
        return Ok(reply(msg::UNCONFIRMED, PendingUserReply { user: user.pending() }).into_response());
    }
    session_reply(&state, &user, "logged in").await
}

async fn session_reply(state: &AppState, user: &UserRow, message: &str) -> Result<Response> {
    let token = auth::create_session(state, user.id).await?;
    let profile = profile_of(&state.db, user).await?;
    Ok(with_session(
        state,
        &token,
        reply(
            message,
            SessionReply {
                token: token.clone(),
                user: profile,
            },
        ),
    ))
}

/// G05: revokes the caller's session (if any) and expires the cookie; always a success.
#[utoipa::path(post, path = "/profile/logout", tag = tags::ACCOUNTS,
    security((), ("bearer" = []), ("cookie" = [])),
    responses((status = 200, description = "Logged out", body = EmptyReply,
        headers(("Set-Cookie" = String, description = "Expires the session cookie `a1_token`")))))]
async fn logout(State(state): State<AppState>, MaybeAuthUser(auth): MaybeAuthUser) -> Result<Response> {
    if let Some(auth) = auth {
        revoke_session(&state.db, &auth.session_id).await?;
    }
    Ok((
        [(SET_COOKIE, auth::expired_cookie(&state.config))],
        reply("logged out", Value::Null),
    )
        .into_response())
}

/// The caller's profile.
#[utoipa::path(get, path = "/profile/getProfile", tag = tags::ACCOUNTS,
    security(("bearer" = []), ("cookie" = [])),
    responses((status = 200, description = "The caller's profile", body = Reply<User>)))]
async fn get_profile(State(state): State<AppState>, auth: AuthUser) -> Result<Json<Envelope<User>>> {
    let user = current_user(&state, &auth).await?;
    Ok(ok(profile_of(&state.db, &user).await?))
}

// ---------------------------------------------------------------------------------------------------
// Password reset

/// Mails a password-reset link (rate limited per e-mail and per address).
#[utoipa::path(post, path = "/profile/requestPasswordReset", tag = tags::ACCOUNTS,
    request_body = PasswordResetRequest,
    responses((status = 200, description = "Sent ('reset email sent'); or a refusal ('user not found', \
        'user disabled', 'email not sent')", body = EmptyReply)))]
async fn request_password_reset(
    State(state): State<AppState>,
    ClientIp(ip): ClientIp,
    ApiJson(body): ApiJson<PasswordResetRequest>,
) -> Result<Response> {
    let email = body.email.trim();
    if email.is_empty() {
        return Err(Error::bad_request(messages::RESET_EMAIL_EMPTY));
    }
    // No account has a longer e-mail: not found, before anything is written.
    if email.chars().count() > validation::EMAIL_MAX {
        return Err(Error::refused(msg::USER_NOT_FOUND));
    }
    rate_limit::hit(
        &state.db,
        &rate_limit::RESET_REQUEST,
        rate_limit::Key::Email(email),
    )
    .await?;
    rate_limit::hit(&state.db, &rate_limit::RESET_REQUEST_IP, rate_limit::Key::Ip(ip)).await?;
    let user = user_by_email(&state.db, email)
        .await?
        .ok_or_else(|| Error::refused(msg::USER_NOT_FOUND))?;
    if user.disabled {
        return Err(Error::refused(msg::USER_DISABLED));
    }
    let token = auth::random_hex(32);
    let now = now();
    sqlx::query(
        "INSERT INTO reset_tokens (token_hash, user_id, created_at, expires_at) VALUES ($1, $2, $3, $4)",
    )
    .bind(auth::sha256_hex(&token))
    .bind(user.id)
    .bind(now)
    .bind(now + CODE_SECONDS)
    .execute(&state.db.pool)
    .await?;
    state
        .mailer
        .send_reset(&user.email, &user.name, user.id, &token)
        .await
        .map_err(|_| Error::refused(msg::EMAIL_NOT_SENT))?;
    Ok(reply("reset email sent", Value::Null).into_response())
}

/// Sets a new password with a reset token (single use); ends every session of the account.
#[utoipa::path(post, path = "/profile/resetPassword", tag = tags::ACCOUNTS,
    request_body = ResetPasswordRequest,
    responses((status = 200, description = "Changed ('password changed'); or a refusal ('invalid data')",
        body = EmptyReply)))]
async fn reset_password(
    State(state): State<AppState>,
    ApiJson(body): ApiJson<ResetPasswordRequest>,
) -> Result<Response> {
    if !validation::new_password(&body.new_password) {
        return Err(Error::bad_request(messages::RESET_PASSWORD_SHORT));
    }
    let now = now();
    // Single use: only the request that flips used_at from NULL may change the password.
    let claimed = sqlx::query(
        "UPDATE reset_tokens SET used_at = $1 \
         WHERE token_hash = $2 AND user_id = $3 AND used_at IS NULL AND expires_at > $1",
    )
    .bind(now)
    .bind(auth::sha256_hex(body.reset_token.trim()))
    .bind(body.user_id)
    .execute(&state.db.pool)
    .await?
    .rows_affected();
    if claimed != 1 {
        return Err(Error::refused(msg::INVALID_DATA));
    }
    let hash = auth::hash_password(&state.config, &body.new_password).await?;
    // The link reached the mailbox, so the address is proven too.
    sqlx::query("UPDATE users SET password_hash = $1, email_confirmed = 1 WHERE id = $2")
        .bind(&hash)
        .bind(body.user_id)
        .execute(&state.db.pool)
        .await?;
    revoke_user_sessions(&state.db, body.user_id, None).await?;
    Ok(reply("password changed", Value::Null).into_response())
}

// ---------------------------------------------------------------------------------------------------
// Profile update and deletion

/// `Some(value)` when the field is present in the JSON (even as null), `None` when absent.
fn present<'de, D: Deserializer<'de>>(deserializer: D) -> Result<Option<Value>, D::Error> {
    Value::deserialize(deserializer).map(Some)
}

/// The whitelist of S02: only these fields of `user` are read; email, isPro, emailConfirmed,
/// registrationComplete, userId and anything else are ignored.
#[derive(Debug, Default, Deserialize)]
#[serde(rename_all = "camelCase", default)]
struct ProfileFields {
    #[serde(deserialize_with = "present")]
    name: Option<Value>,
    #[serde(deserialize_with = "present")]
    last_name: Option<Value>,
    #[serde(deserialize_with = "present")]
    gender: Option<Value>,
    #[serde(deserialize_with = "present")]
    birthday: Option<Value>,
    #[serde(deserialize_with = "present")]
    cpf: Option<Value>,
    #[serde(deserialize_with = "present")]
    telefone: Option<Value>,
    #[serde(deserialize_with = "present")]
    cep: Option<Value>,
    #[serde(deserialize_with = "present")]
    district: Option<Value>,
    #[serde(deserialize_with = "present")]
    street: Option<Value>,
    #[serde(deserialize_with = "present")]
    street_number: Option<Value>,
    #[serde(deserialize_with = "present")]
    address_supplement: Option<Value>,
    #[serde(deserialize_with = "present")]
    state_id: Option<Value>,
    #[serde(deserialize_with = "present")]
    city_id: Option<Value>,
    #[serde(deserialize_with = "present")]
    newsletter: Option<Value>,
    #[serde(deserialize_with = "present")]
    new_password: Option<Value>,
    #[serde(deserialize_with = "present")]
    confirm_password: Option<Value>,
}

#[derive(Debug, Deserialize)]
struct UpdateProfileBody {
    user: ProfileFields,
    #[serde(default)]
    password: Option<Value>,
}

/// A text field's new value: `None` = unchanged, `Some(None)` = cleared, `Some(Some(s))` = set (trimmed).
fn text(value: &Option<Value>) -> Result<Option<Option<String>>> {
    match value {
        None => Ok(None),
        Some(Value::Null) => Ok(Some(None)),
        Some(Value::String(s)) if s.trim().is_empty() => Ok(Some(None)),
        Some(Value::String(s)) => Ok(Some(Some(s.trim().to_owned()))),
        Some(Value::Number(n)) => Ok(Some(Some(n.to_string()))),
        Some(_) => Err(Error::bad_request(messages::FORM_INVALID)),
    }
}

/// An id field: a number or a numeric string; null/"" clears it.
fn id(value: &Option<Value>, message: &'static str) -> Result<Option<Option<i64>>> {
    match value {
        None => Ok(None),
        Some(Value::Null) => Ok(Some(None)),
        Some(Value::String(s)) if s.trim().is_empty() => Ok(Some(None)),
        Some(Value::String(s)) => s
            .trim()
            .parse()
            .map(|id| Some(Some(id)))
            .map_err(|_| Error::bad_request(message)),
        Some(Value::Number(n)) => n
            .as_i64()
            .map(|id| Some(Some(id)))
            .ok_or_else(|| Error::bad_request(message)),
        Some(_) => Err(Error::bad_request(message)),
    }
}

/// Updates the caller's profile (whitelisted fields; a new password needs the current one, C32).
#[utoipa::path(post, path = "/profile/updateProfile", tag = tags::ACCOUNTS,
    request_body = onda_shared::accounts::UpdateProfileRequest,
    security(("bearer" = []), ("cookie" = [])),
    responses((status = 200, description = "Updated ('profile updated', 'password updated'); or a refusal \
        ('wrong password', 'cpf already registered')", body = Reply<UserReply>)))]
async fn update_profile(
    State(state): State<AppState>,
    auth: AuthUser,
    ApiJson(body): ApiJson<UpdateProfileBody>,
) -> Result<Response> {
    let old = current_user(&state, &auth).await?;
    let mut new = old.clone();
    let fields = &body.user;
    // G16: every field is checked; the reply carries the first failing message.
    let mut errors: Vec<&'static str> = Vec::new();
    let mut check = |result: Result<(), &'static str>| {
        if let Err(message) = result {
            errors.push(message);
        }
    };
    match text(&fields.name)? {
        None => {}
        Some(None) => check(Err(messages::NAME)),
        Some(Some(name)) => {
            check(validation::profile_name(&name));
            new.name = name;
        }
    }
    macro_rules! optional_text {
        ($field:ident, $rule:expr) => {
            if let Some(value) = text(&fields.$field)? {
                if let Some(v) = &value {
                    check($rule(v.as_str()));
                }
                new.$field = value;
            }
        };
    }
    optional_text!(last_name, validation::last_name);
    optional_text!(gender, validation::gender);
    optional_text!(telefone, validation::telefone);
    optional_text!(cep, validation::cep);
    optional_text!(district, validation::district);
    optional_text!(street, validation::street);
    optional_text!(street_number, validation::street_number);
    optional_text!(address_supplement, validation::address_supplement);
    let today = clock::today_ymd();
    optional_text!(birthday, |v: &str| validation::birthday(v, today));
    if let Some(value) = text(&fields.cpf)? {
        new.cpf = match value {
            None => None,
            Some(raw) => match validation::cpf(&raw) {
                Ok(masked) => Some(masked),
                Err(message) => {
                    check(Err(message));
                    Some(raw)
                }
            },
        };
    }
    if let Some(value) = id(&fields.state_id, messages::STATE)? {
        new.state_id = value;
    }
    if let Some(value) = id(&fields.city_id, messages::CITY)? {
        new.city_id = value;
    }
    match &fields.newsletter {
        None | Some(Value::Null) => {}
        Some(Value::Bool(flag)) => new.newsletter = *flag,
        Some(Value::Number(n)) => new.newsletter = n.as_i64().is_some_and(|n| n != 0),
        Some(_) => check(Err(messages::FORM_INVALID)),
    }
    let new_password = match &fields.new_password {
        Some(Value::String(p)) if !p.is_empty() => Some(p.clone()),
        _ => None,
    };
    if let Some(password) = &new_password {
        check(if validation::new_password(password) {
            Ok(())
        } else {
            Err(messages::NEW_PASSWORD)
        });
        if let Some(Value::String(confirmation)) = &fields.confirm_password
            && confirmation != password
        {
            check(Err(messages::PASSWORD_MISMATCH));
        }
    }
    // State and city must exist, the city in that state.
    if new.state_id != old.state_id || new.city_id != old.city_id {
        if let Some(state_id) = new.state_id {
            let exists: Option<i64> = sqlx::query_scalar("SELECT id FROM states WHERE id = $1")
                .bind(state_id)
                .fetch_optional(&state.db.pool)
                .await?;
            if exists.is_none() {
                check(Err(messages::STATE));
            }
        }
        if let Some(city_id) = new.city_id {
            let city_state: Option<i64> = sqlx::query_scalar("SELECT state_id FROM cities WHERE id = $1")
                .bind(city_id)
                .fetch_optional(&state.db.pool)
                .await?;
            if city_state.is_none() || city_state != new.state_id {
                check(Err(messages::CITY));
            }
        }
    }
    if let Some(first) = errors.first() {
        return Err(Error::bad_request(*first));
    }
    let changed = new_password.is_some()
        || (
            &new.name,
            &new.last_name,
            &new.gender,
            &new.birthday,
            &new.cpf,
            &new.telefone,
            &new.cep,
            &new.district,
            &new.street,
            &new.street_number,
            &new.address_supplement,
        ) != (
            &old.name,
            &old.last_name,
            &old.gender,
            &old.birthday,
            &old.cpf,
            &old.telefone,
            &old.cep,
            &old.district,
            &old.street,
            &old.street_number,
            &old.address_supplement,
        )
        || (new.state_id, new.city_id, new.newsletter) != (old.state_id, old.city_id, old.newsletter);
    if !changed {
        return Err(Error::bad_request(messages::NO_CHANGES));
    }
    // C32: the current password is required to set a new one, except for social-only accounts.
    let mut new_hash = None;
    if let Some(password) = &new_password {
        if let Some(hash) = &old.password_hash {
            let current = match &body.password {
                Some(Value::String(current)) => current.as_str(),
                _ => "",
            };
            if current.is_empty() || !auth::verify_password(hash, current).await {
                return Err(Error::refused(msg::WRONG_PASSWORD));
            }
        }
        new_hash = Some(auth::hash_password(&state.config, password).await?);
    }
    if let Some(cpf) = &new.cpf
        && new.cpf != old.cpf
    {
        let taken: Option<i64> = sqlx::query_scalar("SELECT id FROM users WHERE cpf = $1 AND id <> $2")
            .bind(cpf)
            .bind(old.id)
            .fetch_optional(&state.db.pool)
            .await?;
        if taken.is_some() {
            return Err(Error::refused(msg::CPF_REGISTERED));
        }
    }
    let updated = sqlx::query(
        "UPDATE users SET name = $1, last_name = $2, gender = $3, birthday = $4, cpf = $5, telefone = $6, \
         cep = $7, district = $8, street = $9, street_number = $10, address_supplement = $11, \
         state_id = $12, city_id = $13, newsletter = $14, password_hash = COALESCE($15, password_hash) \
         WHERE id = $16",
    )
    .bind(&new.name)
    .bind(&new.last_name)
    .bind(&new.gender)
    .bind(&new.birthday)
    .bind(&new.cpf)
    .bind(&new.telefone)
    .bind(&new.cep)
    .bind(&new.district)
    .bind(&new.street)
    .bind(&new.street_number)
    .bind(&new.address_supplement)
    .bind(new.state_id)
    .bind(new.city_id)
    .bind(i64::from(new.newsletter))
    .bind(&new_hash)
    .bind(old.id)
    .execute(&state.db.pool)
    .await;
    if let Err(err) = updated {
        // The unique CPF index caught a concurrent claim of the same CPF.
        if new.cpf.is_some() && new.cpf != old.cpf {
            tracing::info!(error = %err, "cpf update refused by the unique index");
            return Err(Error::refused(msg::CPF_REGISTERED));
        }
        return Err(err.into());
    }
    let message = if new_hash.is_some() {
        // S08: a password change ends every other session.
        revoke_user_sessions(&state.db, old.id, Some(&auth.session_id)).await?;
        "password updated"
    } else {
        "profile updated"
    };
    let user = current_user(&state, &auth).await?;
    Ok(reply(
        message,
        UserReply {
            user: profile_of(&state.db, &user).await?,
        },
    )
    .into_response())
}

/// S03: the body must name the caller; refused while PRO is active, and for the last account that
/// manages the staff; revokes every session.
#[utoipa::path(post, path = "/profile/deleteProfile", tag = tags::ACCOUNTS,
    request_body = DeleteProfileRequest,
    security(("bearer" = []), ("cookie" = [])),
    responses(
        (status = 200, description = "Deleted ('profile deleted'); or a refusal ('active pro subscription'; \
            'last people manager': the last enabled account that can manage the staff)",
            body = EmptyReply,
            headers(("Set-Cookie" = String, description = "Expires the session cookie `a1_token`"))),
        (status = 403, description = "The body does not name the caller", body = ErrorReply),
    ))]
async fn delete_profile(
    State(state): State<AppState>,
    auth: AuthUser,
    ApiJson(body): ApiJson<DeleteProfileRequest>,
) -> Result<Response> {
    let user = current_user(&state, &auth).await?;
    if body.user_id != user.id || !body.email.trim().eq_ignore_ascii_case(&user.email) {
        return Err(Error::Forbidden("forbidden".to_owned()));
    }
    if accounts::is_pro(&state.db, user.id).await? {
        return Err(Error::refused(msg::ACTIVE_PRO));
    }
    // The last enabled account that can manage the staff cannot go: nobody could give the permission
    // to anyone again. Deleted first, so on SQLite the transaction holds the write lock before the
    // count (`staff::another_people_manager`), then undone if it was the last.
    let manager = !user.disabled
        && staff::permissions_of(&state.db, user.id)
            .await?
            .contains(&staff::PEOPLE);
    let mut tx = state.db.pool.begin().await?;
    sqlx::query("DELETE FROM users WHERE id = $1")
        .bind(user.id)
        .execute(&mut *tx)
        .await?;
    if manager && !staff::another_people_manager(&mut tx, state.db.backend, user.id).await? {
        tx.rollback().await?;
        return Err(Error::refused(msg::LAST_PEOPLE_MANAGER));
    }
    tx.commit().await?;
    revoke_user_sessions(&state.db, user.id, None).await?;
    tracing::info!(user_id = user.id, "account deleted");
    Ok((
        [(SET_COOKIE, auth::expired_cookie(&state.config))],
        reply("profile deleted", Value::Null),
    )
        .into_response())
}

// ---------------------------------------------------------------------------------------------------
// States and cities

/// The Brazilian states, by name.
#[utoipa::path(get, path = "/profile/getStates", tag = tags::ACCOUNTS,
    responses((status = 200, description = "The states", body = Reply<Vec<StateItem>>)))]
async fn get_states(State(state): State<AppState>) -> Result<Json<Envelope<Vec<StateItem>>>> {
    let rows = sqlx::query("SELECT id, name FROM states ORDER BY name")
        .fetch_all(&state.db.pool)
        .await?;
    let states = rows
        .iter()
        .map(|row| {
            Ok(StateItem {
                state_id: row.try_get("id")?,
                state_name: row.try_get("name")?,
            })
        })
        .collect::<Result<Vec<_>, sqlx::Error>>()?;
    Ok(ok(states))
}

/// A state's cities, by name.
#[utoipa::path(get, path = "/profile/getCitiesByState/{state_id}", tag = tags::ACCOUNTS,
    params(("state_id" = String, Path, description = "The state's id (a number)")),
    responses((status = 200, description = "The cities (none for an unknown state)", body = Reply<Vec<CityItem>>)))]
async fn get_cities(
    State(state): State<AppState>,
    ApiPath(state_id): ApiPath<String>,
) -> Result<Json<Envelope<Vec<CityItem>>>> {
    let state_id: i64 = state_id
        .parse()
        .map_err(|_| Error::bad_request("stateId must be a number"))?;
    let rows = sqlx::query("SELECT id, name FROM cities WHERE state_id = $1 ORDER BY name")
        .bind(state_id)
        .fetch_all(&state.db.pool)
        .await?;
    let cities = rows
        .iter()
        .map(|row| {
            Ok(CityItem {
                city_id: row.try_get("id")?,
                city_name: row.try_get("name")?,
            })
        })
        .collect::<Result<Vec<_>, sqlx::Error>>()?;
    Ok(ok(cities))
}

// ---------------------------------------------------------------------------------------------------
// Social login (doc1 §4/§8, G03, S07)

async fn verified_identity(state: &AppState, body: &FirebaseRequest) -> Result<firebase::Identity> {
    firebase::verify(&state.auth.firebase, &state.config, body.id_token.trim())
        .await
        .map_err(|err| {
            tracing::info!(error = %err, "social ID token refused");
            Error::refused(msg::INVALID_TOKEN)
        })
}

/// Registers an account from a verified social identity (Firebase ID token; the e-mail must be verified).
#[utoipa::path(post, path = "/profile/registerUserFirebase", tag = tags::ACCOUNTS,
    request_body = FirebaseRequest,
    responses((status = 200, description = "Registered ('user registered'); or a refusal ('invalid token', \
        'no email from provider', 'email from provider not verified', 'user disabled', \
        'email and firebaseUid already registered', …)", body = Reply<PendingUserReply>)))]
async fn register_user_firebase(
    State(state): State<AppState>,
    ClientIp(ip): ClientIp,
    ApiJson(body): ApiJson<FirebaseRequest>,
) -> Result<Response> {
    let identity = verified_identity(&state, &body).await?;
    let email = identity
        .email
        .clone()
        .ok_or_else(|| Error::refused(msg::NO_EMAIL))?;
    // S07: registration always needs a verified e-mail (no Facebook exemption here).
    if !identity.email_verified {
        return Err(Error::refused(msg::EMAIL_NOT_VERIFIED));
    }
    let by_uid = user_by_firebase_uid(&state.db, &identity.uid).await?;
    let by_email = user_by_email(&state.db, &email).await?;
    if by_uid.as_ref().is_some_and(|u| u.disabled) || by_email.as_ref().is_some_and(|u| u.disabled) {
        return Err(Error::refused(msg::USER_DISABLED));
    }
    match (&by_uid, &by_email) {
        (Some(a), Some(b)) if a.id == b.id => return Err(Error::refused(msg::BOTH_REGISTERED)),
        (Some(_), _) => return Err(Error::refused(msg::UID_OTHER_EMAIL)),
        (None, Some(existing)) if existing.firebase_uid.is_some() => {
            return Err(Error::refused(msg::EMAIL_OTHER_UID));
        }
        (None, Some(_)) => return Err(Error::refused(msg::FOUND_WITHOUT_UID)),
        (None, None) => {}
    }
    rate_limit::hit(&state.db, &rate_limit::REGISTER, rate_limit::Key::Ip(ip)).await?;
    let name = identity
        .name
        .as_deref()
        .map(str::trim)
        .filter(|name| !name.is_empty())
        .unwrap_or_else(|| email.split('@').next().unwrap_or("Ouvinte"));
    let (first, last) = match name.split_once(' ') {
        Some((first, last)) => (first.to_owned(), Some(last.trim().to_owned())),
        None => (name.to_owned(), None),
    };
    sqlx::query(
        "INSERT INTO users (email, name, last_name, email_confirmed, firebase_uid, firebase_provider, created_at) \
         VALUES ($1, $2, $3, 1, $4, $5, $6)",
    )
    .bind(&email)
    .bind(&first)
    .bind(&last)
    .bind(&identity.uid)
    .bind(&identity.provider)
    .bind(now())
    .execute(&state.db.pool)
    .await?;
    let user = user_by_firebase_uid(&state.db, &identity.uid)
        .await?
        .ok_or_else(|| anyhow::anyhow!("social user vanished"))?;
    Ok(reply("user registered", PendingUserReply { user: user.pending() }).into_response())
}

/// Social login with a Firebase ID token; `link: true` links it to an existing e-mail account.
#[utoipa::path(post, path = "/profile/loginFirebase", tag = tags::ACCOUNTS,
    request_body = FirebaseRequest,
    responses((status = 200, description = "Logged in ('logged in', 'account linked'), with a session; or a \
        refusal ('invalid token', 'user not found by firebaseUid or firebaseEmail', \
        'user found by email but without firebaseUid', …)", body = Reply<SessionReply>,
        headers(("Set-Cookie" = String, description = "The session cookie `a1_token`, on login")))))]
async fn login_firebase(
    State(state): State<AppState>,
    ApiJson(body): ApiJson<FirebaseRequest>,
) -> Result<Response> {
    let identity = verified_identity(&state, &body).await?;
    let email = identity
        .email
        .clone()
        .ok_or_else(|| Error::refused(msg::NO_EMAIL))?;
    // S07: on the login screens Facebook is exempt from the verified-e-mail rule.
    let verified_enough = identity.email_verified || identity.provider == "facebook.com";
    if !verified_enough {
        return Err(Error::refused(msg::EMAIL_NOT_VERIFIED));
    }
    if let Some(user) = user_by_firebase_uid(&state.db, &identity.uid).await? {
        if user.disabled {
            return Err(Error::refused(msg::USER_DISABLED));
        }
        return session_reply(&state, &user, "logged in").await;
    }
    let Some(user) = user_by_email(&state.db, &email).await? else {
        return Err(Error::refused(msg::NOT_FOUND_SOCIAL));
    };
    if user.disabled {
        return Err(Error::refused(msg::USER_DISABLED));
    }
    if user.firebase_uid.is_some() {
        return Err(Error::refused(msg::FOUND_OTHER_UID));
    }
    // Linking hands an existing account to the social identity, so the provider must have verified
    // the address (no Facebook exemption here).
    if body.link != Some(true) || !identity.email_verified {
        return Err(Error::refused(msg::FOUND_WITHOUT_UID));
    }
    let linked = sqlx::query(
        "UPDATE users SET firebase_uid = $1, firebase_provider = $2, email_confirmed = 1 \
         WHERE id = $3 AND firebase_uid IS NULL",
    )
    .bind(&identity.uid)
    .bind(&identity.provider)
    .bind(user.id)
    .execute(&state.db.pool)
    .await?
    .rows_affected();
    if linked != 1 {
        return Err(Error::refused(msg::FOUND_OTHER_UID));
    }
    let user = user_by_id(&state.db, user.id)
        .await?
        .ok_or_else(|| anyhow::anyhow!("linked user vanished"))?;
    session_reply(&state, &user, msg::ACCOUNT_LINKED).await
}
