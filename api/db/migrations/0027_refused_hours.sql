ALTER TABLE `clinical_hours` ADD `refused_by` text;--> statement-breakpoint
ALTER TABLE `student_tallies` ADD `refused_millihours` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
-- Hours held only by sign-offs the preceptor or staff rejected await nobody: nobody will verify them as they stand.
-- `refused_by` names one such sign-off while nobody verified the hours and every live sign-off holding them is rejected
-- (schema/sign-off.ts hoursRefuser, derived from scratch with `verified_by`); a new sign-off of the hours or staff
-- asking the preceptor again takes them back to awaiting. The tallies keep refused hours apart from awaiting ones
-- (schema/student-summary.ts hoursStanding is the same rule). Hours already held only by rejected sign-offs are marked,
-- and take a new data version so every device pulls them.
UPDATE `sync_meta` SET `version` = `version` + 1 WHERE `id` = 1 AND EXISTS (
  SELECT 1 FROM `sign_offs` WHERE `status` = 'rejected' AND `deleted_at` IS NULL);--> statement-breakpoint
WITH `refused` AS (
  SELECT s.`student_id` AS `student_id`, json_extract(r.`value`, '$.id') AS `hours_id`, 'sign-off:' || min(s.`id`) AS `by`
  FROM `sign_offs` s, json_each(s.`records`) r
  WHERE s.`deleted_at` IS NULL AND json_extract(r.`value`, '$.kind') = 'hours'
  GROUP BY s.`student_id`, `hours_id`
  HAVING count(*) = sum(s.`status` = 'rejected')
)
UPDATE `clinical_hours` SET `refused_by` = (
  SELECT `by` FROM `refused` WHERE `student_id` = `clinical_hours`.`student_id` AND `hours_id` = `clinical_hours`.`id`
), `version` = coalesce((SELECT `version` FROM `sync_meta` WHERE `id` = 1), `version`)
WHERE `verified_by` IS NULL AND EXISTS (
  SELECT 1 FROM `refused` WHERE `student_id` = `clinical_hours`.`student_id` AND `hours_id` = `clinical_hours`.`id`);--> statement-breakpoint
DROP TRIGGER `clinical_hours_tally_insert`;--> statement-breakpoint
DROP TRIGGER `clinical_hours_tally_update`;--> statement-breakpoint
DROP TRIGGER `clinical_hours_tally_delete`;--> statement-breakpoint
CREATE TRIGGER `clinical_hours_tally_insert` AFTER INSERT ON `clinical_hours`
BEGIN
insert into student_tallies (student_id, clinical_millihours, field_millihours, awaiting_millihours, refused_millihours, last_hours)
  select new.student_id, iif(new.verified_by is not null and new.hour_type <> 'field', cast(round(new.hours_completed * 1000) as integer), 0), iif(new.verified_by is not null and new.hour_type = 'field', cast(round(new.hours_completed * 1000) as integer), 0), iif(new.verified_by is null and new.refused_by is null, cast(round(new.hours_completed * 1000) as integer), 0), iif(new.verified_by is null and new.refused_by is not null, cast(round(new.hours_completed * 1000) as integer), 0), new.date where new.deleted_at is null
  on conflict (student_id) do update set clinical_millihours = clinical_millihours + excluded.clinical_millihours, field_millihours = field_millihours + excluded.field_millihours, awaiting_millihours = awaiting_millihours + excluded.awaiting_millihours, refused_millihours = refused_millihours + excluded.refused_millihours, last_hours = coalesce(max(last_hours, excluded.last_hours), last_hours, excluded.last_hours);
END;
--> statement-breakpoint
CREATE TRIGGER `clinical_hours_tally_update` AFTER UPDATE ON `clinical_hours`
BEGIN
insert into student_tallies (student_id, clinical_millihours, field_millihours, awaiting_millihours, refused_millihours, last_hours)
  select old.student_id, -iif(old.verified_by is not null and old.hour_type <> 'field', cast(round(old.hours_completed * 1000) as integer), 0), -iif(old.verified_by is not null and old.hour_type = 'field', cast(round(old.hours_completed * 1000) as integer), 0), -iif(old.verified_by is null and old.refused_by is null, cast(round(old.hours_completed * 1000) as integer), 0), -iif(old.verified_by is null and old.refused_by is not null, cast(round(old.hours_completed * 1000) as integer), 0), null where old.deleted_at is null
  on conflict (student_id) do update set clinical_millihours = clinical_millihours + excluded.clinical_millihours, field_millihours = field_millihours + excluded.field_millihours, awaiting_millihours = awaiting_millihours + excluded.awaiting_millihours, refused_millihours = refused_millihours + excluded.refused_millihours, last_hours = coalesce(max(last_hours, excluded.last_hours), last_hours, excluded.last_hours);
