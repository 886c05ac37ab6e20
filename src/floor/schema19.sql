-- Floor schema 19: alarms can be acknowledged.
--
-- (The same program's auditor also keeps its progress, `croupier.replayed.seq`, below an
-- event a walk found changed beneath it: before, a walk that found event 1 changed after
-- the replay had passed it kept "replayed through event 6858 of 6858" beside "FAILED at
-- event 1". That is the auditor's writing, not the schema's; records written before keep
-- the progress they had.)
--
-- Until now an alarm stood for good: a table database
-- alarmed once read FAILED in every report from then on, whatever someone found when
-- they looked. An acknowledgement is a row of its own (the alarm is never changed):
-- who (the login, `by_role`), when, and why in words; append-only like the alarms, made
-- through `acknowledge_alarm` by the floor's owner or its auditor (no other role may
-- insert; the owner, who owns every table here, could by hand, and a trigger then still
-- makes it the caller's, now), and never by the role that raised the alarm (nobody signs
-- off their own alarm). An acknowledged alarm
-- no longer counts against its table database; what the alarm was about still does where
-- the floor keeps it (a chain break, a refused replay, a totals break read FAILED
-- whatever is acknowledged). The same refusal raised again after its acknowledgement is
-- a new alarm (`refusal` no longer folds it into the acknowledged one).
CREATE TABLE croupier.alarm_acks (
    alarm   bigint PRIMARY KEY REFERENCES croupier.alarms,
    at      timestamptz NOT NULL DEFAULT pg_catalog.now(),
    by_role name NOT NULL DEFAULT session_user,
    why     text NOT NULL CHECK (pg_catalog.length(pg_catalog.btrim(why)) > 0)
);
CREATE TRIGGER alarm_acks_append_only BEFORE UPDATE OR DELETE OR TRUNCATE ON croupier.alarm_acks
    FOR EACH STATEMENT EXECUTE FUNCTION croupier.refuse_change();
-- Whoever inserts (the owner by hand too): the acknowledgement is the caller's, now, and
-- never of an alarm the caller raised.
CREATE FUNCTION croupier.ack_as_caller() RETURNS trigger LANGUAGE plpgsql
    SET search_path = pg_catalog, pg_temp AS $f$
BEGIN
    NEW.by_role := session_user;
    NEW.at := now();
    IF (SELECT a.by_role FROM croupier.alarms a WHERE a.id = NEW.alarm) = session_user THEN
        RAISE EXCEPTION USING ERRCODE = 'insufficient_privilege',
            MESSAGE = 'alarm ' || NEW.alarm || ' was raised by role ' || session_user
                || ', which may not acknowledge its own alarm: another login of the owner or the auditor does; nothing was acknowledged';
    END IF;
    RETURN NEW;
END
$f$;
CREATE TRIGGER alarm_acks_as_caller BEFORE INSERT ON croupier.alarm_acks
    FOR EACH ROW EXECUTE FUNCTION croupier.ack_as_caller();
ALTER TABLE croupier.alarm_acks ENABLE ROW LEVEL SECURITY;
CREATE POLICY own_rows ON croupier.alarm_acks
    USING ((SELECT NOT croupier.table_login()) OR alarm IN (SELECT a.id FROM croupier.alarms a));

CREATE FUNCTION croupier.acknowledge_alarm(p_alarm bigint, p_why text)
    RETURNS void LANGUAGE plpgsql SECURITY DEFINER SET search_path = pg_catalog, pg_temp AS $f$
DECLARE
    a record;
    k record;
