//! Streamed reports (issue 25 item 2): the rounds and exceptions reports written as they
//! are read equal, byte for byte, in every format and in two languages, the same reports
//! built in memory (the old path, kept as the reference); and they read their rounds a
//! bounded page at a time, never the period at once.

mod common;
#[path = "common/counting.rs"]
mod counting;

use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicI64, Ordering};

use counting::{Asked, Counting};
use croupier::engine::Money;
use croupier::i18n::Lang;
use croupier::log::{AuditError, Clock, LogRefusal, Store};
use croupier::report::data::{Files, Source};
use croupier::report::{self, Kind, Options, Style};
use croupier::session::{demo, exceptions, users};

/// A demo file of `rounds` rounds at `tables` tables; with `fixes`, a supervisor corrects
/// two rounds (a card changed: their figures move) and voids two (one of them corrected
/// first), so that the exceptions report
/// has voids and corrections with their amounts.
fn demo_file(name: &str, rounds: u64, tables: usize, seed: u64, fixes: bool) -> PathBuf {
    let path = common::fresh_dir(name).join("t.db");
    let mut store = Store::open_with(&path, Box::new(demo::clock())).unwrap();
    demo::fill(&mut store, rounds, tables, seed, |_| {}).unwrap();
    if fixes {
        let sup = users::login(&mut store, "Petr Novak", "800100", None).unwrap();
        let ids: Vec<i64> = {
            let mut st = store
                .conn()
                .prepare("SELECT round_id FROM round_figures ORDER BY round_id DESC LIMIT 40")
                .unwrap();
            st.query_map([], |r| r.get(0))
                .unwrap()
                .collect::<Result<_, _>>()
                .unwrap()
        };
        // The first round from ids[0] (and from ids[20]) that a changed card moves.
        let fixed = [0, 20].map(|from| {
            ids[from..from + 19]
                .iter()
                .copied()
                .find(|&r| common::correct_a_card(&mut store, &sup, r))
                .unwrap()
        });
        for &round in &[fixed[1], ids[39]] {
            exceptions::void_round(&mut store, &sup, round, "dispute upheld").unwrap();
        }
    }
    path
}

