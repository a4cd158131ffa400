//! The site's own full-text index (tantivy, in memory): news and podcast episodes (title, subtitle,
//! keyword, category, tags and the article's text; only the public teaser of a PRO item), artists,
//! songs, podcast shows, journalists, videos, promotions, tags, news categories and the static sections. It answers
//! the header suggestions and /busca (G02, G56) when no external search service is configured.
//!
//! Text is cut into words, lower-cased, stripped of accents (so 'musica' finds 'Músicas' and 'sao'
//! finds 'São') and reduced to its Portuguese stem (so 'musica' also finds 'músicas'). The last word
//! of a query also matches as a prefix, through a field holding each word's leading 2–20 characters:
//! one term lookup per query instead of expanding a prefix over the dictionary, which keeps a
//! one-letter-longer query as fast as a finished one (bench/content.sh: p95 ≤ 10 ms at 50,000 news).
//!
//! Keeping it current ([`SearchIndex::refresh`], every `ONDA_SEARCH_REFRESH_SECONDS` by
//! [`run_refresh`], on every instance that shares the database):
//! - News (the one large source) is read incrementally: rows whose `COALESCE(updated_at,
//!   published_at)` lies in the window since the previous pass, less a [`NEWS_OVERLAP`] margin so a
//!   write that committed late on another instance is still seen. Published items are then counted:
//!   if the count differs from what the index holds (a deletion, a back-dated insert, an item whose
//!   publication time has just arrived), the ids are compared and the difference applied. Edits are
//!   expected to set `updated_at`, as the newsroom's 'updated at' line requires anyway; the back
//!   office's saves also set `changed_at`, which brings an edited item back, and one saved as a draft
//!   or taken down (its `published_at` pushed out of reach) is removed by id in the same pass. The
//!   back office also runs a pass right after each save, so this instance shows it at once.
//! - The small sources (hundreds of rows, no update column) are read whole and re-indexed only when
//!   their content hash changed. Reading them costs a few milliseconds per pass; a watermark would
//!   need update columns these tables lack.
//!
//! The index is a cache of the database: each instance builds its own at start-up, so there is no
//! shared file to lock or migrate.

pub mod external;
mod sources;

pub use external::suggestions;

use std::{
    collections::{HashMap, HashSet},
    hash::{DefaultHasher, Hash, Hasher},
    sync::{
        Arc, Mutex,
        atomic::{AtomicI64, Ordering},
    },
    time::Duration,
};

use onda_shared::search::SearchSuggestion;
use tantivy::{
    Index, IndexReader, IndexWriter, ReloadPolicy, TantivyDocument, Term,
    collector::TopDocs,
    query::{BooleanQuery, BoostQuery, Occur, Query, TermQuery},
    schema::{Field, IndexRecordOption, STORED, STRING, Schema, TextFieldIndexing, TextOptions, Value},
    tokenizer::{
        AsciiFoldingFilter, Language, LowerCaser, RemoveLongFilter, SimpleTokenizer, Stemmer, TextAnalyzer,
        WhitespaceTokenizer,
    },
};
use tokio_util::sync::CancellationToken;

use crate::{AppState, Result, db::Db};

pub use sources::Doc;

/// G02: at most 10 suggestions.
pub const MAX_RESULTS: usize = 10;
/// G02: the query is trimmed and capped at this many characters.
pub const MAX_QUERY_CHARS: usize = 100;
/// Words of a query that count; the rest of a long paste is ignored.
const MAX_QUERY_WORDS: usize = 12;
/// Prefix lengths indexed for the word being typed.
const PREFIX_MIN: usize = 2;
const PREFIX_MAX: usize = 20;
/// How far back each news pass looks past the previous one, in seconds: longer than any write takes
/// to commit, so a row stamped before the previous pass but committed after it is still picked up.
pub const NEWS_OVERLAP: i64 = 120;
/// Indexing memory of the one writer thread (tantivy's minimum is 15 MB).
const WRITER_MEMORY: usize = 15_000_000;

