//! Configuration from the environment (or the same names as flags), with the embedded defaults that make
//! `onda-server` with no configuration a complete station on one machine.

use std::{net::SocketAddr, path::PathBuf};

use clap::Args;
use onda_shared::forms::FormKind;

/// The home widgets' providers (G23), as docs/widgets.md names them.
pub const DEFAULT_WEATHER_URL: &str = "https://api.open-meteo.com";
pub const DEFAULT_AIR_URL: &str = "https://air-quality-api.open-meteo.com";
pub const DEFAULT_GEOCODE_URL: &str = "https://nominatim.openstreetmap.org";
pub const DEFAULT_CURRENCY_URL: &str = "https://economia.awesomeapi.com.br";
pub const DEFAULT_CRYPTO_URL: &str = "https://api.coingecko.com";

#[derive(Debug, Clone, Args)]
pub struct Config {
    /// Address to listen on.
    #[arg(long, env = "ONDA_ADDR", default_value = "127.0.0.1:8080")]
    pub addr: SocketAddr,

    /// Folder for the SQLite database, the mail outbox, generated media and the demo music.
    #[arg(long, env = "ONDA_DATA_DIR", default_value = "./data")]
    pub data_dir: PathBuf,

    /// `sqlite://…` or `postgres://…`. Default: `sqlite://<data dir>/onda.db`.
    #[arg(long, env = "DATABASE_URL")]
    pub database_url: Option<String>,

    /// The address listeners reach the station at (links in e-mails, feeds, share previews).
    #[arg(long, env = "ONDA_PUBLIC_URL")]
    pub public_url: Option<String>,

    /// The address the other instances reach this one at, e.g. `http://10.0.0.5:8080` (PostgreSQL
    /// with the station engine: followers relay the leader's mounts from there). Default
    /// `http://<ONDA_ADDR>`.
    #[arg(long, env = "ONDA_INSTANCE_URL")]
    pub instance_url: Option<String>,

    #[arg(long, env = "ONDA_STATION_NAME", default_value = "Onda FM")]
    pub station_name: String,

    /// Lower-case id of the station; the main stream is `{slug}_1` (G01).
    #[arg(long, env = "ONDA_STATION_SLUG", default_value = "onda")]
    pub station_slug: String,

    /// Seed the demo content once on first start.
    #[arg(long, env = "ONDA_SEED_DEMO", default_value_t = true, action = clap::ArgAction::Set)]
    pub seed_demo: bool,

    /// Proxies whose `X-Forwarded-For` is believed (comma-separated IPs), e.g. a load balancer.
    #[arg(long, env = "ONDA_TRUSTED_PROXIES", value_delimiter = ',')]
    pub trusted_proxies: Vec<std::net::IpAddr>,

    /// External custom-search service (3p.customSearch, G02), e.g.
    /// `https://www.googleapis.com/customsearch/v1`. With the key and the engine id set, suggestions and
    /// /busca come from it; unset: from the station's own index.
    #[arg(long, env = "ONDA_SEARCH_API_URL")]
    pub search_api_url: Option<String>,

    /// Key of the external search service (kept on the server, S16).
    #[arg(long, env = "ONDA_SEARCH_API_KEY", hide_env_values = true)]
    pub search_api_key: Option<String>,

    /// Engine id (`cx`) of the external search service.
    #[arg(long, env = "ONDA_SEARCH_ENGINE_ID")]
    pub search_engine_id: Option<String>,

    /// How often the own search index picks up content written by any instance, in seconds.
    #[arg(long, env = "ONDA_SEARCH_REFRESH_SECONDS", default_value_t = 5)]
    pub search_refresh_seconds: u64,

    /// Serve the UI from this folder instead of the copy built into the binary (development).
    #[arg(long, env = "ONDA_UI_DIR")]
    pub ui_dir: Option<PathBuf>,

