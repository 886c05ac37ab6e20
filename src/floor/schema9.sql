-- Floor schema 9: a month's partition made by two table databases at once. Two syncs that
-- take the first events of a month with no partition yet both try to make it; the second
-- `CREATE TABLE` waits for the first's transaction and then fails on the catalog's unique
-- index of type names (SQLSTATE 23505, `unique_violation`), not as `duplicate_table`: it
-- is caught as the partition being there, as the others are.
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
    RETURN p;
EXCEPTION WHEN duplicate_table OR duplicate_object OR unique_violation THEN
    RETURN p;
END
$f$;