BEGIN
    IF NOT (pg_has_role(session_user, (SELECT nspowner FROM pg_namespace WHERE nspname = 'croupier'), 'MEMBER')
            OR EXISTS (SELECT 1 FROM pg_roles r WHERE r.rolname = 'croupier_auditor'
                          AND pg_has_role(session_user, r.oid, 'MEMBER'))) THEN
        RAISE EXCEPTION USING ERRCODE = 'insufficient_privilege',
            MESSAGE = 'role ' || session_user || ' may not acknowledge alarms: only the floor''s owner and its auditor (croupier_auditor) do; nothing was acknowledged';
    END IF;
    IF p_why IS NULL OR btrim(p_why) = '' THEN
        RAISE EXCEPTION USING ERRCODE = 'invalid_parameter_value',
            MESSAGE = 'an acknowledgement needs its reason in words (what was looked at, and what was found); nothing was acknowledged';
    END IF;
    SELECT id, by_role INTO a FROM croupier.alarms WHERE id = p_alarm;
    IF NOT FOUND THEN
        RAISE EXCEPTION USING ERRCODE = 'no_data_found',
            MESSAGE = 'the floor has no alarm ' || p_alarm || ' (croupier floor-alarms lists them); nothing was acknowledged';
    END IF;
    IF a.by_role = session_user THEN
        RAISE EXCEPTION USING ERRCODE = 'insufficient_privilege',
            MESSAGE = 'alarm ' || p_alarm || ' was raised by role ' || session_user
                || ', which may not acknowledge its own alarm: another login of the owner or the auditor does; nothing was acknowledged';
    END IF;
    INSERT INTO croupier.alarm_acks (alarm, why) VALUES (p_alarm, btrim(p_why))
        ON CONFLICT (alarm) DO NOTHING;
    IF NOT FOUND THEN
        SELECT k0.by_role, k0.at INTO k FROM croupier.alarm_acks k0 WHERE k0.alarm = p_alarm;
        RAISE EXCEPTION USING ERRCODE = 'unique_violation',
            MESSAGE = 'alarm ' || p_alarm || ' was already acknowledged by role ' || k.by_role
                || ' at ' || to_char(k.at AT TIME ZONE 'UTC', 'YYYY-MM-DD HH24:MI:SS') || ' UTC; nothing was changed';
    END IF;
    RAISE LOG 'croupier floor alarm % acknowledged by role %: %', p_alarm, session_user, btrim(p_why);
END
$f$;
REVOKE ALL ON FUNCTION croupier.acknowledge_alarm(bigint, text) FROM PUBLIC;
DO $d$ BEGIN
    -- Every reader may call it, so that a login that may not acknowledge is told why by
    -- the function's own check (the gate), not only "permission denied".
    IF EXISTS (SELECT 1 FROM pg_catalog.pg_roles WHERE rolname = 'croupier_reader') THEN
        GRANT SELECT ON croupier.alarm_acks TO croupier_reader;
        GRANT EXECUTE ON FUNCTION croupier.acknowledge_alarm(bigint, text) TO croupier_reader;
    END IF;
END $d$;

CREATE OR REPLACE FUNCTION croupier.refusal(p_tab integer, p_db bytea, p_seq bigint, p_floor bytea,
        p_table bytea, p_what text) RETURNS void LANGUAGE plpgsql
    SET search_path = pg_catalog, pg_temp AS $f$
BEGIN
    RAISE LOG 'croupier floor alarm: role % table database % event %: %',
        session_user, encode(substr(p_db, 1, 8), 'hex'), p_seq, p_what;
    -- The same alarm from the same role within the hour, not yet acknowledged, is the
    -- same refusal retried (the dealer screen's link retries every 10 s): logged once.
    IF NOT EXISTS (SELECT 1 FROM croupier.alarms a
                    WHERE a.db = p_db AND a.seq = p_seq AND a.what = p_what
                      AND a.by_role = session_user AND a.raised > now() - interval '1 hour'
                      AND NOT EXISTS (SELECT 1 FROM croupier.alarm_acks k WHERE k.alarm = a.id)) THEN
        INSERT INTO croupier.alarms (at, tab, db, seq, floor_hash, table_hash, what)
        VALUES ((extract(epoch FROM now()) * 1000)::int8, p_tab, p_db, p_seq, p_floor, p_table, p_what);
    END IF;
END
$f$;
