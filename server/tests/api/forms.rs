//! The listener forms and the staff inbox: RC-07, CT-07, WK-06, FS-07 and every validation
//! boundary of doc2 §5 on the server (S01), the S09 limits, the CV upload (type by its bytes,
//! 5 MB refused without reading the rest), the e-mail to the station (outbox and real SMTP, the CV
//! attached, a failed send kept and retried), S15, the inbox's authorisation and calls, retention.

use std::sync::{
    Arc,
    atomic::{AtomicUsize, Ordering},
};

use axum::{
    body::Body,
    http::{Method, Request, header},
};
use onda_server::{
    AppState, Config,
    admin::{self, AdminCommand},
    clock::now,
    data::submissions,
};
use onda_shared::validation::{self, messages};
use serde_json::{Value, json};

use crate::{
    accounts_common::{
        Call, app_with, assert_invalid, assert_unauthorized, call, decode_qp, get_auth, outbox, post,
        post_auth, random_ip,
    },
    common::{Backend, TestApp, TestResponse},
    mail::smtp_server,
    players_common::{listener, make_pro, staff},
};

on_both_databases!(
    recommend_needs_a_session_and_checks_every_field_rc07,
    contact_boundaries_and_subject_ct07,
    contact_user_comes_from_the_session_s15,
    free_streaming_checks_in_order_fs07,
    work_with_us_upload_then_send,
    the_upload_is_ours_and_takes_no_key_wk06,
    upload_type_is_decided_by_the_bytes,
    upload_over_5_mb_is_refused_unread,
    forms_are_rate_limited_s09,
    submissions_are_mailed_to_the_configured_addresses,
    the_cv_travels_through_smtp_as_an_attachment,
    a_failed_mail_keeps_the_submission_and_a_retry_sends_it,
    inbox_needs_permission_4,
    inbox_lists_opens_handles_downloads_and_exports,
    retention_deletes_old_submissions_and_their_files,
    admin_inbox_lists_the_unhandled,
);

const RECOMMEND: &str = "/api/v1/recomende/sendRecomendation";
const CONTACT: &str = "/api/v1/contact/sendMessage";
const UPLOAD: &str = "/api/v1/workWithUs/uploadCurriculum";
const CURRICULUM: &str = "/api/v1/workWithUs/sendCurriculum";
const FREE_STREAMING: &str = "/api/v1/freeStreaming/sendMessage";

const PDF: &[u8] = b"%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n";
const PNG: &[u8] = b"\x89PNG\r\n\x1a\n\0\0\0\rIHDR\0\0\0\x01\0\0\0\x01\x08\x06\0\0\0";

async fn app(backend: Backend) -> TestApp {
    app_with(backend, |_| {}).await
}

async fn submissions(app: &TestApp) -> i64 {
    sqlx::query_scalar("SELECT CAST(COUNT(*) AS BIGINT) FROM form_submissions")
        .fetch_one(&app.state.db.pool)
        .await
        .unwrap()
}

fn assert_sent(response: &TestResponse, message: &str) {
    let json = response.json();
    assert_eq!(response.status, 200, "{json}");
    assert_eq!(json["status"], "success", "{json}");
    assert_eq!(json["message"], message, "{json}");
}

fn recommendation() -> Value {
    json!({"artistName": "Elis Regina", "musicName": "Águas de Março", "musicLink": null,
           "message": "Toca essa, por favor!"})
}

fn contact() -> Value {
    json!({"name": "Ana", "email": "ana@exemplo.com", "tel": "", "city": "", "state": "",
           "text": "Olá", "categoryId": 1, "userId": null})
}

fn free_streaming() -> Value {
    json!({"company": "Rádio Exemplo Ltda", "tradeName": "Rádio Exemplo", "cnpj": "11.222.333/0001-81",
           "page": "https://exemplo.com.br", "nameOwner": "Ana", "emailOwner": "ana@exemplo.com",
           "telefone": "(11) 3456-7890", "band": "FM", "frequency": "98,5 MHz", "power": "A4",
           "state": "SP", "city": "Campinas"})
}

fn application(file: &str) -> Value {
    json!({"name": "José", "lastName": "da Silva", "telefone": "(11) 98765-4321",
           "email": "jose@exemplo.com", "textoCargo": "Locutor", "aboutYou": "Faço rádio há dez anos.",
           "curriculum": file})
}

fn with(mut body: Value, key: &str, value: Value) -> Value {
    body[key] = value;
    body
}

/// A multipart body with one `file` part.
fn multipart(file_name: &str, content_type: &str, bytes: &[u8]) -> (String, Vec<u8>) {
    let boundary = format!("----onda{}", crate::common::random_hex(8));
    let mut body = Vec::new();
    body.extend_from_slice(
        format!(
            "--{boundary}\r\nContent-Disposition: form-data; name=\"note\"\r\n\r\noi\r\n\
             --{boundary}\r\nContent-Disposition: form-data; name=\"file\"; filename=\"{file_name}\"\r\n\
             Content-Type: {content_type}\r\n\r\n"
        )
        .as_bytes(),
    );
    body.extend_from_slice(bytes);
    body.extend_from_slice(format!("\r\n--{boundary}--\r\n").as_bytes());
    (format!("multipart/form-data; boundary={boundary}"), body)
}

async fn upload(app: &TestApp, file_name: &str, content_type: &str, bytes: &[u8]) -> TestResponse {
    let (content_type, body) = multipart(file_name, content_type, bytes);
    app.request(
        Request::builder()
            .method(Method::POST)
            .uri(UPLOAD)
            .header("x-forwarded-for", random_ip())
            .header(header::CONTENT_TYPE, content_type)
            .header(header::CONTENT_LENGTH, body.len())
            .body(Body::from(body))
            .unwrap(),
    )
    .await
}

/// Uploads a real PDF and answers its reference.
async fn uploaded_pdf(app: &TestApp) -> String {
    let data = upload(app, "cv.pdf", "application/pdf", PDF).await.success_data();
    data["nome_arquivo"].as_str().unwrap().to_owned()
}

