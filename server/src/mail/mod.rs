//! Outgoing e-mail: Portuguese templates, sent over SMTP with `lettre` when `ONDA_SMTP_URL` is set,
//! otherwise written as one `.eml` file per message under `<data dir>/outbox/` (the embedded default:
//! a newcomer reads the confirmation code there).
//!
//! A send is awaited with a timeout so the request can answer whether the mail left; a failure is
//! logged and reported to the caller as `MailError`, which the handlers turn into a business refusal
//! ('email not sent'), never a 500.

use std::{path::PathBuf, time::Duration};

use lettre::{
    AsyncSmtpTransport, AsyncTransport, Message, Tokio1Executor,
    message::{
        Body, Mailbox, MultiPart, SinglePart,
        header::{ContentTransferEncoding, ContentType},
    },
};
use onda_shared::forms::InboxField;

use crate::config::Config;

/// How long a request waits for the mail server before giving up.
const SEND_TIMEOUT: Duration = Duration::from_secs(15);

#[derive(Debug, thiserror::Error)]
#[error("{0}")]
pub struct MailError(String);

/// A file sent with a message (a listener's CV).
#[derive(Debug, Clone)]
pub struct Attachment {
    pub filename: String,
    pub content_type: String,
    pub bytes: Vec<u8>,
}

/// A listener's form, for the station's mailbox: every field as the inbox lists it.
#[derive(Debug, Clone)]
pub struct InboxMail<'a> {
    pub to: &'a str,
    /// The sender's address, where staff reply.
    pub reply_to: Option<&'a str>,
    /// What arrived, e.g. 'Contato: Comercial' (no line breaks; the sender's text goes in the body).
    pub heading: &'a str,
    /// Who, in one line (e.g. 'Maria Souza — Comercial').
    pub summary: &'a str,
    pub fields: &'a [InboxField],
    /// When it arrived (Brasília wall clock) and its number in the inbox.
    pub received: &'a str,
    pub id: i64,
    pub attachment: Option<Attachment>,
}

pub struct Mailer {
    smtp: Option<AsyncSmtpTransport<Tokio1Executor>>,
    outbox: PathBuf,
    from: Option<Mailbox>,
    public_url: String,
    station: String,
}

impl Mailer {
    pub fn new(config: &Config) -> Self {
        let smtp = config
            .smtp_url
            .as_deref()
            .map(str::trim)
            .filter(|url| !url.is_empty())
            .and_then(|url| match AsyncSmtpTransport::<Tokio1Executor>::from_url(url) {
                Ok(builder) => Some(builder.timeout(Some(SEND_TIMEOUT)).build()),
                Err(err) => {
                    tracing::error!(error = %err, "ONDA_SMTP_URL is invalid; e-mail goes to the outbox");
                    None
                }
            });
        let from = match config.mail_from.parse::<Mailbox>() {
            Ok(from) => Some(from),
            Err(err) => {
                tracing::error!(error = %err, "ONDA_MAIL_FROM is invalid; e-mail cannot be sent");
                None
            }
        };
        Self {
            smtp,
            outbox: config.data_dir.join("outbox"),
            from,
            public_url: config.public_url(),
            station: config.station_name.clone(),
        }
    }

    pub fn outbox(&self) -> &PathBuf {
        &self.outbox
    }

    async fn send(&self, to: &str, subject: &str, body: String) -> Result<(), MailError> {
        self.send_message(to, None, subject, body, None).await
    }

