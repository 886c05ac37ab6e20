#!/usr/bin/env bash
# A floor of N table databases dealing at once, made of one synced table database's every
# event: for the floor's bytes an event at 10 million rounds (issue 25: at most 120) on a
# floor whose indexes were filled as a live floor's are, many tables' keys interleaved
# (docs/benchmarks.md, "The floor's bytes an event at 10 million rounds, tables dealing at
# once"; README, "Compacting a closed month").
#
#   scripts/floor-copies.sh SRC_URL DST_URL N [WINDOW_S]
#
# SRC_URL: a superuser's connection to a floor holding one table database (the lowest
# `tab` is taken if it holds more), synced from a real table file (`croupier sync`).
# DST_URL: a superuser's connection to a fresh floor (`croupier floor-init`), no table
# database yet. Writes N table databases into DST: each SRC's `croupier.tables` row
# under a new `tab` (its `db` id SHA-256 of SRC's and the copy's number k, 1..N; its path
# marked "(copy k)"), and SRC's events, `rounds`, `round_starts` and `openings` under it,
# byte for byte SRC's (data packed as SRC's floor packed it, hashes as sent) but for the
# times, copy k's k−1 ms after SRC's (distinct tables' events are at distinct moments:
# copies at the same moments would be one key of the index by kind and time, stored
# once with its rows' list, smaller than a floor's), and its hour, day and month totals. The events, rounds, starts and openings go in as N
# tables syncing every WINDOW_S seconds (default 1; a live table sends each input within
# a few tens of ms, and how full the indexes' pages end depends on how many of one
# table's events arrive together: 1 s puts a few of each table's events together,
# between every other table's) would send them: a UTC day at a
# time, in the order (the event's time ÷ WINDOW_S, k, seq), so every index over them is
# filled by the N tables' keys interleaved, not one table after another as one catch-up
# fills them. A round's start goes with its start event's window, a settlement's row with
# its settlement's.
#
# Written with triggers off (`session_replication_role = replica`, as
# scripts/floor-synthetic.sh): the rows are the synced ones, so the chain trigger's and
# the totals' work is not done again (it changes no byte); the auditor's trigger enabled
# ALWAYS that an insert fires (`events_touched_i`) still runs (each day's statement
# upserts every table database's `chain_checked` row). What this fill is not: one backend writes every copy in lockstep (no
# concurrent inserters, no refused or rolled-back batches, so no dead rows), the copies'
# times within N ms of each other. A floor made so is for measuring bytes; never run
# this on a real floor. Prints the breakdown of bytes an
# event at the end (benches/floor.rs' `size`, plus every other relation of the schema).
set -euo pipefail
src=${1:?usage: floor-copies.sh SRC_URL DST_URL N [WINDOW_S]}
dst=${2:?usage: floor-copies.sh SRC_URL DST_URL N [WINDOW_S]}
n=${3:?usage: floor-copies.sh SRC_URL DST_URL N [WINDOW_S]}
window_ms=$(( ${4:-1} * 1000 ))
S=(psql -X -q -v ON_ERROR_STOP=1 "$src")
D=(psql -X -q -v ON_ERROR_STOP=1 "$dst")

have=$("${D[@]}" -At -c "SELECT count(*) FROM croupier.tables")
[ "$have" = 0 ] || { echo "floor-copies: $dst already holds $have table databases" >&2; exit 1; }
srctab=$("${S[@]}" -At -c "SELECT min(tab) FROM croupier.tables")

# The staging tables: SRC's rows with their window and UTC day.
"${D[@]}" <<SQL
CREATE TABLE public.stage_events AS SELECT at, seq, tab, table_id, user_id, round_id, kind, data, hash
  FROM croupier.events WITH NO DATA;
