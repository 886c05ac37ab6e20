//! The `croupier` binary: the command line (clap) and glue. No rule is decided here.

#![forbid(unsafe_code)]

use std::io::{self, BufRead, Read, Write};
use std::path::{Path, PathBuf};
use std::process::ExitCode;

use anyhow::{Context, Result, bail};
use clap::{Parser, Subcommand};

use croupier::engine::pontis::PontisRules;
use croupier::engine::{Limits, Money, Rules, rules};
use croupier::files;
use croupier::log::{Store, default_db_path};
use croupier::pontis_script::{self, PontisScript};
use croupier::script::{MAX_SCRIPT, Script, settlement};
use croupier::session::demo;
use croupier::session::feed::{self, Feed, NewTable, RunError};
use croupier::session::feed_socket::FeedSocket;
use croupier::session::replay::{self, ReplayError};
use croupier::session::users;
use indicatif::{ProgressBar, ProgressStyle};

mod cli_values;
mod lab_cli;
mod money_cli;
mod settings_cli;

#[derive(Parser)]
#[command(
    name = "croupier",
    version,
    about = "Dealer-assist and audit for casino Pontoon tables"
)]
struct Cli {
    /// The database file [default: $CROUPIER_DB, else ~/.local/share/croupier/croupier.db]
    /// (`report` takes several, one per table, for a floor report.)
    #[arg(long, global = true, value_name = "FILE")]
    db: Vec<PathBuf>,
    /// Open the dealer screen full screen (a table terminal).
    #[arg(long)]
    fullscreen: bool,
    /// The folder of house rules files the dealer screen offers when a table is opened,
    /// beside the presets [default: `rules/` in the database's folder].
    #[arg(long, value_name = "DIR")]
    rules_dir: Option<PathBuf>,
    /// The floor: a PostgreSQL connection string, postgresql://user@host:port/dbname
    /// (`sync`, `verify`, `report`, `migrate`, the dealer screen; $CROUPIER_FLOOR for `sync` and
    /// the dealer screen).
    #[arg(long, global = true, value_name = "URL")]
    floor: Option<String>,
    #[command(subcommand)]
    command: Option<Command>,
}

