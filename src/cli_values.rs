//! The command line's closed values (`--role`, `--kind`, `--format`, `--csv-style`), as
//! clap reads them, each mapped onto the library's own type: the library carries no CLI
//! derive and never imports clap (tests/no_clap_in_library.rs).

use clap::ValueEnum;
use croupier::report::{CsvStyle, Format, Kind};
use croupier::session::users::Role;

/// `--role`: a user's role.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum RoleArg {
    Dealer,
    Supervisor,
    Admin,
}

impl From<RoleArg> for Role {
    fn from(r: RoleArg) -> Role {
        match r {
            RoleArg::Dealer => Role::Dealer,
            RoleArg::Supervisor => Role::Supervisor,
            RoleArg::Admin => Role::Admin,
        }
    }
}

/// `--kind`: the five kinds of report.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum KindArg {
    /// Per table by shift and by day, month- and year-to-date.
    Summary,
    Rounds,
    Dealers,
    Exceptions,
    /// Per table and box: do the stakes follow the player's value of the shoe?
    Protection,
    /// The table's money: tray, fills, credits, drop, win and hold % per table and
    /// shift, day, month- and year-to-date, against the dealt win.
    Closeout,
}

impl From<KindArg> for Kind {
    fn from(k: KindArg) -> Kind {
        match k {
            KindArg::Summary => Kind::Summary,
            KindArg::Rounds => Kind::Rounds,
            KindArg::Dealers => Kind::Dealers,
            KindArg::Exceptions => Kind::Exceptions,
            KindArg::Protection => Kind::Protection,
            KindArg::Closeout => Kind::Closeout,
        }
    }
}

/// `--format`: what a report is written as.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum FormatArg {
    /// One file per table of the report, plus the footer.
    Csv,
    Json,
    /// One self-contained printable page.
    Html,
}

impl From<FormatArg> for Format {
    fn from(f: FormatArg) -> Format {
        match f {
            FormatArg::Csv => Format::Csv,
            FormatArg::Json => Format::Json,
            FormatArg::Html => Format::Html,
        }
    }
}

/// `--csv-style`: how CSV is written for a spreadsheet.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum CsvStyleArg {
    /// `,` between fields, `.` before decimals (English spreadsheets).
    Comma,
    /// `;` between fields, `,` before decimals (Czech, Ukrainian, Russian spreadsheets).
    Semicolon,
}

impl From<CsvStyleArg> for CsvStyle {
    fn from(c: CsvStyleArg) -> CsvStyle {
        match c {
            CsvStyleArg::Comma => CsvStyle::Comma,
            CsvStyleArg::Semicolon => CsvStyle::Semicolon,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every library value has its command-line word, the library's own name for it.
    #[test]
    fn each_value_maps_onto_the_librarys_type_by_its_name() {
        for r in RoleArg::value_variants() {
            let word = r.to_possible_value().unwrap();
            assert_eq!(word.get_name(), Role::from(*r).name());
        }
        for k in KindArg::value_variants() {
            let word = k.to_possible_value().unwrap();
            assert_eq!(word.get_name(), Kind::from(*k).name());
        }
        let formats: Vec<Format> = FormatArg::value_variants()
            .iter()
            .map(|&f| f.into())
            .collect();
        assert_eq!(formats, [Format::Csv, Format::Json, Format::Html]);
        let styles: Vec<CsvStyle> = CsvStyleArg::value_variants()
            .iter()
            .map(|&c| c.into())
            .collect();
        assert_eq!(styles, [CsvStyle::Comma, CsvStyle::Semicolon]);
    }
}