    /// A plain-text message, with a `Reply-To` and a file when given.
    async fn send_message(
        &self,
        to: &str,
        reply_to: Option<&str>,
        subject: &str,
        body: String,
        attachment: Option<Attachment>,
    ) -> Result<(), MailError> {
        let to: Mailbox = to
            .parse()
            .map_err(|err| MailError(format!("recipient {to:?}: {err}")))?;
        // Over SMTP lettre picks a 7-bit-safe encoding. In the outbox the text stays as written
        // (`binary`, CRLF lines) so a person can read the code and copy the link from the .eml file.
        let body = if self.smtp.is_some() {
            Body::new(body)
        } else {
            Body::new_with_encoding(body, ContentTransferEncoding::Binary).unwrap_or_else(Body::new)
        };
        let part = SinglePart::builder().header(ContentType::TEXT_PLAIN).body(body);
        let mut builder = Message::builder()
            .from(
                self.from
                    .clone()
                    .ok_or_else(|| MailError("no valid sender (ONDA_MAIL_FROM)".to_owned()))?,
            )
            .to(to)
            .subject(subject);
        // The sender of a form is whom staff answer; an address that does not parse is left out
        // rather than holding the message back.
        if let Some(reply_to) = reply_to.and_then(|address| address.parse::<Mailbox>().ok()) {
            builder = builder.reply_to(reply_to);
        }
        let message = match attachment {
            None => builder.singlepart(part),
            Some(file) => {
                let content_type = ContentType::parse(&file.content_type)
                    .map_err(|err| MailError(format!("attachment type {:?}: {err}", file.content_type)))?;
                // Base64 whatever the bytes look like: a file travels unchanged, however its lines run.
                let bytes = Body::new_with_encoding(file.bytes, ContentTransferEncoding::Base64)
                    .map_err(|_| MailError("attachment encoding".to_owned()))?;
                builder.multipart(
                    MultiPart::mixed().singlepart(part).singlepart(
                        lettre::message::Attachment::new(file.filename).body(bytes, content_type),
                    ),
                )
            }
        }
        .map_err(|err| MailError(format!("build message: {err}")))?;
        let result = match &self.smtp {
            Some(transport) => match tokio::time::timeout(SEND_TIMEOUT, transport.send(message)).await {
                Ok(Ok(_)) => Ok(()),
                Ok(Err(err)) => Err(MailError(format!("smtp: {err}"))),
                Err(_) => Err(MailError("smtp: timed out".to_owned())),
            },
            None => self.write_outbox(&message).await,
        };
        let outcome = if result.is_ok() { "sent" } else { "failed" };
        crate::metrics::METRICS.mail.with_label_values(&[outcome]).inc();
        if let Err(err) = &result {
            tracing::error!(error = %err, subject, "e-mail not sent");
        }
        result
    }

    async fn write_outbox(&self, message: &Message) -> Result<(), MailError> {
        tokio::fs::create_dir_all(&self.outbox)
            .await
            .map_err(|err| MailError(format!("outbox {}: {err}", self.outbox.display())))?;
        // Nanosecond time first, so a listing sorted by name is in sending order.
        let name = format!(
            "{}-{}.eml",
            time::OffsetDateTime::now_utc().unix_timestamp_nanos(),
            crate::auth::random_hex(4)
        );
        let path = self.outbox.join(name);
        tokio::fs::write(&path, message.formatted())
            .await
            .map_err(|err| MailError(format!("write {}: {err}", path.display())))?;
        tracing::info!(path = %path.display(), "e-mail written to the outbox");
        Ok(())
    }

    /// The 6-digit confirmation code, with a link that opens the confirm screen.
    pub async fn send_confirmation(
        &self,
        to: &str,
        name: &str,
        user_id: i64,
        code: &str,
    ) -> Result<(), MailError> {
        let link = format!(
            "{}/?profile=confirmEmail&userId={user_id}&code={code}",
            self.public_url
        );
        let body = format!(
            "Olá, {name}!\n\n\
             Seu código de confirmação da {station} é: {code}\n\n\
             Digite o código na tela de confirmação ou abra o link abaixo:\n{link}\n\n\
             O código vale por 24 horas. Se você não criou uma conta na {station}, ignore esta mensagem.\n\n\
             Equipe {station}\n",
            station = self.station
        );
        self.send(to, &format!("{}: confirme seu e-mail", self.station), body)
            .await
    }

