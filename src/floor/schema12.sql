-- Floor schema 12 (issue 25, "the summary of one day on a 10-million-round floor: < 100 ms"):
-- the kept totals per UTC day beside the hourly ones. Measured (docs/benchmarks.md, "The
-- floor's summary folded"): a day's summary spent 169 ms summing its month and year to
-- date from the hourly `round_totals` (74,472 + 2,784 buckets at 10 M rounds); from the
-- same buckets summed per UTC day, the January sum took 13–22 ms instead of 88–99 ms.
-- Now:
--  * `croupier.day_totals`: `round_totals`' buckets summed per UTC day (`day` = the hour
--    divided by 24, floored: day 0 is 1970-01-01, an hour before it is in day −1), per
--    table database, table, dealer and opening, every figure of `round_totals`; primary
--    key with the day first, as `round_totals`' starts with the hour;
--  * kept by `bump_totals`, the one function that adds `round_sums`' output into
--    `round_totals` (the events' trigger `keep_totals` calls it), in the same statement:
--    it follows whoever inserts, voids or corrects (a correction is, as for the hours,
--    added by the reader), and a day that comes to nothing after a void is removed as
--    its hour is. A sum past a bigint saturates, as the hours' do;
--  * derived, so checked: `croupier.totals_break(tab)` is schema 8's check (now
--    `hours_break`: the hours against the events) and then `days_break`: a day row that
--    differs from `round_totals` summed by day, or one missing or extra, is a break;
--  * built here from `round_totals` in the migration's transaction.

