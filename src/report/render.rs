//! The three formats. CSV: one file per table of the report plus the footer, for
//! spreadsheets. JSON: one document for other systems. HTML: one self-contained printable
//! page (the template in `reports/`, inline CSS, SVG charts, no scripts, nothing fetched).

use std::fmt::Write;
use std::path::{Path, PathBuf};

use serde_json::{Value, json};

use super::{Cell, Chart, Report};

/// The HTML template, compiled in so that a report needs no file beside the binary.
const TEMPLATE: &str = include_str!("../../reports/template.html");

fn slug(s: &str) -> String {
    s.chars()
        .map(|c| {
            if c.is_ascii_alphanumeric() {
                c.to_ascii_lowercase()
            } else {
                '-'
            }
        })
        .collect()
}

fn base_name(r: &Report) -> String {
    format!("{}-{}_{}", r.kind.name(), r.period.from, r.period.to)
}

/// Text that a spreadsheet would run as a formula (`=`, `+`, `-`, `@`, and tab and carriage
/// return, the OWASP list) gets a leading `'`, so it is shown as the text it is. Only for
/// text cells: numbers (`-12.50`) are written as they are.
fn spreadsheet_safe(text: String) -> String {
    if text.starts_with(['=', '+', '-', '@', '\t', '\r']) {
        format!("'{text}")
    } else {
        text
    }
}

/// The CSV files a report makes in `dir`: one per section, then the footer.
pub fn csv_paths(r: &Report, dir: &Path) -> Vec<PathBuf> {
    let base = base_name(r);
    r.sections
        .iter()
        .map(|s| dir.join(format!("{base}-{}.csv", slug(&s.name))))
        .chain([dir.join(format!("{base}-footer.csv"))])
        .collect()
}

/// Writes the CSV files into `dir`; returns their paths, those of [`csv_paths`]. A file of
/// the same name is replaced only when `replace` is set (`--force`); otherwise finding one
/// is an error, decided when the file is created, so a file that appeared since the
/// caller looked is not overwritten either.
pub fn render_csv(r: &Report, dir: &Path, replace: bool) -> Result<Vec<PathBuf>, String> {
    std::fs::create_dir_all(dir).map_err(|e| format!("{}: {e}", dir.display()))?;
    let files = csv_paths(r, dir);
    let write = |path: &Path,
                 header: &[&str],
                 rows: &mut dyn Iterator<Item = Vec<String>>|
     -> Result<(), String> {
        let file = std::fs::OpenOptions::new()
            .write(true)
            .create(true)
            .truncate(true)
            .create_new(!replace)
            .open(path)
            .map_err(|e| format!("{}: {e}", path.display()))?;
        let mut w = csv::Writer::from_writer(file);
        w.write_record(header).map_err(|e| e.to_string())?;
        for row in rows {
            w.write_record(&row).map_err(|e| e.to_string())?;
        }
        w.flush().map_err(|e| format!("{}: {e}", path.display()))
    };
    for (s, path) in r.sections.iter().zip(&files) {
        write(
            path,
            &s.columns,
            &mut s.rows.iter().map(|row| {
                row.iter()
                    .map(|c| match c {
                        Cell::Text(t) => spreadsheet_safe(t.clone()),
                        number => number.text(),
                    })
                    .collect()
            }),
        )?;
    }
    if let Some(path) = files.last() {
        write(
            path,
            &["field", "value"],
            &mut r
                .footer()
                .into_iter()
                .map(|(k, v)| vec![spreadsheet_safe(k), spreadsheet_safe(v)]),
        )?;
    }
    Ok(files)
}

/// The report as one JSON document.
pub fn render_json(r: &Report) -> Value {
    json!({
        "report": r.kind.name(),
        "period": {"from": r.period.from.to_string(), "to": r.period.to.to_string()},
        "sections": r.sections.iter().map(|s| json!({
            "name": s.name,
            "columns": s.columns,
            "rows": s.rows.iter().map(|row| row.iter().map(|c| c.json()).collect::<Vec<_>>()).collect::<Vec<_>>(),
        })).collect::<Vec<_>>(),
        "generated_by": r.generated_by,
        "generated_at": r.generated_at,
        "databases": r.sources.iter().map(|s| json!({
            "path": s.path,
            "chain_head": {"seq": s.head_seq, "hash": s.head_hash},
            "verify": match &s.verified {
                Some(Ok(v)) => json!({"passed": true, "detail": v}),
                Some(Err(e)) => json!({"passed": false, "detail": e}),
                None => json!({"passed": null, "detail": "not run (--skip-verify)"}),
            },
        })).collect::<Vec<_>>(),
        "footer": r.footer().into_iter().map(|(k, v)| json!([k, v])).collect::<Vec<_>>(),
    })
}