    /// External commercial site linked as 'Comercial' in the main menu.
    #[arg(
        long,
        env = "ONDA_COMMERCIAL_URL",
        default_value = "https://comercial.ondafm.com.br"
    )]
    pub commercial_url: String,

    /// The station's identification at the top of the monthly music report (ECAD): its CNPJ, its
    /// dial (e.g. '98,5 FM São Paulo') and the contact e-mail ECAD writes to. Empty: left blank there.
    #[arg(long, env = "ONDA_STATION_CNPJ", default_value = "")]
    pub station_cnpj: String,
    #[arg(long, env = "ONDA_STATION_DIAL", default_value = "")]
    pub station_dial: String,
    #[arg(long, env = "ONDA_STATION_EMAIL", default_value = "")]
    pub station_email: String,

    /// Where the server writes its scheduled backups (`admin backup`'s file, every
    /// ONDA_BACKUP_EVERY); unset, it writes none.
    #[arg(long, env = "ONDA_BACKUP_DIR")]
    pub backup_dir: Option<PathBuf>,

    /// Time between scheduled backups: a number and a unit (`30m`, `6h`, `1d`; a bare number is hours).
    #[arg(long, env = "ONDA_BACKUP_EVERY", default_value = "24h", value_parser = parse_interval)]
    pub backup_every: Interval,

    /// How many scheduled backups are kept (the oldest deleted first).
    #[arg(long, env = "ONDA_BACKUP_KEEP", default_value_t = 7,
        value_parser = clap::value_parser!(u32).range(1..=1000))]
    pub backup_keep: u32,

    /// The token a scraper outside this machine presents to `GET /metrics` (`Authorization: Bearer`).
    /// Unset, the figures are answered to loopback only.
    #[arg(long, env = "ONDA_METRICS_TOKEN", hide_env_values = true)]
    pub metrics_token: Option<String>,

    /// Secret that signs session tokens (HS256). Unset: one is generated on first start and kept in the
    /// database (`settings`), so every instance sharing the database accepts the same tokens.
    #[arg(long, env = "ONDA_SESSION_SECRET", hide_env_values = true)]
    pub session_secret: Option<String>,

    /// Argon2id memory cost in KiB (OWASP: 19456 = 19 MiB with 2 iterations).
    #[arg(long, env = "ONDA_ARGON2_MEMORY_KIB", default_value_t = 19456)]
    pub argon2_memory_kib: u32,

    /// Argon2id iterations (time cost).
    #[arg(long, env = "ONDA_ARGON2_ITERATIONS", default_value_t = 2)]
    pub argon2_iterations: u32,

    /// Send e-mail over SMTP: `smtp://user:pass@host:587?tls=required` (STARTTLS), `smtps://…:465`
    /// (implicit TLS) or `smtp://host:25` (plain, for a local relay).
    /// Unset: every message is written as an .eml file under `<data dir>/outbox/`.
    #[arg(long, env = "ONDA_SMTP_URL", hide_env_values = true)]
    pub smtp_url: Option<String>,

    /// Sender of the station's e-mails.
    #[arg(
        long,
        env = "ONDA_MAIL_FROM",
        default_value = "Onda FM <nao-responda@ondafm.com.br>"
    )]
    pub mail_from: String,

    /// Firebase project whose ID tokens social login accepts (audience). Unset: social login is off.
    #[arg(long, env = "ONDA_FIREBASE_PROJECT_ID")]
    pub firebase_project_id: Option<String>,

    /// Where the public keys of the ID tokens are published (JWKS), cached by Cache-Control max-age.
    #[arg(
        long,
        env = "ONDA_FIREBASE_KEYS_URL",
        default_value = "https://www.googleapis.com/service_accounts/v1/jwk/securetoken@system.gserviceaccount.com"
    )]
    pub firebase_keys_url: String,

    /// Firebase web API key (public web configuration, not a secret). With the auth domain and the
    /// project set, the UI shows the Google and Facebook buttons.
    #[arg(long, env = "ONDA_FIREBASE_API_KEY")]
    pub firebase_api_key: Option<String>,

    /// Firebase auth domain (`<project>.firebaseapp.com` or a custom domain) hosting the sign-in popup.
    #[arg(long, env = "ONDA_FIREBASE_AUTH_DOMAIN")]
    pub firebase_auth_domain: Option<String>,

    /// HMAC-SHA256 secret of the payment webhook. Unset: the webhook refuses every call.
    #[arg(long, env = "ONDA_PAYMENT_WEBHOOK_SECRET", hide_env_values = true)]
    pub payment_webhook_secret: Option<String>,

    /// Run the built-in station engine (autoDJ mounts under /stream/, now playing, listener accounting).
    #[arg(long, env = "ONDA_RADIO", default_value_t = true, action = clap::ArgAction::Set)]
    pub radio: bool,

    /// Music folder the autoDJ plays (MP3, FLAC, Ogg, WAV; tags and artwork are read). A
    /// `<folder>/<streamId>/` subfolder is that stream's own library. Unset: a demo library is
    /// synthesised on first start.
    #[arg(long, env = "ONDA_MUSIC_DIR")]
    pub music_dir: Option<PathBuf>,

    /// Loudness the autoDJ airs every track at, in LUFS (EBU R128), with true peaks held under -1
    /// dBTP; `off` airs each file at the level it was mastered.
    #[arg(long, env = "ONDA_LOUDNESS_TARGET", default_value = "-16", allow_hyphen_values = true,
        value_parser = parse_loudness_target)]
    pub loudness_target: LoudnessTarget,

    /// Minutes of each channel's HLS a listener can rewind in (the timeshift window), 1 to 1440.
    #[arg(long, env = "ONDA_HLS_WINDOW_MINUTES", default_value_t = crate::radio::hls::DEFAULT_WINDOW_MINUTES,
        value_parser = clap::value_parser!(u64).range(1..=1440))]
    pub hls_window_minutes: u64,

    /// Megabytes all the channels' HLS windows may take on disk together; the oldest segments go first.
    #[arg(long, env = "ONDA_HLS_MAX_MB", default_value_t = 2048, value_parser = clap::value_parser!(u64).range(1..))]
    pub hls_max_mb: u64,

    /// Days a programme's recording ('Ouvir de novo') is kept, 1 to 365.
    #[arg(long, env = "ONDA_REPLAY_DAYS", default_value_t = 7, value_parser = clap::value_parser!(u32).range(1..=365))]
    pub replay_days: u32,

    /// Megabytes the recordings may take on disk together; the oldest go first.
    #[arg(long, env = "ONDA_REPLAY_MAX_MB", default_value_t = 20_480, value_parser = clap::value_parser!(u64).range(1..))]
    pub replay_max_mb: u64,

    /// Seconds by which one song fades into the next (0: none). Never around live programmes,
    /// station IDs or spots.
    #[arg(long, env = "ONDA_CROSSFADE_SECONDS", default_value = "2", value_parser = parse_crossfade)]
    pub crossfade_seconds: f64,

    /// Folder for the engine's generated audio: the demo library, transcodes of the music folder and
    /// cover art. Default: `<data dir>/radio`. Several stations (or test runs) may share one.
    #[arg(long, env = "ONDA_RADIO_DIR")]
    pub radio_dir: Option<PathBuf>,

    /// Most stream listeners this instance serves at once; one more is answered 503. Default: the
    /// open-file limit less a sixteenth of it (at least 256), kept for the site, the database and the
    /// files, so a full house never leaves the pages without a socket to answer on.
    #[arg(long, env = "ONDA_MAX_LISTENERS")]
    pub max_listeners: Option<usize>,

    /// Longest wait, in milliseconds, of a login on an e-mail being guessed at (auth/rate_limit.rs:
    /// 0.5 s after a few failures, doubling up to this).
    #[arg(long, env = "ONDA_LOGIN_DELAY_MAX_MS", default_value_t = 8_000,
        value_parser = clap::value_parser!(u64).range(0..=60_000))]
    pub login_delay_max_ms: u64,

    /// Seconds a client has to send a request's head, and that a kept-alive connection may stay idle
    /// before its next request. Generous for a phone on a bad network (a head is a few hundred bytes),
    /// short enough that connections sending nothing free their place (listen.rs).
    #[arg(long, env = "ONDA_HEADER_TIMEOUT_SECONDS", default_value_t = 20,
        value_parser = clap::value_parser!(u64).range(1..=3600))]
    pub header_timeout_seconds: u64,

    /// Seconds a request's body has to arrive, plus one more for every 500 bytes received (a slow
    /// upload goes on as long as it keeps that pace; one that stalls is cut).
    #[arg(long, env = "ONDA_BODY_TIMEOUT_SECONDS", default_value_t = 20,
        value_parser = clap::value_parser!(u64).range(1..=3600))]
    pub body_timeout_seconds: u64,

    /// Connections to the pages and the API one client address may hold open (a trusted proxy's are
    /// not counted; connections.rs).
    #[arg(long, env = "ONDA_MAX_CONNECTIONS_PER_ADDRESS", default_value_t = 128,
        value_parser = clap::value_parser!(u64).range(1..=1_000_000))]
    pub max_connections_per_address: u64,

    /// Now-playing push channels one client address may hold open.
    #[arg(long, env = "ONDA_MAX_PUSH_PER_ADDRESS", default_value_t = 64,
        value_parser = clap::value_parser!(u64).range(1..=1_000_000))]
    pub max_push_per_address: u64,

    /// Stream listeners one client address may be (an office or a carrier's NAT holds many).
    #[arg(long, env = "ONDA_MAX_LISTENERS_PER_ADDRESS", default_value_t = 64,
        value_parser = clap::value_parser!(u64).range(1..=1_000_000))]
    pub max_listeners_per_address: u64,

    /// Now-playing push channels of all clients together; one more is answered 503. Default: a
    /// quarter of what the open-file limit leaves after the reserve (radio::file_budget).
    #[arg(long, env = "ONDA_MAX_PUSH")]
    pub max_push: Option<usize>,

    /// Length of every demo song in seconds (default: 150–210, varying per song). Tests use a few seconds.
    #[arg(long, env = "ONDA_DEMO_TRACK_SECONDS")]
    pub demo_track_seconds: Option<f32>,

    /// The password a studio's encoder sends (user `source`) to go live on any channel, as Icecast's
    /// `<source-password>`. A channel given its own password in the back office takes that one
    /// instead. Unset, only channels with their own password accept a source.
    #[arg(long, env = "ONDA_SOURCE_PASSWORD")]
    pub source_password: Option<String>,

    /// How often external Icecast mounts' status JSON is read, in seconds.
    #[arg(long, env = "ONDA_ICECAST_POLL_SECONDS", default_value_t = 5)]
    pub icecast_poll_seconds: u64,

    /// Mixcloud-style API of the 'outros' podcast catalogue, the account's base URL
    /// (`https://api.mixcloud.com/<account>`). Unset: the catalogue comes from the database.
    #[arg(long, env = "ONDA_MIXCLOUD_API_URL")]
    pub mixcloud_api_url: Option<String>,

    /// Embeddable podcast player (the player host's iframe page); `?feed=/<account>/<key>/` is added.
    #[arg(
        long,
        env = "ONDA_PODCAST_PLAYER_URL",
        default_value = "https://player-widget.mixcloud.com/widget/iframe/"
    )]
    pub podcast_player_url: String,

    /// Video platform API key. Set: /videos playlists come from the platform (cached); unset: from the
    /// database.
    #[arg(long, env = "ONDA_YOUTUBE_API_KEY", hide_env_values = true)]
    pub youtube_api_key: Option<String>,

    /// Base URL of the video platform's data API.
    #[arg(
        long,
        env = "ONDA_YOUTUBE_API_URL",
        default_value = "https://www.googleapis.com/youtube/v3"
    )]
    pub youtube_api_url: String,

    /// The station's channel at the video platform (its playlists, the live '{product} TV' embed).
    #[arg(long, env = "ONDA_YOUTUBE_CHANNEL_ID")]
    pub youtube_channel_id: Option<String>,

    /// Open-Meteo forecast API (the home weather strip), without a trailing path: `/v1/forecast` is
    /// added. Free for non-commercial use with attribution (docs/widgets.md).
    #[arg(long, env = "ONDA_WEATHER_URL", default_value = DEFAULT_WEATHER_URL)]
    pub weather_url: String,

    /// Open-Meteo air-quality API; `/v1/air-quality` is added.
    #[arg(long, env = "ONDA_AIR_URL", default_value = DEFAULT_AIR_URL)]
    pub air_url: String,

    /// Nominatim (OpenStreetMap) reverse geocoder; `/reverse` is added. Its usage policy allows one
    /// request per second, which the server keeps.
    #[arg(long, env = "ONDA_GEOCODE_URL", default_value = DEFAULT_GEOCODE_URL)]
    pub geocode_url: String,

    /// AwesomeAPI quotes (USD-BRL, EUR-BRL); `/json/last/…` is added.
    #[arg(long, env = "ONDA_CURRENCY_URL", default_value = DEFAULT_CURRENCY_URL)]
    pub currency_url: String,

    /// CoinGecko public API; `/api/v3/coins/markets` is added.
    #[arg(long, env = "ONDA_CRYPTO_URL", default_value = DEFAULT_CRYPTO_URL)]
    pub crypto_url: String,

    /// Where the listeners' forms are e-mailed, unless their kind has an address of its own.
    #[arg(long, env = "ONDA_INBOX_EMAIL", default_value = "contato@ondafm.com.br")]
    pub inbox_email: String,

    /// Address of the song recommendations (default: ONDA_INBOX_EMAIL).
    #[arg(long, env = "ONDA_INBOX_EMAIL_RECOMMEND")]
    pub inbox_email_recommend: Option<String>,

    /// Address of the contact form (default: ONDA_INBOX_EMAIL).
    #[arg(long, env = "ONDA_INBOX_EMAIL_CONTACT")]
    pub inbox_email_contact: Option<String>,

    /// Addresses of single contact subjects, `id=address` comma-separated (ids 1 Geral … 7
    /// Programação musical), e.g. `2=comercial@radio.com.br,3=rh@radio.com.br`; the others go to
    /// ONDA_INBOX_EMAIL_CONTACT.
    #[arg(long, env = "ONDA_INBOX_EMAIL_CONTACT_SUBJECTS", value_delimiter = ',')]
    pub inbox_email_contact_subjects: Vec<String>,

    /// Address of the work-with-us applications (default: ONDA_INBOX_EMAIL).
    #[arg(long, env = "ONDA_INBOX_EMAIL_WORK")]
    pub inbox_email_work: Option<String>,

    /// Address of the free-streaming requests (default: ONDA_INBOX_EMAIL).
    #[arg(long, env = "ONDA_INBOX_EMAIL_FREE_STREAMING")]
    pub inbox_email_free_streaming: Option<String>,

    /// Days a form submission (and its CV) is kept before the server deletes it (privacy policy).
    #[arg(long, env = "ONDA_INBOX_RETENTION_DAYS", default_value_t = 365,
        value_parser = clap::value_parser!(u32).range(1..))]
    pub inbox_retention_days: u32,
}