/// The outbox once it holds `count` messages (the e-mail follows the answer).
async fn outbox_of(app: &TestApp, count: usize) -> Vec<String> {
    for _ in 0..200 {
        let mails = outbox(app);
        if mails.len() >= count {
            return mails;
        }
        tokio::time::sleep(std::time::Duration::from_millis(25)).await;
    }
    panic!(
        "the outbox holds {} messages, expected {count}",
        outbox(app).len()
    );
}

async fn recommend_needs_a_session_and_checks_every_field_rc07(backend: Backend) {
    let app = app(backend).await;
    assert_unauthorized(&post(&app, RECOMMEND, recommendation()).await);
    let (user, token) = listener(&app, "ouvinte@exemplo.com", false).await;
    let long = "m".repeat(validation::RECOMMEND_MESSAGE_MAX + 1);
    assert_invalid(
        &post_auth(
            &app,
            RECOMMEND,
            &token,
            with(recommendation(), "message", json!(long)),
        )
        .await,
        messages::RECOMMEND_MESSAGE,
    );
    let refusals = [
        ("artistName", json!("   "), messages::RECOMMEND_ARTIST),
        ("artistName", json!("a".repeat(51)), messages::RECOMMEND_ARTIST),
        ("musicName", json!("b".repeat(51)), messages::RECOMMEND_MUSIC),
        ("musicName", json!(""), messages::RECOMMEND_MUSIC),
        ("musicLink", json!("l".repeat(9)), messages::RECOMMEND_LINK),
        ("musicLink", json!("l".repeat(71)), messages::RECOMMEND_LINK),
        ("message", json!("Toca"), messages::RECOMMEND_MESSAGE),
    ];
    for (field, value, message) in refusals {
        let response = post_auth(&app, RECOMMEND, &token, with(recommendation(), field, value)).await;
        assert_invalid(&response, message);
    }
    assert_eq!(submissions(&app).await, 0, "nothing stored on a refusal");
    let accepted = [
        recommendation(),
        with(recommendation(), "musicLink", json!("")),
        with(recommendation(), "musicLink", json!("l".repeat(70))),
        with(
            recommendation(),
            "artistName",
            json!(format!("  {}  ", "a".repeat(50))),
        ),
        with(recommendation(), "message", json!("m".repeat(500))),
    ];
    for body in accepted {
        assert_sent(
            &post_auth(&app, RECOMMEND, &token, body).await,
            messages::RECOMMEND_SENT,
        );
    }
    // Absent link, and the values are stored trimmed with the account.
    let mut body = recommendation();
    body.as_object_mut().unwrap().remove("musicLink");
    body["artistName"] = json!("  Elis  ");
    post_auth(&app, RECOMMEND, &token, body).await.success_data();
    let (owner, payload): (Option<i64>, String) = sqlx::query_as(
        "SELECT user_id, payload FROM form_submissions WHERE kind = 'recommendation' ORDER BY id DESC LIMIT 1",
    )
    .fetch_one(&app.state.db.pool)
    .await
    .unwrap();
    assert_eq!(owner, Some(user));
    let payload: Value = serde_json::from_str(&payload).unwrap();
    assert_eq!(payload["artistName"], "Elis");
    assert_eq!(payload["musicLink"], Value::Null);
    // A cookie session is as good as a bearer token.
    let response = call(
        &app,
        Call {
            method: Method::POST,
            path: RECOMMEND,
            body: Some(recommendation()),
            bearer: None,
            cookie: Some(&token),
            ip: None,
        },
    )
    .await;
    assert_sent(&response, messages::RECOMMEND_SENT);
}

async fn contact_boundaries_and_subject_ct07(backend: Backend) {
    let app = app(backend).await;
    let text_1001 = "t".repeat(1001);
    let refusals = [
        ("text", json!(text_1001), messages::CONTACT_TEXT),
        ("text", json!("Oi"), messages::CONTACT_TEXT),
        ("text", json!("  "), messages::CONTACT_REQUIRED),
        ("categoryId", json!(9), messages::CONTACT_SUBJECT),
        ("categoryId", json!(8), messages::CONTACT_SUBJECT),
        ("categoryId", json!(-1), messages::CONTACT_SUBJECT),
        ("categoryId", json!(0), messages::CONTACT_REQUIRED),
        ("name", json!(""), messages::CONTACT_REQUIRED),
        ("email", json!(""), messages::CONTACT_REQUIRED),
        ("name", json!("A1"), messages::CONTACT_NAME),
        ("name", json!("An"), messages::CONTACT_NAME),
        ("name", json!("a".repeat(31)), messages::CONTACT_NAME),
        ("email", json!("ana@exemplo"), messages::CONTACT_EMAIL),
        (
            "email",
            json!(format!("{}@exemplo.com", "a".repeat(39))),
            messages::CONTACT_EMAIL,
        ),
        ("state", json!("SPX"), messages::CONTACT_STATE),
        ("state", json!("S"), messages::CONTACT_STATE),
        ("city", json!("Rí"), messages::CONTACT_CITY),
        ("city", json!("c".repeat(31)), messages::CONTACT_CITY),
        // C14: 14 and 15 are the masked lengths; 16 is over.
        ("tel", json!("(11) 98765-43210"), messages::CONTACT_TEL),
        ("tel", json!("(11) 9876"), messages::CONTACT_TEL),
    ];
    for (field, value, message) in refusals {
        let response = post(&app, CONTACT, with(contact(), field, value.clone())).await;
        assert_invalid(&response, message);
    }
    // A missing subject is a malformed body.
    let mut body = contact();
    body.as_object_mut().unwrap().remove("categoryId");
    assert_eq!(post(&app, CONTACT, body).await.status, 400);
    assert_eq!(submissions(&app).await, 0, "nothing stored on a refusal");
    let accepted = [
        contact(),
        with(contact(), "name", json!("José da Conceição")),
        with(contact(), "name", json!("a".repeat(30))),
        with(
            contact(),
            "email",
            json!(format!("{}@exemplo.com", "a".repeat(38))),
        ),
        with(contact(), "text", json!("t".repeat(1000))),
        with(contact(), "tel", json!("(11) 98765-4321")),
        with(contact(), "tel", json!("(11) 3456-7890")),
        with(contact(), "city", json!("Rio")),
        with(contact(), "state", json!("RJ")),
        with(contact(), "categoryId", json!(7)),
    ];
    let count = accepted.len();
    for body in accepted {
        assert_sent(&post(&app, CONTACT, body).await, messages::CONTACT_SENT);
    }
    assert_eq!(submissions(&app).await, i64::try_from(count).unwrap());
}

