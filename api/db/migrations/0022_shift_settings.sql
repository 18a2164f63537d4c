ALTER TABLE `clinical_sites` ADD `latitude` real;--> statement-breakpoint
ALTER TABLE `clinical_sites` ADD `longitude` real;--> statement-breakpoint
ALTER TABLE `clinical_sites` ADD `radius_meters` integer;--> statement-breakpoint
ALTER TABLE `programs` ADD `clock_early_minutes` integer DEFAULT 10 NOT NULL;--> statement-breakpoint
ALTER TABLE `programs` ADD `clock_late_minutes` integer DEFAULT 5 NOT NULL;--> statement-breakpoint
ALTER TABLE `shifts` DROP COLUMN `clock_early_minutes`;--> statement-breakpoint
ALTER TABLE `shifts` DROP COLUMN `clock_late_minutes`;