const PT: &str = "pt_stem";
const FOLDED: &str = "pt_folded";
const WORDS: &str = "words";

#[derive(Clone, Copy)]
struct Fields {
    key: Field,
    kind: Field,
    title: Field,
    body: Field,
    prefix: Field,
    link: Field,
}

struct Engine {
    index: Index,
    reader: IndexReader,
    /// Held only while a batch is applied; see [`Engine::apply`].
    writer: Mutex<()>,
    fields: Fields,
    stem: TextAnalyzer,
    folded: TextAnalyzer,
}

/// What the index holds of the database, to tell what changed.
#[derive(Default)]
struct SyncState {
    /// The `now` of the previous news pass (0 before the first).
    news_until: i64,
    /// Each indexed news item's content hash, by id: the overlap of the passes brings recent items
    /// back every few seconds, and only a changed one is indexed again (a writer costs megabytes).
    news: HashMap<i64, u64>,
    /// Content hash of each small source as last indexed.
    hashes: HashMap<&'static str, u64>,
}

/// The index plus its bookkeeping; one per running server (in `AppState`), built on first use or by
/// [`run_refresh`] at start-up.
#[derive(Default)]
pub struct SearchIndex {
    engine: tokio::sync::OnceCell<Arc<Engine>>,
    /// One refresh at a time; also guards the bookkeeping.
    sync: tokio::sync::Mutex<SyncState>,
    /// Unix seconds of the last finished refresh.
    refreshed_at: AtomicI64,
}

/// What a refresh changed, for logs and tests.
#[derive(Debug, Default, Clone, Copy, PartialEq, Eq)]
pub struct RefreshReport {
    pub added: usize,
    pub removed: usize,
}

impl SearchIndex {
    /// The engine, built and filled on first use (normally [`run_refresh`] did it at start-up).
    async fn engine(&self, db: &Db) -> Result<Arc<Engine>> {
        if self.refreshed_at() == 0 {
            self.refresh(db).await?;
        }
        self.engine_or_new().await
    }

    async fn engine_or_new(&self) -> Result<Arc<Engine>> {
        if let Some(engine) = self.engine.get() {
            return Ok(engine.clone());
        }
        Ok(self
            .engine
            .get_or_try_init(|| async { Engine::new().map(Arc::new) })
            .await?
            .clone())
    }

    /// Brings the index up to date with the database (see the module notes).
    pub async fn refresh(&self, db: &Db) -> Result<RefreshReport> {
        let engine = self.engine_or_new().await?;
        let mut sync = self.sync.lock().await;
        let now = crate::clock::now();
        let mut batch: Vec<Change> = Vec::new();

        for (name, docs) in sources::small_sources(db, now).await? {
            let hash = hash_docs(&docs);
            if sync.hashes.get(name) != Some(&hash) {
                batch.push(Change::ReplaceKind(name, docs));
                sync.hashes.insert(name, hash);
            }
        }

        let first = sync.news_until == 0;
        let changed = if first {
            sources::all_news(db, now).await?
        } else {
            sources::news_changed(db, sync.news_until - NEWS_OVERLAP, now).await?
        };
        let mut news = sync.news.clone();
        if !first {
            for id in sources::news_hidden_since(db, sync.news_until - NEWS_OVERLAP, now).await? {
                if news.remove(&id).is_some() {
                    batch.push(Change::Remove(sources::news_key(id)));
                }
            }
        }
        for doc in changed {
            let hash = hash_docs(std::slice::from_ref(&doc));
            if news.insert(doc.id, hash) != Some(hash) {
                batch.push(Change::Upsert(doc));
            }
        }
        // Deletions, back-dated inserts and items whose time has come show up in the count.
        if !first && sources::published_news_count(db, now).await? != news.len() as i64 {
            let ids: HashSet<i64> = sources::published_news_ids(db, now).await?.into_iter().collect();
            news.retain(|id, _| {
                let kept = ids.contains(id);
                if !kept {
                    batch.push(Change::Remove(sources::news_key(*id)));
                }
                kept
            });
            let missing: Vec<i64> = ids.iter().filter(|id| !news.contains_key(id)).copied().collect();
            for doc in sources::news_by_ids(db, &missing).await? {
                news.insert(doc.id, hash_docs(std::slice::from_ref(&doc)));
                batch.push(Change::Upsert(doc));
            }
        }

        let report = if batch.is_empty() {
            RefreshReport::default()
        } else {
            let engine = engine.clone();
            tokio::task::spawn_blocking(move || engine.apply(batch))
                .await
                .map_err(|err| anyhow::anyhow!("search indexing task failed: {err}"))??
        };
        sync.news = news;
        sync.news_until = now;
        self.refreshed_at.store(now, Ordering::Relaxed);
        Ok(report)
    }

