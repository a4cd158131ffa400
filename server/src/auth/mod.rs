//! Accounts' security core: argon2id password hashes, revocable sessions carried by signed tokens
//! (HS256 JWT whose `jti` is a row of `sessions`), the `AuthUser`/`MaybeAuthUser` extractors (cookie
//! `a1_token` or `Authorization: Bearer`, G10/C11/S08), social ID-token verification and rate limits.

pub mod firebase;
pub mod rate_limit;

use argon2::{
    Algorithm, Argon2, Params, PasswordHash, PasswordHasher, PasswordVerifier, Version,
    password_hash::SaltString,
};
use axum::{
    extract::FromRequestParts,
    http::{HeaderMap, HeaderValue, header, request::Parts},
};
use jsonwebtoken::{DecodingKey, EncodingKey, Header, Validation};
use serde::{Deserialize, Serialize};
use tokio::sync::OnceCell;

use crate::{AppState, Error, Result, clock::now, config::Config, db::Db};

/// Name of the auth cookie (G10).
pub const COOKIE: &str = "a1_token";
/// Token and session lifetime: 30 days (G10).
pub const SESSION_SECONDS: i64 = 30 * 24 * 3600;
const SECRET_SETTING: &str = "session_secret";

pub fn random_hex(bytes: usize) -> String {
    let buf: Vec<u8> = (0..bytes).map(|_| rand::random::<u8>()).collect();
    hex::encode(buf)
}

/// Whether two secrets are equal, in a time that does not depend on where they first differ.
pub fn constant_time_eq(a: &[u8], b: &[u8]) -> bool {
    a.len() == b.len() && a.iter().zip(b).fold(0u8, |diff, (x, y)| diff | (x ^ y)) == 0
}

pub fn sha256_hex(value: &str) -> String {
    use sha2::Digest;
    hex::encode(sha2::Sha256::digest(value.as_bytes()))
}

/// Shared, lazily initialised auth state: the signing keys and the social-login key cache.
pub struct AuthState {
    keys: OnceCell<Keys>,
    /// A hash of a random password, verified when a login names no account (or one without a
    /// password), so that the answer takes as long as for a real account.
    dummy_hash: OnceCell<String>,
    pub firebase: firebase::KeyCache,
}

struct Keys {
    encoding: EncodingKey,
    decoding: DecodingKey,
    /// Signs the HLS access tokens of semiPro and pro channels (routes/hls.rs): derived from the session
    /// secret, so every instance agrees on it, but never the secret itself.
    hls: [u8; 32],
}

impl AuthState {
    pub fn new() -> Self {
        Self {
            keys: OnceCell::new(),
            dummy_hash: OnceCell::new(),
            firebase: firebase::KeyCache::default(),
        }
    }

    /// The signing keys: `ONDA_SESSION_SECRET`, else a random secret generated once and stored in the
    /// settings table (the first instance to store it wins; the others read it back).
    async fn keys(&self, config: &Config, db: &Db) -> Result<&Keys> {
        self.keys
            .get_or_try_init(|| async {
                let secret = match config.session_secret.as_deref().map(str::trim) {
                    Some(secret) if !secret.is_empty() => secret.to_owned(),
                    _ => {
                        sqlx::query(
                            "INSERT INTO settings (key, value) VALUES ($1, $2) ON CONFLICT (key) DO NOTHING",
                        )
                        .bind(SECRET_SETTING)
                        .bind(random_hex(32))
                        .execute(&db.pool)
                        .await?;
                        db.setting(SECRET_SETTING)
                            .await?
                            .ok_or_else(|| anyhow::anyhow!("session secret missing after insert"))?
                    }
                };
                use sha2::Digest;
                Ok::<_, Error>(Keys {
                    encoding: EncodingKey::from_secret(secret.as_bytes()),
                    decoding: DecodingKey::from_secret(secret.as_bytes()),
                    hls: sha2::Sha256::digest(format!("onda hls tokens|{secret}").as_bytes()).into(),
                })
            })
            .await
    }

    /// The key of the HLS access tokens (read from the database once per process).
    pub async fn hls_key(&self, config: &Config, db: &Db) -> Result<[u8; 32]> {
        Ok(self.keys(config, db).await?.hls)
    }
}

impl Default for AuthState {
    fn default() -> Self {
        Self::new()
    }
}

// ---------------------------------------------------------------------------------------------------
// Passwords

fn argon2(config: &Config) -> Result<Argon2<'static>> {
    let params = Params::new(config.argon2_memory_kib, config.argon2_iterations, 1, None)
        .map_err(|err| anyhow::anyhow!("argon2 parameters: {err}"))?;
    Ok(Argon2::new(Algorithm::Argon2id, Version::V0x13, params))
}

