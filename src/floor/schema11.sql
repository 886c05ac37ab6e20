-- Floor schema 11 (issue 25): catch-up ingest, more of its cost cut, everything still
-- checked as schema 10 checks it. Measured (docs/benchmarks.md, "Floor schema 11"): the
-- chain trigger's walk unpacked every step with all 28 of the dictionary's replacements
-- (a step holds two of them), the totals' `round_sums` unpacked and parsed each round's
-- opening bets twice (its subquery written twice) and probed every month's partition for
-- the round's opening, and `ingest` made a timestamp of every event to find its months.
-- Now:
--  * `unpack` of a step or an undo whose data holds no dictionary code but the two such
--    data are packed with (1 and 2: no byte 3 to 31) replaces those two only; any other
--    data, as before (the codes are control bytes, which no fragment holds, so the two
--    replaced first leave nothing for the other 26: the same text);
--  * `croupier.openings`: each table database's openings (`table_opened`: table, seq),
--    kept by the chain trigger beside `rounds` and `round_starts`, append-only, filled
--    from the events held; `round_sums` reads a settlement's opening there (one probe of
--    a small table; the same rows as `events_opening`, which stays for readers);
--  * `round_sums` unpacks and parses a round's opening once;
--  * `ingest` (`ingest.sql`) finds its months from each 2^26 ms span's first and last
--    event (an integer shift an event) instead of a timestamp an event.
-- The chain walk itself is schema 10's. Tried and left out (measured, not faster): the
-- chain checked over the batch at once inside `ingest` from the sent whole hashes, the
-- trigger taking the proof instead of walking — the hash expression, not PL/pgSQL's loop,
-- is the walk's cost.

-- No event is inserted while this migration runs: an opening committed between the fill's
-- snapshot and the migration's commit would run the old trigger and never get its row in
-- `openings`, and `round_sums` would then key its table's later settlements under the
-- opening before it. SHARE conflicts with an insert's ROW EXCLUSIVE (and with a new
-- month's partition being made), not with readers; syncs wait for the commit.
LOCK TABLE croupier.events IN SHARE MODE;

CREATE TABLE croupier.openings (
    tab      integer NOT NULL,
    table_id integer NOT NULL,
    seq      integer NOT NULL,
    PRIMARY KEY (tab, table_id, seq) WITH (fillfactor = 100)
);
INSERT INTO croupier.openings
SELECT e.tab, e.table_id, e.seq FROM croupier.events e
 WHERE e.kind = 8 AND e.table_id IS NOT NULL;
CREATE TRIGGER openings_append_only BEFORE UPDATE OR DELETE OR TRUNCATE ON croupier.openings
    FOR EACH STATEMENT EXECUTE FUNCTION croupier.refuse_change();
ALTER TABLE croupier.openings ENABLE ROW LEVEL SECURITY;
CREATE POLICY own_rows ON croupier.openings
    USING ((SELECT NOT croupier.table_login())
           OR tab IN (SELECT o.tab FROM croupier.tables o WHERE o.role = session_user));
DO $d$ BEGIN
    IF EXISTS (SELECT 1 FROM pg_catalog.pg_roles WHERE rolname = 'croupier_reader') THEN
        GRANT SELECT ON croupier.openings TO croupier_reader;
    END IF;
END $d$;

-- A step's or an undo's data packed with its two fragments only: those two put back.
CREATE OR REPLACE FUNCTION croupier.unpack(k smallint, d text) RETURNS text
    LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $f$
    SELECT CASE WHEN k NOT IN (10, 11, 12, 13, 14, 15) THEN d
                WHEN k IN (12, 14) AND d OPERATOR(pg_catalog.!~) '[\x03-\x1f]' THEN
      pg_catalog.replace(pg_catalog.replace(d, pg_catalog.chr(1), '{"text":"'), pg_catalog.chr(2), '"}')
                ELSE
      pg_catalog.replace(pg_catalog.replace(pg_catalog.replace(pg_catalog.replace(pg_catalog.replace(pg_catalog.replace(pg_catalog.replace(pg_catalog.replace(pg_catalog.replace(pg_catalog.replace(
      pg_catalog.replace(pg_catalog.replace(pg_catalog.replace(pg_catalog.replace(pg_catalog.replace(pg_catalog.replace(pg_catalog.replace(pg_catalog.replace(pg_catalog.replace(pg_catalog.replace(
      pg_catalog.replace(pg_catalog.replace(pg_catalog.replace(pg_catalog.replace(pg_catalog.replace(pg_catalog.replace(pg_catalog.replace(pg_catalog.replace(d,
        pg_catalog.chr(1), '{"text":"'), pg_catalog.chr(2), '"}'), pg_catalog.chr(3), '{"bets":['), pg_catalog.chr(4), '{"id":"'),
        pg_catalog.chr(5), '","box":'), pg_catalog.chr(6), ',"stake":'), pg_catalog.chr(7), '},'), pg_catalog.chr(8), '}],"shoe":'),
        pg_catalog.chr(11), '{"nets":['), pg_catalog.chr(12), '","net":'), pg_catalog.chr(14), '}],"house_net":'),
        pg_catalog.chr(15), ',"dealer":["'), pg_catalog.chr(16), '","'), pg_catalog.chr(17), '"],"handle":'),
        pg_catalog.chr(18), ',"paid":'), pg_catalog.chr(19), ',"insurance_taken":'), pg_catalog.chr(20), ',"insurance_paid":'),
        pg_catalog.chr(21), ',"even_money":'), pg_catalog.chr(22), ',"splits":'), pg_catalog.chr(23), ',"buys":'),
        pg_catalog.chr(24), ',"pontoons":'), pg_catalog.chr(25), ',"five_card_tricks":'),
        pg_catalog.chr(26), ',"three_of_a_kinds":'), pg_catalog.chr(27), ',"surrenders":'), pg_catalog.chr(28), ',"max_net":'),
        pg_catalog.chr(29), '{"decks":'), pg_catalog.chr(30), '","reason":"'), pg_catalog.chr(31), ',"shoe":') END
