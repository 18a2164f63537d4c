CREATE TABLE `sign_off_links` (
	`id` text PRIMARY KEY NOT NULL,
	`sign_off_id` text NOT NULL,
	`created_at` text NOT NULL,
	`expires_at` text NOT NULL,
	`used_at` text,
	`sent_to` text
);
--> statement-breakpoint
CREATE INDEX `sign_off_links_sign_off` ON `sign_off_links` (`sign_off_id`);--> statement-breakpoint
CREATE TABLE `sign_offs` (
	`id` text PRIMARY KEY NOT NULL,
	`created_at` text NOT NULL,
	`updated_at` text NOT NULL,
	`version` integer DEFAULT 0 NOT NULL,
	`deleted_at` text,
	`student_id` text NOT NULL,
	`records` text NOT NULL,
	`content_hash` text NOT NULL,
	`previous_hash` text,
	`hash` text NOT NULL,
	`device_id` text NOT NULL,
	`captured_at` text NOT NULL,
	`preceptor` text NOT NULL,
	`evaluation` text NOT NULL,
	`team_lead_scores` text NOT NULL,
	`signature` text NOT NULL,
	`recorded_by` text NOT NULL,
	`status` text NOT NULL,
	`status_note` text,
	`status_by` text,
	`status_at` text,
	`chain_broken` integer DEFAULT false NOT NULL
);
--> statement-breakpoint
CREATE INDEX `sign_offs_student` ON `sign_offs` (`student_id`);--> statement-breakpoint
CREATE INDEX `sign_offs_version` ON `sign_offs` (`version`);