    /// Up to `limit` (≤ 10) suggestions for a query, best first; an empty query gives none.
    pub async fn search(&self, db: &Db, query: &str, limit: usize) -> Result<Vec<SearchSuggestion>> {
        let query = normalize_query(query);
        if query.is_empty() {
            return Ok(Vec::new());
        }
        let engine = self.engine(db).await?;
        Ok(engine.search(&query, limit.min(MAX_RESULTS))?)
    }

    /// Unix seconds of the last refresh (0 before the first).
    pub fn refreshed_at(&self) -> i64 {
        self.refreshed_at.load(Ordering::Relaxed)
    }
}

/// G02: trimmed and capped at 100 characters.
pub fn normalize_query(raw: &str) -> String {
    raw.trim()
        .chars()
        .take(MAX_QUERY_CHARS)
        .collect::<String>()
        .trim()
        .to_owned()
}

fn hash_docs(docs: &[Doc]) -> u64 {
    let mut hasher = DefaultHasher::new();
    docs.hash(&mut hasher);
    hasher.finish()
}

enum Change {
    /// Drop every document of a small source and index these instead.
    ReplaceKind(&'static str, Vec<Doc>),
    Upsert(Doc),
    Remove(String),
}

impl Engine {
    fn new() -> Result<Self> {
        let mut builder = Schema::builder();
        let text = |tokenizer: &str, stored: bool| {
            let options = TextOptions::default().set_indexing_options(
                TextFieldIndexing::default()
                    .set_tokenizer(tokenizer)
                    .set_index_option(IndexRecordOption::WithFreqs),
            );
            if stored { options.set_stored() } else { options }
        };
        let fields = Fields {
            key: builder.add_text_field("key", STRING),
            kind: builder.add_text_field("kind", STRING),
            title: builder.add_text_field("title", text(PT, true)),
            body: builder.add_text_field("body", text(PT, false)),
            prefix: builder.add_text_field("prefix", text(WORDS, false)),
            link: builder.add_text_field("link", STORED),
        };
        let index = Index::create_in_ram(builder.build());
        let stem = analyzer(true);
        let folded = analyzer(false);
        index.tokenizers().register(PT, stem.clone());
        index.tokenizers().register(FOLDED, folded.clone());
        index.tokenizers().register(
            WORDS,
            TextAnalyzer::builder(WhitespaceTokenizer::default()).build(),
        );
        let reader = index
            .reader_builder()
            .reload_policy(ReloadPolicy::Manual)
            .try_into()
            .map_err(anyhow::Error::from)?;
        Ok(Self {
            index,
            reader,
            writer: Mutex::new(()),
            fields,
            stem,
            folded,
        })
    }

    fn document(&self, doc: &Doc) -> TantivyDocument {
        let f = self.fields;
        let mut document = TantivyDocument::default();
        document.add_text(f.key, &doc.key);
        document.add_text(f.kind, doc.kind);
        document.add_text(f.title, &doc.title);
        document.add_text(f.body, &doc.body);
        if !doc.text.is_empty() {
            document.add_text(f.body, &doc.text);
        }
        document.add_text(
            f.prefix,
            prefixes(&mut self.folded.clone(), &doc.title, &doc.body),
        );
        document.add_text(f.link, &doc.link);
        document
    }

