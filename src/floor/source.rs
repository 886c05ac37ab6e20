//! The floor as a report source: `query::Source` over every table database the floor
//! holds, each query SQL on the server (settled rounds from `croupier.rounds`, names and
//! events from `croupier.events`). Databases are numbered in the order the floor first
//! saw them; corrections, and the codes of refusals logged before codes were, are replayed
//! through the engine as for the files.

use std::collections::{HashMap, HashSet};
use std::path::PathBuf;
use std::sync::Arc;

use postgres::fallible_iterator::FallibleIterator;

use super::{EVENT_COLUMNS, Floor, FloorError, FloorTable, event_from, kind_code, short_id, why};
use crate::codes::RefusalCode;
use crate::log::event::{Event, hex};
use crate::log::payload::{BetData, NetData, Payload, RoundCorrected};
use crate::log::store::{GENESIS, figures_of_row};
use crate::log::totals::{self, BUCKET_MS, Figures, Key};
use crate::log::{AuditError, EventKind};
use crate::report::query::{
    DayClass, DaySums, DaysAsked, Derived, EachTotal, Noted, Page, Place, RoundLogs, RoundRow,
    Source, SourceAlarm, SourceHead, Start, TotalRef, TotalRow, Verified, VerifyFailure,
    apply_fixes, inputs_of, log_of, seq_cap,
};
use crate::report::verdict::{self, Chained, Passed, Pending, Rewalk, TotalsUnchecked, Unchecked};
use crate::session::pontis::{GameRow, rows_of};
use crate::session::replay::Replayer;

mod days;

/// A page's corrections: (database, round) → its latest correction.
type Fixes = HashMap<(usize, i64), RoundCorrected>;

/// The floor, read for reports.
pub struct FloorSource {
    floor: Floor,
    tables: Vec<FloorTable>,
    /// tab → its place in `tables`.
    place: HashMap<i32, usize>,
    /// Per database: table id → latest name, user id → name.
    table_names: Vec<HashMap<i64, String>>,
    user_names: Vec<HashMap<i64, String>>,
    /// Per database replayed for them: the codes of its refusals logged without one.
    derived: HashMap<usize, HashMap<i64, RefusalCode>>,
    /// The table openings, read once (`openings`).
    opened: Option<Arc<Openings>>,
    /// The to-date sums read (`total_sums`): per hour range, per database.
    sums: HashMap<(i64, i64), Summed>,
    /// The kept theories, read once (`kept_theories`).
    theories: Option<Vec<(String, String)>>,
}

impl FloorSource {
    pub fn open(mut floor: Floor) -> Result<FloorSource, FloorError> {
        let tables = floor.tables()?;
        let place = tables.iter().enumerate().map(|(i, t)| (t.tab, i)).collect();
        let mut src = FloorSource {
            floor,
            table_names: vec![HashMap::new(); tables.len()],
            user_names: vec![HashMap::new(); tables.len()],
            tables,
            place,
            derived: HashMap::new(),
            opened: None,
            sums: HashMap::new(),
            theories: None,
        };
        // The data is read here, not cast on the server: one table's bad JSON leaves its
        // names out instead of failing every table's report.
        for (sql, users) in [
            (
                "SELECT tab, table_id::int8, data FROM croupier.events
                  WHERE kind = 8 AND table_id IS NOT NULL ORDER BY tab, seq",
                false,
            ),
            (
                "SELECT tab, NULL::bigint, data FROM croupier.events
                  WHERE kind = 2 ORDER BY tab, seq",
                true,
            ),
        ] {
            for r in src.query(sql, &[])? {
                let Some(&db) = src.place.get(&r.get::<_, i32>(0)) else {
                    continue;
                };
                let data: serde_json::Value =
                    serde_json::from_str(r.get::<_, &str>(2)).unwrap_or_default();
                let id = if users {
                    data.get("user").and_then(serde_json::Value::as_i64)
                } else {
                    r.get::<_, Option<i64>>(1)
                };
                let name = data.get("name").and_then(serde_json::Value::as_str);
                let (Some(id), Some(name)) = (id, name) else {
                    continue;
                };
                let m = if users {
                    &mut src.user_names[db]
                } else {
                    &mut src.table_names[db]
                };
                m.insert(id, name.to_string());
            }
        }
        Ok(src)
    }

    /// The table databases the floor holds, in its order: (identity, file, head, last sync).
    pub fn databases(&self) -> Vec<(String, String, i64, Option<String>)> {
        self.tables
            .iter()
            .map(|t| {
                (
                    short_id(&t.db),
                    t.path.clone(),
                    t.head_seq,
                    t.last_sync.clone(),
                )
            })
            .collect()
    }

    fn query(
        &mut self,
        sql: &str,
        args: &[&(dyn postgres::types::ToSql + Sync)],
    ) -> Result<Vec<postgres::Row>, AuditError> {
        let target = self.floor.target.clone();
        self.floor
            .client()
            .query(sql, args)
            .map_err(|e| AuditError::Sqlite {
                path: PathBuf::from(format!("floor {target}")),
                detail: why(&e),
            })
    }

    /// A query's rows handed to `each` a slice at a time (a portal read 10,000 rows at a
    /// time): however many rows it has, only a slice of them is held.
    fn each_row(
        &mut self,
        sql: &str,
        args: &[&(dyn postgres::types::ToSql + Sync)],
        mut each: impl FnMut(&postgres::Row) -> Result<(), AuditError>,
    ) -> Result<(), AuditError> {
        let target = self.floor.target.clone();
        let err = |e: postgres::Error| AuditError::Sqlite {
            path: PathBuf::from(format!("floor {target}")),
            detail: why(&e),
        };
        let mut tx = self.floor.client().transaction().map_err(&err)?;
        let portal = tx.bind(sql, args).map_err(&err)?;
        loop {
            let rows = tx.query_portal(&portal, 10_000).map_err(&err)?;
            if rows.is_empty() {
                break;
            }
            for r in &rows {
                each(r)?;
            }
        }
        tx.commit().map_err(&err)
    }

    /// The codes of database `db`'s refusals logged before codes were, derived as a
    /// file's are: its events as the floor holds them replayed in order, each such refusal
    /// asked of the engine again where it was refused. A replay that stops (a fault the
    /// auditor reports) keeps the codes derived before it.
    fn derive_refusals(&mut self, db: usize) -> Result<HashMap<i64, RefusalCode>, AuditError> {
        let tab = self.tab(db);
        let mut r = Replayer::new(false);
        r.check_money = false;
        r.derived = Some(HashMap::new());
        let mut stopped = false;
        // A file's history is of a settled round (`RoundHistory`): the same rounds here.
        let (mut round_of, mut settled) = (HashMap::new(), HashSet::new());
        self.each_row(
            &format!(
                "SELECT {EVENT_COLUMNS} FROM croupier.events e WHERE e.tab = $1 ORDER BY e.seq"
            ),
            &[&tab],
            |row| {
                if stopped {
                    return Ok(());
                }
                match event_from(row, 0) {
                    Ok(e) => {
                        match (e.kind, e.round) {
                            (EventKind::RoundSettled, Some(n)) => drop(settled.insert(n)),
                            (EventKind::StepRefused, Some(n)) => drop(round_of.insert(e.seq, n)),
                            _ => {}
                        }
                        stopped = r.feed(&e).is_err();
                    }
                    Err(_) => stopped = true,
                }
                Ok(())
            },
        )?;
        let mut codes = r.derived.unwrap_or_default();
        codes.retain(|seq, _| round_of.get(seq).is_some_and(|n| settled.contains(n)));
        Ok(codes)
    }

    fn tab(&self, db: usize) -> i32 {
        self.tables.get(db).map(|t| t.tab).unwrap_or(-1)
    }

    fn event_of(&self, r: &postgres::Row, at: usize) -> Result<Event, AuditError> {
        event_from(r, at).map_err(|why| self.bad(format!("an event that does not read: {why}")))
    }

    fn bad(&self, detail: String) -> AuditError {
        AuditError::Sqlite {
            path: PathBuf::from(format!("floor {}", self.floor.target)),
            detail,
        }
    }

    /// The voided rounds and the corrections (latest last) of database `db`'s rounds
    /// `lo..=hi`: what a page of its rounds needs, read through the index by round
    /// (`events_round`) for those rounds only, not every void and correction held; logged
    /// by event `through`, if set (a page capped at its database's head).
    fn fixes_of(
        &mut self,
        db: usize,
        lo: i64,
        hi: i64,
        through: Option<i64>,
    ) -> Result<(HashSet<i64>, Fixes), AuditError> {
        let tab = self.tab(db);
        let rows = self.query(
            &format!(
                "SELECT round_id::int8, kind, data FROM croupier.events
                  WHERE tab = $1 AND kind IN (16, 17) AND round_id >= $2::int8 AND round_id <= $3::int8{}
                  ORDER BY seq",
                seq_cap(through)
            ),
            &[&tab, &lo, &hi],
        )?;
        let (mut voided, mut fixes) = (HashSet::new(), HashMap::new());
        for r in rows {
            let round: i64 = r.get(0);
            if r.get::<_, i16>(1) == kind_code(EventKind::RoundVoided) {
                voided.insert(round);
                continue;
            }
            match Payload::parse(EventKind::RoundCorrected, r.get(2)) {
                Ok(Payload::RoundCorrected(c)) => {
                    fixes.insert((db, round), c);
                }
                _ => {
                    return Err(self.bad(format!("round {round}: a correction that does not read")));
                }
            }
        }
        Ok((voided, fixes))
    }
}