impl Config {
    /// The defaults, as with an empty environment, rooted at `data_dir` (tests use a temporary folder).
    pub fn for_data_dir(data_dir: impl Into<PathBuf>) -> Self {
        Self {
            addr: SocketAddr::from(([127, 0, 0, 1], 8080)),
            data_dir: data_dir.into(),
            database_url: None,
            public_url: None,
            instance_url: None,
            station_name: "Onda FM".to_owned(),
            station_slug: "onda".to_owned(),
            seed_demo: true,
            trusted_proxies: Vec::new(),
            search_api_url: None,
            search_api_key: None,
            search_engine_id: None,
            search_refresh_seconds: 5,
            ui_dir: None,
            commercial_url: "https://comercial.ondafm.com.br".to_owned(),
            station_cnpj: String::new(),
            station_dial: String::new(),
            station_email: String::new(),
            session_secret: None,
            metrics_token: None,
            backup_dir: None,
            backup_every: Interval(std::time::Duration::from_secs(24 * 3600)),
            backup_keep: 7,
            argon2_memory_kib: 19456,
            argon2_iterations: 2,
            smtp_url: None,
            mail_from: "Onda FM <nao-responda@ondafm.com.br>".to_owned(),
            firebase_project_id: None,
            firebase_keys_url:
                "https://www.googleapis.com/service_accounts/v1/jwk/securetoken@system.gserviceaccount.com"
                    .to_owned(),
            firebase_api_key: None,
            firebase_auth_domain: None,
            payment_webhook_secret: None,
            radio: true,
            music_dir: None,
            loudness_target: LoudnessTarget(Some(crate::radio::loudness::DEFAULT_TARGET_LUFS)),
            crossfade_seconds: crate::radio::crossfade::DEFAULT_SECONDS,
            hls_window_minutes: crate::radio::hls::DEFAULT_WINDOW_MINUTES,
            hls_max_mb: 2048,
            replay_days: 7,
            replay_max_mb: 20_480,
            radio_dir: None,
            max_listeners: None,
            login_delay_max_ms: 8_000,
            header_timeout_seconds: 20,
            body_timeout_seconds: 20,
            max_connections_per_address: 128,
            max_push_per_address: 64,
            max_listeners_per_address: 64,
            max_push: None,
            demo_track_seconds: None,
            source_password: None,
            icecast_poll_seconds: 5,
            mixcloud_api_url: None,
            podcast_player_url: "https://player-widget.mixcloud.com/widget/iframe/".to_owned(),
            youtube_api_key: None,
            youtube_api_url: "https://www.googleapis.com/youtube/v3".to_owned(),
            youtube_channel_id: None,
            weather_url: DEFAULT_WEATHER_URL.to_owned(),
            air_url: DEFAULT_AIR_URL.to_owned(),
            geocode_url: DEFAULT_GEOCODE_URL.to_owned(),
            currency_url: DEFAULT_CURRENCY_URL.to_owned(),
            crypto_url: DEFAULT_CRYPTO_URL.to_owned(),
            inbox_email: "contato@ondafm.com.br".to_owned(),
            inbox_email_recommend: None,
            inbox_email_contact: None,
            inbox_email_contact_subjects: Vec::new(),
            inbox_email_work: None,
            inbox_email_free_streaming: None,
            inbox_retention_days: 365,
        }
    }

