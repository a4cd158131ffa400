//! E-mail: a real SMTP conversation with a small SMTP server started by the test (plain TCP on
//! 127.0.0.1:0), the outbox default, and failures answered as a refusal, never a 500.

use crate::accounts_common::*;
use crate::common::Backend;
use serde_json::json;
use tokio::{
    io::{AsyncBufReadExt, AsyncWriteExt, BufReader},
    net::TcpListener,
    sync::mpsc,
};

on_both_databases!(
    confirmation_and_reset_go_through_smtp,
    smtp_refusal_is_a_refusal_not_a_500,
    unreachable_smtp_is_a_refusal_not_a_500,
    outbox_is_the_default,
);

/// One received message: envelope sender, recipients and the DATA text.
#[derive(Debug)]
pub struct Received {
    pub from: String,
    pub to: Vec<String>,
    pub data: String,
}

/// A minimal SMTP server (RFC 5321 subset: EHLO/HELO, MAIL, RCPT, DATA, RSET, NOOP, QUIT). With
/// `reject_rcpt` it answers 550 to every recipient.
pub async fn smtp_server(reject_rcpt: bool) -> (u16, mpsc::UnboundedReceiver<Received>) {
    let listener = TcpListener::bind("127.0.0.1:0").await.unwrap();
    let port = listener.local_addr().unwrap().port();
    let (sender, receiver) = mpsc::unbounded_channel();
    tokio::spawn(async move {
        loop {
            let Ok((socket, _)) = listener.accept().await else {
                return;
            };
            let sender = sender.clone();
            tokio::spawn(async move {
                let (read, mut write) = socket.into_split();
                let mut lines = BufReader::new(read);
                write.write_all(b"220 test.local ESMTP\r\n").await.unwrap();
                let (mut from, mut to) = (String::new(), Vec::new());
                let mut line = String::new();
                loop {
                    line.clear();
                    if lines.read_line(&mut line).await.unwrap_or(0) == 0 {
                        return;
                    }
                    let command = line.trim_end().to_owned();
                    let upper = command.to_uppercase();
                    let reply: &[u8] = if upper.starts_with("EHLO") {
                        b"250-test.local\r\n250 8BITMIME\r\n"
                    } else if upper.starts_with("HELO") || upper.starts_with("NOOP") {
                        b"250 OK\r\n"
                    } else if upper.starts_with("MAIL FROM:") {
                        from = command[10..].trim().to_owned();
                        b"250 OK\r\n"
                    } else if upper.starts_with("RCPT TO:") {
                        if reject_rcpt {
                            b"550 mailbox unavailable\r\n"
                        } else {
                            to.push(command[8..].trim().to_owned());
                            b"250 OK\r\n"
                        }
                    } else if upper == "DATA" {
                        write.write_all(b"354 end with <CRLF>.<CRLF>\r\n").await.unwrap();
                        let mut data = String::new();
                        loop {
                            line.clear();
                            lines.read_line(&mut line).await.unwrap();
                            if line == ".\r\n" {
                                break;
                            }
                            data.push_str(line.strip_prefix('.').unwrap_or(&line));
                        }
                        sender
                            .send(Received {
                                from: std::mem::take(&mut from),
                                to: std::mem::take(&mut to),
                                data,
                            })
                            .unwrap();
                        b"250 queued\r\n"
                    } else if upper.starts_with("RSET") {
                        b"250 OK\r\n"
                    } else if upper.starts_with("QUIT") {
                        write.write_all(b"221 bye\r\n").await.unwrap();
                        return;
                    } else {
                        b"502 not implemented\r\n"
                    };
                    write.write_all(reply).await.unwrap();
                }
            });
        }
    });
    (port, receiver)
}

async fn confirmation_and_reset_go_through_smtp(backend: Backend) {
    let (port, mut inbox) = smtp_server(false).await;
    let app = app_with(backend, |config| {
        config.smtp_url = Some(format!("smtp://127.0.0.1:{port}"));
    })
    .await;
    let id = register(&app, "José da Silva", "jose@exemplo.com").await;
    let mail = inbox.recv().await.unwrap();
    assert_eq!(mail.from, "<nao-responda@ondafm.com.br>");
    assert_eq!(mail.to, vec!["<jose@exemplo.com>".to_owned()]);
    let text = decode_qp(&mail.data);
    assert!(text.contains("Subject:"), "{text}");
    assert!(text.contains("To: jose@exemplo.com"), "{text}");
    let code = code_of(&app, id).await;
    assert!(
        text.contains(&format!("código de confirmação da Onda FM é: {code}")),
        "{text}"
    );
    assert!(text.contains(&format!(
        "http://radio.test/?profile=confirmEmail&userId={id}&code={code}"
    )));
    // The code from the mail confirms the account.
    post(
        &app,
        "/api/v1/profile/confirmEmail",
        json!({"userId": id, "code": code}),
    )
    .await
    .success_data();
    post(
        &app,
        "/api/v1/profile/requestPasswordReset",
        json!({"email": "jose@exemplo.com"}),
    )
    .await
    .success_data();
    let text = decode_qp(&inbox.recv().await.unwrap().data);
    assert!(text.contains(&format!(
        "http://radio.test/?profile=resetPassword&userId={id}&token="
    )));
    assert!(text.contains("nova senha"));
    // Nothing went to the outbox.
    assert!(outbox(&app).is_empty());
}

async fn smtp_refusal_is_a_refusal_not_a_500(backend: Backend) {
    let (port, _inbox) = smtp_server(true).await;
    let app = app_with(backend, |config| {
        config.smtp_url = Some(format!("smtp://127.0.0.1:{port}"));
    })
    .await;
    register_attempt(&app).await;
}

async fn unreachable_smtp_is_a_refusal_not_a_500(backend: Backend) {
    // A port nobody listens on: bind, read the number, close.
    let port = {
        let listener = std::net::TcpListener::bind("127.0.0.1:0").unwrap();
        listener.local_addr().unwrap().port()
    };
    let app = app_with(backend, |config| {
        config.smtp_url = Some(format!("smtp://127.0.0.1:{port}"));
    })
    .await;
    register_attempt(&app).await;
}

async fn register_attempt(app: &crate::common::TestApp) {
    let response = post(
        app,
        "/api/v1/profile/registerUser",
        json!({"name": "José da Silva", "email": "jose@exemplo.com", "password": PASSWORD}),
    )
    .await;
    assert_refused(&response, "email not sent");
}

async fn outbox_is_the_default(backend: Backend) {
    let app = app(backend).await;
    let id = register(&app, "José da Silva", "jose@exemplo.com").await;
    let dir = app.dir.path().join("outbox");
    let files: Vec<_> = std::fs::read_dir(&dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .collect();
    assert_eq!(files.len(), 1);
    assert_eq!(files[0].extension().unwrap(), "eml");
    let raw = std::fs::read_to_string(&files[0]).unwrap();
    assert!(raw.contains("Content-Transfer-Encoding: binary"), "{raw}");
    assert!(!raw.contains("\r\r"), "one CR per line");
    let text = outbox(&app).remove(0);
    assert_eq!(text, raw, "readable as is");
    let code = code_of(&app, id).await;
    assert!(text.contains("To: jose@exemplo.com"), "{text}");
    assert!(
        text.contains("From: \"Onda FM\" <nao-responda@ondafm.com.br>")
            || text.contains("From: Onda FM <nao-responda@ondafm.com.br>"),
        "{text}"
    );
    assert!(text.contains("Olá, José da Silva!"), "{text}");
    assert!(text.contains(&format!(
        "http://radio.test/?profile=confirmEmail&userId={id}&code={code}"
    )));
}
