CREATE TABLE `jpr_sign_offs` (
	`id` text PRIMARY KEY NOT NULL,
	`created_at` text NOT NULL,
	`updated_at` text NOT NULL,
	`version` integer DEFAULT 0 NOT NULL,
	`deleted_at` text,
	`task_book_id` text NOT NULL,
	`student_id` text NOT NULL,
	`skill_id` text NOT NULL,
	`performed_on` text NOT NULL,
	`method` text NOT NULL,
	`passed` integer NOT NULL,
	`steps` text NOT NULL,
	`in_training` integer NOT NULL,
	`attempt_number` integer NOT NULL,
	`day_number` integer NOT NULL,
	`comments` text,
	`evaluator_name` text NOT NULL,
	`evaluator_number` text NOT NULL,
	`evaluator_id` text NOT NULL,
	`signature` text NOT NULL,
	`captured_at` text NOT NULL,
	`recorded_by` text NOT NULL,
	`cosign_step` integer
);
--> statement-breakpoint
CREATE INDEX `jpr_sign_offs_book` ON `jpr_sign_offs` (`task_book_id`,`skill_id`);--> statement-breakpoint
CREATE INDEX `jpr_sign_offs_student` ON `jpr_sign_offs` (`student_id`);--> statement-breakpoint
CREATE INDEX `jpr_sign_offs_version` ON `jpr_sign_offs` (`version`);--> statement-breakpoint
CREATE UNIQUE INDEX `jpr_sign_offs_cosign_step` ON `jpr_sign_offs` (`evaluator_id`,`cosign_step`);--> statement-breakpoint
CREATE TABLE `task_books` (
	`id` text PRIMARY KEY NOT NULL,
	`created_at` text NOT NULL,
	`updated_at` text NOT NULL,
	`version` integer DEFAULT 0 NOT NULL,
	`deleted_at` text,
	`student_id` text NOT NULL,
	`program_id` text NOT NULL,
	`level` text NOT NULL,
	`state` text NOT NULL,
	`started_by` text NOT NULL,
	`verified_by` text,
	`verified_name` text,
	`verified_signature` text,
	`verified_at` text,
	`certified_by` text,
	`certified_name` text,
	`certified_signature` text,
	`certified_at` text
);
--> statement-breakpoint
CREATE UNIQUE INDEX `task_books_student_level` ON `task_books` (`student_id`,`level`) WHERE deleted_at is null;--> statement-breakpoint
CREATE INDEX `task_books_version` ON `task_books` (`version`);--> statement-breakpoint
ALTER TABLE `programs` ADD `task_book_rules` text;--> statement-breakpoint
-- A signed JPR is evidence: what was signed never changes and the row is never removed (a re-stamp of its version,
-- when its student's visibility changes, and a tombstone with its student's removal are the only writes allowed).
CREATE TRIGGER `jpr_sign_offs_no_edit` BEFORE UPDATE ON `jpr_sign_offs`
WHEN NEW.task_book_id IS NOT OLD.task_book_id OR NEW.student_id IS NOT OLD.student_id
  OR NEW.skill_id IS NOT OLD.skill_id OR NEW.performed_on IS NOT OLD.performed_on OR NEW.method IS NOT OLD.method
  OR NEW.passed IS NOT OLD.passed OR NEW.steps IS NOT OLD.steps OR NEW.in_training IS NOT OLD.in_training
  OR NEW.attempt_number IS NOT OLD.attempt_number OR NEW.day_number IS NOT OLD.day_number
  OR NEW.comments IS NOT OLD.comments OR NEW.evaluator_name IS NOT OLD.evaluator_name
  OR NEW.evaluator_number IS NOT OLD.evaluator_number OR NEW.evaluator_id IS NOT OLD.evaluator_id
  OR NEW.signature IS NOT OLD.signature OR NEW.captured_at IS NOT OLD.captured_at
  OR NEW.recorded_by IS NOT OLD.recorded_by OR NEW.cosign_step IS NOT OLD.cosign_step
BEGIN SELECT RAISE(ABORT, 'A signed JPR is append-only'); END;
--> statement-breakpoint
CREATE TRIGGER `jpr_sign_offs_no_delete` BEFORE DELETE ON `jpr_sign_offs`
BEGIN SELECT RAISE(ABORT, 'A signed JPR is append-only'); END;--> statement-breakpoint
-- Books and their JPRs mark their candidate's program (change_scopes, 0015).
CREATE TRIGGER `task_books_change_scopes_insert` AFTER INSERT ON `task_books`
BEGIN
insert into change_scopes (scope, version) select 'program:' || s.program_id, new.version from students s where s.id = new.student_id on conflict (scope) do update set version = max(version, excluded.version);
END;
--> statement-breakpoint
CREATE TRIGGER `task_books_change_scopes_update` AFTER UPDATE ON `task_books`
BEGIN
insert into change_scopes (scope, version) select 'program:' || s.program_id, new.version from students s where s.id = new.student_id on conflict (scope) do update set version = max(version, excluded.version);
END;
--> statement-breakpoint
CREATE TRIGGER `jpr_sign_offs_change_scopes_insert` AFTER INSERT ON `jpr_sign_offs`
BEGIN
insert into change_scopes (scope, version) select 'program:' || s.program_id, new.version from students s where s.id = new.student_id on conflict (scope) do update set version = max(version, excluded.version);
END;
--> statement-breakpoint
CREATE TRIGGER `jpr_sign_offs_change_scopes_update` AFTER UPDATE ON `jpr_sign_offs`
BEGIN
insert into change_scopes (scope, version) select 'program:' || s.program_id, new.version from students s where s.id = new.student_id on conflict (scope) do update set version = max(version, excluded.version);
END;
