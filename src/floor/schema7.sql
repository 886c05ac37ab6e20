-- Floor schema 7 (issue 25 items 1 and 2): `round_totals`, the floor's own copy of the
-- totals a table's file keeps (`src/log/totals.rs`, the file's schema 8), kept by the
-- floor's trigger as events are taken, never sent by a table (a table role cannot write
-- them: only the owner's trigger does). Same keys (per table database: table, UTC hour,
-- dealer, opening) and sums, with one difference said here and in docs/floor.md: a
-- correction's figures are what the engine plays its script to, which SQL cannot do, so
-- the rows hold every settled round that is not voided *as settled*; the floor's report
-- source adds each corrected round's difference (few: one query) when it reads them.

-- A sum past what a bigint holds saturates (as the file's `Figures::add` does) instead
-- of refusing the batch.
CREATE FUNCTION croupier.sat(v numeric) RETURNS bigint LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $f$
    SELECT pg_catalog.int8(LEAST(GREATEST(v, -9223372036854775808::numeric), 9223372036854775807::numeric))
$f$;

CREATE TABLE croupier.round_totals (
    hour             bigint NOT NULL,
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
    PRIMARY KEY (hour, tab, table_id, dealer, opened)
);
-- A void finds its round's settlement by round.
CREATE INDEX rounds_round ON croupier.rounds (tab, round_id);

-- Each settlement of `p_tab`/`p_seq` (parallel arrays) joins its bucket with `p_sign`
-- (+1 settled, −1 voided): its figures as settled, its boxes' initial stakes from its
-- round's first opening before it. A bucket that comes to nothing is removed.
CREATE FUNCTION croupier.bump_totals(p_tab integer[], p_seq bigint[], p_sign bigint[])
    RETURNS void LANGUAGE plpgsql SECURITY DEFINER SET search_path = pg_catalog, pg_temp AS $f$
BEGIN
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
    ), delta AS (
        SELECT hour, tab, coalesce(table_id, -1) AS table_id, coalesce(user_id, -1) AS dealer, opened,
               sum(sign) AS rounds, sum(sign * handle) AS handle, sum(sign * paid) AS paid,
               sum(sign * win) AS win, sum(sign * insurance_taken) AS insurance_taken,
               sum(sign * insurance_paid) AS insurance_paid, sum(sign * splits) AS splits,
               sum(sign * buys) AS buys, sum(sign * pontoons) AS pontoons,
               sum(sign * five_card_tricks) AS five_card_tricks,
               sum(sign * croupier.sat(box_sq)) AS box_sq, sum(sign * croupier.sat(round_sq)) AS round_sq
          FROM staked
         GROUP BY 1, 2, 3, 4, 5
    )
        INSERT INTO croupier.round_totals AS t
        SELECT hour, tab, table_id, dealer, opened, croupier.sat(rounds), croupier.sat(handle),
               croupier.sat(paid), croupier.sat(win), croupier.sat(insurance_taken),
               croupier.sat(insurance_paid), croupier.sat(splits), croupier.sat(buys),
               croupier.sat(pontoons), croupier.sat(five_card_tricks), croupier.sat(box_sq),
               croupier.sat(round_sq)
          FROM delta
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
            round_sq = croupier.sat(t.round_sq::numeric + excluded.round_sq);
    -- Only a void brings a bucket to nothing, and only a bucket just moved.
    IF -1 = ANY (p_sign) THEN
        DELETE FROM croupier.round_totals t
         WHERE t.tab = ANY (p_tab)
           AND t.hour IN (SELECT floor(r.at::numeric / 3600000)::int8
                            FROM unnest(p_tab, p_seq) AS m(tab, seq)
                            JOIN croupier.rounds r ON r.tab = m.tab AND r.seq = m.seq)
           AND t.rounds = 0 AND t.handle = 0 AND t.paid = 0 AND t.win = 0
           AND t.insurance_taken = 0 AND t.insurance_paid = 0 AND t.splits = 0 AND t.buys = 0
           AND t.pontoons = 0 AND t.five_card_tricks = 0 AND t.box_sq = 0 AND t.round_sq = 0;
    END IF;
END
$f$;

-- Whoever inserts (after the chain trigger, which fills `rounds` and `round_starts`:
-- triggers fire in name order): each new settlement joins its bucket; each void of a
-- round settled before it, and not voided before it, leaves it.
CREATE FUNCTION croupier.keep_totals() RETURNS trigger LANGUAGE plpgsql
    SECURITY DEFINER SET search_path = pg_catalog, pg_temp AS $f$
DECLARE
    t integer[];
    s bigint[];
    g bigint[];
BEGIN
    SELECT array_agg(m.tab), array_agg(m.seq), array_agg(m.sign) INTO t, s, g FROM (
        SELECT n.tab, n.seq::int8 AS seq, 1::int8 AS sign FROM new_rows n
         WHERE n.kind = 15 AND n.round_id IS NOT NULL
        UNION ALL
        SELECT r.tab, r.seq, -1::int8 FROM new_rows n
          JOIN croupier.rounds r ON r.tab = n.tab AND r.round_id = n.round_id AND r.seq < n.seq
         WHERE n.kind = 16 AND n.round_id IS NOT NULL
           AND NOT EXISTS (SELECT 1 FROM croupier.events v
                            WHERE v.tab = n.tab AND v.round_id = n.round_id AND v.kind = 16
                              AND v.seq < n.seq)) m;
    IF t IS NOT NULL THEN
        PERFORM croupier.bump_totals(t, s, g);
    END IF;
    RETURN NULL;
END
$f$;
CREATE TRIGGER events_totals AFTER INSERT ON croupier.events
    REFERENCING NEW TABLE AS new_rows
    FOR EACH STATEMENT EXECUTE FUNCTION croupier.keep_totals();

-- The totals of the events already held: every settlement in, every first void out.
SELECT croupier.bump_totals(array_agg(m.tab), array_agg(m.seq), array_agg(m.sign)) FROM (
    SELECT r.tab, r.seq, 1::int8 AS sign FROM croupier.rounds r
    UNION ALL
    SELECT r.tab, r.seq, -1::int8 FROM croupier.rounds r
     WHERE EXISTS (SELECT 1 FROM croupier.events v
                    WHERE v.tab = r.tab AND v.round_id = r.round_id AND v.kind = 16 AND v.seq > r.seq)) m
HAVING count(*) > 0;

-- Row-level security as for the events; readers read them, nobody but the owner writes.
ALTER TABLE croupier.round_totals ENABLE ROW LEVEL SECURITY;
CREATE POLICY own_rows ON croupier.round_totals
    USING ((SELECT NOT croupier.table_login())
           OR tab IN (SELECT o.tab FROM croupier.tables o WHERE o.role = session_user));
REVOKE ALL ON ALL FUNCTIONS IN SCHEMA croupier FROM PUBLIC;
DO $d$ BEGIN
    IF EXISTS (SELECT 1 FROM pg_catalog.pg_roles WHERE rolname = 'croupier_reader') THEN
        GRANT SELECT ON croupier.round_totals TO croupier_reader;
    END IF;
END $d$;
