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
        Body, Mailbox, SinglePart,
        header::{ContentTransferEncoding, ContentType},
    },
};

use crate::config::Config;

/// How long a request waits for the mail server before giving up.
const SEND_TIMEOUT: Duration = Duration::from_secs(15);

#[derive(Debug, thiserror::Error)]
#[error("{0}")]
pub struct MailError(String);

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
        let message = Message::builder()
            .from(
                self.from
                    .clone()
                    .ok_or_else(|| MailError("no valid sender (ONDA_MAIL_FROM)".to_owned()))?,
            )
            .to(to)
            .subject(subject)
            .singlepart(part)
            .map_err(|err| MailError(format!("build message: {err}")))?;
        let result = match &self.smtp {
            Some(transport) => match tokio::time::timeout(SEND_TIMEOUT, transport.send(message)).await {
                Ok(Ok(_)) => Ok(()),
                Ok(Err(err)) => Err(MailError(format!("smtp: {err}"))),
                Err(_) => Err(MailError("smtp: timed out".to_owned())),
            },
            None => self.write_outbox(&message).await,
        };
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
}