-- No event is inserted while this migration runs: a batch committed between the fill's
-- snapshot and the migration's commit would add to `round_totals` by the old
-- `bump_totals` and never to `day_totals` (as schema 11's lock, for its openings).
LOCK TABLE croupier.events IN SHARE MODE;

CREATE TABLE croupier.day_totals (
    day              bigint NOT NULL,
    tab              integer NOT NULL,
    table_id         bigint NOT NULL,
    dealer           bigint NOT NULL,
    opened           bigint NOT NULL,
    rounds           bigint NOT NULL,
    handle           bigint NOT NULL,
    paid             bigint NOT NULL,
    win              bigint NOT NULL,
    insurance_taken  bigint NOT NULL,
    insurance_paid   bigint NOT NULL,
    splits           bigint NOT NULL,
    buys             bigint NOT NULL,
    pontoons         bigint NOT NULL,
    five_card_tricks bigint NOT NULL,
    box_sq           bigint NOT NULL,
    round_sq         bigint NOT NULL,
    cost             bigint NOT NULL,
    uncosted         bigint NOT NULL,
    PRIMARY KEY (day, tab, table_id, dealer, opened)
);
INSERT INTO croupier.day_totals
SELECT floor(h.hour::numeric / 24)::int8, h.tab, h.table_id, h.dealer, h.opened,
       croupier.sat(sum(h.rounds)), croupier.sat(sum(h.handle)), croupier.sat(sum(h.paid)),
       croupier.sat(sum(h.win)), croupier.sat(sum(h.insurance_taken)),
       croupier.sat(sum(h.insurance_paid)), croupier.sat(sum(h.splits)),
       croupier.sat(sum(h.buys)), croupier.sat(sum(h.pontoons)),
       croupier.sat(sum(h.five_card_tricks)), croupier.sat(sum(h.box_sq)),
       croupier.sat(sum(h.round_sq)), croupier.sat(sum(h.cost)), croupier.sat(sum(h.uncosted))
  FROM croupier.round_totals h
 GROUP BY 1, 2, 3, 4, 5;

-- As schema 8's, `round_sums`' rows added into their hours, and the same rows summed by
-- day added into their days, in one statement (`round_sums` read once).
CREATE OR REPLACE FUNCTION croupier.bump_totals(p_tab integer[], p_seq bigint[], p_sign bigint[])
    RETURNS void LANGUAGE plpgsql SECURITY DEFINER SET search_path = pg_catalog, pg_temp AS $f$
BEGIN
    WITH d AS MATERIALIZED (
        SELECT * FROM croupier.round_sums(p_tab, p_seq, p_sign)
    ), hours AS (
        INSERT INTO croupier.round_totals AS t (hour, tab, table_id, dealer, opened, rounds,
               handle, paid, win, insurance_taken, insurance_paid, splits, buys, pontoons,
               five_card_tricks, box_sq, round_sq, cost, uncosted)
        SELECT d.hour, d.tab, d.table_id, d.dealer, d.opened, croupier.sat(d.rounds), croupier.sat(d.handle),
               croupier.sat(d.paid), croupier.sat(d.win), croupier.sat(d.insurance_taken),
               croupier.sat(d.insurance_paid), croupier.sat(d.splits), croupier.sat(d.buys),
               croupier.sat(d.pontoons), croupier.sat(d.five_card_tricks), croupier.sat(d.box_sq),
               croupier.sat(d.round_sq), croupier.sat(d.cost), croupier.sat(d.uncosted)
          FROM d
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
            uncosted = croupier.sat(t.uncosted::numeric + excluded.uncosted)
        RETURNING 1
    )
    INSERT INTO croupier.day_totals AS t (day, tab, table_id, dealer, opened, rounds,
           handle, paid, win, insurance_taken, insurance_paid, splits, buys, pontoons,
           five_card_tricks, box_sq, round_sq, cost, uncosted)
    SELECT floor(d.hour::numeric / 24)::int8, d.tab, d.table_id, d.dealer, d.opened,
           croupier.sat(sum(d.rounds)), croupier.sat(sum(d.handle)), croupier.sat(sum(d.paid)),
           croupier.sat(sum(d.win)), croupier.sat(sum(d.insurance_taken)),
           croupier.sat(sum(d.insurance_paid)), croupier.sat(sum(d.splits)),
           croupier.sat(sum(d.buys)), croupier.sat(sum(d.pontoons)),
           croupier.sat(sum(d.five_card_tricks)), croupier.sat(sum(d.box_sq)),
           croupier.sat(sum(d.round_sq)), croupier.sat(sum(d.cost)), croupier.sat(sum(d.uncosted))
      FROM d
     GROUP BY 1, 2, 3, 4, 5
    ON CONFLICT (day, tab, table_id, dealer, opened) DO UPDATE SET
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
    -- Only a void brings a bucket to nothing, and only a bucket just moved: its hour and
    -- its day.
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
        DELETE FROM croupier.day_totals t
         WHERE t.tab = ANY (p_tab)
           AND t.day IN (SELECT floor(r.at::numeric / 86400000)::int8
                           FROM unnest(p_tab, p_seq) AS m(tab, seq)
                           JOIN croupier.rounds r ON r.tab = m.tab AND r.seq = m.seq)
           AND t.rounds = 0 AND t.handle = 0 AND t.paid = 0 AND t.win = 0
           AND t.insurance_taken = 0 AND t.insurance_paid = 0 AND t.splits = 0 AND t.buys = 0
           AND t.pontoons = 0 AND t.five_card_tricks = 0 AND t.box_sq = 0 AND t.round_sq = 0
           AND t.cost = 0 AND t.uncosted = 0;
    END IF;
END
$f$;

-- Schema 8's check of the hours against the events keeps its text under a new name;
-- `totals_break` asks it, then the days against the hours.
ALTER FUNCTION croupier.totals_break(integer) RENAME TO hours_break;

-- Table database `p_tab`'s `day_totals` against its `round_totals` summed by UTC day:
-- the first day row that differs, is missing or is extra, in words, or NULL.
CREATE FUNCTION croupier.days_break(p_tab integer) RETURNS text
    LANGUAGE sql STABLE SET search_path = pg_catalog, pg_temp AS $f$
    WITH built AS (
        SELECT floor(h.hour::numeric / 24)::int8 AS day, h.table_id, h.dealer, h.opened,
               croupier.sat(sum(h.rounds)) AS rounds, croupier.sat(sum(h.handle)) AS handle,
               croupier.sat(sum(h.paid)) AS paid, croupier.sat(sum(h.win)) AS win,
               croupier.sat(sum(h.insurance_taken)) AS insurance_taken,
               croupier.sat(sum(h.insurance_paid)) AS insurance_paid,
               croupier.sat(sum(h.splits)) AS splits, croupier.sat(sum(h.buys)) AS buys,
               croupier.sat(sum(h.pontoons)) AS pontoons,
               croupier.sat(sum(h.five_card_tricks)) AS five_card_tricks,
               croupier.sat(sum(h.box_sq)) AS box_sq, croupier.sat(sum(h.round_sq)) AS round_sq,
               croupier.sat(sum(h.cost)) AS cost, croupier.sat(sum(h.uncosted)) AS uncosted
          FROM croupier.round_totals h WHERE h.tab = p_tab
         GROUP BY 1, 2, 3, 4
    ), kept AS (
        SELECT * FROM croupier.day_totals WHERE tab = p_tab
    )
    SELECT 'day ' || coalesce(k.day, b.day) || ' table ' || coalesce(k.table_id, b.table_id)
           || ' dealer ' || coalesce(k.dealer, b.dealer) || ' opening ' || coalesce(k.opened, b.opened)
           || ': ' || CASE WHEN b.day IS NULL THEN 'kept in day_totals, but no hour of round_totals is in it'
                           WHEN k.day IS NULL THEN 'missing from day_totals'
                           ELSE (SELECT string_agg(c.name || ' ' || c.kept || ' kept, ' || c.built || ' from round_totals', ', ')
                                   FROM (VALUES ('rounds', k.rounds, b.rounds), ('handle', k.handle, b.handle),
                                                ('paid', k.paid, b.paid), ('win', k.win, b.win),
                                                ('insurance_taken', k.insurance_taken, b.insurance_taken),
                                                ('insurance_paid', k.insurance_paid, b.insurance_paid),
                                                ('splits', k.splits, b.splits), ('buys', k.buys, b.buys),
                                                ('pontoons', k.pontoons, b.pontoons),
                                                ('five_card_tricks', k.five_card_tricks, b.five_card_tricks),
                                                ('box_sq', k.box_sq, b.box_sq), ('round_sq', k.round_sq, b.round_sq),
                                                ('cost', k.cost, b.cost), ('uncosted', k.uncosted, b.uncosted))
                                        AS c(name, kept, built)
                                  WHERE c.kept IS DISTINCT FROM c.built) END
      FROM kept k FULL JOIN built b
        ON (k.day, k.table_id, k.dealer, k.opened) = (b.day, b.table_id, b.dealer, b.opened)
     WHERE b.day IS NULL OR k.day IS NULL
        OR (k.rounds, k.handle, k.paid, k.win, k.insurance_taken, k.insurance_paid, k.splits,
            k.buys, k.pontoons, k.five_card_tricks, k.box_sq, k.round_sq, k.cost, k.uncosted)
           IS DISTINCT FROM
           (b.rounds, b.handle, b.paid, b.win, b.insurance_taken, b.insurance_paid, b.splits,
            b.buys, b.pontoons, b.five_card_tricks, b.box_sq, b.round_sq, b.cost, b.uncosted)
     ORDER BY coalesce(k.day, b.day), coalesce(k.table_id, b.table_id),
              coalesce(k.dealer, b.dealer), coalesce(k.opened, b.opened)
     LIMIT 1
$f$;

-- Table database `p_tab`'s kept totals held to its events (the hours, schema 8's check),
-- then its days held to its hours: the first break in words, or NULL.
CREATE FUNCTION croupier.totals_break(p_tab integer) RETURNS text
    LANGUAGE sql STABLE SET search_path = pg_catalog, pg_temp AS $f$
    SELECT coalesce(croupier.hours_break(p_tab), croupier.days_break(p_tab))
$f$;

-- Row-level security as for the hours; readers read them, nobody but the owner writes.
ALTER TABLE croupier.day_totals ENABLE ROW LEVEL SECURITY;
CREATE POLICY own_rows ON croupier.day_totals
    USING ((SELECT NOT croupier.table_login())
           OR tab IN (SELECT o.tab FROM croupier.tables o WHERE o.role = session_user));
REVOKE ALL ON ALL FUNCTIONS IN SCHEMA croupier FROM PUBLIC;
DO $d$ BEGIN
    IF EXISTS (SELECT 1 FROM pg_catalog.pg_roles WHERE rolname = 'croupier_reader') THEN
        GRANT SELECT ON croupier.day_totals TO croupier_reader;
        GRANT EXECUTE ON FUNCTION croupier.totals_break(integer), croupier.hours_break(integer),
            croupier.days_break(integer) TO croupier_reader;
    END IF;
END $d$;