/// How many argon2 computations run at once. Each holds `argon2_memory_kib` (19 MiB by default) while it
/// runs, and logins and registrations are anonymous: unbounded, each one got a blocking thread of its
/// own, and 500 concurrent logins from as many addresses took the server to 854 MiB (189 MiB with this
/// bound, and 20% sooner done). Beyond it, attempts wait their turn: the cores are busy anyway.
static HASHING: std::sync::LazyLock<tokio::sync::Semaphore> = std::sync::LazyLock::new(|| {
    let cores = std::thread::available_parallelism().map_or(2, std::num::NonZeroUsize::get);
    tokio::sync::Semaphore::new(cores * 2)
});

async fn hashing_turn() -> Result<tokio::sync::SemaphorePermit<'static>> {
    HASHING
        .acquire()
        .await
        .map_err(|err| Error::Internal(anyhow::anyhow!("hashing semaphore: {err}")))
}

/// An argon2id PHC string (`$argon2id$v=19$m=…`), computed off the async threads.
pub async fn hash_password(config: &Config, password: &str) -> Result<String> {
    let hasher = argon2(config)?;
    let password = password.to_owned();
    let _turn = hashing_turn().await?;
    tokio::task::spawn_blocking(move || {
        let salt_bytes: [u8; 16] = rand::random();
        let salt = SaltString::encode_b64(&salt_bytes).map_err(|err| anyhow::anyhow!("salt: {err}"))?;
        hasher
            .hash_password(password.as_bytes(), &salt)
            .map(|hash| hash.to_string())
            .map_err(|err| Error::Internal(anyhow::anyhow!("hash: {err}")))
    })
    .await
    .map_err(|err| anyhow::anyhow!("hash task: {err}"))?
}

/// Checks a login password: against the account's hash, or (no account, no local password) against a
/// dummy hash with the same parameters, and answers false — the timing does not tell them apart.
pub async fn verify_login(state: &AppState, hash: Option<&str>, password: &str) -> Result<bool> {
    match hash {
        Some(hash) => Ok(verify_password(hash, password).await),
        None => {
            let dummy = state
                .auth
                .dummy_hash
                .get_or_try_init(|| async {
                    let password = random_hex(16);
                    hash_password(&state.config, &password).await
                })
                .await?;
            let _ = verify_password(dummy, password).await;
            Ok(false)
        }
    }
}

/// Checks a password against a stored PHC string (its own parameters are used).
pub async fn verify_password(hash: &str, password: &str) -> bool {
    let hash = hash.to_owned();
    let password = password.to_owned();
    let Ok(_turn) = hashing_turn().await else {
        return false;
    };
    tokio::task::spawn_blocking(move || {
        PasswordHash::new(&hash)
            .map(|parsed| {
                Argon2::default()
                    .verify_password(password.as_bytes(), &parsed)
                    .is_ok()
            })
            .unwrap_or(false)
    })
    .await
    .unwrap_or(false)
}

// ---------------------------------------------------------------------------------------------------
// Sessions

#[derive(Debug, Serialize, Deserialize)]
struct Claims {
    /// The user id.
    uid: i64,
    /// The session id (row of `sessions`).
    jti: String,
    iat: i64,
    exp: i64,
}

/// Opens a session for `user_id` and returns its signed token.
pub async fn create_session(state: &AppState, user_id: i64) -> Result<String> {
    let keys = state.auth.keys(&state.config, &state.db).await?;
    let id = random_hex(16);
    let now = now();
    let expires = now + SESSION_SECONDS;
    sqlx::query("INSERT INTO sessions (id, user_id, created_at, expires_at) VALUES ($1, $2, $3, $4)")
        .bind(&id)
        .bind(user_id)
        .bind(now)
        .bind(expires)
        .execute(&state.db.pool)
        .await?;
    let claims = Claims {
        uid: user_id,
        jti: id,
        iat: now,
        exp: expires,
    };
    jsonwebtoken::encode(&Header::default(), &claims, &keys.encoding)
        .map_err(|err| Error::Internal(anyhow::anyhow!("sign token: {err}")))
}

/// Revokes every live session of a user, except `keep` when given.
pub async fn revoke_user_sessions(db: &Db, user_id: i64, keep: Option<&str>) -> Result<()> {
    let mut conn = db.pool.acquire().await?;
    revoke_user_sessions_on(&mut conn, user_id, keep).await
}

