//! The floor's schema on PostgreSQL, version by version (numbered as the SQLite store's
//! migrations are), its privileges, and the server-side chain check: `croupier.event_hash`
//! (the store's `event_hash` in SQL), `croupier.ingest` (a table's batch, checked and taken
//! in one call) and the triggers that keep `events` append-only and chained whoever
//! inserts. Every statement here is fixed text: user data reaches the server only as
//! bound parameters.
//!
//! Privileges (see ARCHITECTURE.md, "The floor's roles"): the schema belongs to the floor's
//! owner (who runs `croupier floor-init`); tables log in as roles in `croupier_table`,
//! which may read the floor (`croupier_reader`) and call `ingest` and `raise_alarm`, and
//! nothing else. Those two are SECURITY DEFINER (they run as the owner) with
//! `search_path = pg_catalog, pg_temp` and every name schema-qualified, so a caller's
//! own `sha256` or operators are never used.

/// The floor schema this program writes. A floor with a newer one is refused.
pub const FLOOR_VERSION: i32 = 19;

/// The lock key (`pg_advisory_xact_lock`) that serialises the first migration of a floor
/// (no schema yet); later ones lock `croupier.schema_version`, which only its owner may.
pub(crate) const MIGRATION_LOCK: i64 = 0x4352_5550_464c_4f4f; // "CRUPFLOO"

/// Migration `n` (1-based) takes the floor from schema `n - 1` to `n`.
pub(crate) const MIGRATIONS: [&str; 19] = [
    V1, V2, V3, V4, V5, V6, V7, V8, V9, V10, V11, V12, V13, V14, V15, V16, V17, V18, V19,
];

/// The group roles and their grants (`croupier floor-init`, run by the owner with
/// CREATEROLE): idempotent. `$1` is unused; the event kinds are added by the caller.
pub(crate) const ROLES: &str = r#"
DO $d$ BEGIN
    CREATE ROLE croupier_reader NOLOGIN;
EXCEPTION WHEN duplicate_object OR unique_violation THEN NULL;
END $d$;
DO $d$ BEGIN
    CREATE ROLE croupier_table NOLOGIN;
EXCEPTION WHEN duplicate_object OR unique_violation THEN NULL;
END $d$;
GRANT USAGE ON SCHEMA croupier TO croupier_reader, croupier_table;
GRANT SELECT ON croupier.schema_version, croupier.kinds, croupier.tables, croupier.events,
    croupier.rounds, croupier.round_starts, croupier.alarms TO croupier_reader;
GRANT EXECUTE ON FUNCTION
    croupier.event_hash(bytea, bigint, bigint, text, bigint, bigint, bigint, text)
  TO croupier_reader;
GRANT EXECUTE ON FUNCTION croupier.alarm_stands(name, name), croupier.table_login()
  TO croupier_reader;
GRANT croupier_reader TO croupier_table;
GRANT EXECUTE ON FUNCTION
    croupier.ingest(bytea, text, bigint[], bigint[], text[], bigint[], bigint[], bigint[], text[], bytea[])
  TO croupier_table;
-- The floor's auditor (`croupier floor-audit`, a login IN ROLE croupier_auditor): reads
-- every table's events, writes only its verdicts, raises alarms (schema 4).
DO $d$ BEGIN
    CREATE ROLE croupier_auditor NOLOGIN;
EXCEPTION WHEN duplicate_object OR unique_violation THEN NULL;
END $d$;
GRANT USAGE ON SCHEMA croupier TO croupier_auditor;
GRANT croupier_reader TO croupier_auditor;
GRANT SELECT, INSERT, UPDATE ON croupier.replayed TO croupier_auditor;
GRANT EXECUTE ON FUNCTION croupier.raise_alarm(bytea, bigint, bytea, bytea, text)
  TO croupier_auditor;
GRANT SELECT ON croupier.replayed TO croupier_reader;
-- A table raises no alarm itself (schema 4): only the floor's own checks and its auditor.
REVOKE EXECUTE ON FUNCTION croupier.raise_alarm(bytea, bigint, bytea, bytea, text)
  FROM croupier_table;
-- Schema 6: the events as logged, their chain walked, their data unpacked.
GRANT SELECT ON croupier.event_text TO croupier_reader;
GRANT EXECUTE ON FUNCTION croupier.unpack(smallint, text), croupier.chain_break(integer)
  TO croupier_reader;
-- Schema 7: the totals the floor keeps; schema 8: their check, for a report's footer.
GRANT SELECT ON croupier.round_totals TO croupier_reader;
GRANT EXECUTE ON FUNCTION croupier.round_sums(integer[], bigint[], bigint[]),
    croupier.totals_break(integer), croupier.sat(numeric), croupier.cents(jsonb)
  TO croupier_reader;
-- Schema 10: the kept theories, read by reports, written by the auditor only.
GRANT SELECT ON croupier.kept_theories TO croupier_reader;
GRANT SELECT, INSERT, UPDATE, DELETE ON croupier.kept_theories TO croupier_auditor;
-- Schema 11: each table database's openings, which the totals' sums read.
GRANT SELECT ON croupier.openings TO croupier_reader;
-- Schema 12: the totals per UTC day, which the to-date sums read, and their check.
GRANT SELECT ON croupier.day_totals TO croupier_reader;
GRANT EXECUTE ON FUNCTION croupier.hours_break(integer), croupier.days_break(integer)
  TO croupier_reader;
-- Schema 13: the auditor's check of each table database's kept totals, which a report's
-- footer reads instead of rebuilding them.
GRANT SELECT ON croupier.totals_checked TO croupier_reader;
GRANT SELECT, INSERT, UPDATE ON croupier.totals_checked TO croupier_auditor;
-- Schema 14: the auditor's chain check of each table database, which a report's footer
-- reads instead of walking the whole chain, and the walk from a checked point on.
GRANT SELECT ON croupier.chain_checked, croupier.months TO croupier_reader;
GRANT EXECUTE ON FUNCTION croupier.chain_break_from(integer, bigint, bytea) TO croupier_reader;
GRANT SELECT, INSERT, UPDATE ON croupier.chain_checked TO croupier_auditor;
GRANT SELECT ON croupier.months TO croupier_auditor;
-- Schema 15: the totals per UTC month, which the to-date sums read, and their check.
GRANT SELECT ON croupier.month_totals TO croupier_reader;
GRANT EXECUTE ON FUNCTION croupier.months_break(integer), croupier.month_of_day(bigint)
  TO croupier_reader;
-- Schema 19: the alarms' acknowledgements (their function checks who may).
GRANT SELECT ON croupier.alarm_acks TO croupier_reader;
GRANT EXECUTE ON FUNCTION croupier.acknowledge_alarm(bigint, text) TO croupier_reader;
"#;

const V1: &str = r#"
CREATE SCHEMA IF NOT EXISTS croupier;
REVOKE ALL ON SCHEMA croupier FROM PUBLIC;

CREATE TABLE croupier.schema_version (version integer NOT NULL);
INSERT INTO croupier.schema_version VALUES (0);