fn esc(s: &str) -> String {
    s.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
        .replace('"', "&quot;")
}

/// A bar chart as inline SVG; bars below zero hang from the zero line.
fn svg(c: &Chart) -> String {
    let (w, h, pad) = (640.0_f64, 200.0_f64, 30.0_f64);
    let max = c.bars.iter().map(|b| b.1).fold(0.0_f64, f64::max);
    let min = c.bars.iter().map(|b| b.1).fold(0.0_f64, f64::min);
    let span = if max - min > 0.0 { max - min } else { 1.0 };
    let plot_h = h - 2.0 * pad;
    let y = |v: f64| pad + (max - v) / span * plot_h;
    let n = c.bars.len().max(1) as f64;
    let bw = (w - 2.0 * pad) / n;
    let mut out = format!(
        r#"<svg xmlns="http://www.w3.org/2000/svg" width="{w}" height="{h}" viewBox="0 0 {w} {h}" role="img" aria-label="{}">"#,
        esc(&c.title)
    );
    let zero = y(0.0);
    let _ = write!(
        out,
        r##"<line x1="{pad}" y1="{zero:.1}" x2="{:.1}" y2="{zero:.1}" stroke="#333"/>"##,
        w - pad
    );
    let _ = write!(
        out,
        r##"<text x="2" y="{:.1}" font-size="10">{}{u}</text><text x="2" y="{:.1}" font-size="10">{}{u}</text>"##,
        pad,
        fixed(max, 0),
        h - pad,
        fixed(min, 0),
        u = c.unit
    );
    let label_every = (n / 12.0).ceil().max(1.0) as usize;
    for (i, (label, v)) in c.bars.iter().enumerate() {
        let x = pad + i as f64 * bw;
        let (top, height) = if *v >= 0.0 {
            (y(*v), zero - y(*v))
        } else {
            (zero, y(*v) - zero)
        };
        let color = if *v >= 0.0 { "#2a6" } else { "#c33" };
        let _ = write!(
            out,
            r#"<rect x="{:.1}" y="{top:.1}" width="{:.1}" height="{:.1}" fill="{color}"><title>{} {}{}</title></rect>"#,
            x + 1.0,
            (bw - 2.0).max(1.0),
            height.max(0.5),
            esc(label),
            fixed(*v, 2),
            c.unit
        );
        if i % label_every == 0 {
            let _ = write!(
                out,
                r#"<text x="{:.1}" y="{:.1}" font-size="9">{}</text>"#,
                x + 1.0,
                h - pad + 12.0,
                esc(label)
            );
        }
    }
    out.push_str("</svg>");
    out
}