    pub fn database_url(&self) -> String {
        match &self.database_url {
            Some(url) if !url.trim().is_empty() => url.clone(),
            _ => format!("sqlite://{}?mode=rwc", self.data_dir.join("onda.db").display()),
        }
    }

    pub fn public_url(&self) -> String {
        match &self.public_url {
            Some(url) if !url.trim().is_empty() => url.trim_end_matches('/').to_owned(),
            _ => format!("http://{}", self.addr),
        }
    }

    /// Where the other instances reach this one (`radio::leader`).
    pub fn instance_url(&self) -> String {
        match &self.instance_url {
            Some(url) if !url.trim().is_empty() => url.trim().trim_end_matches('/').to_owned(),
            _ => format!("http://{}", self.addr),
        }
    }

    pub fn main_stream_id(&self) -> String {
        format!("{}_1", self.station_slug)
    }

    /// The Firebase web configuration the UI's social login needs, when the API key, the auth domain
    /// and the project are all set (blank counts as unset). An auth domain that is not a plain host
    /// name is refused, since it goes into the CSP.
    pub fn firebase_web(&self) -> Option<FirebaseWeb<'_>> {
        fn set(value: &Option<String>) -> Option<&str> {
            value.as_deref().map(str::trim).filter(|v| !v.is_empty())
        }
        let auth_domain = set(&self.firebase_auth_domain)?;
        let host_like = auth_domain
            .chars()
            .all(|c| c.is_ascii_alphanumeric() || matches!(c, '.' | '-' | ':'));
        if !host_like {
            return None;
        }
        Some(FirebaseWeb {
            api_key: set(&self.firebase_api_key)?,
            auth_domain,
            project_id: set(&self.firebase_project_id)?,
        })
    }

    pub fn radio_dir(&self) -> PathBuf {
        self.radio_dir
            .clone()
            .unwrap_or_else(|| self.data_dir.join("radio"))
    }

    /// Serve cookies with `Secure` when the public address is https.
    pub fn is_https(&self) -> bool {
        self.public_url().starts_with("https://")
    }
}

