ALTER TABLE `sign_off_links` ADD `created_by` text;--> statement-breakpoint
ALTER TABLE `sign_offs` ADD `mail_tries` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE `sign_offs` ADD `mail_retry_at` text;--> statement-breakpoint
ALTER TABLE `sign_offs` ADD `mail_failure` text;