/// [`revoke_user_sessions`] on a connection (a transaction: the back office disables an account and
/// ends its sessions with its audit row, all or nothing).
pub async fn revoke_user_sessions_on(
    conn: &mut sqlx::AnyConnection,
    user_id: i64,
    keep: Option<&str>,
) -> Result<()> {
    sqlx::query("UPDATE sessions SET revoked_at = $1 WHERE user_id = $2 AND revoked_at IS NULL AND id <> $3")
        .bind(now())
        .bind(user_id)
        .bind(keep.unwrap_or(""))
        .execute(conn)
        .await?;
    Ok(())
}

pub async fn revoke_session(db: &Db, session_id: &str) -> Result<()> {
    sqlx::query("UPDATE sessions SET revoked_at = $1 WHERE id = $2 AND revoked_at IS NULL")
        .bind(now())
        .bind(session_id)
        .execute(&db.pool)
        .await?;
    Ok(())
}

/// `Set-Cookie` for a new session: HttpOnly, SameSite=Strict, Path=/, 30 days, Secure over https.
pub fn session_cookie(config: &Config, token: &str) -> HeaderValue {
    let secure = if config.is_https() { "; Secure" } else { "" };
    HeaderValue::from_str(&format!(
        "{COOKIE}={token}; Path=/; HttpOnly; SameSite=Strict; Max-Age={SESSION_SECONDS}{secure}"
    ))
    .unwrap_or_else(|_| HeaderValue::from_static("a1_token=; Path=/"))
}

/// `Set-Cookie` that expires the auth cookie (logout, deletion).
pub fn expired_cookie(config: &Config) -> HeaderValue {
    if config.is_https() {
        HeaderValue::from_static("a1_token=; Path=/; HttpOnly; SameSite=Strict; Max-Age=0; Secure")
    } else {
        HeaderValue::from_static("a1_token=; Path=/; HttpOnly; SameSite=Strict; Max-Age=0")
    }
}

/// The token of a request: `Authorization: Bearer …` first, else the `a1_token` cookie.
fn request_token(headers: &HeaderMap) -> Option<String> {
    if let Some(bearer) = headers
        .get(header::AUTHORIZATION)
        .and_then(|value| value.to_str().ok())
        .and_then(|value| value.strip_prefix("Bearer "))
        .map(str::trim)
        .filter(|token| !token.is_empty())
    {
        return Some(bearer.to_owned());
    }
    headers
        .get_all(header::COOKIE)
        .iter()
        .filter_map(|value| value.to_str().ok())
        .flat_map(|list| list.split(';'))
        .filter_map(|pair| pair.trim().split_once('='))
        .find(|(name, value)| *name == COOKIE && !value.is_empty())
        .map(|(_, value)| value.to_owned())
}

/// A caller with a live session: the token verifies, its session row is neither revoked nor expired, and
/// the user exists and is not disabled. Otherwise the request is answered 401 in the envelope.
#[derive(Debug, Clone)]
pub struct AuthUser {
    pub user_id: i64,
    pub session_id: String,
}

/// Like `AuthUser`, but a missing or dead session is `None` instead of a 401.
#[derive(Debug, Clone)]
pub struct MaybeAuthUser(pub Option<AuthUser>);

async fn authenticate(parts: &Parts, state: &AppState) -> Result<Option<AuthUser>> {
    let Some(token) = request_token(&parts.headers) else {
        return Ok(None);
    };
    let keys = state.auth.keys(&state.config, &state.db).await?;
    let Ok(data) = jsonwebtoken::decode::<Claims>(&token, &keys.decoding, &Validation::default()) else {
        return Ok(None);
    };
    let live: Option<i64> = sqlx::query_scalar(
        "SELECT s.user_id FROM sessions s JOIN users u ON u.id = s.user_id \
         WHERE s.id = $1 AND s.user_id = $2 AND s.revoked_at IS NULL AND s.expires_at > $3 \
         AND u.disabled = 0",
    )
    .bind(&data.claims.jti)
    .bind(data.claims.uid)
    .bind(now())
    .fetch_optional(&state.db.pool)
    .await?;
    Ok(live.map(|user_id| AuthUser {
        user_id,
        session_id: data.claims.jti,
    }))
}

impl FromRequestParts<AppState> for AuthUser {
    type Rejection = Error;

    async fn from_request_parts(parts: &mut Parts, state: &AppState) -> Result<Self, Self::Rejection> {
        authenticate(parts, state).await?.ok_or(Error::Unauthorized)
    }
}

impl FromRequestParts<AppState> for MaybeAuthUser {
    type Rejection = Error;

    async fn from_request_parts(parts: &mut Parts, state: &AppState) -> Result<Self, Self::Rejection> {
        Ok(Self(authenticate(parts, state).await?))
    }
}