-- The event kinds the floor takes (this program's; `floor-init` and every migration by
-- the owner add a newer program's).
CREATE TABLE croupier.kinds (name text PRIMARY KEY);

-- One row per table database (one SQLite file): its identity is the SHA-256 chain hash
-- of its first event (`created`, which holds the creation time and program). `role` is
-- the login role that first sent it: only that role may send more of it.
CREATE TABLE croupier.tables (
    tab        serial PRIMARY KEY,
    db         bytea NOT NULL UNIQUE CHECK (octet_length(db) = 32),
    role       name NOT NULL,
    path       text NOT NULL,
    head_seq   bigint NOT NULL DEFAULT 0,
    head_hash  bytea NOT NULL DEFAULT '\x0000000000000000000000000000000000000000000000000000000000000000',
    first_seen timestamptz NOT NULL DEFAULT pg_catalog.now(),
    last_sync  timestamptz
);

CREATE TABLE croupier.events (
    tab      integer NOT NULL REFERENCES croupier.tables,
    seq      bigint NOT NULL CHECK (seq > 0),
    at       bigint NOT NULL,
    kind     text NOT NULL,
    table_id bigint,
    user_id  bigint,
    round_id bigint,
    data     text NOT NULL,
    hash     bytea NOT NULL CHECK (octet_length(hash) = 32),
    PRIMARY KEY (tab, seq)
);
CREATE INDEX events_kind_at ON croupier.events (kind, at) WHERE kind <> 'step';
CREATE INDEX events_round ON croupier.events (tab, round_id, seq) WHERE round_id IS NOT NULL;

-- The figures of each settlement, read by the server from the event's own data when it
-- is received (never sent separately by a table).
CREATE TABLE croupier.rounds (
    tab             integer NOT NULL,
    seq             bigint NOT NULL,
    round_id        bigint NOT NULL,
    at              bigint NOT NULL,
    table_id        bigint,
    user_id         bigint,
    handle          bigint NOT NULL,
    paid            bigint NOT NULL,
    win             bigint NOT NULL,
    max_net         bigint NOT NULL,
    insurance_taken bigint NOT NULL,
    insurance_paid  bigint NOT NULL,
    splits          bigint NOT NULL,
    buys            bigint NOT NULL,
    pontoons        bigint NOT NULL,
    five_card_tricks bigint NOT NULL,
    PRIMARY KEY (tab, seq),
    FOREIGN KEY (tab, seq) REFERENCES croupier.events
);
CREATE INDEX rounds_at ON croupier.rounds (at);


-- What the floor refused or found: a changed copy, a chain that does not follow, a file
-- that differs from the floor's copy (`croupier verify --floor`), a role sending another
-- role's table database. `by_role` is the login role whose call raised it.
CREATE TABLE croupier.alarms (
    id         bigserial PRIMARY KEY,
    raised     timestamptz NOT NULL DEFAULT pg_catalog.now(),
    at         bigint NOT NULL,
    tab        integer REFERENCES croupier.tables,
    db         bytea NOT NULL,
    seq        bigint NOT NULL,
    floor_hash bytea,
    table_hash bytea,
    what       text NOT NULL,
    by_role    name NOT NULL DEFAULT session_user
);
CREATE INDEX alarms_db_seq ON croupier.alarms (db, seq);

-- The store's event_hash: SHA-256 over the previous hash, seq, at, the kind's name
-- (u32 length first), table, user and round (i64::MIN for none), the data (u64 length
-- first). int4send/int8send are big-endian, as the store's to_be_bytes. Every function,
-- operator and type is named with its schema: whoever calls it, with whatever
-- search_path, it computes with PostgreSQL's own.
CREATE FUNCTION croupier.event_hash(prev bytea, seq bigint, at bigint, kind text,
        table_id bigint, user_id bigint, round_id bigint, data text)
    RETURNS bytea LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $f$
    SELECT pg_catalog.sha256(prev
        OPERATOR(pg_catalog.||) pg_catalog.int8send(seq)
        OPERATOR(pg_catalog.||) pg_catalog.int8send(at)
        OPERATOR(pg_catalog.||) pg_catalog.int4send(pg_catalog.octet_length(pg_catalog.convert_to(kind, 'UTF8')))
        OPERATOR(pg_catalog.||) pg_catalog.convert_to(kind, 'UTF8')
        OPERATOR(pg_catalog.||) pg_catalog.int8send(coalesce(table_id, '-9223372036854775808'::pg_catalog.int8))
        OPERATOR(pg_catalog.||) pg_catalog.int8send(coalesce(user_id, '-9223372036854775808'::pg_catalog.int8))
        OPERATOR(pg_catalog.||) pg_catalog.int8send(coalesce(round_id, '-9223372036854775808'::pg_catalog.int8))
        OPERATOR(pg_catalog.||) pg_catalog.int8send(pg_catalog.octet_length(pg_catalog.convert_to(data, 'UTF8'))::pg_catalog.int8)
        OPERATOR(pg_catalog.||) pg_catalog.convert_to(data, 'UTF8'))
$f$;

-- Money in the log is an exact JSON number of currency units: cents, exactly.
CREATE FUNCTION croupier.cents(v jsonb) RETURNS bigint LANGUAGE sql IMMUTABLE AS $f$
    SELECT coalesce((v::pg_catalog.text::pg_catalog.numeric OPERATOR(pg_catalog.*) 100)::pg_catalog.int8, 0)
$f$;

-- Nothing received is ever changed or removed.
CREATE FUNCTION croupier.refuse_change() RETURNS trigger LANGUAGE plpgsql
    SET search_path = pg_catalog, pg_temp AS $f$
BEGIN
    RAISE EXCEPTION 'the floor''s % are append-only: % refused', TG_TABLE_NAME, TG_OP;
END
$f$;
CREATE TRIGGER events_append_only BEFORE UPDATE OR DELETE OR TRUNCATE ON croupier.events
    FOR EACH STATEMENT EXECUTE FUNCTION croupier.refuse_change();
CREATE TRIGGER rounds_append_only BEFORE UPDATE OR DELETE OR TRUNCATE ON croupier.rounds
    FOR EACH STATEMENT EXECUTE FUNCTION croupier.refuse_change();
CREATE TRIGGER alarms_append_only BEFORE UPDATE OR DELETE OR TRUNCATE ON croupier.alarms
    FOR EACH STATEMENT EXECUTE FUNCTION croupier.refuse_change();

-- The check, kept as defence in depth (only `ingest`, as the owner, inserts events):
-- every new event's hash must follow from the event before it on the floor (the genesis
-- hash before event 1).
CREATE FUNCTION croupier.check_chain() RETURNS trigger LANGUAGE plpgsql
    SECURITY DEFINER SET search_path = pg_catalog, pg_temp AS $f$
DECLARE
    bad record;
