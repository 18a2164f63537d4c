CREATE TABLE `shift_bookings` (
	`id` text PRIMARY KEY NOT NULL,
	`created_at` text NOT NULL,
	`updated_at` text NOT NULL,
	`version` integer DEFAULT 0 NOT NULL,
	`deleted_at` text,
	`shift_id` text NOT NULL,
	`student_id` text NOT NULL,
	`booked_by` text NOT NULL,
	`swap_offered` integer DEFAULT false NOT NULL,
	`clock_in_at` text,
	`clock_in_at_site` integer,
	`clock_in_reason` text,
	`clock_out_at` text,
	`clock_out_reason` text,
	`hours_entry_id` text
);
--> statement-breakpoint
CREATE UNIQUE INDEX `shift_bookings_live` ON `shift_bookings` (`shift_id`,`student_id`) WHERE deleted_at is null;--> statement-breakpoint
CREATE INDEX `shift_bookings_student` ON `shift_bookings` (`student_id`);--> statement-breakpoint
CREATE INDEX `shift_bookings_version` ON `shift_bookings` (`version`);--> statement-breakpoint
CREATE TABLE `shifts` (
	`id` text PRIMARY KEY NOT NULL,
	`created_at` text NOT NULL,
	`updated_at` text NOT NULL,
	`version` integer DEFAULT 0 NOT NULL,
	`deleted_at` text,
	`program_id` text NOT NULL,
	`series_id` text,
	`type` text NOT NULL,
	`clinical_site_id` text,
	`unit` text,
	`date` text NOT NULL,
	`start_time` text NOT NULL,
	`duration_minutes` integer NOT NULL,
	`slots` integer NOT NULL,
	`booked_count` integer DEFAULT 0 NOT NULL,
	`signup_opens_days_before` integer,
	`signup_closes_days_before` integer DEFAULT 0 NOT NULL,
	`allow_drop` integer DEFAULT true NOT NULL,
	`drop_cutoff_hours` integer DEFAULT 24 NOT NULL,
	`allow_swap` integer DEFAULT true NOT NULL,
	`preceptor_ids` text DEFAULT '[]' NOT NULL,
	`required_credentials` text DEFAULT '[]' NOT NULL,
	`clock_early_minutes` integer DEFAULT 10 NOT NULL,
	`clock_late_minutes` integer DEFAULT 5 NOT NULL,
	`notes` text,
	`created_by` text NOT NULL,
	`cancelled_at` text,
	`cancel_reason` text
);
--> statement-breakpoint
CREATE INDEX `shifts_program_date` ON `shifts` (`program_id`,`date`);--> statement-breakpoint
CREATE INDEX `shifts_series` ON `shifts` (`series_id`);--> statement-breakpoint
CREATE INDEX `shifts_version` ON `shifts` (`version`);--> statement-breakpoint
CREATE TABLE `student_credentials` (
	`id` text PRIMARY KEY NOT NULL,
	`created_at` text NOT NULL,
	`updated_at` text NOT NULL,
	`version` integer DEFAULT 0 NOT NULL,
	`deleted_at` text,
	`student_id` text NOT NULL,
	`kind` text NOT NULL,
	`expires_on` text,
	`notes` text,
	`recorded_by` text NOT NULL
);
--> statement-breakpoint
CREATE INDEX `student_credentials_student` ON `student_credentials` (`student_id`);--> statement-breakpoint
CREATE INDEX `student_credentials_version` ON `student_credentials` (`version`);--> statement-breakpoint
ALTER TABLE `clinical_hours` ADD `shift_booking_id` text;--> statement-breakpoint
-- No overbooking, ever (issue 30): the commands refuse a booking past a shift's slots and a slot count below its
-- bookings in the write's own immediate transaction; these triggers refuse the same at the database, whatever writes.
CREATE TRIGGER `shift_bookings_capacity` BEFORE INSERT ON `shift_bookings`
WHEN new.`deleted_at` IS NULL AND (SELECT count(*) FROM `shift_bookings` b WHERE b.`shift_id` = new.`shift_id` AND b.`deleted_at` IS NULL)
  >= (SELECT `slots` FROM `shifts` WHERE `id` = new.`shift_id`)
BEGIN
SELECT RAISE(ABORT, 'shift full');
END;
--> statement-breakpoint
CREATE TRIGGER `shifts_capacity` BEFORE UPDATE OF `slots` ON `shifts`
WHEN new.`slots` < (SELECT count(*) FROM `shift_bookings` b WHERE b.`shift_id` = new.`id` AND b.`deleted_at` IS NULL)
BEGIN
SELECT RAISE(ABORT, 'shift full');
END;
--> statement-breakpoint
-- Approved clinical-time requests become shifts of one slot with the student booked, so the schedule loses none.
-- Requests keep their instants in UTC and programs no time zone: the shift's wall time is the UTC one. The rows take
-- a new data version so every device pulls them.
UPDATE `sync_meta` SET `version` = `version` + 1 WHERE `id` = 1
  AND EXISTS (SELECT 1 FROM `requests` WHERE `kind` = 'clinical-time' AND `status` = 'approved' AND `deleted_at` IS NULL);--> statement-breakpoint
INSERT INTO `shifts` (`id`, `created_at`, `updated_at`, `version`, `program_id`, `type`, `clinical_site_id`, `date`,
  `start_time`, `duration_minutes`, `slots`, `booked_count`, `signup_closes_days_before`, `notes`, `created_by`)
SELECT r.`id`, r.`created_at`, strftime('%Y-%m-%dT%H:%M:%fZ', 'now'), coalesce((SELECT `version` FROM `sync_meta` WHERE `id` = 1), 0),
  st.`program_id`, 'clinical', r.`clinical_site_id`, substr(r.`start_at`, 1, 10), substr(r.`start_at`, 12, 5),
  max(15, min(1440, cast(round((julianday(r.`end_at`) - julianday(r.`start_at`)) * 1440) AS integer))), 1, 1, 0,
  'From an approved clinical time request', coalesce(r.`reviewed_by`, r.`user_id`)
FROM `requests` r JOIN `students` st ON st.`id` = r.`student_id` AND st.`deleted_at` IS NULL
WHERE r.`kind` = 'clinical-time' AND r.`status` = 'approved' AND r.`deleted_at` IS NULL AND r.`start_at` IS NOT NULL
  AND r.`end_at` IS NOT NULL;--> statement-breakpoint
INSERT INTO `shift_bookings` (`id`, `created_at`, `updated_at`, `version`, `shift_id`, `student_id`, `booked_by`)
SELECT r.`id` || ':booking', r.`created_at`, s.`updated_at`, s.`version`, s.`id`, r.`student_id`, r.`user_id`
FROM `shifts` s JOIN `requests` r ON r.`id` = s.`id`;