impl FloorSource {
    /// The settled rounds of database `db` in `page` (keyset pages on
    /// `rounds (tab, at, round_id)`, schema 8), corrected rounds with corrected figures.
    fn rounds_in(
        &mut self,
        db: usize,
        page: &Page,
        progress: &mut dyn FnMut(usize),
    ) -> Result<Vec<RoundRow>, AuditError> {
        // How far the auditor has replayed each table database: a settlement after it
        // is a round not yet replayed.
        let through: HashMap<i32, i64> = self
            .query("SELECT tab, seq FROM croupier.replayed", &[])?
            .iter()
            .map(|r| (r.get(0), r.get(1)))
            .collect();
        let mut out = Vec::new();
        let (place, table_names, user_names) = (
            std::mem::take(&mut self.place),
            std::mem::take(&mut self.table_names),
            std::mem::take(&mut self.user_names),
        );
        let tab = self.tab(db);
        let (filter, values, end) = page.sql("tab, ");
        let query = format!(
            "SELECT tab, at, table_id, user_id, round_id, handle, paid, win, max_net,
                    insurance_taken, insurance_paid, splits, buys, pontoons, five_card_tricks, seq, cost
               FROM croupier.rounds WHERE {filter} AND tab = ${}{end}",
            values.len() + 1
        );
        let mut args: Vec<&(dyn postgres::types::ToSql + Sync)> = values
            .iter()
            .map(|v| v as &(dyn postgres::types::ToSql + Sync))
            .collect();
        args.push(&tab);
        let read = self.each_row(&query, &args, |r| {
            let tab: i32 = r.get(0);
            let Some(&db) = place.get(&tab) else {
                return Ok(());
            };
            let (table, user): (Option<i64>, Option<i64>) = (r.get(2), r.get(3));
            let (table, user) = (table.unwrap_or(0), user.unwrap_or(0));
            let round: i64 = r.get(4);
            let mut f = [0i64; 10];
            for (i, x) in f.iter_mut().enumerate() {
                *x = r.get(5 + i);
            }
            out.push(RoundRow {
                db,
                table: table_names[db]
                    .get(&table)
                    .cloned()
                    .unwrap_or_else(|| format!("table {table}")),
                round,
                at: r.get(1),
                dealer: user_names[db]
                    .get(&user)
                    .cloned()
                    .unwrap_or_else(|| format!("user {user}")),
                figures: figures_of_row(&f),
                voided: false,
                corrected: false,
                cost: r.get(16),
                replayed: Some(r.get::<_, i64>(15) <= through.get(&tab).copied().unwrap_or(0)),
            });
            if out.len() % 100_000 == 0 {
                progress(out.len());
            }
            Ok(())
        });
        (self.place, self.table_names, self.user_names) = (place, table_names, user_names);
        read?;
        let ids = out.iter().map(|r| r.round);
        if let (Some(lo), Some(hi)) = (ids.clone().min(), ids.max()) {
            let (voided, fixes) = self.fixes_of(db, lo, hi, page.through)?;
            for r in &mut out {
                r.voided = voided.contains(&r.round);
            }
            apply_fixes(&mut out, &fixes)?;
        }
        Ok(out)
    }
}

impl Source for FloorSource {
    /// The floor's kept theories (schema 10, `croupier.kept_theories`): written, and held
    /// to the lab's solve at each pass, by the floor's auditor; the same rows for every
    /// database (each reads those of the rules its tables opened with).
    /// Read once a source: a report asks for every database's.
    fn kept_theories(&mut self, _db: usize) -> Result<Vec<(String, String)>, AuditError> {
        if let Some(t) = &self.theories {
            return Ok(t.clone());
        }
        let rows = self.query(
            "SELECT rules, figures FROM croupier.kept_theories ORDER BY rules",
            &[],
        )?;
        let t: Vec<(String, String)> = rows.iter().map(|r| (r.get(0), r.get(1))).collect();
        self.theories = Some(t.clone());
        Ok(t)
    }

    fn rounds(
        &mut self,
        from_ms: i64,
        to_ms: i64,
        progress: &mut dyn FnMut(usize),
    ) -> Result<Vec<RoundRow>, AuditError> {
        // Each table database's in turn, in the floor's order (as one query ordered by
        // table database gave them): each read on `rounds (tab, at, round_id)`.
        let mut out = Vec::new();
        for db in 0..self.tables.len() {
            let before = out.len();
            let mut each = |n: usize| progress(before + n);
            out.extend(self.rounds_in(db, &Page::all(from_ms, to_ms), &mut each)?);
        }
        Ok(out)
    }

    fn rounds_page(&mut self, db: usize, page: &Page) -> Result<Vec<RoundRow>, AuditError> {
        if db >= self.tables.len() {
            return Ok(Vec::new());
        }
        self.rounds_in(db, page, &mut |_| {})
    }

    fn databases(&self) -> usize {
        self.tables.len()
    }

    fn table_keys(&mut self) -> Result<Vec<(String, usize)>, AuditError> {
        Ok((self.table_names.iter().enumerate())
            .flat_map(|(db, m)| m.values().map(move |n| (n.clone(), db)))
            .collect())
    }

    /// The buckets of the hours and their corrections read in one snapshot
    /// ([`FloorSource::sums_snapshot`]), as the to-date sums are.
    fn totals(
        &mut self,
        from_hour: i64,
        to_hour: i64,
    ) -> Result<Option<Vec<TotalRow>>, AuditError> {
        let SumsRead {
            opened,
            sums: rows,
            fixes: fix_rows,
        } = self.sums_snapshot(&kept_sql(""), &[&from_hour, &to_hour], (from_hour, to_hour))?;
        let openings = match opened {
            Some(o) => self.keep_openings(&o),
            None => self.openings()?,
        };
        let mut kept = self.kept_of(&rows);
        fold_corrections(&self.place, &mut kept, &openings, &fix_rows);
        Ok(Some(
            kept.into_iter()
                .map(|((db, key), figures)| {
                    let opened_at = openings
                        .get(&db)
                        .and_then(|o| o.iter().find(|(seq, _, _)| *seq == key.opened))
                        .map(|(_, _, at)| *at);
                    TotalRow::named(
                        db,
                        (key, figures),
                        (&self.table_names[db], &self.user_names[db]),
                        opened_at,
                    )
                })
                .collect(),
        ))
    }

    /// The buckets streamed off one query in (hour, tab) order, the primary key's
    /// (`query_raw`: rows as they come, none held), each corrected round's figures put
    /// in place as in [`Source::totals`] (the corrections, which are few, read first, in
    /// the same REPEATABLE READ snapshot as the buckets: a void synced between two
    /// separate reads would be taken out of buckets that no longer hold it).
    fn visit_totals(
        &mut self,
        from_hour: i64,
        to_hour: i64,
        each: &mut EachTotal<'_>,
    ) -> Result<bool, AuditError> {
        let target = self.floor.target.clone();
        let err = |e: postgres::Error| AuditError::Sqlite {
            path: PathBuf::from(format!("floor {target}")),
            detail: why(&e),
        };
        let (from_ms, to_ms) = ms_of(from_hour, to_hour);
        let FloorSource {
            floor,
            place,
            table_names: names,
            user_names: users,
            opened,
            ..
        } = self;
        let mut tx = snapshot(floor.client()).map_err(&err)?;
        let openings = match opened {
            Some(o) => Arc::clone(o),
            None => {
                let rows = tx.query(OPENINGS_SQL, &[]).map_err(&err)?;
                Arc::new(openings_of(place, &rows))
            }
        };
        *opened = Some(Arc::clone(&openings));
        tx.batch_execute("SET LOCAL max_parallel_workers_per_gather = 0")
            .map_err(&err)?;
        let fix_rows = tx
            .query(CORRECTIONS_SQL, &[&from_ms, &to_ms])
            .map_err(&err)?;
        tx.batch_execute("SET LOCAL max_parallel_workers_per_gather TO DEFAULT")
            .map_err(&err)?;
        let mut fixes = Kept::new();
        fold_corrections(place, &mut fixes, &openings, &fix_rows);
        let opened_at: HashMap<(usize, i64), i64> = openings
            .iter()
            .flat_map(|(db, o)| o.iter().map(|(seq, _, at)| ((*db, *seq), *at)))
            .collect();
        let mut rows = tx
            .query_raw(
                &kept_sql(" ORDER BY hour, tab"),
                [&from_hour as &(dyn postgres::types::ToSql + Sync), &to_hour],
            )
            .map_err(&err)?;
        let id = |v: i64| if v < 0 { 0 } else { v };
        let (mut table_text, mut dealer_text);
        while let Some(r) = rows.next().map_err(&err)? {
            let Some((db, key, mut figures)) = bucket_of(place, &r) else {
                continue;
            };
            if let Some(fix) = fixes.get(&(db, key)) {
                figures.add(fix, 1);
            }
            let table = match names[db].get(&id(key.table)) {
                Some(t) => t.as_str(),
                None => {
                    table_text = format!("table {}", id(key.table));
                    table_text.as_str()
                }
            };
            let dealer = match users[db].get(&id(key.dealer)) {
                Some(u) => u.as_str(),
                None => {
                    dealer_text = format!("user {}", id(key.dealer));
                    dealer_text.as_str()
                }
            };
            each(&TotalRef {
                db,
                table,
                dealer,
                key,
                opened_at: opened_at.get(&(db, key.opened)).copied(),
                figures,
            })?;
        }
        drop(rows);
        tx.commit().map_err(&err)?;
        Ok(true)
    }

