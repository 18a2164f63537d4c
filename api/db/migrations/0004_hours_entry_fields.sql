ALTER TABLE `clinical_hours` ADD `start_time` text;--> statement-breakpoint
ALTER TABLE `clinical_hours` ADD `end_time` text;--> statement-breakpoint
ALTER TABLE `clinical_hours` ADD `unit` text;--> statement-breakpoint
ALTER TABLE `clinical_hours` ADD `preceptor_name` text;