async fn contact_user_comes_from_the_session_s15(backend: Backend) {
    let app = app(backend).await;
    let (user, token) = listener(&app, "ouvinte@exemplo.com", false).await;
    let (other, _) = listener(&app, "outra@exemplo.com", false).await;
    post(&app, CONTACT, with(contact(), "userId", json!(other)))
        .await
        .success_data();
    post_auth(&app, CONTACT, &token, with(contact(), "userId", json!(other)))
        .await
        .success_data();
    // A dead token is no session: sent anonymously, not refused.
    post_auth(&app, CONTACT, "not-a-token", contact())
        .await
        .success_data();
    let owners: Vec<Option<i64>> = sqlx::query_scalar("SELECT user_id FROM form_submissions ORDER BY id")
        .fetch_all(&app.state.db.pool)
        .await
        .unwrap();
    assert_eq!(owners, vec![None, Some(user), None]);
}

async fn free_streaming_checks_in_order_fs07(backend: Backend) {
    let app = app(backend).await;
    let empty = json!({"company": "", "tradeName": "", "cnpj": "", "page": "", "nameOwner": "",
        "emailOwner": "", "telefone": "", "band": "", "frequency": "", "power": "", "state": "", "city": ""});
    assert_invalid(
        &post(&app, FREE_STREAMING, empty).await,
        messages::FREE_STREAMING_COMPANY,
    );
    let refusals = [
        ("company", json!("c".repeat(51)), messages::FREE_STREAMING_COMPANY),
        ("tradeName", json!(""), messages::FREE_STREAMING_TRADE_NAME),
        (
            "tradeName",
            json!("t".repeat(51)),
            messages::FREE_STREAMING_TRADE_NAME,
        ),
        ("cnpj", json!("11.222.333/0001-82"), messages::FREE_STREAMING_CNPJ),
        ("cnpj", json!("11.111.111/1111-11"), messages::FREE_STREAMING_CNPJ),
        ("cnpj", json!("1122233300018"), messages::FREE_STREAMING_CNPJ),
        ("page", json!(""), messages::FREE_STREAMING_PAGE),
        ("page", json!("p".repeat(51)), messages::FREE_STREAMING_PAGE),
        ("nameOwner", json!("A"), messages::FREE_STREAMING_OWNER),
        ("nameOwner", json!("a".repeat(31)), messages::FREE_STREAMING_OWNER),
        ("emailOwner", json!("a@b"), messages::FREE_STREAMING_EMAIL),
        (
            "emailOwner",
            json!(format!("{}@b.co", "a".repeat(36))),
            messages::FREE_STREAMING_EMAIL,
        ),
        (
            "telefone",
            json!("(11) 9876-543"),
            messages::FREE_STREAMING_TELEFONE,
        ),
        ("band", json!(""), messages::FREE_STREAMING_BAND),
        ("band", json!("XM"), messages::FREE_STREAMING_BAND),
        ("frequency", json!(""), messages::FREE_STREAMING_FREQUENCY),
        (
            "frequency",
            json!("f".repeat(51)),
            messages::FREE_STREAMING_FREQUENCY,
        ),
        ("power", json!(""), messages::FREE_STREAMING_POWER),
        ("state", json!(""), messages::FREE_STREAMING_STATE),
        ("state", json!("s".repeat(51)), messages::FREE_STREAMING_STATE),
        ("city", json!(""), messages::FREE_STREAMING_CITY),
        ("city", json!("c".repeat(51)), messages::FREE_STREAMING_CITY),
    ];
    for (field, value, message) in refusals {
        let response = post(&app, FREE_STREAMING, with(free_streaming(), field, value)).await;
        let json = response.json();
        assert_ne!(json["status"], "success", "{field}: {json}");
        assert_invalid(&response, message);
    }
    // The first failing check is the one answered.
    let two = with(with(free_streaming(), "page", json!("")), "city", json!(""));
    assert_invalid(
        &post(&app, FREE_STREAMING, two).await,
        messages::FREE_STREAMING_PAGE,
    );
    assert_eq!(submissions(&app).await, 0);
    let accepted = [
        free_streaming(),
        with(free_streaming(), "cnpj", json!("")),
        with(free_streaming(), "cnpj", Value::Null),
        with(free_streaming(), "cnpj", json!("11222333000181")),
        with(free_streaming(), "nameOwner", json!("Ana")),
        with(free_streaming(), "nameOwner", json!("a".repeat(30))),
        with(free_streaming(), "telefone", json!("")),
        with(free_streaming(), "telefone", json!("(11) 98765-4321")),
        with(free_streaming(), "band", json!("OM/OC")),
        with(free_streaming(), "company", json!("c".repeat(50))),
    ];
    for body in accepted {
        assert_sent(
            &post(&app, FREE_STREAMING, body).await,
            messages::FREE_STREAMING_SENT,
        );
    }
    let payloads: Vec<String> =
        sqlx::query_scalar("SELECT payload FROM form_submissions WHERE kind = 'freeStreaming' ORDER BY id")
            .fetch_all(&app.state.db.pool)
            .await
            .unwrap();
    let cnpjs: Vec<Value> = payloads
        .iter()
        .map(|p| serde_json::from_str::<Value>(p).unwrap()["cnpj"].clone())
        .collect();
    assert_eq!(cnpjs[0], "11.222.333/0001-81");
    assert_eq!(cnpjs[1], Value::Null);
    assert_eq!(cnpjs[3], "11.222.333/0001-81", "stored masked");
}

