//! App parameters, station profile, news categories and affiliates.

use onda_shared::shell::{AppBadge, SocialLink};

use super::Tx;
use crate::{
    Config, Result,
    data::settings::{APP_PARAMETERS_KEY, HOUSE_TAG, STATION_PROFILE_KEY, StationProfile, WORDMARK_URL},
};

/// The 14 categories of the routes table, in menu order, named in written Portuguese ('Política',
/// with its accent; C42 has the tests compare labels without accents). The slugs stay plain ASCII.
pub const CATEGORIES: &[(&str, &str)] = &[
    ("carros", "Carros"),
    ("economia", "Economia"),
    ("mundo", "Mundo"),
    ("musica", "Música"),
    ("politica", "Política"),
    ("saude", "Saúde"),
    ("tecnologia", "Tecnologia"),
    ("cotidiano", "Cotidiano"),
    ("cinema", "Cinema"),
    ("moda", "Moda"),
    ("gastronomia", "Gastronomia"),
    ("viagem", "Viagem"),
    ("podcast", "Podcast"),
    ("outros", "Outros"),
];

pub async fn seed(tx: &mut Tx, config: &Config) -> Result<()> {
    for (position, (slug, name)) in CATEGORIES.iter().enumerate() {
        sqlx::query("INSERT INTO news_categories (slug, name, position) VALUES ($1, $2, $3)")
            .bind(*slug)
            .bind(*name)
            .bind(position as i64)
            .execute(&mut **tx)
            .await?;
    }

    let name = &config.station_name;
    let params = serde_json::json!({
        "logo": {"url": WORDMARK_URL, "alt": name},
        "headerBar": {
            "text": format!("Ouça a {name} ao vivo: a melhor música, 24 horas por dia!"),
            "title": format!("{name} ao vivo"),
            "link": "/ouvir-radio-online",
            "gradientFrom": "#ff5f1f",
            "gradientTo": "#c2185b"
        },
        "maintenance": false,
        "preroll": {"adManagerUrl": HOUSE_TAG, "targetingUrl": ""},
        "enabledTests": [],
        "campaignStreams": {}
    });
    set(tx, APP_PARAMETERS_KEY, &params.to_string()).await?;

    let link = |network: &str, label: &str, url: &str| SocialLink {
        network: network.to_owned(),
        label: label.to_owned(),
        url: url.to_owned(),
    };
    let badge = |platform: &str, label: &str, url: &str| AppBadge {
        platform: platform.to_owned(),
        label: label.to_owned(),
        url: url.to_owned(),
    };
    let slug = &config.station_slug;
    let profile = StationProfile {
        support_phone: "0800 727 1975".to_owned(),
        support_chat_url: "https://wa.me/5511999991975".to_owned(),
        corporate_phone: "(11) 3090-1975".to_owned(),
        social: vec![
            link(
                "facebook",
                "Facebook",
                &format!("https://www.facebook.com/{slug}fm"),
            ),
            link(
                "instagram",
                "Instagram",
                &format!("https://www.instagram.com/{slug}fm"),
            ),
            link("x", "X (Twitter)", &format!("https://x.com/{slug}fm")),
            link(
                "youtube",
                "YouTube",
                &format!("https://www.youtube.com/@{slug}fm"),
            ),
            link("tiktok", "TikTok", &format!("https://www.tiktok.com/@{slug}fm")),
            // A contact channel (CT-01): the contact page shows it, the header's icons leave it out.
            link("skype", "Skype", &format!("skype:{slug}fm?chat")),
        ],
        apps: vec![
            badge(
                "android",
                "Disponível no Google Play",
                &format!("https://play.google.com/store/apps/details?id=br.com.{slug}fm"),
            ),
            badge(
                "ios",
                "Baixar na App Store",
                &format!("https://apps.apple.com/br/app/{slug}-fm/id1975000000"),
            ),
            badge("alexa", "Ouça na Alexa", "/aplicativos#alexa"),
            badge(
                "googleAssistant",
                "Ouça no Google Assistente",
                "/aplicativos#google",
            ),
            badge("smartTv", "Aplicativo para Smart TV", "/aplicativos#tv"),
            badge("desktop", "Aplicativo para computador", "/aplicativos#desktop"),
        ],
    };
    let profile = serde_json::to_string(&profile).map_err(anyhow::Error::from)?;
    set(tx, STATION_PROFILE_KEY, &profile).await?;
    Ok(())
}

async fn set(tx: &mut Tx, key: &str, value: &str) -> Result<()> {
    sqlx::query("INSERT INTO settings (key, value) VALUES ($1, $2)")
        .bind(key)
        .bind(value)
        .execute(&mut **tx)
        .await?;
    Ok(())
}