    /// Summed by the server for every table database at once ([`FloorSource::sums_of`]:
    /// one query a range, however many databases), read once a range and kept for the
    /// source's other databases.
    fn total_sums(
        &mut self,
        db: usize,
        from_hour: i64,
        to_hour: i64,
    ) -> Result<Option<Vec<TotalRow>>, AuditError> {
        if db >= self.tables.len() {
            return Ok(Some(Vec::new()));
        }
        let range = (from_hour, to_hour);
        if !self.sums.contains_key(&range) {
            let read = self.sums_of(from_hour, to_hour)?;
            self.sums.insert(range, read);
        }
        Ok(self
            .sums
            .get(&range)
            .and_then(|m| m.get(&db))
            .cloned()
            .unwrap_or_else(|| Some(Vec::new())))
    }

    fn day_sums(
        &mut self,
        asked: &DaysAsked<'_>,
        class_of: &mut dyn FnMut(usize, &str, Option<i64>) -> DayClass,
    ) -> Result<Option<DaySums>, AuditError> {
        self.day_sums_of(asked, class_of)
    }

    fn round_inputs(
        &mut self,
        db: usize,
        round: i64,
    ) -> Result<(Vec<BetData>, Vec<String>), AuditError> {
        let events = self.round_events(db, round)?;
        Ok(inputs_of(&events))
    }

    fn round_nets(
        &mut self,
        db: usize,
        round: i64,
        through: Option<i64>,
    ) -> Result<Vec<NetData>, AuditError> {
        let tab = self.tab(db);
        let latest = self.query(
            &format!(
                "SELECT data FROM croupier.events
                  WHERE tab = $1 AND round_id = $2::int8 AND kind = 17{} ORDER BY seq DESC LIMIT 1",
                seq_cap(through)
            ),
            &[&tab, &round],
        )?;
        if let Some(r) = latest.first()
            && let Ok(Payload::RoundCorrected(c)) =
                Payload::parse(EventKind::RoundCorrected, r.get(0))
        {
            return Ok(c.nets);
        }
        self.round_events(db, round)?
            .into_iter()
            .find_map(|e| match e.payload() {
                Ok(Payload::RoundSettled(s)) => Some(s.nets),
                _ => None,
            })
            .ok_or(AuditError::Refused(crate::log::LogRefusal::NoSettlement {
                round,
            }))
    }

    /// Every round's events in two queries for the page (`rounds_events`), not one a
    /// round. The rounds' variances are read from the floor's own table of openings
    /// (`round_starts`, which may differ from the events'), as before: no log is marked
    /// as holding them.
    fn round_logs(
        &mut self,
        db: usize,
        rounds: &[i64],
        through: Option<i64>,
    ) -> Result<RoundLogs, AuditError> {
        let events = self.rounds_events(db, rounds)?;
        rounds
            .iter()
            .map(|&r| {
                let of = events.get(&r).map_or(&[][..], |v| &v[..]);
                let mut log = log_of(of, r, through)?;
                log.one_start = false;
                Ok((r, log))
            })
            .collect()
    }

    fn events_of(
        &mut self,
        kinds: &[EventKind],
        from_ms: i64,
        to_ms: i64,
    ) -> Result<Vec<Noted>, AuditError> {
        // The kinds' numbers written into the query (integers of the program's own), so
        // that the index of the events that are not steps serves it.
        let codes: Vec<String> = kinds.iter().map(|k| kind_code(*k).to_string()).collect();
        let codes = if codes.is_empty() {
            "NULL".to_string()
        } else {
            codes.join(", ")
        };
        let rows = self.query(
            &format!(
                "SELECT e.tab, {EVENT_COLUMNS} FROM croupier.events e
                  WHERE e.kind IN ({codes}) AND e.at >= $1 AND e.at < $2"
            ),
            &[&from_ms, &to_ms],
        )?;
        let mut out = Vec::with_capacity(rows.len());
        for r in &rows {
            let Some(&db) = self.place.get(&r.get::<_, i32>(0)) else {
                continue;
            };
            let e = self.event_of(r, 1)?;
            let payload = e.payload().map_err(|x| {
                let t = &self.tables[db];
                self.bad(format!(
                    "table database {} ({}), event {}: {x}",
                    short_id(&t.db),
                    t.path,
                    e.seq
                ))
            })?;
            let name = |m: &HashMap<i64, String>, id: Option<i64>, what: &str| {
                id.map(|i| m.get(&i).cloned().unwrap_or_else(|| format!("{what} {i}")))
                    .unwrap_or_default()
            };
            out.push(Noted {
                db,
                seq: e.seq,
                at: e.at,
                kind: e.kind,
                table: name(&self.table_names[db], e.table, "table"),
                user: name(&self.user_names[db], e.user, "user"),
                round: e.round,
                payload,
            });
        }
        out.sort_by_key(|n| (n.at, n.db, n.seq));
        Ok(out)
    }

