//! Operator commands on the same binary (`onda-server admin …`). Each prints what it did and fails with a
//! clear message; they work on whatever database `DATABASE_URL` points at.

use clap::Subcommand;

use crate::{AppState, routes::shell::MAINTENANCE_KEY};

#[derive(Debug, Subcommand)]
pub enum AdminCommand {
    /// Switch the maintenance notice in the top bar on or off (G59: the site keeps working).
    Maintenance {
        #[arg(value_parser = ["on", "off"])]
        switch: String,
    },
    /// Seed the demo content now (if the database has none yet).
    SeedDemo,
}

/// Runs one command and returns the line to print.
pub async fn run(state: &AppState, command: AdminCommand) -> anyhow::Result<String> {
    match command {
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
    }
}