#[derive(Subcommand)]
enum Command {
    /// Settle a round script (shared/ROUND-SCRIPT.md): FILE, or - for standard input.
    Settle {
        /// The round script; `-` reads standard input.
        file: PathBuf,
        /// A rules file that replaces the script's `rules` field.
        #[arg(long, value_name = "FILE")]
        rules: Option<PathBuf>,
        /// Batch form: one round script per line in, one settlement per line out.
        #[arg(long)]
        jsonl: bool,
    },
    /// Referee a Pontis game script (shared/PONTIS-SCRIPT.md): FILE, or - for standard
    /// input. Prints the state, the standings and the winners; exit 2 at the first refused
    /// play.
    Pontis {
        /// The game script; `-` reads standard input.
        file: PathBuf,
        /// A Pontis rules file (jokers, aside, top, score) that replaces the script's `rules`.
        #[arg(long, value_name = "FILE")]
        rules: Option<PathBuf>,
    },
    /// List the rules presets, or print one as a rules file.
    Rules {
        /// A preset name (czech, belarus).
        name: Option<String>,
    },
    /// Check the file's structure and hash chain and replay every round; exit 1 at the
    /// first fault. With --floor, then the file against the floor's copy, and the floor's
    /// own verdict on it (as a floor report's footer gives it): exit 1 unless PASSED.
    Verify {
        /// A chain head kept from earlier (a report's footer, an earlier verify, the
        /// floor): `SEQ:HASH`. Fails unless the file's chain has exactly that hash at SEQ.
        #[arg(long, value_name = "SEQ:HASH")]
        expect_head: Vec<String>,
    },
    /// Print a logged round as a round script that `croupier settle` settles the same.
    ExportRound {
        /// The round's number in this database (1 for the first round logged).
        #[arg(long)]
        round: i64,
    },
    /// Print a logged Pontis game as a game script that `croupier pontis` checks the same.
    ExportGame {
        /// The game's number in this database (1 for the first Pontis game logged).
        #[arg(long)]
        game: i64,
    },
    /// Fill a new database with realistic play, for trying the reports.
    Demo {
        #[arg(long, default_value_t = 1000)]
        rounds: u64,
        #[arg(long, default_value_t = 3)]
        tables: usize,
        #[arg(long, default_value_t = 1)]
        seed: u64,
    },
    /// Upgrade a database to this program's schema (forward migrations, one transaction);
    /// with --floor, the floor instead (as its owner), and no file is touched.
    Migrate,
    /// Live play for the crash test: prints `ack SEQ` after each durable input.
    #[command(hide = true)]
    LivePlay {
        #[arg(long, default_value_t = 1)]
        seed: u64,
        #[arg(long, default_value_t = 1_000_000)]
        rounds: u64,
    },
    /// Drive a table headless: one input a line on standard input (docs/feed.md), each
    /// answered on standard output once it is durable. The dealer's PIN is the first line.
    Feed {
        /// The table's name; an existing table is resumed (a round in play comes back).
        #[arg(long)]
        table: String,
        /// The dealer who runs the table (logs in with the PIN on the first line).
        #[arg(long)]
        dealer: String,
        /// Open the table with this rules preset (needed for a new table; for an existing
        /// table with other rules, only a supervisor may).
        #[arg(long, value_name = "PRESET")]
        rules: Option<String>,
        /// With --rules: the table's minimum bet.
        #[arg(long, requires = "rules")]
        min_bet: Option<String>,
        /// With --rules: the most a box may stake.
        #[arg(long, requires = "rules")]
        box_max: Option<String>,
        /// Read the inputs from clients of a Unix socket at PATH, one at a time, instead of
        /// standard input (which still gives the PIN). `close` ends the feed.
        #[arg(long, value_name = "PATH")]
        socket: Option<PathBuf>,
    },
    /// The exact chance of each final dealer hand for a dealer who starts with --upcard.
    Odds {
        /// A rules preset name or a rules file.
        #[arg(long, value_name = "PRESET|FILE")]
        rules: String,
        /// The dealer's first card (A, 2–10, J, Q, K).
        #[arg(long)]
        upcard: String,
        /// Cards already out of the shoe, e.g. "K 5 A".
        #[arg(long, value_name = "CARDS")]
        removed: Option<String>,
        #[arg(long)]
        json: bool,
    },
    /// The best decision for each hand against each dealer card, and the house edge.
    Strategy {
        /// A rules preset name or a rules file.
        #[arg(long, value_name = "PRESET|FILE")]
        rules: String,
        #[arg(long)]
        json: bool,
        /// Also write the chart as a printable HTML page (never over a file).
        #[arg(long, value_name = "FILE.html")]
        out: Option<PathBuf>,
        /// Replace the --out file if it exists (never a link).
        #[arg(long, requires = "out")]
        force: bool,
        /// Threads [default: all cores].
        #[arg(long)]
        threads: Option<usize>,
    },
    /// Whole rounds played with the best strategy: the house edge with a 95% interval.
    Simulate {
        /// A rules preset name or a rules file.
        #[arg(long, value_name = "PRESET|FILE")]
        rules: String,
        #[arg(long)]
        rounds: u64,
        /// Boxes played each round, each with the strategy.
        #[arg(long, default_value_t = 1)]
        boxes: u8,
        /// Threads [default: all cores].
        #[arg(long)]
        threads: Option<usize>,
        #[arg(long, default_value_t = 1)]
        seed: u64,
        #[arg(long)]
        json: bool,
    },
    /// A report over one or more databases (several --db files make one floor report), or
    /// over every table on the floor (--floor URL).
    Report(ReportArgs),
    /// Send the table's events to the floor (--floor URL or $CROUPIER_FLOOR): one pass,
    /// exit 0 once the floor holds every event; non-zero if the floor refuses them.
    Sync {
        /// Keep going: send each new event as the table logs it, reconnecting as needed.
        #[arg(long)]
        follow: bool,
    },
    /// Set the floor up, as its admin (the role that owns the floor database, with
    /// CREATEROLE): the schema, and the roles tables log in through (croupier_table).
    FloorInit,
    /// The floor's auditor (--floor URL, as a login IN ROLE croupier_auditor): replays
    /// every table database on the floor through the engine, as verify replays a file,
    /// and records how far it got and every mismatch (an alarm). Exit 1 if any replay
    /// fails.
    FloorAudit {
        /// Keep going: replay each new event as the tables send it.
        #[arg(long)]
        follow: bool,
    },
    /// The floor's alarms (--floor URL), each with its number and whether it stands or
    /// was acknowledged, by whom, when and why. With --ack N --why TEXT, alarm N is
    /// acknowledged first, as this login: the floor's owner or its auditor, never the role
    /// that raised it. An acknowledged alarm no longer counts against its table database
    /// (a chain break or a refused replay still does); nothing is ever removed.
    FloorAlarms {
        /// The number of the alarm to acknowledge.
        #[arg(long, value_name = "N", requires = "why")]
        ack: Option<i64>,
        /// What was looked at and what was found, in words (kept with the acknowledgement).
        #[arg(long, value_name = "TEXT", requires = "ack")]
        why: Option<String>,
    },
    /// Compact a closed month, as the floor's owner: its events partition and the
    /// settlements reindexed while the tables go on syncing (README, "Compacting a closed
    /// month"); run it once a month has ended and every table has synced it.
    FloorCompact {
        /// The UTC month, YYYY-MM [default: the month before this one].
        #[arg(long, value_name = "YYYY-MM")]
        month: Option<String>,
    },
    /// Users: add, list, unlock, language. PINs are read from standard input, one per line.
    #[command(subcommand)]
    User(UserCommand),
    /// The table's currency (every table of this database): print it, or set it as a
    /// supervisor or admin (their PIN on standard input). Amounts are never converted.
    Currency {
        /// An ISO 4217 code: CZK, BYN, UAH, EUR, …
        #[arg(long, value_name = "CODE")]
        set: Option<String>,
        /// The supervisor or admin setting it.
        #[arg(long, requires = "set")]
        by: Option<String>,
        /// Confirms naming the currency of a database that already has rounds (their
        /// amounts become that currency, for good).
        #[arg(long, requires = "set")]
        yes: bool,
    },
    /// The gaming day: the casino's time zone and its shifts' local start times (the
    /// first starts the gaming day). Print it, or set it as a supervisor or admin (their
    /// PIN on standard input). Reports and the desk group rounds by it.
    Day {
        /// An IANA time zone: Europe/Prague, Europe/Kyiv, Europe/Minsk, UTC, …
        #[arg(long, value_name = "ZONE")]
        tz: Option<String>,
        /// The shifts' local start times, rising: "06:00 14:00 22:00" (the default).
        #[arg(long, value_name = "TIMES")]
        shifts: Option<String>,
        /// The supervisor or admin setting it.
        #[arg(long)]
        by: Option<String>,
    },
    /// The chip set (its denominations), the cash threshold and the tables' pars: print
    /// them, or set them as a supervisor or admin (their PIN on standard input). A database
    /// without a chip set deals as it always did.
    Chips(money_cli::ChipsArgs),
    /// Count a table's tray, signed by two (PINs of --by and --witness on standard input,
    /// in that order); prints how far the count is from the expected tray.
    Tray(money_cli::TrayArgs),
    /// A fill slip (chips from the cage to the table), numbered, signed by two; writes a
    /// one-page HTML slip.
    Fill(money_cli::SlipArgs),
    /// A credit slip (chips from the table to the cage), numbered, signed by two; writes a
    /// one-page HTML slip.
    Credit(money_cli::SlipArgs),
    /// Void a fill or credit slip, with a reason (a supervisor or admin); it stays listed.
    VoidSlip(money_cli::VoidArgs),
    /// The count room's drop count for a table and shift, or a CSV of them (--import),
    /// signed by two; every line is checked before any is logged.
    Drop(money_cli::DropArgs),
}

#[derive(Subcommand)]
enum UserCommand {
    /// Add a user. Reads the new PIN (line 1) and, after the first user, the PIN of the
    /// admin or supervisor named by --by (line 2) from standard input.
    Add {
        /// The person's name, e.g. "Jana Svoboda".
        name: String,
        #[arg(long, value_enum)]
        role: cli_values::RoleArg,
        /// The admin or supervisor adding this user (not needed for the first admin).
        #[arg(long)]
        by: Option<String>,
    },
    /// List users and whether they are locked.
    List,
    /// Unlock a locked user. Reads the supervisor's PIN from standard input.
    Unlock {
        name: String,
        #[arg(long)]
        by: String,
    },
    /// Reset a user's PIN (an admin anyone's, a supervisor a dealer's). Reads the new PIN
    /// (line 1) and the PIN of the admin or supervisor named by --by (line 2) from standard
    /// input. A locked user stays locked until unlocked.
    Pin {
        name: String,
        #[arg(long)]
        by: String,
    },
    /// Change a user's role (an admin only; never the last admin's). Reads the admin's PIN
    /// from standard input; a promotion to a role with a longer PIN (a dealer made
    /// supervisor or admin) also needs the user's new PIN: then line 1 is the new PIN and
    /// line 2 the admin's (say so with --new-pin-stdin; without it, two lines are read so).
    Role {
        name: String,
        #[arg(long, value_enum)]
        role: cli_values::RoleArg,
        #[arg(long)]
        by: String,
        /// Standard input holds the user's new PIN (line 1), then the admin's (line 2):
        /// both are required, never guessed from how many lines arrive.
        #[arg(long)]
        new_pin_stdin: bool,
    },
    /// Print a user's language, or set it: en, cs, uk or ru. Reads the user's own PIN
    /// from standard input, or, with --by, the supervisor's or admin's.
    Language {
        name: String,
        /// en (English), cs (Czech), uk (Ukrainian) or ru (Russian).
        code: Option<String>,
        /// A supervisor (for a dealer) or an admin setting it for the user.
        #[arg(long, requires = "code")]
        by: Option<String>,
    },
}

