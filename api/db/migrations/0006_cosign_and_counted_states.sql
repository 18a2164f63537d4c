CREATE TABLE `cosign_secrets` (
	`user_id` text PRIMARY KEY NOT NULL,
	`secret` text NOT NULL,
	`created_at` text NOT NULL
);
--> statement-breakpoint
ALTER TABLE `programs` ADD `counted_sign_off_states` text;--> statement-breakpoint
ALTER TABLE `sign_offs` ADD `link_expires_at` text;--> statement-breakpoint
ALTER TABLE `sign_offs` ADD `cosign_code` text;--> statement-breakpoint
ALTER TABLE `sign_offs` ADD `cosigned_by` text;--> statement-breakpoint
ALTER TABLE `sign_offs` ADD `cosign_step` integer;--> statement-breakpoint
CREATE UNIQUE INDEX `sign_offs_cosign_step` ON `sign_offs` (`cosigned_by`,`cosign_step`);