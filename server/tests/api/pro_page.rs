//! PRO page endpoints on both databases (PP-05; S11): the FAQ list in order with sanitised HTML answers
//! (an XSS corpus proves the allow-list), and the three featured podcasts.

// Test helpers outside #[test] functions panic on purpose.

use crate::common::{Backend, TestApp};
use onda_server::html::sanitize as sanitize_html;
use serde_json::Value;

on_both_databases!(
    faqs_are_question_answer_pairs_in_order,
    faq_answers_are_sanitised,
    featured_podcasts_are_three_visible_shows_pro_first,
);

fn list(data: &Value) -> Vec<Value> {
    data.as_array()
        .unwrap_or_else(|| panic!("not a list: {data}"))
        .clone()
}

async fn faqs_are_question_answer_pairs_in_order(backend: Backend) {
    let app = TestApp::new(backend).await;
    let faqs = list(&app.get("/api/v1/proPage/getFaqs").await.success_data());
    assert_eq!(faqs.len(), 10, "the demo FAQ has ten items");
    for faq in &faqs {
        let object = faq.as_object().unwrap();
        let mut keys: Vec<_> = object.keys().map(String::as_str).collect();
        keys.sort_unstable();
        assert_eq!(keys, ["answer", "question"], "{faq}");
        assert!(!faq["question"].as_str().unwrap().is_empty());
        assert!(faq["answer"].as_str().unwrap().starts_with("<p>"), "{faq}");
    }
    assert_eq!(faqs[0]["question"], "O que é a assinatura PRO?");
    assert_eq!(faqs[1]["question"], "Quanto custa?");
    // Harmless markup survives, and links get rel="noopener noreferrer".
    assert!(
        faqs[1]["answer"]
            .as_str()
            .unwrap()
            .contains("<strong>2 meses grátis</strong>")
    );
    let last = faqs[9]["answer"].as_str().unwrap();
    assert!(
        last.contains(r#"<a href="/termos/uso" rel="noopener noreferrer">termos de uso</a>"#),
        "{last}"
    );

    // The editors' position decides the order, not the insertion order.
    sqlx::query("UPDATE pro_faqs SET position = -1 WHERE question = 'Quanto custa?'")
        .execute(&app.state.db.pool)
        .await
        .unwrap();
    let faqs = list(&app.get("/api/v1/proPage/getFaqs").await.success_data());
    assert_eq!(faqs[0]["question"], "Quanto custa?");
    assert_eq!(faqs[1]["question"], "O que é a assinatura PRO?");
}

/// Each entry: hostile input and fragments that must not survive sanitising.
const XSS_CORPUS: &[(&str, &[&str])] = &[
    ("<p>a</p><script>alert(1)</script>", &["<script", "alert(1)"]),
    (
        "<SCRIPT SRC=//evil.example/x.js></SCRIPT>",
        &["script", "evil.example"],
    ),
    ("<scr<script>ipt>alert(1)</script>", &["<script"]),
    ("<img src=x onerror=alert(1)>", &["<img", "onerror", "alert"]),
    ("<p onclick=\"alert(1)\">oi</p>", &["onclick", "alert"]),
    (
        "<a href=\"#\" onmouseover=\"alert(1)\">x</a>",
        &["onmouseover", "alert"],
    ),
    ("<svg onload=alert(1)><circle/></svg>", &["<svg", "onload"]),
    ("<body onload=alert(1)>x</body>", &["onload", "<body"]),
    ("<a href=\"javascript:alert(1)\">x</a>", &["javascript:"]),
    (
        "<a href=\"JaVaScRiPt:alert(1)\">x</a>",
        &["javascript:", "JaVaScRiPt"],
    ),
    ("<a href=\" javascript:alert(1)\">x</a>", &["javascript"]),
    ("<a href=\"java&#x09;script:alert(1)\">x</a>", &["script:"]),
    (
        "<a href=\"&#106;avascript:alert(1)\">x</a>",
        &["avascript", "&#106;"],
    ),
    (
        "<a href=\"data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==\">x</a>",
        &["data:"],
    ),
    ("<a href=\"vbscript:msgbox(1)\">x</a>", &["vbscript"]),
    (
        "<p style=\"background:url(javascript:alert(1))\">x</p>",
        &["style", "javascript"],
    ),
    (
        "<style>body{display:none}</style><p>x</p>",
        &["<style", "display:none"],
    ),
    (
        "<p style=\"position:fixed;top:0;left:0;width:100%\">x</p>",
        &["style", "position"],
    ),
    (
        "<link rel=stylesheet href=//evil.example/x.css>",
        &["<link", "evil.example"],
    ),
    (
        "<iframe src=\"https://evil.example\"></iframe>",
        &["<iframe", "evil.example"],
    ),
    (
        "<object data=x.swf></object><embed src=x.swf>",
        &["<object", "<embed"],
    ),
    (
        "<form action=//evil.example><input name=p></form>",
        &["<form", "<input"],
    ),
    (
        "<meta http-equiv=refresh content=\"0;url=//evil.example\">",
        &["<meta", "refresh"],
    ),
    ("<base href=//evil.example/>", &["<base"]),
    (
        "<math><mtext><table><mglyph><style><img src=x onerror=alert(1)>",
        &["onerror", "<img"],
    ),
    ("<p class=\"x\" id=\"y\">x</p>", &["class=", "id="]),
    (
        "<a href=\"https://ok.example\" target=\"_blank\">ok</a>",
        &["target="],
    ),
    ("<!--<script>alert(1)</script>-->", &["<script", "<!--"]),
];

async fn faq_answers_are_sanitised(backend: Backend) {
    let app = TestApp::empty(backend).await;
    for (position, (input, _)) in XSS_CORPUS.iter().enumerate() {
        sqlx::query("INSERT INTO pro_faqs (question, answer, position) VALUES ($1, $2, $3)")
            .bind(format!("Pergunta {position}"))
            .bind(*input)
            .bind(position as i64)
            .execute(&app.state.db.pool)
            .await
            .unwrap();
    }
    let faqs = list(&app.get("/api/v1/proPage/getFaqs").await.success_data());
    assert_eq!(faqs.len(), XSS_CORPUS.len());
    for (faq, (input, forbidden)) in faqs.iter().zip(XSS_CORPUS) {
        let answer = faq["answer"].as_str().unwrap();
        let lower = answer.to_lowercase();
        for fragment in *forbidden {
            assert!(
                !lower.contains(&fragment.to_lowercase()),
                "{fragment:?} survived in {answer:?} (from {input:?})"
            );
        }
        // Whatever the input, only allow-listed tags remain.
        for tag in [
            "<script", "<style", "<img", "<iframe", "<svg", "<object", "<embed",
        ] {
            assert!(!lower.contains(tag), "{tag} in {answer:?}");
        }
        assert!(!lower.contains(" on"), "an event handler attribute in {answer:?}");
    }
}

#[test]
fn sanitiser_keeps_the_allowed_markup() {
    let html = "<p>Olá <strong>PRO</strong> <em>sempre</em></p><ul><li>um</li></ul><br>\
                <a href=\"https://loja.example/app\" title=\"Loja\">loja</a> \
                <a href=\"mailto:pro@onda.example\">e-mail</a>";
    let clean = sanitize_html(html);
    assert!(
        clean.contains("<p>Olá <strong>PRO</strong> <em>sempre</em></p>"),
        "{clean}"
    );
    assert!(clean.contains("<ul><li>um</li></ul><br>"), "{clean}");
    assert!(
        clean.contains(
            r#"<a href="https://loja.example/app" title="Loja" rel="noopener noreferrer">loja</a>"#
        ),
        "{clean}"
    );
    assert!(clean.contains(r#"href="mailto:pro@onda.example""#), "{clean}");
    // Text of removed tags stays; script and style content goes.
    assert_eq!(sanitize_html("<div><span>texto</span></div>"), "texto");
    assert_eq!(sanitize_html("a<script>b</script><style>c</style>d"), "ad");
}

async fn featured_podcasts_are_three_visible_shows_pro_first(backend: Backend) {
    let app = TestApp::new(backend).await;
    let shows = list(
        &app.get("/api/v1/proPage/getFeaturedPodcasts")
            .await
            .success_data(),
    );
    assert_eq!(shows.len(), 3, "{shows:?}");
    let slugs: Vec<_> = shows.iter().map(|s| s["slug"].as_str().unwrap()).collect();
    assert_eq!(slugs, ["bastidores-pro", "sessoes-acusticas", "papo-de-musica"]);
    assert_eq!(shows[0]["isPro"], true);
    assert_eq!(shows[2]["isPro"], false);
    for show in &shows {
        assert!(!show["name"].as_str().unwrap().is_empty());
        assert!(
            show["thumbUrl"]
                .as_str()
                .unwrap()
                .starts_with("/media/img/podcast/")
        );
    }

    // A show without a player id is hidden, as on /podcasts.
    sqlx::query("UPDATE podcast_shows SET show_id = '' WHERE slug = 'bastidores-pro'")
        .execute(&app.state.db.pool)
        .await
        .unwrap();
    let shows = list(
        &app.get("/api/v1/proPage/getFeaturedPodcasts")
            .await
            .success_data(),
    );
    let slugs: Vec<_> = shows.iter().map(|s| s["slug"].as_str().unwrap()).collect();
    assert_eq!(
        slugs,
        ["sessoes-acusticas", "papo-de-musica", "cafe-com-noticias"]
    );

    // An empty table is an empty list, not an error.
    let empty = TestApp::empty(backend).await;
    let shows = list(
        &empty
            .get("/api/v1/proPage/getFeaturedPodcasts")
            .await
            .success_data(),
    );
    assert!(shows.is_empty());
}