impl Config {
    /// The address a submission is e-mailed to: its contact subject's, else its kind's, else
    /// ONDA_INBOX_EMAIL (blank counts as unset; a malformed subject entry is ignored).
    pub fn inbox_address(&self, kind: FormKind, contact_subject: Option<i64>) -> &str {
        fn set(value: &Option<String>) -> Option<&str> {
            value.as_deref().map(str::trim).filter(|v| !v.is_empty())
        }
        let own = match kind {
            FormKind::Recommendation => set(&self.inbox_email_recommend),
            FormKind::Contact => self
                .inbox_email_contact_subjects
                .iter()
                .filter_map(|entry| entry.split_once('='))
                .find(|(id, _)| contact_subject.is_some() && id.trim().parse::<i64>().ok() == contact_subject)
                .map(|(_, address)| address.trim())
                .filter(|address| !address.is_empty())
                .or_else(|| set(&self.inbox_email_contact)),
            FormKind::WorkWithUs => set(&self.inbox_email_work),
            FormKind::FreeStreaming => set(&self.inbox_email_free_streaming),
        };
        own.unwrap_or(self.inbox_email.trim())
    }
}

/// The autoDJ's loudness target (`ONDA_LOUDNESS_TARGET`): LUFS, or `None` when normalisation is off.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct LoudnessTarget(pub Option<f64>);

