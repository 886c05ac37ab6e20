-- Floor schema 18: a table database's identity is the hash of its event 1, and a refused
-- batch leaves no month behind.
--
-- Until now `ingest` registered any 32 bytes a table's login sent as a new table
-- database's identity: the same file's events could be sent again under other
-- identities (each chain whole from the genesis), and every copy's rounds were counted in
-- the floor's totals; an empty call registered an identity with no event at all. From
-- now on an identity is registered only with its event 1 (`created`), whose hash from the
-- genesis it must be (`floor::identity` on the table's side): a call that is not so aborts
-- with its reason, nothing registered, nothing alarmed (the program never sends one).
--
-- Table databases registered before this schema are held to the same rule here, once:
-- one whose event 1 the floor holds and whose identity is not that event's hash is
-- alarmed (raised under the role migrating, the floor's owner: the alarm stands, and every
-- report's footer of it reads FAILED). One registered with no event, or whose event 1 was
-- detached, is left as it is (nothing of it can be counted, or it is FAILED already).
--
-- And `ingest` makes a batch's months inside the insert's subtransaction: before, a
-- batch refused at its chain check kept the partitions made for it (a table's login could
-- make any number of months with events the floor then refused). Months already made so
-- are not dropped here: an empty month is the owner's to detach (README, "Archiving").
-- The new `ingest` follows (ingest.sql).
LOCK TABLE croupier.tables IN SHARE MODE;
DO $d$
DECLARE
    r record;
BEGIN
    FOR r IN
        SELECT t.tab, t.db,
               croupier.event_hash('\x0000000000000000000000000000000000000000000000000000000000000000'::bytea,
                   e.seq, e.at, e.kind, e.table_id, e.user_id, e.round_id, e.data) AS h
          FROM croupier.tables t
          JOIN croupier.event_text e ON e.tab = t.tab AND e.seq = 1
         ORDER BY t.tab
    LOOP
        IF r.h IS DISTINCT FROM r.db THEN
            PERFORM croupier.refusal(r.tab, r.db, 1, r.h, r.db,
                'identity: table database ' || encode(substr(r.db, 1, 8), 'hex')
                || ' is not the hash of its event 1 (' || encode(substr(r.h, 1, 8), 'hex')
                || '), registered before floor schema 18 checked it: its events may be another table database''s, counted again');
        END IF;
    END LOOP;
END $d$;
