-- Floor schema 8 (issue 25 with issue 26): the decisions' cost in the floor's totals.
--  * `croupier.rounds` keeps each settlement's `cost` (millionths of a cent, as its
--    `round_settled` payload logs it; NULL when the payload has none): one nullable
--    bigint a round, read by the chain trigger from the event's own data like every
--    other figure;
--  * `croupier.round_totals` keeps `cost` (Σ of its rounds' costs, over the rounds that
--    carry one) and `uncosted` (its rounds carrying none), as the file's `round_totals`
--    (`log::totals::Figures`): a settlement adds its round, the first void of a round
--    takes it out. As for the other figures (schema 7), the rows hold each round *as
--    settled*: the floor's report source puts a corrected round's latest correction's
--    cost (or none: uncosted) in place of its settled one when it reads them, in the same
--    step that puts its corrected figures in place;
--  * both filled from the events already held;
--  * `croupier.totals_break(tab)`: a table database's totals rebuilt from its events and
--    held to the kept ones, for a report's footer (beside `chain_break`);
--  * the streamed reports' keyset pages of one table database (`rounds_page`: `tab = $`,
--    `(at, round_id)` after a key, in that order) read `rounds (tab, at, round_id)`,
--    which replaces `rounds (at)`: a report over every table database reads each one's
--    rounds in turn (`FloorSource::rounds`), as they are listed.

ALTER TABLE croupier.rounds ADD COLUMN cost bigint;
-- The rounds already held: their costs read from their settlements (`rounds` refuses
-- every UPDATE; this one, by the owner inside the migration, fills a new column from the
-- events it was derived from and changes nothing else).
ALTER TABLE croupier.rounds DISABLE TRIGGER rounds_append_only;
UPDATE croupier.rounds r SET cost = s.cost
  FROM (SELECT e.tab, e.seq::int8 AS seq, (croupier.unpack(e.kind, e.data)::jsonb->>'cost')::int8 AS cost
          FROM croupier.events e WHERE e.kind = 15 AND e.round_id IS NOT NULL OFFSET 0) s
 WHERE r.tab = s.tab AND r.seq = s.seq AND s.cost IS NOT NULL;
ALTER TABLE croupier.rounds ENABLE TRIGGER rounds_append_only;

DROP INDEX croupier.rounds_at;
CREATE INDEX rounds_tab_at ON croupier.rounds (tab, at, round_id) WITH (fillfactor = 100);

ALTER TABLE croupier.round_totals ADD COLUMN cost bigint NOT NULL DEFAULT 0,
                                  ADD COLUMN uncosted bigint NOT NULL DEFAULT 0;
ALTER TABLE croupier.round_totals ALTER COLUMN cost DROP DEFAULT,
                                  ALTER COLUMN uncosted DROP DEFAULT;

-- The chain check as schema 6's, the settlements' costs taken into `rounds` too.
CREATE OR REPLACE FUNCTION croupier.check_chain() RETURNS trigger LANGUAGE plpgsql
    SECURITY DEFINER SET search_path = pg_catalog, pg_temp AS $f$
DECLARE
    r record;
    cur integer;
    prev bytea;
    want bigint;
    h bytea;
BEGIN
    FOR r IN SELECT n.tab, n.seq, n.at, n.kind, n.table_id, n.user_id, n.round_id, n.data,
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
            h := croupier.event_hash(prev, r.seq, r.at, r.name, r.table_id, r.user_id,
                                     r.round_id, croupier.unpack(r.kind, r.data));
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
    -- Schema 8: with its decisions' cost (NULL when the settlement logged none).
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