/// Exit status for input that is not a real round (ROUND-SCRIPT.md).
const BAD_INPUT: u8 = 2;

/// Exit status when standard output is a pipe whose reader has gone (`croupier … | head`):
/// 128 + SIGPIPE, what a shell reports for a command that a closed pipe stopped. The output
/// was not all delivered, so this is not success; nothing is printed about it.
const BROKEN_PIPE: u8 = 141;

/// Standard output could not be written (a closed pipe, a full disk). Every write to
/// standard output goes through [`outln!`], which returns this instead of panicking.
#[derive(Debug)]
struct StdoutError(io::Error);

impl std::fmt::Display for StdoutError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        // "No space left on device", without Rust's " (os error 28)".
        let why = self.0.to_string();
        let why = match why.rfind(" (os error ") {
            Some(i) if why.ends_with(')') => &why[..i],
            _ => &why,
        };
        write!(f, "cannot write to standard output: {why}")
    }
}

impl std::error::Error for StdoutError {}

fn stdout_error(e: io::Error) -> anyhow::Error {
    anyhow::Error::new(StdoutError(e))
}

/// `println!` that returns the write error (as a [`StdoutError`]) instead of panicking.
macro_rules! outln {
    ($($arg:tt)*) => {
        writeln!(io::stdout().lock(), $($arg)*).map_err(stdout_error)
    };
}

/// `eprintln!` that never panics: if standard error cannot be written, there is nobody
/// left to tell.
macro_rules! note {
    ($($arg:tt)*) => {{
        let _ = writeln!(io::stderr().lock(), $($arg)*);
    }};
}

mod floor_cmd;

fn main() -> ExitCode {
    let cli = match Cli::try_parse() {
        Ok(cli) => cli,
        // Help and version go to standard output, usage errors to standard error (status
        // 2); unlike `Cli::parse`, a help text that could not be written is not a success.
        Err(e) => {
            return match e.print() {
                Ok(()) => ExitCode::from(u8::try_from(e.exit_code()).unwrap_or(BAD_INPUT)),
                Err(io) if !e.use_stderr() => failed(stdout_error(io)),
                Err(_) => ExitCode::from(BAD_INPUT),
            };
        }
    };
    let dbs = if cli.db.is_empty() {
        vec![default_db_path()]
    } else {
        cli.db.clone()
    };
    let db = dbs[0].clone();
    if dbs.len() > 1 && !matches!(cli.command, Some(Command::Report(_))) {
        note!("croupier: only `croupier report` takes several --db files");
        return ExitCode::from(BAD_INPUT);
    }
    let result = match cli.command {
        Some(Command::Settle { file, rules, jsonl }) => settle(&file, rules.as_deref(), jsonl),
        Some(Command::Pontis { file, rules }) => pontis(&file, rules.as_deref()),
        Some(Command::Rules { name }) => print_rules(name.as_deref()),
        Some(Command::Verify { expect_head }) => verify(&db, &expect_head)
            .and_then(|code| floor_cmd::verify_floor(code, &db, cli.floor.as_deref())),
        Some(
            c @ (Command::Sync { .. }
            | Command::FloorInit
            | Command::FloorAudit { .. }
            | Command::FloorCompact { .. }
            | Command::FloorAlarms { .. }),
        ) => floor_command(&db, cli.floor.as_deref(), c),
        Some(Command::Migrate) => migrate_either(&db, !cli.db.is_empty(), cli.floor.as_deref()),
        Some(Command::ExportRound { round }) => export(&db, replay::Export::Round(round)),
        Some(Command::ExportGame { game }) => export(&db, replay::Export::Game(game)),
        Some(Command::Demo {
            rounds,
            tables,
            seed,
        }) => run_demo(&db, rounds, tables, seed),
        Some(Command::User(cmd)) => user(&db, cmd),
        Some(
            c @ (Command::Currency { .. }
            | Command::Day { .. }
            | Command::Chips(_)
            | Command::Tray(_)
            | Command::Fill(_)
            | Command::Credit(_)
            | Command::VoidSlip(_)
            | Command::Drop(_)),
        ) => house_settings_and_money(&db, c),
        Some(Command::Report(args)) => report(&dbs, !cli.db.is_empty(), cli.floor, args),
        Some(c @ (Command::Odds { .. } | Command::Strategy { .. } | Command::Simulate { .. })) => {
            lab_command(c)
        }
        Some(Command::LivePlay { seed, rounds }) => live_play(&db, seed, rounds),
        Some(Command::Feed {
            table,
            dealer,
            rules,
            min_bet,
            box_max,
            socket,
        }) => feed(
            &db,
            &table,
            &dealer,
            rules.as_deref(),
            min_bet,
            box_max,
            socket.as_deref(),
        ),
        None => dealer_screen(db, cli.fullscreen, cli.rules_dir, cli.floor),
    };
    finish(result)
}

/// The house-edge lab's commands: `lab_cli`, on the rules named.
fn lab_command(c: Command) -> Result<ExitCode> {
    match c {
        Command::Odds {
            rules,
            upcard,
            removed,
            json,
        } => rules_arg(&rules)
            .and_then(|(r, _)| lab_cli::odds(&r, &upcard, removed.as_deref(), json)),
        Command::Strategy {
            rules,
            json,
            out,
            force,
            threads,
        } => rules_arg(&rules).and_then(|(r, name)| {
            lab_cli::strategy(&r, &name, json, out.as_deref().map(|o| (o, force)), threads)
        }),
        Command::Simulate {
            rules,
            rounds,
            boxes,
            threads,
            seed,
            json,
        } => rules_arg(&rules)
            .and_then(|(r, _)| lab_cli::simulate_cmd(&r, rounds, boxes, threads, seed, json)),
        _ => anyhow::bail!("internal: main passed a command that is not the lab's"),
    }
}

