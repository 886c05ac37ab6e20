//! The floor's schema on PostgreSQL, version by version (numbered as the SQLite store's
//! migrations are), and the server-side chain check: `croupier.event_hash` (the store's
//! `event_hash` in SQL), `croupier.ingest` (a table's batch, checked and taken in one
//! transaction) and the triggers that keep `events` append-only and chained whoever
//! inserts. Every statement here is fixed text: user data reaches the server only as
//! bound parameters or binary COPY rows.

/// The floor schema this program writes. A floor with a newer one is refused.
pub(crate) const FLOOR_VERSION: i32 = 1;

/// The lock key (`pg_advisory_xact_lock`) that serialises migrations of one floor.
pub(crate) const MIGRATION_LOCK: i64 = 0x4352_5550_464c_4f4f; // "CRUPFLOO"

/// Migration `n` (1-based) takes the floor from schema `n - 1` to `n`.
pub(crate) const MIGRATIONS: [&str; 1] = [V1];

const V1: &str = r#"
CREATE SCHEMA IF NOT EXISTS croupier;

CREATE TABLE croupier.schema_version (version integer NOT NULL);
INSERT INTO croupier.schema_version VALUES (0);

-- One row per table database (one SQLite file): its identity is the SHA-256 chain hash
-- of its first event (`created`, which holds the creation time and program).
CREATE TABLE croupier.tables (
    tab        serial PRIMARY KEY,
    db         bytea NOT NULL UNIQUE CHECK (octet_length(db) = 32),
    path       text NOT NULL,
    head_seq   bigint NOT NULL DEFAULT 0,
    head_hash  bytea NOT NULL DEFAULT '\x0000000000000000000000000000000000000000000000000000000000000000',
    first_seen timestamptz NOT NULL DEFAULT now(),
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
-- that differs from the floor's copy (`croupier verify --floor`).
CREATE TABLE croupier.alarms (
    id         bigserial PRIMARY KEY,
    raised     timestamptz NOT NULL DEFAULT now(),
    at         bigint NOT NULL,
    tab        integer REFERENCES croupier.tables,
    db         bytea NOT NULL,
    seq        bigint NOT NULL,
    floor_hash bytea,
    table_hash bytea,
    what       text NOT NULL
);

-- The store's event_hash: SHA-256 over the previous hash, seq, at, the kind's name
-- (u32 length first), table, user and round (i64::MIN for none), the data (u64 length
-- first). int4send/int8send are big-endian, as the store's to_be_bytes.
CREATE FUNCTION croupier.event_hash(prev bytea, seq bigint, at bigint, kind text,
        table_id bigint, user_id bigint, round_id bigint, data text)
    RETURNS bytea LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $f$
    SELECT sha256(prev || int8send(seq) || int8send(at)
        || int4send(octet_length(convert_to(kind, 'UTF8')))
        || convert_to(kind, 'UTF8')
        || int8send(coalesce(table_id, '-9223372036854775808'::bigint))
        || int8send(coalesce(user_id, '-9223372036854775808'::bigint))
        || int8send(coalesce(round_id, '-9223372036854775808'::bigint))
        || int8send(octet_length(convert_to(data, 'UTF8'))::bigint)
        || convert_to(data, 'UTF8'))
$f$;

-- Money in the log is an exact JSON number of currency units: cents, exactly.
CREATE FUNCTION croupier.cents(v jsonb) RETURNS bigint LANGUAGE sql IMMUTABLE AS $f$
    SELECT coalesce((v::text::numeric * 100)::bigint, 0)
$f$;

-- Nothing received is ever changed or removed.
CREATE FUNCTION croupier.refuse_change() RETURNS trigger LANGUAGE plpgsql AS $f$
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

-- The check: whoever inserts events, by whatever path, every new event's hash must
-- follow from the event before it on the floor (the genesis hash before event 1).
CREATE FUNCTION croupier.check_chain() RETURNS trigger LANGUAGE plpgsql AS $f$
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
           croupier.cents(d->'insurance_paid'), coalesce((d->>'splits')::bigint, 0),
           coalesce((d->>'buys')::bigint, 0), coalesce((d->>'pontoons')::bigint, 0),
           coalesce((d->>'five_card_tricks')::bigint, 0)
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

-- A table's batch, staged by the sync in its session's `floor_incoming` (binary COPY),
-- checked and taken here in the caller's transaction, with the table's row locked so two
-- syncs of one table take turns:
--  1. a copy of an event the floor already holds must be that event, byte for byte;
--  2. new events must start right after the floor's head and each hash must be the SHA-256
--     the server computes from the previous hash and the event's content.
-- Events before the first fault are taken; the fault is logged as an alarm and returned.
CREATE FUNCTION croupier.ingest(p_tab integer)
    RETURNS TABLE (accepted bigint, head bigint, problem text, bad_seq bigint)
    LANGUAGE plpgsql AS $f$
DECLARE
    t record;
    bad record;
    stop bigint;
    n bigint;
BEGIN
    SELECT * INTO t FROM croupier.tables WHERE tab = p_tab FOR UPDATE;
    IF NOT FOUND THEN
        RAISE EXCEPTION 'no table database % on the floor', p_tab;
    END IF;

    SELECT i.seq, e.hash AS floor_hash, i.hash AS table_hash INTO bad
      FROM floor_incoming i
      JOIN croupier.events e ON e.tab = p_tab AND e.seq = i.seq
     WHERE i.seq <= t.head_seq
       AND (e.at, e.kind, e.table_id, e.user_id, e.round_id, e.data, e.hash)
           IS DISTINCT FROM (i.at, i.kind, i.table_id, i.user_id, i.round_id, i.data, i.hash)
     ORDER BY i.seq LIMIT 1;
    IF FOUND THEN
        INSERT INTO croupier.alarms (at, tab, db, seq, floor_hash, table_hash, what)
        VALUES ((extract(epoch FROM now()) * 1000)::bigint, p_tab, t.db, bad.seq,
                bad.floor_hash, bad.table_hash,
                'changed copy: the table sent event ' || bad.seq || ' unlike the floor''s copy');
        RETURN QUERY SELECT 0::bigint, t.head_seq,
            'event ' || bad.seq || ' differs from the copy the floor already holds', bad.seq;
        RETURN;
    END IF;

    -- The chain trigger checks every new event as it goes in: on the usual path each
    -- hash is computed once, there. Only when it refuses is the first fault looked for
    -- (the insert is undone by its subtransaction) and the events before it taken.
    stop := NULL;
    BEGIN
        INSERT INTO croupier.events
        SELECT p_tab, i.seq, i.at, i.kind, i.table_id, i.user_id, i.round_id, i.data, i.hash
          FROM floor_incoming i WHERE i.seq > t.head_seq ORDER BY i.seq;
        GET DIAGNOSTICS n = ROW_COUNT;
    EXCEPTION WHEN raise_exception OR unique_violation THEN
        SELECT i.seq, i.hash AS table_hash,
               croupier.event_hash(coalesce(p.hash, CASE WHEN i.seq = t.head_seq + 1 THEN t.head_hash END),
                   i.seq, i.at, i.kind, i.table_id, i.user_id, i.round_id, i.data) AS floor_hash
          INTO bad
          FROM floor_incoming i
          LEFT JOIN floor_incoming p ON p.seq = i.seq - 1 AND p.seq > t.head_seq
         WHERE i.seq > t.head_seq
           AND i.hash IS DISTINCT FROM croupier.event_hash(
                   coalesce(p.hash, CASE WHEN i.seq = t.head_seq + 1 THEN t.head_hash END),
                   i.seq, i.at, i.kind, i.table_id, i.user_id, i.round_id, i.data)
         ORDER BY i.seq LIMIT 1;
        stop := coalesce(bad.seq, t.head_seq + 1);
        INSERT INTO croupier.events
        SELECT p_tab, i.seq, i.at, i.kind, i.table_id, i.user_id, i.round_id, i.data, i.hash
          FROM floor_incoming i WHERE i.seq > t.head_seq AND i.seq < stop ORDER BY i.seq;
        GET DIAGNOSTICS n = ROW_COUNT;
    END;

    -- The trigger derived the figures and moved the head; a batch with nothing new
    -- still says when the table was last heard from.
    IF n = 0 THEN
        UPDATE croupier.tables SET last_sync = now() WHERE tab = p_tab;
    END IF;

    IF stop IS NOT NULL THEN
        INSERT INTO croupier.alarms (at, tab, db, seq, floor_hash, table_hash, what)
        VALUES ((extract(epoch FROM now()) * 1000)::bigint, p_tab, t.db, stop,
                bad.floor_hash, bad.table_hash,
                CASE WHEN bad.floor_hash IS NULL
                     THEN 'gap: event ' || stop || ' sent but the floor holds up to ' || (t.head_seq + n)
                     ELSE 'chain broken: the hash of event ' || stop || ' does not follow from the event before it' END);
        RETURN QUERY SELECT n, t.head_seq + n,
            CASE WHEN bad.floor_hash IS NULL
                 THEN 'event ' || stop || ' does not follow the floor''s last event ' || (t.head_seq + n)
                 ELSE 'the hash of event ' || stop || ' does not follow from the event before it' END,
            stop;
        RETURN;
    END IF;
    RETURN QUERY SELECT n, t.head_seq + n, NULL::text, NULL::bigint;
END
$f$;

-- An alarm raised by a reader (verify --floor), not by ingest.
CREATE FUNCTION croupier.raise_alarm(p_db bytea, p_seq bigint, p_floor bytea, p_table bytea, p_what text)
    RETURNS void LANGUAGE sql AS $f$
    INSERT INTO croupier.alarms (at, tab, db, seq, floor_hash, table_hash, what)
    SELECT (extract(epoch FROM now()) * 1000)::bigint,
           (SELECT tab FROM croupier.tables WHERE db = p_db), p_db, p_seq, p_floor, p_table, p_what
$f$;
"#;
