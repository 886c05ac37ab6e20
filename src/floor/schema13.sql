-- Floor schema 13 (issue 25 item 2): the check of a table database's kept totals made by
-- the floor's auditor and recorded, so that a report's footer reads it instead of
-- rebuilding the totals itself (`totals_break` rebuilds a table database's whole totals
-- from `rounds`: on a floor of millions of rounds, every verified report would).
--  * `croupier.totals_checked`: per table database, the head (`seq`) its kept totals were
--    last checked through by the auditor (`croupier.totals_break` in one snapshot with
--    the head), when (`at`, NULL: never checked), and the first difference in words
--    (`broken`, NULL when the totals were what the events make them). Written by the
--    auditor, and by the trigger below, which only marks rows `touched` (inserting a
--    never-checked row, `seq` 0 and `at` NULL, for a table database checked never yet).
--  * `touched`: set on every table database's row when `round_totals` is written other
--    than by the floor's own trigger (a statement of the owner or a superuser, not
--    nested in the chain's trigger: `pg_trigger_depth() = 1` in the trigger below); the
--    footer then does not read the last check as covering the totals now, and the
--    auditor's next pass checks them again. A change made with the triggers off
--    (`session_replication_role = replica`, `DISABLE TRIGGER`) sets nothing: the
--    auditor checks every table database's totals at least once an hour anyway
--    (`floor/audit.rs`), and on every run by hand.
-- (Written after schema 12, the per-day sums, which `totals_break` also checks; the
-- integrator renumbers if needed.)

CREATE TABLE croupier.totals_checked (
    tab     integer PRIMARY KEY,
    seq     bigint NOT NULL,
    at      timestamptz,
    broken  text,
    touched boolean NOT NULL DEFAULT false
);
ALTER TABLE croupier.totals_checked ENABLE ROW LEVEL SECURITY;
CREATE POLICY own_rows ON croupier.totals_checked
    USING ((SELECT NOT croupier.table_login())
           OR tab IN (SELECT o.tab FROM croupier.tables o WHERE o.role = session_user));

-- `round_totals` (or `day_totals`) written outside the floor's trigger: no check recorded so far covers
-- the totals now. The floor's own writes come from `keep_totals`, a trigger on `events`
-- (this one nested in it: depth 2), and leave the rows alone. Every table database's row
-- is upserted, with no `WHERE NOT touched`: a row the auditor holds FOR UPDATE mid-check,
-- or has inserted and not yet committed (a first check), makes this statement wait for
-- the auditor's commit and then mark it, so the auditor's `touched = false` never covers
-- a change its check did not see.
CREATE FUNCTION croupier.totals_touched() RETURNS trigger LANGUAGE plpgsql
    SECURITY DEFINER SET search_path = pg_catalog, pg_temp AS $f$
BEGIN
    IF pg_catalog.pg_trigger_depth() = 1 THEN
        INSERT INTO croupier.totals_checked (tab, seq, touched)
            SELECT tab, 0, true FROM croupier.tables
            ON CONFLICT (tab) DO UPDATE SET touched = true;
    END IF;
    RETURN NULL;
END
$f$;
CREATE TRIGGER round_totals_touched AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE
    ON croupier.round_totals
    FOR EACH STATEMENT EXECUTE FUNCTION croupier.totals_touched();
-- The same for schema 12's `day_totals`, which `totals_break` checks too and the to-date
-- sums read: the floor's writes to it come from `bump_totals` inside `keep_totals`.
CREATE TRIGGER day_totals_touched AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE
    ON croupier.day_totals
    FOR EACH STATEMENT EXECUTE FUNCTION croupier.totals_touched();

REVOKE ALL ON ALL FUNCTIONS IN SCHEMA croupier FROM PUBLIC;
DO $d$ BEGIN
    IF EXISTS (SELECT 1 FROM pg_catalog.pg_roles WHERE rolname = 'croupier_reader') THEN
        GRANT SELECT ON croupier.totals_checked TO croupier_reader;
    END IF;
    IF EXISTS (SELECT 1 FROM pg_catalog.pg_roles WHERE rolname = 'croupier_auditor') THEN
        GRANT SELECT, INSERT, UPDATE ON croupier.totals_checked TO croupier_auditor;
    END IF;
END $d$;
