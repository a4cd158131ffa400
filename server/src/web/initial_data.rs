//! What a page's first frame needs, written into its HTML so it is there before the first API call
//! could return (the first visit). Each field is the answer of the endpoint the UI would
//! otherwise call, so the UI seeds its cache with it as if that call had just returned
//! (ui/src/app/query-client.ts); a field whose lookup failed is left out and the UI asks the API as
//! before.
//!
//! Every page carries what the shell draws (the hunt banner, the station, the app parameters (the
//! logo and the top bar's text), the streams, the song on air). A page whose largest picture comes
//! from its own data also carries that data and has the picture fetched with the HTML
//! ([`InitialData::image_preloads`]): a news item (its cover), the live page (the cover on air) and
//! /musicas (the first cards). Without them those pictures waited for the app, the page's chunk, its
//! API call and its render, one after the other.

use onda_shared::{
    catalogue::Music,
    hunt::HuntInfo,
    live::{MetaType, NowPlaying, Stream as LiveStream},
    news::NewsItem,
    shell::{AppParameters, StationInfo},
};

use crate::{
    AppState, clock,
    prerendered_shell::{FrameFill, FrameSource},
    web::head::ImagePreload,
};

/// The id of the `<script type="application/json">` holding [`InitialData`]; the UI reads it at
/// start-up (ui/src/lib/initial-data.ts).
pub const INITIAL_DATA_ID: &str = "onda-initial-data";

/// The cards /musicas shows first: one page of the list (the spec's MUSIC_PAGE,
/// ui/src/features/music/music.ts; the UI takes a page of another size as no data and asks the API).
pub const MUSIC_FIRST_PAGE: i64 = 20;

/// The page whose own data goes into its HTML.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum PageData {
    /// `/noticias/{slug}`: the item (a category's slug finds no item and carries nothing).
    NewsItem(String),
    /// `/musicas` without filters in its address.
    MusicList,
    /// `/ouvir-radio-online`: its data is the song on air, which every page carries.
    Live,
    None,
}

impl PageData {
    /// From the request's path (percent-encoded, as it came) and query.
    pub fn of(path: &str, query: Option<&str>) -> Self {
        let segments: Vec<&str> = path.trim_matches('/').split('/').collect();
        match segments.as_slice() {
            ["noticias", slug] if *slug != "tags" && !slug.is_empty() => {
                Self::NewsItem(crate::web::head::percent_decode(slug))
            }
            // The UI's filters live in the address (letra, traducao, video, busca): a filtered list
            // is another list.
            ["musicas"] if !has_music_filter(query) => Self::MusicList,
            ["ouvir-radio-online"] => Self::Live,
            _ => Self::None,
        }
    }
}

fn has_music_filter(query: Option<&str>) -> bool {
    query.is_some_and(|query| {
        query.split('&').any(|pair| {
            let key = pair.split('=').next().unwrap_or_default();
            matches!(key, "letra" | "traducao" | "video" | "busca")
        })
    })
}

/// The first page of the music list, with the page size asked: the UI pages on from `count`, so it
/// takes the list only when its own page size is the same.
#[derive(serde::Serialize)]
pub struct MusicListStart {
    count: i64,
    items: Vec<Music>,
}

