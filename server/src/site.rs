//! The site's pages: every fixed address of the routes table (doc3 §2.1 united with doc2, C06), once.
//! Everything else that lists pages reads this list: the server's answer to a page address (web/mod.rs:
//! page, noindex or redirect), the page heads, the sitemap and the site search (the listed pages, with
//! their title and description), and the UI's /sitemap page, through ui/src/generated/site-pages.ts
//! (written by this module's test). The UI's own routes table is checked against that file by
//! ui/src/app/site-pages.test.ts. Addresses with a slug or an id are matched by shape in web/mod.rs.

use std::sync::LazyLock;

/// The embeddable player (the `<iframe>` of /incorporar-player): the one page any site may frame.
pub const EMBED_PLAYER_PATH: &str = "/player-incorporado";

/// What search engines and the site's own lists make of a page.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Listing {
    /// Indexed, in the sitemap and the site search, with its own head: the title and description.
    Listed {
        title: &'static str,
        description: &'static str,
    },
    /// Open to search engines but left out of the sitemap and the index: /busca only repeats other
    /// pages.
    Unlisted,
    /// Private or app-only pages kept out of search engines (C45).
    NoIndex,
    /// An address that moved for good (a permanent redirect to this path).
    Redirect(&'static str),
}

/// The sections of the /sitemap page, in the order it shows them.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum SitemapSection {
    Radio,
    News,
    Music,
    Join,
    Institutional,
    Legal,
}

impl SitemapSection {
    pub const ALL: [Self; 6] = [
        Self::Radio,
        Self::News,
        Self::Music,
        Self::Join,
        Self::Institutional,
        Self::Legal,
    ];

    pub const fn title(self) -> &'static str {
        match self {
            Self::Radio => "Rádio",
            Self::News => "Notícias",
            Self::Music => "Música",
            Self::Join => "Participe",
            Self::Institutional => "Institucional",
            Self::Legal => "Legal",
        }
    }
}

/// A fixed address of the site.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct SitePage {
    pub path: &'static str,
    pub listing: Listing,
    /// Its link on the /sitemap page: the section and the link's text.
    pub sitemap_link: Option<(SitemapSection, &'static str)>,
}

impl SitePage {
    const fn on_sitemap(self, section: SitemapSection, label: &'static str) -> Self {
        Self {
            sitemap_link: Some((section, label)),
            ..self
        }
    }
}

const fn listed(path: &'static str, title: &'static str, description: &'static str) -> SitePage {
    with(path, Listing::Listed { title, description })
}

const fn with(path: &'static str, listing: Listing) -> SitePage {
    SitePage {
        path,
        listing,
        sitemap_link: None,
    }
}

const fn noindex(path: &'static str) -> SitePage {
    with(path, Listing::NoIndex)
}

use SitemapSection::{Institutional, Join, Legal, Music, News, Radio};