    fn round_starts(
        &mut self,
        db: usize,
        first: i64,
        last: i64,
        each: &mut dyn FnMut(i64, Start<'_>) -> Result<(), AuditError>,
    ) -> Result<(), AuditError> {
        let tab = self.tab(db);
        // From the floor's own table of round openings (its primary key in this order;
        // round ids are given in log order), not from the events' pages: each opening's
        // stakes squared as the chain trigger computed them (schema 16; NULL where its
        // text does not read), which the auditor holds to the figures the event gives.
        self.each_row(
            "SELECT round_id::int8, box_sq, round_sq FROM croupier.round_starts
              WHERE tab = $1 AND round_id BETWEEN $2::int8 AND $3::int8 ORDER BY round_id, seq",
            &[&tab, &first, &last],
            |r| {
                let squares = match (r.get(1), r.get(2)) {
                    (Some(box_sq), Some(round_sq)) => Some((box_sq, round_sq)),
                    _ => None,
                };
                each(r.get(0), Start::Squares(squares))
            },
        )
    }

    /// Every table database checked in one statement (`CHECKS_SQL`), not five a database.
    fn heads(
        &mut self,
        verify: bool,
        progress: &mut dyn FnMut(&str),
    ) -> Result<Vec<SourceHead>, AuditError> {
        let target = self.floor.target.clone();
        let mut checked = Vec::new();
        if verify && !self.tables.is_empty() {
            progress(&format!(
                "checking {} table database(s) on the floor",
                self.tables.len()
            ));
            let tabs: Vec<i32> = self.tables.iter().map(|t| t.tab).collect();
            let dbs: Vec<Vec<u8>> = self.tables.iter().map(|t| t.db.clone()).collect();
            let roles: Vec<String> = self.tables.iter().map(|t| t.role.clone()).collect();
            let rows = self.query(CHECKS_SQL, &[&tabs, &dbs, &roles, &&GENESIS[..]])?;
            if rows.len() != self.tables.len() {
                return Err(self.bad(format!(
                    "{} table databases' checks read for {}",
                    rows.len(),
                    self.tables.len()
                )));
            }
            checked = rows.iter().map(Checks::of).collect();
        }
        // Unchecked, the heads as they stand now (read after whatever the report read
        // before its footer), not as they stood at open.
        let mut now: HashMap<i32, (i64, Vec<u8>)> = HashMap::new();
        if !verify && !self.tables.is_empty() {
            let rows = self.query(
                "SELECT tab, head_seq::int8, head_hash FROM croupier.tables",
                &[],
            )?;
            now = (rows.iter())
                .map(|r| (r.get(0), (r.get(1), r.get(2))))
                .collect();
        }
        let mut checked = checked.into_iter();
        Ok(self
            .tables
            .iter()
            .map(|t| {
                // Checked: the head read with the checks, not the one read at open.
                let c = checked.next();
                let mut t = t.clone();
                let head = c.as_ref().and_then(|c| c.head.clone());
                if let Some((seq, hash)) = head.or_else(|| now.remove(&t.tab)) {
                    (t.head_seq, t.head_hash) = (seq, hash);
                }
                SourceHead {
                    path: Place::Floor {
                        floor: target.to_string(),
                        database: short_id(&t.db),
                        synced_from: t.path.clone(),
                    },
                    head_seq: t.head_seq,
                    head_hash: hex(&t.head_hash),
                    verified: c.map(|c| c.verdict(&t)),
                }
            })
            .collect())
    }

    /// Three queries for every table database (each kind's events by the index by kind
    /// and time, in `tab` and log order), not three a database.
    fn pontis_games(&mut self, from_ms: i64, to_ms: i64) -> Result<Vec<GameRow>, AuditError> {
        let asks = [
            (EventKind::PontisOpened, i64::MIN, i64::MAX),
            (EventKind::PontisEnded, from_ms, i64::MAX),
            (EventKind::PontisStarted, from_ms, to_ms),
        ];
        let mut by_db: Vec<[Vec<Event>; 3]> =
            (0..self.tables.len()).map(|_| Default::default()).collect();
        for (i, (kind, from, to)) in asks.into_iter().enumerate() {
            let rows = self.query(
                &format!(
                    "SELECT e.tab, {EVENT_COLUMNS} FROM croupier.events e
                      WHERE e.kind = {} AND e.at >= $1 AND e.at < $2 ORDER BY e.tab, e.seq",
                    kind_code(kind)
                ),
                &[&from, &to],
            )?;
            for r in &rows {
                let Some(&db) = self.place.get(&r.get::<_, i32>(0)) else {
                    continue;
                };
                let e = self.event_of(r, 1)?;
                if let Some(of) = by_db.get_mut(db) {
                    of[i].push(e);
                }
            }
        }
        let mut out = Vec::new();
        for (db, [opened, ended, started]) in by_db.iter().enumerate() {
            out.extend(rows_of(db, &self.user_names[db], opened, ended, started));
        }
        Ok(out)
    }

    fn derived_refusal(&mut self, db: usize, _round: i64, seq: i64) -> Option<RefusalCode> {
        if !self.derived.contains_key(&db) {
            let codes = self.derive_refusals(db).unwrap_or_default();
            self.derived.insert(db, codes);
        }
        self.derived.get(&db)?.get(&seq).cloned()
    }

    fn marks_replay(&self) -> bool {
        true
    }

    fn alarms(&mut self, from_ms: i64, to_ms: i64) -> Result<Vec<SourceAlarm>, AuditError> {
        let rows = self.query(
            "SELECT a.at, a.tab, a.seq, a.db, a.floor_hash, a.table_hash, a.what, a.by_role::text,
                    '; acknowledged by role ' || k.by_role || ' at '
                        || to_char(k.at AT TIME ZONE 'UTC', 'YYYY-MM-DD HH24:MI:SS') || ' UTC: ' || k.why
               FROM croupier.alarms a LEFT JOIN croupier.alarm_acks k ON k.alarm = a.id
              WHERE a.at >= $1 AND a.at < $2 ORDER BY a.id",
            &[&from_ms, &to_ms],
        )?;
        Ok(rows
            .iter()
            .map(|r| {
                let tab: Option<i32> = r.get(1);
                let db = tab
                    .and_then(|t| self.place.get(&t).copied())
                    .unwrap_or(usize::MAX);
                let h = |i: usize| {
                    r.get::<_, Option<&[u8]>>(i)
                        .map(hex)
                        .unwrap_or_else(|| "none".into())
                };
                SourceAlarm {
                    at: r.get(0),
                    db,
                    seq: r.get(2),
                    detail: format!(
                        "table database {} event {}: {} (floor hash {}, table hash {}; raised by role {}{})",
                        short_id(r.get::<_, &[u8]>(3)),
                        r.get::<_, i64>(2),
                        r.get::<_, &str>(6),
                        h(4),
                        h(5),
                        r.get::<_, &str>(7),
                        r.get::<_, Option<&str>>(8).unwrap_or_default()
                    ),
                }
            })
            .collect())
    }
}

/// Every database's table openings (`Openings`), in log order.
const OPENINGS_SQL: &str = "SELECT tab, seq::int8, table_id::int8, at FROM croupier.events WHERE kind = 8 ORDER BY tab, seq";

/// The corrected rounds of the times `$1..$2` (ms) not voided: each settlement's figures
/// and cost with every correction of it, in order (`FloorSource::fold_corrections`).
const CORRECTIONS_SQL: &str =
    "SELECT r.tab, r.seq, r.at, r.table_id, r.user_id, r.handle, r.paid, r.win, r.max_net,
        r.insurance_taken, r.insurance_paid, r.splits, r.buys, r.pontoons,
        r.five_card_tricks, c.data, r.cost
   FROM croupier.events c
   JOIN croupier.rounds r ON r.tab = c.tab AND r.round_id = c.round_id
  WHERE c.kind = 17 AND r.at >= $1 AND r.at < $2
    AND NOT EXISTS (SELECT 1 FROM croupier.events v WHERE v.tab = c.tab
                       AND v.round_id = c.round_id AND v.kind = 16)
  ORDER BY r.tab, r.seq, c.seq";

/// The times (ms) of the hours `from_hour..=to_hour`: from the first's start to the
/// next after the last (saturating).
fn ms_of(from_hour: i64, to_hour: i64) -> (i64, i64) {
    (
        from_hour.saturating_mul(BUCKET_MS),
        to_hour.saturating_add(1).saturating_mul(BUCKET_MS),
    )
}

/// An hour range `from..=to` as the to-date sums read it: its whole UTC days (`days`,
/// day `d` = hours `24d..=24d+23`, `day_totals`' key) and the hours before the first of
/// them and after the last (`head`, `tail`, from `round_totals`). A part with nothing in
/// it is `(1, 0)` (no row has `1 <= x <= 0`); a range without a whole day is all `head`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
struct DaySplit {
    head: (i64, i64),
    days: (i64, i64),
    tail: (i64, i64),
}

fn split_days(from: i64, to: i64) -> DaySplit {
    const NONE: (i64, i64) = (1, 0);
    // In i128: the edges `24 * day - 1` and `24 * (day + 1)` may pass an i64's.
    let (lo, hi) = (i128::from(from), i128::from(to));
    let first = (lo + 23).div_euclid(24);
    let last = (hi + 1).div_euclid(24) - 1;
    if from > to || first > last {
        let all = if from > to { NONE } else { (from, to) };
        return DaySplit {
            head: all,
            days: NONE,
            tail: NONE,
        };
    }
    // Within `from..=to` (or empty), so each fits an i64.
    let part = |a: i128, b: i128| match (i64::try_from(a), i64::try_from(b)) {
        (Ok(a), Ok(b)) if a <= b => (a, b),
        _ => NONE,
    };
    DaySplit {
        head: part(lo, first * 24 - 1),
        days: part(first, last),
        tail: part((last + 1) * 24, hi),
    }
}

/// What one snapshot of the floor gave [`FloorSource::sums_of`]: the openings' rows
/// (`None`: read before), the sums' and the corrections'.
struct SumsRead {
    opened: Option<Vec<postgres::Row>>,
    sums: Vec<postgres::Row>,
    fixes: Vec<postgres::Row>,
}

/// Each database's table openings in seq order: (seq, table id, time).
type Openings = HashMap<usize, Vec<(i64, Option<i64>, i64)>>;

/// One hour range's to-date sums: per database its rows, `None` where a sum overflows.
type Summed = HashMap<usize, Option<Vec<TotalRow>>>;

/// The kept totals by database and key, in the order the files give them.
type Kept = std::collections::BTreeMap<(usize, Key), Figures>;

impl FloorSource {
    /// The table openings of every database, (seq, table, time) in log order: read once
    /// a source (a report's reads of its ranges share them).
    fn openings(&mut self) -> Result<Arc<Openings>, AuditError> {
        if let Some(o) = &self.opened {
            return Ok(Arc::clone(o));
        }
        let rows = self.query(OPENINGS_SQL, &[])?;
        Ok(self.keep_openings(&rows))
    }

    /// The openings' rows (`OPENINGS_SQL`) by database, kept for the source's other reads.
    fn keep_openings(&mut self, rows: &[postgres::Row]) -> Arc<Openings> {
        let out = Arc::new(openings_of(&self.place, rows));
        self.opened = Some(Arc::clone(&out));
        out
    }

    /// What [`FloorSource::sums_of`] reads, from one snapshot (a REPEATABLE READ, read
    /// only transaction): the openings (unless read before), the sums `sums_sql` (with
    /// `sums_args`) and the corrections of the hours (`CORRECTIONS_SQL`), both planned
    /// without parallel workers (`SET LOCAL max_parallel_workers_per_gather = 0`): each
    /// reads few rows (the sums, a range's days: 12,412 day rows for January at 10 M
    /// rounds), and the workers' start, 25–40 ms on a loaded server, would be most of it
    /// (`EXPLAIN ANALYZE`, docs/benchmarks.md "Floor schemas 12 and 13"). A sync between two separate statements could void a round after the
    /// corrections were read and before the sums were: its settled figures subtracted
    /// from sums that no longer hold them.
    fn sums_snapshot(
        &mut self,
        sums_sql: &str,
        sums_args: &[&(dyn postgres::types::ToSql + Sync)],
        (from_hour, to_hour): (i64, i64),
    ) -> Result<SumsRead, AuditError> {
        let target = self.floor.target.clone();
        let err = |e: postgres::Error| AuditError::Sqlite {
            path: PathBuf::from(format!("floor {target}")),
            detail: why(&e),
        };
        let need_openings = self.opened.is_none();
        let (from_ms, to_ms) = ms_of(from_hour, to_hour);
        let mut tx = snapshot(self.floor.client()).map_err(&err)?;
        let opened = match need_openings {
            true => Some(tx.query(OPENINGS_SQL, &[]).map_err(&err)?),
            false => None,
        };
        tx.batch_execute("SET LOCAL max_parallel_workers_per_gather = 0")
            .map_err(&err)?;
        let sums = tx.query(sums_sql, sums_args).map_err(&err)?;
        let fixes = tx
            .query(CORRECTIONS_SQL, &[&from_ms, &to_ms])
            .map_err(&err)?;
        tx.commit().map_err(&err)?;
        Ok(SumsRead {
            opened,
            sums,
            fixes,
        })
    }