/// The floor's own commands (a table's `sync` and the admin's and auditor's): `floor_cmd`.
fn floor_command(db: &Path, floor: Option<&str>, c: Command) -> Result<ExitCode> {
    match c {
        Command::Sync { follow } => floor_cmd::sync(db, floor, follow),
        Command::FloorInit => floor_cmd::init(floor),
        Command::FloorAudit { follow } => floor_cmd::audit(floor, follow),
        Command::FloorCompact { month } => floor_cmd::compact(floor, month),
        Command::FloorAlarms { ack, why } => floor_cmd::alarms(floor, ack.zip(why)),
        _ => anyhow::bail!("internal: main passed a command that is not a floor one"),
    }
}

/// The commands a supervisor or admin runs on a table database's settings and money (PINs
/// on standard input): currency, gaming day, chips, tray counts, slips and drops.
fn house_settings_and_money(db: &std::path::Path, command: Command) -> Result<ExitCode> {
    match command {
        Command::Currency { set, by, yes } => {
            settings_cli::currency(db, set.as_deref(), by.as_deref(), yes, first_pin)
                .and_then(print_line)
        }
        Command::Day { tz, shifts, by } => settings_cli::day(
            db,
            settings_cli::DayArgs {
                tz: tz.as_deref(),
                shifts: shifts.as_deref(),
                by: by.as_deref(),
            },
            first_pin,
        )
        .and_then(print_line),
        Command::Chips(a) => money_cli::chips(db, &a, &mut read_pins).and_then(print_line),
        Command::Tray(a) => money_cli::tray(db, &a, &mut read_pins).and_then(print_line),
        Command::Fill(a) => money_cli::slip(db, &a, true, &mut read_pins).and_then(print_line),
        Command::Credit(a) => money_cli::slip(db, &a, false, &mut read_pins).and_then(print_line),
        Command::VoidSlip(a) => money_cli::void(db, &a, &mut read_pins).and_then(print_line),
        Command::Drop(a) => money_cli::drop(db, &a, &mut read_pins).and_then(print_line),
        _ => anyhow::bail!("internal: main passed a command that is not a settings or money one"),
    }
    .map_err(|e| money_worded(system_lang(), e))
}

/// A money refusal in the language (the system's, as `report` takes by default): the
/// closed money and chip errors word by word, as the screens say them. A store's failure,
/// a log that does not read back, and anything else stay as they are.
fn money_worded(lang: croupier::i18n::Lang, e: anyhow::Error) -> anyhow::Error {
    use croupier::session::chips::ChipError;
    use croupier::session::money_log::MoneyError;
    match e.downcast::<MoneyError>() {
        Ok(m @ (MoneyError::Store(_) | MoneyError::Log(_))) => anyhow::Error::new(m),
        Ok(m) => anyhow::anyhow!(croupier::ui::money_words(lang, &m)),
        Err(e) => match e.downcast::<ChipError>() {
            Ok(c) => anyhow::anyhow!(croupier::ui::chip_words(lang, &c)),
            Err(e) => e,
        },
    }
}

/// A command's exit status, once whatever is still buffered has reached standard output
/// (or that failing is the error).
fn finish(result: Result<ExitCode>) -> ExitCode {
    match result.and_then(|code| {
        io::stdout().lock().flush().map_err(stdout_error)?;
        Ok(code)
    }) {
        Ok(code) => code,
        Err(e) => failed(e),
    }
}

/// `croupier migrate`: the table's file (`--db`, or the default), or with `--floor` the
/// floor instead; both named is refused and changes nothing.
fn migrate_either(db: &Path, db_named: bool, floor: Option<&str>) -> Result<ExitCode> {
    match (floor, db_named) {
        (Some(_), true) => {
            note!(
                "croupier: migrate takes --db FILE (a table's file) or --floor URL (the floor), not both"
            );
            Ok(ExitCode::from(BAD_INPUT))
        }
        (Some(url), false) => floor_cmd::migrate(url),
        (None, _) => migrate(db),
    }
}

/// `croupier migrate`: the file brought to this schema.
fn migrate(db: &Path) -> Result<ExitCode> {
    croupier::session::open::open(db)
        .and_then(|mut s| s.compact().map(|()| s))
        .and_then(|mut s| croupier::session::kept_theory::keep_all(&mut s).map(|_| s))
        .map_err(anyhow::Error::from)
        .and_then(|s| {
            outln!(
                "{}: schema {} (chain head event {})",
                db.display(),
                croupier::log::store::SCHEMA_VERSION,
                s.head().0
            )?;
            Ok(ExitCode::SUCCESS)
        })
}

/// No command: the dealer screen, in the system locale's language by default.
fn dealer_screen(
    db: PathBuf,
    fullscreen: bool,
    rules_dir: Option<PathBuf>,
    floor: Option<String>,
) -> Result<ExitCode> {
    croupier::ui::run(
        db,
        fullscreen,
        rules_dir,
        floor.or_else(|| {
            std::env::var("CROUPIER_FLOOR")
                .ok()
                .filter(|u| !u.is_empty())
        }),
        // The system locale, as POSIX orders it: the screens' language by default.
        ["LC_ALL", "LC_MESSAGES", "LANG"]
            .into_iter()
            .find_map(|v| std::env::var(v).ok().filter(|l| !l.is_empty())),
    )
    .map(|()| ExitCode::SUCCESS)
    .map_err(|e| anyhow::anyhow!("the dealer screen could not open a window: {e}"))
}

/// The exit status of a failed command, and its one line on standard error: each cause
/// once (`{:#}`), nothing for a closed standard output (its reader has gone).
fn failed(e: anyhow::Error) -> ExitCode {
    match e.downcast_ref::<StdoutError>() {
        Some(StdoutError(io)) if io.kind() == io::ErrorKind::BrokenPipe => {
            ExitCode::from(BROKEN_PIPE)
        }
        _ => {
            note!("croupier: {e:#}");
            ExitCode::from(BAD_INPUT)
        }
    }
}

/// A script from a file or standard input (`-`), at most [`MAX_SCRIPT`] bytes: a longer
/// one is refused once that much is read, never read whole.
fn read_input(file: &Path) -> Result<String> {
    let limit = MAX_SCRIPT as u64 + 1;
    let mut bytes = Vec::new();
    let what = if file == Path::new("-") {
        io::stdin()
            .take(limit)
            .read_to_end(&mut bytes)
            .context("reading standard input")?;
        "standard input".to_string()
    } else {
        std::fs::File::open(file)
            .and_then(|f| f.take(limit).read_to_end(&mut bytes))
            .with_context(|| format!("reading {}", file.display()))?;
        file.display().to_string()
    };
    if bytes.len() > MAX_SCRIPT {
        bail!("{what}: longer than {MAX_SCRIPT} bytes; expected one script");
    }
    String::from_utf8(bytes)
        .map_err(|_| {
            io::Error::new(
                io::ErrorKind::InvalidData,
                "stream did not contain valid UTF-8",
            )
        })
        .with_context(|| format!("reading {what}"))
}

