CREATE TABLE `exam_attempts` (
	`id` text PRIMARY KEY NOT NULL,
	`created_at` text NOT NULL,
	`updated_at` text NOT NULL,
	`version` integer DEFAULT 0 NOT NULL,
	`deleted_at` text,
	`student_id` text NOT NULL,
	`program_id` text NOT NULL,
	`attempt_number` integer NOT NULL,
	`taken_on` text NOT NULL,
	`passed` integer NOT NULL,
	`recorded_by` text NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `exam_attempts_student_number_live` ON `exam_attempts` (`student_id`,`attempt_number`) WHERE deleted_at is null;--> statement-breakpoint
CREATE INDEX `exam_attempts_program` ON `exam_attempts` (`program_id`);--> statement-breakpoint
CREATE TABLE `student_outcomes` (
	`id` text PRIMARY KEY NOT NULL,
	`created_at` text NOT NULL,
	`updated_at` text NOT NULL,
	`version` integer DEFAULT 0 NOT NULL,
	`deleted_at` text,
	`student_id` text NOT NULL,
	`program_id` text NOT NULL,
	`placement` text,
	`exit_date` text,
	`exit_reason` text,
	`recorded_by` text NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `student_outcomes_student_live` ON `student_outcomes` (`student_id`) WHERE deleted_at is null;--> statement-breakpoint
CREATE INDEX `student_outcomes_program` ON `student_outcomes` (`program_id`);