#[derive(serde::Serialize)]
#[serde(rename_all = "camelCase")]
pub struct InitialData {
    /// checkInfoActiveHunt: the banner above every page would otherwise push it down when it arrives
    /// (layout shift). `Some(None)` (JSON null): no hunt is active.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub hunt_info: Option<Option<HuntInfo>>,
    /// GET station: the header's and footer's names and links ('Comercial' goes to the station's
    /// commercial site from the first click, not to the fallback page until the profile loads).
    #[serde(skip_serializing_if = "Option::is_none")]
    station: Option<StationInfo>,
    /// getAppParameters: the header's logo and the top bar's text from React's first frame (the
    /// station's name in place of the logo, then the picture, and the top bar's text changing
    /// under the reader's eyes, came with the answer before), and the player's preroll settings.
    #[serde(skip_serializing_if = "Option::is_none")]
    app_parameters: Option<AppParameters>,
    /// getAvailableStreams: the player knows the main stream, and the live page draws its channels.
    #[serde(skip_serializing_if = "Option::is_none")]
    streams: Option<Vec<LiveStream>>,
    /// getCurrentSongInfo of the main stream: the widget, the player bar and the live page draw the
    /// song on air and its cover at once instead of after the spec's first poll, 1.5 s after start
    /// (the poll still runs then and corrects a song that changed since).
    #[serde(skip_serializing_if = "Option::is_none")]
    now_playing: Option<NowPlaying>,
    /// getSingleNews of a news item's page.
    #[serde(skip_serializing_if = "Option::is_none")]
    news_item: Option<NewsItem>,
    /// getMusicData/0/[`MUSIC_FIRST_PAGE`] on /musicas without filters.
    #[serde(skip_serializing_if = "Option::is_none")]
    music_list: Option<MusicListStart>,
    #[serde(skip)]
    page: PageData,
}

impl InitialData {
    /// The station's name as React's first frame draws it (an empty one it does not draw).
    pub fn station_name(&self) -> Option<&str> {
        self.station
            .as_ref()
            .map(|station| station.name.as_str())
            .filter(|name| !name.is_empty())
    }

    /// The page's data as its drawn first screen's (ui/src/prerender/shell.tsx): a news item's or
    /// /musicas' first songs; `None` for other pages and for data the frame does not draw.
    pub fn frame_fill(&self) -> Option<FrameFill> {
        self.news_frame()
            .or_else(|| self.music_frame())
            .or_else(|| self.live_frame())
    }

    /// The header as the station's data draws it, for the shell's `+station` templates
    /// (ui/src/prerender/shell.tsx `STATION_HEADER_PARTS`): the logo (`logoUrl`; `logoAlt`, its
    /// text or else the station's name, as Logo.tsx writes it; `logoWidth` and `logoHeight`, its
    /// size, or empty when unknown), the top bar's text and title when
    /// set (else React's default text and no title), 'Entrar' for a visit that carries no
    /// session cookie (`anonymous`: React's first frame is anonymous then, ui/src/boot.tsx), and
    /// on the home page its main menu item marked (`home`), and the commercial page's link: the
    /// station's https address (`commercial`, `commercialAddress`: what follows 'https://') or,
    /// without one, the site's own page.
    ///
    /// `None` where the template would draw otherwise than React: without the station's name or
    /// its parameters, without a logo, in maintenance, or with a top bar whose link or colours are
    /// not the defaults the template is drawn with (TopBar.tsx). The page then takes the variant
    /// drawn without the station, as before. So does a commercial address the main menu would draw
    /// otherwise (MainMenu.tsx: an internal path, or http).
    pub fn shell_header(&self, anonymous: bool, home: bool) -> Option<FrameFill> {
        const DEFAULT_LINK: &str = "/ouvir-radio-online";
        const DEFAULT_FROM: &str = "#ff5f1f";
        const DEFAULT_TO: &str = "#c2185b";
        let name = self.station_name()?;
        let commercial = self.station.as_ref()?.commercial_url.as_str();
        let commercial_address = match commercial.strip_prefix("https://") {
            Some(address) => Some(address),
            None if commercial.is_empty() => None,
            None => return None,
        };
        let parameters = self.app_parameters.as_ref()?;
        let bar = &parameters.header_bar;
        let default = |value: &str, default: &str| value.is_empty() || value.trim() == default;
        let drawable = !parameters.maintenance
            && !parameters.logo.url.is_empty()
            && default(&bar.link, DEFAULT_LINK)
            && default(&bar.gradient_from, DEFAULT_FROM)
            && default(&bar.gradient_to, DEFAULT_TO);
        if !drawable {
            return None;
        }
        let alt = if parameters.logo.alt.is_empty() {
            name
        } else {
            parameters.logo.alt.as_str()
        };
        // An unknown size is an empty attribute, which browsers ignore: React writes none.
        let size = |value: Option<u32>| value.map(|pixels| pixels.to_string()).unwrap_or_default();
        let mut slots = vec![
            ("logoUrl".to_owned(), parameters.logo.url.clone()),
            ("logoAlt".to_owned(), alt.to_owned()),
            ("logoWidth".to_owned(), size(parameters.logo.width)),
            ("logoHeight".to_owned(), size(parameters.logo.height)),
        ];
        let mut parts = Vec::new();
        if !bar.text.is_empty() {
            slots.push(("topBarText".to_owned(), bar.text.clone()));
            parts.push("headerBarText");
        }
        if !bar.title.is_empty() {
            slots.push(("topBarTitle".to_owned(), bar.title.clone()));
            parts.push("headerBarTitle");
        }
        if anonymous {
            parts.push("anonymous");
        }
        if home {
            parts.push("home");
        }
        if let Some(address) = commercial_address {
            slots.push(("commercialAddress".to_owned(), address.to_owned()));
            parts.push("commercial");
        }
        Some(FrameFill {
            source: FrameSource::Station,
            slots,
            parts,
        })
    }