fn load_rules(path: &Path) -> Result<Rules> {
    let text = files::read_text(path, files::MAX_RULES_BYTES)
        .with_context(|| format!("reading rules file {}", path.display()))?;
    Rules::from_json(&text).with_context(|| format!("rules file {}", path.display()))
}

/// `--rules` of the lab's commands: a preset's name, else a rules file (as `settle
/// --rules` reads one). Returns the rules and the name they go by.
fn rules_arg(arg: &str) -> Result<(Rules, String)> {
    if rules::preset_names().contains(&arg) {
        return Ok((Rules::preset(arg)?, arg.to_string()));
    }
    let path = Path::new(arg);
    if !path.exists() {
        bail!(
            "--rules {arg}: expected a preset ({}) or a rules file",
            rules::preset_names().join(", ")
        );
    }
    Ok((load_rules(path)?, path.display().to_string()))
}

fn settle(file: &Path, rules_file: Option<&Path>, jsonl: bool) -> Result<ExitCode> {
    let rules = rules_file.map(load_rules).transpose()?;
    if jsonl {
        return settle_lines(file, rules);
    }
    let text = read_input(file)?;
    let round = Script::parse(&text, rules).and_then(|s| s.play())?;
    outln!("{}", serde_json::to_string_pretty(&settlement(&round))?)?;
    Ok(ExitCode::SUCCESS)
}

/// `croupier pontis`: the game script checked play by play, its state printed.
fn pontis(file: &Path, rules_file: Option<&Path>) -> Result<ExitCode> {
    let rules = rules_file
        .map(|path| -> Result<PontisRules> {
            let text = files::read_text(path, files::MAX_RULES_BYTES)
                .with_context(|| format!("reading rules file {}", path.display()))?;
            PontisRules::from_json(&text).with_context(|| format!("rules file {}", path.display()))
        })
        .transpose()?;
    let game = PontisScript::parse(&read_input(file)?, rules)?.play()?;
    outln!(
        "{}",
        serde_json::to_string_pretty(&pontis_script::state(&game))?
    )?;
    Ok(ExitCode::SUCCESS)
}

/// One script per line; a refused line (not UTF-8, not JSON, not a real round) prints
/// `{"line": N, "error": "..."}` and the run goes on, then ends with exit 2.
fn settle_lines(file: &Path, rules: Option<Rules>) -> Result<ExitCode> {
    let mut reader: Box<dyn BufRead> = if file == Path::new("-") {
        Box::new(io::stdin().lock())
    } else {
        Box::new(io::BufReader::new(
            std::fs::File::open(file).with_context(|| format!("reading {}", file.display()))?,
        ))
    };
    let mut out = io::BufWriter::new(io::stdout().lock());
    let mut failed = 0usize;
    let mut bytes = Vec::new();
    for n in 1.. {
        // Lines as bytes: a line that is not UTF-8 is refused alone, not the rest of the batch.
        // At most MAX_SCRIPT bytes of a line are kept (the feed's policy): a longer one is
        // read to its end, dropped and refused.
        if feed::read_capped_line(&mut reader, &mut bytes, MAX_SCRIPT)
            .with_context(|| format!("reading line {n}"))?
            == feed::Got::End
        {
            break;
        }
        let line = bytes.as_slice();
        let settled = match std::str::from_utf8(line) {
            _ if line.len() > MAX_SCRIPT => Err(format!(
                "round script: the line is longer than {MAX_SCRIPT} bytes: expected one JSON round script per line"
            )),
            Ok(text) if text.trim().is_empty() => continue,
            Ok(text) => Script::parse(text, rules)
                .and_then(|s| s.play())
                .map_err(|e| e.to_string()),
            Err(e) => Err(format!(
                "round script: not UTF-8 text (byte {} of the line is not valid UTF-8): \
                 expected one JSON round script per line",
                e.valid_up_to() + 1
            )),
        };
        let json = match settled {
            Ok(round) => settlement(&round),
            Err(e) => {
                failed += 1;
                note!("croupier: line {n}: {e}");
                serde_json::json!({"line": n, "error": e})
            }
        };
        let mut text = json.to_string();
        text.push('\n');
        out.write_all(text.as_bytes()).map_err(stdout_error)?;
    }
    out.flush().map_err(stdout_error)?;
    Ok(if failed > 0 {
        ExitCode::from(BAD_INPUT)
    } else {
        ExitCode::SUCCESS
    })
}

fn print_rules(name: Option<&str>) -> Result<ExitCode> {
    match name {
        None => {
            for n in rules::preset_names() {
                outln!("{n}")?;
            }
        }
        Some(n) => {
            let r = Rules::preset(n)?;
            outln!("{r}")?;
        }
    }
    Ok(ExitCode::SUCCESS)
}

fn verify(db: &Path, expect_head: &[String]) -> Result<ExitCode> {
    let expected: Vec<(i64, String)> = expect_head
        .iter()
        .map(|h| replay::parse_head(h).map_err(anyhow::Error::from))
        .collect::<Result<_>>()?;
    // A path that is no file is a wrong argument (exit 2); everything about the file's
    // content, from "not a Croupier database" on, is a failed verification (exit 1).
    if !db.is_file() {
        Store::open_read(db)?;
        bail!("{}: not a file", db.display());
    }
    let not_verified = |e: &dyn std::fmt::Display| {
        // Exit 1 says it whatever becomes of standard output (stderr says it too).
        let _ = outln!("{}: NOT verified: {e}", db.display());
        note!("croupier: verify failed: {e}");
        Ok(ExitCode::from(1))
    };
    let store = match Store::open_read(db) {
        Ok(s) => s,
        Err(e) => return not_verified(&e),
    };
    let total = store.head().0.max(1) as u64;
    let bar = progress(total, "events");
    let result = replay::verify(&store, |seq| bar.set_position(seq as u64))
        .and_then(|v| replay::check_heads(&store, &expected).map(|()| v));
    bar.finish_and_clear();
    match result {
        Ok(v) => {
            outln!("{}: verified", db.display())?;
            outln!("  events:       {}", v.events)?;
            outln!(
                "  rounds:       {} ({} settled, {} in play, {} voided, {} corrected)",
                v.rounds,
                v.settled,
                v.in_play,
                v.voided,
                v.corrected
            )?;
            outln!("  refused:      {} inputs; undos: {}", v.refused, v.undos)?;
            outln!("  tables:       {}", v.tables)?;
            if v.games > 0 {
                outln!(
                    "  pontis games: {} ({} ended, {} in play); refused: {} inputs; undos: {}",
                    v.games,
                    v.games_ended,
                    v.games_in_play,
                    v.games_refused,
                    v.games_undos
                )?;
            }
            outln!("  chain head:   event {} {}", v.head.0, v.head.1)?;
            for (seq, hash) in &expected {
                outln!("  kept head:    event {seq} {hash} matches")?;
            }
            Ok(ExitCode::SUCCESS)
        }
        Err(e) => not_verified(&e),
    }
}

