//! The site's public sections: the static pages of the routes table that search engines index, with
//! the title and description their share previews and search results show. Read by the page heads and
//! the sitemap (routes/seo.rs) and by the site search (search/sources.rs).

/// A public section of the site: its path, the title of its page and a short description (also what
/// the search index matches for it).
pub struct PublicPage {
    pub path: &'static str,
    pub title: &'static str,
    pub description: &'static str,
}

const fn page(path: &'static str, title: &'static str, description: &'static str) -> PublicPage {
    PublicPage {
        path,
        title,
        description,
    }
}

/// The indexable static sections (the routes table, doc3 §2.1, with robots 'index'; /busca is left out of
/// the sitemap and the index since it only repeats other pages).
pub const PUBLIC_PAGES: &[PublicPage] = &[
    page(
        "/",
        "Início",
        "Rádio ao vivo, notícias, músicas, promoções e podcasts.",
    ),
    page(
        "/ouvir-radio-online",
        "Ouvir rádio online",
        "Ouça a rádio ao vivo, veja a música que está tocando e as últimas tocadas.",
    ),
    page(
        "/noticias",
        "Notícias",
        "As últimas notícias de música, cultura, economia, mundo, saúde e tecnologia.",
    ),
    page(
        "/noticias/tags",
        "Tags de notícias",
        "Todos os assuntos das notícias.",
    ),
    page("/jornalistas", "Jornalistas", "A equipe de jornalismo da rádio."),
    page(
        "/artistas",
        "Artistas",
        "Biografias e músicas dos artistas da programação.",
    ),
    page("/musicas", "Músicas", "Letras, traduções e vídeos das músicas."),
    page(
        "/as-10-mais",
        "As 10 mais",
        "As dez músicas mais pedidas, por estilo.",
    ),
    page(
        "/as-100-mais",
        "As 100 mais",
        "As cem músicas mais tocadas de cada ano.",
    ),
    page("/podcasts", "Podcasts", "Os programas em podcast da rádio."),
    page(
        "/podcasts/outros",
        "Outros podcasts",
        "Playlists, notícias, arquivo musical e super montagens.",
    ),
    page("/videos", "Vídeos", "Os vídeos da rádio."),
    page(
        "/tv",
        "TV",
        "A TV da rádio ao vivo e clipes com letra e tradução.",
    ),
    page(
        "/programacao",
        "Programação",
        "Os programas da rádio, com dias e horários.",
    ),
    page("/parceiros", "Parceiros", "Os parceiros da rádio."),
    page(
        "/afiliadas",
        "Afiliadas",
        "As emissoras afiliadas em cada estado, com frequência e contato.",
    ),
    page(
        "/clientes",
        "Clientes",
        "Os anunciantes da rádio e seus comerciais.",
    ),
    page(
        "/promocoes",
        "Promoções",
        "Promoções abertas e encerradas, regulamentos e ganhadores.",
    ),
    page(
        "/recomende",
        "Recomende uma música",
        "Sugira uma música para a programação.",
    ),
    page(
        "/contato",
        "Contato",
        "Fale com a rádio: ouvintes e área comercial.",
    ),
    page("/trabalhe-conosco", "Trabalhe conosco", "Envie seu currículo."),
    page(
        "/anuncie-conosco",
        "Anuncie conosco",
        "Anuncie na rádio: afiliadas, público e contato comercial.",
    ),
    page("/quem-somos", "Quem somos", "A história da rádio."),
    page(
        "/incorporar-player",
        "Incorporar player",
        "Coloque o player da rádio no seu site.",
    ),
    page(
        "/aplicativos",
        "Aplicativos",
        "Os aplicativos da rádio para celular, TV e alto-falantes inteligentes.",
    ),
    page("/feeds", "Feeds", "Feeds RSS, Atom e JSON das notícias."),
    page(
        "/caca-ao-tesouro",
        "Caça ao tesouro",
        "O jogo da caça ao tesouro e seus prêmios.",
    ),
    page(
        "/vantagens-da-assinatura-pro",
        "Assinatura PRO",
        "Rádio sem anúncios, streams exclusivos, notícias e podcasts PRO.",
    ),
    page("/sitemap", "Mapa do site", "Todas as seções do site."),
    page(
        "/termos/privacidade",
        "Política de privacidade",
        "Como a rádio trata seus dados.",
    ),
    page(
        "/termos/uso",
        "Termos de uso",
        "As regras de uso do site e dos aplicativos.",
    ),
];