    /// The song on air as the player bar and the header's widget draw it, on every page (the
    /// shell's `+song` variant, ui/src/prerender/shell.tsx `shellSongStandIn`): a song with its
    /// artist and small cover, as both show them; between songs they show the station.
    pub fn song_on_air(&self) -> Option<FrameFill> {
        let now = self.now_playing.as_ref().filter(|now| {
            now.meta_type == MetaType::Music
                && !now.song.is_empty()
                && !now.artist.is_empty()
                && !now.cover.small.is_empty()
        })?;
        Some(FrameFill {
            source: FrameSource::Live,
            slots: vec![
                ("song".to_owned(), now.song.clone()),
                ("artist".to_owned(), now.artist.clone()),
                ("coverSmall".to_owned(), now.cover.small.clone()),
            ],
            parts: Vec::new(),
        })
    }

    /// The song on air as the live page's drawn first screen (`nowPlayingStandIn`): a song with its
    /// artist and cover. Between songs (a break, a programme, nothing on air yet) the hero draws
    /// something else, and the page is React's alone.
    fn live_frame(&self) -> Option<FrameFill> {
        if self.page != PageData::Live {
            return None;
        }
        let now = self.now_playing.as_ref().filter(|now| {
            now.meta_type == MetaType::Music
                && !now.song.is_empty()
                && !now.artist.trim().is_empty()
                && !now.cover.large.is_empty()
        })?;
        // The share links' address (LivePage.tsx `useShare`); without one the page takes the
        // browser's, which the server does not know.
        let public_url = self
            .station
            .as_ref()
            .map(|station| station.public_url.trim_end_matches('/'))
            .filter(|url| !url.is_empty())?;
        let mut slots = vec![
            ("song", now.song.clone()),
            ("artist", now.artist.clone()),
            ("cover", now.cover.large.clone()),
            ("publicUrl", public_url.to_owned()),
        ];
        let mut parts = Vec::new();
        if !now.artist_slug.is_empty() {
            parts.push("artistPage");
            slots.push(("artistSlug", now.artist_slug.clone()));
        }
        // The album and year line, joined as the page joins it.
        let year = now.year.filter(|year| *year != 0).map(|year| year.to_string());
        let details = [Some(now.album.clone()), year]
            .into_iter()
            .flatten()
            .filter(|part| !part.is_empty())
            .collect::<Vec<_>>()
            .join(" · ");
        if !details.is_empty() {
            parts.push("details");
            slots.push(("details", details));
        }
        Some(FrameFill {
            source: FrameSource::Live,
            slots: slots
                .into_iter()
                .map(|(name, value)| (name.to_owned(), value))
                .collect(),
            parts,
        })
    }

    /// /musicas' first songs as numbered slots (`seedMusicStandIns`). The frame draws the first few;
    /// a list shorter than that leaves a slot empty, and the page is then React's alone.
    fn music_frame(&self) -> Option<FrameFill> {
        let songs = &self.music_list.as_ref()?.items;
        let mut slots = Vec::with_capacity(songs.len() * 5);
        for (index, song) in songs.iter().enumerate() {
            for (name, value) in [
                ("musicName", &song.music_name),
                ("musicSlug", &song.music_slug),
                ("artistName", &song.artist_name),
                ("artistSlug", &song.artist_slug),
                ("itunesCover", &song.itunes_cover),
            ] {
                slots.push((format!("{name}{index}"), value.clone()));
            }
        }
        Some(FrameFill {
            source: FrameSource::MusicList,
            slots,
            parts: Vec::new(),
        })
    }