/// `-16`, `-14.5`, `-16 LUFS` or `off`. Targets outside -40…-5 LUFS are refused: they are mistakes
/// (a positive number, dB meant as a gain), and would raise tracks into the limiter or near silence.
fn parse_loudness_target(value: &str) -> Result<LoudnessTarget, String> {
    let value = value.trim();
    if value.eq_ignore_ascii_case("off") {
        return Ok(LoudnessTarget(None));
    }
    let number = value
        .strip_suffix("LUFS")
        .or_else(|| value.strip_suffix("lufs"))
        .unwrap_or(value)
        .trim();
    match number.parse::<f64>() {
        Ok(lufs) if (-40.0..=-5.0).contains(&lufs) => Ok(LoudnessTarget(Some(lufs))),
        _ => Err(format!(
            "{value:?}: a loudness between -40 and -5 LUFS (e.g. -16), or off"
        )),
    }
}

/// `2`, `1.5`, `0`: seconds from 0 to 10. Longer fades would eat into the songs themselves.
/// A time between two runs of a job (ONDA_BACKUP_EVERY).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Interval(pub std::time::Duration);

fn parse_interval(value: &str) -> Result<Interval, String> {
    let value = value.trim();
    let split = value.find(|c: char| !c.is_ascii_digit()).unwrap_or(value.len());
    let (number, unit) = value.split_at(split);
    let seconds = match unit.trim() {
        "s" => 1,
        "m" => 60,
        "" | "h" => 3600,
        "d" => 86_400,
        _ => 0,
    };
    match number.parse::<u64>() {
        Ok(count) if count > 0 && seconds > 0 && count <= 366 * 86_400 => Ok(Interval(
            std::time::Duration::from_secs(count.saturating_mul(seconds)),
        )),
        _ => Err(format!(
            "{value:?}: a number and a unit, s, m, h or d (e.g. 6h, 1d)"
        )),
    }
}

