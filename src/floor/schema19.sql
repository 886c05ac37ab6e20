-- Floor schema 19: the auditor's progress never reads past the event it refused.
--
-- `croupier.replayed.seq` is how far the auditor's replay of a table database got; it
-- never moved back. So when a later walk found an event below it changed (event 1 made
-- another database's, say), the refusal was recorded beside the old progress, and every
-- footer read "replayed through event 6858 of 6858 ... refuses event 1": the figure was
-- the replay of a history the floor no longer holds. From now on a refusal at event N
-- keeps the progress at most N - 1 (the auditor writes it so, and a CHECK holds it);
-- rows written before are brought under the rule here.
-- (A refusal of a stray derived row dated before event 1, `failed_seq` < 1, bounds nothing:
-- the events themselves held.)
UPDATE croupier.replayed SET seq = failed_seq - 1 WHERE failed_seq >= 1 AND seq >= failed_seq;
ALTER TABLE croupier.replayed
    ADD CONSTRAINT replayed_before_its_refusal
    CHECK (failed_seq IS NULL OR failed_seq < 1 OR seq < failed_seq);
