//! Verification of Firebase ID tokens (social login, S07): RS256 signature against the public keys
//! published at `ONDA_FIREBASE_KEYS_URL` (a JWKS or Google's x509 certificate map, cached for the Cache-Control max-age), audience =
//! `ONDA_FIREBASE_PROJECT_ID`, issuer `https://securetoken.google.com/<project>`, expiry. The provider
//! comes from the verified claim `firebase.sign_in_provider` (G03), never from the client.

use std::{
    collections::HashMap,
    time::{Duration, Instant},
};

use jsonwebtoken::{Algorithm, DecodingKey, Validation, jwk::JwkSet};
use serde::Deserialize;
use tokio::sync::Mutex;

use crate::config::Config;

/// Why a token was not accepted (the reply is the generic failure either way; this is for logs).
#[derive(Debug, thiserror::Error)]
pub enum TokenError {
    #[error("social login is not configured (ONDA_FIREBASE_PROJECT_ID)")]
    NotConfigured,
    #[error("cannot fetch the provider keys: {0}")]
    Keys(String),
    #[error("invalid token: {0}")]
    Invalid(String),
}

/// The verified identity of an ID token.
#[derive(Debug, Clone)]
pub struct Identity {
    pub uid: String,
    pub email: Option<String>,
    pub email_verified: bool,
    pub name: Option<String>,
    /// 'google.com', 'facebook.com', 'apple.com', 'password', …
    pub provider: String,
}

#[derive(Debug, Deserialize)]
struct Claims {
    sub: String,
    #[serde(default)]
    email: Option<String>,
    #[serde(default)]
    email_verified: Option<bool>,
    #[serde(default)]
    name: Option<String>,
    #[serde(default)]
    firebase: Option<FirebaseClaim>,
}

#[derive(Debug, Deserialize)]
struct FirebaseClaim {
    #[serde(default)]
    sign_in_provider: Option<String>,
}

#[derive(Default)]
pub struct KeyCache {
    inner: Mutex<Option<CachedKeys>>,
}

struct CachedKeys {
    keys: HashMap<String, DecodingKey>,
    until: Instant,
}

impl KeyCache {
    /// Forgets the fetched keys (staff cleanCache); the next social login fetches them again.
    pub async fn clear(&self) {
        *self.inner.lock().await = None;
    }

    /// The key with id `kid`, from the cache while it is fresh, else freshly fetched (once more if the
    /// kid is unknown, since providers rotate keys).
    async fn key(&self, config: &Config, kid: &str) -> Result<DecodingKey, TokenError> {
        let mut guard = self.inner.lock().await;
        if let Some(cached) = guard.as_ref()
            && cached.until > Instant::now()
            && let Some(key) = cached.keys.get(kid)
        {
            return Ok(key.clone());
        }
        let fetched = fetch_keys(&config.firebase_keys_url).await?;
        let key = fetched.keys.get(kid).cloned();
        *guard = Some(fetched);
        key.ok_or_else(|| TokenError::Invalid(format!("unknown key id {kid}")))
    }
}

async fn fetch_keys(url: &str) -> Result<CachedKeys, TokenError> {
    let client = reqwest::Client::builder()
        .timeout(Duration::from_secs(10))
        .build()
        .map_err(|err| TokenError::Keys(err.to_string()))?;
    let response = client
        .get(url)
        .send()
        .await
        .and_then(reqwest::Response::error_for_status)
        .map_err(|err| TokenError::Keys(err.to_string()))?;
    let max_age = response
        .headers()
        .get(reqwest::header::CACHE_CONTROL)
        .and_then(|value| value.to_str().ok())
        .and_then(|value| {
            value
                .split(',')
                .filter_map(|part| part.trim().strip_prefix("max-age="))
                .find_map(|secs| secs.parse::<u64>().ok())
        })
        .unwrap_or(0);
    let body: serde_json::Value = response
        .json()
        .await
        .map_err(|err| TokenError::Keys(err.to_string()))?;
    let keys = parse_keys(body)?;
    Ok(CachedKeys {
        keys,
        until: Instant::now() + Duration::from_secs(max_age),
    })
}

/// The keys of either published format: a JWKS (`{"keys": [{kid, n, e, …}]}`) or Google's x509 map
/// (`{"<kid>": "-----BEGIN CERTIFICATE-----…"}`).
fn parse_keys(body: serde_json::Value) -> Result<HashMap<String, DecodingKey>, TokenError> {
    let mut keys = HashMap::new();
    if body.get("keys").is_some() {
        let set: JwkSet =
            serde_json::from_value(body).map_err(|err| TokenError::Keys(format!("JWKS: {err}")))?;
        for jwk in &set.keys {
            if let Some(kid) = &jwk.common.key_id
                && let Ok(key) = DecodingKey::from_jwk(jwk)
            {
                keys.insert(kid.clone(), key);
            }
        }
    } else if let serde_json::Value::Object(map) = body {
        for (kid, pem) in map {
            if let Some(pem) = pem.as_str()
                && let Ok(key) = DecodingKey::from_rsa_pem(pem.as_bytes())
            {
                keys.insert(kid, key);
            }
        }
    }
    if keys.is_empty() {
        return Err(TokenError::Keys("no usable RSA key in the response".to_owned()));
    }
    Ok(keys)
}

/// Verifies an ID token and returns who it identifies.
pub async fn verify(cache: &KeyCache, config: &Config, token: &str) -> Result<Identity, TokenError> {
    let project = config
        .firebase_project_id
        .as_deref()
        .map(str::trim)
        .filter(|project| !project.is_empty())
        .ok_or(TokenError::NotConfigured)?;
    let header = jsonwebtoken::decode_header(token).map_err(|err| TokenError::Invalid(err.to_string()))?;
    if header.alg != Algorithm::RS256 {
        return Err(TokenError::Invalid(format!("algorithm {:?}", header.alg)));
    }
    let kid = header
        .kid
        .ok_or_else(|| TokenError::Invalid("no key id".to_owned()))?;
    let key = cache.key(config, &kid).await?;
    let mut validation = Validation::new(Algorithm::RS256);
    validation.set_audience(&[project]);
    validation.set_issuer(&[format!("https://securetoken.google.com/{project}")]);
    validation.set_required_spec_claims(&["exp", "aud", "iss", "sub"]);
    let data = jsonwebtoken::decode::<Claims>(token, &key, &validation)
        .map_err(|err| TokenError::Invalid(err.to_string()))?;
    let claims = data.claims;
    if claims.sub.is_empty() {
        return Err(TokenError::Invalid("empty subject".to_owned()));
    }
    Ok(Identity {
        uid: claims.sub,
        email: claims
            .email
            .map(|email| email.trim().to_owned())
            .filter(|email| !email.is_empty()),
        email_verified: claims.email_verified.unwrap_or(false),
        name: claims.name,
        provider: claims
            .firebase
            .and_then(|firebase| firebase.sign_in_provider)
            .unwrap_or_else(|| "unknown".to_owned()),
    })
}
