-- Floor schema 6 (issue 25 items 3 and 4): the events smaller, and partitioned by month.
-- Everything the floor checked it still checks; what changed is how an event is kept:
--  * the kind as its number (`croupier.kinds.code`: `EventKind::code`, the file's own);
--  * the columns widest first, the row ids as integer (4 bytes; a larger one is refused);
--  * play events' data packed with the file's dictionary (`log/pack.rs`), by the server;
--  * a `step` keeps no copy of its chain hash, every other event all 32 bytes of its own:
--    the chain is still computed with full hashes through every step (the chain trigger
--    walks each batch in order from the table's head; `tables.head_hash` is full), and a
--    changed step is caught by the next event's check (every round ends in a settlement
--    or a void, each with its 32 bytes) or the head;
--  * the indexes packed full (`fillfactor = 100`: nothing is ever updated);
--  * `croupier.events` partitioned by the event's time, one partition a UTC month, each
--    with its own unique (tab, seq) and the same triggers and row-level security;
--  * no index of every event by round: `round_starts` (packed) gives a round's first
--    event, and a small index the non-step events of a round.
-- `croupier.event_text` shows the events as before (kind names, data unpacked).

ALTER TABLE croupier.kinds ADD COLUMN code smallint UNIQUE;
UPDATE croupier.kinds k SET code = v.code
  FROM (VALUES ('created', 1), ('user_added', 2), ('login', 3), ('login_failed', 4),
               ('logout', 5), ('user_locked', 6), ('user_unlocked', 7), ('table_opened', 8),
               ('table_closed', 9), ('shoe_new', 10), ('round_started', 11), ('step', 12),
               ('step_refused', 13), ('undo', 14), ('round_settled', 15), ('round_voided', 16),
               ('round_corrected', 17), ('pontis_opened', 18), ('pontis_started', 19),
               ('pontis_play', 20), ('pontis_refused', 21), ('pontis_undo', 22),
               ('pontis_ended', 23), ('setting_changed', 24), ('money', 25)) AS v(name, code)
 WHERE k.name = v.name;
-- A kind a newer program registered and this one does not know: a number of its own,
-- past any this program's successors will use for a while.
UPDATE croupier.kinds k SET code = 1000 + n.i
  FROM (SELECT name, row_number() OVER (ORDER BY name) AS i FROM croupier.kinds WHERE code IS NULL) n
 WHERE k.name = n.name;
ALTER TABLE croupier.kinds ALTER COLUMN code SET NOT NULL;

-- The file's dictionary (log/pack.rs), both ways. JSON text holds no raw control byte,
-- so each code stands for one fragment; any order of replacement packs reversibly.
CREATE FUNCTION croupier.unpack(k smallint, d text) RETURNS text
    LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $f$
    SELECT CASE WHEN k NOT IN (10, 11, 12, 13, 14, 15) THEN d ELSE
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
-- Longest fragments first (as the file's packer prefers them).
CREATE FUNCTION croupier.pack(k smallint, d text) RETURNS text
    LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $f$
    SELECT CASE WHEN k NOT IN (10, 11, 12, 13, 14, 15) THEN d ELSE
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
-- Whether a play event's text can be packed: it holds no control byte (the log's JSON
-- never does; the file's packer refuses the same).
CREATE FUNCTION croupier.packable(k smallint, d text) RETURNS boolean
    LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $f$
    SELECT k NOT IN (10, 11, 12, 13, 14, 15) OR d OPERATOR(pg_catalog.!~) '[\x01-\x1f]'
$f$;

-- The events, partitioned by time. The stored check: none for a step, else 32 bytes.
ALTER TABLE croupier.events RENAME TO events_v5;
DROP INDEX croupier.events_kind_at;
DROP INDEX croupier.events_round;
ALTER TABLE croupier.rounds DROP CONSTRAINT IF EXISTS rounds_tab_seq_fkey;
CREATE TABLE croupier.events (
    at       bigint NOT NULL,
    seq      integer NOT NULL CHECK (seq > 0),
    tab      integer NOT NULL,
    table_id integer,
    user_id  integer,
    round_id integer,
    kind     smallint NOT NULL,
    data     text NOT NULL,
    hash     bytea NOT NULL CHECK (octet_length(hash) = CASE WHEN kind = 12 THEN 0 ELSE 32 END)
) PARTITION BY RANGE (at);
CREATE INDEX events_kind_at ON croupier.events (kind, at) WITH (fillfactor = 100) WHERE kind <> 12;
CREATE INDEX events_round ON croupier.events (tab, round_id) WITH (fillfactor = 100)
    WHERE kind <> 12 AND round_id IS NOT NULL;

-- A partition refuses every change made to it by name (rows go in through
-- `croupier.events`, whose chain trigger checks them, and never change).
CREATE FUNCTION croupier.refuse_direct() RETURNS trigger LANGUAGE plpgsql
    SET search_path = pg_catalog, pg_temp AS $f$
BEGIN
    RAISE EXCEPTION 'the floor''s % is a month of croupier.events: % refused (events go in through croupier.events and never change)',
        TG_TABLE_NAME, TG_OP;
END
$f$;

-- The month holding `p_at` (ms since the epoch, UTC): its partition made if missing.
-- Made apart and then attached, which locks `events` only against another attach (not
-- against inserts or reads).
CREATE FUNCTION croupier.month_partition(p_at bigint) RETURNS text LANGUAGE plpgsql
    SECURITY DEFINER SET search_path = pg_catalog, pg_temp AS $f$
DECLARE
    m timestamp := date_trunc('month', to_timestamp(p_at / 1000.0) AT TIME ZONE 'UTC');
    lo bigint := (extract(epoch FROM m AT TIME ZONE 'UTC') * 1000)::int8;
    hi bigint := (extract(epoch FROM (m + interval '1 month') AT TIME ZONE 'UTC') * 1000)::int8;
    p text := 'events_' || to_char(m, 'YYYY_MM');
BEGIN
    IF to_regclass('croupier.' || p) IS NOT NULL THEN
        RETURN p;
    END IF;
    EXECUTE format('CREATE TABLE croupier.%I (LIKE croupier.events INCLUDING DEFAULTS INCLUDING CONSTRAINTS)', p);
    EXECUTE format('ALTER TABLE croupier.%I ADD CONSTRAINT %I UNIQUE (tab, seq) WITH (fillfactor = 100)', p, p || '_key');
    EXECUTE format('CREATE TRIGGER %I BEFORE INSERT OR UPDATE OR DELETE OR TRUNCATE ON croupier.%I
        FOR EACH STATEMENT EXECUTE FUNCTION croupier.refuse_direct()', p || '_direct', p);
    EXECUTE format('ALTER TABLE croupier.%I ENABLE ROW LEVEL SECURITY', p);
    EXECUTE format('CREATE POLICY own_rows ON croupier.%I
        USING ((SELECT NOT croupier.table_login())
               OR tab IN (SELECT o.tab FROM croupier.tables o WHERE o.role = session_user))', p);
    EXECUTE format('ALTER TABLE croupier.events ATTACH PARTITION croupier.%I FOR VALUES FROM (%s) TO (%s)',
        p, lo, hi);
    RETURN p;
EXCEPTION WHEN duplicate_table OR duplicate_object THEN
    RETURN p;
END
$f$;
-- This month and the next two: made by each migration and `floor-init`, so that a
-- table's first events of a month rarely make its partition.
CREATE FUNCTION croupier.months_ahead() RETURNS void LANGUAGE plpgsql
    SECURITY DEFINER SET search_path = pg_catalog, pg_temp AS $f$
DECLARE
    i int;
BEGIN
    FOR i IN 0 .. 2 LOOP
        PERFORM croupier.month_partition((extract(epoch FROM date_trunc('month', now() AT TIME ZONE 'UTC')
            + i * interval '1 month' + interval '1 day') * 1000)::int8);
    END LOOP;
END
$f$;

-- The old events, each in its month, their checks as above (no chain trigger yet: they
-- were chained on receipt; `verify` and the auditor check them again).
SELECT croupier.month_partition(m) FROM (
    SELECT DISTINCT (extract(epoch FROM date_trunc('month', to_timestamp(at / 1000.0) AT TIME ZONE 'UTC')) * 1000)::int8 AS m
      FROM croupier.events_v5) x;
SELECT croupier.months_ahead();
INSERT INTO croupier.events (at, seq, tab, table_id, user_id, round_id, kind, data, hash)
SELECT e.at, e.seq, e.tab, e.table_id, e.user_id, e.round_id, k.code,
       CASE WHEN croupier.packable(k.code, e.data) THEN croupier.pack(k.code, e.data) ELSE e.data END,
       CASE WHEN k.code = 12 THEN ''::bytea ELSE e.hash END
  FROM croupier.events_v5 e JOIN croupier.kinds k ON k.name = e.kind
 ORDER BY e.tab, e.seq;
DROP TABLE croupier.events_v5;

-- Each round's opening, packed: for reports' theoretical hold, and a round's first event.
ALTER TABLE croupier.round_starts RENAME TO round_starts_v5;
CREATE TABLE croupier.round_starts (
    tab      integer NOT NULL,
    round_id integer NOT NULL,
    seq      integer NOT NULL,
    data     text NOT NULL,
    PRIMARY KEY (tab, round_id, seq) WITH (fillfactor = 100)
);
INSERT INTO croupier.round_starts
SELECT tab, round_id, seq, croupier.pack(11::int2, data) FROM croupier.round_starts_v5
 WHERE croupier.packable(11::int2, data);
DROP TABLE croupier.round_starts_v5;
CREATE TRIGGER round_starts_append_only BEFORE UPDATE OR DELETE OR TRUNCATE ON croupier.round_starts
    FOR EACH STATEMENT EXECUTE FUNCTION croupier.refuse_change();
CREATE TRIGGER events_append_only BEFORE UPDATE OR DELETE OR TRUNCATE ON croupier.events
    FOR EACH STATEMENT EXECUTE FUNCTION croupier.refuse_change();

-- The chain check, whoever inserts: each table database's new rows, in seq order, must
-- start right after its head and each stored check must be the hash the server computes
-- from the full hash before it (a step stores none: the walk goes on through it).
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
    INSERT INTO croupier.rounds
    SELECT i.tab, i.seq, i.round_id, i.at, i.table_id, i.user_id,
           croupier.cents(d->'handle'), croupier.cents(d->'paid'), croupier.cents(d->'house_net'),
           croupier.cents(d->'max_net'), croupier.cents(d->'insurance_taken'),
           croupier.cents(d->'insurance_paid'), coalesce((d->>'splits')::int8, 0),
           coalesce((d->>'buys')::int8, 0), coalesce((d->>'pontoons')::int8, 0),
           coalesce((d->>'five_card_tricks')::int8, 0)
      FROM (SELECT n.*, croupier.unpack(n.kind, n.data)::jsonb AS d FROM new_rows n
             WHERE n.kind = 15 AND n.round_id IS NOT NULL OFFSET 0) i;
    INSERT INTO croupier.round_starts
    SELECT n.tab, n.round_id, n.seq, n.data FROM new_rows n
     WHERE n.kind = 11 AND n.round_id IS NOT NULL;
    RETURN NULL;
END
$f$;
CREATE TRIGGER events_chained AFTER INSERT ON croupier.events
    REFERENCING NEW TABLE AS new_rows
    FOR EACH STATEMENT EXECUTE FUNCTION croupier.check_chain();

-- The events as a reader wants them (kind names, data as logged), with the reader's
-- own row-level security.
CREATE VIEW croupier.event_text WITH (security_invoker = true) AS
SELECT e.tab, e.seq::bigint AS seq, e.at, k.name AS kind, e.table_id::bigint AS table_id,
       e.user_id::bigint AS user_id, e.round_id::bigint AS round_id,
       croupier.unpack(e.kind, e.data) AS data, e.hash
  FROM croupier.events e JOIN croupier.kinds k ON k.code = e.kind;

-- A table database's chain on the floor, walked from its first event held: the first
-- event held, and the first that does not follow (a gap, or a check that is not the
-- start of the hash computed from the one before), or NULL.
CREATE FUNCTION croupier.chain_break(p_tab integer)
    RETURNS TABLE (first_held bigint, broken bigint)
    LANGUAGE plpgsql STABLE SET search_path = pg_catalog, pg_temp AS $f$
DECLARE
    r record;
    prev bytea := '\x0000000000000000000000000000000000000000000000000000000000000000';
    want bigint := 1;
    h bytea;
BEGIN
    first_held := NULL;
    broken := NULL;
    FOR r IN SELECT e.seq, e.at, e.kind, e.table_id, e.user_id, e.round_id, e.data, e.hash, k.name
               FROM croupier.events e LEFT JOIN croupier.kinds k ON k.code = e.kind
              WHERE e.tab = p_tab ORDER BY e.seq LOOP
        IF first_held IS NULL THEN
            first_held := r.seq;
        END IF;
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
    IF broken IS NULL AND EXISTS (SELECT 1 FROM croupier.tables t WHERE t.tab = p_tab
                                     AND (t.head_seq <> want - 1 OR t.head_hash <> prev)) THEN
        broken := want;
    END IF;
    RETURN NEXT;
END
$f$;

-- `ingest` for this shape: `src/floor/ingest.sql`, its one definition, which schema.rs
-- appends to this migration (see there).

-- Row-level security and the readers' grants on the new tables, as schema 4's.
ALTER TABLE croupier.events ENABLE ROW LEVEL SECURITY;
ALTER TABLE croupier.round_starts ENABLE ROW LEVEL SECURITY;
CREATE POLICY own_rows ON croupier.events
    USING ((SELECT NOT croupier.table_login())
           OR tab IN (SELECT o.tab FROM croupier.tables o WHERE o.role = session_user));
CREATE POLICY own_rows ON croupier.round_starts
    USING ((SELECT NOT croupier.table_login())
           OR tab IN (SELECT o.tab FROM croupier.tables o WHERE o.role = session_user));
REVOKE ALL ON ALL FUNCTIONS IN SCHEMA croupier FROM PUBLIC;
DO $d$ BEGIN
    IF EXISTS (SELECT 1 FROM pg_catalog.pg_roles WHERE rolname = 'croupier_reader') THEN
        GRANT SELECT ON croupier.events, croupier.round_starts, croupier.event_text TO croupier_reader;
        GRANT EXECUTE ON FUNCTION croupier.unpack(smallint, text), croupier.chain_break(integer),
            croupier.table_login(), croupier.alarm_stands(name, name),
            croupier.event_hash(bytea, bigint, bigint, text, bigint, bigint, bigint, text)
          TO croupier_reader;
    END IF;
    IF EXISTS (SELECT 1 FROM pg_catalog.pg_roles WHERE rolname = 'croupier_table') THEN
        GRANT EXECUTE ON FUNCTION croupier.ingest(bytea, text, bigint[], bigint[], text[], bigint[], bigint[], bigint[], text[], bytea[]) TO croupier_table;
    END IF;
    IF EXISTS (SELECT 1 FROM pg_catalog.pg_roles WHERE rolname = 'croupier_auditor') THEN
        GRANT EXECUTE ON FUNCTION croupier.raise_alarm(bytea, bigint, bytea, bytea, text) TO croupier_auditor;
    END IF;
END $d$;
