//! The binary's glue for the table's money (`croupier chips`, `tray`, `fill`, `credit`,
//! `void-slip`, `drop`): arguments read and checked before anything is opened for
//! writing, the PINs read in the order by, witness, one line printed. Every rule is
//! `croupier::session::money_log`'s.

use std::path::{Path, PathBuf};
use std::process::ExitCode;

use anyhow::{Context, Result, bail};

use croupier::engine::Money;
use croupier::files;
use croupier::i18n::Lang;
use croupier::log::Store;
use croupier::session::chips::{ChipError, ChipSet, Chips};
use croupier::session::money::Moment;
use croupier::session::money_log::{self, DropInput, Signers};
use croupier::session::{settings, users};

/// `croupier chips`: the chip set, the cash threshold and the tables' pars.
#[derive(clap::Args)]
pub struct ChipsArgs {
    /// The denominations, e.g. "25 100 500 1000 5000 10000".
    #[arg(long, value_name = "DENOMS")]
    set: Option<String>,
    /// A table's par (imprest tray), as DENOM:COUNT words; with --table.
    #[arg(long, value_name = "CHIPS", requires = "table")]
    par: Option<String>,
    /// The table whose par is set.
    #[arg(long, value_name = "NAME")]
    table: Option<String>,
    /// Cash exchanges above this amount are flagged.
    #[arg(long, value_name = "AMOUNT")]
    cash_threshold: Option<String>,
    /// The supervisor or admin setting it (PIN on standard input).
    #[arg(long, value_name = "NAME")]
    by: Option<String>,
}

/// Two signers: `--by` and `--witness`, PINs on standard input in that order.
#[derive(clap::Args)]
pub struct Signed {
    /// The first signer.
    #[arg(long, value_name = "NAME")]
    by: String,
    /// The second signer (a different person; one of the two a supervisor or admin).
    #[arg(long, value_name = "NAME")]
    witness: String,
}

/// `croupier tray`: a tray count.
#[derive(clap::Args)]
pub struct TrayArgs {
    #[arg(long, value_name = "NAME")]
    table: String,
    /// The chips counted, e.g. "500:20 100:35 25:40".
    #[arg(long, value_name = "CHIPS")]
    count: String,
    /// opening, change or closing [default: opening for a table not counted since its
    /// last closing, change otherwise].
    #[arg(long, value_name = "MOMENT")]
    moment: Option<String>,
    #[command(flatten)]
    signed: Signed,
}

/// `croupier fill` / `croupier credit`: a numbered slip.
#[derive(clap::Args)]
pub struct SlipArgs {
    #[arg(long, value_name = "NAME")]
    table: String,
    /// The chips, e.g. "500:10 100:20".
    #[arg(long, value_name = "CHIPS")]
    chips: String,
    /// The folder the HTML slip is written to [default: the database's folder].
    #[arg(long, value_name = "DIR")]
    out: Option<PathBuf>,
    #[command(flatten)]
    signed: Signed,
}

/// `croupier void-slip`: a slip voided, with a reason.
#[derive(clap::Args)]
pub struct VoidArgs {
    /// The slip's number.
    #[arg(long, value_name = "N")]
    slip: i64,
    #[arg(long, value_name = "TEXT")]
    reason: String,
    /// The supervisor or admin voiding it (PIN on standard input).
    #[arg(long, value_name = "NAME")]
    by: String,
}

/// `croupier drop`: the count room's count of a drop box, or a CSV of them.
#[derive(clap::Args)]
pub struct DropArgs {
    #[arg(long, value_name = "NAME", conflicts_with = "import")]
    table: Option<String>,
    /// The gaming day, YYYY-MM-DD.
    #[arg(long, value_name = "DAY", requires = "table")]
    day: Option<String>,
    /// The shift of the gaming day, 1 for the first.
    #[arg(long, value_name = "N", requires = "table")]
    shift: Option<u8>,
    /// The cash counted.
    #[arg(long, value_name = "AMOUNT", requires = "table")]
    cash: Option<String>,
    /// A count room CSV: table;day;shift;amount a line.
    #[arg(long, value_name = "FILE")]
    import: Option<PathBuf>,
    #[command(flatten)]
    signed: Signed,
}

type Pins<'a> = &'a mut dyn FnMut(usize) -> Result<Vec<String>>;