BEGIN
    -- Each new row follows the row before it among the new ones, or else the table's
    -- head as it was (the genesis hash before event 1): new events extend the head, with
    -- no gap. (Joined with the new rows only: the cost does not grow with the floor.)
    SELECT n.tab, n.seq INTO bad
      FROM new_rows n
      LEFT JOIN croupier.tables t ON t.tab = n.tab
      LEFT JOIN new_rows p ON p.tab = n.tab AND p.seq = n.seq - 1
     WHERE n.hash IS DISTINCT FROM croupier.event_hash(
               CASE WHEN n.seq = t.head_seq + 1 THEN t.head_hash ELSE p.hash END,
               n.seq, n.at, n.kind, n.table_id, n.user_id, n.round_id, n.data)
     ORDER BY n.tab, n.seq LIMIT 1;
    IF FOUND THEN
        RAISE EXCEPTION 'event % of table database % does not follow from the event before it on the floor',
            bad.seq, bad.tab;
    END IF;
    -- What the floor derives from the events, here so that it follows whoever inserts:
    -- each settlement's figures, read from its own data, and each table's head.
    INSERT INTO croupier.rounds
    SELECT i.tab, i.seq, i.round_id, i.at, i.table_id, i.user_id,
           croupier.cents(d->'handle'), croupier.cents(d->'paid'), croupier.cents(d->'house_net'),
           croupier.cents(d->'max_net'), croupier.cents(d->'insurance_taken'),
           croupier.cents(d->'insurance_paid'), coalesce((d->>'splits')::int8, 0),
           coalesce((d->>'buys')::int8, 0), coalesce((d->>'pontoons')::int8, 0),
           coalesce((d->>'five_card_tricks')::int8, 0)
      FROM (SELECT n.*, n.data::jsonb AS d FROM new_rows n
             WHERE n.kind = 'round_settled' AND n.round_id IS NOT NULL) i;
    UPDATE croupier.tables t
       SET head_seq = m.seq, head_hash = m.hash, last_sync = now()
      FROM (SELECT DISTINCT ON (tab) tab, seq, hash FROM new_rows ORDER BY tab, seq DESC) m
     WHERE t.tab = m.tab AND m.seq > t.head_seq;
    RETURN NULL;
END
$f$;
CREATE TRIGGER events_chained AFTER INSERT ON croupier.events
    REFERENCING NEW TABLE AS new_rows
    FOR EACH STATEMENT EXECUTE FUNCTION croupier.check_chain();

-- A refusal: logged as an alarm (kept if the caller commits; once an hour for the same
-- refusal retried), and in the server's log (kept even if a changed client rolls its
-- transaction back).
CREATE FUNCTION croupier.refusal(p_tab integer, p_db bytea, p_seq bigint, p_floor bytea,
        p_table bytea, p_what text) RETURNS void LANGUAGE plpgsql
    SET search_path = pg_catalog, pg_temp AS $f$
BEGIN
    RAISE LOG 'croupier floor alarm: role % table database % event %: %',
        session_user, encode(substr(p_db, 1, 8), 'hex'), p_seq, p_what;
    -- The same alarm from the same role within the hour is the same refusal retried
    -- (the dealer screen's link retries every 10 s): logged once.
    IF NOT EXISTS (SELECT 1 FROM croupier.alarms a
                    WHERE a.db = p_db AND a.seq = p_seq AND a.what = p_what
                      AND a.by_role = session_user AND a.raised > now() - interval '1 hour') THEN
        INSERT INTO croupier.alarms (at, tab, db, seq, floor_hash, table_hash, what)
        VALUES ((extract(epoch FROM now()) * 1000)::int8, p_tab, p_db, p_seq, p_floor, p_table, p_what);
    END IF;
END
$f$;

-- A table's batch, sent as arrays (one element per event, in seq order), checked and
-- taken in one call, with the table's row locked so two syncs of one table take turns:
--  0. the first call for an identity registers it to the calling login role; another
--     role's call for it is refused (the floor does not trust the table's word for who
--     it is);
--  1. a copy of an event the floor already holds must be that event, byte for byte;
--  2. new events must start right after the floor's head, be of a kind the floor knows,
--     and each hash must be the SHA-256 the server computes from the previous hash and
--     the event's content.
-- Events before the first fault are taken; the fault is logged as an alarm and returned.
CREATE FUNCTION croupier.ingest(p_db bytea, p_path text, p_seq bigint[], p_at bigint[],
        p_kind text[], p_table bigint[], p_user bigint[], p_round bigint[], p_data text[],
        p_hash bytea[])
    RETURNS TABLE (accepted bigint, head bigint, problem text, bad_seq bigint)
    LANGUAGE plpgsql SECURITY DEFINER SET search_path = pg_catalog, pg_temp AS $f$
DECLARE
    t record;
    bad record;
    stop int8;
    n int8 := 0;
    why text;
    what text;
    o int;
