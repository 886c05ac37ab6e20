-- Floor schema 15 (issue 25, "the summary of one day on a 10-million-round floor: < 100 ms"):
-- the kept totals per UTC month beside the daily ones. Measured (docs/benchmarks.md, "The
-- floor's year summed per shift"): a day's summary spent 32–41 ms of the server's time
-- summing its year to date's January from `day_totals` (12,412 day rows at 10 M rounds);
-- a January kept whole is one row per table database, table, dealer and opening.
-- Now:
--  * `croupier.month_of_day(day)`: the UTC month of day `day` (`day_totals`' key), as
--    months since 1970-01 (0: January 1970, −1: December 1969), the proleptic Gregorian
--    calendar in integer arithmetic (no timestamp, so no day is out of its range); the
--    report source computes the same in Rust (`floor/source.rs`, `month_of_day`);
--  * `croupier.month_totals`: `day_totals`' rows summed per UTC month, every figure,
--    primary key with the month first;
--  * kept by `bump_totals` in the statement that keeps the hours and the days (and a month
--    that comes to nothing after a void is removed as its day is). A sum past a bigint
--    saturates, as the days' do;
--  * derived, so checked: `croupier.totals_break(tab)` asks `hours_break`, `days_break`
--    and then `months_break`: a month row that differs from `day_totals` summed by month,
--    or one missing or extra, is a break (the auditor's totals check records it, the
--    footer reads it); written outside the floor's trigger, it marks the auditor's
--    record `touched`, as the hours and days do (schema 13);
--  * built here from `day_totals` in the migration's transaction;
--  * `chain_break_from` names the head when the walk holds every event through the head
--    and only the head's hash differs (schema 14's named the event after it, where the
--    auditor's walk names the head).

-- No event is inserted while this migration runs (as schema 12's lock, for its days).
LOCK TABLE croupier.events IN SHARE MODE;

CREATE FUNCTION croupier.month_of_day(d bigint) RETURNS bigint
    LANGUAGE sql IMMUTABLE PARALLEL SAFE SET search_path = pg_catalog, pg_temp AS $f$
    SELECT (e.era * 400 + y.yoe + CASE WHEN y.mp >= 10 THEN 1 ELSE 0 END - 1970) * 12
           + CASE WHEN y.mp < 10 THEN y.mp + 2 ELSE y.mp - 10 END
      FROM (SELECT floor((d::numeric + 719468) / 146097)::int8 AS era) e
     CROSS JOIN LATERAL (SELECT d + 719468 - e.era * 146097 AS doe) o
     CROSS JOIN LATERAL (SELECT (o.doe - o.doe / 1460 + o.doe / 36524 - o.doe / 146096) / 365 AS yoe) a
     CROSS JOIN LATERAL (SELECT a.yoe, (5 * (o.doe - (365 * a.yoe + a.yoe / 4 - a.yoe / 100)) + 2) / 153 AS mp) y
$f$;

CREATE TABLE croupier.month_totals (
    month            bigint NOT NULL,
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
    PRIMARY KEY (month, tab, table_id, dealer, opened)
);
INSERT INTO croupier.month_totals
SELECT croupier.month_of_day(d.day), d.tab, d.table_id, d.dealer, d.opened,
       croupier.sat(sum(d.rounds)), croupier.sat(sum(d.handle)), croupier.sat(sum(d.paid)),
       croupier.sat(sum(d.win)), croupier.sat(sum(d.insurance_taken)),
       croupier.sat(sum(d.insurance_paid)), croupier.sat(sum(d.splits)),
       croupier.sat(sum(d.buys)), croupier.sat(sum(d.pontoons)),
       croupier.sat(sum(d.five_card_tricks)), croupier.sat(sum(d.box_sq)),
       croupier.sat(sum(d.round_sq)), croupier.sat(sum(d.cost)), croupier.sat(sum(d.uncosted))
  FROM croupier.day_totals d
 GROUP BY 1, 2, 3, 4, 5;

-- As schema 12's, `round_sums`' rows added into their hours and days, and the same rows
-- summed by month added into their months, in one statement (`round_sums` read once).
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
    ), days AS (
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
            uncosted = croupier.sat(t.uncosted::numeric + excluded.uncosted)
        RETURNING 1
    )
    INSERT INTO croupier.month_totals AS t (month, tab, table_id, dealer, opened, rounds,
           handle, paid, win, insurance_taken, insurance_paid, splits, buys, pontoons,
           five_card_tricks, box_sq, round_sq, cost, uncosted)
    SELECT croupier.month_of_day(floor(d.hour::numeric / 24)::int8), d.tab, d.table_id, d.dealer, d.opened,
           croupier.sat(sum(d.rounds)), croupier.sat(sum(d.handle)), croupier.sat(sum(d.paid)),
           croupier.sat(sum(d.win)), croupier.sat(sum(d.insurance_taken)),
           croupier.sat(sum(d.insurance_paid)), croupier.sat(sum(d.splits)),
           croupier.sat(sum(d.buys)), croupier.sat(sum(d.pontoons)),
           croupier.sat(sum(d.five_card_tricks)), croupier.sat(sum(d.box_sq)),
           croupier.sat(sum(d.round_sq)), croupier.sat(sum(d.cost)), croupier.sat(sum(d.uncosted))
      FROM d
     GROUP BY 1, 2, 3, 4, 5
    ON CONFLICT (month, tab, table_id, dealer, opened) DO UPDATE SET
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
    -- Only a void brings a bucket to nothing, and only a bucket just moved: its hour, its
    -- day and its month.
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
        DELETE FROM croupier.month_totals t
         WHERE t.tab = ANY (p_tab)
           AND t.month IN (SELECT croupier.month_of_day(floor(r.at::numeric / 86400000)::int8)
                             FROM unnest(p_tab, p_seq) AS m(tab, seq)
                             JOIN croupier.rounds r ON r.tab = m.tab AND r.seq = m.seq)
           AND t.rounds = 0 AND t.handle = 0 AND t.paid = 0 AND t.win = 0
           AND t.insurance_taken = 0 AND t.insurance_paid = 0 AND t.splits = 0 AND t.buys = 0
           AND t.pontoons = 0 AND t.five_card_tricks = 0 AND t.box_sq = 0 AND t.round_sq = 0
           AND t.cost = 0 AND t.uncosted = 0;
    END IF;
END
$f$;

-- Table database `p_tab`'s `month_totals` against its `day_totals` summed by UTC month:
-- the first month row that differs, is missing or is extra, in words, or NULL.
CREATE FUNCTION croupier.months_break(p_tab integer) RETURNS text
    LANGUAGE sql STABLE SET search_path = pg_catalog, pg_temp AS $f$
    WITH built AS (
        SELECT croupier.month_of_day(d.day) AS month, d.table_id, d.dealer, d.opened,
               croupier.sat(sum(d.rounds)) AS rounds, croupier.sat(sum(d.handle)) AS handle,
               croupier.sat(sum(d.paid)) AS paid, croupier.sat(sum(d.win)) AS win,
               croupier.sat(sum(d.insurance_taken)) AS insurance_taken,
               croupier.sat(sum(d.insurance_paid)) AS insurance_paid,
               croupier.sat(sum(d.splits)) AS splits, croupier.sat(sum(d.buys)) AS buys,
               croupier.sat(sum(d.pontoons)) AS pontoons,
               croupier.sat(sum(d.five_card_tricks)) AS five_card_tricks,
               croupier.sat(sum(d.box_sq)) AS box_sq, croupier.sat(sum(d.round_sq)) AS round_sq,
               croupier.sat(sum(d.cost)) AS cost, croupier.sat(sum(d.uncosted)) AS uncosted
          FROM croupier.day_totals d WHERE d.tab = p_tab
         GROUP BY 1, 2, 3, 4
    ), kept AS (
        SELECT * FROM croupier.month_totals WHERE tab = p_tab
    )
    SELECT 'month ' || coalesce(k.month, b.month) || ' table ' || coalesce(k.table_id, b.table_id)
           || ' dealer ' || coalesce(k.dealer, b.dealer) || ' opening ' || coalesce(k.opened, b.opened)
           || ': ' || CASE WHEN b.month IS NULL THEN 'kept in month_totals, but no day of day_totals is in it'
                           WHEN k.month IS NULL THEN 'missing from month_totals'
                           ELSE (SELECT string_agg(c.name || ' ' || c.kept || ' kept, ' || c.built || ' from day_totals', ', ')
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
        ON (k.month, k.table_id, k.dealer, k.opened) = (b.month, b.table_id, b.dealer, b.opened)
     WHERE b.month IS NULL OR k.month IS NULL
        OR (k.rounds, k.handle, k.paid, k.win, k.insurance_taken, k.insurance_paid, k.splits,
            k.buys, k.pontoons, k.five_card_tricks, k.box_sq, k.round_sq, k.cost, k.uncosted)
           IS DISTINCT FROM
           (b.rounds, b.handle, b.paid, b.win, b.insurance_taken, b.insurance_paid, b.splits,
            b.buys, b.pontoons, b.five_card_tricks, b.box_sq, b.round_sq, b.cost, b.uncosted)
     ORDER BY coalesce(k.month, b.month), coalesce(k.table_id, b.table_id),
              coalesce(k.dealer, b.dealer), coalesce(k.opened, b.opened)
     LIMIT 1
$f$;

-- The hours held to the events, the days to the hours, the months to the days.
CREATE OR REPLACE FUNCTION croupier.totals_break(p_tab integer) RETURNS text
    LANGUAGE sql STABLE SET search_path = pg_catalog, pg_temp AS $f$
    SELECT coalesce(croupier.hours_break(p_tab), croupier.days_break(p_tab),
                    croupier.months_break(p_tab))
$f$;

-- Written outside the floor's trigger: no recorded check covers the totals now (schema 13).
CREATE TRIGGER month_totals_touched AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE
    ON croupier.month_totals
    FOR EACH STATEMENT EXECUTE FUNCTION croupier.totals_touched();

-- Schema 14's walk, its end worded as the auditor's: events missing after the last one
-- walked (the head beyond it): the first of them; events beyond the head: the first of
-- them; every event through the head following, the head's hash not the chain's there:
-- the head, and `head_differs` true (only there: every stored check holds through the head,
-- so a report words it as the head hash differing, not as a changed event or step before
-- the head, whose break also names the head). Dropped and made again (a column more), and
-- `chain_break` with it, which names its two columns.
DROP FUNCTION croupier.chain_break(integer);
DROP FUNCTION croupier.chain_break_from(integer, bigint, bytea);
CREATE FUNCTION croupier.chain_break_from(p_tab integer, p_seq bigint, p_hash bytea)
    RETURNS TABLE (first_held bigint, broken bigint, head_differs boolean)
    LANGUAGE plpgsql STABLE SET search_path = pg_catalog, pg_temp AS $f$
DECLARE
    r record;
    prev bytea := coalesce(p_hash, '\x0000000000000000000000000000000000000000000000000000000000000000');
    want bigint := p_seq + 1;
    h bytea;
BEGIN
    first_held := (SELECT min(e.seq)::int8 FROM croupier.events e WHERE e.tab = p_tab);
    broken := NULL;
    head_differs := false;
    IF p_seq > 0 AND NOT EXISTS (SELECT 1 FROM croupier.events e
                                  WHERE e.tab = p_tab AND e.seq = p_seq
                                    AND substr(prev, 1, octet_length(e.hash)) = e.hash) THEN
        broken := p_seq;
    END IF;
    FOR r IN SELECT e.seq, e.at, e.kind, e.table_id, e.user_id, e.round_id, e.data, e.hash, k.name
               FROM croupier.events e LEFT JOIN croupier.kinds k ON k.code = e.kind
              WHERE e.tab = p_tab AND e.seq > p_seq AND broken IS NULL ORDER BY e.seq LOOP
        IF r.seq <> want OR r.name IS NULL THEN
            broken := want;
            EXIT;
        END IF;
        h := croupier.event_hash(prev, r.seq, r.at, r.name, r.table_id, r.user_id, r.round_id,
                                 croupier.unpack(r.kind, r.data));
        IF substr(h, 1, octet_length(r.hash)) <> r.hash THEN
            broken := r.seq;
            EXIT;
        END IF;
        prev := h;
        want := want + 1;
    END LOOP;
    IF broken IS NULL THEN
        broken := (SELECT CASE WHEN t.head_seq > want - 1 THEN want
                               WHEN t.head_seq < want - 1 THEN t.head_seq + 1
                               WHEN t.head_hash <> prev THEN t.head_seq END
                     FROM croupier.tables t WHERE t.tab = p_tab);
        head_differs := coalesce((SELECT t.head_seq = want - 1 AND t.head_hash <> prev
                                    FROM croupier.tables t WHERE t.tab = p_tab), false);
    END IF;
    RETURN NEXT;
END
$f$;

-- Schema 6's walk, from the genesis: its two columns.
CREATE FUNCTION croupier.chain_break(p_tab integer)
    RETURNS TABLE (first_held bigint, broken bigint)
    LANGUAGE sql STABLE SET search_path = pg_catalog, pg_temp AS $f$
    SELECT b.first_held, b.broken FROM croupier.chain_break_from(p_tab, 0, NULL) b
$f$;

-- Row-level security as for the days; readers read them, nobody but the owner writes.
ALTER TABLE croupier.month_totals ENABLE ROW LEVEL SECURITY;
CREATE POLICY own_rows ON croupier.month_totals
    USING ((SELECT NOT croupier.table_login())
           OR tab IN (SELECT o.tab FROM croupier.tables o WHERE o.role = session_user));
REVOKE ALL ON ALL FUNCTIONS IN SCHEMA croupier FROM PUBLIC;
DO $d$ BEGIN
    IF EXISTS (SELECT 1 FROM pg_catalog.pg_roles WHERE rolname = 'croupier_reader') THEN
        GRANT SELECT ON croupier.month_totals TO croupier_reader;
        GRANT EXECUTE ON FUNCTION croupier.months_break(integer), croupier.month_of_day(bigint),
            croupier.chain_break_from(integer, bigint, bytea), croupier.chain_break(integer)
            TO croupier_reader;
    END IF;
END $d$;