/// Every fixed address. The /sitemap page shows its links in this order, section by section; the
/// sitemap and the site search take the listed pages in this order too.
pub const SITE_PAGES: &[SitePage] = &[
    listed(
        "/",
        "Início",
        "Rádio ao vivo, notícias, músicas, promoções e podcasts.",
    )
    .on_sitemap(Radio, "Página inicial"),
    listed(
        "/ouvir-radio-online",
        "Ouvir rádio online",
        "Ouça a rádio ao vivo, veja a música que está tocando e as últimas tocadas.",
    )
    .on_sitemap(Radio, "Ouvir rádio online"),
    listed(
        "/programacao",
        "Programação",
        "Os programas da rádio, com dias e horários.",
    )
    .on_sitemap(Radio, "Programação"),
    listed(
        "/tv",
        "TV",
        "A TV da rádio ao vivo e clipes com letra e tradução.",
    )
    .on_sitemap(Radio, "TV"),
    listed(
        "/afiliadas",
        "Afiliadas",
        "As emissoras afiliadas em cada estado, com frequência e contato.",
    )
    .on_sitemap(Radio, "Afiliadas"),
    listed(
        "/aplicativos",
        "Aplicativos",
        "Os aplicativos da rádio para celular, TV e alto-falantes inteligentes.",
    )
    .on_sitemap(Radio, "Aplicativos"),
    listed(
        "/noticias",
        "Notícias",
        "As últimas notícias de música, cultura, economia, mundo, saúde e tecnologia.",
    )
    .on_sitemap(News, "Últimas notícias"),
    listed(
        "/noticias/tags",
        "Tags de notícias",
        "Todos os assuntos das notícias.",
    )
    .on_sitemap(News, "Tags"),
    listed("/jornalistas", "Jornalistas", "A equipe de jornalismo da rádio.").on_sitemap(News, "Jornalistas"),
    listed("/feeds", "Feeds", "Feeds RSS, Atom e JSON das notícias.").on_sitemap(News, "Feeds"),
    listed(
        "/artistas",
        "Artistas",
        "Biografias e músicas dos artistas da programação.",
    )
    .on_sitemap(Music, "Artistas"),
    listed("/musicas", "Músicas", "Letras, traduções e vídeos das músicas.").on_sitemap(Music, "Músicas"),
    listed(
        "/as-10-mais",
        "As 10 mais",
        "As dez músicas mais pedidas, por estilo.",
    )
    .on_sitemap(Music, "As 10 mais"),
    listed(
        "/as-100-mais",
        "As 100 mais",
        "As cem músicas mais tocadas de cada ano.",
    )
    .on_sitemap(Music, "As 100 mais"),
    listed("/podcasts", "Podcasts", "Os programas em podcast da rádio.").on_sitemap(Music, "Podcasts"),
    listed("/videos", "Vídeos", "Os vídeos da rádio.").on_sitemap(Music, "Vídeos"),
    listed(
        "/recomende",
        "Recomende uma música",
        "Sugira uma música para a programação.",
    )
    .on_sitemap(Music, "Recomende uma música"),
    listed(
        "/promocoes",
        "Promoções",
        "Promoções abertas e encerradas, regulamentos e ganhadores.",
    )
    .on_sitemap(Join, "Promoções"),
    listed(
        "/caca-ao-tesouro",
        "Caça ao tesouro",
        "O jogo da caça ao tesouro e seus prêmios.",
    )
    .on_sitemap(Join, "Caça ao tesouro"),
    listed(
        "/vantagens-da-assinatura-pro",
        "Assinatura PRO",
        "Rádio sem anúncios, streams exclusivos, notícias e podcasts PRO.",
    )
    .on_sitemap(Join, "Vantagens da assinatura PRO"),
    with("/busca", Listing::Unlisted).on_sitemap(Join, "Busca"),
    listed("/quem-somos", "Quem somos", "A história da rádio.").on_sitemap(Institutional, "Quem somos"),
    listed(
        "/anuncie-conosco",
        "Anuncie conosco",
        "Anuncie na rádio: afiliadas, público e contato comercial.",
    )
    .on_sitemap(Institutional, "Anuncie conosco"),
    listed(
        "/clientes",
        "Clientes",
        "Os anunciantes da rádio e seus comerciais.",
    )
    .on_sitemap(Institutional, "Clientes"),
    listed("/parceiros", "Parceiros", "Os parceiros da rádio.").on_sitemap(Institutional, "Parceiros"),
    listed(
        "/contato",
        "Contato",
        "Fale com a rádio: ouvintes e área comercial.",
    )
    .on_sitemap(Institutional, "Contato"),
    listed("/trabalhe-conosco", "Trabalhe conosco", "Envie seu currículo.")
        .on_sitemap(Institutional, "Trabalhe conosco"),
    listed(
        "/incorporar-player",
        "Incorporar player",
        "Coloque o player da rádio no seu site.",
    )
    .on_sitemap(Institutional, "Incorporar player"),
    listed(
        "/termos/privacidade",
        "Política de privacidade",
        "Como a rádio trata seus dados.",
    )
    .on_sitemap(Legal, "Política de privacidade"),
    listed(
        "/termos/uso",
        "Termos de uso",
        "As regras de uso do site e dos aplicativos.",
    )
    .on_sitemap(Legal, "Termos de uso"),
    // Listed, but not links of the /sitemap page (the podcasts page leads to the first; the second
    // is that page).
    listed(
        "/podcasts/outros",
        "Outros podcasts",
        "Playlists, notícias, arquivo musical e super montagens.",
    ),
    listed("/sitemap", "Mapa do site", "Todas as seções do site."),
    with("/termos", Listing::Redirect("/termos/privacidade")),
    noindex("/open-app"),
    noindex("/perfil/editar-perfil"),
    // The desktop app's alarm clock: on the website it explains where the alarm lives.
    noindex("/despertador"),
    noindex(EMBED_PLAYER_PATH),
    // The staff's desks (the API checks the permissions).
    noindex("/a1stats"),
    noindex("/a1inbox"),
    noindex("/a1redacao"),
    noindex("/a1redacao/nova"),
    noindex("/a1pessoas"),
    noindex("/a1promocoes"),
    noindex("/a1promocoes/nova"),
    noindex("/a1promocoes/cacas/nova"),
    noindex("/a1catalogo"),
    noindex("/a1catalogo/parametros"),
    noindex("/a1aovivo"),
    noindex("/a1programacao"),
];