/// Logs in the two signers with their PINs (by first).
fn sign(store: &mut Store, s: &Signed, pins: Pins) -> Result<(users::User, users::User)> {
    money_log::check_names(&s.by, &s.witness)?;
    let p = pins(2)?;
    let by = users::login(store, &s.by, &p[0], None)?;
    let witness = users::login(store, &s.witness, &p[1], None)?;
    Ok((by, witness))
}

pub fn chips(db: &Path, a: &ChipsArgs, pins: Pins) -> Result<(String, ExitCode)> {
    let set = a.set.as_deref().map(ChipSet::parse).transpose()?;
    let threshold = a.cash_threshold.as_deref().map(Money::parse).transpose()?;
    if let (Some(par), Some(table)) = (&a.par, &a.table) {
        let store = Store::open_read(db)?;
        let Some(set) = set.clone().or(money_log::chip_set(&store)?) else {
            bail!("{}", ChipError::NoChipSet);
        };
        Chips::parse(par, &set)?;
        money_log::check_chips_table(&store, table)?;
    }
    if set.is_none() && threshold.is_none() && a.par.is_none() {
        if a.by.is_some() {
            bail!("--by names who sets something: give --set, --par or --cash-threshold too");
        }
        return show_chips(db);
    }
    let Some(by) = &a.by else {
        bail!("setting the chips needs a supervisor or admin (--by NAME, with their PIN)");
    };
    let mut store = croupier::session::open::open(db)?;
    let pin = pins(1)?;
    let who = users::login(&mut store, by, &pin[0], None)?;
    let mut said = Vec::new();
    if let Some(set) = &set {
        match money_log::set_chip_set(&mut store, set, &who)? {
            true => said.push(format!("chip set {set}")),
            false => said.push(format!("the chip set is already {set}")),
        }
    }
    if let Some(t) = threshold {
        money_log::set_cash_threshold(&mut store, t, &who)?;
        said.push(format!("cash threshold {t}"));
    }
    if let (Some(par), Some(table)) = (&a.par, &a.table) {
        let total = money_log::set_par(&mut store, table, par, &who)?;
        said.push(format!("par of {table} {total}"));
    }
    Ok((
        format!("{}: {} (by {})", db.display(), said.join(", "), who.name),
        ExitCode::SUCCESS,
    ))
}

fn show_chips(db: &Path) -> Result<(String, ExitCode)> {
    let store = Store::open_read(db)?;
    let book = money_log::book(&store)?;
    let Some(set) = book.chip_set() else {
        return Ok((
            format!(
                "{}: no chip set (the money side is off; set one with --set \"25 100 500\" --by NAME)",
                db.display()
            ),
            ExitCode::SUCCESS,
        ));
    };
    let mut line = format!("{}: chips {set}", db.display());
    if let Some(t) = book.cash_threshold() {
        line.push_str(&format!("; cash threshold {t}"));
    }
    for (table, par) in book.pars() {
        line.push_str(&format!("; par of {table} {par}"));
    }
    Ok((line, ExitCode::SUCCESS))
}

pub fn tray(db: &Path, a: &TrayArgs, pins: Pins) -> Result<(String, ExitCode)> {
    let moment = match a.moment.as_deref() {
        Some(m) => Some(
            Moment::parse(m)
                .with_context(|| format!("--moment {m:?}: expected opening, change or closing"))?,
        ),
        None => None,
    };
    money_log::check_chips(&Store::open_read(db)?, &a.table, &a.count)?;
    money_log::check_names(&a.signed.by, &a.signed.witness)?;
    let mut store = croupier::session::open::open(db)?;
    let (by, witness) = sign(&mut store, &a.signed, pins)?;
    let moment = match moment {
        Some(m) => m,
        None => match money_log::book(&store)?.open_stretch(a.table.trim()) {
            Some(_) => Moment::Change,
            None => Moment::Opening,
        },
    };
    let s = Signers {
        by: &by,
        witness: &witness,
    };
    let c = money_log::count(&mut store, &a.table, moment, &a.count, s)?;
    let against = match (c.expected, c.difference()) {
        (Some(e), Some(d)) if d == Money::ZERO => format!("as expected ({e})"),
        (Some(e), Some(d)) => format!("expected {e}, difference {d}"),
        _ => "the table's first count".to_string(),
    };
    Ok((
        format!(
            "{}: {} count {} of {}: {against}; signed by {} and {}",
            a.table.trim(),
            moment.word(),
            c.total,
            a.count.trim(),
            by.name,
            witness.name
        ),
        ExitCode::SUCCESS,
    ))
}