    /// Every table database's kept totals of the hours `from_hour..=to_hour` summed by
    /// the server in one query (`GROUP BY` tab, table, dealer, opening, not one query a
    /// database): the range's whole UTC days from `month_totals` (schema 15: a month's
    /// rows, not its days', less the few days of it the range leaves out) and `day_totals`
    /// (schema 12),
    /// the hours before its first whole day and after its last from `round_totals`
    /// ([`split_days`], [`super::months::split_months`]); each corrected round's figures
    /// put in place as in [`Source::totals`] (the corrections read once for all, in the
    /// same snapshot). A database with a sum beyond an i64, or a day or month row at an
    /// i64's bound (a sum that may have saturated), gets `None` (the buckets' own sums
    /// saturate, `TheorySums::add`), or a key with a count or stake below 0 (days taken
    /// away from a month row that does not hold them: one deleted by hand, read with
    /// `--skip-verify`), gets `None` too: the report visits its buckets.
    fn sums_of(&mut self, from_hour: i64, to_hour: i64) -> Result<Summed, AuditError> {
        let split = split_days(from_hour, to_hour);
        let days = super::months::split_months(split.days);
        // Only the parts with something in them (the hours' head always, so that an empty
        // range is a statement too): a range without months is a statement as schema 14's.
        let parts: Vec<(Part, (i64, i64))> = [
            (Part::Hours, split.head),
            (Part::Hours, split.tail),
            (Part::Months, days.months),
            (Part::Days(1), days.add[0]),
            (Part::Days(1), days.add[1]),
            (Part::Days(-1), days.sub[0]),
            (Part::Days(-1), days.sub[1]),
        ]
        .into_iter()
        .enumerate()
        .filter(|(i, (_, (lo, hi)))| *i == 0 || lo <= hi)
        .map(|(_, p)| p)
        .collect();
        let sql = sums_sql(&parts.iter().map(|p| p.0).collect::<Vec<_>>());
        let args: Vec<&(dyn postgres::types::ToSql + Sync)> = parts
            .iter()
            .flat_map(|(_, (lo, hi))| [lo as &(dyn postgres::types::ToSql + Sync), hi])
            .collect();
        let SumsRead {
            opened,
            sums: rows,
            fixes: fix_rows,
        } = self.sums_snapshot(&sql, &args, (from_hour, to_hour))?;
        let openings = match opened {
            Some(o) => self.keep_openings(&o),
            None => self.openings()?,
        };
        let mut fixes = Kept::new();
        fold_corrections(&self.place, &mut fixes, &openings, &fix_rows);
        let mut summed: HashMap<usize, Option<std::collections::BTreeMap<Key, Figures>>> =
            HashMap::new();
        for r in &rows {
            let Some(&db) = self.place.get(&r.get::<_, i32>(0)) else {
                continue;
            };
            let keys = summed.entry(db).or_insert_with(|| Some(Default::default()));
            let mut v = [0i64; totals::COLUMNS.len()];
            for (i, x) in v.iter_mut().enumerate() {
                match r.get::<_, Option<i64>>(4 + i) {
                    Some(sum) => *x = sum,
                    None => *keys = None,
                }
            }
            if negative(&v) {
                // Days taken away from a month row that does not hold them (one deleted
                // or changed by hand, read with `--skip-verify`): not a figure to show.
                *keys = None;
            }
            let key = Key {
                table: r.get(1),
                hour: from_hour,
                dealer: r.get(2),
                opened: r.get(3),
            };
            if let Some(k) = keys {
                k.insert(key, Figures::from_row(v));
            }
        }
        for ((db, k), fix) in &fixes {
            let keys = summed
                .entry(*db)
                .or_insert_with(|| Some(Default::default()));
            if let Some(keys) = keys {
                let key = Key {
                    hour: from_hour,
                    ..*k
                };
                keys.entry(key).or_default().add(fix, 1);
            }
        }
        Ok(self.named_sums(summed, &openings))
    }

    /// Each database's summed keys as [`TotalRow`]s, named and with their opening's time.
    fn named_sums(
        &self,
        summed: HashMap<usize, Option<std::collections::BTreeMap<Key, Figures>>>,
        openings: &Openings,
    ) -> Summed {
        let opened_at: HashMap<(usize, i64), i64> = openings
            .iter()
            .flat_map(|(db, o)| o.iter().map(|(seq, _, at)| ((*db, *seq), *at)))
            .collect();
        summed
            .into_iter()
            .map(|(db, keys)| {
                let rows = keys.map(|keys| {
                    keys.into_iter()
                        .map(|(key, figures)| {
                            TotalRow::named(
                                db,
                                (key, figures),
                                (&self.table_names[db], &self.user_names[db]),
                                opened_at.get(&(db, key.opened)).copied(),
                            )
                        })
                        .collect()
                });
                (db, rows)
            })
            .collect()
    }

    /// The buckets' rows (`kept_sql`) by database and key: every settled round not
    /// voided, as settled (schema 7), with its settlement's cost (schema 8).
    fn kept_of(&self, rows: &[postgres::Row]) -> Kept {
        rows.iter()
            .filter_map(|r| bucket_of(&self.place, r))
            .map(|(db, key, figures)| ((db, key), figures))
            .collect()
    }

    /// [`FloorSource::round_events`] of each of database `db`'s `rounds` (a page's), in two
    /// queries whatever their number, as the store's `rounds_events` reads them: the
    /// events that are not steps of rounds `min..=max`, then their steps by seq between
    /// the first of them and the last settlement. A round not settled is read on its own.
    fn rounds_events(
        &mut self,
        db: usize,
        rounds: &[i64],
    ) -> Result<HashMap<i64, Vec<Event>>, AuditError> {
        let wanted: HashSet<i64> = rounds.iter().copied().collect();
        let mut out: HashMap<i64, Vec<Event>> = HashMap::new();
        let (Some(&lo), Some(&hi)) = (wanted.iter().min(), wanted.iter().max()) else {
            return Ok(out);
        };
        let tab = self.tab(db);
        let rows = self.query(
            &format!(
                "SELECT {EVENT_COLUMNS} FROM croupier.events e
                  WHERE e.tab = $1 AND e.round_id >= $2::int8 AND e.round_id <= $3::int8
                    AND e.kind <> 12 ORDER BY e.seq"
            ),
            &[&tab, &lo, &hi],
        )?;
        for r in &rows {
            let e = self.event_of(r, 0)?;
            if let Some(round) = e.round.filter(|x| wanted.contains(x)) {
                out.entry(round).or_default().push(e);
            }
        }
        // Each settled round's first event and settlement: its steps lie between them.
        let mut spans: HashMap<i64, (i64, i64)> = HashMap::new();
        let mut unsettled = Vec::new();
        for (&round, events) in &out {
            let first = events.first().map_or(i64::MAX, |e| e.seq);
            let settled = events.iter().filter(|e| e.kind == EventKind::RoundSettled);
            match settled.map(|e| e.seq).max() {
                Some(end) => {
                    spans.insert(round, (first, end));
                }
                None => unsettled.push(round),
            }
        }
        for round in unsettled {
            let events = self.round_events(db, round)?;
            out.insert(round, events);
        }
        let (Some(from), Some(to)) = (
            spans.values().map(|s| s.0).min(),
            spans.values().map(|s| s.1).max(),
        ) else {
            return Ok(out);
        };
        let steps = self.query(
            &format!(
                "SELECT {EVENT_COLUMNS} FROM croupier.events e
                  WHERE e.tab = $1 AND e.seq >= $2::int8 AND e.seq <= $3::int8
                    AND e.kind = 12 AND e.round_id >= $4::int8 AND e.round_id <= $5::int8"
            ),
            &[&tab, &from, &to, &lo, &hi],
        )?;
        for r in &steps {
            let e = self.event_of(r, 0)?;
            let Some(round) = e.round else { continue };
            if let (Some(&(first, end)), Some(events)) = (spans.get(&round), out.get_mut(&round))
                && e.seq >= first
                && e.seq <= end
            {
                events.push(e);
            }
        }
        for events in out.values_mut() {
            events.sort_by_key(|e| e.seq);
        }
        Ok(out)
    }

