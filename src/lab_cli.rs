//! The binary's glue for the house-edge lab (`croupier odds`, `strategy`, `simulate`):
//! arguments, printing, the progress bar. Every figure comes from `croupier::lab`.

use std::fmt::Write as _;
use std::io::Write as _;
use std::path::Path;
use std::process::ExitCode;

use anyhow::{Context, Result, bail};
use serde_json::json;

use croupier::engine::{Card, Rules};
use croupier::i18n::{Lang, decimal};
use croupier::lab::odds::{RESULTS, dealer_odds};
use croupier::lab::simulate::{MIN_INTERVAL_ROUNDS, SimOptions, SimReport, simulate};
use croupier::lab::strategy::Strategy;
use croupier::lab::{Composition, chart};
use croupier::t;

/// The cores to use when `--threads` is not given.
fn cores() -> usize {
    std::thread::available_parallelism().map_or(1, |n| n.get())
}

/// Cards as the dealer types them, separated by spaces or commas.
fn parse_cards(text: &str) -> Result<Vec<Card>> {
    text.split([' ', ','])
        .filter(|s| !s.is_empty())
        .map(|s| s.parse::<Card>().map_err(anyhow::Error::from))
        .collect()
}

/// `croupier odds`.
pub fn odds(rules: &Rules, upcard: &str, removed: Option<&str>, json: bool) -> Result<ExitCode> {
    let up: Card = upcard.parse().context("--upcard")?;
    let mut out_cards = vec![up];
    if let Some(r) = removed {
        out_cards.extend(parse_cards(r).context("--removed")?);
    }
    let shoe = Composition::of(rules, &out_cards)
        .context("the dealer's card and --removed must fit in the rules' shoe")?;
    let odds = dealer_odds(rules, &shoe, up.rank);
    if odds.missing() > 1e-9 {
        bail!(
            "--removed: the shoe runs out before the dealer can finish ({} cards left, \
             a {:.4}% chance of an empty shoe); expected enough cards left to settle his hand",
            shoe.cards_left(),
            odds.missing() * 100.0
        );
    }
    let mut o = String::new();
    if json {
        let map: serde_json::Map<String, serde_json::Value> = RESULTS
            .iter()
            .zip(odds.p)
            .map(|(k, p)| (k.to_string(), json!(p)))
            .collect();
        writeln!(o, "{}", serde_json::Value::Object(map))?;
    } else {
        write!(
            o,
            "{}",
            odds_text(crate::system_lang(), up, shoe.cards_left(), &odds.p)
        )?;
    }
    std::io::stdout()
        .lock()
        .write_all(o.as_bytes())
        .map_err(crate::stdout_error)?;
    Ok(ExitCode::SUCCESS)
}

/// `croupier odds` as a manager reads it, in `lang`: each way the dealer's hand ends, in
/// per cent of the deals from this shoe.
fn odds_text(lang: Lang, up: Card, left: u32, p: &[f64; 7]) -> String {
    let mut o = t!(
        lang,
        "rules-lab-odds-start",
        card = up.to_string(),
        left = left
    );
    o.push('\n');
    o.push_str(&t!(lang, "rules-lab-odds-ends"));
    o.push('\n');
    for (i, (k, p)) in RESULTS.iter().zip(p).enumerate() {
        let name = match i {
            5 => t!(lang, "play-outcome-pontoon"),
            6 => t!(lang, "play-outcome-bust"),
            _ => (*k).to_string(),
        };
        let pct = t!(
            lang,
            "rules-lab-percent",
            value = decimal(lang, p * 100.0, 4)
        );
        o.push_str(&format!("  {name:<8} {pct:>9}\n"));
    }
    o
}

/// The strategy chart's words in `lang`: the house edge, the letters' legend (the letters
/// are the screen's keys in every language), and what a negative edge means.
fn chart_words(lang: Lang, house_edge: f64) -> chart::Words {
    chart::Words {
        edge: t!(
            lang,
            "rules-lab-house-edge",
            edge = decimal(lang, house_edge * 100.0, 4)
        ),
        legend: t!(lang, "rules-lab-legend"),
        note: croupier::i18n::players_edge(lang, house_edge),
    }
}

/// `croupier strategy`.
pub fn strategy(
    rules: &Rules,
    name: &str,
    json: bool,
    out: Option<(&Path, bool)>,
    threads: Option<usize>,
) -> Result<ExitCode> {
    if threads == Some(0) {
        bail!("--threads: expected at least 1");
    }
    if let Some((path, force)) = out {
        crate::refuse_existing(path, force)?;
    }
    let started = std::time::Instant::now();
    let s = Strategy::solve(rules, threads.unwrap_or_else(cores))?;
    let took = started.elapsed();
    // The chart says in the user's language when the rules give the players the edge.
    let words = chart_words(crate::system_lang(), s.house_edge);
    if let Some((path, force)) = out {
        crate::write_report(path, &chart::html(&s, name, &words), force)?;
        eprintln!("wrote {}", path.display());
    }
    let mut o = String::new();
    if json {
        writeln!(o, "{}", serde_json::to_string_pretty(&chart::json(&s))?)?;
    } else {
        write!(o, "{}", chart::text(&s, &words))?;
        writeln!(o, "\nsolved in {:.2} s", took.as_secs_f64())?;
    }
    std::io::stdout()
        .lock()
        .write_all(o.as_bytes())
        .map_err(crate::stdout_error)?;
    Ok(ExitCode::SUCCESS)
}