insert into student_tallies (student_id, clinical_millihours, field_millihours, awaiting_millihours, refused_millihours, last_hours)
  select new.student_id, iif(new.verified_by is not null and new.hour_type <> 'field', cast(round(new.hours_completed * 1000) as integer), 0), iif(new.verified_by is not null and new.hour_type = 'field', cast(round(new.hours_completed * 1000) as integer), 0), iif(new.verified_by is null and new.refused_by is null, cast(round(new.hours_completed * 1000) as integer), 0), iif(new.verified_by is null and new.refused_by is not null, cast(round(new.hours_completed * 1000) as integer), 0), new.date where new.deleted_at is null
  on conflict (student_id) do update set clinical_millihours = clinical_millihours + excluded.clinical_millihours, field_millihours = field_millihours + excluded.field_millihours, awaiting_millihours = awaiting_millihours + excluded.awaiting_millihours, refused_millihours = refused_millihours + excluded.refused_millihours, last_hours = coalesce(max(last_hours, excluded.last_hours), last_hours, excluded.last_hours);
update student_tallies set last_hours = (select max(date) from clinical_hours where student_id = old.student_id and deleted_at is null)
  where student_id = old.student_id and old.deleted_at is null
    and (new.deleted_at is not null or new.date < old.date or new.student_id <> old.student_id);
END;
--> statement-breakpoint
CREATE TRIGGER `clinical_hours_tally_delete` AFTER DELETE ON `clinical_hours`
BEGIN
insert into student_tallies (student_id, clinical_millihours, field_millihours, awaiting_millihours, refused_millihours, last_hours)
  select old.student_id, -iif(old.verified_by is not null and old.hour_type <> 'field', cast(round(old.hours_completed * 1000) as integer), 0), -iif(old.verified_by is not null and old.hour_type = 'field', cast(round(old.hours_completed * 1000) as integer), 0), -iif(old.verified_by is null and old.refused_by is null, cast(round(old.hours_completed * 1000) as integer), 0), -iif(old.verified_by is null and old.refused_by is not null, cast(round(old.hours_completed * 1000) as integer), 0), null where old.deleted_at is null
  on conflict (student_id) do update set clinical_millihours = clinical_millihours + excluded.clinical_millihours, field_millihours = field_millihours + excluded.field_millihours, awaiting_millihours = awaiting_millihours + excluded.awaiting_millihours, refused_millihours = refused_millihours + excluded.refused_millihours, last_hours = coalesce(max(last_hours, excluded.last_hours), last_hours, excluded.last_hours);
update student_tallies set last_hours = (select max(date) from clinical_hours where student_id = old.student_id and deleted_at is null)
  where student_id = old.student_id;
END;
--> statement-breakpoint
update student_tallies set clinical_millihours = 0, field_millihours = 0, awaiting_millihours = 0, refused_millihours = 0;--> statement-breakpoint
insert into student_tallies (student_id, clinical_millihours, field_millihours, awaiting_millihours, refused_millihours, last_hours)
  select student_id, sum(iif(verified_by is not null and hour_type <> 'field', cast(round(hours_completed * 1000) as integer), 0)),
    sum(iif(verified_by is not null and hour_type = 'field', cast(round(hours_completed * 1000) as integer), 0)),
    sum(iif(verified_by is null and refused_by is null, cast(round(hours_completed * 1000) as integer), 0)),
    sum(iif(verified_by is null and refused_by is not null, cast(round(hours_completed * 1000) as integer), 0)), max(date)
  from clinical_hours where deleted_at is null group by student_id
  on conflict (student_id) do update set clinical_millihours = excluded.clinical_millihours,
    field_millihours = excluded.field_millihours, awaiting_millihours = excluded.awaiting_millihours,
    refused_millihours = excluded.refused_millihours, last_hours = excluded.last_hours;