    /// The page's news item as the data of its drawn first screen (`newsItemStandIn`): `None`
    /// without an item, and for an item the frame does not draw (a cover video, a cover link, a
    /// missing cover, a date that is not one), which React alone draws.
    fn news_frame(&self) -> Option<FrameFill> {
        let item = self.news_item.as_ref()?;
        if (item.cover_video && !item.cover_video_youtube_id.is_empty())
            || !item.image_link.is_empty()
            || item.image_new.is_empty()
            || item.featured_image.is_empty()
        {
            return None;
        }
        let mut slots: Vec<(&'static str, String)> = vec![
            ("title", item.title.clone()),
            ("author", item.author.clone()),
            ("date", item.date.clone()),
            ("dateText", clock::news_date_time(&item.date)?),
            ("imageNew", item.image_new.clone()),
            ("featuredImage", item.featured_image.clone()),
        ];
        let mut parts = Vec::new();
        // A part is there when its first value is (as the page's `item.subtitle && …` decides).
        let mut optional = |part, values: Vec<(&'static str, String)>| {
            if values.first().is_some_and(|(_, value)| !value.is_empty()) {
                parts.push(part);
                slots.extend(values);
            }
        };
        optional("subtitle", vec![("subtitle", item.subtitle.clone())]);
        optional(
            "category",
            vec![
                ("categorySlug", item.category_slug.clone()),
                ("categoryName", item.category_name.clone()),
            ],
        );
        optional("caption", vec![("imageCaption", item.image_caption.clone())]);
        if let Some(update) = item.update_date.as_deref().filter(|date| !date.is_empty()) {
            optional(
                "updateDate",
                vec![
                    ("updateDate", update.to_owned()),
                    ("updateDateText", clock::news_date_time(update)?),
                ],
            );
        }
        if item.pro {
            parts.push("pro");
        }
        Some(FrameFill {
            source: FrameSource::NewsItem,
            slots: slots
                .into_iter()
                .map(|(name, value)| (name.to_owned(), value))
                .collect(),
            parts,
        })
    }

    /// The lookups run together (a page waits for the slowest, not their sum); a failure is logged
    /// and leaves its field out.
    pub async fn gather(state: &AppState, page: PageData) -> Self {
        fn keep<T>(what: &str, result: crate::error::Result<T>) -> Option<T> {
            result
                .inspect_err(|err| tracing::warn!(error = %err, "initial page data: {what} lookup failed"))
                .ok()
        }
        let main = state.config.main_stream_id();
        let news_item = async {
            match &page {
                PageData::NewsItem(slug) => crate::data::news::public_item(&state.db, slug).await,
                _ => Ok(None),
            }
        };
        let music_list = async {
            match page {
                PageData::MusicList => crate::data::catalogue::music_data(&state.db, 0, MUSIC_FIRST_PAGE)
                    .await
                    .map(|items| {
                        Some(MusicListStart {
                            count: MUSIC_FIRST_PAGE,
                            items,
                        })
                    }),
                _ => Ok(None),
            }
        };
        let (hunt, station, app_parameters, streams, now_playing, news_item, music_list) = tokio::join!(
            crate::data::hunts::active_hunt_info(&state.db),
            crate::data::settings::station_info(state),
            crate::data::settings::app_parameters(state),
            crate::data::streams::public_streams(state),
            crate::data::streams::now_playing(state, &main),
            news_item,
            music_list,
        );
        Self {
            hunt_info: keep("hunt", hunt),
            station: keep("station", station),
            app_parameters: keep("app parameters", app_parameters),
            streams: keep("streams", streams),
            // Nothing on air yet (the first start): left out, the UI polls as before.
            now_playing: keep("now playing", now_playing).flatten(),
            news_item: keep("news item", news_item).flatten(),
            music_list: keep("music list", music_list).flatten(),
            page,
        }
    }