$f$;

-- The chain check as schema 10's; the openings kept beside the rounds and their starts.
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
    INSERT INTO croupier.openings
    SELECT n.tab, n.table_id, n.seq FROM new_rows n
     WHERE n.kind = 8 AND n.table_id IS NOT NULL;
    RETURN NULL;
END
$f$;

-- As schema 8's, a settlement's opening from `openings` (the same rows: its table's last
-- opening before it), and its round's opening unpacked and parsed once (`moved` is
-- materialized: `staked` reads its bets twice).
CREATE OR REPLACE FUNCTION croupier.round_sums(p_tab integer[], p_seq bigint[], p_sign bigint[])
    RETURNS TABLE (hour bigint, tab integer, table_id bigint, dealer bigint, opened bigint,
                   rounds numeric, handle numeric, paid numeric, win numeric,
                   insurance_taken numeric, insurance_paid numeric, splits numeric,
                   buys numeric, pontoons numeric, five_card_tricks numeric, box_sq numeric,
                   round_sq numeric, cost numeric, uncosted numeric)
    LANGUAGE sql STABLE SET search_path = pg_catalog, pg_temp AS $f$
    WITH moved AS MATERIALIZED (
        SELECT r.*, m.sign::numeric AS sign,
               floor(r.at::numeric / 3600000)::int8 AS hour,
               coalesce((SELECT max(o.seq) FROM croupier.openings o
                          WHERE o.tab = r.tab AND o.table_id = r.table_id
                            AND o.seq < r.seq), 0)::int8 AS opened,
               (SELECT croupier.unpack(11::int2, s.data)::jsonb FROM croupier.round_starts s
                 WHERE s.tab = r.tab AND s.round_id = r.round_id AND s.seq < r.seq
                 ORDER BY s.seq LIMIT 1) AS started
          FROM unnest(p_tab, p_seq, p_sign) AS m(tab, seq, sign)
          JOIN croupier.rounds r ON r.tab = m.tab AND r.seq = m.seq
    ), staked AS (
        SELECT mv.*, st.box_sq, st.round_sq
          FROM moved mv, LATERAL (
              SELECT coalesce(sum(b.s * b.s), 0) AS box_sq, coalesce(sum(b.s), 0) * coalesce(sum(b.s), 0) AS round_sq
                FROM (SELECT sum(croupier.cents(x->'stake')) AS s
                        FROM jsonb_array_elements(CASE WHEN jsonb_typeof(mv.started->'bets') = 'array'
                                                       THEN mv.started->'bets' ELSE '[]'::jsonb END) x
                       GROUP BY x->'box') b) st
    )
    SELECT hour, tab, coalesce(table_id, -1), coalesce(user_id, -1), opened,
           sum(sign), sum(sign * handle), sum(sign * paid), sum(sign * win),
           sum(sign * insurance_taken), sum(sign * insurance_paid), sum(sign * splits),
           sum(sign * buys), sum(sign * pontoons), sum(sign * five_card_tricks),
           sum(sign * croupier.sat(box_sq)), sum(sign * croupier.sat(round_sq)),
           sum(sign * coalesce(cost, 0)), sum(sign * CASE WHEN cost IS NULL THEN 1 ELSE 0 END)
      FROM staked
     GROUP BY 1, 2, 3, 4, 5
$f$;
REVOKE ALL ON ALL FUNCTIONS IN SCHEMA croupier FROM PUBLIC;
DO $d$ BEGIN
    IF EXISTS (SELECT 1 FROM pg_catalog.pg_roles WHERE rolname = 'croupier_reader') THEN
        GRANT EXECUTE ON FUNCTION croupier.round_sums(integer[], bigint[], bigint[])
          TO croupier_reader;
    END IF;
END $d$;