/// `croupier simulate`.
pub fn simulate_cmd(
    rules: &Rules,
    rounds: u64,
    boxes: u8,
    threads: Option<usize>,
    seed: u64,
    json: bool,
) -> Result<ExitCode> {
    if rounds == 0 {
        bail!("--rounds: expected at least 1");
    }
    let s = Strategy::solve(rules, threads.unwrap_or_else(cores))?;
    let bar = indicatif::ProgressBar::new(rounds);
    if let Ok(style) = indicatif::ProgressStyle::with_template(
        "{bar:40} {pos}/{len} rounds ({per_sec}, {eta} left)",
    ) {
        bar.set_style(style);
    }
    let started = std::time::Instant::now();
    let r = simulate(
        &s,
        SimOptions {
            rounds,
            boxes,
            threads: threads.unwrap_or_else(cores),
            seed,
        },
        &|n| bar.set_position(n),
    )?;
    bar.finish_and_clear();
    let secs = started.elapsed().as_secs_f64();
    let mut o = String::new();
    if json {
        writeln!(
            o,
            "{}",
            serde_json::to_string_pretty(&report_json(&r, &s, secs))?
        )?;
    } else {
        write!(o, "{}", report_text(&r, &s, secs))?;
    }
    std::io::stdout()
        .lock()
        .write_all(o.as_bytes())
        .map_err(crate::stdout_error)?;
    Ok(ExitCode::SUCCESS)
}

fn rate(n: u64, of: u64) -> f64 {
    if of == 0 { 0.0 } else { n as f64 / of as f64 }
}

fn report_json(r: &SimReport, s: &Strategy, secs: f64) -> serde_json::Value {
    let c = &r.counts;
    json!({
        "rounds": r.rounds,
        "boxes": r.boxes,
        "house_edge": r.house_edge,
        "ci95": r.interval().map(|(lo, hi)| [lo, hi]),
        "exact_house_edge": s.house_edge,
        "exact_sd_per_round": s.sd,
        "exact_mean_staked": s.mean_staked,
        "sd_per_round": r.sd,
        "element_of_risk": r.element_of_risk,
        "mean_wager": r.mean_wager,
        "per_box": {
            "pontoon": rate(c.pontoon, c.boxes),
            "five_card_trick": rate(c.five_card_trick, c.boxes),
            "three_of_a_kind": rate(c.three_of_a_kind, c.boxes),
            "bust": rate(c.bust, c.boxes),
            "insurance_taken": rate(c.insurance_taken, c.boxes),
            "insurance_won": rate(c.insurance_won, c.boxes),
            "even_money": rate(c.even_money, c.boxes),
            "surrender": rate(c.surrender, c.boxes),
            "split": rate(c.splits, c.boxes),
            "buy": rate(c.buys, c.boxes),
        },
        "dealer_bust": rate(c.dealer_bust, r.rounds),
        "seconds": secs,
        "rounds_per_second": r.rounds as f64 / secs,
    })
}

fn report_text(r: &SimReport, s_exact: &Strategy, secs: f64) -> String {
    let exact = s_exact.house_edge;
    let c = &r.counts;
    let pct = |x: f64| format!("{:.4}%", x * 100.0);
    let interval = match r.interval() {
        Some((lo, hi)) => format!(
            "95% interval [{}, {}]\n\
             exact edge      {} ({}{})",
            pct(lo),
            pct(hi),
            pct(exact),
            if (lo..=hi).contains(&exact) {
                "inside the interval"
            } else {
                "OUTSIDE the interval"
            },
            if r.boxes > 1 {
                "; the exact edge is one box's alone at the table"
            } else {
                ""
            }
        ),
        None => format!(
            "no interval (fewer than {MIN_INTERVAL_ROUNDS} rounds)\n\
             exact edge      {}",
            pct(exact)
        ),
    };
    let sd_label = if r.boxes > 1 {
        format!(
            "sd of a round's mean net per box, {} boxes: {:.4} units (computed for one box alone: {:.4})",
            r.boxes, r.sd, s_exact.sd
        )
    } else {
        format!(
            "sd of a round   {:.4} units (computed {:.4})",
            r.sd, s_exact.sd
        )
    };
    let mut s = format!(
        "{} rounds × {} box(es) in {:.1} s ({:.0} rounds/s)\n\
         house edge      {} of the initial stake, {interval}\n\
         element of risk {} of everything staked (mean staked {:.4} units a box)\n\
         {sd_label}; staked {:.4} (computed {:.4})\n",
        r.rounds,
        r.boxes,
        secs,
        r.rounds as f64 / secs,
        pct(r.house_edge),
        pct(r.element_of_risk),
        r.mean_wager,
        r.mean_wager,
        s_exact.mean_staked,
    );
    if let Some(note) = croupier::i18n::players_edge(crate::system_lang(), exact) {
        s.push_str(&note);
        s.push('\n');
    } else if r.house_edge < 0.0 {
        s.push_str(
            "a negative simulated edge: the players came out ahead in this sample; \
             the exact edge above is the long run\n",
        );
    }
    s.push_str("per box:\n");
    for (name, n) in [
        ("pontoon", c.pontoon),
        ("five-card trick", c.five_card_trick),
        ("three of a kind", c.three_of_a_kind),
        ("bust", c.bust),
        ("insurance taken", c.insurance_taken),
        ("insurance won", c.insurance_won),
        ("even money", c.even_money),
        ("surrender", c.surrender),
        ("split", c.splits),
        ("buy", c.buys),
    ] {
        s.push_str(&format!("  {name:<16} {}\n", pct(rate(n, c.boxes))));
    }
    s.push_str(&format!(
        "dealer bust      {} of rounds\n",
        pct(rate(c.dealer_bust, r.rounds))
    ));
    s
}
