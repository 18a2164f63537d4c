ALTER TABLE `clinical_sites` ADD `latitude` real;--> statement-breakpoint
ALTER TABLE `clinical_sites` ADD `longitude` real;--> statement-breakpoint
ALTER TABLE `clinical_sites` ADD `radius_meters` integer;--> statement-breakpoint
ALTER TABLE `programs` ADD `clock_early_minutes` integer DEFAULT 10 NOT NULL;--> statement-breakpoint
ALTER TABLE `programs` ADD `clock_late_minutes` integer DEFAULT 5 NOT NULL;--> statement-breakpoint
ALTER TABLE `shifts` DROP COLUMN `clock_early_minutes`;--> statement-breakpoint
ALTER TABLE `shifts` DROP COLUMN `clock_late_minutes`;--> statement-breakpoint
ALTER TABLE `shifts` ADD `swap_offers` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
-- Shifts with places already offered for a swap count them, at a new data version so devices pull the count.
UPDATE `sync_meta` SET `version` = `version` + 1 WHERE `id` = 1
  AND EXISTS (SELECT 1 FROM `shift_bookings` WHERE `swap_offered` = 1 AND `deleted_at` IS NULL);--> statement-breakpoint
UPDATE `shifts` SET `version` = coalesce((SELECT `version` FROM `sync_meta` WHERE `id` = 1), `version`),
  `swap_offers` = (SELECT count(*) FROM `shift_bookings` b
    WHERE b.`shift_id` = `shifts`.`id` AND b.`swap_offered` = 1 AND b.`deleted_at` IS NULL)
WHERE `id` IN (SELECT `shift_id` FROM `shift_bookings` WHERE `swap_offered` = 1 AND `deleted_at` IS NULL);