/// Prints a logged round or Pontis game as its script (`export-round`, `export-game`).
fn export(db: &Path, what: replay::Export) -> Result<ExitCode> {
    let store = Store::open_read(db)?;
    let script = match replay::export(&store, what) {
        Ok(x) => x,
        Err(ReplayError::Store(e)) => return Err(e.into()),
        Err(e) => {
            let named = match what {
                replay::Export::Round(n) => format!("round {n}"),
                replay::Export::Game(n) => format!("Pontis game {n}"),
            };
            bail!(
                "{}: {named} cannot be exported: {e} (run `croupier verify`)",
                db.display()
            )
        }
    };
    outln!("{}", serde_json::to_string_pretty(&script)?)?;
    Ok(ExitCode::SUCCESS)
}

fn run_demo(db: &Path, rounds: u64, tables: usize, seed: u64) -> Result<ExitCode> {
    let mut store = croupier::session::open::open_with(db, Box::new(demo::clock_for(seed)))?;
    let bar = progress(rounds, "rounds");
    let summary = demo::fill(&mut store, rounds, tables, seed, |n| bar.set_position(n))?;
    bar.finish_and_clear();
    outln!(
        "{}: {} rounds at {} tables over {} shifts, {} events",
        db.display(),
        summary.rounds,
        summary.tables,
        summary.shifts,
        summary.events
    )?;
    outln!("demo users (name, role, PIN):")?;
    for (name, role, pin) in demo::DEMO_USERS {
        outln!("  {name:<16} {:<10} {pin}", role.name())?;
    }
    Ok(ExitCode::SUCCESS)
}

/// `n` PINs, one a line; a line is read to at most the feed's cap ([`feed::MAX_LINE`]
/// bytes kept, the rest dropped), so that a huge line costs no memory.
fn read_pins(n: usize) -> Result<Vec<String>> {
    let pins = read_some_pins(n)?;
    if pins.len() < n {
        bail!(
            "expected {n} PIN(s) on standard input, one per line (got {})",
            pins.len()
        );
    }
    Ok(pins)
}

/// Up to `n` PINs, one a line, as many as standard input has.
fn read_some_pins(n: usize) -> Result<Vec<String>> {
    let mut pins = Vec::new();
    let (mut input, mut line) = (io::stdin().lock(), Vec::new());
    while pins.len() < n
        && feed::read_line(&mut input, &mut line).context("reading a PIN from standard input")?
    {
        if line.len() > feed::MAX_LINE {
            bail!(
                "PIN line {}: longer than {} bytes; expected a PIN of digits, one per line",
                pins.len() + 1,
                feed::MAX_LINE
            );
        }
        let pin = std::str::from_utf8(&line)
            .map_err(|_| {
                io::Error::new(
                    io::ErrorKind::InvalidData,
                    "stream did not contain valid UTF-8",
                )
            })
            .context("reading a PIN from standard input")?;
        pins.push(pin.trim().to_string());
    }
    line.fill(0);
    Ok(pins)
}

/// The one PIN a command reads from standard input.
fn first_pin() -> Result<String> {
    Ok(read_pins(1)?.remove(0))
}

/// A command's one line of output, then its exit status.
fn print_line((line, code): (String, ExitCode)) -> Result<ExitCode> {
    outln!("{line}")?;
    Ok(code)
}

fn user(db: &Path, cmd: UserCommand) -> Result<ExitCode> {
    match cmd {
        UserCommand::Add { name, role, by } => {
            let mut store = croupier::session::open::open(db)?;
            let pins = read_pins(if by.is_some() { 2 } else { 1 })?;
            let by_user = match &by {
                Some(b) => Some(users::login(&mut store, b, &pins[1], None)?),
                None => None,
            };
            let u = users::add_user(&mut store, &name, role.into(), &pins[0], by_user.as_ref())?;
            outln!("{}: added {} ({})", db.display(), u.name, u.role.name())?;
        }
        UserCommand::List => {
            let store = Store::open_read(db)?;
            for (u, locked) in users::list(&store)? {
                outln!(
                    "{:<24} {:<10}{}",
                    u.name,
                    u.role.name(),
                    if locked { " LOCKED" } else { "" }
                )?;
            }
        }
        UserCommand::Language { name, code, by } => {
            return settings_cli::language(db, &name, code.as_deref(), by.as_deref(), first_pin)
                .and_then(print_line);
        }
        UserCommand::Unlock { name, by } => {
            let mut store = croupier::session::open::open(db)?;
            let pins = read_pins(1)?;
            let sup = users::login(&mut store, &by, &pins[0], None)?;
            users::unlock(&mut store, &name, &sup)?;
            outln!("{}: unlocked {name}", db.display())?;
        }
        UserCommand::Pin { name, by } => {
            let mut store = croupier::session::open::open(db)?;
            let pins = read_pins(2)?;
            let sup = users::login(&mut store, &by, &pins[1], None)?;
            let u = users::change_user(&mut store, &name, users::Change::Pin(&pins[0]), &sup)?;
            outln!("{}: reset the PIN of {}", db.display(), u.name)?;
        }
        UserCommand::Role {
            name,
            role,
            by,
            new_pin_stdin,
        } => {
            let mut store = croupier::session::open::open(db)?;
            // With --new-pin-stdin: the user's new PIN, then the admin's, both required.
            // Without (the older form): one line is the admin's PIN; two, the user's new
            // PIN, then the admin's.
            let pins = if new_pin_stdin {
                read_pins(2)?
            } else {
                read_some_pins(2)?
            };
            let Some(admin_pin) = pins.last() else {
                bail!(
                    "expected the admin's PIN on standard input (after the user's new PIN when the new role needs a longer one)"
                );
            };
            let admin = users::login(&mut store, &by, admin_pin, None)?;
            let change = match pins.len() {
                2 => users::Change::RoleWithPin(role.into(), &pins[0]),
                _ => users::Change::Role(role.into()),
            };
            let u = users::change_user(&mut store, &name, change, &admin)?;
            outln!("{}: {} is now {}", db.display(), u.name, u.role.name())?;
        }
    }
    Ok(ExitCode::SUCCESS)
}

