//! The house rules a table can be opened with: the presets compiled in (`data/rules/`) and
//! every `*.json` (any case) in the user's rules folder (`--rules-dir`, by default `rules/` beside the
//! database). Each file is read and checked by `Rules::from_json` when the list is made; one
//! that cannot be played stays in the list with the reason, and cannot be chosen to open.

use std::path::{Path, PathBuf};
use std::sync::Arc;

use crate::engine::{Rules, RulesError, rules};
use crate::files::ReadError;
use crate::i18n::Lang;
use crate::t;

/// Files larger than this are not rules files (a rules file is about 1 KB).
const MAX_BYTES: u64 = crate::files::MAX_RULES_BYTES;

/// One entry of the list.
pub(crate) struct RulesChoice {
    /// As listed: a preset's name, or a file's name (`vip.json`).
    pub(crate) name: String,
    /// The file it came from (`None`: a preset).
    pub(crate) file: Option<PathBuf>,
    /// The rules, or why they cannot be played.
    pub(crate) rules: Result<Rules, Unplayable>,
}

/// Why a listed entry cannot be played: worded in the viewer's language when shown.
#[derive(Clone, Debug)]
pub(crate) enum Unplayable {
    /// The rules read, but the engine refuses them.
    Rules(RulesError),
    /// The file could not be read as a rules file.
    File(Arc<ReadError>),
    /// The folder could not be listed.
    Folder(Arc<std::io::Error>),
}

impl Unplayable {
    /// Why, in `lang`.
    pub(crate) fn words(&self, lang: Lang) -> String {
        match self {
            Unplayable::Rules(e) => e.to_string(),
            Unplayable::File(e) => match &**e {
                ReadError::NotAFile => t!(lang, "rules-not-a-file"),
                ReadError::TooBig { max } => t!(lang, "rules-too-big", bytes = *max),
                ReadError::NotUtf8 => t!(lang, "rules-not-utf8"),
                ReadError::Io(e) => e.to_string(),
            },
            Unplayable::Folder(e) => t!(lang, "rules-folder-unreadable", why = e.to_string()),
        }
    }
}

/// The presets, then the folder's rules files by name. A folder that does not exist adds
/// nothing; one that cannot be read is one entry saying why.
pub(crate) fn list(dir: &Path) -> Vec<RulesChoice> {
    let mut out: Vec<RulesChoice> = rules::preset_names()
        .into_iter()
        .map(|n| RulesChoice {
            name: n.to_string(),
            file: None,
            rules: Rules::preset(n).map_err(Unplayable::Rules),
        })
        .collect();
    let entries = match std::fs::read_dir(dir) {
        Ok(e) => e,
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => return out,
        Err(e) => {
            out.push(RulesChoice {
                name: format!("{}/", dir.display()),
                file: Some(dir.to_path_buf()),
                rules: Err(Unplayable::Folder(Arc::new(e))),
            });
            return out;
        }
    };
    let mut files: Vec<PathBuf> = entries
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| {
            p.extension()
                .is_some_and(|x| x.eq_ignore_ascii_case("json"))
        })
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

/// A rules file read and checked: the rules, or the reason they cannot be played. Only a
/// regular file (or a link to one) is opened, and at most `MAX_BYTES + 1` bytes are read, so
/// a FIFO, a device (`/dev/zero`) or a folder named `*.json` is refused without blocking.
fn read(path: &Path) -> Result<Rules, Unplayable> {
    let text =
        crate::files::read_text(path, MAX_BYTES).map_err(|e| Unplayable::File(Arc::new(e)))?;
    Rules::from_json(&text).map_err(Unplayable::Rules)
}

