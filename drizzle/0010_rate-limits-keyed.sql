-- Custom (docs/decisions/0065-nothing-kept-names-anyone.md): rate_limits keys are now the limit's
-- name and an HMAC of whom it counts. The counters kept so far name client addresses and e-mail
-- addresses in their keys, and the new keys never match them: deleted, so no address stays in
-- the table. Every limit starts its current window afresh, once.
DELETE FROM `rate_limits`;