    /// The pictures the page's first screen draws from this data, to fetch with the HTML. (A news
    /// item's cover is preloaded by its head, routes/seo.rs, which knows the picture per viewport.)
    pub fn image_preloads(&self) -> Vec<ImagePreload> {
        let image = match self.page {
            // The live page's hero draws the large cover of a song on air
            // (ui/src/features/player/LivePage.tsx); between songs, no cover.
            PageData::Live => self
                .now_playing
                .as_ref()
                .filter(|now| now.meta_type == MetaType::Music && !now.song.is_empty())
                .map(|now| now.cover.large.as_str()),
            // The first card's cover: the cards are alike, so the first one drawn is the largest
            // paint (ui/src/features/music/MusicListPage.tsx).
            PageData::MusicList => self
                .music_list
                .as_ref()
                .and_then(|list| list.items.first())
                .map(|music| music.itunes_cover.as_str()),
            PageData::NewsItem(_) | PageData::None => None,
        };
        image
            .filter(|href| !href.is_empty())
            .map(|href| ImagePreload {
                href: href.to_owned(),
                media: None,
            })
            .into_iter()
            .collect()
    }

    pub fn to_script_json(&self) -> Option<String> {
        let json = serde_json::to_string(self).ok()?;
        Some(script_safe_json(&json))
    }
}

