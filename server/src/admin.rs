//! Operator commands on the same binary (`onda-server admin …`). Each prints what it did and fails with a
//! clear message; they work on whatever database `DATABASE_URL` points at.

use clap::Subcommand;

use crate::{AppState, accounts, data::settings::MAINTENANCE_KEY};

#[derive(Debug, Subcommand)]
pub enum AdminCommand {
    /// Switch the maintenance notice in the top bar on or off (G59: the site keeps working).
    Maintenance {
        #[arg(value_parser = ["on", "off"])]
        switch: String,
    },
    /// Seed the demo content now (if the database has none yet).
    SeedDemo,
    /// Give a listener PRO (a manual subscription), open-ended or through a last day.
    GrantPro {
        email: String,
        /// Last day of PRO (YYYY-MM-DD, São Paulo calendar); without it PRO has no end.
        #[arg(long)]
        until: Option<String>,
    },
    /// End every live subscription of a listener now.
    RevokePro { email: String },
    /// Grant a staff permission (1 statistics, 2 caches, 3 affiliates, 4 the forms' inbox, 5 the
    /// newsroom, 6 promotions and hunts, 7 catalogue and pages, 8 people and the audit log).
    GrantPermission {
        email: String,
        #[arg(value_parser = clap::value_parser!(i64).range(1..=crate::staff::HIGHEST))]
        permission: i64,
    },
    /// List the listeners' forms not handled yet, newest first (all kinds, or one:
    /// recommendation, contact, workWithUs, freeStreaming).
    Inbox {
        #[arg(value_parser = ["recommendation", "contact", "workWithUs", "freeStreaming"])]
        kind: Option<String>,
    },
    /// Disable an account and end its sessions.
    DisableUser { email: String },
    /// Draw the winners of a closed promotion: n distinct participants, uniformly at random, recorded
    /// with the seed and the participant list (so the draw can be repeated) and e-mailed.
    DrawWinners {
        /// The promotion's slug (its address: /promocoes/<slug>).
        slug: String,
        #[arg(value_parser = clap::value_parser!(u32).range(1..=10_000))]
        count: u32,
        /// The seed (default: 32 random bytes); the same seed and participants give the same winners.
        #[arg(long)]
        seed: Option<String>,
        /// Who ran the draw, for the record (default: $USER).
        #[arg(long)]
        by: Option<String>,
    },
    /// Repeat a past draw from its seed and participants and check the recorded winners.
    VerifyDraw { draw_id: i64 },
    /// The monthly music report for ECAD of a channel (CSV on standard output): every play of the
    /// month with its date, time, duration, title, performer, authors, ISRC, label and kind.
    EcadReport {
        /// The channel's streamId (onda_1).
        stream_id: String,
        /// The month, AAAA-MM (Brasília calendar).
        month: String,
    },
    /// Write a backup of the station while it runs: the database (SQLite's copy, or pg_dump's) and
    /// the uploads, recordings and outbox, in one file with a manifest and checksums.
    Backup { file: std::path::PathBuf },
    /// Restore a backup into an empty data directory and an empty database (run with the server
    /// stopped; an older backup is upgraded when the station next starts).
    Restore { file: std::path::PathBuf },
    /// Set the treasure hunt's odds: the chance (0 to 1) that a counted page view wins while stock lasts.
    HuntOdds {
        #[arg(value_parser = parse_probability)]
        probability: f64,
    },
}

fn parse_probability(value: &str) -> Result<f64, String> {
    match value.parse::<f64>() {
        Ok(p) if (0.0..=1.0).contains(&p) => Ok(p),
        _ => Err("use um número de 0 a 1 (por exemplo 0.05)".to_owned()),
    }
}

async fn user_id(state: &AppState, email: &str) -> anyhow::Result<i64> {
    accounts::user_by_email(&state.db, email)
        .await?
        .map(|user| user.id)
        .ok_or_else(|| anyhow::anyhow!("nenhum usuário com o e-mail {email}"))
}

