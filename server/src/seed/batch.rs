//! Multi-row INSERTs inside the seed transaction: thousands of rows in a handful of statements, so the
//! whole demo seeds in well under a second on SQLite and PostgreSQL alike.

use std::collections::HashMap;

use super::Tx;
use crate::Result;

/// One bound value. NULLs carry their type: PostgreSQL refuses a TEXT-typed NULL in a BIGINT column.
#[derive(Debug, Clone)]
pub enum Val {
    Int(i64),
    Text(String),
    NullInt,
}

impl From<i64> for Val {
    fn from(value: i64) -> Self {
        Self::Int(value)
    }
}

impl From<bool> for Val {
    /// Flags are BIGINT 0/1 (db.rs).
    fn from(value: bool) -> Self {
        Self::Int(i64::from(value))
    }
}

impl From<Option<i64>> for Val {
    fn from(value: Option<i64>) -> Self {
        value.map_or(Self::NullInt, Self::Int)
    }
}

impl From<String> for Val {
    fn from(value: String) -> Self {
        Self::Text(value)
    }
}

impl From<&String> for Val {
    fn from(value: &String) -> Self {
        Self::Text(value.clone())
    }
}

impl From<&str> for Val {
    fn from(value: &str) -> Self {
        Self::Text(value.to_owned())
    }
}

/// `row![a, b, c]`: one row of values for [`Rows::push`].
macro_rules! row {
    ($($value:expr),* $(,)?) => {
        vec![$($crate::seed::batch::Val::from($value)),*]
    };
}
pub(crate) use row;

/// Bound parameters per statement: well under SQLite's 32766 and PostgreSQL's 65535.
const MAX_BINDS: usize = 4000;

/// Rows for one table, written with as few INSERT statements as the bind limit allows.
pub struct Rows {
    table: &'static str,
    columns: &'static [&'static str],
    values: Vec<Val>,
}

impl Rows {
    pub fn new(table: &'static str, columns: &'static [&'static str]) -> Self {
        Self {
            table,
            columns,
            values: Vec::new(),
        }
    }

    pub fn push(&mut self, row: Vec<Val>) {
        assert_eq!(
            row.len(),
            self.columns.len(),
            "row for {} has {} values for {} columns",
            self.table,
            row.len(),
            self.columns.len()
        );
        self.values.extend(row);
    }

    pub async fn insert(self, tx: &mut Tx) -> Result<()> {
        let width = self.columns.len();
        let rows_per_statement = (MAX_BINDS / width).max(1);
        let head = format!("INSERT INTO {} ({}) VALUES ", self.table, self.columns.join(", "));
        for chunk in self.values.chunks(rows_per_statement * width) {
            let mut sql = String::with_capacity(head.len() + chunk.len() * 6);
            sql.push_str(&head);
            for (index, _) in chunk.iter().enumerate() {
                let column = index % width;
                if column == 0 {
                    if index > 0 {
                        sql.push_str(", ");
                    }
                    sql.push('(');
                } else {
                    sql.push_str(", ");
                }
                sql.push('$');
                sql.push_str(&(index + 1).to_string());
                if column == width - 1 {
                    sql.push(')');
                }
            }
            let mut query = sqlx::query(&sql);
            for value in chunk {
                query = match value {
                    Val::Int(number) => query.bind(*number),
                    Val::Text(text) => query.bind(text.as_str()),
                    Val::NullInt => query.bind(None::<i64>),
                };
            }
            query.execute(&mut **tx).await?;
        }
        Ok(())
    }
}

/// `key → id` of the rows just written, from a `SELECT key, id FROM …` statement.
pub async fn ids(tx: &mut Tx, sql: &str) -> Result<HashMap<String, i64>> {
    let rows: Vec<(String, i64)> = sqlx::query_as(sql).fetch_all(&mut **tx).await?;
    Ok(rows.into_iter().collect())
}