BEGIN
    IF octet_length(p_db) IS DISTINCT FROM 32 THEN
        RAISE EXCEPTION 'a table database''s identity is 32 bytes';
    END IF;
    INSERT INTO croupier.tables (db, role, path) VALUES (p_db, session_user, p_path)
        ON CONFLICT (db) DO NOTHING;
    SELECT * INTO t FROM croupier.tables WHERE db = p_db FOR UPDATE;
    UPDATE croupier.tables SET last_sync = now() WHERE tab = t.tab;
    IF t.role <> session_user THEN
        why := 'role ' || session_user || ' sent events of table database '
            || encode(substr(p_db, 1, 8), 'hex') || ', which belongs to role ' || t.role;
        PERFORM croupier.refusal(t.tab, p_db, coalesce(p_seq[1], 0), NULL, NULL,
            'impersonation: ' || why);
        RETURN QUERY SELECT 0::int8, t.head_seq, why || ': nothing taken', coalesce(p_seq[1], 0);
        RETURN;
    END IF;
    IF t.path <> p_path THEN
        UPDATE croupier.tables SET path = p_path WHERE tab = t.tab;
    END IF;

    -- The events re-sent (the sync re-sends the floor's last one): one indexed look-up
    -- each.
    SELECT NULL::int8 AS seq, NULL::bytea AS floor_hash, NULL::bytea AS table_hash INTO bad;
    FOR o IN 1 .. coalesce(array_length(p_seq, 1), 0) LOOP
        EXIT WHEN p_seq[o] > t.head_seq;
        SELECT p_seq[o] AS seq, e.hash AS floor_hash, p_hash[o] AS table_hash INTO bad
          FROM croupier.events e
         WHERE e.tab = t.tab AND e.seq = p_seq[o]
           AND (e.at, e.kind, e.table_id, e.user_id, e.round_id, e.data, e.hash)
               IS DISTINCT FROM (p_at[o], p_kind[o], p_table[o], p_user[o], p_round[o], p_data[o], p_hash[o]);
        EXIT WHEN FOUND;
    END LOOP;
    IF bad.seq IS NOT NULL THEN
        PERFORM croupier.refusal(t.tab, p_db, bad.seq, bad.floor_hash, bad.table_hash,
            'changed copy: the table sent event ' || bad.seq || ' unlike the floor''s copy');
        RETURN QUERY SELECT 0::int8, t.head_seq,
            'event ' || bad.seq || ' differs from the copy the floor already holds', bad.seq;
        RETURN;
    END IF;

    -- The first new event of a kind the floor does not know: nothing from it on is taken.
    SELECT min(i.seq) INTO stop
      FROM unnest(p_seq, p_kind) AS i(seq, kind)
     WHERE i.seq > t.head_seq
       AND NOT EXISTS (SELECT 1 FROM croupier.kinds k WHERE k.name = i.kind);
    IF stop IS NOT NULL THEN
        why := 'event ' || stop || ' is of a kind the floor does not know ('
            || (SELECT p_kind[g.k] FROM generate_subscripts(p_seq, 1) AS g(k) WHERE p_seq[g.k] = stop LIMIT 1)
            || ')';
        what := 'unknown kind: ' || why;
    END IF;

    -- The chain trigger checks every new event as it goes in: on the usual path each
    -- hash is computed once, there. Only when it refuses is the first fault looked for
    -- (the insert is undone by its subtransaction) and the events before it taken.
    BEGIN
        INSERT INTO croupier.events
        SELECT t.tab, i.seq, i.at, i.kind, i.table_id, i.user_id, i.round_id, i.data, i.hash
          FROM unnest(p_seq, p_at, p_kind, p_table, p_user, p_round, p_data, p_hash)
               AS i(seq, at, kind, table_id, user_id, round_id, data, hash)
         WHERE i.seq > t.head_seq AND (stop IS NULL OR i.seq < stop);
        GET DIAGNOSTICS n = ROW_COUNT;
    EXCEPTION WHEN raise_exception OR unique_violation THEN
        -- Each event's previous hash is the element before it (by subscript: no join).
        SELECT q.seq, q.table_hash, q.floor_hash INTO bad
          FROM (SELECT p_seq[g.k] AS seq, p_hash[g.k] AS table_hash,
                       croupier.event_hash(
                           CASE WHEN p_seq[g.k] = t.head_seq + 1 THEN t.head_hash
                                WHEN g.k > 1 AND p_seq[g.k - 1] = p_seq[g.k] - 1 AND p_seq[g.k - 1] > t.head_seq
                                THEN p_hash[g.k - 1] END,
                           p_seq[g.k], p_at[g.k], p_kind[g.k], p_table[g.k], p_user[g.k], p_round[g.k], p_data[g.k])
                           AS floor_hash, g.k
                  FROM generate_subscripts(p_seq, 1) AS g(k)
                 WHERE p_seq[g.k] > t.head_seq) q
         WHERE q.table_hash IS DISTINCT FROM q.floor_hash
         ORDER BY q.k LIMIT 1;
        stop := coalesce(bad.seq, t.head_seq + 1);
        IF bad.floor_hash IS NULL THEN
            why := 'event ' || stop || ' does not follow the floor''s last event ' || t.head_seq;
            what := 'gap: event ' || stop || ' sent but the floor holds up to ' || t.head_seq;
        ELSE
            why := 'the hash of event ' || stop || ' does not follow from the event before it';
            what := 'chain broken: ' || why;
        END IF;
        INSERT INTO croupier.events
        SELECT t.tab, i.seq, i.at, i.kind, i.table_id, i.user_id, i.round_id, i.data, i.hash
          FROM unnest(p_seq, p_at, p_kind, p_table, p_user, p_round, p_data, p_hash)
               AS i(seq, at, kind, table_id, user_id, round_id, data, hash)
         WHERE i.seq > t.head_seq AND i.seq < stop ORDER BY i.seq;
        GET DIAGNOSTICS n = ROW_COUNT;
    WHEN OTHERS THEN
        -- Anything else the server cannot take (a settlement whose figures do not read,
        -- data that is not JSON): the batch is refused and alarmed, not retried forever.
        stop := t.head_seq + 1;
        n := 0;
        why := 'the floor cannot take the events from ' || stop || ': ' || SQLERRM;
        what := 'refused: ' || why;
        SELECT NULL::int8 AS seq, NULL::bytea AS floor_hash, NULL::bytea AS table_hash INTO bad;
    END;

    IF stop IS NOT NULL THEN
        PERFORM croupier.refusal(t.tab, p_db, stop, bad.floor_hash, bad.table_hash, what);
        RETURN QUERY SELECT n, t.head_seq + n, why, stop;
        RETURN;
    END IF;
    RETURN QUERY SELECT n, t.head_seq + n, NULL::text, NULL::int8;
END
$f$;

-- An alarm raised by a reader (verify --floor, a file shorter than the floor), not by
-- ingest: it names the role that raised it.
CREATE FUNCTION croupier.raise_alarm(p_db bytea, p_seq bigint, p_floor bytea, p_table bytea, p_what text)
    RETURNS void LANGUAGE plpgsql SECURITY DEFINER SET search_path = pg_catalog, pg_temp AS $f$
BEGIN
    PERFORM croupier.refusal((SELECT tab FROM croupier.tables WHERE db = p_db), p_db, p_seq,
        p_floor, p_table, p_what);
END
$f$;

REVOKE ALL ON ALL FUNCTIONS IN SCHEMA croupier FROM PUBLIC;
"#;

/// Schema 2: the same checks, at less than half the server's cost per event
/// (docs/benchmarks.md, catch-up ingest).
/// - `event_hash` is STABLE, as `convert_to` in it is: an IMMUTABLE function over a
///   STABLE one is never inlined, and each call ran as a SQL function of its own (three
///   times the cost of the hash).
/// - No foreign key from `events` to `tables`: its per-row check cost more than the chain
///   check. The chain trigger refuses an event of a table database the floor has not
///   registered instead (it was refused before too, as a hash that does not follow).
/// - The settlement's data is read as JSON once per settlement, not once per figure, and
///   each figure by jsonb's cast to numeric, not through text.
const V2: &str = r#"
ALTER FUNCTION croupier.event_hash(bytea, bigint, bigint, text, bigint, bigint, bigint, text) STABLE;
ALTER TABLE croupier.events DROP CONSTRAINT events_tab_fkey;

CREATE OR REPLACE FUNCTION croupier.check_chain() RETURNS trigger LANGUAGE plpgsql
    SECURITY DEFINER SET search_path = pg_catalog, pg_temp AS $f$
DECLARE
    bad record;
BEGIN
    -- Each new row is of a registered table database and follows the row before it
    -- among the new ones, or else the table's head as it was (the genesis hash before
    -- event 1): new events extend the head, with no gap. (Joined with the new rows
    -- only: the cost does not grow with the floor.)
    SELECT n.tab, n.seq INTO bad
      FROM new_rows n
      LEFT JOIN croupier.tables t ON t.tab = n.tab
      LEFT JOIN new_rows p ON p.tab = n.tab AND p.seq = n.seq - 1
     WHERE t.tab IS NULL
        OR n.hash IS DISTINCT FROM croupier.event_hash(
               CASE WHEN n.seq = t.head_seq + 1 THEN t.head_hash ELSE p.hash END,
               n.seq, n.at, n.kind, n.table_id, n.user_id, n.round_id, n.data)
     ORDER BY n.tab, n.seq LIMIT 1;
    IF FOUND THEN
        RAISE EXCEPTION 'event % of table database % does not follow from the event before it on the floor',
            bad.seq, bad.tab;
    END IF;
    -- What the floor derives from the events, here so that it follows whoever inserts:
    -- each settlement's figures, read from its own data (parsed once: OFFSET 0 keeps
    -- the planner from parsing it again for each figure), and each table's head.
    INSERT INTO croupier.rounds
    SELECT i.tab, i.seq, i.round_id, i.at, i.table_id, i.user_id,
           croupier.cents(d->'handle'), croupier.cents(d->'paid'), croupier.cents(d->'house_net'),
           croupier.cents(d->'max_net'), croupier.cents(d->'insurance_taken'),
           croupier.cents(d->'insurance_paid'), coalesce((d->>'splits')::int8, 0),
           coalesce((d->>'buys')::int8, 0), coalesce((d->>'pontoons')::int8, 0),
           coalesce((d->>'five_card_tricks')::int8, 0)
      FROM (SELECT n.*, n.data::jsonb AS d FROM new_rows n
             WHERE n.kind = 'round_settled' AND n.round_id IS NOT NULL OFFSET 0) i;
    UPDATE croupier.tables t
       SET head_seq = m.seq, head_hash = m.hash, last_sync = now()
      FROM (SELECT DISTINCT ON (tab) tab, seq, hash FROM new_rows ORDER BY tab, seq DESC) m
     WHERE t.tab = m.tab AND m.seq > t.head_seq;
    RETURN NULL;