/// The report as one self-contained HTML page.
pub fn render_html(r: &Report) -> String {
    let mut charts = String::new();
    if !r.charts.is_empty() {
        charts.push_str(r#"<div class="charts">"#);
        for c in &r.charts {
            let _ = write!(
                charts,
                r#"<div class="chart"><h3>{}</h3>{}</div>"#,
                esc(&c.title),
                svg(c)
            );
        }
        charts.push_str("</div>");
    }
    let mut sections = String::new();
    for s in &r.sections {
        let _ = write!(sections, "<h2>{}</h2>", esc(&s.name));
        if s.rows.is_empty() {
            sections.push_str("<p>None in this period.</p>");
            continue;
        }
        sections.push_str("<table><thead><tr>");
        for c in &s.columns {
            let _ = write!(sections, "<th>{}</th>", esc(c));
        }
        sections.push_str("</tr></thead><tbody>");
        for row in &s.rows {
            sections.push_str("<tr>");
            for c in row {
                let t = c.text();
                let class = match (c.is_number(), t.starts_with('-')) {
                    (true, true) => " class=\"n neg\"",
                    (true, false) => " class=\"n\"",
                    _ => "",
                };
                let _ = write!(sections, "<td{class}>{}</td>", esc(&t));
            }
            sections.push_str("</tr>");
        }
        sections.push_str("</tbody></table>");
    }
    let mut footer = String::from("<table>");
    for (k, v, verdict) in r.footer_lines() {
        let class = match verdict {
            Some(true) => " class=\"pass\"",
            Some(false) => " class=\"fail\"",
            None => "",
        };
        let _ = write!(
            footer,
            "<tr><td>{}</td><td{class}>{}</td></tr>",
            esc(&k),
            esc(&v)
        );
    }
    footer.push_str("</table>");
    let subtitle = format!(
        "{} to {} · {} database(s)",
        r.period.from,
        r.period.to,
        r.sources.len()
    );
    fill(
        TEMPLATE,
        &[
            ("title", &esc(r.kind.title())),
            ("subtitle", &esc(&subtitle)),
            ("charts", &charts),
            ("sections", &sections),
            ("footer", &footer),
        ],
    )
}

/// Fills the template's `{{name}}` places in one pass over the template: what is put in is
/// never read again, so data (a table named `{{footer}}`) cannot act as a place. A place
/// without a value stays as it is written.
fn fill(template: &str, values: &[(&str, &str)]) -> String {
    let mut out =
        String::with_capacity(template.len() + values.iter().map(|v| v.1.len()).sum::<usize>());
    let mut rest = template;
    while let Some(open) = rest.find("{{") {
        out.push_str(&rest[..open]);
        let after = &rest[open + 2..];
        let value = after.find("}}").and_then(|close| {
            let name = &after[..close];
            values
                .iter()
                .find(|(n, _)| *n == name)
                .map(|(_, v)| (*v, close))
        });
        match value {
            Some((v, close)) => {
                out.push_str(v);
                rest = &after[close + 2..];
            }
            None => {
                out.push_str("{{");
                rest = after;
            }
        }
    }
    out.push_str(rest);
    out
}

/// The file name a report gets in a folder.
pub fn file_name(r: &Report, ext: &str) -> String {
    format!("{}.{ext}", base_name(r))
}

/// `v` to `places` decimals, with no sign on a value that rounds to zero ("0", not "-0").
fn fixed(v: f64, places: usize) -> String {
    let t = format!("{v:.places$}");
    match t.strip_prefix('-') {
        Some(rest) if rest.chars().all(|c| c == '0' || c == '.') => rest.to_string(),
        _ => t,
    }
}

/// `v` to `places` decimals with its sign always shown ("+0.34", "-0.12"), except on a value
/// that rounds to zero ("0.00", neither "+0.00" nor "-0.00").
pub fn signed_fixed(v: f64, places: usize) -> String {
    let t = fixed(v, places);
    if t.starts_with('-') || t.chars().all(|c| c == '0' || c == '.') {
        t
    } else {
        format!("+{t}")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_template_is_filled_in_one_pass() {
        let t = "<h1>{{title}}</h1>{{sections}}<footer>{{footer}}</footer>{{other}} {{";
        let filled = fill(
            t,
            &[
                ("title", "{{footer}}"),
                ("sections", "<td>{{title}}</td>"),
                ("footer", "F"),
            ],
        );
        assert_eq!(
            filled,
            "<h1>{{footer}}</h1><td>{{title}}</td><footer>F</footer>{{other}} {{"
        );
    }

    #[test]
    fn only_text_that_a_spreadsheet_would_run_is_quoted() {
        let cases = [
            (
                "=HYPERLINK(\"http://x\",\"click\")",
                "'=HYPERLINK(\"http://x\",\"click\")",
            ),
            ("+1", "'+1"),
            ("-Eva Kral", "'-Eva Kral"),
            ("@SUM(A1)", "'@SUM(A1)"),
            ("\tx", "'\tx"),
            ("\rx", "'\rx"),
            ("Pontoon 1", "Pontoon 1"),
            ("", ""),
            ("a=b", "a=b"),
        ];
        for (text, want) in cases {
            assert_eq!(spreadsheet_safe(text.to_string()), want);
        }
    }

    #[test]
    fn a_hold_that_rounds_to_nothing_has_no_sign() {
        use crate::report::Cell;
        for (p, text, json) in [
            (-0.001, "0.00", "0.0"),
            (-0.004999, "0.00", "0.0"),
            (-0.005001, "-0.01", "-0.01"),
            (0.0, "0.00", "0.0"),
            (2.345678, "2.35", "2.35"),
        ] {
            assert_eq!(Cell::Percent(Some(p)).text(), text, "{p}");
            assert_eq!(Cell::Percent(Some(p)).json().to_string(), json, "{p}");
        }
        // The HTML charts' axis labels and bar titles too.
        for (v, places, text) in [
            (-0.3, 0, "0"),
            (-0.004, 2, "0.00"),
            (-0.006, 2, "-0.01"),
            (-12.4, 0, "-12"),
            (0.0, 2, "0.00"),
        ] {
            assert_eq!(fixed(v, places), text, "{v}");
        }
        // The open-table screen's house edge: signed, but never "-0.00" or "+0.00".
        for (v, text) in [
            (-0.004, "0.00"),
            (0.004, "0.00"),
            (0.0, "0.00"),
            (0.006, "+0.01"),
            (-0.006, "-0.01"),
            (2.345_1, "+2.35"),
        ] {
            assert_eq!(signed_fixed(v, 2), text, "{v}");
        }
    }
}