async fn work_with_us_upload_then_send(backend: Backend) {
    let app = app(backend).await;
    let file = uploaded_pdf(&app).await;
    assert!(file.ends_with(".pdf"), "{file}");
    let stored = app.dir.path().join("uploads/cv").join(&file);
    assert_eq!(std::fs::read(&stored).unwrap(), PDF);
    let refusals = [
        ("name", json!("J".repeat(21)), messages::WORK_NAME),
        ("name", json!("Jo"), messages::WORK_NAME),
        ("name", json!("José2"), messages::WORK_NAME),
        ("lastName", json!("S".repeat(31)), messages::WORK_LAST_NAME),
        (
            "email",
            json!(format!("{}@exemplo.com", "a".repeat(19))),
            messages::WORK_EMAIL,
        ),
        ("email", json!("jose"), messages::WORK_EMAIL),
        ("telefone", json!(""), messages::WORK_TELEFONE),
        ("telefone", json!("(11) 98765-43210"), messages::WORK_TELEFONE),
        ("textoCargo", json!("c".repeat(51)), messages::WORK_ROLE),
        ("textoCargo", json!("cc"), messages::WORK_ROLE),
        ("aboutYou", json!("a".repeat(1001)), messages::WORK_ABOUT),
        ("curriculum", json!(""), messages::WORK_CURRICULUM),
        ("curriculum", json!("../../onda.db"), messages::WORK_CURRICULUM),
        (
            "curriculum",
            json!(format!("{}.pdf", "0".repeat(32))),
            messages::WORK_CURRICULUM,
        ),
    ];
    for (field, value, message) in refusals {
        let response = post(&app, CURRICULUM, with(application(&file), field, value)).await;
        assert_invalid(&response, message);
    }
    assert_eq!(submissions(&app).await, 0);
    let boundary = with(
        with(application(&file), "name", json!("J".repeat(20))),
        "email",
        json!(format!("{}@exemplo.com", "a".repeat(18))),
    );
    assert_sent(&post(&app, CURRICULUM, boundary).await, messages::WORK_SENT);
    // One CV, one application.
    assert_invalid(
        &post(&app, CURRICULUM, application(&file)).await,
        messages::WORK_CURRICULUM,
    );
    let path: Option<String> = sqlx::query_scalar("SELECT file_path FROM form_submissions")
        .fetch_one(&app.state.db.pool)
        .await
        .unwrap();
    assert_eq!(path.as_deref(), Some(file.as_str()));
    // Racing applications with one CV: one is stored, the others are told to attach theirs.
    let raced = uploaded_pdf(&app).await;
    let replies =
        futures_util::future::join_all((0..5).map(|_| post(&app, CURRICULUM, application(&raced)))).await;
    let statuses: Vec<u16> = replies.iter().map(|r| r.status.as_u16()).collect();
    assert_eq!(statuses.iter().filter(|&&s| s == 200).count(), 1, "{statuses:?}");
    assert!(statuses.iter().all(|&s| s == 200 || s == 400), "{statuses:?}");
    // Never served: not under /media, not anywhere public.
    for public in [format!("/uploads/cv/{file}"), format!("/media/{file}")] {
        let response = app.get(&public).await;
        assert!(!response.body.starts_with(b"%PDF"), "{public} serves the CV");
    }
}

/// WK-06 on the server: the page and the API document carry no media-host key; the upload is our own
/// same-origin call whose only input is the file.
async fn the_upload_is_ours_and_takes_no_key_wk06(backend: Backend) {
    let app = app(backend).await;
    let page = app.get("/trabalhe-conosco").await;
    assert_eq!(page.status, 200);
    let doc = app.get("/api/openapi.json").await.json();
    let operation = &doc["paths"]["/api/v1/workWithUs/uploadCurriculum"]["post"];
    assert!(operation.is_object(), "the upload is documented");
    assert!(
        operation["parameters"].as_array().is_none_or(Vec::is_empty),
        "{operation}"
    );
    let body = &operation["requestBody"]["content"]["multipart/form-data"]["schema"];
    let fields: Vec<&String> = body["properties"].as_object().unwrap().keys().collect();
    assert_eq!(fields, vec!["file"], "{body}");
    for text in [page.text(), doc.to_string()] {
        for secret in ["uploadImage", "access_key", "accessKey", "chave"] {
            assert!(!text.contains(secret), "{secret} is exposed");
        }
    }
}

async fn upload_type_is_decided_by_the_bytes(backend: Backend) {
    let app = app(backend).await;
    // A PNG named .pdf, declared as a PDF: refused.
    assert_invalid(
        &upload(&app, "cv.pdf", "application/pdf", PNG).await,
        messages::WORK_CV_TYPE,
    );
    // PDF bytes named .exe: a PDF.
    let data = upload(&app, "cv.exe", "application/x-msdownload", PDF)
        .await
        .success_data();
    assert!(data["nome_arquivo"].as_str().unwrap().ends_with(".pdf"));
    // A DOCX (a ZIP with word/ entries) and a DOC (OLE2 with a WordDocument stream).
    let docx = zip(&[
        ("[Content_Types].xml", b"<Types/>".as_slice()),
        ("word/document.xml", b"<w:document/>".as_slice()),
    ]);
    let data = upload(&app, "cv", "application/octet-stream", &docx)
        .await
        .success_data();
    assert!(data["nome_arquivo"].as_str().unwrap().ends_with(".docx"));
    let mut doc = vec![0xD0, 0xCF, 0x11, 0xE0, 0xA1, 0xB1, 0x1A, 0xE1];
    doc.extend(vec![0; 512]);
    doc.extend("WordDocument".encode_utf16().flat_map(u16::to_le_bytes));
    let data = upload(&app, "cv.doc", "application/msword", &doc)
        .await
        .success_data();
    assert!(data["nome_arquivo"].as_str().unwrap().ends_with(".doc"));
    // Any other ZIP, an empty file, no file field, not multipart.
    assert_invalid(
        &upload(&app, "cv.docx", "application/zip", b"PK\x03\x04not really").await,
        messages::WORK_CV_TYPE,
    );
    assert_invalid(
        &upload(&app, "cv.pdf", "application/pdf", b"").await,
        messages::WORK_CURRICULUM,
    );
    let response = app.post_json(UPLOAD, &json!({"file": "x"})).await;
    assert_eq!(response.status, 400);
    assert_eq!(response.json()["status"], 400);
    let files = std::fs::read_dir(app.dir.path().join("uploads/cv"))
        .unwrap()
        .count();
    assert_eq!(files, 3, "only the accepted files are kept");
}

