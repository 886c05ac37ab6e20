//! The rounds report streamed (issue 25 item 2): rounds a second written from a demo file,
//! read a page at a time (constant memory whatever the period), as JSON and HTML into a
//! sink and as CSV into a folder of files. Both paths in one run: the file's kept rows
//! (log schema 12) and its events (as a source with no rows, the floor, reads them).
//! Run: `cargo bench --bench report_stream`; one format: `… -- 'streamed as CSV$'`
//! (`JSON$`, `HTML$`). Figures go to docs/benchmarks.md.

use std::hint::black_box;

#[path = "../tests/common/counting.rs"]
mod counting;

use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use croupier::engine::Money;
use croupier::i18n::Lang;
use croupier::log::Store;
use croupier::report::data::Files;
use croupier::report::{self, Kind, Options, Period, Style};
use croupier::session::demo;

/// Rounds in the bench's demo file.
const ROUNDS: u64 = 20_000;

fn rounds_streamed(c: &mut Criterion) {
    let dir = std::env::temp_dir().join(format!("croupier-bench-stream-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join("t.db");
    let mut store = Store::open_with(&path, Box::new(demo::clock())).unwrap();
    demo::fill(&mut store, ROUNDS, 4, 7, |_| {}).unwrap();
    drop(store);
    let stores = [Store::open_read(&path).unwrap()];
    let o = Options {
        kind: Kind::Rounds,
        period: Period::parse("2026-01-01", "2027-12-31").unwrap(),
        table: None,
        dealer: None,
        threshold: Money::units(1000),
        verify: false,
        generated_by: "bench",
        generated_at: "2026-02-01 00:00:00 UTC",
    };
    let mut g = c.benchmark_group("report");
    g.sample_size(10);
    g.throughput(Throughput::Elements(ROUNDS));
    g.bench_function("rounds report streamed as JSON", |b| {
        b.iter(|| {
            let mut src = Files(&stores);
            let mut s = report::stream_from(&mut src, &o, |_| {}).unwrap();
            let mut sink = std::io::sink();
            s.write_json(&mut src, &mut sink).unwrap();
            black_box(s.report().sources.len())
        })
    });
    // The same rows as HTML (into a sink) and as CSV (a file a section, the footer's too).
    let st = Style::of(Lang::En);
    g.bench_function("rounds report streamed as HTML", |b| {
        b.iter(|| {
            let mut src = Files(&stores);
            let mut s = report::stream_from(&mut src, &o, |_| {}).unwrap();
            let mut sink = std::io::sink();
            s.write_html(&mut src, &mut sink, &st).unwrap();
            black_box(s.report().sources.len())
        })
    });
    let csv = dir.join("csv");
    g.bench_function("rounds report streamed as CSV", |b| {
        b.iter(|| {
            let mut src = Files(&stores);
            let mut s = report::stream_from(&mut src, &o, |_| {}).unwrap();
            black_box(s.write_csv(&mut src, &csv, true, &st).unwrap().len())
        })
    });
    // Main's path, in the same run: the same files read as a source that keeps no rows
    // (each page's events read and the players' boxes replayed).
    g.bench_function("rounds report streamed as JSON from the events", |b| {
        b.iter(|| {
            let mut src = counting::Counting::events_only(Files(&stores));
            let mut s = report::stream_from(&mut src, &o, |_| {}).unwrap();
            let mut sink = std::io::sink();
            s.write_json(&mut src, &mut sink).unwrap();
            black_box(s.report().sources.len())
        })
    });
    g.finish();
    let _ = std::fs::remove_dir_all(&dir);
}

criterion_group!(benches, rounds_streamed);
criterion_main!(benches);
