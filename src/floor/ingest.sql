-- `croupier.ingest`, its one definition (issue 25 item 4): a table's batch, checked and
-- taken in one call. Created by schema 6's migration (`schema.rs` appends this file to
-- `schema6.sql`) and by every later one that changes it, and nowhere else: the
-- migrations run in one transaction to the latest schema, so no floor stops at an older
-- one's `ingest` (schemas 1 and 4 created theirs; schema 5's change — the caller's role
-- checked before any lock — is kept here).
--
-- Since schema 17, a fault of the server's inside the insert (a lock timeout, a deadlock,
-- out of disk or memory, I/O) aborts the call instead of refusing the events.
--
-- Since schema 18, a table database's first events taken are its event 1, whose hash
-- its identity must be (a call that is not so aborts: nothing registered, nothing
-- alarmed), and the months of a batch are made inside the insert's subtransaction, so a
-- refused batch leaves no month it made (the good part's are made again with it).
--
-- As schema 5's, taking the events into schema 6's shape: a re-sent event is
-- compared as it was logged (its data unpacked, its check against the sent hash), a
-- play event whose data holds a byte of the dictionary (no JSON does) is refused, and
-- the months of the new events get their partitions first.
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
    kc int2;
    odd record;
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
        RETURN QUERY SELECT 0::int8, 0::int8,
            'role ' || session_user || ' sent events of table database '
            || encode(substr(p_db, 1, 8), 'hex') || ', which belongs to another role: nothing taken',
            coalesce(p_seq[1], 0);
        RETURN;
    END IF;
    -- The caller's own table: two syncs of it take turns here.
    SELECT * INTO t FROM croupier.tables WHERE tab = t.tab FOR NO KEY UPDATE;
    -- Schema 18: a table database takes its event 1 (`created`) first, whose hash from
    -- the genesis is its identity (`floor::identity`); this also holds one registered
    -- with no event before schema 18 (an empty call registered any 32 bytes). Before,
    -- one file's events could be sent again under other identities, each chain whole,
    -- its rounds counted once per identity. A call that is not so aborts: a new
    -- identity is not registered, nothing is alarmed (the program never sends one).
    IF t.head_seq = 0 AND (p_seq[1] IS DISTINCT FROM 1 OR p_kind[1] IS DISTINCT FROM 'created'
           OR croupier.event_hash('\x0000000000000000000000000000000000000000000000000000000000000000'::bytea,
                  1, p_at[1], p_kind[1], p_table[1], p_user[1], p_round[1], p_data[1])
              IS DISTINCT FROM p_db) THEN
        RAISE LOG 'croupier floor: role % sent table database % with no event 1 whose hash it is: not taken',
            session_user, encode(substr(p_db, 1, 8), 'hex');
        RAISE EXCEPTION 'table database %: the floor registers a table database with its event 1 (created), whose hash is its identity; this call sent %: nothing taken',
            encode(substr(p_db, 1, 8), 'hex'),
            CASE WHEN p_seq[1] IS DISTINCT FROM 1 OR p_kind[1] IS DISTINCT FROM 'created'
                 THEN 'no event 1 (created) first'
                 ELSE 'an event 1 whose hash is another identity' END;
    END IF;
    UPDATE croupier.tables SET last_sync = now() WHERE tab = t.tab;
    IF t.path <> p_path THEN
        UPDATE croupier.tables SET path = p_path WHERE tab = t.tab;
    END IF;

    -- The events re-sent (the sync re-sends the floor's last one), compared as logged.
    SELECT NULL::int8 AS seq, NULL::bytea AS floor_hash, NULL::bytea AS table_hash INTO bad;
    FOR o IN 1 .. coalesce(array_length(p_seq, 1), 0) LOOP
        EXIT WHEN p_seq[o] > t.head_seq;
        kc := (SELECT k.code FROM croupier.kinds k WHERE k.name = p_kind[o]);
        SELECT p_seq[o] AS seq, e.hash AS floor_hash, p_hash[o] AS table_hash INTO bad
          FROM croupier.events e
         WHERE e.tab = t.tab AND e.seq = p_seq[o]
           AND (e.at, e.kind, e.table_id::int8, e.user_id::int8, e.round_id::int8,
                croupier.unpack(e.kind, e.data), e.hash)
               IS DISTINCT FROM (p_at[o], kc, p_table[o], p_user[o], p_round[o], p_data[o],
                                 CASE WHEN kc = 12 THEN ''::bytea ELSE p_hash[o] END);
        EXIT WHEN FOUND;
    END LOOP;
    IF bad.seq IS NOT NULL THEN
        PERFORM croupier.refusal(t.tab, p_db, bad.seq, bad.floor_hash, bad.table_hash,
            'changed copy: the table sent event ' || bad.seq || ' unlike the floor''s copy');
        RETURN QUERY SELECT 0::int8, t.head_seq,
            'event ' || bad.seq || ' differs from the copy the floor already holds', bad.seq;
        RETURN;
    END IF;

    -- The first new event of a kind the floor does not know, or a play event whose data
    -- is not the log's JSON: nothing from it on is taken.
    SELECT i.seq, i.kind, k.code INTO odd
      FROM unnest(p_seq, p_kind, p_data) AS i(seq, kind, data)
      LEFT JOIN croupier.kinds k ON k.name = i.kind
     WHERE i.seq > t.head_seq AND (k.code IS NULL OR NOT croupier.packable(k.code, i.data))
     ORDER BY i.seq LIMIT 1;
    IF odd.seq IS NOT NULL THEN
        stop := odd.seq;
        IF odd.code IS NULL THEN
            why := 'event ' || stop || ' is of a kind the floor does not know (' || odd.kind || ')';
            what := 'unknown kind: ' || why;
        ELSE
            why := 'event ' || stop || ' (' || odd.kind || ') holds a control byte in its data: not the log''s JSON';
            what := 'refused: ' || why;
        END IF;
    END IF;

    BEGIN
        -- Each month of the new events has its partition: the months of the first and
        -- the last event of each span of 2^26 ms (18.6 hours: at most two months) that
        -- holds one, an integer shift an event (schema 11; before, a timestamp made of
        -- each). Made inside this block (schema 18): a refusal rolls them back with the
        -- insert, and the handler makes the good part's again.
        PERFORM croupier.month_partition(m.at)
           FROM (SELECT DISTINCT ON (date_trunc('month', to_timestamp(b.at / 1000.0) AT TIME ZONE 'UTC')) b.at
                   FROM (SELECT min(i.at) AS lo, max(i.at) AS hi FROM unnest(p_seq, p_at) AS i(seq, at)
                          WHERE i.seq > t.head_seq AND (stop IS NULL OR i.seq < stop)
                          GROUP BY i.at OPERATOR(pg_catalog.>>) 26) g,
                        LATERAL (VALUES (g.lo), (g.hi)) AS b(at)) m;
        INSERT INTO croupier.events (at, seq, tab, table_id, user_id, round_id, kind, data, hash)
        SELECT i.at, i.seq, t.tab, i.table_id, i.user_id, i.round_id, k.code,
               croupier.pack(k.code, i.data),
               CASE WHEN k.code = 12 THEN ''::bytea ELSE i.hash END
          FROM unnest(p_seq, p_at, p_kind, p_table, p_user, p_round, p_data, p_hash)
               AS i(seq, at, kind, table_id, user_id, round_id, data, hash)
          JOIN croupier.kinds k ON k.name = i.kind
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
        -- The good part's months, made again (the block's were rolled back with it).
        PERFORM croupier.month_partition(m.at)
           FROM (SELECT DISTINCT ON (date_trunc('month', to_timestamp(b.at / 1000.0) AT TIME ZONE 'UTC')) b.at
                   FROM (SELECT min(i.at) AS lo, max(i.at) AS hi FROM unnest(p_seq, p_at) AS i(seq, at)
                          WHERE i.seq > t.head_seq AND i.seq < stop
                          GROUP BY i.at OPERATOR(pg_catalog.>>) 26) g,
                        LATERAL (VALUES (g.lo), (g.hi)) AS b(at)) m;
        INSERT INTO croupier.events (at, seq, tab, table_id, user_id, round_id, kind, data, hash)
        SELECT i.at, i.seq, t.tab, i.table_id, i.user_id, i.round_id, k.code,
               croupier.pack(k.code, i.data),
               CASE WHEN k.code = 12 THEN ''::bytea ELSE i.hash END
          FROM unnest(p_seq, p_at, p_kind, p_table, p_user, p_round, p_data, p_hash)
               AS i(seq, at, kind, table_id, user_id, round_id, data, hash)
          JOIN croupier.kinds k ON k.name = i.kind
         WHERE i.seq > t.head_seq AND i.seq < stop;
        GET DIAGNOSTICS n = ROW_COUNT;
    WHEN OTHERS THEN
        -- A fault of the server's, not the events' (a lock wait timed out, a deadlock or
        -- a serialization failure, out of disk or memory, I/O; schema 17): the call fails,
        -- nothing is taken or alarmed, and the sync retries as for a floor unreachable.
        IF pg_catalog.left(SQLSTATE, 2) IN ('08', '40', '53', '55', '57', '58') THEN
            RAISE;
        END IF;
        -- Anything else the server cannot take (a settlement whose figures do not read,
        -- a row id past 2^31): the batch is refused and alarmed, not retried forever.
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
REVOKE ALL ON FUNCTION croupier.ingest(bytea, text, bigint[], bigint[], text[], bigint[], bigint[], bigint[], text[], bytea[]) FROM PUBLIC;
DO $d$ BEGIN
    IF EXISTS (SELECT 1 FROM pg_catalog.pg_roles WHERE rolname = 'croupier_table') THEN
        GRANT EXECUTE ON FUNCTION croupier.ingest(bytea, text, bigint[], bigint[], text[], bigint[], bigint[], bigint[], text[], bytea[]) TO croupier_table;
    END IF;
END $d$;