    /// A round's events as the store's `round_events` gives them: its inputs between its
    /// first event and its settlement, then what came later (voids, corrections).
    fn round_events(&mut self, db: usize, round: i64) -> Result<Vec<Event>, AuditError> {
        let tab = self.tab(db);
        // Schema 6 keeps no index of every event by round: the round's events that are
        // not steps (a small index), then its steps by seq between its first event and
        // its settlement (or, unsettled, the next round's opening).
        let rows = self.query(
            &format!(
                "SELECT {EVENT_COLUMNS} FROM croupier.events e
                  WHERE e.tab = $1 AND e.round_id = $2::int8 AND e.kind <> 12 ORDER BY e.seq"
            ),
            &[&tab, &round],
        )?;
        let mut events = rows
            .iter()
            .map(|r| self.event_of(r, 0))
            .collect::<Result<Vec<_>, _>>()?;
        if let Some(first) = events.iter().map(|e| e.seq).min() {
            let settled = events
                .iter()
                .filter(|e| e.kind == EventKind::RoundSettled)
                .map(|e| e.seq)
                .max();
            let end = match settled {
                Some(s) => s,
                None => self
                    .query(
                        "SELECT min(seq)::int8 FROM croupier.round_starts WHERE tab = $1 AND round_id > $2::int8",
                        &[&tab, &round],
                    )?
                    .first()
                    .and_then(|r| r.get::<_, Option<i64>>(0))
                    .map_or(i64::MAX, |n| n - 1),
            };
            let steps = self.query(
                &format!(
                    "SELECT {EVENT_COLUMNS} FROM croupier.events e
                      WHERE e.tab = $1 AND e.seq >= $2::int8 AND e.seq <= $3::int8
                        AND e.kind = 12 AND e.round_id = $4::int8"
                ),
                &[&tab, &first, &end, &round],
            )?;
            for r in &steps {
                events.push(self.event_of(r, 0)?);
            }
            events.sort_by_key(|e| e.seq);
        }
        let not_step = |e: &&Event| e.kind != EventKind::Step;
        let Some(first) = events.iter().filter(not_step).map(|e| e.seq).min() else {
            return Ok(Vec::new());
        };
        let settled = events
            .iter()
            .filter(|e| e.kind == EventKind::RoundSettled)
            .map(|e| e.seq)
            .max();
        let end = settled.unwrap_or(i64::MAX);
        Ok(events
            .into_iter()
            .filter(|e| {
                (e.seq >= first && e.seq <= end)
                    || (settled.is_some() && e.kind != EventKind::Step && e.seq > end)
            })
            .collect())
    }
}

/// The corrections' rows (`CORRECTIONS_SQL`) put in place in `kept`: each corrected round
/// of the hours that is not voided has its bucket take its latest correction's figures
/// (the engine plays its script, as the file's totals do) and cost (the correction's
/// `cost`; none: uncosted) in place of its settled ones. `place`: tab → database.
fn fold_corrections(
    place: &HashMap<i32, usize>,
    kept: &mut Kept,
    openings: &Openings,
    rows: &[postgres::Row],
) {
    // (db, settlement seq) → (key, settled figures, latest correction's that plays).
    let mut fixed: std::collections::BTreeMap<(usize, i64), (Key, Figures, Figures)> =
        Default::default();
    for r in rows {
        let Some(&db) = place.get(&r.get::<_, i32>(0)) else {
            continue;
        };
        let Ok(Payload::RoundCorrected(c)) = Payload::parse(EventKind::RoundCorrected, r.get(15))
        else {
            continue;
        };
        let Some(now) = totals::corrected_figures(&c) else {
            continue;
        };
        let (seq, at, table): (i64, i64, Option<i64>) = (r.get(1), r.get(2), r.get(3));
        let mut f = [0i64; 10];
        for (i, x) in f.iter_mut().enumerate() {
            *x = r.get(5 + i);
        }
        let opened = openings.get(&db).and_then(|o| {
            o.iter()
                .filter(|(s, t, _)| *s < seq && table.is_some() && *t == table)
                .map(|(s, _, _)| *s)
                .next_back()
        });
        let key = Key {
            table: table.unwrap_or(-1),
            hour: at.div_euclid(BUCKET_MS),
            dealer: r.get::<_, Option<i64>>(4).unwrap_or(-1),
            opened: opened.unwrap_or(0),
        };
        let settled = Figures::of_round(&figures_of_row(&f), &[], r.get(16));
        fixed.insert(
            (db, seq),
            (key, settled, Figures::of_round(&now, &[], c.cost)),
        );
    }
    for ((db, _), (key, settled, now)) in fixed {
        let bucket = kept.entry((db, key)).or_default();
        bucket.add(&now, 1);
        bucket.add(&settled, -1);
    }
}

/// A REPEATABLE READ, read-only transaction: every statement in it reads one snapshot.
fn snapshot(client: &mut postgres::Client) -> Result<postgres::Transaction<'_>, postgres::Error> {
    client
        .build_transaction()
        .isolation_level(postgres::IsolationLevel::RepeatableRead)
        .read_only(true)
        .start()
}

/// The kept totals' figures that no key's rows sum below 0 (counts, stakes and their
/// squares; not `win`, `paid` or `cost`).
const NEVER_NEGATIVE: [&str; 9] = [
    "rounds",
    "handle",
    "splits",
    "buys",
    "pontoons",
    "five_card_tricks",
    "box_sq",
    "round_sq",
    "uncosted",
];

/// A summed key (`totals::COLUMNS`' order) with a figure below 0 that cannot be: the
/// to-date sums are not to be read from these rows, but from the database's hours.
fn negative(v: &[i64; totals::COLUMNS.len()]) -> bool {
    totals::COLUMNS
        .iter()
        .zip(v)
        .any(|(c, x)| *x < 0 && NEVER_NEGATIVE.contains(c))
}

/// A part of the to-date sums' statement: `round_totals`' hours, `month_totals`' months,
/// or `day_totals`' days added (1) or taken away (−1).
#[derive(Clone, Copy, PartialEq, Eq)]
enum Part {
    Hours,
    Months,
    Days(i32),
}

/// The to-date sums' statement ([`FloorSource::sums_of`]) over `parts`, the `n`-th's range
/// `$2n+1..=$2n+2` ([`super::months::split_months`]). Day and month rows with a figure at
/// an i64's bound mark their group. With days taken away, a group whose every sum is 0 is
/// left out: only those days held it (a bucket the floor keeps holds at least one round,
/// so a group the range holds does not sum to 0 rounds).
fn sums_sql(parts: &[Part]) -> String {
    let cols = totals::COLUMNS.join(", ");
    let bound = |c: &&str| format!("{c} IN ({}, {})", i64::MIN, i64::MAX);
    let at_bound = totals::COLUMNS
        .iter()
        .map(bound)
        .collect::<Vec<_>>()
        .join(" OR ");
    let taken = parts.contains(&Part::Days(-1));
    // The rows added less the rows taken away, each an int8's sum (PostgreSQL adds them
    // in 128 bits: `s * c::numeric` summed took 2-3 times as long over a half month's day
    // rows); NULL where a sum does not fit an i64 (`::int8` alone would fail the query).
    let sum = |c: &&str| match taken {
        true => format!(
            "(coalesce(SUM({c}) FILTER (WHERE s > 0), 0) - coalesce(SUM({c}) FILTER (WHERE s < 0), 0))"
        ),
        false => format!("SUM({c})"),
    };
    let sums: Vec<String> = totals::COLUMNS
        .iter()
        .map(|c| {
            format!(
                "CASE WHEN NOT bool_or(at_bound) AND {0} BETWEEN {1} AND {2} THEN {0}::int8 END",
                sum(c),
                i64::MIN,
                i64::MAX
            )
        })
        .collect();
    let some: Vec<String> = totals::COLUMNS
        .iter()
        .map(|c| format!("{} <> 0", sum(c)))
        .collect();
    let selects: Vec<String> = parts
        .iter()
        .enumerate()
        .map(|(i, part)| {
            let (s, table, key, bound) = match part {
                Part::Hours => (1, "round_totals", "hour", "false"),
                Part::Months => (1, "month_totals", "month", at_bound.as_str()),
                Part::Days(s) => (*s, "day_totals", "day", at_bound.as_str()),
            };
            format!(
                "SELECT tab, table_id, dealer, opened, {cols}, {s} AS s, {bound} AS at_bound
                   FROM croupier.{table} WHERE {key} >= ${} AND {key} <= ${}",
                2 * i + 1,
                2 * i + 2
            )
        })
        .collect();
    let having = match taken {
        true => format!(" HAVING bool_or(at_bound) OR {}", some.join(" OR ")),
        false => String::new(),
    };
    format!(
        "SELECT tab, table_id, dealer, opened, {} FROM ({}) u
          GROUP BY tab, table_id, dealer, opened{having}",
        sums.join(", "),
        selects.join(" UNION ALL ")
    )
}

/// The floor's `round_totals` of the hours `$1..=$2`, then `tail` (an ORDER BY): rows as
/// [`bucket_of`] reads them.
fn kept_sql(tail: &str) -> String {
    format!(
        "SELECT tab, table_id, hour, dealer, opened, {} FROM croupier.round_totals
          WHERE hour >= $1 AND hour <= $2{tail}",
        totals::COLUMNS.join(", ")
    )
}

/// A bucket's row (`kept_sql`): its database (by `place`, tab → database; `None` for a
/// table database the source does not hold), key and figures.
fn bucket_of(place: &HashMap<i32, usize>, r: &postgres::Row) -> Option<(usize, Key, Figures)> {
    let db = *place.get(&r.get::<_, i32>(0))?;
    let mut v = [0i64; totals::COLUMNS.len()];
    for (i, x) in v.iter_mut().enumerate() {
        *x = r.get(5 + i);
    }
    let key = Key {
        table: r.get(1),
        hour: r.get(2),
        dealer: r.get(3),
        opened: r.get(4),
    };
    Some((db, key, Figures::from_row(v)))
}

/// The openings' rows (`OPENINGS_SQL`) by database (`place`: tab → database).
fn openings_of(place: &HashMap<i32, usize>, rows: &[postgres::Row]) -> Openings {
    let mut out: Openings = HashMap::new();
    for r in rows {
        if let Some(&db) = place.get(&r.get::<_, i32>(0)) {
            out.entry(db)
                .or_default()
                .push((r.get(1), r.get(2), r.get(3)));
        }
    }
    out
}