fn options(kind: Kind, dealer: Option<&'static str>, verify: bool) -> Options<'static> {
    Options {
        dealer,
        threshold: Money::units(300),
        verify,
        generated_by: "stream test",
        generated_at: "2026-02-01 00:00:00 UTC",
        ..common::options(kind, "2026-01-01", "2026-12-31")
    }
}

/// Every CSV file of a folder, by name, in order.
fn csv_texts(files: &[PathBuf]) -> Vec<(String, String)> {
    files
        .iter()
        .map(|f| {
            (
                f.file_name().unwrap().to_string_lossy().into_owned(),
                std::fs::read_to_string(f).unwrap(),
            )
        })
        .collect()
}

/// The streamed report equals the held one in JSON, HTML and CSV, in English and Czech.
fn same_in_every_format(stores: &[Store], o: &Options, page: usize, dir: &Path) {
    let held = report::build_reading_every_round(&mut Files(stores), o, |_| {}).unwrap();
    let mut src = Files(stores);
    let s = report::stream_paged(&mut src, o, page, |_| {}).unwrap();
    written_as_held(&held, s, &mut src, o, page, dir);
}

/// The streamed report `s`, written in every format and read in, equals `held`.
fn written_as_held(
    held: &report::Report,
    mut s: report::Streamed,
    src: &mut dyn Source,
    o: &Options,
    page: usize,
    dir: &Path,
) -> report::Report {
    assert!(
        held.sections.iter().any(|s| !s.rows.is_empty()),
        "{:?}: an empty report proves nothing",
        o.kind
    );
    let mut json = Vec::new();
    s.write_json(src, &mut json).unwrap();
    let expected = serde_json::to_string_pretty(&report::render_json(held)).unwrap() + "\n";
    assert!(
        expected == String::from_utf8(json).unwrap(),
        "{:?} page {page}: JSON differs",
        o.kind
    );
    for lang in [Lang::En, Lang::Cs] {
        let st = Style::of(lang);
        let mut html = Vec::new();
        s.write_html(src, &mut html, &st).unwrap();
        assert!(
            report::render_html_in(held, &st) == String::from_utf8(html).unwrap(),
            "{:?} page {page} {lang:?}: HTML differs",
            o.kind
        );
        let (a, b) = (dir.join("held"), dir.join("streamed"));
        let held_files = report::render_csv_in(held, &a, true, &st).unwrap();
        let streamed_files = s.write_csv(src, &b, true, &st).unwrap();
        assert_eq!(
            csv_texts(&held_files),
            csv_texts(&streamed_files),
            "{:?} page {page} {lang:?}: CSV differs",
            o.kind
        );
    }
    let whole = s.into_report(src).unwrap();
    assert_eq!(&whole, held, "{:?} page {page}: the report read in", o.kind);
    whole
}

#[test]
fn streamed_rounds_and_exceptions_equal_the_reports_held_in_memory() {
    let dir = common::fresh_dir("stream-same");
    let one = demo_file("stream-one", 300, 2, 11, true);
    let two = demo_file("stream-two", 120, 1, 5, false);
    let stores = [Store::open_read(&one).unwrap()];
    for (kind, dealer, page) in [
        (Kind::Rounds, None, 7),
        (Kind::Rounds, Some("Jana Svoboda"), report::PAGE),
        (Kind::Exceptions, None, 7),
        (Kind::Exceptions, None, report::PAGE),
    ] {
        same_in_every_format(&stores, &options(kind, dealer, page == 7), page, &dir);
    }
    // Two databases: each's rounds one after the other; the payouts merged in time order.
    let both = [
        Store::open_read(&one).unwrap(),
        Store::open_read(&two).unwrap(),
    ];
    for kind in [Kind::Rounds, Kind::Exceptions] {
        same_in_every_format(&both, &options(kind, None, false), 5, &dir);
    }
    // A page of one round, and pages that divide the file's rounds exactly (the last
    // page read is then empty): read ahead on the second reader as any other.
    let n = {
        let c = rusqlite::Connection::open(&two).unwrap();
        c.query_row("SELECT count(*) FROM round_figures", [], |r| {
            r.get::<_, i64>(0)
        })
        .unwrap() as usize
    };
    let only = [Store::open_read(&two).unwrap()];
    for page in [1, n, n / 2] {
        assert_eq!(n % page, 0);
        same_in_every_format(&only, &options(Kind::Rounds, None, false), page, &dir);
    }
    // The other kinds are built in memory as before, and written the same: their rows
    // serialized from the cells as they are written, the tables two databases share
    // named with their database (`tables_in_databases`) as the held document has them.
    same_in_every_format(&stores, &options(Kind::Summary, None, false), 5, &dir);
    same_in_every_format(&both, &options(Kind::Summary, None, false), 5, &dir);
    let o = options(Kind::Summary, None, false);
    let held = report::build_reading_every_round(&mut Files(&both), &o, |_| {}).unwrap();
    let json = report::render_json(&held);
    assert!(
        json["sections"][0]["tables_in_databases"]
            .as_array()
            .is_some_and(|t| !t.is_empty()),
        "two databases' summary names no table with its database: the case proves nothing"
    );
}

/// Two databases in two currencies whose tables share their names: every row of the
/// rounds report says its currency and its table's database (a currency text and a
/// table's detail cell a row, each made in the previous row's cells), and the streamed
/// report, read from the kept rows or from the events, equals the held one in every
/// format, at a small page and at a whole one.
#[test]
fn a_report_of_two_currencies_streams_as_it_is_held() {
    let dir = common::fresh_dir("stream-two-currencies");
    let files = [("CZK", 11), ("EUR", 5)].map(|(code, seed)| {
        let path = demo_file(&format!("stream-cur-{code}"), 150, 2, seed, code == "CZK");
        let mut store = Store::open(&path).unwrap();
        let sup = users::login(&mut store, "Petr Novak", "800100", None).unwrap();
        let cur = croupier::engine::Currency::parse(code).unwrap();
        assert!(croupier::session::settings::set_currency(&mut store, cur, &sup).unwrap());
        path
    });
    let stores = files.map(|f| Store::open_read(&f).unwrap());
    for (kind, page) in [
        (Kind::Rounds, 7),
        (Kind::Rounds, report::PAGE),
        (Kind::Exceptions, 7),
    ] {
        same_in_every_format(&stores, &options(kind, None, false), page, &dir);
    }
    let o = options(Kind::Rounds, None, false);
    let held = report::build_reading_every_round(&mut Files(&stores), &o, |_| {}).unwrap();
    let rounds = &held.sections[0];
    assert!(rounds.columns.contains(&"currency") && rounds.rows.len() >= 290);
    let json = report::render_json(&held);
    assert!(
        json["sections"][0]["tables_in_databases"]
            .as_array()
            .is_some_and(|t| !t.is_empty()),
        "the rows name no table with its database: the case proves nothing"
    );
    // From the events (as the floor reads them): each row made from its page's logs.
    let mut src = Counting::events_only(Files(&stores));
    let s = report::stream_paged(&mut src, &o, report::PAGE, |_| {}).unwrap();
    written_as_held(&held, s, &mut src, &o, report::PAGE, &dir);
}

/// Whatever the period, a streamed report holds a page of rounds (a page a database
/// while it merges the payouts), never the period's: it never asks for a window's rounds
/// at once, and no page it is given is longer than it asked for.
#[test]
fn a_streamed_report_reads_its_rounds_a_bounded_page_at_a_time() {
    let path = demo_file("stream-pages", 300, 2, 3, true);
    let stores = [Store::open_read(&path).unwrap()];
    for kind in [Kind::Rounds, Kind::Exceptions] {
        let o = options(kind, None, false);
        let mut src = Counting::new(Files(&stores));
        let mut s = report::stream_paged(&mut src, &o, 16, |_| {}).unwrap();
        let mut out = Vec::new();
        s.write_json(&mut src, &mut out).unwrap();
        let a = &src.asked;
        assert_eq!(a.whole_reads, 0, "{kind:?}: a window's rounds read at once");
        assert!(
            a.longest_page <= 16,
            "{kind:?}: a page of {}",
            a.longest_page
        );
        assert!(a.pages > 300 / 16, "{kind:?}: {} pages", a.pages);
        // The reference reads them at once: the counting source tells.
        let mut held = Counting::new(Files(&stores));
        report::build_from(&mut held, &o, |_| {}).unwrap();
        assert!(held.asked.whole_reads > 0);
    }
}

/// Issue 25: the rounds report reads its page's rounds' bets, inputs and nets with the
/// page (`Source::round_logs`), never one round at a time: at pages of 8 rounds and of
/// 64 it asks its source the same three things a page (the page, its rounds' logs, their
/// `round_started` events), however many rounds the page holds, and the tables' openings
/// and the kept theories once.
#[test]
fn a_streamed_rounds_report_asks_the_same_of_its_source_whatever_the_page_holds() {
    let path = demo_file("stream-per-page", 300, 2, 5, true);
    let stores = [Store::open_read(&path).unwrap()];
    let o = options(Kind::Rounds, None, false);
    for page in [8, 64] {
        let mut src = Counting::new(Files(&stores));
        let mut s = report::stream_paged(&mut src, &o, page, |_| {}).unwrap();
        // The rows only: the frame's reads are made once, whatever the period.
        src.asked = Asked::default();
        let mut out = Vec::new();
        s.write_json(&mut src, &mut out).unwrap();
        let a = &src.asked;
        assert_eq!(a.one_round_reads, 0, "page {page}: a round read on its own");
        assert!(a.pages >= 300 / page, "page {page}: {} pages", a.pages);
        // Three a page; once a pass, the tables' openings and the file's kept theories.
        assert!(
            a.calls <= 3 * a.pages + 2,
            "page {page}: {} calls for {} pages",
            a.calls,
            a.pages
        );
    }
}

/// A clock a second on at each reading: a table dealing in real time.
struct Ticking(AtomicI64);

impl Clock for Ticking {
    fn now_ms(&self) -> i64 {
        self.0.fetch_add(1_000, Ordering::SeqCst)
    }
}

/// The table's dealer (an admin, who may void and correct: `demo::live_play` makes her).
fn dealer(store: &mut Store) -> users::User {
    users::login(store, "Jana Svoboda", "100100", None).unwrap()
}

/// Round `void` voided, and round `correct` corrected with a card changed (its figures
/// move, so a correction read or left out shows), by the dealer.
fn void_and_correct(store: &mut Store, void: i64, correct: i64) {
    let by = dealer(store);
    exceptions::void_round(store, &by, void, "dispute upheld").unwrap();
    assert!(
        common::correct_a_card(store, &by, correct),
        "round {correct}"
    );
}

/// The settled rounds of a file: (round, settlement seq).
fn settled(path: &Path) -> Vec<(i64, i64)> {
    let store = Store::open_read(path).unwrap();
    let mut st = store
        .conn()
        .prepare("SELECT round_id, seq FROM round_figures ORDER BY round_id")
        .unwrap();
    st.query_map([], |r| Ok((r.get(0)?, r.get(1)?)))
        .unwrap()
        .collect::<Result<_, _>>()
        .unwrap()
}

/// Issue 25: a streamed report certifies exactly what it read. A table deals on, voids
/// and corrects while the report is written (after its frame is made, before its rows are
/// read, pages of 7): the report lists no round settled past the head its footer records,
/// counts no void or correction logged after it, and equals, in every format, the held
/// report of the file as it stood at that head.
#[test]
fn a_streamed_report_reads_nothing_past_the_heads_it_records() {
    let dir = common::fresh_dir("stream-heads");
    for (i, kind) in [Kind::Rounds, Kind::Exceptions].into_iter().enumerate() {
        let path = dir.join(format!("t{i}.db"));
        let clock = || Box::new(Ticking(AtomicI64::new(1_767_600_000_000)));
        let mut table = Store::open_with(&path, clock()).unwrap();
        demo::live_play(&mut table, 7, 60, |_| {}).unwrap();
        let before = settled(&path);
        void_and_correct(&mut table, before[3].0, before[5].0);
        drop(table);
        let stores = [Store::open_read(&path).unwrap()];
        let head = stores[0].head().0;
        let o = options(kind, None, true);
        let held = report::build_reading_every_round(&mut Files(&stores), &o, |_| {}).unwrap();
        let mut src = Files(&stores);
        let s = report::stream_paged(&mut src, &o, 7, |_| {}).unwrap();
        let footer = report::render_json(s.report());
        assert_eq!(footer["databases"][0]["chain_head"]["seq"], head);
        // The table deals on, an hour later, and its supervisor voids and corrects rounds
        // old and new.
        let later = Box::new(Ticking(AtomicI64::new(1_767_603_600_000)));
        let mut table = Store::open_with(&path, later).unwrap();
        demo::live_play(&mut table, 8, 30, |_| {}).unwrap();
        let after = settled(&path);
        assert!(after.len() >= before.len() + 30 && after.last().unwrap().1 > head);
        void_and_correct(&mut table, before[10].0, after[after.len() - 2].0);
        void_and_correct(&mut table, after[after.len() - 1].0, before[12].0);
        drop(table);
        let streamed = written_as_held(&held, s, &mut src, &o, 7, &dir);
        if kind == Kind::Rounds {
            let last = before.last().unwrap().0;
            let rounds = &streamed.sections[0];
            let col = rounds.columns.iter().position(|c| *c == "round").unwrap();
            assert!(rounds.rows.iter().all(|r| match r[col] {
                report::Cell::Int(n) => n <= last,
                _ => false,
            }));
        }
        // The test tells: the file as it is now makes another report.
        let now = [Store::open_read(&path).unwrap()];
        let grown = report::build_reading_every_round(&mut Files(&now), &o, |_| {}).unwrap();
        assert_ne!(
            grown.sections, held.sections,
            "{kind:?}: the file did not change"
        );
    }
}

/// A round whose row a page holds twice (on the floor a table database may send two
/// settlements of one round: two rows of one round id) shows its log in both, as the held
/// report shows it, in every format; the page's log is not used up by its first row.
#[test]
fn a_round_given_twice_shows_its_log_twice() {
    let path = demo_file("stream-twice", 40, 2, 11, false);
    let stores = [Store::open_read(&path).unwrap()];
    let o = options(Kind::Rounds, None, false);
    let dir = common::fresh_dir("stream-twice-out");
    let (from, to) = (1_767_225_600_000, 1_798_761_600_000); // 2026
    let rows = Files(&stores).rounds(from, to, &mut |_| {}).unwrap();
    assert!(rows.len() >= 40, "{} rounds", rows.len());
    for page in [8, 64] {
        let twice = |files| Counting {
            twice: Some(rows[12].clone()),
            ..Counting::new(files)
        };
        let held =
            report::build_reading_every_round(&mut twice(Files(&stores)), &o, |_| {}).unwrap();
        let mut src = twice(Files(&stores));
        let s = report::stream_paged(&mut src, &o, page, |_| {}).unwrap();
        let streamed = written_as_held(&held, s, &mut src, &o, page, &dir);
        let rounds = &streamed.sections[0];
        let col = rounds.columns.iter().position(|c| *c == "round").unwrap();
        let mut ids: Vec<_> = rounds.rows.iter().map(|r| &r[col]).collect();
        ids.dedup();
        assert_eq!(ids.len(), rows.len(), "page {page}: one round given twice");
        let shown = &rounds.rows;
        let same = (1..shown.len()).filter(|&i| shown[i] == shown[i - 1]);
        assert_eq!(same.count(), 1, "page {page}: the row given twice");
    }
}

/// An unreadable `round_started` of a page's round (here a second start, `{`, besides
/// the round's readable one) refuses the streamed rounds report read from the events (as
/// the floor's is) as it refuses the held one, whether or not the round's bets could be
/// read from another start. Read from the kept rows, whose bets give the variances, no
/// start is read: the report is written, unverified, as for a forged row (the forged
/// event is not in the chain: a verified report says FAILED).
#[test]
fn an_unreadable_start_refuses_the_events_path_not_the_kept_rows() {
    let path = demo_file("stream-bad-start", 40, 2, 13, false);
    let round: i64 = {
        let store = Store::open_read(&path).unwrap();
        store
            .conn()
            .query_row(
                "SELECT round_id FROM round_figures ORDER BY round_id LIMIT 1 OFFSET 9",
                [],
                |r| r.get(0),
            )
            .unwrap()
    };
    // The round's start again, its text `{`, at the end of the log.
    common::forge(
        &path,
        "INSERT INTO events SELECT (SELECT max(seq) + 1 FROM events), at, kind, table_id,
                user_id, round_id, '{', zeroblob(32)
           FROM events WHERE round_id = ?1 ORDER BY seq LIMIT 1",
        [round],
    );
    let stores = [Store::open_read(&path).unwrap()];
    let o = options(Kind::Rounds, None, false);
    let start = |e: &AuditError| matches!(e, AuditError::Refused(LogRefusal::StartUnreadable { round: r }) if *r == round);
    let held = report::build_reading_every_round(&mut Files(&stores), &o, |_| {});
    assert!(held.as_ref().is_err_and(start), "held: {:?}", held.err());
    for page in [8, 64] {
        let mut src = Counting::events_only(Files(&stores));
        let mut s = report::stream_paged(&mut src, &o, page, |_| {}).unwrap();
        let got = s.write_json(&mut src, &mut Vec::new());
        assert!(
            matches!(&got, Err(report::StreamError::Audit(e)) if start(e)),
            "page {page}: {:?}",
            got.err()
        );
        let mut src = Counting::new(Files(&stores));
        let mut s = report::stream_paged(&mut src, &o, page, |_| {}).unwrap();
        let mut json = Vec::new();
        s.write_json(&mut src, &mut json).unwrap();
        assert_eq!(src.asked.start_reads, 0, "page {page}: a start read");
        let json = String::from_utf8(json).unwrap();
        assert!(json.contains("NOT RUN"), "page {page}: {json}");
    }
    let o = options(Kind::Rounds, None, true);
    let mut src = Files(&stores);
    let s = report::stream_paged(&mut src, &o, 8, |_| {}).unwrap();
    let r = s.into_report(&mut src).unwrap();
    let json = serde_json::to_string(&report::render_json(&r)).unwrap();
    assert!(json.contains("FAILED"), "{json}");
}

/// A round whose kept row reads is not refused on its start whatever its page holds: here
/// its start forged unreadable (`{`, a second start) beside a round whose row is gone and
/// whose log has two starts, so that the page's starts are read for that one. The
/// report read from the kept rows is written, whether the two share a page or not; read
/// from the events it is refused, naming the forged start's round.
#[test]
fn a_kept_rows_round_is_not_refused_on_its_start_whatever_its_page() {
    let path = demo_file("stream-start-paged", 40, 2, 13, false);
    let at = |offset: i64| -> i64 {
        let store = Store::open_read(&path).unwrap();
        store
            .conn()
            .query_row(
                "SELECT round_id FROM round_figures ORDER BY round_id LIMIT 1 OFFSET ?1",
                [offset],
                |r| r.get(0),
            )
            .unwrap()
    };
    let (gone, forged) = (at(9), at(10));
    let again = |data: &str| {
        format!(
            "INSERT INTO events SELECT (SELECT max(seq) + 1 FROM events), at, kind, table_id,
                    user_id, round_id, {data}, zeroblob(32)
               FROM events WHERE round_id = ?1 ORDER BY seq LIMIT 1"
        )
    };
    common::forge(&path, "DELETE FROM round_rows WHERE round_id = ?1", [gone]);
    common::forge(&path, &again("data"), [gone]);
    common::forge(&path, &again("'{'"), [forged]);
    let stores = [Store::open_read(&path).unwrap()];
    let o = options(Kind::Rounds, None, false);
    let mut read_starts = 0;
    for page in [1, 2, 8, 64] {
        let mut src = Counting::new(Files(&stores));
        let mut s = report::stream_paged(&mut src, &o, page, |_| {}).unwrap();
        let got = s.write_json(&mut src, &mut Vec::new());
        assert!(got.is_ok(), "page {page}: {:?}", got.err());
        read_starts += src.asked.start_reads;
        let mut src = Counting::events_only(Files(&stores));
        let mut s = report::stream_paged(&mut src, &o, page, |_| {}).unwrap();
        let got = s.write_json(&mut src, &mut Vec::new());
        assert!(
            matches!(&got, Err(report::StreamError::Audit(AuditError::Refused(LogRefusal::StartUnreadable { round }))) if *round == forged),
            "page {page}: {:?}",
            got.err()
        );
    }
    assert!(read_starts > 0, "no page read its starts");
}

/// The starts of a range of rounds (what a page's theory reads) come in round order, each
/// round's in log order, from the index by round as it stands: SQLite sorts nothing (it
/// sorted the range's events by seq, half the read's time). A second start of a round,
/// logged after later rounds' (here the next round's start copied as the round's, at the
/// end of the log), comes with its round, after its first.
#[test]
fn a_ranges_starts_come_in_round_order_unsorted() {
    use rusqlite::StatementStatus;
    let path = demo_file("stream-starts-order", 30, 2, 5, false);
    let round: i64 = 12;
    common::forge(
        &path,
        "INSERT INTO events SELECT (SELECT max(seq) + 1 FROM events), at, kind, table_id,
                user_id, ?1, data, zeroblob(32)
           FROM events WHERE round_id = ?1 + 1 AND kind = 11 ORDER BY seq LIMIT 1",
        [round],
    );
    let stores = [Store::open_read(&path).unwrap()];
    let mut got: Vec<(i64, String)> = Vec::new();
    (Files(&stores).round_starts(0, 1, 30, &mut |r, data| {
        match data {
            report::query::Start::Text(t) => got.push((r, t.to_string())),
            other => panic!("a file's start is its text: {other:?}"),
        }
        Ok(())
    }))
    .unwrap();
    let rounds: Vec<i64> = got.iter().map(|g| g.0).collect();
    assert!(rounds.is_sorted(), "not in round order: {rounds:?}");
    let mut once = rounds.clone();
    once.dedup();
    assert_eq!(
        (rounds.len(), once.len()),
        (once.len() + 1, 30),
        "{rounds:?}"
    );
    let text_of = |r: i64| got.iter().filter(move |g| g.0 == r).map(|g| g.1.as_str());
    let twice: Vec<&str> = text_of(round).collect();
    let next: Vec<&str> = text_of(round + 1).collect();
    assert_eq!(next.len(), 1, "{next:?}");
    assert_ne!(twice[0], next[0], "the two rounds' starts differ");
    assert_eq!(
        twice[1], next[0],
        "the round's own start first, then the copy"
    );
    let sql = "SELECT seq, at, kind, table_id, user_id, round_id, data, hash FROM events \
        WHERE +kind = ?1 AND kind <> 12 AND round_id BETWEEN ?2 AND ?3 ORDER BY round_id, kind, seq";
    let st = stores[0].conn().prepare_cached(sql).unwrap();
    assert!(
        st.get_status(StatementStatus::VmStep) > 0,
        "not the cached one"
    );
    assert_eq!(
        st.get_status(StatementStatus::Sort),
        0,
        "the starts were sorted"
    );
}

/// Round `round` corrected (by `by`) so that its per-bet nets move, if a changed card can
/// move them: whether it did.
fn correct_its_nets(store: &mut Store, by: &users::User, round: i64) -> bool {
    let nets = |store: &Store| {
        Files(std::slice::from_ref(store))
            .round_nets(0, round, None)
            .unwrap()
    };
    let steps = croupier::session::replay::export_round(store, round)
        .unwrap()
        .0
        .steps;
    let before = nets(store);
    (0..steps.len()).any(|i| {
        let mut changed = steps.clone();
        changed[i] = if steps[i] == "10" { "5" } else { "10" }.into();
        exceptions::correct_round(store, by, round, changed, "another card").is_ok()
            && nets(store) != before
    })
}

/// Log schema 12: a round's kept row holds its latest correction's nets, so a streamed
/// rounds report (which reads the rows) must not show a correction logged after the head
/// it records: rounds corrected after it, their nets moved, are read from their events,
/// capped. The report equals, in every format, the held report of the file at the head.
#[test]
fn a_correction_past_the_head_is_not_read_from_the_kept_row() {
    let dir = common::fresh_dir("stream-row-head");
    // A demo file: its rules solved, its rows keep their boxes' figures.
    let path = demo_file("stream-row-head-file", 200, 1, 9, false);
    let stores = [Store::open_read(&path).unwrap()];
    let o = options(Kind::Rounds, None, false);
    let held = report::build_reading_every_round(&mut Files(&stores), &o, |_| {}).unwrap();
    let mut src = Files(&stores);
    let s = report::stream_paged(&mut src, &o, 7, |_| {}).unwrap();
    let later = Box::new(Ticking(AtomicI64::new(1_770_000_000_000)));
    let mut table = Store::open_with(&path, later).unwrap();
    let by = users::login(&mut table, "Petr Novak", "800100", None).unwrap();
    let rounds = settled(&path);
    let moved: Vec<i64> = (rounds.iter().skip(10))
        .map(|(r, _)| *r)
        .filter(|r| correct_its_nets(&mut table, &by, *r))
        .take(2)
        .collect();
    assert_eq!(moved.len(), 2, "no correction moved a round's nets");
    // Their rows hold box figures: the players section would read them from the row.
    for r in &moved {
        let row = table.round_row(*r).unwrap().expect("a kept row");
        let row = croupier::session::round_row::Row::decode(&row).expect("it reads");
        assert!(row.boxes.is_some(), "round {r}: no box figures kept");
    }
    drop(table);
    written_as_held(&held, s, &mut src, &o, 7, &dir);
    // The test tells: the file as it is now makes another report.
    let now = [Store::open_read(&path).unwrap()];
    let grown = report::build_reading_every_round(&mut Files(&now), &o, |_| {}).unwrap();
    assert_ne!(grown.sections, held.sections, "the nets did not move");
}

/// A round whose kept row has no box figures (settled before its rules were solved) has its
/// boxes replayed for the players section, and a round with no row (or one that does not
/// read — also one whole in its structure whose text is no UTF-8 —, or is stored as a
/// text or an integer) is read from its events: the streamed report still equals the
/// held one.
#[test]
fn rounds_the_kept_rows_cannot_give_are_read_from_their_events() {
    use croupier::session::round_row::Row;
    let dir = common::fresh_dir("stream-row-gaps");
    let path = demo_file("stream-row-gaps-file", 200, 2, 17, true);
    let conn = rusqlite::Connection::open(&path).unwrap();
    let rows: Vec<(i64, Vec<u8>)> = {
        let mut st = conn
            .prepare("SELECT round_id, row FROM round_rows")
            .unwrap();
        st.query_map([], |r| Ok((r.get(0)?, r.get(1)?)))
            .unwrap()
            .collect::<Result<_, _>>()
            .unwrap()
    };
    let mut boxed = 0;
    for (round, bytes) in &rows {
        let mut row = Row::decode(bytes).unwrap();
        boxed += usize::from(row.boxes.is_some());
        match round % 4 {
            0 => row.boxes = None,
            1 => {
                conn.execute("DELETE FROM round_rows WHERE round_id = ?1", [round])
                    .unwrap();
                continue;
            }
            2 if round % 8 == 2 => {
                conn.execute(
                    "UPDATE round_rows SET row = x'ff' WHERE round_id = ?1",
                    [round],
                )
                .unwrap();
                continue;
            }
            // Whole in its structure, its first bet's id no UTF-8 (the version byte, the
            // bets' count, the bet's box and stake, its id's length, then the id).
            2 => {
                let mut bad = bytes.clone();
                bad[1 + 4 + 9 + 4] = 0xff;
                conn.execute(
                    "UPDATE round_rows SET row = ?1 WHERE round_id = ?2",
                    rusqlite::params![bad, round],
                )
                .unwrap();
                continue;
            }
            // Stored as no blob (the column is not STRICT): a text, an integer.
            3 => {
                let not_blob = if round % 8 == 3 { "'a row'" } else { "42" };
                conn.execute(
                    &format!("UPDATE round_rows SET row = {not_blob} WHERE round_id = ?1"),
                    [round],
                )
                .unwrap();
                continue;
            }
            _ => continue,
        }
        conn.execute(
            "UPDATE round_rows SET row = ?1 WHERE round_id = ?2",
            rusqlite::params![row.encode(), round],
        )
        .unwrap();
    }
    assert!(boxed > 150, "{boxed} rows with box figures");
    drop(conn);
    let stores = [Store::open_read(&path).unwrap()];
    for page in [7, report::PAGE] {
        same_in_every_format(&stores, &options(Kind::Rounds, None, false), page, &dir);
    }
}

/// A source that keeps no rows a round (the floor) streams the rounds report from its
/// events, as before the rows: the same files read so equal the held report too.
#[test]
fn a_source_without_kept_rows_streams_the_rounds_report_from_its_events() {
    let dir = common::fresh_dir("stream-events-only");
    let path = demo_file("stream-events-only-file", 200, 2, 11, true);
    let stores = [Store::open_read(&path).unwrap()];
    let o = options(Kind::Rounds, None, false);
    let held = report::build_reading_every_round(&mut Files(&stores), &o, |_| {}).unwrap();
    for page in [7, 64] {
        let mut src = Counting::events_only(Files(&stores));
        let s = report::stream_paged(&mut src, &o, page, |_| {}).unwrap();
        written_as_held(&held, s, &mut src, &o, page, &dir);
        assert!(src.asked.pages > 0, "page {page}: no page read");
    }
}

/// The streamed rounds report reads the kept rows (log schema 12): with every row readable
/// it reads no round from its events (`round_logs`), and a row forged so that it still
/// reads (its nets in another order) is what an unverified report shows, its footer saying
/// NOT RUN, while a verified one says FAILED, naming the round.
#[test]
fn the_streamed_rounds_report_reads_the_kept_rows() {
    use croupier::session::round_row::Row;
    let dir = common::fresh_dir("stream-rows-read");
    let path = demo_file("stream-rows-read-file", 200, 2, 13, true);
    let o = options(Kind::Rounds, None, false);
    let stores = [Store::open_read(&path).unwrap()];
    let held = report::build_reading_every_round(&mut Files(&stores), &o, |_| {}).unwrap();
    let mut src = Counting::new(Files(&stores));
    let s = report::stream_paged(&mut src, &o, 7, |_| {}).unwrap();
    written_as_held(&held, s, &mut src, &o, 7, &dir);
    assert!(src.asked.pages > 0, "no page read");
    assert_eq!(src.asked.log_reads, 0, "rounds read from their events");
    assert_eq!(src.asked.start_reads, 0, "variances read from the starts");
    drop(stores);
    let conn = rusqlite::Connection::open(&path).unwrap();
    let (round, forged) = {
        let mut st = conn
            .prepare("SELECT round_id, row FROM round_rows ORDER BY round_id")
            .unwrap();
        let rows = st
            .query_map([], |r| Ok((r.get::<_, i64>(0)?, r.get::<_, Vec<u8>>(1)?)))
            .unwrap();
        rows.map(Result::unwrap)
            .find_map(|(round, bytes)| {
                let mut row = Row::decode(&bytes).unwrap();
                (row.nets.len() > 1).then(|| {
                    row.nets.reverse();
                    (round, row.encode())
                })
            })
            .expect("a round of two bets")
    };
    conn.execute(
        "UPDATE round_rows SET row = ?1 WHERE round_id = ?2",
        rusqlite::params![forged, round],
    )
    .unwrap();
    drop(conn);
    let stores = [Store::open_read(&path).unwrap()];
    let footer = |verify: bool| {
        let o = options(Kind::Rounds, None, verify);
        let mut src = Files(&stores);
        let s = report::stream_paged(&mut src, &o, 7, |_| {}).unwrap();
        let r = s.into_report(&mut src).unwrap();
        let json = serde_json::to_string(&report::render_json(&r)).unwrap();
        (r, json)
    };
    let (shown, json) = footer(false);
    assert_ne!(shown.sections, held.sections, "the forged row was not read");
    assert!(json.contains("NOT RUN"), "{json}");
    let (_, json) = footer(true);
    assert!(
        json.contains(&format!("FAILED: round {round}: its kept row")),
        "{json}"
    );
}

/// Kept rows forged with extreme box figures (every box's stake, handle and house win at
/// the most a row holds) still decode: the players' sessions add them without a panic or
/// a wrap (saturating), and an unverified report is written.
#[test]
fn kept_rows_with_extreme_box_figures_make_no_panic() {
    use croupier::session::round_row::Row;
    let path = demo_file("stream-rows-extreme", 120, 1, 19, false);
    let conn = rusqlite::Connection::open(&path).unwrap();
    let rows: Vec<(i64, Vec<u8>)> = {
        let mut st = conn
            .prepare("SELECT round_id, row FROM round_rows")
            .unwrap();
        st.query_map([], |r| Ok((r.get(0)?, r.get(1)?)))
            .unwrap()
            .collect::<Result<_, _>>()
            .unwrap()
    };
    let mut forged = 0;
    for (round, bytes) in &rows {
        let mut row = Row::decode(bytes).unwrap();
        let Some(boxes) = row.boxes.as_mut() else {
            continue;
        };
        for b in boxes.iter_mut() {
            (b.stake, b.staked, b.house_win) = (i64::MAX, i64::MAX, i64::MAX);
        }
        forged += 1;
        conn.execute(
            "UPDATE round_rows SET row = ?1 WHERE round_id = ?2",
            rusqlite::params![row.encode(), round],
        )
        .unwrap();
    }
    assert!(forged > 50, "{forged} rows forged");
    drop(conn);
    let stores = [Store::open_read(&path).unwrap()];
    let o = options(Kind::Rounds, None, false);
    let mut src = Files(&stores);
    let s = report::stream_paged(&mut src, &o, 7, |_| {}).unwrap();
    let r = s.into_report(&mut src).unwrap();
    let json = serde_json::to_string(&report::render_json(&r)).unwrap();
    assert!(json.contains("NOT RUN"), "{json}");
}

/// A file put in place of the one a report opened (renamed over it while the report is
/// written): the rounds report's second reader opens the file again by its path, so it
/// reads only a file that holds the opened one's chain through its head; here it does
/// not, and the report is still the opened file's, in every format.
#[test]
fn a_file_put_in_place_of_the_one_opened_is_not_read_ahead() {
    let dir = common::fresh_dir("stream-renamed-out");
    let path = demo_file("stream-renamed", 120, 2, 5, false);
    let other = demo_file("stream-renamed-other", 150, 2, 6, false);
    let stores = [Store::open_read(&path).unwrap()];
    let o = options(Kind::Rounds, None, false);
    let held = report::build_reading_every_round(&mut Files(&stores), &o, |_| {}).unwrap();
    let mut src = Files(&stores);
    let s = report::stream_paged(&mut src, &o, 16, |_| {}).unwrap();
    // The other file's WAL and shared memory go with it (its writer closed: none left).
    std::fs::rename(&other, &path).unwrap();
    written_as_held(&held, s, &mut src, &o, 16, &dir);
    // The test tells: the file now at the path makes another report.
    let now = [Store::open_read(&path).unwrap()];
    let theirs = report::build_reading_every_round(&mut Files(&now), &o, |_| {}).unwrap();
    assert_ne!(theirs.sections, held.sections);
}
