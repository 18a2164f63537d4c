CREATE TABLE `dors` (
	`id` text PRIMARY KEY NOT NULL,
	`created_at` text NOT NULL,
	`updated_at` text NOT NULL,
	`version` integer DEFAULT 0 NOT NULL,
	`deleted_at` text,
	`student_id` text NOT NULL,
	`fto_id` text NOT NULL,
	`date` text NOT NULL,
	`shift_start` text,
	`shift_end` text,
	`assignment` text,
	`no_evaluation_reason` text,
	`ratings` text DEFAULT '{}' NOT NULL,
	`narrative` text,
	`training_plan` text,
	`activity_log` text,
	`field_stamps` text DEFAULT '{}' NOT NULL,
	`superseded` text DEFAULT '[]' NOT NULL,
	`status` text DEFAULT 'draft' NOT NULL,
	`signatures` text DEFAULT '{}' NOT NULL
);
--> statement-breakpoint
CREATE INDEX `dors_student` ON `dors` (`student_id`,`date`);--> statement-breakpoint
CREATE INDEX `dors_version` ON `dors` (`version`);--> statement-breakpoint
ALTER TABLE `programs` ADD `dor_categories` text;--> statement-breakpoint
ALTER TABLE `programs` ADD `dor_phase_rules` text;--> statement-breakpoint
-- A report marks its trainee's program (change_scopes, 0015).
CREATE TRIGGER `dors_change_scopes_insert` AFTER INSERT ON `dors`
BEGIN
insert into change_scopes (scope, version) select 'program:' || s.program_id, new.version from students s where s.id = new.student_id on conflict (scope) do update set version = max(version, excluded.version);
END;
--> statement-breakpoint
CREATE TRIGGER `dors_change_scopes_update` AFTER UPDATE ON `dors`
BEGIN
insert into change_scopes (scope, version) select 'program:' || s.program_id, new.version from students s where s.id = new.student_id on conflict (scope) do update set version = max(version, excluded.version);
END;