-- What the settlements `p_seq` of `p_tab` (parallel arrays, each with `p_sign`: +1
-- settled, −1 voided) add to their buckets: their figures as settled, their boxes'
-- initial stakes from their round's first opening before them, their costs (a round
-- without one counts in `uncosted`). As schema 7's `bump_totals` summed them, with the
-- costs; `bump_totals` adds them, `totals_break` rebuilds a table database's from them.
CREATE FUNCTION croupier.round_sums(p_tab integer[], p_seq bigint[], p_sign bigint[])
    RETURNS TABLE (hour bigint, tab integer, table_id bigint, dealer bigint, opened bigint,
                   rounds numeric, handle numeric, paid numeric, win numeric,
                   insurance_taken numeric, insurance_paid numeric, splits numeric,
                   buys numeric, pontoons numeric, five_card_tricks numeric, box_sq numeric,
                   round_sq numeric, cost numeric, uncosted numeric)
    LANGUAGE sql STABLE SET search_path = pg_catalog, pg_temp AS $f$
    WITH moved AS (
        SELECT r.*, m.sign::numeric AS sign,
               floor(r.at::numeric / 3600000)::int8 AS hour,
               coalesce((SELECT max(e.seq) FROM croupier.events e
                          WHERE e.tab = r.tab AND e.kind = 8 AND e.table_id = r.table_id
                            AND e.seq < r.seq), 0)::int8 AS opened,
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

-- As schema 7's, the sums from `round_sums`, with the costs.
CREATE OR REPLACE FUNCTION croupier.bump_totals(p_tab integer[], p_seq bigint[], p_sign bigint[])
    RETURNS void LANGUAGE plpgsql SECURITY DEFINER SET search_path = pg_catalog, pg_temp AS $f$
BEGIN
    INSERT INTO croupier.round_totals AS t (hour, tab, table_id, dealer, opened, rounds,
           handle, paid, win, insurance_taken, insurance_paid, splits, buys, pontoons,
           five_card_tricks, box_sq, round_sq, cost, uncosted)
    SELECT d.hour, d.tab, d.table_id, d.dealer, d.opened, croupier.sat(d.rounds), croupier.sat(d.handle),
           croupier.sat(d.paid), croupier.sat(d.win), croupier.sat(d.insurance_taken),
           croupier.sat(d.insurance_paid), croupier.sat(d.splits), croupier.sat(d.buys),
           croupier.sat(d.pontoons), croupier.sat(d.five_card_tricks), croupier.sat(d.box_sq),
           croupier.sat(d.round_sq), croupier.sat(d.cost), croupier.sat(d.uncosted)
      FROM croupier.round_sums(p_tab, p_seq, p_sign) d
    ON CONFLICT (hour, tab, table_id, dealer, opened) DO UPDATE SET
        rounds = croupier.sat(t.rounds::numeric + excluded.rounds),
        handle = croupier.sat(t.handle::numeric + excluded.handle),
        paid = croupier.sat(t.paid::numeric + excluded.paid),
        win = croupier.sat(t.win::numeric + excluded.win),
        insurance_taken = croupier.sat(t.insurance_taken::numeric + excluded.insurance_taken),
        insurance_paid = croupier.sat(t.insurance_paid::numeric + excluded.insurance_paid),
        splits = croupier.sat(t.splits::numeric + excluded.splits),
        buys = croupier.sat(t.buys::numeric + excluded.buys),
        pontoons = croupier.sat(t.pontoons::numeric + excluded.pontoons),
        five_card_tricks = croupier.sat(t.five_card_tricks::numeric + excluded.five_card_tricks),
        box_sq = croupier.sat(t.box_sq::numeric + excluded.box_sq),
        round_sq = croupier.sat(t.round_sq::numeric + excluded.round_sq),
        cost = croupier.sat(t.cost::numeric + excluded.cost),
        uncosted = croupier.sat(t.uncosted::numeric + excluded.uncosted);
    -- Only a void brings a bucket to nothing, and only a bucket just moved.
    IF -1 = ANY (p_sign) THEN
        DELETE FROM croupier.round_totals t
         WHERE t.tab = ANY (p_tab)
           AND t.hour IN (SELECT floor(r.at::numeric / 3600000)::int8
                            FROM unnest(p_tab, p_seq) AS m(tab, seq)
                            JOIN croupier.rounds r ON r.tab = m.tab AND r.seq = m.seq)
           AND t.rounds = 0 AND t.handle = 0 AND t.paid = 0 AND t.win = 0
           AND t.insurance_taken = 0 AND t.insurance_paid = 0 AND t.splits = 0 AND t.buys = 0
           AND t.pontoons = 0 AND t.five_card_tricks = 0 AND t.box_sq = 0 AND t.round_sq = 0
           AND t.cost = 0 AND t.uncosted = 0;
    END IF;
END
$f$;

-- Table database `p_tab`'s totals as its events make them (every settlement not voided
-- after it, as settled, from `rounds`, which the auditor holds to its replay) against
-- the ones kept: the first bucket that differs, in words, or NULL. A report's footer
-- asks it with the chain walk (`chain_break`), so that totals changed by hand, which the
-- summary would read, are never certified.
CREATE FUNCTION croupier.totals_break(p_tab integer) RETURNS text
    LANGUAGE sql STABLE SET search_path = pg_catalog, pg_temp AS $f$
    WITH built AS (
        SELECT b.* FROM (
            SELECT array_agg(m.tab) AS t, array_agg(m.seq) AS s, array_agg(m.sign) AS g FROM (
                SELECT r.tab, r.seq, 1::int8 AS sign FROM croupier.rounds r WHERE r.tab = p_tab
                UNION ALL
                SELECT r.tab, r.seq, -1::int8 FROM croupier.rounds r
                 WHERE r.tab = p_tab
                   AND EXISTS (SELECT 1 FROM croupier.events v
                                WHERE v.tab = r.tab AND v.round_id = r.round_id AND v.kind = 16
                                  AND v.seq > r.seq)) m) a,
             croupier.round_sums(a.t, a.s, a.g) b
         WHERE a.t IS NOT NULL AND b.rounds <> 0
    ), kept AS (
        SELECT * FROM croupier.round_totals WHERE tab = p_tab
    )
    SELECT 'hour ' || coalesce(k.hour, b.hour) || ' table ' || coalesce(k.table_id, b.table_id)
           || ' dealer ' || coalesce(k.dealer, b.dealer) || ' opening ' || coalesce(k.opened, b.opened)
           || ': ' || CASE WHEN b.hour IS NULL THEN 'kept, but no round of the events is in it'
                           WHEN k.hour IS NULL THEN 'missing from round_totals'
                           ELSE (SELECT string_agg(c.name || ' ' || c.kept || ' kept, ' || c.built || ' from the events', ', ')
                                   FROM (VALUES ('rounds', k.rounds::numeric, b.rounds), ('handle', k.handle, b.handle),
                                                ('paid', k.paid, b.paid), ('win', k.win, b.win),
                                                ('insurance_taken', k.insurance_taken, b.insurance_taken),
                                                ('insurance_paid', k.insurance_paid, b.insurance_paid),
                                                ('splits', k.splits, b.splits), ('buys', k.buys, b.buys),
                                                ('pontoons', k.pontoons, b.pontoons),
                                                ('five_card_tricks', k.five_card_tricks, b.five_card_tricks),
                                                ('box_sq', k.box_sq, croupier.sat(b.box_sq)),
                                                ('round_sq', k.round_sq, croupier.sat(b.round_sq)),
                                                ('cost', k.cost, b.cost), ('uncosted', k.uncosted, b.uncosted))
                                        AS c(name, kept, built)
                                  WHERE c.kept IS DISTINCT FROM c.built) END
      FROM kept k FULL JOIN built b
        ON (k.hour, k.table_id, k.dealer, k.opened) = (b.hour, b.table_id, b.dealer, b.opened)
     WHERE b.hour IS NULL OR k.hour IS NULL
        OR (k.rounds, k.handle, k.paid, k.win, k.insurance_taken, k.insurance_paid, k.splits,
            k.buys, k.pontoons, k.five_card_tricks, k.box_sq, k.round_sq, k.cost, k.uncosted)
           IS DISTINCT FROM
           (b.rounds, b.handle, b.paid, b.win, b.insurance_taken, b.insurance_paid, b.splits,
            b.buys, b.pontoons, b.five_card_tricks, croupier.sat(b.box_sq), croupier.sat(b.round_sq),
            b.cost, b.uncosted)
     ORDER BY coalesce(k.hour, b.hour), coalesce(k.table_id, b.table_id),
              coalesce(k.dealer, b.dealer), coalesce(k.opened, b.opened)
     LIMIT 1
$f$;

-- The totals of the events already held, built again with the costs: every settlement
-- in, every first void out (as schema 7's migration).
DELETE FROM croupier.round_totals;
SELECT croupier.bump_totals(array_agg(m.tab), array_agg(m.seq), array_agg(m.sign)) FROM (
    SELECT r.tab, r.seq, 1::int8 AS sign FROM croupier.rounds r
    UNION ALL
    SELECT r.tab, r.seq, -1::int8 FROM croupier.rounds r
     WHERE EXISTS (SELECT 1 FROM croupier.events v
                    WHERE v.tab = r.tab AND v.round_id = r.round_id AND v.kind = 16 AND v.seq > r.seq)) m
HAVING count(*) > 0;
REVOKE ALL ON ALL FUNCTIONS IN SCHEMA croupier FROM PUBLIC;
DO $d$ BEGIN
    IF EXISTS (SELECT 1 FROM pg_catalog.pg_roles WHERE rolname = 'croupier_reader') THEN
        GRANT EXECUTE ON FUNCTION croupier.round_sums(integer[], bigint[], bigint[]),
            croupier.totals_break(integer), croupier.sat(numeric), croupier.cents(jsonb)
          TO croupier_reader;
    END IF;
END $d$;