/// A listed page: its path, the title of its page and a short description (also what the search
/// index matches for it).
pub struct PublicPage {
    pub path: &'static str,
    pub title: &'static str,
    pub description: &'static str,
}

/// The listed pages of [`SITE_PAGES`], in its order: the page heads, the sitemap and the site search.
pub static PUBLIC_PAGES: LazyLock<Vec<PublicPage>> = LazyLock::new(|| {
    SITE_PAGES
        .iter()
        .filter_map(|page| match page.listing {
            Listing::Listed { title, description } => Some(PublicPage {
                path: page.path,
                title,
                description,
            }),
            _ => None,
        })
        .collect()
});

/// The fixed page at `path` (without a trailing slash), if there is one.
pub fn site_page(path: &str) -> Option<&'static SitePage> {
    SITE_PAGES.iter().find(|page| page.path == path)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// [`SITE_PAGES`] as the UI reads it: a TypeScript module of JSON data.
    fn ui_module() -> String {
        use serde_json::{Map, Value, json};
        let pages: Vec<Value> = SITE_PAGES
            .iter()
            .map(|page| {
                let mut entry = Map::new();
                entry.insert("path".into(), page.path.into());
                let kind = match page.listing {
                    Listing::Listed { title, description } => {
                        entry.insert("title".into(), title.into());
                        entry.insert("description".into(), description.into());
                        "listed"
                    }
                    Listing::Unlisted => "unlisted",
                    Listing::NoIndex => "noindex",
                    Listing::Redirect(to) => {
                        entry.insert("redirect".into(), to.into());
                        "redirect"
                    }
                };
                entry.insert("kind".into(), kind.into());
                if let Some((section, label)) = page.sitemap_link {
                    entry.insert(
                        "sitemapLink".into(),
                        json!({ "section": section.title(), "label": label }),
                    );
                }
                Value::Object(entry)
            })
            .collect();
        let sections: Vec<&str> = SitemapSection::ALL
            .iter()
            .map(|section| section.title())
            .collect();
        let json = |value: &Value| serde_json::to_string_pretty(value).expect("plain JSON");
        format!(
            "// Generated from server/src/site.rs by its test (`cargo test -p onda-server --lib site`): do not edit.\n\
             \n\
             export interface SitePage {{\n  \
               path: string;\n  \
               /** listed: indexed, in the sitemap and the site search; unlisted: indexed only; noindex; redirect. */\n  \
               kind: 'listed' | 'unlisted' | 'noindex' | 'redirect';\n  \
               title?: string;\n  \
               description?: string;\n  \
               redirect?: string;\n  \
               /** Its link on the /sitemap page. */\n  \
               sitemapLink?: {{ section: string; label: string }};\n\
             }}\n\
             \n\
             /** The /sitemap page's sections, in order. */\n\
             export const SITEMAP_SECTIONS: string[] = {};\n\
             \n\
             export const SITE_PAGES: SitePage[] = {};\n",
            json(&json!(sections)),
            json(&Value::Array(pages)),
        )
    }

    /// The UI's copy of the list is this list: when it is not, the test writes it and fails, so the
    /// change is seen and committed.
    #[test]
    fn the_ui_reads_this_list() {
        let file = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../ui/src/generated/site-pages.ts");
        let expected = ui_module();
        if std::fs::read_to_string(&file).ok().as_deref() != Some(expected.as_str()) {
            std::fs::write(&file, &expected).expect("write ui/src/generated/site-pages.ts");
            panic!("ui/src/generated/site-pages.ts was stale; it is written anew: commit it");
        }
    }

    #[test]
    fn paths_are_unique_and_redirects_land_on_pages() {
        for (i, page) in SITE_PAGES.iter().enumerate() {
            assert!(page.path.starts_with('/'), "{}", page.path);
            assert!(
                page.path == "/" || !page.path.ends_with('/'),
                "{}: no trailing slash",
                page.path
            );
            assert!(
                SITE_PAGES[..i].iter().all(|other| other.path != page.path),
                "{} twice",
                page.path
            );
            if let Listing::Redirect(to) = page.listing {
                assert!(
                    site_page(to).is_some_and(|target| !matches!(target.listing, Listing::Redirect(_))),
                    "{} redirects to {to}, not a page",
                    page.path
                );
            }
        }
        assert_eq!(PUBLIC_PAGES.len(), 31);
    }
}