END
$f$;
-- The same figure as schema 1's (a JSON number, exactly; a string, boolean or null is
-- refused, a missing figure is 0), by jsonb's own cast instead of a round trip through
-- text.
CREATE OR REPLACE FUNCTION croupier.cents(v jsonb) RETURNS bigint LANGUAGE sql IMMUTABLE AS $f$
    SELECT coalesce((v::pg_catalog.numeric OPERATOR(pg_catalog.*) 100)::pg_catalog.int8, 0)
$f$;
REVOKE ALL ON ALL FUNCTIONS IN SCHEMA croupier FROM PUBLIC;
"#;

/// Schema 3: a smaller floor, and a report's theoretical hold read from a table of its own.
/// - The index of events by round keys on (table, round, kind) instead of (table, round,
///   seq): a round's events share one key per kind, which PostgreSQL's B-tree stores once
///   with the list of rows (deduplication), so the index holds a round's steps in a few
///   bytes each rather than a key each. It was a sixth of the floor's bytes
///   (docs/benchmarks.md, "What the floor's bytes are"). A round's events still come
///   straight from it (sorted by seq after).
/// - `round_starts`: each round's `round_started` data (its boxes and stakes: what a
///   report's theoretical hold reads), derived by the chain trigger as `rounds` is. Read
///   from the events, they were scattered one a page over the whole floor: at 10 million
///   rounds a summary spent two thirds of its time there (docs/benchmarks.md).
///
/// On a floor that already holds events the migration builds the index and fills
/// `round_starts` once.
const V3: &str = r#"
DROP INDEX croupier.events_round;
CREATE INDEX events_round ON croupier.events (tab, round_id, kind) WHERE round_id IS NOT NULL;

-- Each round's opening (its boxes and stakes), for reports: the floor's copy of the
-- event's data, never sent separately by a table. In round order within a table database
-- (round ids are given in log order).
CREATE TABLE croupier.round_starts (
    tab      integer NOT NULL,
    round_id bigint NOT NULL,
    seq      bigint NOT NULL,
    data     text NOT NULL,
    PRIMARY KEY (tab, round_id, seq)
);
INSERT INTO croupier.round_starts
SELECT tab, round_id, seq, data FROM croupier.events
 WHERE kind = 'round_started' AND round_id IS NOT NULL;
CREATE TRIGGER round_starts_append_only BEFORE UPDATE OR DELETE OR TRUNCATE ON croupier.round_starts
    FOR EACH STATEMENT EXECUTE FUNCTION croupier.refuse_change();
DO $d$ BEGIN
    IF EXISTS (SELECT 1 FROM pg_catalog.pg_roles WHERE rolname = 'croupier_reader') THEN
        GRANT SELECT ON croupier.round_starts TO croupier_reader;
    END IF;
END $d$;

CREATE OR REPLACE FUNCTION croupier.check_chain() RETURNS trigger LANGUAGE plpgsql
    SECURITY DEFINER SET search_path = pg_catalog, pg_temp AS $f$
DECLARE
    bad record;
BEGIN
    -- Each new row is of a registered table database and follows the row before it
    -- among the new ones, or else the table's head as it was (the genesis hash before
    -- event 1): new events extend the head, with no gap. (Joined with the new rows
    -- only: the cost does not grow with the floor.)
    SELECT n.tab, n.seq INTO bad
      FROM new_rows n
      LEFT JOIN croupier.tables t ON t.tab = n.tab
      LEFT JOIN new_rows p ON p.tab = n.tab AND p.seq = n.seq - 1
     WHERE t.tab IS NULL
        OR n.hash IS DISTINCT FROM croupier.event_hash(
               CASE WHEN n.seq = t.head_seq + 1 THEN t.head_hash ELSE p.hash END,
               n.seq, n.at, n.kind, n.table_id, n.user_id, n.round_id, n.data)
     ORDER BY n.tab, n.seq LIMIT 1;
    IF FOUND THEN
        RAISE EXCEPTION 'event % of table database % does not follow from the event before it on the floor',
            bad.seq, bad.tab;
    END IF;
    -- What the floor derives from the events, here so that it follows whoever inserts:
    -- each settlement's figures, read from its own data (parsed once: OFFSET 0 keeps
    -- the planner from parsing it again for each figure), each round's opening (its
    -- boxes and stakes, for reports), and each table's head.
    INSERT INTO croupier.rounds
    SELECT i.tab, i.seq, i.round_id, i.at, i.table_id, i.user_id,
           croupier.cents(d->'handle'), croupier.cents(d->'paid'), croupier.cents(d->'house_net'),
           croupier.cents(d->'max_net'), croupier.cents(d->'insurance_taken'),
           croupier.cents(d->'insurance_paid'), coalesce((d->>'splits')::int8, 0),
           coalesce((d->>'buys')::int8, 0), coalesce((d->>'pontoons')::int8, 0),
           coalesce((d->>'five_card_tricks')::int8, 0)
      FROM (SELECT n.*, n.data::jsonb AS d FROM new_rows n
             WHERE n.kind = 'round_settled' AND n.round_id IS NOT NULL OFFSET 0) i;
    INSERT INTO croupier.round_starts
    SELECT n.tab, n.round_id, n.seq, n.data FROM new_rows n
     WHERE n.kind = 'round_started' AND n.round_id IS NOT NULL;
    UPDATE croupier.tables t
       SET head_seq = m.seq, head_hash = m.hash, last_sync = now()
      FROM (SELECT DISTINCT ON (tab) tab, seq, hash FROM new_rows ORDER BY tab, seq DESC) m
     WHERE t.tab = m.tab AND m.seq > t.head_seq;
    RETURN NULL;
