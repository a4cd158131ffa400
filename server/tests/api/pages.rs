//! Programmes, partners and legal texts on both databases (AF-01 data, LG-02, C41, S11): shapes, order,
//! 404s for unknown slugs (never 500) and sanitised HTML. The poll and the sentence: `poll.rs`.

// Test helpers outside #[test] functions panic on purpose.

use crate::common::{Backend, TestApp, assert_envelope};
use serde_json::Value;

on_both_databases!(
    af_01_programs_and_partners_cards,
    lg_02_legal_texts_are_complete_and_sanitised,
    unknown_terms_are_404_never_500,
    only_the_embeddable_player_may_be_framed_by_other_sites,
);

fn list(data: &Value) -> Vec<Value> {
    data.as_array()
        .unwrap_or_else(|| panic!("not a list: {data}"))
        .clone()
}

async fn af_01_programs_and_partners_cards(backend: Backend) {
    let app = TestApp::new(backend).await;
    let programs = list(&app.get("/api/v1/programs/getProgramsData").await.success_data());
    assert!(programs.len() >= 5, "{programs:?}");
    for program in &programs {
        for key in [
            "programTitle",
            "programImage",
            "programDescription",
            "programDays",
            "programTime",
        ] {
            assert!(
                !program[key].as_str().unwrap().is_empty(),
                "{key} empty in {program}"
            );
        }
    }
    assert_eq!(programs[0]["programDays"], "Segunda a sexta");
    assert_eq!(programs[0]["programTime"], "06:00 às 09:00");
    assert!(
        !programs[0]["programTitle"]
            .as_str()
            .unwrap()
            .contains("{station}")
    );

    let partners = list(&app.get("/api/v1/getPartnersData").await.success_data());
    assert!(!partners.is_empty());
    for partner in &partners {
        for key in ["name", "image", "description"] {
            assert!(
                !partner[key].as_str().unwrap().is_empty(),
                "{key} empty in {partner}"
            );
        }
    }
    // The editors' position decides the order.
    let last = partners.last().unwrap()["name"].as_str().unwrap().to_owned();
    sqlx::query("UPDATE partners SET position = -1 WHERE name = $1")
        .bind(&last)
        .execute(&app.state.db.pool)
        .await
        .unwrap();
    let partners = list(&app.get("/api/v1/getPartnersData").await.success_data());
    assert_eq!(partners[0]["name"], last.as_str());
}

async fn lg_02_legal_texts_are_complete_and_sanitised(backend: Backend) {
    let app = TestApp::new(backend).await;
    let privacy = app.get("/api/v1/legal/getTerms/privacidade").await.success_data();
    assert_eq!(privacy["slug"], "privacidade");
    assert_eq!(privacy["title"], "Política de Privacidade");
    let content = privacy["content"].as_str().unwrap();
    for topic in [
        "Cookies",
        "análise",
        "publicidade",
        "Seus direitos",
        "5 (cinco) dias",
    ] {
        assert!(content.contains(topic), "privacy text lacks {topic:?}");
    }
    assert!(privacy["updatedAt"].as_str().unwrap().ends_with("-03:00"));

    let terms = app.get("/api/v1/legal/getTerms/uso").await.success_data();
    let content = terms["content"].as_str().unwrap();
    for topic in [
        "Conteúdo publicado pelos usuários",
        "Assinatura PRO",
        "O cancelamento passa a valer no dia seguinte ao fim do período já pago",
    ] {
        assert!(content.contains(topic), "terms lack {topic:?}");
    }

    // S11: whatever the table holds, the reply carries only the allow-list.
    sqlx::query("UPDATE legal_texts SET content = $1 WHERE slug = 'uso'")
        .bind(
            "<h2 onclick=\"x()\">Título</h2><script>alert(1)</script><p style=\"color:red\">Texto \
             <a href=\"javascript:alert(1)\">mal</a> <a href=\"/contato\">bom</a></p><iframe src=\"//e\"></iframe>",
        )
        .execute(&app.state.db.pool)
        .await
        .unwrap();
    let content = app.get("/api/v1/legal/getTerms/uso").await.success_data()["content"]
        .as_str()
        .unwrap()
        .to_owned();
    assert!(content.starts_with("<h2>Título</h2>"), "{content}");
    for bad in ["<script", "alert", "onclick", "style", "javascript", "<iframe"] {
        assert!(!content.contains(bad), "{bad} survived: {content}");
    }
    assert!(
        content.contains(r#"<a href="/contato" rel="noopener noreferrer">bom</a>"#),
        "{content}"
    );
}

async fn unknown_terms_are_404_never_500(backend: Backend) {
    let app = TestApp::new(backend).await;
    let long = "x".repeat(300);
    for path in [
        "/api/v1/legal/getTerms/cookies".to_owned(),
        "/api/v1/legal/getTerms/%27%20OR%201%3D1".to_owned(),
        format!("/api/v1/legal/getTerms/{long}"),
    ] {
        let response = app.get(&path).await;
        let json = response.json();
        assert_envelope(&json);
        assert_eq!(response.status.as_u16(), 404, "{path}: {json}");
        assert_eq!(json["message"], "terms not found");
    }
}

/// The embeddable player (/player-incorporado, the iframe of /incorporar-player) may be framed by any
/// site; every other page keeps `frame-ancestors 'self'` and X-Frame-Options, and the rest of the
/// policy is the same on both.
async fn only_the_embeddable_player_may_be_framed_by_other_sites(backend: Backend) {
    let app = TestApp::new(backend).await;
    let embed = app.get("/player-incorporado").await;
    assert_eq!(embed.status.as_u16(), 200);
    assert!(embed.header("content-type").unwrap().starts_with("text/html"));
    let embed_csp = embed.header("content-security-policy").expect("CSP").to_owned();
    assert!(embed_csp.contains("frame-ancestors *"), "{embed_csp}");
    assert!(!embed_csp.contains("frame-ancestors 'self'"), "{embed_csp}");
    assert_eq!(embed.header("x-frame-options"), None);
    // Not a page for search engines.
    assert!(embed.text().contains("noindex"));
    // A trailing slash is the same page.
    let slash = app.get("/player-incorporado/").await;
    assert!(
        slash
            .header("content-security-policy")
            .unwrap()
            .contains("frame-ancestors *")
    );

    for path in [
        "/",
        "/incorporar-player",
        "/clientes",
        "/player-incorporado-x",
        "/nao-existe",
    ] {
        let page = app.get(path).await;
        let csp = page.header("content-security-policy").expect("CSP");
        assert!(csp.contains("frame-ancestors 'self'"), "{path}: {csp}");
        assert!(!csp.contains("frame-ancestors *"), "{path}: {csp}");
        assert_eq!(page.header("x-frame-options"), Some("SAMEORIGIN"), "{path}");
        assert_eq!(
            csp.replacen("frame-ancestors 'self'", "frame-ancestors *", 1),
            embed_csp,
            "{path}"
        );
    }
    // Its scripts and the API stay as they were.
    let api = app.get("/api/v1/getAppParameters").await;
    assert_eq!(
        api.header("content-security-policy"),
        Some("default-src 'none'; frame-ancestors 'none'")
    );
}