ALTER TABLE public.stage_events ADD COLUMN w bigint, ADD COLUMN d bigint;
CREATE TABLE public.stage_rounds AS SELECT * FROM croupier.rounds WITH NO DATA;
ALTER TABLE public.stage_rounds ADD COLUMN w bigint, ADD COLUMN d bigint;
CREATE TABLE public.stage_starts AS SELECT * FROM croupier.round_starts WITH NO DATA;
ALTER TABLE public.stage_starts ADD COLUMN w bigint, ADD COLUMN d bigint;
CREATE TABLE public.stage_openings AS SELECT * FROM croupier.openings WITH NO DATA;
ALTER TABLE public.stage_openings ADD COLUMN w bigint, ADD COLUMN d bigint;
CREATE TABLE public.stage_tables AS SELECT * FROM croupier.tables WITH NO DATA;
CREATE TABLE public.stage_round_totals AS SELECT * FROM croupier.round_totals WITH NO DATA;
CREATE TABLE public.stage_day_totals AS SELECT * FROM croupier.day_totals WITH NO DATA;
CREATE TABLE public.stage_month_totals AS SELECT * FROM croupier.month_totals WITH NO DATA;
SQL
copy() { # stage table, SELECT on SRC
  "${S[@]}" -c "\\copy ($2) TO STDOUT" | "${D[@]}" -c "\\copy public.$1 FROM STDIN"
}
W="$window_ms"
# An event's window is that of the latest time logged up to it (its table database's
# clock may step back between its tables: a sync sends in seq order all the same).
RUN="SELECT seq, max(at) OVER (ORDER BY seq) AS m FROM croupier.events WHERE tab = $srctab"
copy stage_events "SELECT e.at, e.seq, e.tab, e.table_id, e.user_id, e.round_id, e.kind, e.data,
  e.hash, r.m / $W, r.m / 86400000 FROM croupier.events e JOIN ($RUN) r USING (seq)
  WHERE e.tab = $srctab"
for t in rounds:stage_rounds round_starts:stage_starts openings:stage_openings; do
  copy "${t#*:}" "SELECT x.*, r.m / $W, r.m / 86400000 FROM croupier.${t%%:*} x
    JOIN ($RUN) r ON r.seq = x.seq WHERE x.tab = $srctab"
done
copy stage_tables "SELECT * FROM croupier.tables WHERE tab = $srctab"
copy stage_round_totals "SELECT * FROM croupier.round_totals WHERE tab = $srctab"
copy stage_day_totals "SELECT * FROM croupier.day_totals WHERE tab = $srctab"
copy stage_month_totals "SELECT * FROM croupier.month_totals WHERE tab = $srctab"

"${D[@]}" <<SQL
CREATE INDEX ON public.stage_events (d);
CREATE INDEX ON public.stage_rounds (d);
CREATE INDEX ON public.stage_starts (d);
CREATE INDEX ON public.stage_openings (d);
ANALYZE public.stage_events, public.stage_rounds, public.stage_starts, public.stage_openings;
CREATE TABLE public.stage_copies (k integer, tab integer);
SET session_replication_role = replica;
WITH ins AS (
  INSERT INTO croupier.tables (db, role, path, head_seq, head_hash, first_seen, last_sync)
  SELECT sha256(t.db || int8send(k)), t.role, t.path || ' (copy ' || k || ')',
         t.head_seq, t.head_hash, t.first_seen, t.last_sync
    FROM public.stage_tables t, generate_series(1, $n) k
  RETURNING tab, path)
INSERT INTO public.stage_copies
SELECT substring(path FROM '\(copy ([0-9]+)\)\$')::integer, tab FROM ins;
SELECT count(croupier.month_partition(m)) AS days_with_a_month FROM (
  SELECT DISTINCT (at + k) / 86400000 * 86400000 AS m FROM public.stage_events, (VALUES (0), ($n - 1)) v(k)) x;
SQL

# One UTC day at a time, committed: the events, then the day's settlements, starts and
# openings, each in (window, copy, seq) order.
"${D[@]}" <<'SQL'
CREATE PROCEDURE public.stage_fill() LANGUAGE plpgsql AS $p$
DECLARE
    day bigint;
BEGIN
    FOR day IN SELECT DISTINCT d FROM public.stage_events ORDER BY d LOOP
        INSERT INTO croupier.events (at, seq, tab, table_id, user_id, round_id, kind, data, hash)
        SELECT x.at + c.k - 1, x.seq, c.tab, x.table_id, x.user_id, x.round_id, x.kind, x.data, x.hash
          FROM public.stage_events x CROSS JOIN public.stage_copies c
         WHERE x.d = day ORDER BY x.w, c.k, x.seq;
        INSERT INTO croupier.rounds
        SELECT c.tab, x.seq, x.round_id, x.at + c.k - 1, x.table_id, x.user_id, x.handle, x.paid, x.win,
               x.max_net, x.insurance_taken, x.insurance_paid, x.splits, x.buys, x.pontoons,
               x.five_card_tricks, x.cost
          FROM public.stage_rounds x CROSS JOIN public.stage_copies c
         WHERE x.d = day ORDER BY x.w, c.k, x.seq;
        INSERT INTO croupier.round_starts
        SELECT c.tab, x.round_id, x.seq, x.box_sq, x.round_sq
          FROM public.stage_starts x CROSS JOIN public.stage_copies c
         WHERE x.d = day ORDER BY x.w, c.k, x.seq;
        INSERT INTO croupier.openings
        SELECT c.tab, x.table_id, x.seq
          FROM public.stage_openings x CROSS JOIN public.stage_copies c
         WHERE x.d = day ORDER BY x.w, c.k, x.seq;
        COMMIT;
    END LOOP;