    fn apply(&self, batch: Vec<Change>) -> Result<RefreshReport> {
        let f = self.fields;
        let mut report = RefreshReport::default();
        {
            let _one_writer = self
                .writer
                .lock()
                .unwrap_or_else(std::sync::PoisonError::into_inner);
            // A writer for this batch alone. A standing one kept its indexing arenas (about 14 MB of
            // hash tables and pages, bench/heap.sh) for the server's whole life, while the catalogue
            // changes a few times a day and most refreshes find nothing to write.
            let mut writer: IndexWriter = self
                .index
                .writer_with_num_threads(1, WRITER_MEMORY)
                .map_err(anyhow::Error::from)?;
            let add = |writer: &mut IndexWriter, doc: &Doc| {
                writer
                    .add_document(self.document(doc))
                    .map(|_| ())
                    .map_err(anyhow::Error::from)
            };
            for change in batch {
                match change {
                    Change::ReplaceKind(kind, docs) => {
                        writer.delete_term(Term::from_field_text(f.kind, kind));
                        report.removed += 1;
                        for doc in &docs {
                            add(&mut writer, doc)?;
                        }
                        report.added += docs.len();
                    }
                    Change::Upsert(doc) => {
                        writer.delete_term(Term::from_field_text(f.key, &doc.key));
                        add(&mut writer, &doc)?;
                        report.added += 1;
                    }
                    Change::Remove(key) => {
                        writer.delete_term(Term::from_field_text(f.key, &key));
                        report.removed += 1;
                    }
                }
            }
            writer.commit().map_err(anyhow::Error::from)?;
            // Lets the merges the commit started finish (small segments are merged as before), then
            // frees the writer and its threads.
            writer.wait_merging_threads().map_err(anyhow::Error::from)?;
        }
        self.reader.reload().map_err(anyhow::Error::from)?;
        Ok(report)
    }