/// A body of `total` bytes in 64 KiB chunks that counts what the server pulled.
fn counted_body(total: usize, pulled: Arc<AtomicUsize>, prefix: Vec<u8>) -> Body {
    const CHUNK: usize = 64 * 1024;
    let chunks = std::iter::once(prefix).chain((0..total / CHUNK).map(|_| vec![b'x'; CHUNK]));
    let stream = futures_util::stream::iter(chunks.map(move |chunk| {
        pulled.fetch_add(chunk.len(), Ordering::SeqCst);
        Ok::<_, std::io::Error>(axum::body::Bytes::from(chunk))
    }));
    Body::from_stream(stream)
}

async fn upload_over_5_mb_is_refused_unread(backend: Backend) {
    let app = app(backend).await;
    let boundary = "----limite";
    let prefix = format!(
        "--{boundary}\r\nContent-Disposition: form-data; name=\"file\"; filename=\"cv.pdf\"\r\n\
         Content-Type: application/pdf\r\n\r\n%PDF-1.4\n"
    )
    .into_bytes();
    let fifty_mb = 50 * 1024 * 1024;
    // Chunked (no length declared): read only until the limit is passed.
    let pulled = Arc::new(AtomicUsize::new(0));
    let response = app
        .request(
            Request::builder()
                .method(Method::POST)
                .uri(UPLOAD)
                .header("x-forwarded-for", random_ip())
                .header(
                    header::CONTENT_TYPE,
                    format!("multipart/form-data; boundary={boundary}"),
                )
                .body(counted_body(fifty_mb, pulled.clone(), prefix.clone()))
                .unwrap(),
        )
        .await;
    assert_eq!(response.status, 413, "{}", response.text());
    assert_eq!(response.json()["status"], 413);
    let read = pulled.load(Ordering::SeqCst);
    assert!(
        read <= validation::WORK_CV_MAX_BYTES + 256 * 1024,
        "{read} bytes of 50 MB were read"
    );
    // Declared too long: refused before a byte is read.
    let pulled = Arc::new(AtomicUsize::new(0));
    let response = app
        .request(
            Request::builder()
                .method(Method::POST)
                .uri(UPLOAD)
                .header("x-forwarded-for", random_ip())
                .header(
                    header::CONTENT_TYPE,
                    format!("multipart/form-data; boundary={boundary}"),
                )
                .header(header::CONTENT_LENGTH, fifty_mb + prefix.len())
                .body(counted_body(fifty_mb, pulled.clone(), prefix))
                .unwrap(),
        )
        .await;
    assert_eq!(response.status, 413);
    assert_eq!(pulled.load(Ordering::SeqCst), 0);
    // A file just over 5 MB inside a body under the framing allowance: 413 too; exactly 5 MB passes.
    let mut big = PDF.to_vec();
    big.resize(validation::WORK_CV_MAX_BYTES + 1, b' ');
    assert_eq!(upload(&app, "cv.pdf", "application/pdf", &big).await.status, 413);
    big.truncate(validation::WORK_CV_MAX_BYTES);
    upload(&app, "cv.pdf", "application/pdf", &big)
        .await
        .success_data();
    assert!(outbox(&app).is_empty());
}

async fn forms_are_rate_limited_s09(backend: Backend) {
    let app = app(backend).await;
    let (_, token) = listener(&app, "ouvinte@exemplo.com", false).await;
    let ip = random_ip();
    let send = |path: &'static str, body: Value, bearer: Option<String>| {
        let ip = ip.clone();
        let app = &app;
        async move {
            call(
                app,
                Call {
                    method: Method::POST,
                    path,
                    body: Some(body),
                    bearer: bearer.as_deref(),
                    cookie: None,
                    ip: Some(&ip),
                },
            )
            .await
        }
    };
    for _ in 0..10 {
        send(CONTACT, contact(), None).await.success_data();
    }
    let refused = send(CONTACT, contact(), None).await;
    assert_eq!(refused.status, 429);
    assert_eq!(refused.json()["status"], 429);
    // Each form counts apart; refusals for bad fields are not counted.
    for _ in 0..3 {
        assert_eq!(
            send(FREE_STREAMING, json!({"company": ""}), None).await.status,
            400
        );
    }
    for _ in 0..10 {
        send(FREE_STREAMING, free_streaming(), None).await.success_data();
        send(RECOMMEND, recommendation(), Some(token.clone()))
            .await
            .success_data();
    }
    assert_eq!(send(FREE_STREAMING, free_streaming(), None).await.status, 429);
    assert_eq!(
        send(RECOMMEND, recommendation(), Some(token.clone()))
            .await
            .status,
        429
    );
    // Another address is not limited.
    post(&app, CONTACT, contact()).await.success_data();
    assert_eq!(submissions(&app).await, 31);
}

async fn submissions_are_mailed_to_the_configured_addresses(backend: Backend) {
    let app = app_with(backend, |config| {
        config.inbox_email = "caixa@radio.test".to_owned();
        config.inbox_email_contact_subjects = vec!["2=comercial@radio.test".to_owned(), "x".to_owned()];
        config.inbox_email_free_streaming = Some("afiliadas@radio.test".to_owned());
    })
    .await;
    let geral = with(
        with(contact(), "text", json!("Primeira linha\nSegunda linha")),
        "city",
        json!("Campinas"),
    );
    post(&app, CONTACT, geral).await.success_data();
    let mails = outbox_of(&app, 1).await;
    let mail = &mails[0];
    assert!(mail.contains("To: caixa@radio.test"), "{mail}");
    assert!(mail.contains("Reply-To: ana@exemplo.com"), "{mail}");
    assert!(mail.contains("Contato: Geral"), "{mail}");
    for line in [
        "Nome: Ana",
        "E-mail: ana@exemplo.com",
        "Cidade: Campinas",
        "Primeira linha",
        "Segunda linha",
    ] {
        assert!(mail.contains(line), "{line} in {mail}");
    }
    post(&app, CONTACT, with(contact(), "categoryId", json!(2)))
        .await
        .success_data();
    let mails = outbox_of(&app, 2).await;
    assert!(mails[1].contains("To: comercial@radio.test"), "{}", mails[1]);
    post(&app, FREE_STREAMING, free_streaming()).await.success_data();
    let mails = outbox_of(&app, 3).await;
    assert!(mails[2].contains("To: afiliadas@radio.test"), "{}", mails[2]);
    assert!(mails[2].contains("CNPJ: 11.222.333/0001-81"), "{}", mails[2]);
    // The CV is attached to the application's e-mail.
    let file = uploaded_pdf(&app).await;
    post(&app, CURRICULUM, application(&file)).await.success_data();
    let mails = outbox_of(&app, 4).await;
    let mail = &mails[3];
    assert!(mail.contains("To: caixa@radio.test"), "{mail}");
    assert!(mail.contains("Cargo: Locutor"), "{mail}");
    assert!(mail.contains("Content-Disposition: attachment"), "{mail}");
    assert!(mail.contains("curriculo-"), "{mail}");
    assert!(mail.contains("Content-Type: application/pdf"), "{mail}");
    assert!(mail.contains("JVBERi0xLjQ"), "the PDF's bytes, base64: {mail}");
    let unmailed: i64 =
        sqlx::query_scalar("SELECT CAST(COUNT(*) AS BIGINT) FROM form_submissions WHERE mailed_at IS NULL")
            .fetch_one(&app.state.db.pool)
            .await
            .unwrap();
    assert_eq!(unmailed, 0);
}

