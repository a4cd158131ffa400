//! The collections of the catalogue back office, each described once: its table, its fields (column,
//! kind, limits, label) and what a write also does. The handlers (`super`) validate, store and read by
//! these descriptors, and `GET /backoffice/catalogue` sends them to the UI, which draws its forms from
//! them. Table and column names here are ours, never a client's text, so they may be written into SQL.

use onda_shared::backoffice_catalogue::{CollectionSpec, FieldKind, FieldOption, FieldSpec};
use serde_json::Value;

use crate::staff::{CATALOGUE, NEWSROOM};

/// Rows a field keeps in a table of its own (the list kinds).
#[derive(Debug, Clone, Copy)]
pub struct Child {
    pub table: &'static str,
    /// The column naming the parent item.
    pub parent: &'static str,
    /// The column holding the entry (text or song id).
    pub value: &'static str,
    /// The first entry's position (1 for the top-10 ranks, 0 elsewhere).
    pub first: i64,
    /// Other columns of a new entry, as constant SQL (filled in by the collection's `after`).
    pub fill: &'static [(&'static str, &'static str)],
    /// Entries are rewritten where they stand (by position) rather than replaced, so their rows keep
    /// their ids and other columns: a poll's answers keep their votes when a typo is fixed.
    pub in_place: bool,
}

#[derive(Debug, Clone, Copy)]
pub struct Field {
    pub key: &'static str,
    pub label: &'static str,
    pub kind: FieldKind,
    /// The column (unused by the list kinds, which live in `child`).
    pub column: &'static str,
    pub required: bool,
    pub max: i64,
    pub min: i64,
    pub options: &'static [(&'static str, &'static str)],
    pub reference: Option<&'static str>,
    pub help: &'static str,
    pub listed: bool,
    /// A new item's value when the form starts (booleans that are usually on).
    pub default_on: bool,
    /// A select whose first option is what a new item (and a missing key) means.
    pub default_first: bool,
    pub child: Option<Child>,
}

const fn field(key: &'static str, label: &'static str, kind: FieldKind, column: &'static str) -> Field {
    Field {
        key,
        label,
        kind,
        column,
        required: false,
        max: 0,
        min: 0,
        options: &[],
        reference: None,
        help: "",
        listed: false,
        default_on: false,
        default_first: false,
        child: None,
    }
}

const fn text(key: &'static str, label: &'static str, column: &'static str, max: i64) -> Field {
    field(key, label, FieldKind::Text, column).max(max)
}

/// The descriptors' builder methods, each setting fields of a copy: `name(arguments) => field = value`.
macro_rules! setters {
    ($($name:ident($($arg:ident: $type:ty),*) => $($field:ident = $value:expr),+;)*) => {
        impl Field {
            $(const fn $name(mut self, $($arg: $type),*) -> Self {
                $(self.$field = $value;)+
                self
            })*
        }
    };
}

