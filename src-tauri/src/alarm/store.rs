//! The alarms on disk: one JSON file in the app's data folder, replaced atomically (written beside
//! and renamed) so a crash mid-write never loses them.

use std::{
    fs, io,
    path::{Path, PathBuf},
};

use super::AlarmState;

pub const FILE_NAME: &str = "alarms.json";

#[derive(Debug, Clone)]
pub struct AlarmStore {
    path: PathBuf,
}

impl AlarmStore {
    pub fn in_dir(dir: &Path) -> Self {
        Self {
            path: dir.join(FILE_NAME),
        }
    }

    pub fn path(&self) -> &Path {
        &self.path
    }

    /// The saved state; nothing saved yet gives the empty state. A file that cannot be read as
    /// alarms is kept aside (`alarms.json.bad`) rather than overwritten, and the empty state used.
    pub fn load(&self) -> io::Result<AlarmState> {
        let text = match fs::read_to_string(&self.path) {
            Ok(text) => text,
            Err(error) if error.kind() == io::ErrorKind::NotFound => {
                return Ok(AlarmState::default());
            }
            Err(error) => return Err(error),
        };
        match serde_json::from_str(&text) {
            Ok(state) => Ok(state),
            Err(error) => {
                tracing::error!(%error, path = %self.path.display(), "unreadable alarms file; set aside");
                let _ = fs::rename(&self.path, self.path.with_extension("json.bad"));
                Ok(AlarmState::default())
            }
        }
    }

    pub fn save(&self, state: &AlarmState) -> io::Result<()> {
        if let Some(dir) = self.path.parent() {
            fs::create_dir_all(dir)?;
        }
        let json = serde_json::to_vec_pretty(state).map_err(io::Error::other)?;
        let temp = self.path.with_extension("json.tmp");
        fs::write(&temp, json)?;
        fs::rename(&temp, &self.path)
    }
}
