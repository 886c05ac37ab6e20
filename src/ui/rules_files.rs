//! The house rules a table can be opened with: the presets compiled in (`data/rules/`) and
//! every `*.json` in the user's rules folder (`--rules-dir`, by default `rules/` beside the
//! database). Each file is read and checked by `Rules::from_json` when the list is made; one
//! that cannot be played stays in the list with the reason, and cannot be chosen to open.

use std::path::{Path, PathBuf};

use crate::engine::{Rules, rules};

/// Files larger than this are not rules files (a rules file is about 1 KB).
const MAX_BYTES: u64 = 64 * 1024;

/// One entry of the list.
pub(crate) struct RulesChoice {
    /// As listed: a preset's name, or a file's name (`vip.json`).
    pub(crate) name: String,
    /// The file it came from (`None`: a preset).
    pub(crate) file: Option<PathBuf>,
    /// The rules, or why they cannot be played.
    pub(crate) rules: Result<Rules, String>,
}

/// The presets, then the folder's rules files by name. A folder that does not exist adds
/// nothing; one that cannot be read is one entry saying why.
pub(crate) fn list(dir: &Path) -> Vec<RulesChoice> {
    let mut out: Vec<RulesChoice> = rules::preset_names()
        .into_iter()
        .map(|n| RulesChoice {
            name: n.to_string(),
            file: None,
            rules: Rules::preset(n).map_err(|e| e.to_string()),
        })
        .collect();
    let entries = match std::fs::read_dir(dir) {
        Ok(e) => e,
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => return out,
        Err(e) => {
            out.push(RulesChoice {
                name: format!("{}/", dir.display()),
                file: Some(dir.to_path_buf()),
                rules: Err(format!("the rules folder cannot be read: {e}")),
            });
            return out;
        }
    };
    let mut files: Vec<PathBuf> = entries
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.extension().is_some_and(|x| x == "json"))
        .collect();
    files.sort();
    for path in files {
        let name = path
            .file_name()
            .map(|n| n.to_string_lossy().into_owned())
            .unwrap_or_default();
        let rules = read(&path);
        out.push(RulesChoice {
            name,
            file: Some(path),
            rules,
        });
    }
    out
}

/// A rules file read and checked: the rules, or the reason they cannot be played.
fn read(path: &Path) -> Result<Rules, String> {
    let size = std::fs::metadata(path).map_err(|e| e.to_string())?.len();
    if size > MAX_BYTES {
        return Err(format!(
            "{size} bytes: a rules file is a JSON object of knobs, a few KB at most"
        ));
    }
    let text = std::fs::read_to_string(path).map_err(|e| e.to_string())?;
    Rules::from_json(&text).map_err(|e| e.to_string())
}

/// The rules' knobs as a supervisor reads them, in the file's order: ratios as `3:2`,
/// lists as `3, 4`, unset as `—`.
pub(crate) fn knobs(r: &Rules) -> Vec<(String, String)> {
    let v = r.to_value();
    let Some(obj) = v.as_object() else {
        return Vec::new();
    };
    obj.iter()
        .map(|(k, v)| {
            let shown = match v {
                serde_json::Value::Null => "—".to_string(),
                serde_json::Value::Bool(true) => "yes".to_string(),
                serde_json::Value::Bool(false) => "no".to_string(),
                serde_json::Value::String(s) => s.replace('_', " "),
                serde_json::Value::Array(a) if k == "buy_cards" => {
                    if a.is_empty() {
                        "none".to_string()
                    } else {
                        a.iter()
                            .map(|x| x.to_string())
                            .collect::<Vec<_>>()
                            .join(", ")
                    }
                }
                serde_json::Value::Array(a) => a
                    .iter()
                    .map(|x| x.to_string())
                    .collect::<Vec<_>>()
                    .join(":"),
                other => other.to_string(),
            };
            (k.replace('_', " "), shown)
        })
        .collect()
}
