CREATE TABLE `calendar_tokens` (
	`user_id` text PRIMARY KEY NOT NULL,
	`token_hash` text NOT NULL,
	`created_at` text NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `calendar_tokens_tokenHash_unique` ON `calendar_tokens` (`token_hash`);