async fn the_cv_travels_through_smtp_as_an_attachment(backend: Backend) {
    let (port, mut inbox) = smtp_server(false).await;
    let app = app_with(backend, |config| {
        config.smtp_url = Some(format!("smtp://127.0.0.1:{port}"));
        config.inbox_email_work = Some("rh@radio.test".to_owned());
    })
    .await;
    let file = uploaded_pdf(&app).await;
    post(&app, CURRICULUM, application(&file)).await.success_data();
    let mail = tokio::time::timeout(std::time::Duration::from_secs(10), inbox.recv())
        .await
        .unwrap()
        .unwrap();
    assert_eq!(mail.to, vec!["<rh@radio.test>".to_owned()]);
    let text = decode_qp(&mail.data);
    assert!(text.contains("Content-Disposition: attachment"), "{text}");
    assert!(text.contains("JVBERi0xLjQ"), "{text}");
    assert!(text.contains("Trabalhe conosco"), "{text}");
    assert!(outbox(&app).is_empty());
}

async fn mailed_at(app: &TestApp) -> (Option<i64>, i64, Option<String>) {
    sqlx::query_as("SELECT mailed_at, mail_attempts, last_mail_error FROM form_submissions")
        .fetch_one(&app.state.db.pool)
        .await
        .unwrap()
}

async fn a_failed_mail_keeps_the_submission_and_a_retry_sends_it(backend: Backend) {
    let app = app_with(backend, |config| {
        // Nothing listens on port 9: the SMTP connection is refused at once.
        config.smtp_url = Some("smtp://127.0.0.1:9".to_owned());
    })
    .await;
    assert_sent(&post(&app, CONTACT, contact()).await, messages::CONTACT_SENT);
    let mut state = mailed_at(&app).await;
    for _ in 0..200 {
        if state.1 > 0 {
            break;
        }
        tokio::time::sleep(std::time::Duration::from_millis(25)).await;
        state = mailed_at(&app).await;
    }
    let (mailed, attempts, error) = state;
    assert_eq!((mailed, attempts), (None, 1), "kept, not mailed");
    assert!(error.is_some());
    // Not due yet: the backoff holds it.
    assert_eq!(submissions::retry_unmailed(&app.state, now()).await.unwrap(), 0);
    // Still failing later: a second attempt is recorded.
    assert_eq!(
        submissions::retry_unmailed(&app.state, now() + 120)
            .await
            .unwrap(),
        0
    );
    assert_eq!(mailed_at(&app).await.1, 2);
    // The mail server is back (here: the outbox of the same data folder), and the retry sends it.
    let mut config = Config::for_data_dir(app.dir.path());
    config.database_url = app.state.config.database_url.clone();
    let healed = AppState::new(app.state.db.clone(), config);
    assert_eq!(
        submissions::retry_unmailed(&healed, now() + 3600).await.unwrap(),
        1
    );
    let (mailed, attempts, error) = mailed_at(&app).await;
    assert!(mailed.is_some());
    assert_eq!((attempts, error), (3, None));
    let mails = outbox(&app);
    assert_eq!(mails.len(), 1);
    assert!(mails[0].contains("Nome: Ana"), "{}", mails[0]);
    // Sent once: nothing left to retry.
    assert_eq!(
        submissions::retry_unmailed(&healed, now() + 90_000)
            .await
            .unwrap(),
        0
    );
    assert_eq!(outbox(&app).len(), 1);
}

fn inbox_calls(id: i64) -> Vec<(Method, String)> {
    vec![
        (Method::GET, "/api/v1/inbox/summary".to_owned()),
        (Method::GET, "/api/v1/inbox/list/contact".to_owned()),
        (Method::GET, format!("/api/v1/inbox/item/{id}")),
        (Method::POST, format!("/api/v1/inbox/item/{id}/handled")),
        (Method::GET, format!("/api/v1/inbox/item/{id}/curriculum")),
        (Method::GET, "/api/v1/inbox/export/contact".to_owned()),
    ]
}

async fn inbox_call(app: &TestApp, method: &Method, path: &str, token: Option<&str>) -> TestResponse {
    call(
        app,
        Call {
            method: method.clone(),
            path,
            body: (method == Method::POST).then(|| json!({"handled": true})),
            bearer: token,
            cookie: None,
            ip: None,
        },
    )
    .await
}