fn parse_crossfade(value: &str) -> Result<f64, String> {
    match value.trim().parse::<f64>() {
        Ok(seconds) if (0.0..=10.0).contains(&seconds) => Ok(seconds),
        _ => Err(format!(
            "{value:?}: seconds between 0 and 10 (e.g. 2), or 0 for none"
        )),
    }
}

/// The external search service, when its address, key and engine id are all set (blank counts as unset).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct ExternalSearch<'a> {
    pub url: &'a str,
    pub key: &'a str,
    pub engine_id: &'a str,
}

impl Config {
    pub fn external_search(&self) -> Option<ExternalSearch<'_>> {
        fn set(value: &Option<String>) -> Option<&str> {
            value.as_deref().map(str::trim).filter(|v| !v.is_empty())
        }
        Some(ExternalSearch {
            url: set(&self.search_api_url)?,
            key: set(&self.search_api_key)?,
            engine_id: set(&self.search_engine_id)?,
        })
    }
}

/// Public Firebase web configuration (see [`Config::firebase_web`]).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct FirebaseWeb<'a> {
    pub api_key: &'a str,
    pub auth_domain: &'a str,
    pub project_id: &'a str,
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_crossfade_reads_seconds_from_0_to_10() {
        assert_eq!(parse_crossfade("2"), Ok(2.0));
        assert_eq!(parse_crossfade(" 0 "), Ok(0.0));
        for wrong in ["-1", "11", "dois", ""] {
            assert!(parse_crossfade(wrong).is_err(), "{wrong}");
        }
    }

    #[test]
    fn the_loudness_target_reads_lufs_or_off() {
        assert_eq!(parse_loudness_target("-16"), Ok(LoudnessTarget(Some(-16.0))));
        assert_eq!(
            parse_loudness_target(" -14.5 LUFS "),
            Ok(LoudnessTarget(Some(-14.5)))
        );
        assert_eq!(parse_loudness_target("OFF"), Ok(LoudnessTarget(None)));
        for wrong in ["16", "-60", "loud", ""] {
            assert!(parse_loudness_target(wrong).is_err(), "{wrong}");
        }
    }
}
