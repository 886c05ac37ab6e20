#!/usr/bin/env bash
# Synthetic table databases on a throw-away floor, for the floor summary at 10 and 100
# million rounds (docs/benchmarks.md, "Release check, 2026-12-02 (second)"): a disk that
# cannot hold the events of that many rounds can hold their kept totals.
#
#   scripts/floor-synthetic.sh URL N [SRC]
#
# URL is a superuser's connection to a floor holding table database SRC (default: the
# lowest `tab`), synced from a real table file. Adds copies of it until the floor holds N
# table databases: each copy is SRC's `croupier.tables` row under a new `tab` (its `db` id
# SHA-256 of SRC's and the copy's number, its path marked "(synthetic n)"), SRC's events
# that are not a round's (table openings, names, shifts, settings: `round_id IS NULL`) —
# each table's name in its opening event (kind 8, JSON `name`) marked " (synthetic n)" too,
# so that the copies' tables are distinct tables with distinct names, as a real floor's
# are (its dealers keep SRC's names: one casino's staff), its `croupier.openings` rows,
# its voids and corrections (kinds 16 and 17) with their rounds' `croupier.rounds` rows,
# and all of SRC's `croupier.round_totals` and `croupier.day_totals` (floor schema 12: the
# same totals per UTC day, which the summary's to-date sums read), and `croupier.month_totals`
# where the floor has them (schema 15: per UTC month). No round's own events
# are copied: what a summary reads where no shift boundary splits an hour (the default
# calendar) is there;
# the rounds report, the checks and the auditor are not for these copies.
#
# Written with triggers off (`session_replication_role = replica`, as a subscription's
# apply worker writes): the chain trigger would refuse a copy's events (they are not a
# chain any more). A floor made so is for timing reports only; never run this on a real
# floor. Prints the floor's table databases and rounds at the end.
set -euo pipefail
url=${1:?usage: floor-synthetic.sh URL N [SRC]}
n=${2:?usage: floor-synthetic.sh URL N [SRC]}
src=${3:-}
PSQL=(psql -X -q -v ON_ERROR_STOP=1 "$url")
if [ -z "$src" ]; then
  src=$("${PSQL[@]}" -At -c "SELECT min(tab) FROM croupier.tables")
fi
"${PSQL[@]}" <<SQL
BEGIN;
SET LOCAL session_replication_role = replica;
SET LOCAL synth.src = '$src';
CREATE TEMP TABLE synth (tab integer, k integer) ON COMMIT DROP;
WITH have AS (SELECT count(*) AS c FROM croupier.tables),
     ins AS (
       INSERT INTO croupier.tables (db, role, path, head_seq, head_hash, first_seen, last_sync)
       SELECT sha256(t.db || int8send(k)), t.role, t.path || ' (synthetic ' || k || ')',
              t.head_seq, t.head_hash, t.first_seen, t.last_sync
         FROM croupier.tables t, have, generate_series(have.c + 1, $n) k
        WHERE t.tab = $src
       RETURNING tab, path)
INSERT INTO synth SELECT tab, substring(path FROM '\(synthetic ([0-9]+)\)\$')::integer FROM ins;
DO \$\$
DECLARE
    rel text;
    cols text;
    sel text;
    cond text;
    src integer := current_setting('synth.src')::integer;
BEGIN
    FOREACH rel IN ARRAY ARRAY['events', 'openings', 'rounds', 'round_totals', 'day_totals',
                               'month_totals'] LOOP
        CONTINUE WHEN to_regclass('croupier.' || rel) IS NULL;
        SELECT string_agg(quote_ident(column_name), ', ' ORDER BY ordinal_position),
               string_agg(CASE WHEN column_name = 'tab' THEN 's.tab'
                               -- A table's opening names it: the copy's own name. The
                               -- cast to jsonb in a CASE of its own, reached only for an
                               -- opening's JSON text: the operands of an AND may be
                               -- evaluated in any order, and a packed event's data is no
                               -- JSON (the cast would abort the copy).
                               WHEN rel = 'events' AND column_name = 'data' THEN
                                 'CASE WHEN x.kind = 8 AND left(x.data, 1) = ''{'' THEN
                                     CASE WHEN x.data::jsonb ? ''name'' THEN
                                       jsonb_set(x.data::jsonb, ''{name}'', to_jsonb((x.data::jsonb ->> ''name'')
                                         || '' (synthetic '' || s.k || '')''))::text
                                     ELSE x.data END
                                   ELSE x.data END'
                               ELSE 'x.' || quote_ident(column_name) END, ', ' ORDER BY ordinal_position)
          INTO cols, sel
          FROM information_schema.columns
         WHERE table_schema = 'croupier' AND table_name = rel AND is_generated = 'NEVER';
        cond := CASE rel
            WHEN 'events' THEN 'x.round_id IS NULL OR x.kind IN (16, 17)'
            WHEN 'rounds' THEN 'EXISTS (SELECT 1 FROM croupier.events v WHERE v.tab = x.tab
                                          AND v.round_id = x.round_id AND v.kind IN (16, 17))'
            ELSE 'true' END;
        EXECUTE format('INSERT INTO croupier.%I (%s) SELECT %s FROM croupier.%I x CROSS JOIN synth s
                         WHERE x.tab = %s AND (%s)', rel, cols, sel, rel, src, cond);
    END LOOP;
END
\$\$;
COMMIT;
VACUUM ANALYZE croupier.tables, croupier.events, croupier.openings, croupier.rounds,
    croupier.round_totals, croupier.day_totals;
DO \$\$ BEGIN
    IF to_regclass('croupier.month_totals') IS NOT NULL THEN
        EXECUTE 'ANALYZE croupier.month_totals';
    END IF;
END \$\$;
SELECT count(*) AS table_databases,
       (SELECT sum(rounds) FROM croupier.round_totals) AS rounds_in_totals,
       (SELECT count(*) FROM croupier.round_totals) AS buckets,
       (SELECT count(*) FROM croupier.day_totals) AS day_buckets,
       pg_size_pretty(pg_database_size(current_database())) AS floor_size
  FROM croupier.tables;
SQL
