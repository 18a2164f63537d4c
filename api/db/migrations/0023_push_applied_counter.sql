-- An applied mutation is recorded by its client's counter alone (sync_clients.last_mutation_id; sync/server/push.ts):
-- a duplicate at or below it without a stored rejection is answered as applied, so the applied rows say nothing the
-- counter does not. Only rejections stay, for their reason.
DELETE FROM `mutation_results` WHERE `status` = 'applied';
