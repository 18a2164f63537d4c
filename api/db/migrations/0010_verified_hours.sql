ALTER TABLE `clinical_hours` ADD `verified_by` text;--> statement-breakpoint
ALTER TABLE `clinical_hours` ADD `verified_at` text;--> statement-breakpoint
ALTER TABLE `student_tallies` ADD `awaiting_millihours` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
-- A student's own hours wait for verification as their own attempts do: a staff member who logs hours verifies them,
-- a sign-off in a counted state that holds them verifies them (verified_by 'sign-off:<id>'). The tallies count the
-- verified hours by kind and keep the awaiting ones apart (schema/student-summary.ts addUpHours is the same rule).
-- Hours logged before this migration: a staff member's are verified by their recorder, a student's by a sign-off of
-- theirs that holds them in a state the program counts; the rows take a new data version so every device pulls them.
UPDATE `sync_meta` SET `version` = `version` + 1 WHERE `id` = 1 AND EXISTS (SELECT 1 FROM `clinical_hours`);--> statement-breakpoint
UPDATE `clinical_hours` SET `verified_by` = `recorded_by`, `verified_at` = `created_at`
WHERE `recorded_by` NOT IN (SELECT `id` FROM `users` WHERE `role` = 'student');--> statement-breakpoint
UPDATE `clinical_hours` SET `verified_by` = (
  SELECT 'sign-off:' || s.`id` FROM `sign_offs` s
  JOIN `students` st ON st.`id` = s.`student_id`
  LEFT JOIN `programs` p ON p.`id` = st.`program_id`
  WHERE s.`deleted_at` IS NULL AND s.`student_id` = `clinical_hours`.`student_id`
    AND EXISTS (SELECT 1 FROM json_each(s.`records`) r
      WHERE json_extract(r.`value`, '$.kind') = 'hours' AND json_extract(r.`value`, '$.id') = `clinical_hours`.`id`)
    AND s.`status` IN (SELECT `value` FROM json_each(coalesce(p.`counted_sign_off_states`, '["code_verified","confirmed"]')))
  LIMIT 1
), `verified_at` = strftime('%Y-%m-%dT%H:%M:%fZ', 'now')
WHERE `verified_by` IS NULL;--> statement-breakpoint
UPDATE `clinical_hours` SET `verified_at` = NULL WHERE `verified_by` IS NULL;--> statement-breakpoint
-- (a database no server has opened yet has no sync_meta row, and nothing to pull)
UPDATE `clinical_hours` SET `version` = coalesce((SELECT `version` FROM `sync_meta` WHERE `id` = 1), `version`);--> statement-breakpoint
DROP TRIGGER `clinical_hours_tally_insert`;--> statement-breakpoint
DROP TRIGGER `clinical_hours_tally_update`;--> statement-breakpoint
DROP TRIGGER `clinical_hours_tally_delete`;--> statement-breakpoint
CREATE TRIGGER `clinical_hours_tally_insert` AFTER INSERT ON `clinical_hours`
BEGIN
insert into student_tallies (student_id, clinical_millihours, field_millihours, awaiting_millihours, last_hours)
  select new.student_id, iif(new.verified_by is not null and new.hour_type <> 'field', cast(round(new.hours_completed * 1000) as integer), 0), iif(new.verified_by is not null and new.hour_type = 'field', cast(round(new.hours_completed * 1000) as integer), 0), iif(new.verified_by is null, cast(round(new.hours_completed * 1000) as integer), 0), new.date where new.deleted_at is null
  on conflict (student_id) do update set clinical_millihours = clinical_millihours + excluded.clinical_millihours, field_millihours = field_millihours + excluded.field_millihours, awaiting_millihours = awaiting_millihours + excluded.awaiting_millihours, last_hours = coalesce(max(last_hours, excluded.last_hours), last_hours, excluded.last_hours);