pub fn slip(db: &Path, a: &SlipArgs, fill: bool, pins: Pins) -> Result<(String, ExitCode)> {
    money_log::check_chips(&Store::open_read(db)?, &a.table, &a.chips)?;
    money_log::check_names(&a.signed.by, &a.signed.witness)?;
    let mut store = croupier::session::open::open(db)?;
    let (by, witness) = sign(&mut store, &a.signed, pins)?;
    let s = Signers {
        by: &by,
        witness: &witness,
    };
    let made = money_log::slip(&mut store, &a.table, fill, &a.chips, s)?;
    let lang = settings::language(&store, &witness)?.unwrap_or(Lang::En);
    let cal = settings::calendar(&store)?;
    let html = croupier::report::slip_html(&made, lang, settings::currency(&store)?, &cal);
    let kind = if fill { "fill" } else { "credit" };
    let dir = match &a.out {
        Some(d) => d.clone(),
        None => db.parent().map(Path::to_path_buf).unwrap_or_default(),
    };
    // Every database numbers its slips from 1: the table's name keeps two tables' slips
    // in one folder apart.
    let table: String = made
        .table
        .chars()
        .map(|c| if c.is_alphanumeric() { c } else { '-' })
        .collect();
    let path = dir.join(format!("slip-{table}-{kind}-{:06}.html", made.number));
    let written = files::write_new(&path, html.as_bytes(), false);
    let total = made.chips.total();
    let head = format!(
        "{}: {kind} slip {} of {total} ({})",
        made.table, made.number, made.chips
    );
    match written {
        Ok(()) => Ok((
            format!("{head}; slip {}", path.display()),
            ExitCode::SUCCESS,
        )),
        Err(e) => Ok((
            format!("{head} is logged, but its HTML slip was not written: {e}"),
            ExitCode::FAILURE,
        )),
    }
}

pub fn void(db: &Path, a: &VoidArgs, pins: Pins) -> Result<(String, ExitCode)> {
    let mut store = croupier::session::open::open(db)?;
    let pin = pins(1)?;
    let who = users::login(&mut store, &a.by, &pin[0], None)?;
    money_log::void_slip(&mut store, a.slip, &a.reason, &who)?;
    Ok((
        format!(
            "slip {} is void ({}); it stays listed",
            a.slip,
            a.reason.trim()
        ),
        ExitCode::SUCCESS,
    ))
}

fn drop_inputs(a: &DropArgs) -> Result<Vec<DropInput>> {
    if let Some(file) = &a.import {
        let text = files::read_text(file, 16 << 20)
            .with_context(|| format!("reading {}", file.display()))?;
        return money_log::parse_drop_csv(&text)
            .with_context(|| format!("{}: nothing was logged", file.display()));
    }
    let (Some(table), Some(day), Some(shift), Some(cash)) = (&a.table, &a.day, a.shift, &a.cash)
    else {
        bail!("a drop needs --table, --day, --shift and --cash (or --import FILE)");
    };
    let line = format!("{table};{day};{shift};{cash}");
    let mut one = money_log::parse_drop_csv(&line)?;
    one.truncate(1);
    Ok(one)
}

pub fn drop(db: &Path, a: &DropArgs, pins: Pins) -> Result<(String, ExitCode)> {
    let lines = drop_inputs(a)?;
    money_log::check_drops(&Store::open_read(db)?, &lines)?;
    money_log::check_names(&a.signed.by, &a.signed.witness)?;
    let mut store = croupier::session::open::open(db)?;
    let (by, witness) = sign(&mut store, &a.signed, pins)?;
    let s = Signers {
        by: &by,
        witness: &witness,
    };
    let n = money_log::drops(&mut store, &lines, s)?;
    let total: Money = lines.iter().map(|d| d.amount).sum();
    Ok((
        format!(
            "{}: {n} drop count(s) of {total} in all, signed by {} and {}",
            db.display(),
            by.name,
            witness.name
        ),
        ExitCode::SUCCESS,
    ))
}