/// Each table database's checks for a report's footer, one row each in the order of `$1`
/// (tab), `$2` (db), `$3` (role): its chain, as the floor's auditor last checked it
/// (`croupier.chain_checked`, schema 14, which the auditor records as it replays, walking
/// every chain from its genesis on each run, and at least hourly when following) and
/// walked on here from there (`chain_break_from`: nothing to walk when the check reached
/// the head, but the checked event and the head must still be held as checked), or
/// walked here from the genesis when no check can be read (none yet; events UPDATEd,
/// DELETEd, TRUNCATEd or inserted straight into a month since: `touched`; the walk from
/// the genesis it rests on over two hours old; months attached or detached since other
/// than those `month_partition` made) — never read from the chain trigger's check on
/// receipt; a record that found
/// a break is walked on from its point too, which costs nothing; the alarms that stand
/// against it (raised by its own role, the floor's owner or its auditor: another table's
/// role raises none against it); how far the auditor has replayed it; its settled rounds
/// after that; and the auditor's last check of its kept totals against its events
/// (`croupier.totals_checked`, schema 13, which the auditor records from `totals_break`:
/// read, not rebuilt here). With a break (the footer's walk's, or the auditor's
/// recorded), the last event before it whose stored check holds (the event before it
/// when it is missing; not the walk's starting point, which may be a step the auditor
/// recorded its check at, and a step keeps no check to hold): a step keeps no check of its
/// own (schema 6), so a changed step shows at the next event that keeps one, and the
/// footer says the change lies between. And the first `croupier.rounds` row after the
/// auditor's replayed event: with the replay through the head, a row past the head
/// (`VerifyFailure::StrayRound`). And the head itself, read in the same statement (one
/// snapshot) as everything it is judged against: the head read when the report opened
/// may be older than the rows read since (a table synced in between), which the footer
/// would then call stray or leave out of what it certifies. And whether an event 1 it
/// holds is not the identity it keeps (`tables.db`, read with the head): its hash from
/// the genesis (`$4`, the store's `GENESIS`), as ingest registers a table database
/// (floor schema 18); `EXISTS`, so a
/// second event 1 (a month inserted into unseen) is judged too, not a statement error.
const CHECKS_SQL: &str = "SELECT b.first_held, b.broken, a.n, a.first, r.seq, r.failed_seq,
        r.failed_why, p.n, p.first_round, c.seq, c.broken, c.touched,
        to_char(c.at AT TIME ZONE 'UTC', 'YYYY-MM-DD HH24:MI:SS') || ' UTC',
        f.seq, k.broken, to_char(k.at AT TIME ZONE 'UTC', 'YYYY-MM-DD HH24:MI:SS') || ' UTC',
        CASE WHEN k.at IS NULL THEN NULL WHEN k.touched THEN 'touched'
             WHEN NOT q.fresh THEN 'stale' WHEN NOT q.same THEN 'months' END,
        (SELECT CASE
            WHEN NOT EXISTS (SELECT 1 FROM croupier.events e WHERE e.tab = t.tab AND e.seq = b.broken)
            THEN b.broken - 1
            ELSE coalesce((SELECT max(e.seq) FROM croupier.events e
                            WHERE e.tab = t.tab AND e.seq < b.broken AND octet_length(e.hash) > 0), 0) END),
        (SELECT CASE
            WHEN NOT EXISTS (SELECT 1 FROM croupier.events e WHERE e.tab = t.tab AND e.seq = k.broken)
            THEN k.broken - 1
            ELSE coalesce((SELECT max(e.seq) FROM croupier.events e
                            WHERE e.tab = t.tab AND e.seq < k.broken AND octet_length(e.hash) > 0), 0) END),
        k.broken IS NOT NULL
            AND NOT EXISTS (SELECT 1 FROM croupier.events e WHERE e.tab = t.tab AND e.seq = k.broken),
        EXISTS (SELECT 1 FROM croupier.events e
                 WHERE e.tab = t.tab AND e.seq = k.broken AND octet_length(e.hash) > 0),
        coalesce(b.head_differs, false),
        p.first_seq, h.head_seq::int8, h.head_hash,
        EXISTS (SELECT 1 FROM croupier.event_text e WHERE e.tab = t.tab AND e.seq = 1
                   AND croupier.event_hash($4::bytea,
                           e.seq, e.at, e.kind, e.table_id, e.user_id, e.round_id, e.data)
                       IS DISTINCT FROM h.db)
   FROM unnest($1::int4[], $2::bytea[], $3::text[]) WITH ORDINALITY AS t(tab, db, role, i)
   LEFT JOIN croupier.tables h ON h.tab = t.tab
   LEFT JOIN croupier.chain_checked k ON k.tab = t.tab
  CROSS JOIN LATERAL (SELECT coalesce(k.walked_at > now() - interval '2 hours', false) AS fresh,
                             coalesce(k.parts <@ m.now AND NOT EXISTS
                                 (SELECT 1 FROM unnest(m.now) x(part)
                                   WHERE x.part <> ALL (k.parts)
                                     AND x.part NOT IN (SELECT part FROM croupier.months)), false)
                                 AS same
                        FROM (SELECT array_agg(p.relid::oid) AS now
                                FROM pg_catalog.pg_partition_tree('croupier.events') p
                               WHERE p.isleaf) m) q
  CROSS JOIN LATERAL (SELECT CASE WHEN k.at IS NOT NULL
                                   AND (k.broken IS NOT NULL OR (NOT k.touched AND q.fresh AND q.same))
                                  THEN k.seq ELSE 0 END AS seq) f
   LEFT JOIN LATERAL croupier.chain_break_from(t.tab, f.seq, CASE WHEN f.seq > 0 THEN k.hash END) b
          ON true
  CROSS JOIN LATERAL (SELECT count(*) AS n, min(seq) AS first FROM croupier.alarms x
                       WHERE x.db = t.db AND croupier.alarm_stands(x.by_role, t.role::name)
                         AND NOT EXISTS (SELECT 1 FROM croupier.alarm_acks k WHERE k.alarm = x.id)) a
   LEFT JOIN croupier.replayed r ON r.tab = t.tab
   LEFT JOIN croupier.totals_checked c ON c.tab = t.tab
  CROSS JOIN LATERAL (SELECT count(*) AS n, min(round_id) AS first_round, min(seq) AS first_seq
                        FROM croupier.rounds
                       WHERE tab = t.tab AND seq > coalesce(r.seq, 0)) p
  ORDER BY t.i";

/// The footer's verdict on the one table database of identity `db` (`None`: the floor
/// holds none), read as a floor report's footer reads it (`CHECKS_SQL`, the head read
/// with its checks): `verify --floor` certifies no more than a report of it would
/// (standing alarms, a totals break, the auditor's chain check and replay included).
pub fn verdict_of(floor: &mut Floor, db: &[u8]) -> Result<Option<Verified>, FloorError> {
    let Some(mut t) = floor.tables()?.into_iter().find(|t| t.db == db) else {
        return Ok(None);
    };
    let target = floor.target.clone();
    let row = floor
        .client()
        .query_one(
            CHECKS_SQL,
            &[
                &vec![t.tab],
                &vec![t.db.clone()],
                &vec![t.role.clone()],
                &&GENESIS[..],
            ],
        )
        .map_err(|e| super::server_err(&target, e))?;
    let checks = Checks::of(&row);
    if let Some((seq, hash)) = checks.head.clone() {
        (t.head_seq, t.head_hash) = (seq, hash);
    }
    Ok(Some(checks.verdict(&t)))
}

/// The auditor's recorded refusal of event `seq` (`why`, its English), having replayed
/// events 1..=`through` of `head`, typed for the footer.
fn refused(through: i64, head: i64, seq: i64, why: String) -> VerifyFailure {
    // Known again by its English text: the auditor records
    // `Refusal::StrayRound`'s words, which are `stray_words` itself, so the two
    // cannot drift apart; a record in other words (an older auditor's) reads as
    // `AuditorRefuses`, FAILED still. Kept by
    // `a_rounds_row_that_settles_no_round_fails_the_audit_and_the_footer` and
    // `a_round_starts_row_no_event_gives_fails_the_audit_and_the_footer`.
    if let Some(of) = Derived::ALL
        .into_iter()
        .find(|of| why == crate::report::query::stray_words(seq, *of))
    {
        // The auditor's own words for a row of `rounds` or `round_starts` that
        // its event does not give: said in the reader's language.
        return VerifyFailure::StrayRound {
            through,
            head,
            seq,
            of,
        };
    }
    VerifyFailure::AuditorRefuses {
        through,
        head,
        seq,
        why,
    }
}

/// One table database's row of `CHECKS_SQL`.
struct Checks {
    /// The first event held, and the first whose chain breaks (walked here on from
    /// where `walked` says).
    held: Option<i64>,
    chain: Option<i64>,
    /// The last event before `chain` that keeps a stored check (0: none): the change is
    /// after it (a step keeps no check of its own).
    chain_after: i64,
    /// `chain` is the head only because the head hash differs (`chain_break_from`'s
    /// `head_differs`): every stored check holds through the head.
    head_differs: bool,
    /// The floor's auditor's chain check, as read.
    walked: ChainRead,
    /// The standing alarms, and the first one's event.
    alarms: i64,
    first_alarm: Option<i64>,
    /// Replayed by the auditor through this event; the event its replay refused, and why.
    through: i64,
    failed: Option<(i64, String)>,
    /// Settled rounds after `through`, and the first of them.
    pending: i64,
    pending_from: Option<i64>,
    /// The first event a row of `croupier.rounds` after `through` is at (with `through`
    /// at the head, a row past it: no settlement made it).
    pending_seq: Option<i64>,
    /// The auditor's last check of its kept totals (read, not checked again here).
    totals: Checked,
    /// The head (seq, hash) as this statement read it: the one the footer judges.
    head: Option<(i64, Vec<u8>)>,
    /// An event 1 whose chain hash is not the identity the floor keeps (`tables.db`, read
    /// in the same statement); `false` when event 1 is not held (a verdict of its own).
    identity_differs: bool,
}

