CREATE TABLE `import_batches` (
	`id` text PRIMARY KEY NOT NULL,
	`created_at` text NOT NULL,
	`updated_at` text NOT NULL,
	`version` integer DEFAULT 0 NOT NULL,
	`deleted_at` text,
	`program_id` text NOT NULL,
	`kind` text NOT NULL,
	`file_name` text NOT NULL,
	`file_hash` text NOT NULL,
	`row_count` integer NOT NULL,
	`mapping` text NOT NULL,
	`imported_by` text NOT NULL,
	`attested_by` text,
	`attested_at` text
);
--> statement-breakpoint
CREATE INDEX `import_batches_program` ON `import_batches` (`program_id`,`kind`,`file_hash`);--> statement-breakpoint
CREATE TABLE `import_records` (
	`id` text PRIMARY KEY NOT NULL,
	`created_at` text NOT NULL,
	`updated_at` text NOT NULL,
	`version` integer DEFAULT 0 NOT NULL,
	`deleted_at` text,
	`batch_id` text NOT NULL,
	`row_number` integer NOT NULL,
	`record_table` text NOT NULL,
	`record_id` text NOT NULL
);
--> statement-breakpoint
CREATE INDEX `import_records_batch` ON `import_records` (`batch_id`);--> statement-breakpoint
CREATE UNIQUE INDEX `import_records_record` ON `import_records` (`record_id`);