CREATE TABLE `patient_contacts` (
	`id` text PRIMARY KEY NOT NULL,
	`created_at` text NOT NULL,
	`updated_at` text NOT NULL,
	`version` integer DEFAULT 0 NOT NULL,
	`deleted_at` text,
	`student_id` text NOT NULL,
	`date` text NOT NULL,
	`setting` text NOT NULL,
	`clinical_site_id` text,
	`age_years` integer NOT NULL,
	`age_months` integer DEFAULT 0 NOT NULL,
	`gender` text NOT NULL,
	`chief_complaints` text DEFAULT '[]' NOT NULL,
	`primary_impression` text NOT NULL,
	`secondary_impression` text,
	`team_lead` integer DEFAULT false NOT NULL,
	`care_level` text NOT NULL,
	`disposition` text NOT NULL,
	`notes` text,
	`recorded_by` text NOT NULL
);
--> statement-breakpoint
CREATE INDEX `patient_contacts_student` ON `patient_contacts` (`student_id`,`date`);--> statement-breakpoint
CREATE INDEX `patient_contacts_version` ON `patient_contacts` (`version`);--> statement-breakpoint
CREATE TABLE `skill_attempt_voids` (
	`id` text PRIMARY KEY NOT NULL,
	`created_at` text NOT NULL,
	`updated_at` text NOT NULL,
	`version` integer DEFAULT 0 NOT NULL,
	`deleted_at` text,
	`attempt_id` text NOT NULL,
	`student_id` text NOT NULL,
	`skill_id` text NOT NULL,
	`reason` text NOT NULL,
	`voided_by` text NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `skill_attempt_voids_attempt` ON `skill_attempt_voids` (`attempt_id`);--> statement-breakpoint
CREATE INDEX `skill_attempt_voids_version` ON `skill_attempt_voids` (`version`);--> statement-breakpoint
CREATE TABLE `skill_attempts` (
	`id` text PRIMARY KEY NOT NULL,
	`created_at` text NOT NULL,
	`updated_at` text NOT NULL,
	`version` integer DEFAULT 0 NOT NULL,
	`deleted_at` text,
	`student_id` text NOT NULL,
	`skill_id` text NOT NULL,
	`kind` text DEFAULT 'attempt' NOT NULL,
	`attempted_at` text NOT NULL,
	`setting` text,
	`outcome` text,
	`participation` text,
	`attempts_delta` integer NOT NULL,
	`successful_delta` integer NOT NULL,
	`patient_contact_id` text,
	`clinical_site_id` text,
	`notes` text,
	`recorded_by` text NOT NULL,
	`verified_by` text,
	`verified_at` text
);
--> statement-breakpoint
CREATE INDEX `skill_attempts_pair` ON `skill_attempts` (`student_id`,`skill_id`,`attempted_at`);--> statement-breakpoint
CREATE INDEX `skill_attempts_version` ON `skill_attempts` (`version`);--> statement-breakpoint
ALTER TABLE `programs` ADD `skill_minimums` text;--> statement-breakpoint
ALTER TABLE `programs` ADD `contact_rules` text;--> statement-breakpoint
ALTER TABLE `student_skills` ADD `attempts_by_setting` text;--> statement-breakpoint
ALTER TABLE `student_skills` ADD `observed_attempts` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE `student_skills` ADD `pending_attempts` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE `student_skills` ADD `status_override` text;--> statement-breakpoint
ALTER TABLE `student_skills` ADD `progress_override` integer;--> statement-breakpoint
ALTER TABLE `student_skills` ADD `field_stamps` text;--> statement-breakpoint
UPDATE `sync_meta` SET `version` = `version` + 1 WHERE `id` = 1;--> statement-breakpoint
INSERT INTO `skill_attempts` (`id`, `created_at`, `updated_at`, `version`, `student_id`, `skill_id`, `kind`, `attempted_at`, `attempts_delta`, `successful_delta`, `notes`, `recorded_by`, `verified_by`, `verified_at`)
SELECT 'opening-' || ss.`id`, ss.`updated_at`, ss.`updated_at`, coalesce((SELECT `version` FROM `sync_meta` WHERE `id` = 1), ss.`version`), ss.`student_id`, ss.`skill_id`, 'correction',
  coalesce(ss.`last_attempt_date`, substr(ss.`updated_at`, 1, 10)) || 'T00:00:00.000Z', ss.`attempts`, ss.`successful_attempts`,
  'Opening balance: the counts recorded before attempts were logged one by one', coalesce(ss.`instructor_id`, 'system'), coalesce(ss.`instructor_id`, 'system'), ss.`updated_at`
FROM `student_skills` ss WHERE ss.`deleted_at` IS NULL AND (ss.`attempts` <> 0 OR ss.`successful_attempts` <> 0);--> statement-breakpoint
UPDATE `student_skills` SET
  `status_override` = CASE WHEN `status` = (CASE
      WHEN `successful_attempts` >= coalesce((SELECT max(1, k.`minimum_attempts`) FROM `skills` k WHERE k.`id` = `skill_id`), 1) THEN 'completed'
      WHEN `attempts` > 0 THEN 'in_progress' ELSE 'not_started' END) THEN NULL ELSE `status` END,
  `progress_override` = CASE WHEN `progress_percentage` = (SELECT CAST(round(min(max(`successful_attempts`, 0), n.need) * 100.0 / n.need) AS INTEGER)
      FROM (SELECT coalesce((SELECT max(1, k.`minimum_attempts`) FROM `skills` k WHERE k.`id` = `skill_id`), 1) AS need) n) THEN NULL ELSE `progress_percentage` END,
  `version` = coalesce((SELECT `version` FROM `sync_meta` WHERE `id` = 1), `version`)
WHERE `deleted_at` IS NULL;