impl Checks {
    fn of(r: &postgres::Row) -> Checks {
        let head = match (r.get::<_, Option<i64>>(23), r.get::<_, Option<Vec<u8>>>(24)) {
            (Some(seq), Some(hash)) => Some((seq, hash)),
            _ => None,
        };
        Checks {
            head,
            identity_differs: r.get::<_, Option<bool>>(25).unwrap_or(false),
            held: r.get(0),
            chain: r.get(1),
            chain_after: r.get::<_, Option<i64>>(17).unwrap_or(0),
            head_differs: r.get(21),
            walked: ChainRead {
                from: r.get::<_, Option<i64>>(13).unwrap_or(0),
                broken: r.get(14),
                after: r.get::<_, Option<i64>>(18).unwrap_or(0),
                missing: r.get::<_, Option<bool>>(19).unwrap_or(false),
                kept: r.get::<_, Option<bool>>(20).unwrap_or(false),
                at: r.get(15),
                unread: r.get(16),
            },
            alarms: r.get(2),
            first_alarm: r.get(3),
            through: r.get::<_, Option<i64>>(4).unwrap_or(0),
            failed: r.get::<_, Option<i64>>(5).map(|seq| {
                let why = r.get::<_, Option<&str>>(6).unwrap_or("").to_string();
                (seq, why)
            }),
            pending: r.get(7),
            pending_from: r.get(8),
            pending_seq: r.get(22),
            totals: Checked {
                through: r.get::<_, Option<i64>>(9).unwrap_or(0),
                broken: r.get(10),
                touched: r.get::<_, Option<bool>>(11).unwrap_or(false),
                at: r.get(12),
            },
        }
    }

    /// Table database `t`'s verdict: FAILED if events before its first held are missing
    /// (a month detached), its chain breaks, its event 1 is not its identity (the hash
    /// the floor registered it by), the auditor's replay refused an event, a
    /// row of `rounds` lies past the head the auditor replayed through, the auditor's last
    /// check found its kept totals broken, or alarms stand; NOT YET
    /// REPLAYED until the auditor has replayed every event the floor holds of it; NOT YET
    /// CHECKED until the auditor's check of its kept totals covers its head
    /// ([`Checked::verdict`]); else PASSED. The totals are not rebuilt here.
    fn verdict(self, t: &FloorTable) -> Verified {
        let head = t.head_seq;
        let through = self.through;
        if head > 0 && self.held != Some(1) {
            let first = self.held.unwrap_or(head + 1);
            return Verified::Failed(VerifyFailure::Detached { first });
        }
        if let Some(seq) = self.walked.broken {
            let at = self.walked.at.clone().unwrap_or_default();
            if self.walked.missing {
                return Verified::Failed(VerifyFailure::ChainMissing { seq, at });
            }
            // Recorded at the head, which keeps its check, and this walk on from the
            // record holds every event through the head and breaks only because the head
            // hash differs (`chain_break_from`'s `head_differs`, schema 15; a changed step
            // before the head, which the auditor records at the head too, breaks the
            // head's own check: a break, with its range).
            if seq == head && self.walked.kept && self.chain == Some(head) && self.head_differs {
                return Verified::Failed(VerifyFailure::HeadHash { seq, at });
            }
            let after = self.walked.after;
            return Verified::Failed(VerifyFailure::ChainBroken { seq, after, at });
        }
        if let Some(seq) = self.chain {
            if self.head_differs {
                return Verified::Failed(VerifyFailure::HeadHashWalked { seq });
            }
            // Walked from the auditor's check, or again because it could not be read: a
            // break anywhere (a forged or deleted event); with no check, main's reading.
            if self.walked.from > 0 || self.walked.unread.is_some() {
                let after = self.chain_after;
                return Verified::Failed(VerifyFailure::ChainBreaks { seq, after });
            }
            return Verified::Failed(VerifyFailure::MonthsDetached { from: seq, head });
        }
        // The chain holds from event 1: is event 1 the one the identity names?
        if self.identity_differs {
            return Verified::Failed(VerifyFailure::Identity);
        }
        if let Some((seq, why)) = self.failed {
            return Verified::Failed(refused(through, head, seq, why));
        }
        if through >= head
            && let Some(seq) = self.pending_seq
        {
            // Replayed through the head, yet a row of `rounds` after it: past the head,
            // added since the auditor's last pass (which would refuse it), and totalled.
            return Verified::Failed(VerifyFailure::StrayRound {
                through,
                head,
                seq,
                of: Derived::Rounds,
            });
        }
        if let Some(why) = self.totals.broken.clone() {
            return Verified::Failed(VerifyFailure::TotalsBreak { why });
        }
        if self.alarms > 0 {
            return Verified::Failed(VerifyFailure::Alarms {
                count: self.alarms,
                first: self.first_alarm.unwrap_or(0),
                through,
                head,
            });
        }
        let chained = Chained {
            head,
            chain: self.walked.read(),
        };
        if through >= head {
            return self.totals.verdict(chained, through);
        }
        Verified::NotReplayed {
            through,
            events: head,
            detail: Pending {
                chained,
                rounds: self.pending,
                from_round: self.pending_from,
            },
        }
    }
}

/// How a footer read a table database's chain: from the floor's auditor's check
/// (`croupier.chain_checked`, schema 14) through event `from`, walked on here after it;
/// or (`from` 0) walked here from the genesis because no check could be read (`unread`,
/// why a check made `at` was not: "touched", events changed since; "stale", its walk
/// from the genesis over two hours old; "months", the months attached not those it
/// walked). `broken`: the check found this event not following; `after`, the last event
/// before it whose stored check held (the change is after it: a step keeps no check).
struct ChainRead {
    from: i64,
    broken: Option<i64>,
    after: i64,
    /// The recorded break's event is not on the floor (a gap, a missing tail).
    missing: bool,
    /// The recorded break's event keeps a stored check (a play step keeps none).
    kept: bool,
    at: Option<String>,
    unread: Option<String>,
}

impl ChainRead {
    /// As a PASSED or NOT YET verdict says it (of a table database whose chain held).
    fn read(&self) -> verdict::ChainRead {
        let at = self.at.clone().unwrap_or_else(|| "?".to_string());
        if self.from > 0 {
            return verdict::ChainRead::Checked {
                through: self.from,
                at,
            };
        }
        verdict::ChainRead::Walked(match self.unread.as_deref() {
            Some("touched") => Rewalk::Touched { at },
            Some("stale") => Rewalk::Stale { at },
            Some(_) => Rewalk::Months { at },
            None => Rewalk::Never,
        })
    }
}

/// The floor's auditor's last check of a table database's kept totals
/// (`croupier.totals_checked`, schema 13): through which event (0: never), when, what it
/// found, and whether `round_totals`, `day_totals` or `month_totals` was written outside the floor's
/// trigger since. A row the trigger inserted for a table database never checked has
/// `at` NULL (and `seq` 0): not checked yet.
struct Checked {
    through: i64,
    broken: Option<String>,
    touched: bool,
    at: Option<String>,
}

impl Checked {
    /// The verdict of a table database (`chained`) whose every event the auditor replayed
    /// (through `replayed`) and whose totals it did not find broken: PASSED only when its
    /// check covers them now.
    fn verdict(&self, chained: Chained, replayed: i64) -> Verified {
        let head = chained.head;
        let at = self.at.clone().unwrap_or_else(|| "?".to_string());
        let why = if self.at.is_none() {
            TotalsUnchecked::Never
        } else if self.touched {
            TotalsUnchecked::Touched { at }
        } else if self.through < head {
            TotalsUnchecked::EventsAfter {
                at,
                from: self.through + 1,
                to: head,
            }
        } else {
            return Verified::Passed(Passed::Floor {
                chained,
                replayed,
                totals: self.through,
                at,
            });
        };
        Verified::TotalsNotChecked {
            through: self.through,
            events: head,
            detail: Unchecked {
                chained,
                replayed,
                why,
            },
        }
    }
}

#[cfg(test)]
mod tests {
    use super::{DaySplit, split_days};

    const NONE: (i64, i64) = (1, 0);

    #[test]
    fn a_range_splits_into_its_whole_days_and_its_edge_hours() {
        let cases = [
            // One whole day; a day from 06:00 to 05:59 (no whole day: all edge hours).
            ((0, 23), (NONE, (0, 0), NONE)),
            ((6, 29), ((6, 29), NONE, NONE)),
            // A day and its edges on both sides; before 1970 (hour −1 is day −1).
            ((6, 53), ((6, 23), (1, 1), (48, 53))),
            ((-30, 50), ((-30, -25), (-1, 1), (48, 50))),
            ((-24, -1), (NONE, (-1, -1), NONE)),
            ((-1, -1), ((-1, -1), NONE, NONE)),
            // Shorter than a day, empty, and the widest.
            ((30, 31), ((30, 31), NONE, NONE)),
            ((5, 4), (NONE, NONE, NONE)),
            (
                (i64::MIN, i64::MAX),
                (
                    (i64::MIN, -9_223_372_036_854_775_801),
                    (-384_307_168_202_282_325, 384_307_168_202_282_324),
                    (9_223_372_036_854_775_800, i64::MAX),
                ),
            ),
        ];
        for ((from, to), (head, days, tail)) in cases {
            assert_eq!(
                split_days(from, to),
                DaySplit { head, days, tail },
                "{from}..={to}"
            );
        }
    }

    /// Every hour of the range in exactly one part, no hour outside it in any, a day
    /// only whole: over every small range around 1970 and a day's edges.
    #[test]
    fn the_parts_cover_the_range_exactly_once() {
        let within = |(a, b): (i64, i64), x: i64| a <= x && x <= b;
        for from in -60..60 {
            for to in from - 1..from + 80 {
                let s = split_days(from, to);
                for h in from - 30..to + 30 {
                    let n = [
                        within(s.head, h),
                        within(s.days, h.div_euclid(24)),
                        within(s.tail, h),
                    ]
                    .iter()
                    .filter(|x| **x)
                    .count();
                    let want = usize::from(from <= h && h <= to);
                    assert_eq!(n, want, "hour {h} of {from}..={to}: {s:?}");
                }
            }
        }
    }
}
