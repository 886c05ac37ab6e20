-- Floor schema 16 (issue 25 item 3, "at most 120 bytes an event", `round_starts` folded
-- into what the totals need). Measured (docs/benchmarks.md, "Floor schema 15's ingest and
-- bytes"): 121.8 bytes an event, of which `round_starts` 5.8 — each round's opening kept
-- whole (packed), though what reads it wants only its stakes squared: the kept totals'
-- `round_sums` (`box_sq`, `round_sq`) and the reports' theoretical win rate and its spread
-- (the same two figures, `Theories::read_vars`).
-- Now:
--  * `croupier.round_starts` keeps, for each `round_started` event with a round id, its
--    table database, round id and event as before, and instead of the data the two
--    figures: `box_sq` (Σ boxes s², s a box's initial stakes summed, cents) and `round_sq`
--    ((Σ boxes s)²), each saturated to a bigint, as `round_sums` computed them from the
--    data; both NULL where the data does not read (not JSON, a stake not a number);
--  * `croupier.start_squares(text)`: those two from an opening's text, computed by the
--    chain trigger as the row is derived (and by this migration for the rows held);
--  * `round_sums` reads them instead of unpacking and parsing the opening (a NULL as 0,
--    as a missing opening);
--  * still checked: the auditor holds each row to the event it names (`starts.rs`: the
--    two figures it computes itself from the event's data, as the reports' did; NULL
--    where the reports refused the start), and no other row in the round ids a range
--    covers; the totals to the rows (`totals_break`).

-- No event is inserted while this migration runs (as schema 12's lock, for its days).
LOCK TABLE croupier.events IN SHARE MODE;

-- An opening's boxes' stakes squared, as `round_sums` (schema 11) computed them from its
-- text: the bets grouped by box (their `box` value), each box's stakes summed in cents
-- (`cents`); `box_sq` the sum of the boxes' squares, `round_sq` the square of their sum,
-- each saturated (`sat`); 0 and 0 when `bets` is no array. NULL and NULL when the text
-- is not JSON or a figure does not compute (a stake that is no number): a data exception
-- (class 22), never raised, so that no such text stops its table's sync here (the reports refuse such a
-- start; the auditor refuses its row). Not PARALLEL SAFE: the exception block is a
-- subtransaction, which a parallel worker may not start.
CREATE FUNCTION croupier.start_squares(d text, OUT box_sq bigint, OUT round_sq bigint)
    LANGUAGE plpgsql IMMUTABLE SET search_path = pg_catalog, pg_temp AS $f$
DECLARE
    j jsonb;
BEGIN
    j := d::jsonb;
    SELECT croupier.sat(coalesce(sum(b.s * b.s), 0)),
           croupier.sat(coalesce(sum(b.s), 0) * coalesce(sum(b.s), 0))
      INTO box_sq, round_sq
      FROM (SELECT sum(croupier.cents(x->'stake')) AS s
              FROM jsonb_array_elements(CASE WHEN jsonb_typeof(j->'bets') = 'array'
                                             THEN j->'bets' ELSE '[]'::jsonb END) x
             GROUP BY x->'box') b;
EXCEPTION WHEN data_exception THEN
    box_sq := NULL;
    round_sq := NULL;
END
$f$;

-- The rows held, their figures from their data; the table made again (its key, its
-- append-only trigger, its row-level security and the readers' grant as schema 6's).
CREATE TABLE croupier.round_starts_v16 (
    tab      integer NOT NULL,
    round_id integer NOT NULL,
    seq      integer NOT NULL,
    box_sq   bigint,
    round_sq bigint
);
INSERT INTO croupier.round_starts_v16 (tab, round_id, seq, box_sq, round_sq)
SELECT s.tab, s.round_id, s.seq, q.box_sq, q.round_sq
  FROM croupier.round_starts s, LATERAL croupier.start_squares(croupier.unpack(11::int2, s.data)) q;
-- A dropped table leaves every publication that named it (a casino's publication to its
-- group's server, docs/scale.md): their names are kept for this transaction, and each is
-- given the new table once it is whole (below). Publications of all tables, or of the
-- schema, take it by themselves. One that publishes it with a row filter or a column
-- list (which name the old columns) is refused: the migration stops, the floor at 15.
DO $d$
DECLARE
    pub name;
BEGIN
    SELECT p.pubname INTO pub
      FROM pg_catalog.pg_publication_rel r
      JOIN pg_catalog.pg_publication p ON p.oid = r.prpubid
     WHERE r.prrelid = 'croupier.round_starts'::regclass
       AND (r.prqual IS NOT NULL OR r.prattrs IS NOT NULL)
     LIMIT 1;
    IF FOUND THEN
        RAISE EXCEPTION 'publication % publishes croupier.round_starts with a row filter or a column list; floor schema 16 makes that table again with other columns: take them off (ALTER PUBLICATION % SET TABLE ...), migrate, then set them again', pub, pub;
    END IF;
END $d$;
SELECT pg_catalog.set_config('croupier.round_starts_publications',
           coalesce((SELECT pg_catalog.array_agg(p.pubname ORDER BY p.pubname)::text
                       FROM pg_catalog.pg_publication_rel r
                       JOIN pg_catalog.pg_publication p ON p.oid = r.prpubid
                      WHERE r.prrelid = 'croupier.round_starts'::regclass), '{}'),
           true);
DROP TABLE croupier.round_starts;
ALTER TABLE croupier.round_starts_v16 RENAME TO round_starts;
ALTER TABLE croupier.round_starts ADD PRIMARY KEY (tab, round_id, seq) WITH (fillfactor = 100);
CREATE TRIGGER round_starts_append_only BEFORE UPDATE OR DELETE OR TRUNCATE ON croupier.round_starts
    FOR EACH STATEMENT EXECUTE FUNCTION croupier.refuse_change();
ALTER TABLE croupier.round_starts ENABLE ROW LEVEL SECURITY;
CREATE POLICY own_rows ON croupier.round_starts
    USING ((SELECT NOT croupier.table_login())
           OR tab IN (SELECT o.tab FROM croupier.tables o WHERE o.role = session_user));
-- Back into the publications that named the old table (the migrating role must own them,
-- as it must to alter them at all: otherwise the migration fails, and the floor stays at
-- schema 15, rather than stop publishing the openings unseen).
DO $d$
DECLARE
    pub text;
BEGIN
    FOREACH pub IN ARRAY pg_catalog.current_setting('croupier.round_starts_publications')::text[] LOOP
        EXECUTE pg_catalog.format('ALTER PUBLICATION %I ADD TABLE croupier.round_starts', pub);
    END LOOP;
END $d$;

-- The chain check as schema 11's; an opening's row keeps its two figures, not its data.
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
    INSERT INTO croupier.round_starts (tab, round_id, seq, box_sq, round_sq)
    SELECT n.tab, n.round_id, n.seq, q.box_sq, q.round_sq
      FROM new_rows n, LATERAL croupier.start_squares(croupier.unpack(n.kind, n.data)) q
     WHERE n.kind = 11 AND n.round_id IS NOT NULL;
    INSERT INTO croupier.openings
    SELECT n.tab, n.table_id, n.seq FROM new_rows n
     WHERE n.kind = 8 AND n.table_id IS NOT NULL;
    RETURN NULL;
END
$f$;

-- As schema 11's, a settlement's boxes' stakes squared read from its round's first
-- opening before it (0 and 0 for none, or for one whose text did not read).
CREATE OR REPLACE FUNCTION croupier.round_sums(p_tab integer[], p_seq bigint[], p_sign bigint[])
    RETURNS TABLE (hour bigint, tab integer, table_id bigint, dealer bigint, opened bigint,
                   rounds numeric, handle numeric, paid numeric, win numeric,
                   insurance_taken numeric, insurance_paid numeric, splits numeric,
                   buys numeric, pontoons numeric, five_card_tricks numeric, box_sq numeric,
                   round_sq numeric, cost numeric, uncosted numeric)
    LANGUAGE sql STABLE SET search_path = pg_catalog, pg_temp AS $f$
    WITH moved AS (
        SELECT r.*, m.sign::numeric AS sign,
               floor(r.at::numeric / 3600000)::int8 AS hour,
               coalesce((SELECT max(o.seq) FROM croupier.openings o
                          WHERE o.tab = r.tab AND o.table_id = r.table_id
                            AND o.seq < r.seq), 0)::int8 AS opened,
               coalesce(st.box_sq, 0) AS box_sq, coalesce(st.round_sq, 0) AS round_sq
          FROM unnest(p_tab, p_seq, p_sign) AS m(tab, seq, sign)
          JOIN croupier.rounds r ON r.tab = m.tab AND r.seq = m.seq
          LEFT JOIN LATERAL (
              SELECT s.box_sq, s.round_sq FROM croupier.round_starts s
               WHERE s.tab = r.tab AND s.round_id = r.round_id AND s.seq < r.seq
               ORDER BY s.seq LIMIT 1) st ON true
    )
    SELECT hour, tab, coalesce(table_id, -1), coalesce(user_id, -1), opened,
           sum(sign), sum(sign * handle), sum(sign * paid), sum(sign * win),
           sum(sign * insurance_taken), sum(sign * insurance_paid), sum(sign * splits),
           sum(sign * buys), sum(sign * pontoons), sum(sign * five_card_tricks),
           sum(sign * croupier.sat(box_sq)), sum(sign * croupier.sat(round_sq)),
           sum(sign * coalesce(cost, 0)), sum(sign * CASE WHEN cost IS NULL THEN 1 ELSE 0 END)
      FROM moved
     GROUP BY 1, 2, 3, 4, 5
$f$;
REVOKE ALL ON ALL FUNCTIONS IN SCHEMA croupier FROM PUBLIC;
DO $d$ BEGIN
    IF EXISTS (SELECT 1 FROM pg_catalog.pg_roles WHERE rolname = 'croupier_reader') THEN
        GRANT SELECT ON croupier.round_starts TO croupier_reader;
        GRANT EXECUTE ON FUNCTION croupier.round_sums(integer[], bigint[], bigint[])
          TO croupier_reader;
    END IF;
END $d$;
