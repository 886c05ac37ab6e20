//! The `croupier` binary: the command line (clap) and glue. No rule is decided here.

use std::io::{self, BufRead, Read, Write};
use std::path::{Path, PathBuf};
use std::process::ExitCode;

use anyhow::{Context, Result};
use clap::{Parser, Subcommand};

use croupier::engine::{Rules, rules};
use croupier::script::{Script, settlement};

#[derive(Parser)]
#[command(
    name = "croupier",
    version,
    about = "Dealer-assist and audit for casino Pontoon tables"
)]
struct Cli {
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
    /// List the rules presets, or print one as a rules file.
    Rules {
        /// A preset name (czech, belarus).
        name: Option<String>,
    },
}

/// Exit status for input that is not a real round (ROUND-SCRIPT.md).
const BAD_INPUT: u8 = 2;

fn main() -> ExitCode {
    let cli = Cli::parse();
    let result = match cli.command {
        Some(Command::Settle { file, rules, jsonl }) => settle(&file, rules.as_deref(), jsonl),
        Some(Command::Rules { name }) => print_rules(name.as_deref()),
        None => {
            eprintln!(
                "croupier: the dealer screen is not built yet; see `croupier --help` for the commands"
            );
            Ok(ExitCode::SUCCESS)
        }
    };
    match result {
        Ok(code) => code,
        Err(e) => {
            eprintln!("croupier: {e:#}");
            ExitCode::from(BAD_INPUT)
        }
    }
}

fn read_input(file: &Path) -> Result<String> {
    let mut text = String::new();
    if file == Path::new("-") {
        io::stdin()
            .read_to_string(&mut text)
            .context("reading standard input")?;
    } else {
        text =
            std::fs::read_to_string(file).with_context(|| format!("reading {}", file.display()))?;
    }
    Ok(text)
}

fn load_rules(path: &Path) -> Result<Rules> {
    let text = std::fs::read_to_string(path)
        .with_context(|| format!("reading rules file {}", path.display()))?;
    Rules::from_json(&text).with_context(|| format!("rules file {}", path.display()))
}

fn settle(file: &Path, rules_file: Option<&Path>, jsonl: bool) -> Result<ExitCode> {
    let rules = rules_file.map(load_rules).transpose()?;
    if jsonl {
        return settle_lines(file, rules);
    }
    let text = read_input(file)?;
    let round = Script::parse(&text, rules).and_then(|s| s.play())?;
    println!("{}", serde_json::to_string_pretty(&settlement(&round))?);
    Ok(ExitCode::SUCCESS)
}

/// One script per line; a refused line prints `{"line": N, "error": "..."}` and the run
/// ends with exit 2 after all lines.
fn settle_lines(file: &Path, rules: Option<Rules>) -> Result<ExitCode> {
    let reader: Box<dyn BufRead> = if file == Path::new("-") {
        Box::new(io::stdin().lock())
    } else {
        Box::new(io::BufReader::new(
            std::fs::File::open(file).with_context(|| format!("reading {}", file.display()))?,
        ))
    };
    let mut out = io::BufWriter::new(io::stdout().lock());
    let mut failed = 0usize;
    for (i, line) in reader.lines().enumerate() {
        let line = line.with_context(|| format!("reading line {}", i + 1))?;
        if line.trim().is_empty() {
            continue;
        }
        match Script::parse(&line, rules).and_then(|s| s.play()) {
            Ok(round) => serde_json::to_writer(&mut out, &settlement(&round))?,
            Err(e) => {
                failed += 1;
                eprintln!("croupier: line {}: {e}", i + 1);
                serde_json::to_writer(
                    &mut out,
                    &serde_json::json!({"line": i + 1, "error": e.to_string()}),
                )?;
            }
        }
        out.write_all(b"\n")?;
    }
    out.flush()?;
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
                println!("{n}");
            }
        }
        Some(n) => {
            let r = Rules::preset(n)?;
            println!("{r}");
        }
    }
    Ok(ExitCode::SUCCESS)
}