END
$f$;
REVOKE ALL ON ALL FUNCTIONS IN SCHEMA croupier FROM PUBLIC;
"#;

/// Schema 4: one table cannot touch another's record (issue 21).
/// - `raise_alarm` takes an alarm only from the floor's owner and its auditor
///   (`croupier_auditor`); a table's role may not call it (its EXECUTE is revoked too).
///   The floor's own checks (`ingest`, as the owner) raise theirs through `refusal`.
/// - `ingest` reads the identity's owner before it locks anything: a foreign role's call
///   is refused at once and never waits on, nor locks, another table's row (its alarm
///   names the claimed identity but is not attached to that table database: `tab` is
///   NULL). Two syncs of one table still take turns, on `FOR NO KEY UPDATE`.
/// - `replayed`: the floor's auditor's verdicts (`croupier floor-audit`), per table
///   database: how far its replay through the engine has got, and the first event it
///   refused. The role `croupier_auditor` (made by `floor-init`) writes it.
/// - Row-level security on every table holding a table database's rows: a table's login
///   reads only its own table databases; the owner, the auditor and a supervisor's login
///   (`croupier_reader`) read all (`table_login`).
/// - `alarm_stands`: whether an alarm counts against a table database (reports' FAILED):
///   raised by that table's own role, the floor's owner or the auditor, never by another
///   table's role.
const V4: &str = r#"
-- The floor's auditor's verdicts: per table database, the last event its replay took
-- (`seq`, never moved back) and the first it refused. Written by the auditor only.
CREATE TABLE IF NOT EXISTS croupier.replayed (
    tab        integer PRIMARY KEY,
    seq        bigint NOT NULL,
    failed_seq bigint,
    failed_why text,
    updated    timestamptz NOT NULL DEFAULT pg_catalog.now()
);
DO $d$ BEGIN
    IF EXISTS (SELECT 1 FROM pg_catalog.pg_roles WHERE rolname = 'croupier_reader') THEN
        GRANT SELECT ON croupier.replayed TO croupier_reader;
    END IF;
END $d$;

CREATE OR REPLACE FUNCTION croupier.raise_alarm(p_db bytea, p_seq bigint, p_floor bytea, p_table bytea, p_what text)
    RETURNS void LANGUAGE plpgsql SECURITY DEFINER SET search_path = pg_catalog, pg_temp AS $f$
BEGIN
    IF NOT (pg_has_role(session_user, (SELECT nspowner FROM pg_namespace WHERE nspname = 'croupier'), 'MEMBER')
            OR EXISTS (SELECT 1 FROM pg_roles r WHERE r.rolname = 'croupier_auditor'
                          AND pg_has_role(session_user, r.oid, 'MEMBER'))) THEN
        RAISE EXCEPTION USING ERRCODE = 'insufficient_privilege',
            MESSAGE = 'role ' || session_user || ' may not raise alarms on the floor: only the floor''s own checks and its auditor (croupier_auditor) do';
    END IF;
    PERFORM croupier.refusal((SELECT tab FROM croupier.tables WHERE db = p_db), p_db, p_seq,
        p_floor, p_table, p_what);
END
$f$;
DO $d$ BEGIN
    IF EXISTS (SELECT 1 FROM pg_catalog.pg_roles WHERE rolname = 'croupier_table') THEN
        REVOKE EXECUTE ON FUNCTION croupier.raise_alarm(bytea, bigint, bytea, bytea, text) FROM croupier_table;
    END IF;
END $d$;

-- Whether an alarm raised by `by_role` counts against a table database sent by
-- `table_role`: the table's own role, the floor's owner or its auditor.
CREATE OR REPLACE FUNCTION croupier.alarm_stands(by_role name, table_role name) RETURNS boolean
    LANGUAGE sql STABLE SET search_path = pg_catalog, pg_temp AS $f$
    SELECT by_role = table_role OR EXISTS (
        SELECT 1 FROM pg_catalog.pg_roles r
         WHERE r.rolname = by_role
           AND (pg_catalog.pg_has_role(r.oid, (SELECT nspowner FROM pg_catalog.pg_namespace WHERE nspname = 'croupier'), 'MEMBER')
                OR EXISTS (SELECT 1 FROM pg_catalog.pg_roles a WHERE a.rolname = 'croupier_auditor'
                              AND pg_catalog.pg_has_role(r.oid, a.oid, 'MEMBER'))))
$f$;
DO $d$ BEGIN
    IF EXISTS (SELECT 1 FROM pg_catalog.pg_roles WHERE rolname = 'croupier_reader') THEN
        GRANT EXECUTE ON FUNCTION croupier.alarm_stands(name, name) TO croupier_reader;
    END IF;
END $d$;

CREATE OR REPLACE FUNCTION croupier.ingest(p_db bytea, p_path text, p_seq bigint[], p_at bigint[],
        p_kind text[], p_table bigint[], p_user bigint[], p_round bigint[], p_data text[],
        p_hash bytea[])
    RETURNS TABLE (accepted bigint, head bigint, problem text, bad_seq bigint)
    LANGUAGE plpgsql SECURITY DEFINER SET search_path = pg_catalog, pg_temp AS $f$
DECLARE
    t record;
    bad record;
    stop int8;
    n int8 := 0;
    why text;
    what text;
    o int;