/// JSON inside a `<script>` element: `<` is written as `\u003c` (same value for JSON.parse), so no
/// text from the database can close the element or open a comment.
fn script_safe_json(json: &str) -> String {
    json.replace('<', "\\u003c")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_page_decides_what_data_goes_in() {
        assert_eq!(
            PageData::of("/noticias/carro-el%C3%A9trico", None),
            PageData::NewsItem("carro-elétrico".into())
        );
        assert_eq!(PageData::of("/noticias/tags", None), PageData::None);
        assert_eq!(PageData::of("/noticias/tags/mpb", None), PageData::None);
        assert_eq!(PageData::of("/noticias", None), PageData::None);
        assert_eq!(PageData::of("/musicas", None), PageData::MusicList);
        assert_eq!(
            PageData::of("/musicas/", Some("utm_source=x")),
            PageData::MusicList
        );
        assert_eq!(PageData::of("/musicas", Some("letra=true")), PageData::None);
        assert_eq!(PageData::of("/musicas", Some("utm=1&busca=ana")), PageData::None);
        assert_eq!(PageData::of("/musicas/a+b", None), PageData::None);
        assert_eq!(PageData::of("/ouvir-radio-online", None), PageData::Live);
        assert_eq!(PageData::of("/", None), PageData::None);
    }

    fn live_page(now: serde_json::Value) -> InitialData {
        InitialData {
            hunt_info: None,
            station: Some(
                serde_json::from_value(serde_json::json!({
                    "name": "Onda", "slug": "onda", "mainStreamId": "onda_1",
                    "publicUrl": "https://onda.example/", "commercialUrl": "", "supportPhone": "",
                    "supportChatUrl": "", "corporatePhone": "", "social": [], "apps": []
                }))
                .expect("a station"),
            ),
            app_parameters: None,
            streams: None,
            now_playing: Some(serde_json::from_value(now).expect("a song on air")),
            news_item: None,
            music_list: None,
            page: PageData::Live,
        }
    }

    fn song(artist_slug: &str, album: &str, year: Option<i32>, meta_type: &str) -> serde_json::Value {
        serde_json::json!({
            "metaId": "onda_1", "song": "Águas de Março", "artist": "Elis & Tom",
            "artistSlug": artist_slug, "musicSlug": "aguas", "album": album, "year": year,
            "cover": {"1000": "/covers/a-1000.jpg", "150": "/covers/a-150.jpg"},
            "time": "2026-11-27T10:00:00-03:00", "metaType": meta_type,
            "startedAtMs": 0, "durationMs": 0
        })
    }

    #[test]
    fn the_live_page_s_frame_takes_the_song_on_air() {
        let fill = live_page(song("elis", "Elis & Tom", Some(1974), "music"))
            .frame_fill()
            .expect("a song with its cover is drawn");
        assert_eq!(fill.source, FrameSource::Live);
        assert_eq!(fill.parts, vec!["artistPage", "details"]);
        let slot = |name: &str| {
            fill.slots
                .iter()
                .find(|(slot, _)| slot == name)
                .map(|(_, value)| value.as_str())
        };
        assert_eq!(slot("song"), Some("Águas de Março"));
        assert_eq!(slot("cover"), Some("/covers/a-1000.jpg"));
        assert_eq!(slot("artistSlug"), Some("elis"));
        // Joined as the page joins it; the address without its last slash, as the page takes it.
        assert_eq!(slot("details"), Some("Elis & Tom · 1974"));
        assert_eq!(slot("publicUrl"), Some("https://onda.example"));

        // No artist page, no album: the name is plain text and the line is left out.
        let plain = live_page(song("", "", Some(0), "music")).frame_fill().unwrap();
        assert!(plain.parts.is_empty());
        assert_eq!(
            live_page(song("", "", Some(1999), "music"))
                .frame_fill()
                .unwrap()
                .parts,
            vec!["details"]
        );
        // Between songs the hero draws something else: no frame.
        assert_eq!(live_page(song("elis", "", None, "commercial")).frame_fill(), None);
        let mut no_cover = live_page(song("elis", "", None, "music"));
        no_cover.now_playing.as_mut().unwrap().cover.large.clear();
        assert_eq!(no_cover.frame_fill(), None);
        // Another page carries the song on air too, but draws no hero.
        let mut elsewhere = live_page(song("elis", "", None, "music"));
        elsewhere.page = PageData::None;
        assert_eq!(elsewhere.frame_fill(), None);
    }

    #[test]
    fn every_page_s_player_bar_takes_the_song_on_air() {
        let mut page = live_page(song("elis", "", None, "music"));
        page.page = PageData::None;
        let fill = page.song_on_air().expect("a song with its small cover");
        let slot = |name: &str| {
            fill.slots
                .iter()
                .find(|(slot, _)| slot == name)
                .map(|(_, value)| value.clone())
        };
        assert_eq!(slot("song").as_deref(), Some("Águas de Março"));
        assert_eq!(
            slot("coverSmall"),
            Some(page.now_playing.as_ref().unwrap().cover.small.clone())
        );
        assert!(slot("artist").is_some_and(|artist| !artist.is_empty()));
        // Between songs, or a song the bar draws otherwise (no artist: 'Ao vivo'; no cover: the
        // logo): the frame without it.
        assert_eq!(
            live_page(song("elis", "", None, "commercial")).song_on_air(),
            None
        );
        let mut no_artist = live_page(song("elis", "", None, "music"));
        no_artist.now_playing.as_mut().unwrap().artist.clear();
        assert_eq!(no_artist.song_on_air(), None);
        let mut no_cover = live_page(song("elis", "", None, "music"));
        no_cover.now_playing.as_mut().unwrap().cover.small.clear();
        assert_eq!(no_cover.song_on_air(), None);
    }

    #[test]
    fn the_shell_s_header_is_drawn_from_the_station_where_its_template_can_draw_it() {
        let mut page = live_page(song("elis", "", None, "music"));
        let parameters = |value: serde_json::Value| -> AppParameters {
            let mut all = serde_json::json!({
                "logo": {"url": "/media/logo.svg", "alt": ""},
                "headerBar": {"text": "Ouça: a melhor <música>", "title": "Ao vivo", "link": "",
                    "gradientFrom": "", "gradientTo": ""},
                "maintenance": false, "preroll": {"adManagerUrl": "", "targetingUrl": ""},
                "enabledTests": [], "campaignStreams": {}
            });
            json_merge(&mut all, value);
            serde_json::from_value(all).expect("app parameters")
        };
        page.app_parameters = Some(parameters(serde_json::json!({})));
        let fill = page
            .shell_header(true, true)
            .expect("a header the template draws");
        let slot = |fill: &FrameFill, name: &str| {
            fill.slots
                .iter()
                .find(|(slot, _)| slot == name)
                .map(|(_, value)| value.clone())
        };
        assert_eq!(slot(&fill, "logoUrl").as_deref(), Some("/media/logo.svg"));
        // No alt text: the station's name, as Logo.tsx writes it.
        assert_eq!(slot(&fill, "logoAlt").as_deref(), Some("Onda"));
        // No size known: empty attributes, which browsers ignore (React writes none).
        assert_eq!(slot(&fill, "logoWidth").as_deref(), Some(""));
        assert_eq!(slot(&fill, "logoHeight").as_deref(), Some(""));
        page.app_parameters = Some(parameters(
            serde_json::json!({"logo": {"width": 144, "height": 56}}),
        ));
        let sized = page
            .shell_header(true, true)
            .expect("a header the template draws");
        assert_eq!(slot(&sized, "logoWidth").as_deref(), Some("144"));
        assert_eq!(slot(&sized, "logoHeight").as_deref(), Some("56"));
        page.app_parameters = Some(parameters(serde_json::json!({})));
        assert_eq!(
            slot(&fill, "topBarText").as_deref(),
            Some("Ouça: a melhor <música>")
        );
        assert_eq!(
            fill.parts,
            ["headerBarText", "headerBarTitle", "anonymous", "home"]
        );
        // The station's commercial page: its https address, after the scheme the template writes.
        let mut commercial = live_page(song("elis", "", None, "music"));
        commercial.app_parameters = Some(parameters(serde_json::json!({})));
        commercial.station.as_mut().unwrap().commercial_url = "https://comercial.onda/?a=1&b".into();
        let fill = commercial.shell_header(true, false).expect("an https address");
        assert_eq!(
            slot(&fill, "commercialAddress").as_deref(),
            Some("comercial.onda/?a=1&b")
        );
        assert!(fill.parts.contains(&"commercial"));
        for other in ["http://comercial.onda", "/anuncie"] {
            commercial.station.as_mut().unwrap().commercial_url = other.into();
            assert_eq!(commercial.shell_header(true, false), None, "{other}");
        }
        // Another page, a visit with a session cookie: no 'Entrar', no home item marked; an empty
        // text and title: React's defaults.
        page.app_parameters = Some(parameters(serde_json::json!({
            "logo": {"url": "/l.png", "alt": "Logo da Onda"},
            "headerBar": {"text": "", "title": "", "link": "/ouvir-radio-online",
                "gradientFrom": " #ff5f1f ", "gradientTo": "#c2185b"}
        })));
        let fill = page.shell_header(false, false).expect("the defaults, spelt out");
        assert_eq!(slot(&fill, "logoAlt").as_deref(), Some("Logo da Onda"));
        assert!(fill.parts.is_empty(), "{:?}", fill.parts);
        // What the template does not draw: the variant without the station.
        for other in [
            serde_json::json!({"maintenance": true}),
            serde_json::json!({"logo": {"url": "", "alt": "x"}}),
            serde_json::json!({"headerBar": {"text": "", "title": "", "link": "/promocoes",
                "gradientFrom": "", "gradientTo": ""}}),
            serde_json::json!({"headerBar": {"text": "", "title": "", "link": "",
                "gradientFrom": "#000", "gradientTo": ""}}),
        ] {
            page.app_parameters = Some(parameters(other.clone()));
            assert_eq!(page.shell_header(true, false), None, "{other}");
        }
        page.app_parameters = None;
        assert_eq!(page.shell_header(true, false), None);
        page.app_parameters = Some(parameters(serde_json::json!({})));
        page.station = None;
        assert_eq!(page.shell_header(true, false), None);
    }

    /// `value`'s keys over `base`'s (objects merged key by key).
    fn json_merge(base: &mut serde_json::Value, value: serde_json::Value) {
        match (base, value) {
            (serde_json::Value::Object(base), serde_json::Value::Object(value)) => {
                for (key, value) in value {
                    json_merge(base.entry(key).or_insert(serde_json::Value::Null), value);
                }
            }
            (base, value) => *base = value,
        }
    }
}