setters! {
    req() => required = true;
    max(max: i64) => max = max;
    range(min: i64, max: i64) => min = min, max = max;
    listed() => listed = true;
    help(help: &'static str) => help = help;
    on() => default_on = true;
    first() => default_first = true;
    refers(collection: &'static str) => reference = Some(collection);
    options(options: &'static [(&'static str, &'static str)]) => options = options;
    child(child: Child) => child = Some(child);
}

impl Field {
    pub fn spec(&self) -> FieldSpec {
        FieldSpec {
            key: self.key.to_owned(),
            label: self.label.to_owned(),
            kind: self.kind,
            required: self.required,
            max: self.max,
            min: self.min,
            options: self
                .options
                .iter()
                .map(|(value, label)| FieldOption {
                    value: (*value).to_owned(),
                    label: (*label).to_owned(),
                })
                .collect(),
            reference: self.reference.map(str::to_owned),
            help: self.help.to_owned(),
            listed: self.listed,
            default_value: self.empty_value(),
        }
    }

    /// What a new item's form starts with, and what a missing key means.
    pub fn empty_value(&self) -> Value {
        match self.kind {
            FieldKind::Boolean => Value::Bool(self.default_on),
            FieldKind::Select if self.default_first => {
                Value::String(self.options.first().map_or("", |(value, _)| *value).to_owned())
            }
            FieldKind::Integer | FieldKind::Reference => Value::Null,
            FieldKind::TextList | FieldKind::SongList | FieldKind::SourceList => Value::Array(Vec::new()),
            _ => Value::String(String::new()),
        }
    }
}

/// How a collection's items get their address.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Slug {
    None,
    /// Unique in the table, from the title; it never changes afterwards (links stay valid).
    Unique,
    /// Unique among the items sharing this column's value (a song's slug within its artist).
    Within(&'static str),
}

#[derive(Debug, Clone, Copy)]
pub struct Collection {
    pub key: &'static str,
    pub label: &'static str,
    pub singular: &'static str,
    pub group: &'static str,
    pub permission: i64,
    pub table: &'static str,
    /// The field whose value names an item (and makes its slug).
    pub title: &'static str,
    pub slug: Slug,
    /// Tables whose slugs a new slug must also avoid (a news category must not shadow a news item).
    pub slug_avoids: &'static [&'static str],
    /// Words a slug may never be (the pages that live beside the items' addresses).
    pub slug_reserved: &'static [&'static str],
    /// Items have a `position`.
    pub ordered: bool,
    /// The station's own set: edited, never created or deleted (the legal texts).
    pub fixed: bool,
    pub public_path: &'static str,
    pub fields: &'static [Field],
    /// Columns that copy another on every write (a cover's small rendition): (target, source).
    pub mirrors: &'static [(&'static str, &'static str)],
    /// A column set to the time of every write.
    pub stamp: Option<&'static str>,
    /// A column set to the time of the item's creation (Unix seconds), never changed after.
    pub created: Option<&'static str>,
    /// Run after every write, in order, with $1 = the item's id (flags derived from the fields).
    pub after: &'static [&'static str],
    /// How an item is named in lists and pickers, as SQL over the alias `{t}` (None: the title
    /// field's column). A song is named with its artist, so two 'Asa Branca' can be told apart.
    pub label_sql: Option<&'static str>,
    /// The list's order when the items have no manual one, as SQL over the alias `t` (None: by name).
    pub order_sql: Option<&'static str>,
}

impl Collection {
    pub fn spec(&self) -> CollectionSpec {
        CollectionSpec {
            key: self.key.to_owned(),
            label: self.label.to_owned(),
            singular: self.singular.to_owned(),
            group: self.group.to_owned(),
            permission: self.permission,
            title_field: self.title.to_owned(),
            ordered: self.ordered,
            fixed: self.fixed,
            public_path: self.public_path.to_owned(),
            fields: self.fields.iter().map(Field::spec).collect(),
        }
    }

    pub fn title_column(&self) -> &'static str {
        self.fields
            .iter()
            .find(|field| field.key == self.title)
            .map_or("id", |field| field.column)
    }

    /// The SQL naming an item of this collection aliased `alias`.
    pub fn label(&self, alias: &str) -> String {
        match self.label_sql {
            Some(sql) => sql.replace("{t}", alias),
            None => format!("{alias}.{}", self.title_column()),
        }
    }
}

/// Who may hear a programme's recordings (`ReplayAccess`'s stored values).
const REPLAY_ACCESS: &[(&str, &str)] = &[
    ("everyone", "Todos"),
    ("loggedIn", "Ouvintes com conta"),
    ("pro", "Assinantes PRO"),
    ("none", "Não gravar"),
];

const UFS: &[(&str, &str)] = &[
    ("AC", "AC"),
    ("AL", "AL"),
    ("AM", "AM"),
    ("AP", "AP"),
    ("BA", "BA"),
    ("CE", "CE"),
    ("DF", "DF"),
    ("ES", "ES"),
    ("GO", "GO"),
    ("MA", "MA"),
    ("MG", "MG"),
    ("MS", "MS"),
    ("MT", "MT"),
    ("PA", "PA"),
    ("PB", "PB"),
    ("PE", "PE"),
    ("PI", "PI"),
    ("PR", "PR"),
    ("RJ", "RJ"),
    ("RN", "RN"),
    ("RO", "RO"),
    ("RR", "RR"),
    ("RS", "RS"),
    ("SC", "SC"),
    ("SE", "SE"),
    ("SP", "SP"),
    ("TO", "TO"),
];