END;
--> statement-breakpoint
CREATE TRIGGER `clinical_hours_tally_update` AFTER UPDATE ON `clinical_hours`
BEGIN
insert into student_tallies (student_id, clinical_millihours, field_millihours, awaiting_millihours, last_hours)
  select old.student_id, -iif(old.verified_by is not null and old.hour_type <> 'field', cast(round(old.hours_completed * 1000) as integer), 0), -iif(old.verified_by is not null and old.hour_type = 'field', cast(round(old.hours_completed * 1000) as integer), 0), -iif(old.verified_by is null, cast(round(old.hours_completed * 1000) as integer), 0), null where old.deleted_at is null
  on conflict (student_id) do update set clinical_millihours = clinical_millihours + excluded.clinical_millihours, field_millihours = field_millihours + excluded.field_millihours, awaiting_millihours = awaiting_millihours + excluded.awaiting_millihours, last_hours = coalesce(max(last_hours, excluded.last_hours), last_hours, excluded.last_hours);
insert into student_tallies (student_id, clinical_millihours, field_millihours, awaiting_millihours, last_hours)
  select new.student_id, iif(new.verified_by is not null and new.hour_type <> 'field', cast(round(new.hours_completed * 1000) as integer), 0), iif(new.verified_by is not null and new.hour_type = 'field', cast(round(new.hours_completed * 1000) as integer), 0), iif(new.verified_by is null, cast(round(new.hours_completed * 1000) as integer), 0), new.date where new.deleted_at is null
  on conflict (student_id) do update set clinical_millihours = clinical_millihours + excluded.clinical_millihours, field_millihours = field_millihours + excluded.field_millihours, awaiting_millihours = awaiting_millihours + excluded.awaiting_millihours, last_hours = coalesce(max(last_hours, excluded.last_hours), last_hours, excluded.last_hours);
update student_tallies set last_hours = (select max(date) from clinical_hours where student_id = old.student_id and deleted_at is null)
  where student_id = old.student_id and old.deleted_at is null
    and (new.deleted_at is not null or new.date < old.date or new.student_id <> old.student_id);
END;
--> statement-breakpoint
CREATE TRIGGER `clinical_hours_tally_delete` AFTER DELETE ON `clinical_hours`
BEGIN
insert into student_tallies (student_id, clinical_millihours, field_millihours, awaiting_millihours, last_hours)
  select old.student_id, -iif(old.verified_by is not null and old.hour_type <> 'field', cast(round(old.hours_completed * 1000) as integer), 0), -iif(old.verified_by is not null and old.hour_type = 'field', cast(round(old.hours_completed * 1000) as integer), 0), -iif(old.verified_by is null, cast(round(old.hours_completed * 1000) as integer), 0), null where old.deleted_at is null
  on conflict (student_id) do update set clinical_millihours = clinical_millihours + excluded.clinical_millihours, field_millihours = field_millihours + excluded.field_millihours, awaiting_millihours = awaiting_millihours + excluded.awaiting_millihours, last_hours = coalesce(max(last_hours, excluded.last_hours), last_hours, excluded.last_hours);
update student_tallies set last_hours = (select max(date) from clinical_hours where student_id = old.student_id and deleted_at is null)
  where student_id = old.student_id;
END;
--> statement-breakpoint
update student_tallies set clinical_millihours = 0, field_millihours = 0, awaiting_millihours = 0;--> statement-breakpoint
insert into student_tallies (student_id, clinical_millihours, field_millihours, awaiting_millihours, last_hours)
  select student_id, sum(iif(verified_by is not null and hour_type <> 'field', cast(round(clinical_hours.hours_completed * 1000) as integer), 0)),
    sum(iif(verified_by is not null and hour_type = 'field', cast(round(clinical_hours.hours_completed * 1000) as integer), 0)),
    sum(iif(verified_by is null, cast(round(clinical_hours.hours_completed * 1000) as integer), 0)), max(date)
  from clinical_hours where deleted_at is null group by student_id
  on conflict (student_id) do update set clinical_millihours = excluded.clinical_millihours,
    field_millihours = excluded.field_millihours, awaiting_millihours = excluded.awaiting_millihours,
    last_hours = excluded.last_hours;