    fn search(&self, query: &str, limit: usize) -> anyhow::Result<Vec<SearchSuggestion>> {
        let f = self.fields;
        let words = tokens(&mut self.folded.clone(), query);
        let words: Vec<String> = words.into_iter().take(MAX_QUERY_WORDS).collect();
        let Some(last) = words.len().checked_sub(1) else {
            return Ok(Vec::new());
        };
        let mut stem = self.stem.clone();
        let clauses: Vec<Box<dyn Query>> = words
            .iter()
            .enumerate()
            .map(|(position, word)| {
                let mut should: Vec<(Occur, Box<dyn Query>)> = Vec::new();
                let term = |field: Field, text: &str, boost: f32| -> (Occur, Box<dyn Query>) {
                    let query =
                        TermQuery::new(Term::from_field_text(field, text), IndexRecordOption::WithFreqs);
                    (Occur::Should, Box::new(BoostQuery::new(Box::new(query), boost)))
                };
                for stemmed in tokens(&mut stem, word) {
                    should.push(term(f.title, &stemmed, 3.0));
                    should.push(term(f.body, &stemmed, 1.0));
                }
                // The word still being typed: its first letters match longer words.
                if position == last && word.chars().count() >= PREFIX_MIN {
                    let prefix: String = word.chars().take(PREFIX_MAX).collect();
                    should.push(term(f.prefix, &prefix, 1.5));
                }
                Box::new(BooleanQuery::new(should)) as Box<dyn Query>
            })
            .collect();
        let searcher = self.reader.searcher();
        let run = |occur: Occur| -> anyhow::Result<Vec<(f32, tantivy::DocAddress)>> {
            let query = BooleanQuery::new(clauses.iter().map(|clause| (occur, clause.box_clone())).collect());
            Ok(searcher.search(&query, &TopDocs::with_limit(limit).order_by_score())?)
        };
        // Every word must match; a query none of whose results has them all falls back to any word.
        let mut hits = run(Occur::Must)?;
        if hits.is_empty() && words.len() > 1 {
            hits = run(Occur::Should)?;
        }
        hits.into_iter()
            .map(|(_score, address)| {
                let doc: TantivyDocument = searcher.doc(address)?;
                let text = |field: Field| {
                    doc.get_first(field)
                        .and_then(|value| value.as_str())
                        .unwrap_or_default()
                        .to_owned()
                };
                Ok(SearchSuggestion {
                    title: text(f.title),
                    link: text(f.link),
                })
            })
            .collect()
    }
}

/// Words, lower-cased and without accents (and stemmed with `stem`).
fn analyzer(stem: bool) -> TextAnalyzer {
    let builder = TextAnalyzer::builder(SimpleTokenizer::default())
        .filter(RemoveLongFilter::limit(40))
        .filter(LowerCaser)
        .filter(AsciiFoldingFilter);
    if stem {
        builder.filter(Stemmer::new(Language::Portuguese)).build()
    } else {
        builder.build()
    }
}

fn tokens(analyzer: &mut TextAnalyzer, text: &str) -> Vec<String> {
    let mut stream = analyzer.token_stream(text);
    let mut out = Vec::new();
    while stream.advance() {
        out.push(stream.token().text.clone());
    }
    out
}

/// The leading 2–20 characters of every word of the title and body, space-separated.
fn prefixes(folded: &mut TextAnalyzer, title: &str, body: &str) -> String {
    let mut seen = HashSet::new();
    let mut out = String::new();
    for word in tokens(folded, title).into_iter().chain(tokens(folded, body)) {
        let chars: Vec<char> = word.chars().collect();
        for len in PREFIX_MIN..=chars.len().min(PREFIX_MAX) {
            let prefix: String = chars[..len].iter().collect();
            if seen.insert(prefix.clone()) {
                out.push_str(&prefix);
                out.push(' ');
            }
        }
    }
    out
}

/// Builds the index at start-up, then refreshes it every `ONDA_SEARCH_REFRESH_SECONDS` until shutdown.
pub async fn run_refresh(state: AppState, shutdown: CancellationToken) {
    let period = Duration::from_secs(state.config.search_refresh_seconds.max(1));
    let mut first = true;
    loop {
        let started = std::time::Instant::now();
        match state.search.refresh(&state.db).await {
            Ok(report) if first => tracing::info!(
                documents = report.added,
                ms = started.elapsed().as_millis() as u64,
                "search index built"
            ),
            Ok(report) if report != RefreshReport::default() => {
                tracing::debug!(?report, "search index refreshed");
            }
            Ok(_) => {}
            Err(err) => tracing::warn!(error = %err, "search index refresh failed"),
        }
        first = false;
        tokio::select! {
            () = tokio::time::sleep(period) => {}
            () = shutdown.cancelled() => return,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn folds_accents_and_stems_portuguese() {
        let mut stem = analyzer(true);
        assert_eq!(tokens(&mut stem, "Músicas"), tokens(&mut stem, "musica"));
        assert_eq!(tokens(&mut stem, "SÃO"), tokens(&mut stem, "sao"));
        let mut folded = analyzer(false);
        assert_eq!(tokens(&mut folded, "Ação, Coração!"), vec!["acao", "coracao"]);
    }

    #[test]
    fn prefixes_cover_the_words_being_typed() {
        let text = prefixes(&mut analyzer(false), "Samba", "Zé");
        assert_eq!(
            text.split_whitespace().collect::<Vec<_>>(),
            vec!["sa", "sam", "samb", "samba", "ze"]
        );
    }

    #[test]
    fn queries_are_trimmed_and_capped_g02() {
        assert_eq!(normalize_query("  samba  "), "samba");
        assert_eq!(normalize_query(&"á".repeat(150)).chars().count(), MAX_QUERY_CHARS);
    }
}