const NONE: Collection = Collection {
    key: "",
    label: "",
    singular: "",
    group: "",
    permission: CATALOGUE,
    table: "",
    title: "name",
    slug: Slug::Unique,
    slug_avoids: &[],
    slug_reserved: &[],
    ordered: true,
    fixed: false,
    public_path: "",
    fields: &[],
    mirrors: &[],
    stamp: None,
    created: None,
    after: &[],
    label_sql: None,
    order_sql: None,
};

/// Every collection, in the menu's order.
pub const COLLECTIONS: &[Collection] = &[
    Collection {
        key: "artists",
        label: "Artistas",
        singular: "artista",
        group: "Música",
        table: "artists",
        public_path: "/artistas/{slug}",
        fields: &[
            text("name", "Nome", "name", 100).req().listed(),
            text("country", "País", "country", 2).help("Código de duas letras: BR, US, GB…"),
            field("biography", "Biografia", FieldKind::Html, "biography").max(20_000),
            field("imageUrl", "Foto (quadrada)", FieldKind::Image, "image_url").listed(),
            field("bannerUrl", "Banner da página", FieldKind::Image, "banner_url"),
            field("isFeatured", "Destaque", FieldKind::Boolean, "is_featured").listed(),
        ],
        ..NONE
    },
    Collection {
        key: "albums",
        label: "Álbuns",
        singular: "álbum",
        group: "Música",
        table: "albums",
        fields: &[
            field("artistId", "Artista", FieldKind::Reference, "artist_id")
                .refers("artists")
                .req()
                .listed(),
            text("name", "Nome", "name", 150).req().listed(),
            field("releaseYear", "Ano", FieldKind::Integer, "release_year")
                .range(1900, 2100)
                .req()
                .listed(),
            field("coverUrl", "Capa", FieldKind::Image, "cover_url").listed(),
            field("itunesLink", "Link da loja", FieldKind::Url, "itunes_link").max(500),
            field("isFeatured", "Destaque", FieldKind::Boolean, "is_featured"),
        ],
        mirrors: &[("cover_small_url", "cover_url")],
        label_sql: Some(
            "{t}.name || ' — ' || COALESCE((SELECT ar.name FROM artists ar WHERE ar.id = {t}.artist_id), '')",
        ),
        ..NONE
    },
    Collection {
        key: "songs",
        label: "Músicas",
        singular: "música",
        group: "Música",
        table: "songs",
        slug: Slug::Within("artist_id"),
        ordered: false,
        fields: &[
            text("name", "Nome", "name", 150).req().listed(),
            field("artistId", "Artista", FieldKind::Reference, "artist_id")
                .refers("artists")
                .req()
                .listed(),
            field("albumId", "Álbum", FieldKind::Reference, "album_id")
                .refers("albums")
                .req(),
            field("year", "Ano", FieldKind::Integer, "year")
                .range(1900, 2100)
                .req()
                .listed(),
            field("trackUrl", "Faixa (MP3)", FieldKind::Audio, "track_url").help(
                "A música inteira: quem está logado baixa; a prévia pública são os primeiros 30 segundos",
            ),
            field("lyrics", "Letra", FieldKind::Html, "lyrics").max(50_000),
            field("translation", "Tradução", FieldKind::Html, "translation").max(50_000),
            field(
                "videoYoutubeId",
                "Clipe no YouTube",
                FieldKind::YouTube,
                "video_youtube_id",
            ),
            field("itunesLink", "Link da loja", FieldKind::Url, "itunes_link").max(500),
            // The monthly music report (ECAD) names each play's authors, ISRC and label.
            text("authors", "Autores (compositores)", "authors", 300)
                .help("Como no registro da obra; separe os nomes com /, por exemplo: Tom Jobim / Vinicius de Moraes"),
            text("isrc", "ISRC", "isrc", 15).help("O código da gravação, por exemplo BRABC2600001"),
            text("label", "Gravadora", "label", 100),
        ],
        // The flags the public calls read, and the preview's public address (cut from the track by
        // `routes::catalogue`), follow the fields.
        after: &[
            "UPDATE songs SET has_lyrics = CASE WHEN lyrics <> '' THEN 1 ELSE 0 END, \
             has_translation = CASE WHEN translation <> '' THEN 1 ELSE 0 END, \
             has_video = CASE WHEN video_youtube_id <> '' THEN 1 ELSE 0 END, \
             preview_url = CASE WHEN track_url = '' THEN '' ELSE '/media/audio/previews/' || slug || '+' || \
               (SELECT a.slug FROM artists a WHERE a.id = songs.artist_id) || '.mp3' END WHERE id = $1",
        ],
        label_sql: Some(
            "{t}.name || ' — ' || COALESCE((SELECT ar.name FROM artists ar WHERE ar.id = {t}.artist_id), '')",
        ),
        ..NONE
    },
    Collection {
        key: "top10",
        label: "As 10 mais",
        singular: "lista",
        group: "Música",
        table: "top10_categories",
        public_path: "/as-10-mais/{slug}",
        fields: &[
            text("name", "Nome", "name", 100).req().listed(),
            field("description", "Descrição", FieldKind::Multiline, "description").max(500),
            text("keywords", "Palavras-chave", "keywords", 300).help("Separadas por vírgula"),
            field("songs", "Músicas, da 1ª à 10ª", FieldKind::SongList, "")
                .max(10)
                .child(Child {
                    table: "top10_entries",
                    parent: "category_id",
                    value: "song_id",
                    first: 1,
                    fill: &[],
                    in_place: false,
                }),
        ],
        ..NONE
    },
    Collection {
        key: "top100",
        label: "As 100 mais",
        singular: "lista do ano",
        group: "Música",
        table: "top100_lists",
        title: "year",
        slug: Slug::None,
        ordered: false,
        public_path: "/as-100-mais/{year}",
        fields: &[
            field("year", "Ano", FieldKind::Integer, "year")
                .range(1950, 2100)
                .req()
                .listed(),
            field("songs", "Músicas, da 1ª à 100ª", FieldKind::SongList, "")
                .max(100)
                .help("A página do ano mostra a lista quando ela tem ao menos uma música")
                .child(Child {
                    table: "top100_entries",
                    parent: "list_id",
                    value: "song_id",
                    first: 1,
                    fill: &[],
                    in_place: false,
                }),
        ],
        // The year names the list; as text, so lists, pickers and the search read it like a name.
        label_sql: Some("CAST({t}.year AS TEXT)"),
        // The newest year first, as the public page opens on it.
        order_sql: Some("t.year DESC"),
        ..NONE
    },
    Collection {
        key: "channels",
        label: "Canais",
        singular: "canal",
        group: "Rádio",
        table: "streams",
        slug: Slug::None,
        public_path: "/ouvir-radio-online?streamId={streamId}",
        fields: &[
            text("name", "Nome", "name", 60).req().listed(),
            field("streamId", "Identificador", FieldKind::Identifier, "stream_id")
                .max(40)
                .req()
                .listed()
                .help("Letras minúsculas, números, hífens e sublinhados: o canal é /stream/<identificador>.mp3"),
            field("metaId", "Programação", FieldKind::Identifier, "meta_id")
                .max(40)
                .help("Vazio: a do próprio canal. Canais com o mesmo valor tocam a mesma programação"),
            field("description", "Descrição", FieldKind::Multiline, "description").max(300),
            field("color", "Cor", FieldKind::Color, "color").listed(),
            field("isSemiPro", "Só para quem tem conta", FieldKind::Boolean, "is_semi_pro"),
            field("isPro", "Só para assinantes PRO", FieldKind::Boolean, "is_pro").listed(),
            field("isDolby", "Dolby Atmos", FieldKind::Boolean, "is_dolby"),
            field("isPopup", "Abre em janela própria", FieldKind::Boolean, "is_popup"),
            field("popupUrl", "Endereço da janela", FieldKind::Link, "popup_url")
                .max(300)
                .help(
                    "Um caminho do site ou um endereço https://, por exemplo: \
                     /ouvir-radio-online?streamId=<identificador>&popup=1",
                ),
            field("popupId", "Nome da janela", FieldKind::Identifier, "popup_id").max(60),
            text("popupConfig", "Tamanho da janela", "popup_config", 200)
                .help("Por exemplo: width=420,height=680"),
            field("sources", "Fontes, na ordem em que os players tentam", FieldKind::SourceList, "")
                .max(6)
                .req()
                .help(
                    "/stream/<identificador>.aac, _aacp.aac ou .mp3 (a rádio gera estes formatos; um canal \
                     novo entra no ar no próximo início do servidor), ou o endereço https:// de um Icecast \
                     público",
                )
                .child(Child {
                    table: "stream_sources",
                    parent: "stream_id",
                    value: "src",
                    first: 0,
                    fill: &[("mime_type", "''"), ("codec", "''")],
                    in_place: false,
                }),
        ],
        // The players' type and codec follow each source's address; the channel's picture is drawn
        // from its name and colour (`routes::svg_images`) unless one is set; the programme defaults
        // to the channel's own.
        after: &[
            "UPDATE stream_sources SET \
               mime_type = CASE WHEN src LIKE '%.m3u8' THEN 'application/vnd.apple.mpegurl' \
                 WHEN src LIKE '%\\_aacp.aac' ESCAPE '\\' THEN 'audio/aacp' \
                 WHEN src LIKE '%.aac' THEN 'audio/aac' ELSE 'audio/mpeg' END, \
               codec = CASE WHEN src LIKE '%.m3u8' THEN 'Dolby Atmos' \
                 WHEN src LIKE '%\\_aacp.aac' ESCAPE '\\' THEN 'AAC+' \
                 WHEN src LIKE '%.aac' THEN 'AAC-HE' ELSE 'MP3' END \
             WHERE stream_id = $1",
            "UPDATE streams SET \
               meta_id = CASE WHEN meta_id = '' THEN stream_id ELSE meta_id END, \
               image_url = CASE WHEN image_url = '' THEN '/media/img/stream/' || stream_id || '.svg' \
                 ELSE image_url END \
             WHERE id = $1",
        ],
        ..NONE
    },
    Collection {
        key: "podcasts",
        label: "Podcasts",
        singular: "podcast",
        group: "Rádio",
        table: "podcast_shows",
        public_path: "/podcasts",
        fields: &[
            text("name", "Nome", "name", 100).req().listed(),
            text("subtitle", "Subtítulo", "subtitle", 150),
            field("description", "Descrição", FieldKind::Multiline, "description").max(2_000),
            field("thumbUrl", "Imagem", FieldKind::Image, "thumb_url").listed(),
            field("imageFeaturedUrl", "Imagem de destaque", FieldKind::Image, "image_featured_url"),
            field("hostType", "Onde os episódios tocam", FieldKind::Select, "host_type")
                .options(&[("mixcloud", "Mixcloud")])
                .req(),
            text("showId", "Identificador no Mixcloud", "show_id", 100)
                .help("Vazio: o programa não aparece na página de podcasts")
                .listed(),
            field("playerStyle", "Player", FieldKind::Select, "player_style")
                .options(&[("standard", "Padrão"), ("mini", "Compacto"), ("show", "Programa")])
                .req(),
            field("playerColor", "Cor do player", FieldKind::Color, "player_color"),
            field("isPro", "Só para assinantes PRO", FieldKind::Boolean, "is_pro").listed(),
        ],
        ..NONE
    },
    // The 'outros podcasts' pages (/podcasts/outros/{slug}) when no catalogue service is configured
    // (`routes::podcasts` reads `ONDA_MIXCLOUD_API_URL` instead when it is). The five categories are the
    // routes' own (seeded on every station): renamed and described, never added or removed.
    Collection {
        key: "podcastCategories",
        label: "Categorias de outros podcasts",
        singular: "categoria",
        group: "Rádio",
        table: "podcast_collections",
        fixed: true,
        public_path: "/podcasts/outros/{slug}",
        fields: &[
            text("name", "Nome", "name", 60).req().listed(),
            field("description", "Descrição", FieldKind::Multiline, "description")
                .max(1_000)
                .help("Aparece no alto da página da categoria; {station} vira o nome da rádio"),
        ],
        ..NONE
    },
    Collection {
        key: "recordings",
        label: "Outros podcasts",
        singular: "episódio",
        group: "Rádio",
        table: "podcast_recordings",
        ordered: false,
        public_path: "/podcasts/outros/recentes",
        fields: &[
            text("name", "Título", "name", 150).req().listed(),
            field("collectionId", "Categoria", FieldKind::Reference, "collection_id")
                .refers("podcastCategories")
                .req()
                .listed()
                .help("Recentes já mostra os episódios mais novos de todas as categorias"),
            text("playerKey", "Identificador no Mixcloud", "player_key", 150).help(
                "O fim do endereço do episódio no Mixcloud (mixcloud.com/conta/identificador/); vazio: o do título",
            ),
            field("description", "Descrição", FieldKind::Multiline, "description").max(2_000),
            field("tags", "Tags", FieldKind::TextList, "")
                .max(10)
                .help("Aparecem sob o título do episódio")
                .child(Child {
                    table: "podcast_recording_tags",
                    parent: "recording_id",
                    value: "name",
                    first: 0,
                    fill: &[],
                    in_place: false,
                }),
        ],
        created: Some("published_at"),
        // The catalogue's replies carry a picture per recording: its category's.
        after: &["UPDATE podcast_recordings SET image_url = (SELECT c.image_url FROM podcast_collections c \
             WHERE c.id = podcast_recordings.collection_id) WHERE id = $1"],
        order_sql: Some("t.published_at DESC, t.id DESC"),
        ..NONE
    },
    // The videos of /videos and /tv when no video platform is configured (`routes::videos` reads the
    // channel's playlists instead when it is): a station without an API key still has a video page.
    Collection {
        key: "playlists",
        label: "Playlists de vídeo",
        singular: "playlist",
        group: "Vídeos",
        table: "video_playlists",
        title: "title",
        public_path: "/videos",
        fields: &[
            text("title", "Título", "title", 100).req().listed(),
            text("externalId", "Playlist no YouTube", "external_id", 64)
                .req()
                .listed()
                .help("O id da playlist (PL…), do endereço youtube.com/playlist?list=…: a TV toca por ele"),
            field("description", "Descrição", FieldKind::Multiline, "description").max(1_000),
        ],
        ..NONE
    },
    Collection {
        key: "videos",
        label: "Vídeos",
        singular: "vídeo",
        group: "Vídeos",
        table: "videos",
        title: "title",
        ordered: false,
        public_path: "/videos/{slug}",
        fields: &[
            text("title", "Título", "title", 150).req().listed(),
            field("youtubeId", "Vídeo no YouTube", FieldKind::YouTube, "youtube_id").req(),
            field("playlistId", "Playlist", FieldKind::Reference, "playlist_id")
                .refers("playlists")
                .listed(),
            field("description", "Descrição", FieldKind::Multiline, "description").max(2_000),
            field("imageUrl", "Imagem", FieldKind::Image, "image_url")
                .listed()
                .help("Vazio: a miniatura do YouTube"),
            field("isFeatured", "Abre a página de vídeos", FieldKind::Boolean, "is_featured")
                .listed()
                .help("Um vídeo só: marcar este desmarca o anterior"),
        ],
        created: Some("published_at"),
        // One lead video: the one just marked.
        after: &[
            "UPDATE videos SET is_featured = 0 WHERE id <> $1 AND is_featured <> 0 \
             AND (SELECT v.is_featured FROM videos v WHERE v.id = $1) <> 0",
        ],
        order_sql: Some("t.published_at DESC, t.id DESC"),
        ..NONE
    },
    Collection {
        key: "polls",
        label: "Enquetes",
        singular: "enquete",
        group: "Páginas",
        table: "polls",
        title: "title",
        slug: Slug::None,
        ordered: false,
        public_path: "/",
        fields: &[
            text("title", "Pergunta", "title", 200).req().listed(),
            field("isActive", "Na página inicial", FieldKind::Boolean, "is_active")
                .on()
                .listed()
                .help("A página inicial mostra a enquete ativa mais recente"),
            field("answers", "Respostas", FieldKind::TextList, "")
                .max(10)
                .req()
                .help("Uma por linha; corrigir uma resposta mantém os votos dela")
                .child(Child {
                    table: "poll_answers",
                    parent: "poll_id",
                    value: "text",
                    first: 0,
                    fill: &[],
                    in_place: true,
                }),
        ],
        created: Some("created_at"),
        order_sql: Some("t.created_at DESC, t.id DESC"),
        ..NONE
    },
    Collection {
        key: "programs",
        label: "Programação",
        singular: "programa",
        group: "Rádio",
        table: "programs",
        title: "title",
        public_path: "/programacao",
        fields: &[
            text("title", "Título", "title", 100).req().listed(),
            text("host", "Apresentação", "host", 100).listed(),
            field("description", "Descrição", FieldKind::Multiline, "description").max(1_000),
            field("imageUrl", "Imagem", FieldKind::Image, "image_url"),
            field("weekdays", "Dias da semana", FieldKind::Weekdays, "weekdays")
                .req()
                .listed(),
            text("daysLabel", "Dias, como aparecem", "days_label", 60).help("Por exemplo: Segunda a sexta"),
            field("startTime", "Início", FieldKind::Time, "start_time")
                .max(1_439)
                .req()
                .listed(),
            field("endTime", "Fim", FieldKind::Time, "end_time")
                .max(1_440)
                .req()
                .listed()
                .help("24:00 é meia-noite no fim do dia"),
            field("replayAccess", "Ouvir de novo", FieldKind::Select, "replay_access")
                .options(REPLAY_ACCESS)
                .first()
                .req()
                .help("Quem ouve as gravações do programa; 'Não gravar' não grava"),
        ],
        ..NONE
    },
    Collection {
        key: "affiliates",
        label: "Afiliadas",
        singular: "afiliada",
        group: "Rádio",
        table: "affiliates",
        slug: Slug::None,
        ordered: false,
        public_path: "/afiliadas",
        fields: &[
            text("name", "Nome", "name", 100).req().listed(),
            field("sid", "Identificador do stream", FieldKind::Identifier, "sid")
                .max(40)
                .req()
                .help("Letras minúsculas, números, hífens e sublinhados; a rádio passa a usá-lo no próximo início"),
            text("frequency", "Frequência", "frequency", 20).req().listed(),
            text("city", "Cidade", "city", 60).req().listed(),
            field("state", "UF", FieldKind::Select, "state")
                .options(UFS)
                .req()
                .listed(),
            text("street", "Endereço", "street", 150),
            text("cep", "CEP", "cep", 9),
            field("email", "E-mail", FieldKind::Email, "email").max(100),
            text("phone", "Telefone", "phone", 20),
            field("streamUrl", "Endereço do stream", FieldKind::Link, "stream_url")
                .max(300)
                .help("/stream/… para retransmitir a rádio principal, ou o endereço https:// de um Icecast"),
        ],
        ..NONE
    },
    Collection {
        key: "partners",
        label: "Parceiros",
        singular: "parceiro",
        group: "Comercial",
        table: "partners",
        public_path: "/parceiros",
        fields: &[
            text("name", "Nome", "name", 100).req().listed(),
            field("description", "Descrição", FieldKind::Multiline, "description").max(1_000),
            field("imageUrl", "Logo", FieldKind::Image, "image_url").listed(),
            field("link", "Site", FieldKind::Url, "link").max(500),
        ],
        ..NONE
    },
    Collection {
        key: "clients",
        label: "Clientes",
        singular: "cliente",
        group: "Comercial",
        table: "clients",
        public_path: "/clientes/{slug}",
        fields: &[
            text("name", "Nome", "name", 100).req().listed(),
            text("shortDescription", "Descrição curta", "short_description", 200),
            field("description", "Descrição", FieldKind::Html, "description").max(20_000),
            field("imageUrl", "Logo", FieldKind::Image, "image_url").listed(),
            text("segment", "Segmento", "segment", 60).req().listed(),
            field("link", "Site", FieldKind::Url, "link").max(500),
            field("locations", "Onde atende", FieldKind::TextList, "")
                .max(50)
                .help("Cidade/UF")
                .child(Child {
                    table: "client_locations",
                    parent: "client_id",
                    value: "location",
                    first: 0,
                    fill: &[],
                    in_place: false,
                }),
        ],
        ..NONE
    },
    Collection {
        key: "spots",
        label: "Spots",
        singular: "spot",
        group: "Comercial",
        table: "spots",
        fields: &[
            text("name", "Nome", "name", 100).req().listed(),
            field("clientId", "Cliente", FieldKind::Reference, "client_id")
                .refers("clients")
                .req()
                .listed(),
            field("audioUrl", "Áudio (MP3)", FieldKind::Audio, "audio_url").listed(),
            field("imageUrl", "Imagem", FieldKind::Image, "image_url"),
            field("transcript", "Texto do spot", FieldKind::Html, "transcript").max(5_000),
            field("link", "Link", FieldKind::Url, "link").max(500),
        ],
        ..NONE
    },
    Collection {
        key: "faq",
        label: "Perguntas do PRO",
        singular: "pergunta",
        group: "Páginas",
        table: "pro_faqs",
        title: "question",
        slug: Slug::None,
        public_path: "/pro",
        fields: &[
            text("question", "Pergunta", "question", 300).req().listed(),
            field("answer", "Resposta", FieldKind::Html, "answer")
                .max(5_000)
                .req(),
        ],
        ..NONE
    },
    Collection {
        key: "legal",
        label: "Textos legais",
        singular: "texto",
        group: "Páginas",
        table: "legal_texts",
        title: "title",
        ordered: false,
        fixed: true,
        public_path: "/termos/{slug}",
        fields: &[
            text("title", "Título", "title", 150).req().listed(),
            field("content", "Texto", FieldKind::Html, "content")
                .max(200_000)
                .req(),
        ],
        stamp: Some("updated_at"),
        ..NONE
    },
    Collection {
        key: "sentences",
        label: "Frases do dia",
        singular: "frase",
        group: "Páginas",
        table: "day_sentences",
        title: "text",
        slug: Slug::None,
        ordered: false,
        fields: &[
            field("text", "Frase", FieldKind::Multiline, "text")
                .max(300)
                .req()
                .listed(),
            text("author", "Autor", "author", 100).listed(),
        ],
        ..NONE
    },
    Collection {
        key: "journalists",
        label: "Jornalistas",
        singular: "jornalista",
        group: "Redação",
        permission: NEWSROOM,
        table: "journalists",
        public_path: "/jornalistas/{slug}",
        fields: &[
            text("name", "Nome", "name", 100).req().listed(),
            field("description", "Apresentação", FieldKind::Multiline, "description").max(2_000),
            field("imageUrl", "Foto", FieldKind::Image, "image_url").listed(),
            field(
                "isActive",
                "Na lista de jornalistas",
                FieldKind::Boolean,
                "is_active",
            )
            .on()
            .listed(),
        ],
        ..NONE
    },
    Collection {
        key: "categories",
        label: "Editorias",
        singular: "editoria",
        group: "Redação",
        permission: NEWSROOM,
        table: "news_categories",
        slug_avoids: &["news"],
        slug_reserved: &["tags"],
        public_path: "/noticias/{slug}",
        fields: &[text("name", "Nome", "name", 60).req().listed()],
        ..NONE
    },
    Collection {
        key: "tags",
        label: "Tags",
        singular: "tag",
        group: "Redação",
        permission: NEWSROOM,
        table: "tags",
        ordered: false,
        public_path: "/noticias/tags/{slug}",
        fields: &[
            text("name", "Nome", "name", 40).req().listed(),
            text("title", "Título da página", "title", 120).help("Vazio: o nome"),
        ],
        ..NONE
    },
];

/// The collection named `key`.
pub fn find(key: &str) -> Option<&'static Collection> {
    COLLECTIONS.iter().find(|collection| collection.key == key)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn descriptors_are_consistent() {
        for collection in COLLECTIONS {
            assert!(
                collection
                    .fields
                    .iter()
                    .any(|field| field.key == collection.title),
                "{}: title field",
                collection.key
            );
            for field in collection.fields {
                if let Some(reference) = field.reference {
                    assert!(find(reference).is_some(), "{}.{}", collection.key, field.key);
                }
                let list = matches!(
                    field.kind,
                    FieldKind::TextList | FieldKind::SongList | FieldKind::SourceList
                );
                assert_eq!(list, field.child.is_some(), "{}.{}", collection.key, field.key);
                assert_eq!(list, field.column.is_empty(), "{}.{}", collection.key, field.key);
                if matches!(
                    field.kind,
                    FieldKind::Text
                        | FieldKind::Multiline
                        | FieldKind::Html
                        | FieldKind::Url
                        | FieldKind::Link
                ) {
                    assert!(field.max > 0, "{}.{} needs a max", collection.key, field.key);
                }
            }
        }
    }
}
