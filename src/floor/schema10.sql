-- Floor schema 10 (issue 25): catch-up ingest at its schema-3 pace again, everything still
-- checked. Measured (docs/benchmarks.md, "Floor schema 10"): of a 1,000-round table's first
-- sync, 76 % of the server's time was `round_sums` finding each settlement's opening
-- (`max(seq)` of the table's `table_opened` events before it), which walked the table
-- database's events backwards by (tab, seq) through every event since its opening:
-- quadratic in a table's length. And 30 % of the rest was `event_hash`, not inlined into
-- the chain walk because one of its arguments (the data unpacked) is an expression it uses
-- twice. Now:
--  * `events_opening`: the openings by (tab, table, seq), a partial index (an opening is
--    one event in thousands), which `round_sums`' lookup (the same query) reads;
--  * the chain walk unpacks an event's data into a variable first, so `event_hash` (its
--    text unchanged) is inlined as a plain expression;
--  * a step's and an undo's data (nine events in ten; `{"text":"…"}`) packed with the two
--    fragments such data holds, not all 28 in turn (5.7 µs an event, most of the insert's
--    own time): an odd step text holding another fragment keeps it as text. Any subset
--    of the dictionary packs reversibly (no fragment holds a control byte, which `unpack`
--    maps back one by one), so `unpack`, the file's `log/pack.rs` and every event already
--    held are unchanged.
-- And the kept theories on the floor (issue 25, as the file's log schema 11 keeps them):
--  * `croupier.kept_theories`: per rules' canonical text (`lab::solutions::key`), the
--    lab's five figures in the file's encoding (`session::kept_theory`), written by the
--    floor's auditor (`floor-audit`) only — a table's role cannot write it (no grant) —
--    for every rules a table opened with, and every row held by it to the lab's solve at
--    each pass (a row that fails is alarmed, naming a table database that opened with
--    those rules, else the floor's first, and put back if its figures differ, deleted if
--    its text is not rules or they do not solve); a floor report reads them instead of
--    solving the rules.
--  The index below is built over every month of `croupier.events` inside the migration's
--  transaction: syncs and the auditor wait until it is done (docs/floor.md).

CREATE INDEX events_opening ON croupier.events (tab, table_id, seq) WITH (fillfactor = 100)
    WHERE kind = 8;

-- A step's and an undo's data packed with their two fragments; the rest as schema 6's.
CREATE OR REPLACE FUNCTION croupier.pack(k smallint, d text) RETURNS text
    LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $f$
    SELECT CASE WHEN k NOT IN (10, 11, 12, 13, 14, 15) THEN d
                WHEN k IN (12, 14) THEN
      pg_catalog.replace(pg_catalog.replace(d, '{"text":"', pg_catalog.chr(1)), '"}', pg_catalog.chr(2))
                ELSE
      pg_catalog.replace(pg_catalog.replace(pg_catalog.replace(pg_catalog.replace(pg_catalog.replace(pg_catalog.replace(pg_catalog.replace(pg_catalog.replace(pg_catalog.replace(pg_catalog.replace(
      pg_catalog.replace(pg_catalog.replace(pg_catalog.replace(pg_catalog.replace(pg_catalog.replace(pg_catalog.replace(pg_catalog.replace(pg_catalog.replace(pg_catalog.replace(pg_catalog.replace(
      pg_catalog.replace(pg_catalog.replace(pg_catalog.replace(pg_catalog.replace(pg_catalog.replace(pg_catalog.replace(pg_catalog.replace(pg_catalog.replace(d,
        ',"five_card_tricks":', pg_catalog.chr(25)), ',"three_of_a_kinds":', pg_catalog.chr(26)),
        ',"insurance_taken":', pg_catalog.chr(19)), ',"insurance_paid":', pg_catalog.chr(20)),
        '}],"house_net":', pg_catalog.chr(14)), ',"even_money":', pg_catalog.chr(21)), ',"surrenders":', pg_catalog.chr(27)),
        ',"dealer":["', pg_catalog.chr(15)), '"],"handle":', pg_catalog.chr(17)), ',"pontoons":', pg_catalog.chr(24)),
        '","reason":"', pg_catalog.chr(30)), ',"max_net":', pg_catalog.chr(28)), '}],"shoe":', pg_catalog.chr(8)),
        ',"splits":', pg_catalog.chr(22)), '{"text":"', pg_catalog.chr(1)), '{"bets":[', pg_catalog.chr(3)),
        ',"stake":', pg_catalog.chr(6)), '{"nets":[', pg_catalog.chr(11)), '{"decks":', pg_catalog.chr(29)),
        '","box":', pg_catalog.chr(5)), '","net":', pg_catalog.chr(12)), ',"paid":', pg_catalog.chr(18)), ',"buys":', pg_catalog.chr(23)),
        ',"shoe":', pg_catalog.chr(31)), '{"id":"', pg_catalog.chr(4)), '","', pg_catalog.chr(16)), '"}', pg_catalog.chr(2)), '},', pg_catalog.chr(7)) END
$f$;

-- The chain check as schema 8's; the data unpacked once, before the hash.
CREATE OR REPLACE FUNCTION croupier.check_chain() RETURNS trigger LANGUAGE plpgsql
    SECURITY DEFINER SET search_path = pg_catalog, pg_temp AS $f$
DECLARE
    r record;
    cur integer;
    prev bytea;
    want bigint;
    h bytea;
    unpacked text;
BEGIN
    FOR r IN SELECT n.tab, n.seq::int8 AS seq, n.at, n.kind, n.table_id::int8 AS table_id,
                    n.user_id::int8 AS user_id, n.round_id::int8 AS round_id, n.data,
                    n.hash, k.name, t.tab IS NOT NULL AS known, t.head_seq, t.head_hash
               FROM new_rows n
               LEFT JOIN croupier.kinds k ON k.code = n.kind
               LEFT JOIN croupier.tables t ON t.tab = n.tab
              ORDER BY n.tab, n.seq LOOP
        IF cur IS DISTINCT FROM r.tab THEN
            IF cur IS NOT NULL THEN
                UPDATE croupier.tables SET head_seq = want - 1, head_hash = prev, last_sync = now()
                 WHERE tab = cur;
            END IF;
            cur := r.tab;
            prev := r.head_hash;
            want := r.head_seq + 1;
        END IF;
        IF NOT r.known OR r.name IS NULL OR r.seq <> want THEN
            h := NULL;
        ELSE
            unpacked := croupier.unpack(r.kind, r.data);
            h := croupier.event_hash(prev, r.seq, r.at, r.name, r.table_id, r.user_id,
                                     r.round_id, unpacked);
        END IF;
        IF h IS NULL OR substr(h, 1, octet_length(r.hash)) <> r.hash THEN
            RAISE EXCEPTION 'event % of table database % does not follow from the event before it on the floor',
                r.seq, r.tab;
        END IF;
        prev := h;
        want := want + 1;
    END LOOP;
    IF cur IS NOT NULL THEN
        UPDATE croupier.tables SET head_seq = want - 1, head_hash = prev, last_sync = now()
         WHERE tab = cur;
    END IF;
    -- What the floor derives from the events, here so that it follows whoever inserts.
    INSERT INTO croupier.rounds (tab, seq, round_id, at, table_id, user_id, handle, paid, win,
           max_net, insurance_taken, insurance_paid, splits, buys, pontoons, five_card_tricks, cost)
    SELECT i.tab, i.seq, i.round_id, i.at, i.table_id, i.user_id,
           croupier.cents(d->'handle'), croupier.cents(d->'paid'), croupier.cents(d->'house_net'),
           croupier.cents(d->'max_net'), croupier.cents(d->'insurance_taken'),
           croupier.cents(d->'insurance_paid'), coalesce((d->>'splits')::int8, 0),
           coalesce((d->>'buys')::int8, 0), coalesce((d->>'pontoons')::int8, 0),
           coalesce((d->>'five_card_tricks')::int8, 0), (d->>'cost')::int8
      FROM (SELECT n.*, croupier.unpack(n.kind, n.data)::jsonb AS d FROM new_rows n
             WHERE n.kind = 15 AND n.round_id IS NOT NULL OFFSET 0) i;
    INSERT INTO croupier.round_starts
    SELECT n.tab, n.round_id, n.seq, n.data FROM new_rows n
     WHERE n.kind = 11 AND n.round_id IS NOT NULL;
    RETURN NULL;
END
$f$;

-- The kept theories, by the rules' canonical text: who wrote the row, and when.
CREATE TABLE croupier.kept_theories (
    rules   text PRIMARY KEY,
    figures text NOT NULL,
    by_role name NOT NULL DEFAULT session_user,
    at      timestamptz NOT NULL DEFAULT now()
);
DO $d$ BEGIN
    IF EXISTS (SELECT 1 FROM pg_catalog.pg_roles WHERE rolname = 'croupier_reader') THEN
        GRANT SELECT ON croupier.kept_theories TO croupier_reader;
    END IF;
    IF EXISTS (SELECT 1 FROM pg_catalog.pg_roles WHERE rolname = 'croupier_auditor') THEN
        GRANT SELECT, INSERT, UPDATE, DELETE ON croupier.kept_theories TO croupier_auditor;
    END IF;
END $d$;
