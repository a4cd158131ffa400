// Generated from server/src/site.rs by its test (`cargo test -p onda-server --lib site`): do not edit.

export interface SitePage {
  path: string;
  /** listed: indexed, in the sitemap and the site search; unlisted: indexed only; noindex; redirect. */
  kind: 'listed' | 'unlisted' | 'noindex' | 'redirect';
  title?: string;
  description?: string;
  redirect?: string;
  /** Its link on the /sitemap page. */
  sitemapLink?: { section: string; label: string };
}

/** The /sitemap page's sections, in order. */
export const SITEMAP_SECTIONS: string[] = [
  "Rádio",
  "Notícias",
  "Música",
  "Participe",
  "Institucional",
  "Legal"
];

export const SITE_PAGES: SitePage[] = [
  {
    "description": "Rádio ao vivo, notícias, músicas, promoções e podcasts.",
    "kind": "listed",
    "path": "/",
    "sitemapLink": {
      "label": "Página inicial",
      "section": "Rádio"
    },
    "title": "Início"
  },
  {
    "description": "Ouça a rádio ao vivo, veja a música que está tocando e as últimas tocadas.",
    "kind": "listed",
    "path": "/ouvir-radio-online",
    "sitemapLink": {
      "label": "Ouvir rádio online",
      "section": "Rádio"
    },
    "title": "Ouvir rádio online"
  },
  {
    "description": "Os programas da rádio, com dias e horários.",
    "kind": "listed",
    "path": "/programacao",
    "sitemapLink": {
      "label": "Programação",
      "section": "Rádio"
    },
    "title": "Programação"
  },
  {
    "description": "A TV da rádio ao vivo e clipes com letra e tradução.",
    "kind": "listed",
    "path": "/tv",
    "sitemapLink": {
      "label": "TV",
      "section": "Rádio"
    },
    "title": "TV"
  },
  {
    "description": "As emissoras afiliadas em cada estado, com frequência e contato.",
    "kind": "listed",
    "path": "/afiliadas",
    "sitemapLink": {
      "label": "Afiliadas",
      "section": "Rádio"
    },
    "title": "Afiliadas"
  },
  {
    "description": "Os aplicativos da rádio para celular, TV e alto-falantes inteligentes.",
    "kind": "listed",
    "path": "/aplicativos",
    "sitemapLink": {
      "label": "Aplicativos",
      "section": "Rádio"
    },
    "title": "Aplicativos"
  },
  {
    "description": "As últimas notícias de música, cultura, economia, mundo, saúde e tecnologia.",
    "kind": "listed",
    "path": "/noticias",
    "sitemapLink": {
      "label": "Últimas notícias",
      "section": "Notícias"
    },
    "title": "Notícias"
  },
  {
    "description": "Todos os assuntos das notícias.",
    "kind": "listed",
    "path": "/noticias/tags",
    "sitemapLink": {
      "label": "Tags",
      "section": "Notícias"
    },
    "title": "Tags de notícias"
  },
  {
    "description": "A equipe de jornalismo da rádio.",
    "kind": "listed",
    "path": "/jornalistas",
    "sitemapLink": {
      "label": "Jornalistas",
      "section": "Notícias"
    },
    "title": "Jornalistas"
  },
  {
    "description": "Feeds RSS, Atom e JSON das notícias.",
    "kind": "listed",
    "path": "/feeds",
    "sitemapLink": {
      "label": "Feeds",
      "section": "Notícias"
    },
    "title": "Feeds"
  },
  {
    "description": "Biografias e músicas dos artistas da programação.",
    "kind": "listed",
    "path": "/artistas",
    "sitemapLink": {
      "label": "Artistas",
      "section": "Música"
    },
    "title": "Artistas"
  },
  {
    "description": "Letras, traduções e vídeos das músicas.",
    "kind": "listed",
    "path": "/musicas",
    "sitemapLink": {
      "label": "Músicas",
      "section": "Música"
    },
    "title": "Músicas"
  },
  {
    "description": "As dez músicas mais pedidas, por estilo.",
    "kind": "listed",
    "path": "/as-10-mais",
    "sitemapLink": {
      "label": "As 10 mais",
      "section": "Música"
    },
    "title": "As 10 mais"
  },
  {
    "description": "As cem músicas mais tocadas de cada ano.",
    "kind": "listed",
    "path": "/as-100-mais",
    "sitemapLink": {
      "label": "As 100 mais",
      "section": "Música"
    },
    "title": "As 100 mais"
  },
  {
    "description": "Os programas em podcast da rádio.",
    "kind": "listed",
    "path": "/podcasts",
    "sitemapLink": {
      "label": "Podcasts",
      "section": "Música"
    },
    "title": "Podcasts"
  },
  {
    "description": "Os vídeos da rádio.",
    "kind": "listed",
    "path": "/videos",
    "sitemapLink": {
      "label": "Vídeos",
      "section": "Música"
    },
    "title": "Vídeos"
  },
  {
    "description": "Sugira uma música para a programação.",
    "kind": "listed",
    "path": "/recomende",
    "sitemapLink": {
      "label": "Recomende uma música",
      "section": "Música"
    },
    "title": "Recomende uma música"
  },
  {
    "description": "Promoções abertas e encerradas, regulamentos e ganhadores.",
    "kind": "listed",
    "path": "/promocoes",
    "sitemapLink": {
      "label": "Promoções",
      "section": "Participe"
    },
    "title": "Promoções"
  },
  {
    "description": "O jogo da caça ao tesouro e seus prêmios.",
    "kind": "listed",
    "path": "/caca-ao-tesouro",
    "sitemapLink": {
      "label": "Caça ao tesouro",
      "section": "Participe"
    },
    "title": "Caça ao tesouro"
  },
  {
    "description": "Rádio sem anúncios, streams exclusivos, notícias e podcasts PRO.",
    "kind": "listed",
    "path": "/vantagens-da-assinatura-pro",
    "sitemapLink": {
      "label": "Vantagens da assinatura PRO",
      "section": "Participe"
    },
    "title": "Assinatura PRO"
  },
  {
    "kind": "unlisted",
    "path": "/busca",
    "sitemapLink": {
      "label": "Busca",
      "section": "Participe"
    }
  },
  {
    "description": "A história da rádio.",
    "kind": "listed",
    "path": "/quem-somos",
    "sitemapLink": {
      "label": "Quem somos",
      "section": "Institucional"
    },
    "title": "Quem somos"
  },
  {
    "description": "Anuncie na rádio: afiliadas, público e contato comercial.",
    "kind": "listed",
    "path": "/anuncie-conosco",
    "sitemapLink": {
      "label": "Anuncie conosco",
      "section": "Institucional"
    },
    "title": "Anuncie conosco"
  },
  {
    "description": "Os anunciantes da rádio e seus comerciais.",
    "kind": "listed",
    "path": "/clientes",
    "sitemapLink": {
      "label": "Clientes",
      "section": "Institucional"
    },
    "title": "Clientes"
  },
  {
    "description": "Os parceiros da rádio.",
    "kind": "listed",
    "path": "/parceiros",
    "sitemapLink": {
      "label": "Parceiros",
      "section": "Institucional"
    },
    "title": "Parceiros"
  },
  {
    "description": "Fale com a rádio: ouvintes e área comercial.",
    "kind": "listed",
    "path": "/contato",
    "sitemapLink": {
      "label": "Contato",
      "section": "Institucional"
    },
    "title": "Contato"
  },
  {
    "description": "Envie seu currículo.",
    "kind": "listed",
    "path": "/trabalhe-conosco",
    "sitemapLink": {
      "label": "Trabalhe conosco",
      "section": "Institucional"
    },
    "title": "Trabalhe conosco"
  },
  {
    "description": "Coloque o player da rádio no seu site.",
    "kind": "listed",
    "path": "/incorporar-player",
    "sitemapLink": {
      "label": "Incorporar player",
      "section": "Institucional"
    },
    "title": "Incorporar player"
  },
  {
    "description": "Como a rádio trata seus dados.",
    "kind": "listed",
    "path": "/termos/privacidade",
    "sitemapLink": {
      "label": "Política de privacidade",
      "section": "Legal"
    },
    "title": "Política de privacidade"
  },
  {
    "description": "As regras de uso do site e dos aplicativos.",
    "kind": "listed",
    "path": "/termos/uso",
    "sitemapLink": {
      "label": "Termos de uso",
      "section": "Legal"
    },
    "title": "Termos de uso"
  },
  {
    "description": "Playlists, notícias, arquivo musical e super montagens.",
    "kind": "listed",
    "path": "/podcasts/outros",
    "title": "Outros podcasts"
  },
  {
    "description": "Todas as seções do site.",
    "kind": "listed",
    "path": "/sitemap",
    "title": "Mapa do site"
  },
  {
    "kind": "redirect",
    "path": "/termos",
    "redirect": "/termos/privacidade"
  },
  {
    "kind": "noindex",
    "path": "/open-app"
  },
  {
    "kind": "noindex",
    "path": "/perfil/editar-perfil"
  },
  {
    "kind": "noindex",
    "path": "/despertador"
  },
  {
    "kind": "noindex",
    "path": "/player-incorporado"
  },
  {
    "kind": "noindex",
    "path": "/a1stats"
  },
  {
    "kind": "noindex",
    "path": "/a1inbox"
  },
  {
    "kind": "noindex",
    "path": "/a1redacao"
  },
  {
    "kind": "noindex",
    "path": "/a1redacao/nova"
  },
  {
    "kind": "noindex",
    "path": "/a1pessoas"
  },
  {
    "kind": "noindex",
    "path": "/a1promocoes"
  },
  {
    "kind": "noindex",
    "path": "/a1promocoes/nova"
  },
  {
    "kind": "noindex",
    "path": "/a1promocoes/cacas/nova"
  },
  {
    "kind": "noindex",
    "path": "/a1catalogo"
  },
  {
    "kind": "noindex",
    "path": "/a1catalogo/parametros"
  },
  {
    "kind": "noindex",
    "path": "/a1aovivo"
  },
  {
    "kind": "noindex",
    "path": "/a1programacao"
  }
];