END
$p$;
SET session_replication_role = replica;
SET work_mem = '256MB';
CALL public.stage_fill();
DROP PROCEDURE public.stage_fill();
SQL

# The totals, a copy after another (not measured: a few hundred bytes an hour a table).
for t in round_totals day_totals month_totals; do
  "${D[@]}" -c "SET session_replication_role = replica" -c "
    INSERT INTO croupier.$t SELECT (jsonb_populate_record(NULL::croupier.$t,
        to_jsonb(x) || jsonb_build_object('tab', c.tab))).*
      FROM public.stage_$t x CROSS JOIN public.stage_copies c"
done
"${D[@]}" -c "DROP TABLE public.stage_events, public.stage_rounds, public.stage_starts,
  public.stage_openings, public.stage_tables, public.stage_round_totals,
  public.stage_day_totals, public.stage_month_totals, public.stage_copies"
breakdown() {
  "${D[@]}" <<'SQL'
  \pset footer off
  WITH n AS (SELECT count(*)::numeric AS e FROM croupier.events), p AS (
  SELECT 1 o, 'events: heap (and TOAST)' w, sum(pg_table_size(relid))::int8 b FROM pg_partition_tree('croupier.events')
  UNION ALL SELECT 2, 'events: unique (tab, seq), each month', sum(pg_relation_size(x.indexrelid))::int8
    FROM pg_partition_tree('croupier.events') t JOIN pg_index x ON x.indrelid = t.relid WHERE x.indisunique
  UNION ALL SELECT 3, 'events: index by kind and time', sum(pg_relation_size(relid))::int8 FROM pg_partition_tree('croupier.events_kind_at')
  UNION ALL SELECT 4, 'events: index by round', sum(pg_relation_size(relid))::int8 FROM pg_partition_tree('croupier.events_round')
  UNION ALL SELECT 5, 'rounds (with key and indexes)', pg_total_relation_size('croupier.rounds')
  UNION ALL SELECT 6, 'round_starts (with key)', pg_total_relation_size('croupier.round_starts'))
  SELECT w AS part, b AS bytes, round(b / n.e, 2) AS an_event FROM p, n
  UNION ALL SELECT 'in all (the goal''s)', sum(b)::int8, round(sum(b) / max(n.e), 2) FROM p, n
  UNION ALL SELECT 'every relation of the schema', s.b, round(s.b / max(n.e), 2)
    FROM n, (SELECT sum(pg_total_relation_size(c.oid))::int8 b FROM pg_class c
              JOIN pg_namespace ns ON ns.oid = c.relnamespace
             WHERE ns.nspname = 'croupier' AND c.relkind IN ('r', 'm')) s GROUP BY s.b;
  SELECT count(*) AS events, (SELECT count(*) FROM croupier.rounds) AS rounds,
         (SELECT count(*) FROM croupier.tables) AS table_databases FROM croupier.events;
SQL
}
"${D[@]}" -c "VACUUM ANALYZE"
echo "As filled (the N tables' keys interleaved):"
breakdown
# Then compacted as the README says a floor's admin does once a month has closed
# ("Compacting a closed month"): every month's events partition but the last one's and
# the settlements reindexed (their indexes built again in key order; `round_starts`
# fills as in one catch-up, its key's new entries after their table's last: reindexed by
# hand at stop 46, it did not change).
closed=$("${D[@]}" -At -c "SELECT c.relname FROM pg_inherits i JOIN pg_class c ON c.oid = i.inhrelid
   WHERE i.inhparent = 'croupier.events'::regclass AND c.relname < (SELECT 'events_' ||
         to_char(to_timestamp(max(at) / 1000.0) AT TIME ZONE 'UTC', 'YYYY_MM') FROM croupier.events)
   ORDER BY c.relname")
start=$(date +%s)
for p in $closed rounds; do # one statement a call: CONCURRENTLY runs in no transaction
  "${D[@]}" -c "REINDEX TABLE CONCURRENTLY croupier.$p"
done
echo "Closed months and the settlements reindexed in $(( $(date +%s) - start )) s:"
"${D[@]}" -c "VACUUM ANALYZE"
breakdown