    /// The password-reset link (single use, 24 h).
    pub async fn send_reset(&self, to: &str, name: &str, user_id: i64, token: &str) -> Result<(), MailError> {
        let link = format!(
            "{}/?profile=resetPassword&userId={user_id}&token={token}",
            self.public_url
        );
        let body = format!(
            "Olá, {name}!\n\n\
             Recebemos um pedido para criar uma nova senha na {station}. Abra o link abaixo para escolher a nova senha:\n{link}\n\n\
             O link vale por 24 horas e pode ser usado uma única vez. Se você não fez o pedido, ignore esta mensagem: \
             sua senha continua a mesma.\n\n\
             Equipe {station}\n",
            station = self.station
        );
        self.send(to, &format!("{}: crie uma nova senha", self.station), body)
            .await
    }

    /// A treasure-hunt prize, sent once when the winner opens the chest (S13).
    pub async fn send_hunt_prize(
        &self,
        to: &str,
        name: &str,
        prize: &str,
        description: &str,
    ) -> Result<(), MailError> {
        let link = format!("{}/caca-ao-tesouro", self.public_url);
        let details = if description.trim().is_empty() {
            String::new()
        } else {
            format!("{}\n\n", description.trim())
        };
        let body = format!(
            "Olá, {name}!\n\n\
             Parabéns! Você encontrou um tesouro na caça ao tesouro da {station} e ganhou: {prize}.\n\n\
             {details}\
             Nossa equipe vai entrar em contato pelos dados do seu cadastro para combinar a entrega do prêmio. \
             Confira se o seu endereço e o seu telefone estão corretos no seu perfil.\n\n\
             Compartilhe a conquista com os amigos e continue caçando: {link}\n\n\
             Equipe {station}\n",
            station = self.station
        );
        self.send(to, &format!("{}: você ganhou {prize}!", self.station), body)
            .await
    }

    /// A promotion's winner, sent by `onda-server admin draw-winners`.
    pub async fn send_promotion_winner(
        &self,
        to: &str,
        name: &str,
        promotion: &str,
        slug: &str,
    ) -> Result<(), MailError> {
        let link = format!("{}/promocoes/{slug}", self.public_url);
        let body = format!(
            "Olá, {name}!\n\n\
             Parabéns! Você foi sorteado(a) na promoção \u{201c}{promotion}\u{201d} da {station}.\n\n\
             Nossa equipe vai entrar em contato pelos dados do seu cadastro para combinar a entrega do prêmio, \
             conforme o regulamento da promoção. Confira se o seu endereço e o seu telefone estão corretos no \
             seu perfil.\n\n\
             A lista de ganhadores está na página da promoção:\n{link}\n\n\
             Equipe {station}\n",
            station = self.station
        );
        self.send(
            to,
            &format!("{}: você ganhou na promoção {promotion}!", self.station),
            body,
        )
        .await
    }

    /// A listener's submission, to the address configured for its kind (the CV attached).
    pub async fn send_inbox(&self, mail: InboxMail<'_>) -> Result<(), MailError> {
        let mut body = format!(
            "Chegou pelo site da {station}: {heading}.\n\n",
            heading = mail.heading,
            station = self.station
        );
        for field in mail.fields {
            // A multi-line value (a message) starts on its own line, so it reads as written.
            if field.value.contains('\n') {
                body.push_str(&format!("{}:\n{}\n\n", field.label, field.value));
            } else {
                body.push_str(&format!("{}: {}\n", field.label, field.value));
            }
        }
        body.push_str(&format!(
            "\nRecebida em {} (horário de Brasília), nº {} na caixa de entrada da equipe.\n",
            mail.received, mail.id
        ));
        if mail.reply_to.is_some() {
            body.push_str("Responda a este e-mail para falar com quem enviou.\n");
        }
        // Header text comes from strangers: no control characters in the subject.
        let subject: String = format!("{}: {} — {}", self.station, mail.heading, mail.summary)
            .chars()
            .map(|c| if c.is_control() { ' ' } else { c })
            .take(200)
            .collect();
        self.send_message(mail.to, mail.reply_to, &subject, body, mail.attachment)
            .await
    }
}