/// The rules' knobs as a supervisor reads them, in the file's order and in `lang`: ratios
/// as `3:2`, lists as `3, 4`, unset as `—`; every knob, one a file may leave out included.
pub(crate) fn knobs(r: &Rules, lang: Lang) -> Vec<(String, String)> {
    let v = r.every_knob();
    let Some(obj) = v.as_object() else {
        return Vec::new();
    };
    obj.iter()
        .map(|(k, v)| {
            let shown = match v {
                serde_json::Value::Null => "—".to_string(),
                serde_json::Value::Bool(true) => t!(lang, "rules-yes"),
                serde_json::Value::Bool(false) => t!(lang, "rules-no"),
                serde_json::Value::String(s) => choice_name(lang, s),
                serde_json::Value::Array(a) if k == "buy_cards" => {
                    if a.is_empty() {
                        t!(lang, "rules-none")
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
            (knob_name(lang, k), shown)
        })
        .collect()
}

/// A knob's name as the floor says it; a knob this list does not know yet by its key.
fn knob_name(lang: Lang, key: &str) -> String {
    match key {
        "decks" => t!(lang, "rules-knob-decks"),
        "boxes" => t!(lang, "rules-knob-boxes"),
        "bets_per_box" => t!(lang, "rules-knob-bets-per-box"),
        "min_stick" => t!(lang, "rules-knob-min-stick"),
        "buy_cards" => t!(lang, "rules-knob-buy-cards"),
        "buy_after_twist" => t!(lang, "rules-knob-buy-after-twist"),
        "stop_at_21" => t!(lang, "rules-knob-stop-at-21"),
        "auto_fifth_card_max" => t!(lang, "rules-knob-auto-fifth-card-max"),
        "split_match" => t!(lang, "rules-knob-split-match"),
        "max_splits" => t!(lang, "rules-knob-max-splits"),
        "ace_splits" => t!(lang, "rules-knob-ace-splits"),
        "split_ace_cards" => t!(lang, "rules-knob-split-ace-cards"),
        "pontoon_after_split" => t!(lang, "rules-knob-pontoon-after-split"),
        "pontoon_pays" => t!(lang, "rules-knob-pontoon-pays"),
        "pontoon_paid_at_once" => t!(lang, "rules-knob-pontoon-paid-at-once"),
        "pontoon_vs_pontoon" => t!(lang, "rules-knob-pontoon-vs-pontoon"),
        "five_card_trick_pays" => t!(lang, "rules-knob-five-card-trick-pays"),
        "five_card_trick_stakes" => t!(lang, "rules-knob-five-card-trick-stakes"),
        "five_card_trick_paid_at_once" => t!(lang, "rules-knob-five-card-trick-paid-at-once"),
        "five_card_trick_beats_dealer_pontoon" => {
            t!(lang, "rules-knob-five-card-trick-beats-dealer-pontoon")
        }
        "three_of_a_kind_pays" => t!(lang, "rules-knob-three-of-a-kind-pays"),
        "ties" => t!(lang, "rules-knob-ties"),
        "dealer_hits_soft_17" => t!(lang, "rules-knob-dealer-hits-soft-17"),
        "insurance_max" => t!(lang, "rules-knob-insurance-max"),
        "insurance_pays" => t!(lang, "rules-knob-insurance-pays"),
        "even_money" => t!(lang, "rules-knob-even-money"),
        "surrender" => t!(lang, "rules-knob-surrender"),
        _ => key.replace('_', " "),
    }
}

/// A knob's named choice (`player_loses`) in words.
fn choice_name(lang: Lang, choice: &str) -> String {
    match choice {
        "rank" => t!(lang, "rules-choice-rank"),
        "value" => t!(lang, "rules-choice-value"),
        "player_loses" => t!(lang, "rules-choice-player-loses"),
        "player_wins" => t!(lang, "rules-choice-player-wins"),
        "dealer_wins" => t!(lang, "rules-choice-dealer-wins"),
        "push" => t!(lang, "rules-choice-push"),
        "all" => t!(lang, "rules-choice-all-stakes"),
        "original" => t!(lang, "rules-choice-original-stake"),
        other => other.replace('_', " "),
    }
}

#[cfg(all(test, unix))]
mod tests {
    use super::*;

    /// The list shows `five_card_trick_stakes` in words, though a rules file may leave it
    /// out (the presets do: "all").
    #[test]
    fn the_list_says_on_which_stakes_a_trick_is_paid() {
        let czech = Rules::preset("czech").unwrap();
        let listed = knobs(&czech, Lang::Cs);
        assert_eq!(listed.len(), 27);
        assert!(listed.contains(&(
            "pětikaretní trik platí na".to_string(),
            "všechny sázky, i za koupené karty".to_string()
        )));
        let mut v = czech.to_value();
        v["five_card_trick_stakes"] = "original".into();
        let original = Rules::from_value(&v).unwrap();
        assert!(knobs(&original, Lang::En).contains(&(
            "five card trick pays on".to_string(),
            "the original stake (bought ones 1:1)".to_string()
        )));
    }

    /// A FIFO, a link to `/dev/zero`, a folder and an oversized file named `*.json` are
    /// listed with a reason, at once (none of them is read to its end or waited on); a file
    /// named `.JSON` in capitals is offered.
    #[test]
    fn only_regular_files_are_read_and_never_past_the_cap() {
        let dir = std::env::temp_dir().join(format!("croupier-rules-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).unwrap();
        let fifo = dir.join("fifo.json");
        let made = std::process::Command::new("mkfifo").arg(&fifo).status();
        assert!(made.is_ok_and(|s| s.success()), "mkfifo");
        std::os::unix::fs::symlink("/dev/zero", dir.join("zero.json")).unwrap();
        std::fs::create_dir(dir.join("folder.json")).unwrap();
        std::fs::write(dir.join("big.json"), vec![b' '; MAX_BYTES as usize + 10]).unwrap();
        let czech = Rules::preset("czech").unwrap().to_value().to_string();
        std::fs::write(dir.join("VIP.JSON"), &czech).unwrap();
        std::os::unix::fs::symlink(dir.join("VIP.JSON"), dir.join("link.json")).unwrap();
        let (done, got) = std::sync::mpsc::channel();
        let d = dir.clone();
        std::thread::spawn(move || {
            let files: Vec<(String, Option<String>)> = list(&d)
                .into_iter()
                .filter(|c| c.file.is_some())
                .map(|c| (c.name, c.rules.err().map(|e| e.words(Lang::En))))
                .collect();
            let _ = done.send(files);
        });
        let files = got
            .recv_timeout(std::time::Duration::from_secs(10))
            .expect("the list is made without blocking");
        let find = |n: &str| {
            files
                .iter()
                .find(|(name, _)| name == n)
                .map(|(_, r)| r.clone())
                .unwrap_or_else(|| panic!("{n} listed: {files:?}"))
        };
        for n in ["fifo.json", "zero.json", "folder.json"] {
            let e = find(n).expect("refused");
            assert!(e.contains("not a regular file"), "{n}: {e}");
        }
        assert!(find("big.json").is_some_and(|e| e.contains("a few KB at most")));
        assert_eq!(find("VIP.JSON"), None);
        assert_eq!(find("link.json"), None);
    }
}
