//! The 27 federative units and every municipality, from the IBGE list shipped in `server/demo/`
//! (source and licence in `server/demo/README.md`). Ids are the IBGE codes.

use std::collections::HashMap;

use super::{
    Tx,
    batch::{Rows, row},
};
use crate::Result;

const STATES_CSV: &str = include_str!("../../demo/estados.csv");
const CITIES_CSV: &str = include_str!("../../demo/municipios.csv");

pub async fn seed(tx: &mut Tx) -> Result<()> {
    let mut states = Rows::new("states", &["id", "uf", "name"]);
    let mut code_of_uf = HashMap::new();
    for (line, [code, uf, name]) in records::<3>("estados.csv", STATES_CSV)? {
        let code = number("estados.csv", line, code)?;
        code_of_uf.insert(uf, code);
        states.push(row![code, uf, name]);
    }
    states.insert(tx).await?;

    let mut cities = Rows::new("cities", &["id", "state_id", "name"]);
    for (line, [code, name, uf]) in records::<3>("municipios.csv", CITIES_CSV)? {
        let code = number("municipios.csv", line, code)?;
        let state = *code_of_uf
            .get(uf)
            .ok_or_else(|| anyhow::anyhow!("server/demo/municipios.csv:{line}: unknown UF {uf:?}"))?;
        cities.push(row![code, state, name]);
    }
    cities.insert(tx).await?;
    Ok(())
}

/// The data lines of a header-first CSV without quoting (no field contains a comma), with line numbers.
fn records<'a, const N: usize>(file: &str, csv: &'a str) -> Result<Vec<(usize, [&'a str; N])>> {
    csv.lines()
        .enumerate()
        .skip(1)
        .filter(|(_, line)| !line.trim().is_empty())
        .map(|(index, line)| {
            let fields: Vec<&str> = line.split(',').map(str::trim).collect();
            let fields: [&str; N] = fields.try_into().map_err(|fields: Vec<&str>| {
                anyhow::anyhow!(
                    "server/demo/{file}:{}: {} fields, expected {N}",
                    index + 1,
                    fields.len()
                )
            })?;
            Ok((index + 1, fields))
        })
        .collect()
}

fn number(file: &str, line: usize, text: &str) -> Result<i64> {
    text.parse()
        .map_err(|_| anyhow::anyhow!("server/demo/{file}:{line}: {text:?} is not an IBGE code").into())
}