/// A progress bar on standard error (hidden when that is not a terminal).
fn progress(total: u64, what: &str) -> ProgressBar {
    let bar = ProgressBar::new(total);
    if let Ok(style) =
        ProgressStyle::with_template(&format!("{{bar:40}} {{pos}}/{{len}} {what} ({{eta}} left)"))
    {
        bar.set_style(style);
    }
    bar
}

fn live_play(db: &Path, seed: u64, rounds: u64) -> Result<ExitCode> {
    let mut store = croupier::session::open::open(db)?;
    let mut out = io::stdout().lock();
    demo::live_play(&mut store, seed, rounds, |seq| {
        let _ = writeln!(out, "ack {seq}");
        let _ = out.flush();
    })?;
    Ok(ExitCode::SUCCESS)
}

/// `croupier feed`: login from the first line, then one answer per line, flushed, each
/// written only after the feed returned (the input is durable). EOF ends it, table open.
/// With `--socket`, the lines come from the socket's clients, one at a time.
fn feed(
    db: &Path,
    table: &str,
    dealer: &str,
    preset: Option<&str>,
    min_bet: Option<String>,
    box_max: Option<String>,
    socket: Option<&Path>,
) -> Result<ExitCode> {
    let new = match preset {
        Some(p) => {
            let money = |m: Option<String>| m.as_deref().map(Money::parse).transpose();
            let limits = Limits::new(
                money(min_bet).context("--min-bet")?,
                money(box_max).context("--box-max")?,
            )?;
            Some(NewTable {
                rules: Rules::preset(p)?,
                preset: Some(p.to_string()),
                limits,
            })
        }
        None => None,
    };
    // The socket first: a path that cannot serve is refused before anyone logs in.
    let socket = socket.map(FeedSocket::bind).transpose()?;
    let mut store = croupier::session::open::open(db)?;
    let mut input = io::stdin().lock();
    let mut line = Vec::new();
    if !feed::read_line(&mut input, &mut line).context("reading the PIN")? {
        bail!("expected the dealer's PIN on the first line of standard input");
    }
    let pin = String::from_utf8_lossy(&line).trim().to_string();
    line.fill(0);
    let user = users::login(&mut store, dealer, &pin, None)
        .with_context(|| format!("login as {dealer}"))?;
    drop(pin);
    let mut feed = Feed::open(store, user, table, new)?;
    if let Some(socket) = socket {
        socket.serve(&mut feed)?;
        return Ok(ExitCode::SUCCESS);
    }
    match feed::run(&mut feed, &mut input, &mut io::stdout().lock()) {
        Ok(()) => Ok(ExitCode::SUCCESS),
        Err(RunError::Write(e)) => Err(stdout_error(e)),
        Err(RunError::Read(e)) => Err(anyhow::Error::new(e).context("reading standard input")),
        Err(RunError::Feed(e)) => Err(e.into()),
    }
}

#[derive(clap::Args)]
struct ReportArgs {
    /// First day, YYYY-MM-DD (UTC).
    #[arg(long)]
    from: String,
    /// Last day, YYYY-MM-DD (UTC), included.
    #[arg(long)]
    to: String,
    /// Only this table (by name).
    #[arg(long)]
    table: Option<String>,
    /// Only this dealer (by name).
    #[arg(long)]
    dealer: Option<String>,
    #[arg(long, value_enum)]
    kind: cli_values::KindArg,
    #[arg(long, value_enum)]
    format: cli_values::FormatArg,
    /// A folder (the file is named after the report) or, for json and html, a file
    /// name; `-` prints json or html to standard output. Default: reports/.
    #[arg(long)]
    out: Option<PathBuf>,
    /// A bet winning more than this is listed in the exceptions report.
    #[arg(long, default_value = "1000")]
    threshold: String,
    /// Do not run verify (the footer then says NOT RUN). For a quick look only.
    #[arg(long)]
    skip_verify: bool,
    /// Overwrite report files that already exist (without it they are refused, untouched).
    #[arg(long)]
    force: bool,
    /// The language of an HTML or CSV report: en, cs, uk or ru [default: the system's
    /// (LC_ALL, LC_MESSAGES, LANG), else English]. JSON is always locale-neutral.
    #[arg(long, value_name = "CODE", value_parser = |s: &str| croupier::i18n::Lang::parse(s))]
    lang: Option<croupier::i18n::Lang>,
    /// CSV for which spreadsheets: comma (`,` and a decimal point) or semicolon (`;` and a
    /// decimal comma) [default: as the language writes decimals].
    #[arg(long, value_enum, value_name = "STYLE")]
    csv_style: Option<cli_values::CsvStyleArg>,
}

/// Writes a report as `format` to `out` (a folder, a file for json or html, `-` for
/// standard output; default `reports/`), never over a file unless `force`: the files
/// written. The rounds and exceptions reports are read from `src` as they are written.
fn write_out(
    r: &mut croupier::report::Streamed,
    src: &mut dyn croupier::report::data::Source,
    format: croupier::report::Format,
    out: Option<PathBuf>,
    force: bool,
    style: &croupier::report::Style,
) -> Result<Vec<PathBuf>> {
    use croupier::report::{self, Format, StreamError};
    let out = out.unwrap_or_else(|| PathBuf::from("reports"));
    let stdout = out == Path::new("-");
    let target = |ext: &str| -> Result<PathBuf> {
        if out.extension().is_some_and(|e| e == ext) {
            Ok(out.clone())
        } else {
            std::fs::create_dir_all(&out).with_context(|| format!("creating {}", out.display()))?;
            Ok(out.join(report::file_name(r.report(), ext)))
        }
    };
    // Standard output's own words when it cannot be written.
    let to_stdout = |e: StreamError| match e {
        StreamError::Io(e) => stdout_error(e),
        e => e.into(),
    };
    Ok(match format {
        Format::Csv if stdout => {
            bail!("csv is one file per table of the report: give --out a folder")
        }
        Format::Csv => {
            for p in report::csv_paths(r.report(), &out) {
                refuse_existing(&p, force)?;
            }
            r.write_csv(src, &out, force, style)?
        }
        Format::Json if stdout => {
            r.write_json(src, &mut io::stdout().lock())
                .map_err(to_stdout)?;
            vec![]
        }
        Format::Html if stdout => {
            let mut o = io::stdout().lock();
            r.write_html(src, &mut o, style).map_err(to_stdout)?;
            writeln!(o).map_err(stdout_error)?;
            vec![]
        }
        Format::Json => {
            let p = target("json")?;
            let mut file = create_report(&p, force)?;
            r.write_json(src, &mut file)
                .inspect_err(|_| files::discard(&p))
                .with_context(|| format!("writing {}", p.display()))?;
            vec![p]
        }
        Format::Html => {
            let p = target("html")?;
            let mut file = create_report(&p, force)?;
            r.write_html(src, &mut file, style)
                .inspect_err(|_| files::discard(&p))
                .with_context(|| format!("writing {}", p.display()))?;
            vec![p]
        }
    })
}