async fn inbox_needs_permission_4(backend: Backend) {
    let app = app(backend).await;
    let file = uploaded_pdf(&app).await;
    post(&app, CURRICULUM, application(&file)).await.success_data();
    let id: i64 = sqlx::query_scalar("SELECT id FROM form_submissions")
        .fetch_one(&app.state.db.pool)
        .await
        .unwrap();
    let (_, listener_token) = listener(&app, "ouvinte@exemplo.com", false).await;
    let (pro_id, pro_token) = listener(&app, "pro@exemplo.com", false).await;
    make_pro(&app, pro_id).await;
    let other_staff = staff(&app, "estatisticas@exemplo.com", &[1, 2, 3]).await.1;
    let reader = staff(&app, "caixa@exemplo.com", &[4]).await.1;
    for (method, path) in inbox_calls(id) {
        assert_unauthorized(&inbox_call(&app, &method, &path, None).await);
        for token in [&listener_token, &pro_token, &other_staff] {
            let response = inbox_call(&app, &method, &path, Some(token)).await;
            assert_eq!(response.status, 403, "{method} {path}: {}", response.text());
            let json = response.json();
            assert_eq!(json["message"], "no permission");
            assert!(json["data"].is_null());
        }
        let response = inbox_call(&app, &method, &path, Some(&reader)).await;
        assert_eq!(response.status, 200, "{method} {path}: {}", response.text());
    }
}

async fn inbox_lists_opens_handles_downloads_and_exports(backend: Backend) {
    let app = app(backend).await;
    let reader = staff(&app, "caixa@exemplo.com", &[4]).await.1;
    let (sender, token) = listener(&app, "ouvinte@exemplo.com", false).await;
    for n in 0..3 {
        let body = with(
            contact(),
            "text",
            json!(format!("=HYPERLINK(\"x\") mensagem {n}")),
        );
        post_auth(&app, CONTACT, &token, body).await.success_data();
    }
    let file = uploaded_pdf(&app).await;
    post(&app, CURRICULUM, application(&file)).await.success_data();
    let folders = get_auth(&app, "/api/v1/inbox/summary", &reader)
        .await
        .success_data();
    let contact_folder = folders
        .as_array()
        .unwrap()
        .iter()
        .find(|folder| folder["kind"] == "contact")
        .unwrap();
    assert_eq!(contact_folder["total"], 3);
    assert_eq!(contact_folder["unhandled"], 3);
    assert_eq!(contact_folder["label"], "Contato");
    let page = get_auth(&app, "/api/v1/inbox/list/contact?page=1&perPage=2", &reader)
        .await
        .success_data();
    assert_eq!(page["total"], 3);
    assert_eq!(page["perPage"], 2);
    let items = page["items"].as_array().unwrap();
    assert_eq!(items.len(), 2);
    assert!(items[0]["id"].as_i64() > items[1]["id"].as_i64(), "newest first");
    let first = &items[0];
    assert_eq!(first["kind"], "contact");
    assert_eq!(first["userId"], sender);
    assert_eq!(first["categoryId"], 1);
    assert_eq!(first["email"], "ana@exemplo.com");
    assert_eq!(first["summary"], "Ana — Geral");
    assert_eq!(first["hasCurriculum"], false);
    assert!(
        first["fields"]
            .as_array()
            .unwrap()
            .iter()
            .any(|field| field["label"] == "Mensagem" && field["value"] == "=HYPERLINK(\"x\") mensagem 2")
    );
    let second = get_auth(&app, "/api/v1/inbox/list/contact?page=2&perPage=2", &reader)
        .await
        .success_data();
    assert_eq!(second["items"].as_array().unwrap().len(), 1);
    for bad in ["perPage=0", "perPage=101", "page=0", "status=x", "page=-1"] {
        let response = get_auth(&app, &format!("/api/v1/inbox/list/contact?{bad}"), &reader).await;
        assert_eq!(response.status, 400, "{bad}");
    }
    assert_eq!(
        get_auth(&app, "/api/v1/inbox/list/other", &reader).await.status,
        404
    );
    // Open one, mark it handled, filter.
    let id = first["id"].as_i64().unwrap();
    let item = get_auth(&app, &format!("/api/v1/inbox/item/{id}"), &reader)
        .await
        .success_data();
    assert_eq!(item["id"], id);
    assert_eq!(item["handledAt"], Value::Null);
    let handled = post_auth(
        &app,
        &format!("/api/v1/inbox/item/{id}/handled"),
        &reader,
        json!({"handled": true}),
    )
    .await
    .success_data();
    assert!(handled["handledAt"].is_string());
    assert_eq!(handled["handledBy"], "caixa@exemplo.com");
    let unhandled = get_auth(&app, "/api/v1/inbox/list/contact?status=unhandled", &reader)
        .await
        .success_data();
    assert_eq!(unhandled["total"], 2);
    assert_eq!(unhandled["unhandled"], 2);
    let done = get_auth(&app, "/api/v1/inbox/list/contact?status=handled", &reader)
        .await
        .success_data();
    assert_eq!(done["items"][0]["id"], id);
    let reopened = post_auth(
        &app,
        &format!("/api/v1/inbox/item/{id}/handled"),
        &reader,
        json!({"handled": false}),
    )
    .await
    .success_data();
    assert_eq!(reopened["handledAt"], Value::Null);
    assert_eq!(
        get_auth(&app, "/api/v1/inbox/item/99999", &reader).await.status,
        404
    );
    assert_eq!(
        get_auth(&app, "/api/v1/inbox/item/abc", &reader).await.status,
        404
    );
    // The CV: an attachment, for the reader only.
    let work = get_auth(&app, "/api/v1/inbox/list/workWithUs", &reader)
        .await
        .success_data();
    let work_id = work["items"][0]["id"].as_i64().unwrap();
    assert_eq!(work["items"][0]["hasCurriculum"], true);
    let cv = get_auth(&app, &format!("/api/v1/inbox/item/{work_id}/curriculum"), &reader).await;
    assert_eq!(cv.status, 200);
    assert_eq!(cv.body.as_ref(), PDF);
    assert_eq!(cv.header("content-type"), Some("application/pdf"));
    let disposition = cv.header("content-disposition").unwrap();
    assert!(disposition.starts_with("attachment;"), "{disposition}");
    assert!(disposition.contains(".pdf"), "{disposition}");
    assert_eq!(cv.header("cache-control"), Some("private, no-store"));
    let none = get_auth(&app, &format!("/api/v1/inbox/item/{id}/curriculum"), &reader).await;
    assert_eq!(none.status, 404);
    assert_eq!(none.json()["message"], "curriculum not found");
    // CSV: a header, one row per submission, formulas defused.
    let csv = get_auth(&app, "/api/v1/inbox/export/contact", &reader).await;
    assert_eq!(csv.status, 200);
    assert!(csv.header("content-type").unwrap().starts_with("text/csv"));
    assert!(
        csv.header("content-disposition")
            .unwrap()
            .starts_with("attachment;")
    );
    let text = csv.text();
    let lines: Vec<&str> = text.trim_end().split("\r\n").collect();
    assert_eq!(lines.len(), 4, "{text}");
    assert!(
        lines[0]
            .trim_start_matches('\u{feff}')
            .starts_with("Nº,Recebida em"),
        "{}",
        lines[0]
    );
    assert!(lines[0].contains("Mensagem"));
    assert!(
        lines[1].contains("\"'=HYPERLINK(\"\"x\"\") mensagem 2\""),
        "{}",
        lines[1]
    );
    assert!(lines[1].contains("ouvinte@exemplo.com"), "{}", lines[1]);
}