BEGIN
    IF octet_length(p_db) IS DISTINCT FROM 32 THEN
        RAISE EXCEPTION 'a table database''s identity is 32 bytes';
    END IF;
    -- Whose it is, read without a lock: another role's call is refused here, before
    -- it could wait on or hold the table's row.
    SELECT * INTO t FROM croupier.tables WHERE db = p_db;
    IF NOT FOUND THEN
        INSERT INTO croupier.tables (db, role, path) VALUES (p_db, session_user, p_path)
            ON CONFLICT (db) DO NOTHING;
        SELECT * INTO t FROM croupier.tables WHERE db = p_db;
    END IF;
    IF t.role <> session_user THEN
        why := 'role ' || session_user || ' sent events of table database '
            || encode(substr(p_db, 1, 8), 'hex') || ', which belongs to role ' || t.role;
        PERFORM croupier.refusal(NULL, p_db, coalesce(p_seq[1], 0), NULL, NULL,
            'impersonation: ' || why);
        RETURN QUERY SELECT 0::int8, t.head_seq, why || ': nothing taken', coalesce(p_seq[1], 0);
        RETURN;
    END IF;
    -- The caller's own table: two syncs of it take turns here.
    SELECT * INTO t FROM croupier.tables WHERE tab = t.tab FOR NO KEY UPDATE;
    UPDATE croupier.tables SET last_sync = now() WHERE tab = t.tab;
    IF t.path <> p_path THEN
        UPDATE croupier.tables SET path = p_path WHERE tab = t.tab;
    END IF;

    -- The events re-sent (the sync re-sends the floor's last one): one indexed look-up
    -- each.
    SELECT NULL::int8 AS seq, NULL::bytea AS floor_hash, NULL::bytea AS table_hash INTO bad;
    FOR o IN 1 .. coalesce(array_length(p_seq, 1), 0) LOOP
        EXIT WHEN p_seq[o] > t.head_seq;
        SELECT p_seq[o] AS seq, e.hash AS floor_hash, p_hash[o] AS table_hash INTO bad
          FROM croupier.events e
         WHERE e.tab = t.tab AND e.seq = p_seq[o]
           AND (e.at, e.kind, e.table_id, e.user_id, e.round_id, e.data, e.hash)
               IS DISTINCT FROM (p_at[o], p_kind[o], p_table[o], p_user[o], p_round[o], p_data[o], p_hash[o]);
        EXIT WHEN FOUND;
    END LOOP;
    IF bad.seq IS NOT NULL THEN
        PERFORM croupier.refusal(t.tab, p_db, bad.seq, bad.floor_hash, bad.table_hash,
            'changed copy: the table sent event ' || bad.seq || ' unlike the floor''s copy');
        RETURN QUERY SELECT 0::int8, t.head_seq,
            'event ' || bad.seq || ' differs from the copy the floor already holds', bad.seq;
        RETURN;
    END IF;

    -- The first new event of a kind the floor does not know: nothing from it on is taken.
    SELECT min(i.seq) INTO stop
      FROM unnest(p_seq, p_kind) AS i(seq, kind)
     WHERE i.seq > t.head_seq
       AND NOT EXISTS (SELECT 1 FROM croupier.kinds k WHERE k.name = i.kind);
    IF stop IS NOT NULL THEN
        why := 'event ' || stop || ' is of a kind the floor does not know ('
            || (SELECT p_kind[g.k] FROM generate_subscripts(p_seq, 1) AS g(k) WHERE p_seq[g.k] = stop LIMIT 1)
            || ')';
        what := 'unknown kind: ' || why;
    END IF;

    -- As schema 1: the chain trigger checks every new event as it goes in; only when it
    -- refuses is the first fault looked for and the events before it taken.
    BEGIN
        INSERT INTO croupier.events
        SELECT t.tab, i.seq, i.at, i.kind, i.table_id, i.user_id, i.round_id, i.data, i.hash
          FROM unnest(p_seq, p_at, p_kind, p_table, p_user, p_round, p_data, p_hash)
               AS i(seq, at, kind, table_id, user_id, round_id, data, hash)
         WHERE i.seq > t.head_seq AND (stop IS NULL OR i.seq < stop);
        GET DIAGNOSTICS n = ROW_COUNT;
    EXCEPTION WHEN raise_exception OR unique_violation THEN
        SELECT q.seq, q.table_hash, q.floor_hash INTO bad
          FROM (SELECT p_seq[g.k] AS seq, p_hash[g.k] AS table_hash,
                       croupier.event_hash(
                           CASE WHEN p_seq[g.k] = t.head_seq + 1 THEN t.head_hash
                                WHEN g.k > 1 AND p_seq[g.k - 1] = p_seq[g.k] - 1 AND p_seq[g.k - 1] > t.head_seq
                                THEN p_hash[g.k - 1] END,
                           p_seq[g.k], p_at[g.k], p_kind[g.k], p_table[g.k], p_user[g.k], p_round[g.k], p_data[g.k])
                           AS floor_hash, g.k
                  FROM generate_subscripts(p_seq, 1) AS g(k)
                 WHERE p_seq[g.k] > t.head_seq) q
         WHERE q.table_hash IS DISTINCT FROM q.floor_hash
         ORDER BY q.k LIMIT 1;
        stop := coalesce(bad.seq, t.head_seq + 1);
        IF bad.floor_hash IS NULL THEN
            why := 'event ' || stop || ' does not follow the floor''s last event ' || t.head_seq;
            what := 'gap: event ' || stop || ' sent but the floor holds up to ' || t.head_seq;
        ELSE
            why := 'the hash of event ' || stop || ' does not follow from the event before it';
            what := 'chain broken: ' || why;
        END IF;
        INSERT INTO croupier.events
        SELECT t.tab, i.seq, i.at, i.kind, i.table_id, i.user_id, i.round_id, i.data, i.hash
          FROM unnest(p_seq, p_at, p_kind, p_table, p_user, p_round, p_data, p_hash)
               AS i(seq, at, kind, table_id, user_id, round_id, data, hash)
         WHERE i.seq > t.head_seq AND i.seq < stop ORDER BY i.seq;
        GET DIAGNOSTICS n = ROW_COUNT;
    WHEN OTHERS THEN
        stop := t.head_seq + 1;
        n := 0;
        why := 'the floor cannot take the events from ' || stop || ': ' || SQLERRM;
        what := 'refused: ' || why;
        SELECT NULL::int8 AS seq, NULL::bytea AS floor_hash, NULL::bytea AS table_hash INTO bad;
    END;

    IF stop IS NOT NULL THEN
        PERFORM croupier.refusal(t.tab, p_db, stop, bad.floor_hash, bad.table_hash, what);
        RETURN QUERY SELECT n, t.head_seq + n, why, stop;
        RETURN;
    END IF;
    RETURN QUERY SELECT n, t.head_seq + n, NULL::text, NULL::int8;
END
$f$;

-- Row-level security: a table's login (a member of croupier_table) sees only the rows
-- of the table databases it sent; the owner (who owns the tables: RLS does not apply to
-- it), the auditor and a supervisor's login (IN ROLE croupier_reader) see every row.
-- `ingest`, the chain trigger and `raise_alarm` run as the owner: their checks see all.
CREATE OR REPLACE FUNCTION croupier.table_login() RETURNS boolean
    LANGUAGE sql STABLE SET search_path = pg_catalog, pg_temp AS $f$
    SELECT EXISTS (SELECT 1 FROM pg_catalog.pg_roles r WHERE r.rolname = 'croupier_table'
                      AND pg_catalog.pg_has_role(session_user, r.oid, 'MEMBER'))
$f$;
DO $d$ BEGIN
    IF EXISTS (SELECT 1 FROM pg_catalog.pg_roles WHERE rolname = 'croupier_reader') THEN
        GRANT EXECUTE ON FUNCTION croupier.table_login() TO croupier_reader;
    END IF;
END $d$;
ALTER TABLE croupier.tables ENABLE ROW LEVEL SECURITY;
DROP POLICY IF EXISTS own_rows ON croupier.tables;
CREATE POLICY own_rows ON croupier.tables
    USING ((SELECT NOT croupier.table_login()) OR role = session_user);
DO $d$
DECLARE
    t text;
BEGIN
    FOREACH t IN ARRAY ARRAY['events', 'rounds', 'round_starts', 'alarms', 'replayed'] LOOP
        EXECUTE format('ALTER TABLE croupier.%I ENABLE ROW LEVEL SECURITY', t);
        EXECUTE format('DROP POLICY IF EXISTS own_rows ON croupier.%I', t);
        EXECUTE format('CREATE POLICY own_rows ON croupier.%I
            USING ((SELECT NOT croupier.table_login())
                   OR tab IN (SELECT o.tab FROM croupier.tables o WHERE o.role = session_user))', t);
    END LOOP;
END $d$;
REVOKE ALL ON ALL FUNCTIONS IN SCHEMA croupier FROM PUBLIC;
"#;

/// Schema 5: a foreign `ingest` (another role's identity) tells its caller nothing of the
/// other table database: not its role, not its head (0 is returned); the alarm, which no
/// table's login reads, still names both roles. That `ingest` is defined once, in
/// `ingest.sql` (schema 6's shape, created by schema 6's migration): the migrations run
/// in one transaction to the latest schema, so no floor stops at schema 5 with this
/// program, and schema 5 changes nothing else.
const V5: &str = r#"
-- Schema 5's `ingest`: see src/floor/ingest.sql.
SELECT 1;
"#;

/// Schema 6: the events smaller (the kind as its number, the columns widest first, play
/// data packed as in the file, no stored check for a step) and partitioned by UTC
/// month; `round_starts` packed and serving as the index of rounds. The SQL, with what
/// each change keeps checked, is `schema6.sql`, then `ingest.sql` (`ingest`'s one
/// definition).
const V6: &str = concat!(include_str!("schema6.sql"), include_str!("ingest.sql"));

/// Schema 7: `round_totals`, the file's kept totals (`log::totals`) kept on the floor by
/// its own trigger as events are taken, and built from the events already held. The
/// SQL, and what a correction leaves to the reader, is `schema7.sql`.
const V7: &str = include_str!("schema7.sql");

/// Schema 8: each settlement's decisions' cost in `rounds`, and `round_totals`' `cost` and
/// `uncosted` (`log::totals::Figures`), kept by the same trigger and built from the events
/// already held; `totals_break`, a table database's totals held to its events for a
/// report's footer; `rounds (tab, at, round_id)` for a report's keyset pages. The SQL is
/// `schema8.sql`.
const V8: &str = include_str!("schema8.sql");

/// Schema 9: `month_partition` takes a partition another sync made at the same moment as
/// made (the losing `CREATE TABLE` fails on the catalog's unique index, SQLSTATE 23505,
/// where it had caught only `duplicate_table`). The SQL is `schema9.sql`.
const V9: &str = include_str!("schema9.sql");

/// Schema 10: catch-up ingest without its quadratic term. A settlement's opening (the
/// totals' key) is found by `events_opening`, a partial index of the openings, where the
/// lookup walked the table database's events back to its opening; the chain walk unpacks
/// an event's data once so that `event_hash` is inlined. And `kept_theories`, the lab's
/// figures of each rules a table opened with, kept and held to the solve by the auditor
/// and read by the floor's reports. The SQL, with the measured costs, is `schema10.sql`.
const V10: &str = include_str!("schema10.sql");

/// Schema 11: catch-up ingest, more of its cost cut, the same checks. A step's data is
/// unpacked with its two fragments only when it holds no other code; `openings`, each
/// table database's openings kept by the chain trigger, gives a settlement's opening to
/// `round_sums`, which also parses a round's opening bets once; and `ingest` (`ingest.sql`,
/// created again here) finds its months without a timestamp an event. The SQL, with the
/// measured costs, is `schema11.sql`.
const V11: &str = concat!(include_str!("schema11.sql"), include_str!("ingest.sql"));

/// Schema 12: `day_totals`, the kept totals summed per UTC day (the to-date sums of a
/// report read a range's whole days there, its edge hours from `round_totals`), kept by
/// `bump_totals` in the statement that keeps the hours and built from them; checked by
/// `totals_break`, which now also holds each table database's days to its hours. The
/// SQL is `schema12.sql`.
const V12: &str = include_str!("schema12.sql");

/// Schema 13: `totals_checked`, the floor's auditor's check of each table database's kept
/// totals (`totals_break`, through which head, when, the break's words), and a trigger
/// marking every check stale when `round_totals` is written outside the floor's own
/// trigger. A report's footer reads it instead of rebuilding the totals. The SQL is
/// `schema13.sql`.
const V13: &str = include_str!("schema13.sql");

/// Schema 14: `chain_checked`, the floor's auditor's chain check of each table database
/// (made as it replays: through which event, the chain hash there, when, the first event
/// that does not follow), triggers marking it `touched` when events are UPDATEd, DELETEd
/// or TRUNCATEd (on `events` or on a month of it), and `chain_break_from`, the walk from
/// a checked point on. A report's footer reads the record instead of walking the whole
/// chain. The SQL is `schema14.sql`.
const V14: &str = include_str!("schema14.sql");

/// Schema 15: `month_totals`, the kept totals summed per UTC month (the to-date sums of a
/// report read a range's whole months there, the days around them from `day_totals`, its
/// edge hours from `round_totals`), kept by `bump_totals` in the statement that keeps the
/// hours and days and built from the days; checked by `totals_break`, which now also
/// holds each table database's months to its days; and `chain_break_from` naming the
/// head, as the auditor does, when only the head's hash differs, and saying so
/// (`head_differs`: a changed step before the head names it too). The SQL is
/// `schema15.sql`.
const V15: &str = include_str!("schema15.sql");

/// Schema 16: `round_starts` keeps each opening's boxes' stakes squared (`box_sq`,
/// `round_sq`, what the kept totals and the reports' spread read) instead of its whole
/// data, computed by the chain trigger (`start_squares`) and, for the rows held, by the
/// migration; `round_sums` reads them instead of parsing the opening. The SQL is
/// `schema16.sql`.
const V16: &str = include_str!("schema16.sql");

/// Schema 17: `ingest` aborts on a fault of the server's inside its insert (a lock
/// timeout, a deadlock or serialization failure, out of disk or memory, I/O: SQLSTATE
/// classes 08, 40, 53, 55, 57, 58) instead of refusing and alarming the table's events,
/// which the sync then retries; the events' own faults are refused as before. The SQL is
/// `schema17.sql`, then `ingest.sql`.
const V17: &str = concat!(include_str!("schema17.sql"), include_str!("ingest.sql"));

/// Schema 18: a table database is registered only with its event 1, whose hash its
/// identity must be (before, any 32 bytes registered one, and a file's events could be
/// sent again under other identities and counted again); those registered before are
/// held to it once (alarmed if not); and a batch's months are made inside the insert's
/// subtransaction, so a refused batch leaves none. The SQL is `schema18.sql`, then
/// `ingest.sql`.
const V18: &str = concat!(include_str!("schema18.sql"), include_str!("ingest.sql"));

/// Schema 19: alarms can be acknowledged (`croupier.alarm_acks`, `acknowledge_alarm`),
/// and an acknowledged alarm no longer counts against its table database; a refusal
/// repeated after its acknowledgement is a new alarm. The SQL is `schema19.sql`.
const V19: &str = include_str!("schema19.sql");