/// The system's language: the first of LC_ALL, LC_MESSAGES, LANG that is set, if it is one
/// of ours; else English.
fn system_lang() -> croupier::i18n::Lang {
    ["LC_ALL", "LC_MESSAGES", "LANG"]
        .iter()
        .filter_map(|v| std::env::var(v).ok())
        .find(|v| !v.is_empty())
        .and_then(|v| croupier::i18n::Lang::from_locale(&v))
        .unwrap_or(croupier::i18n::Lang::En)
}

/// Refuses to replace an existing file (or a link, even a dangling one) unless `--force`.
/// Even with `--force` a symbolic link is refused (`files::create`): a report is never
/// written through one.
fn refuse_existing(path: &Path, force: bool) -> Result<()> {
    if !force && files::exists(path) {
        bail!(
            "{} already exists: not overwritten (give --force to overwrite it)",
            path.display()
        );
    }
    Ok(())
}

/// Writes a new report file; with `force`, replaces a regular file of the same name.
fn write_report(path: &Path, text: &str, force: bool) -> Result<()> {
    use std::io::Write as _;
    let mut file = create_report(path, force)?;
    file.write_all(text.as_bytes())
        .and_then(|()| file.flush())
        .with_context(|| format!("writing {}", path.display()))
}

/// Creates a new report file to write; with `force`, replaces a regular file of the same
/// name.
fn create_report(path: &Path, force: bool) -> Result<std::fs::File> {
    refuse_existing(path, force)?;
    // Atomic with the check above: a file that appeared since is not overwritten.
    files::create(path, force).or_else(|e| match e {
        files::WriteError::Exists(_) => refuse_existing(path, false)
            .and_then(|()| bail!("{} already exists: not overwritten", path.display())),
        files::WriteError::Io { error, .. } => {
            Err(anyhow::Error::new(error).context(format!("writing {}", path.display())))
        }
        e => Err(e.into()),
    })
}

fn report(
    dbs: &[PathBuf],
    explicit_db: bool,
    floor: Option<String>,
    a: ReportArgs,
) -> Result<ExitCode> {
    use croupier::report::{self, Format, Period, Style};
    let lang = a.lang.unwrap_or_else(system_lang);
    let style = Style {
        lang,
        csv: a.csv_style.map_or(report::CsvStyle::of(lang), Into::into),
    };
    let kind: report::Kind = a.kind.into();
    let format: Format = a.format.into();
    let period = Period::parse(&a.from, &a.to)?;
    let threshold = croupier::engine::Money::parse(&a.threshold).context("--threshold")?;
    if floor.is_some() && explicit_db {
        bail!("a report reads either --db files or the floor (--floor URL), not both");
    }
    let stores = if floor.is_some() {
        Vec::new()
    } else {
        dbs.iter()
            .map(|p| Store::open_read(p))
            .collect::<Result<Vec<_>, _>>()?
    };
    let generated_at = chrono::Utc::now()
        .format("%Y-%m-%d %H:%M:%S UTC")
        .to_string();
    // JSON is locale-neutral: its words are English.
    let words = match format {
        Format::Json => croupier::i18n::Lang::En,
        _ => lang,
    };
    // The system user, else "name unknown" in the report's language.
    let by = match ["USER", "LOGNAME"]
        .into_iter()
        .find_map(|v| std::env::var(v).ok().filter(|u| !u.trim().is_empty()))
    {
        Some(user) => croupier::t!(words, "report-footer-generated-by-cli", user = user),
        None => croupier::t!(words, "report-footer-generated-by-cli-unnamed"),
    };
    let spinner = ProgressBar::new_spinner();
    let options = report::Options {
        kind,
        period,
        table: a.table.as_deref(),
        dealer: a.dealer.as_deref(),
        threshold,
        verify: !a.skip_verify,
        generated_by: &by,
        generated_at: &generated_at,
    };
    let tell = |msg: &str| {
        spinner.set_message(msg.to_string());
        spinner.tick();
    };
    let (mut files_src, mut floor_src);
    let src: &mut dyn report::data::Source = match floor {
        Some(url) => {
            floor_src = floor_cmd::source(&url)?;
            &mut floor_src
        }
        None => {
            files_src = report::data::Files(&stores);
            &mut files_src
        }
    };
    let mut streamed = report::stream_from(src, &options, tell)?;
    let written = write_out(&mut streamed, src, format, a.out, a.force, &style);
    spinner.finish_and_clear();
    let files = written?;
    let r = streamed.report();
    for f in &files {
        note!("wrote {}", f.display());
    }
    Ok(verdict_code(&r.sources))
}

/// A report's exit code from its databases' verdicts, said on stderr: 1 if any FAILED,
/// NOT YET REPLAYED or NOT YET CHECKED (never 0 for what was not checked), else 0.
fn verdict_code(sources: &[croupier::report::Provenance]) -> ExitCode {
    let any = |f: fn(&croupier::report::Verified) -> bool| {
        sources.iter().any(|s| s.verified.as_ref().is_some_and(f))
    };
    if any(|v| matches!(v, croupier::report::Verified::Failed(_))) {
        note!("croupier: verify FAILED for at least one database: see the report's footer");
        return ExitCode::from(1);
    }
    if any(|v| matches!(v, croupier::report::Verified::NotReplayed { .. })) {
        note!(
            "croupier: NOT YET REPLAYED: the floor's auditor has not replayed every event of at least one table database (run `croupier floor-audit`): see the report's footer"
        );
        return ExitCode::from(1);
    }
    if any(|v| matches!(v, croupier::report::Verified::TotalsNotChecked { .. })) {
        note!(
            "croupier: NOT YET CHECKED: the floor's auditor has not checked the kept totals of at least one table database through its last event (run `croupier floor-audit`): see the report's footer"
        );
        return ExitCode::from(1);
    }
    ExitCode::SUCCESS
}