async fn retention_deletes_old_submissions_and_their_files(backend: Backend) {
    let app = app_with(backend, |config| config.inbox_retention_days = 30).await;
    let old_file = uploaded_pdf(&app).await;
    post(&app, CURRICULUM, application(&old_file))
        .await
        .success_data();
    let new_file = uploaded_pdf(&app).await;
    post(&app, CURRICULUM, application(&new_file))
        .await
        .success_data();
    post(&app, CONTACT, contact()).await.success_data();
    let old_id: i64 = sqlx::query_scalar("SELECT id FROM form_submissions WHERE file_path = $1")
        .bind(&old_file)
        .fetch_one(&app.state.db.pool)
        .await
        .unwrap();
    sqlx::query("UPDATE form_submissions SET created_at = $1 WHERE id = $2")
        .bind(now() - 31 * 86_400)
        .bind(old_id)
        .execute(&app.state.db.pool)
        .await
        .unwrap();
    // An upload no application claimed, a day and more ago.
    let orphan = uploaded_pdf(&app).await;
    let orphan_path = app.dir.path().join("uploads/cv").join(&orphan);
    let two_days_ago = std::time::SystemTime::now() - std::time::Duration::from_secs(2 * 86_400);
    std::fs::File::options()
        .write(true)
        .open(&orphan_path)
        .unwrap()
        .set_modified(two_days_ago)
        .unwrap();
    let fresh_orphan = uploaded_pdf(&app).await;
    assert_eq!(submissions::prune_inbox(&app.state, now()).await.unwrap(), 1);
    let dir = app.dir.path().join("uploads/cv");
    assert!(
        !dir.join(&old_file).exists(),
        "the old CV is gone with its submission"
    );
    assert!(dir.join(&new_file).exists());
    assert!(!orphan_path.exists(), "an unclaimed upload is gone after a day");
    assert!(
        dir.join(&fresh_orphan).exists(),
        "a fresh upload waits for its application"
    );
    assert_eq!(submissions(&app).await, 2);
    // Idempotent.
    assert_eq!(submissions::prune_inbox(&app.state, now()).await.unwrap(), 0);
}

async fn admin_inbox_lists_the_unhandled(backend: Backend) {
    let app = app(backend).await;
    post(&app, CONTACT, with(contact(), "name", json!("Beatriz")))
        .await
        .success_data();
    post(&app, FREE_STREAMING, free_streaming()).await.success_data();
    let all = admin::run(&app.state, AdminCommand::Inbox { kind: None })
        .await
        .unwrap();
    assert!(all.contains("Contato (1 não tratada(s))"), "{all}");
    assert!(all.contains("Beatriz — Geral"), "{all}");
    assert!(all.contains("Streaming gratuito (1 não tratada(s))"), "{all}");
    assert!(all.contains("Trabalhe conosco (0 não tratada(s))"), "{all}");
    let one = admin::run(
        &app.state,
        AdminCommand::Inbox {
            kind: Some("freeStreaming".to_owned()),
        },
    )
    .await
    .unwrap();
    assert!(!one.contains("Beatriz"), "{one}");
    assert!(one.contains("Rádio Exemplo"), "{one}");
}

/// A minimal stored (uncompressed) ZIP with these entries: what the upload reads of a DOCX.
fn zip(entries: &[(&str, &[u8])]) -> Vec<u8> {
    let mut out = Vec::new();
    let mut central = Vec::new();
    for (name, data) in entries {
        let offset = u32::try_from(out.len()).unwrap();
        let name_len = u16::try_from(name.len()).unwrap();
        let size = u32::try_from(data.len()).unwrap();
        out.extend_from_slice(b"PK\x03\x04");
        out.extend_from_slice(&[20, 0, 0, 0, 0, 0, 0, 0, 0, 0]);
        out.extend_from_slice(&0u32.to_le_bytes());
        out.extend_from_slice(&size.to_le_bytes());
        out.extend_from_slice(&size.to_le_bytes());
        out.extend_from_slice(&name_len.to_le_bytes());
        out.extend_from_slice(&0u16.to_le_bytes());
        out.extend_from_slice(name.as_bytes());
        out.extend_from_slice(data);
        central.extend_from_slice(b"PK\x01\x02");
        central.extend_from_slice(&[20, 0, 20, 0, 0, 0, 0, 0, 0, 0, 0, 0]);
        central.extend_from_slice(&0u32.to_le_bytes());
        central.extend_from_slice(&size.to_le_bytes());
        central.extend_from_slice(&size.to_le_bytes());
        central.extend_from_slice(&name_len.to_le_bytes());
        central.extend_from_slice(&[0; 12]);
        central.extend_from_slice(&offset.to_le_bytes());
        central.extend_from_slice(name.as_bytes());
    }
    let cd_offset = u32::try_from(out.len()).unwrap();
    let cd_size = u32::try_from(central.len()).unwrap();
    let count = u16::try_from(entries.len()).unwrap();
    out.extend_from_slice(&central);
    out.extend_from_slice(b"PK\x05\x06");
    out.extend_from_slice(&[0; 4]);
    out.extend_from_slice(&count.to_le_bytes());
    out.extend_from_slice(&count.to_le_bytes());
    out.extend_from_slice(&cd_size.to_le_bytes());
    out.extend_from_slice(&cd_offset.to_le_bytes());
    out.extend_from_slice(&0u16.to_le_bytes());
    out
}
