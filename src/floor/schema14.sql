-- Floor schema 14 (issue 25): the chain check of each table database made by the floor's
-- auditor as it replays, and recorded, so that a report's footer reads it instead of
-- walking the whole chain again (`chain_break` walks a table database from its genesis:
-- on a floor holding a real table's 8 M events, past the connection's 60 s timeout).
--  * `croupier.chain_checked`: per table database, the event (`seq`) through which the
--    auditor held every event to the chain hash computed from the one before it (its
--    own walk, the log core's `event_hash`, compared as `chain_break` compares it), the
--    full chain hash there (`hash`), when (`at`, NULL: never checked), the first event
--    that does not follow (`broken`: a gap, or a check that is not the start of the hash
--    computed; NULL when whole), and when the walk from the genesis that reached `seq`
--    started (`walked_at`; `walking`: when the auditor's current one started) and the
--    months attached then (`parts`; `walking_parts`: the current walk's). Written by
--    the auditor only, in the transaction that records its replay's progress
--    (`croupier.replayed`). A footer reads it only while `walked_at` is under two hours
--    old (a following auditor walks every chain from its genesis again at least hourly).
--  * `touched`: set by the triggers below on the table databases whose events were
--    UPDATEd or DELETEd (a BEFORE row trigger on `croupier.events`, which every month has, and
--    fired ALWAYS: in `session_replication_role = replica` and on a logical replication's
--    apply too), INSERTed through `croupier.events` as a copy of an event the record
--    covers (an ALWAYS statement trigger: in replica role too, not on a logical
--    replication's apply), INSERTed straight into a month (or COPied), and every one on a
--    TRUNCATE: the footer then does not read the record and walks the whole chain, as
--    before, until the auditor has walked it again from the genesis. A change made with
--    the triggers disabled (`DISABLE TRIGGER`, by the owner or a superuser), an INSERT of
--    an old event's copy by a logical replication's apply, a month detached, changed and
--    attached again, sets nothing: the auditor walks every chain from its genesis on each
--    run and at least hourly when following
--    (docs/floor.md).
--  * `croupier.months`: each month `month_partition` made (or the migration found); a
--    footer reads a record only when every month attached at its check is still
--    attached and every month attached since is one of these (not a month ATTACHed by
--    hand, nor one DETACHed from the middle).
--  * `chain_break_from(tab, seq, hash)`: the walk from a recorded point on (`seq` must
--    be held, its stored check the start of `hash`); `chain_break(tab)` is now the walk
--    from the genesis through it (the same results as schema 6's).
-- (Written after schema 13; the integrator renumbers if needed.)

CREATE TABLE croupier.chain_checked (
    tab     integer PRIMARY KEY,
    seq     bigint NOT NULL,
    hash    bytea,
    broken  bigint,
    touched boolean NOT NULL DEFAULT false,
    at      timestamptz,
    walked_at timestamptz,
    walking timestamptz,
    parts   oid[],
    walking_parts oid[]
);
ALTER TABLE croupier.chain_checked ENABLE ROW LEVEL SECURITY;
CREATE POLICY own_rows ON croupier.chain_checked
    USING ((SELECT NOT croupier.table_login())
           OR tab IN (SELECT o.tab FROM croupier.tables o WHERE o.role = session_user));

-- The chain of table database `p_tab` walked on from event `p_seq` (0: the genesis),
-- whose full chain hash is `p_hash` (NULL at the genesis): the first event held, and
-- the first that does not follow (a gap; a check that is not the start of the hash
-- computed from the one before; `p_seq` itself not held with a check that is the start
-- of `p_hash`; or the table's head not where the walk ends), or NULL.
CREATE FUNCTION croupier.chain_break_from(p_tab integer, p_seq bigint, p_hash bytea)
    RETURNS TABLE (first_held bigint, broken bigint)
    LANGUAGE plpgsql STABLE SET search_path = pg_catalog, pg_temp AS $f$
DECLARE
    r record;
    prev bytea := coalesce(p_hash, '\x0000000000000000000000000000000000000000000000000000000000000000');
    want bigint := p_seq + 1;
    h bytea;
BEGIN
    first_held := (SELECT min(e.seq)::int8 FROM croupier.events e WHERE e.tab = p_tab);
    broken := NULL;
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
    IF broken IS NULL AND EXISTS (SELECT 1 FROM croupier.tables t WHERE t.tab = p_tab
                                     AND (t.head_seq <> want - 1 OR t.head_hash <> prev)) THEN
        broken := want;
    END IF;
    RETURN NEXT;
END
$f$;

-- Schema 6's walk, from the genesis: the same body.
CREATE OR REPLACE FUNCTION croupier.chain_break(p_tab integer)
    RETURNS TABLE (first_held bigint, broken bigint)
    LANGUAGE sql STABLE SET search_path = pg_catalog, pg_temp AS $f$
    SELECT * FROM croupier.chain_break_from(p_tab, 0, NULL)
$f$;

-- Events UPDATEd or DELETEd (the append-only triggers off, by the owner or a superuser;
-- or written by a logical replication's apply, or in `session_replication_role =
-- replica`: fired ALWAYS), INSERTed or COPied straight into a month (the chain trigger
-- is the parent's: a month's own statement triggers fire only for a write that names
-- it), or TRUNCATEd: no record covers the chain of their table databases now. Upserted
-- with no `WHERE NOT touched`: a row the auditor holds (its walk from the genesis
-- starting, `floor/audit.rs`) makes this statement wait for the auditor's commit and then
-- mark it, so the auditor's `touched = false` never covers a change its walk did not see.
CREATE FUNCTION croupier.chain_touched_row() RETURNS trigger LANGUAGE plpgsql
    SECURITY DEFINER SET search_path = pg_catalog, pg_temp AS $f$
BEGIN
    INSERT INTO croupier.chain_checked (tab, seq, touched) VALUES (OLD.tab, 0, true)
        ON CONFLICT (tab) DO UPDATE SET touched = true;
    IF TG_OP = 'DELETE' THEN
        RETURN OLD;
    END IF;
    IF NEW.tab IS DISTINCT FROM OLD.tab THEN
        INSERT INTO croupier.chain_checked (tab, seq, touched) VALUES (NEW.tab, 0, true)
            ON CONFLICT (tab) DO UPDATE SET touched = true;
    END IF;
    RETURN NEW;
END
$f$;
-- BEFORE, not AFTER: an UPDATE moving an event to another month runs as a DELETE from
-- its month and an INSERT into the other, firing no AFTER UPDATE row trigger (and the
-- AFTER DELETE one with OLD only); the BEFORE UPDATE row trigger fires on the old month
-- first, with NEW, whichever month it moves to.
CREATE TRIGGER events_touched BEFORE UPDATE OR DELETE ON croupier.events
    FOR EACH ROW EXECUTE FUNCTION croupier.chain_touched_row();
ALTER TABLE croupier.events ENABLE ALWAYS TRIGGER events_touched;

CREATE FUNCTION croupier.chain_touched() RETURNS trigger LANGUAGE plpgsql
    SECURITY DEFINER SET search_path = pg_catalog, pg_temp AS $f$
BEGIN
    IF TG_OP = 'INSERT' THEN
        INSERT INTO croupier.chain_checked (tab, seq, touched)
            SELECT DISTINCT tab, 0, true FROM new_rows
            ON CONFLICT (tab) DO UPDATE SET touched = true;
    ELSE
        UPDATE croupier.chain_checked SET touched = true;
    END IF;
    RETURN NULL;
END
$f$;
CREATE TRIGGER events_touched_t AFTER TRUNCATE ON croupier.events
    FOR EACH STATEMENT EXECUTE FUNCTION croupier.chain_touched();
ALTER TABLE croupier.events ENABLE ALWAYS TRIGGER events_touched_t;

-- Events INSERTed through `croupier.events` with its chain trigger not firing (in
-- `session_replication_role = replica`: `events_chained` is not ALWAYS): a copy of an
-- old event (another month's partition takes the same `seq`) marks its table database
-- when its `seq` is one the record covers or one below the head the events before the
-- statement held (the head `events_chained` has just moved past an ordinary sync's, so an
-- ordinary sync, appending beyond both, marks nothing). Fired ALWAYS; a statement
-- trigger, so a logical replication's apply (which fires no statement triggers) does not
-- fire it (docs/floor.md). Upserted, like the others, to wait for the auditor's commit.
CREATE FUNCTION croupier.chain_touched_old() RETURNS trigger LANGUAGE plpgsql
    SECURITY DEFINER SET search_path = pg_catalog, pg_temp AS $f$
BEGIN
    INSERT INTO croupier.chain_checked (tab, seq, touched)
        SELECT n.tab, 0, true
          FROM (SELECT tab, min(seq) AS lo, count(*) AS cnt FROM new_rows GROUP BY tab) n
         WHERE EXISTS (SELECT 1 FROM croupier.chain_checked c
                        WHERE c.tab = n.tab AND n.lo <= c.seq)
            OR EXISTS (SELECT 1 FROM croupier.tables t
                        WHERE t.tab = n.tab AND n.lo <= t.head_seq - n.cnt)
        ON CONFLICT (tab) DO UPDATE SET touched = true;
    RETURN NULL;
END
$f$;
CREATE TRIGGER events_touched_i AFTER INSERT ON croupier.events
    REFERENCING NEW TABLE AS new_rows
    FOR EACH STATEMENT EXECUTE FUNCTION croupier.chain_touched_old();
ALTER TABLE croupier.events ENABLE ALWAYS TRIGGER events_touched_i;

-- The months, as `month_partition` makes them (and as this migration finds them).
CREATE TABLE croupier.months (part oid PRIMARY KEY);
INSERT INTO croupier.months
    SELECT i.inhrelid FROM pg_catalog.pg_inherits i
     WHERE i.inhparent = 'croupier.events'::regclass;

-- Month `p`'s own triggers (a statement's triggers are its target's only): an INSERT or
-- a TRUNCATE naming it; and the row trigger its parent gave it, fired ALWAYS.
CREATE FUNCTION croupier.chain_touched_on(p text) RETURNS void LANGUAGE plpgsql
    SET search_path = pg_catalog, pg_temp AS $f$
BEGIN
    EXECUTE format('CREATE TRIGGER %I AFTER INSERT ON croupier.%I
        REFERENCING NEW TABLE AS new_rows
        FOR EACH STATEMENT EXECUTE FUNCTION croupier.chain_touched()', p || '_touched_i', p);
    EXECUTE format('CREATE TRIGGER %I AFTER TRUNCATE ON croupier.%I
        FOR EACH STATEMENT EXECUTE FUNCTION croupier.chain_touched()', p || '_touched_t', p);
    EXECUTE format('ALTER TABLE croupier.%I ENABLE ALWAYS TRIGGER %I', p, p || '_touched_i');
    EXECUTE format('ALTER TABLE croupier.%I ENABLE ALWAYS TRIGGER %I', p, p || '_touched_t');
    IF EXISTS (SELECT 1 FROM pg_catalog.pg_trigger
                WHERE tgrelid = ('croupier.' || quote_ident(p))::regclass
                  AND tgname = 'events_touched') THEN
        EXECUTE format('ALTER TABLE croupier.%I ENABLE ALWAYS TRIGGER events_touched', p);
    END IF;
END
$f$;
SELECT croupier.chain_touched_on(c.relname::text)
  FROM pg_catalog.pg_inherits i
  JOIN pg_catalog.pg_class c ON c.oid = i.inhrelid
 WHERE i.inhparent = 'croupier.events'::regclass;

-- Each month made from now on gets them too (schema 9's function, and the triggers).
CREATE OR REPLACE FUNCTION croupier.month_partition(p_at bigint) RETURNS text LANGUAGE plpgsql
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
    PERFORM croupier.chain_touched_on(p);
    INSERT INTO croupier.months VALUES (('croupier.' || quote_ident(p))::regclass);
    RETURN p;
EXCEPTION WHEN duplicate_table OR duplicate_object OR unique_violation THEN
    RETURN p;
END
$f$;

REVOKE ALL ON ALL FUNCTIONS IN SCHEMA croupier FROM PUBLIC;
DO $d$ BEGIN
    IF EXISTS (SELECT 1 FROM pg_catalog.pg_roles WHERE rolname = 'croupier_reader') THEN
        GRANT SELECT ON croupier.chain_checked, croupier.months TO croupier_reader;
        GRANT EXECUTE ON FUNCTION croupier.chain_break(integer),
            croupier.chain_break_from(integer, bigint, bytea) TO croupier_reader;
    END IF;
    IF EXISTS (SELECT 1 FROM pg_catalog.pg_roles WHERE rolname = 'croupier_auditor') THEN
        GRANT SELECT, INSERT, UPDATE ON croupier.chain_checked TO croupier_auditor;
        GRANT SELECT ON croupier.months TO croupier_auditor;
    END IF;
END $d$;