/// Runs one command and returns the line to print.
pub async fn run(state: &AppState, command: AdminCommand) -> anyhow::Result<String> {
    match command {
        AdminCommand::Backup { file } => {
            let summary = crate::backup::write(state, &file).await?;
            Ok(format!(
                "backup gravado em {}: {}",
                file.display(),
                summary.describe()
            ))
        }
        AdminCommand::Restore { .. } => {
            anyhow::bail!("a restauração roda antes de abrir o banco (onda-server admin restore)")
        }
        AdminCommand::EcadReport { stream_id, month } => {
            let Some(first) = crate::data::ecad::parse_month(&month) else {
                anyhow::bail!("mês inválido {month:?}: use AAAA-MM");
            };
            let report = crate::data::ecad::report(&state.db, &state.config, &stream_id, first)
                .await?
                .ok_or_else(|| anyhow::anyhow!("nenhum canal com o streamId {stream_id}"))?;
            // The caller prints a line: the report without its last line break.
            Ok(report.trim_end_matches("\r\n").to_owned())
        }
        AdminCommand::Maintenance { switch } => {
            let on = switch == "on";
            state
                .db
                .set_setting(MAINTENANCE_KEY, if on { "true" } else { "false" })
                .await?;
            Ok(format!(
                "modo de manutenção {}",
                if on { "ligado" } else { "desligado" }
            ))
        }
        AdminCommand::SeedDemo => {
            if crate::seed::seed_demo(state).await? {
                Ok("conteúdo de demonstração criado".to_owned())
            } else {
                Ok("o conteúdo de demonstração já existia; nada foi alterado".to_owned())
            }
        }
        AdminCommand::GrantPro { email, until } => {
            if let Some(date) = &until
                && onda_shared::validation::parse_date(date).is_none()
            {
                anyhow::bail!("data inválida {date:?}: use AAAA-MM-DD");
            }
            let id = user_id(state, &email).await?;
            let mut conn = state.db.pool.acquire().await?;
            accounts::grant_pro(&mut conn, id, until.as_deref()).await?;
            Ok(match until {
                Some(date) => format!("PRO concedido a {email} até {date}"),
                None => format!("PRO concedido a {email} sem data de término"),
            })
        }
        AdminCommand::RevokePro { email } => {
            let id = user_id(state, &email).await?;
            let mut conn = state.db.pool.acquire().await?;
            let ended = accounts::revoke_pro(&mut conn, id).await?;
            Ok(format!(
                "PRO revogado de {email} ({ended} assinatura(s) encerrada(s))"
            ))
        }
        AdminCommand::GrantPermission { email, permission } => {
            let id = user_id(state, &email).await?;
            let mut conn = state.db.pool.acquire().await?;
            accounts::grant_permission(&mut conn, id, permission).await?;
            Ok(format!("permissão {permission} concedida a {email}"))
        }
        AdminCommand::DisableUser { email } => {
            let id = user_id(state, &email).await?;
            let mut conn = state.db.pool.acquire().await?;
            accounts::set_disabled(&mut conn, id, true).await?;
            Ok(format!("usuário {email} desativado e sessões encerradas"))
        }
        AdminCommand::DrawWinners {
            slug,
            count,
            seed,
            by,
        } => {
            let by = by
                .or_else(|| std::env::var("USER").ok())
                .unwrap_or_else(|| "operador".to_owned());
            let drawn = crate::draw::draw_winners(state, &slug, count as usize, seed, &by).await?;
            let mut lines = vec![format!(
                "sorteio {} da promoção {slug}: {} ganhador(es) entre {} participante(s), semente {}",
                drawn.draw_id,
                drawn.winners.len(),
                drawn.participants,
                drawn.seed
            )];
            for (_, email, mailed) in &drawn.winners {
                lines.push(format!(
                    "  {email}{}",
                    if *mailed {
                        ""
                    } else {
                        " (e-mail NÃO enviado: avise por outro meio)"
                    }
                ));
            }
            Ok(lines.join("\n"))
        }
        AdminCommand::VerifyDraw { draw_id } => crate::draw::verify_draw(state, draw_id).await,
        AdminCommand::Inbox { kind } => inbox(state, kind.as_deref()).await,
        AdminCommand::HuntOdds { probability } => {
            let changed = sqlx::query(
                "UPDATE treasure_hunts SET win_probability = $1 WHERE is_active = 1 AND starts_at <= $2 AND ends_at > $2",
            )
            .bind(probability)
            .bind(crate::clock::now())
            .execute(&state.db.pool)
            .await?
            .rows_affected();
            anyhow::ensure!(changed > 0, "nenhuma caça ao tesouro ativa");
            Ok(format!("chance de prêmio por página vista: {probability}"))
        }
    }
}

/// `admin inbox`: per kind, the unhandled submissions, one line each (number, date, mailed or not, who
/// and about what). The inbox in the staff area shows them whole.
async fn inbox(state: &AppState, kind: Option<&str>) -> anyhow::Result<String> {
    use onda_shared::forms::FormKind;
    let kinds: Vec<FormKind> = match kind {
        Some(kind) => {
            vec![FormKind::parse(kind).ok_or_else(|| anyhow::anyhow!("tipo desconhecido {kind:?}"))?]
        }
        None => FormKind::ALL.to_vec(),
    };
    let mut lines = Vec::new();
    for kind in kinds {
        let waiting = crate::data::submissions::unhandled(&state.db, kind).await?;
        lines.push(format!("{} ({} não tratada(s))", kind.label(), waiting.len()));
        for stored in waiting {
            lines.push(format!(
                "  nº {}  {}  {}{}",
                stored.id,
                crate::clock::iso(stored.created_at),
                stored.submission.summary(),
                if stored.mailed_at.is_some() {
                    ""
                } else {
                    "  (e-mail ainda não enviado)"
                }
            ));
        }
    }
    Ok(lines.join("\n"))
}
