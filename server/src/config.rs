//! Configuration from the environment (or the same names as flags), with the embedded defaults that make
//! `onda-server` with no configuration a complete station on one machine.

use std::{net::SocketAddr, path::PathBuf};

use clap::Args;

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
}

impl Config {
    /// The defaults, as with an empty environment, rooted at `data_dir` (tests use a temporary folder).
    pub fn for_data_dir(data_dir: impl Into<PathBuf>) -> Self {
        Self {
            addr: SocketAddr::from(([127, 0, 0, 1], 8080)),
            data_dir: data_dir.into(),
            database_url: None,
            public_url: None,
            station_name: "Onda FM".to_owned(),
            station_slug: "onda".to_owned(),
            seed_demo: true,
            trusted_proxies: Vec::new(),
            ui_dir: None,
            commercial_url: "https://comercial.ondafm.com.br".to_owned(),
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

    pub fn main_stream_id(&self) -> String {
        format!("{}_1", self.station_slug)
    }

    /// Serve cookies with `Secure` when the public address is https.
    pub fn is_https(&self) -> bool {
        self.public_url().starts_with("https://")
    }
}
