CREATE TABLE `student_tallies` (
	`student_id` text PRIMARY KEY NOT NULL,
	`attempts` integer DEFAULT 0 NOT NULL,
	`pending_attempts` integer DEFAULT 0 NOT NULL,
	`last_progress` text,
	`clinical_millihours` integer DEFAULT 0 NOT NULL,
	`field_millihours` integer DEFAULT 0 NOT NULL,
	`last_hours` text
);
--> statement-breakpoint
CREATE TABLE `student_track_tallies` (
	`student_id` text NOT NULL,
	`skill_group` text NOT NULL,
	`progress_sum` integer DEFAULT 0 NOT NULL,
	`completed` integer DEFAULT 0 NOT NULL,
	PRIMARY KEY(`student_id`, `skill_group`)
);
--> statement-breakpoint
-- The tallies follow every write of a record or a skill, in the same transaction (a rolled-back write takes its share
-- back with it). A record's share is added as it is written and taken away as it changes or goes; the latest day is
-- recounted from the student's records only when it can go back (a record removed or moved to an earlier day).
CREATE TRIGGER `student_skills_tally_insert` AFTER INSERT ON `student_skills`
BEGIN
insert into student_track_tallies (student_id, skill_group, progress_sum, completed)
  select new.student_id, coalesce((select iif(k.deleted_at is null, k.program_type || ':' || k.certification_level, '') from skills k where k.id = new.skill_id), ''), new.progress_percentage, (new.status = 'completed') where new.deleted_at is null
  on conflict (student_id, skill_group) do update set progress_sum = progress_sum + excluded.progress_sum, completed = completed + excluded.completed;
insert into student_tallies (student_id, attempts, pending_attempts, last_progress)
  select new.student_id, new.attempts, new.pending_attempts, substr(new.updated_at, 1, 10) where new.deleted_at is null
  on conflict (student_id) do update set attempts = attempts + excluded.attempts, pending_attempts = pending_attempts + excluded.pending_attempts, last_progress = coalesce(max(last_progress, excluded.last_progress), last_progress, excluded.last_progress);
END;
--> statement-breakpoint
-- The usual update: the same student and skill, so one delta per tally.
CREATE TRIGGER `student_skills_tally_update` AFTER UPDATE ON `student_skills`
WHEN old.student_id = new.student_id AND old.skill_id = new.skill_id
BEGIN
insert into student_track_tallies (student_id, skill_group, progress_sum, completed)
  select new.student_id, coalesce((select iif(k.deleted_at is null, k.program_type || ':' || k.certification_level, '') from skills k where k.id = new.skill_id), ''),
    iif(new.deleted_at is null, new.progress_percentage, 0) - iif(old.deleted_at is null, old.progress_percentage, 0),
    iif(new.deleted_at is null, new.status = 'completed', 0) - iif(old.deleted_at is null, old.status = 'completed', 0) where true
  on conflict (student_id, skill_group) do update set progress_sum = progress_sum + excluded.progress_sum, completed = completed + excluded.completed;
insert into student_tallies (student_id, attempts, pending_attempts, last_progress)
  select new.student_id, iif(new.deleted_at is null, new.attempts, 0) - iif(old.deleted_at is null, old.attempts, 0),
    iif(new.deleted_at is null, new.pending_attempts, 0) - iif(old.deleted_at is null, old.pending_attempts, 0),
    iif(new.deleted_at is null, substr(new.updated_at, 1, 10), null) where true
  on conflict (student_id) do update set attempts = attempts + excluded.attempts, pending_attempts = pending_attempts + excluded.pending_attempts, last_progress = coalesce(max(last_progress, excluded.last_progress), last_progress, excluded.last_progress);
update student_tallies set last_progress = (select max(substr(updated_at, 1, 10)) from student_skills where student_id = new.student_id and deleted_at is null)
  where student_id = new.student_id and old.deleted_at is null
    and (new.deleted_at is not null or substr(new.updated_at, 1, 10) < substr(old.updated_at, 1, 10));
END;
--> statement-breakpoint
-- No command moves a record to another student or skill; should anything, the old share goes and the new one comes.
CREATE TRIGGER `student_skills_tally_move` AFTER UPDATE ON `student_skills`
WHEN old.student_id <> new.student_id OR old.skill_id <> new.skill_id
BEGIN
insert into student_track_tallies (student_id, skill_group, progress_sum, completed)
  select old.student_id, coalesce((select iif(k.deleted_at is null, k.program_type || ':' || k.certification_level, '') from skills k where k.id = old.skill_id), ''), -old.progress_percentage, -(old.status = 'completed') where old.deleted_at is null
  on conflict (student_id, skill_group) do update set progress_sum = progress_sum + excluded.progress_sum, completed = completed + excluded.completed;
insert into student_tallies (student_id, attempts, pending_attempts, last_progress)
  select old.student_id, -old.attempts, -old.pending_attempts, null where old.deleted_at is null
  on conflict (student_id) do update set attempts = attempts + excluded.attempts, pending_attempts = pending_attempts + excluded.pending_attempts, last_progress = coalesce(max(last_progress, excluded.last_progress), last_progress, excluded.last_progress);
update student_tallies set last_progress = (select max(substr(updated_at, 1, 10)) from student_skills where student_id = old.student_id and deleted_at is null)
  where student_id = old.student_id;
insert into student_track_tallies (student_id, skill_group, progress_sum, completed)
  select new.student_id, coalesce((select iif(k.deleted_at is null, k.program_type || ':' || k.certification_level, '') from skills k where k.id = new.skill_id), ''), new.progress_percentage, (new.status = 'completed') where new.deleted_at is null
  on conflict (student_id, skill_group) do update set progress_sum = progress_sum + excluded.progress_sum, completed = completed + excluded.completed;
insert into student_tallies (student_id, attempts, pending_attempts, last_progress)
  select new.student_id, new.attempts, new.pending_attempts, substr(new.updated_at, 1, 10) where new.deleted_at is null
  on conflict (student_id) do update set attempts = attempts + excluded.attempts, pending_attempts = pending_attempts + excluded.pending_attempts, last_progress = coalesce(max(last_progress, excluded.last_progress), last_progress, excluded.last_progress);
END;
--> statement-breakpoint
CREATE TRIGGER `student_skills_tally_delete` AFTER DELETE ON `student_skills`
BEGIN
insert into student_track_tallies (student_id, skill_group, progress_sum, completed)
  select old.student_id, coalesce((select iif(k.deleted_at is null, k.program_type || ':' || k.certification_level, '') from skills k where k.id = old.skill_id), ''), -old.progress_percentage, -(old.status = 'completed') where old.deleted_at is null
  on conflict (student_id, skill_group) do update set progress_sum = progress_sum + excluded.progress_sum, completed = completed + excluded.completed;
insert into student_tallies (student_id, attempts, pending_attempts, last_progress)
  select old.student_id, -old.attempts, -old.pending_attempts, null where old.deleted_at is null
  on conflict (student_id) do update set attempts = attempts + excluded.attempts, pending_attempts = pending_attempts + excluded.pending_attempts, last_progress = coalesce(max(last_progress, excluded.last_progress), last_progress, excluded.last_progress);
update student_tallies set last_progress = (select max(substr(updated_at, 1, 10)) from student_skills where student_id = old.student_id and deleted_at is null)
  where student_id = old.student_id;
END;
--> statement-breakpoint
CREATE TRIGGER `clinical_hours_tally_insert` AFTER INSERT ON `clinical_hours`
BEGIN
insert into student_tallies (student_id, clinical_millihours, field_millihours, last_hours)
  select new.student_id, iif(new.hour_type = 'field', 0, cast(round(new.hours_completed * 1000) as integer)), iif(new.hour_type = 'field', cast(round(new.hours_completed * 1000) as integer), 0), new.date where new.deleted_at is null
  on conflict (student_id) do update set clinical_millihours = clinical_millihours + excluded.clinical_millihours, field_millihours = field_millihours + excluded.field_millihours, last_hours = coalesce(max(last_hours, excluded.last_hours), last_hours, excluded.last_hours);
END;
--> statement-breakpoint
CREATE TRIGGER `clinical_hours_tally_update` AFTER UPDATE ON `clinical_hours`
BEGIN
insert into student_tallies (student_id, clinical_millihours, field_millihours, last_hours)
  select old.student_id, -iif(old.hour_type = 'field', 0, cast(round(old.hours_completed * 1000) as integer)), -iif(old.hour_type = 'field', cast(round(old.hours_completed * 1000) as integer), 0), null where old.deleted_at is null
  on conflict (student_id) do update set clinical_millihours = clinical_millihours + excluded.clinical_millihours, field_millihours = field_millihours + excluded.field_millihours, last_hours = coalesce(max(last_hours, excluded.last_hours), last_hours, excluded.last_hours);
insert into student_tallies (student_id, clinical_millihours, field_millihours, last_hours)
  select new.student_id, iif(new.hour_type = 'field', 0, cast(round(new.hours_completed * 1000) as integer)), iif(new.hour_type = 'field', cast(round(new.hours_completed * 1000) as integer), 0), new.date where new.deleted_at is null
  on conflict (student_id) do update set clinical_millihours = clinical_millihours + excluded.clinical_millihours, field_millihours = field_millihours + excluded.field_millihours, last_hours = coalesce(max(last_hours, excluded.last_hours), last_hours, excluded.last_hours);
update student_tallies set last_hours = (select max(date) from clinical_hours where student_id = old.student_id and deleted_at is null)
  where student_id = old.student_id and old.deleted_at is null
    and (new.deleted_at is not null or new.date < old.date or new.student_id <> old.student_id);
END;
--> statement-breakpoint
CREATE TRIGGER `clinical_hours_tally_delete` AFTER DELETE ON `clinical_hours`
BEGIN
insert into student_tallies (student_id, clinical_millihours, field_millihours, last_hours)
  select old.student_id, -iif(old.hour_type = 'field', 0, cast(round(old.hours_completed * 1000) as integer)), -iif(old.hour_type = 'field', cast(round(old.hours_completed * 1000) as integer), 0), null where old.deleted_at is null
  on conflict (student_id) do update set clinical_millihours = clinical_millihours + excluded.clinical_millihours, field_millihours = field_millihours + excluded.field_millihours, last_hours = coalesce(max(last_hours, excluded.last_hours), last_hours, excluded.last_hours);
update student_tallies set last_hours = (select max(date) from clinical_hours where student_id = old.student_id and deleted_at is null)
  where student_id = old.student_id;
END;
--> statement-breakpoint
-- A skill moved to another track, removed or restored takes its records' shares with it.
CREATE TRIGGER `skills_tally_update` AFTER UPDATE OF `program_type`, `certification_level`, `deleted_at` ON `skills`
WHEN iif(old.deleted_at is null, old.program_type || ':' || old.certification_level, '') <> iif(new.deleted_at is null, new.program_type || ':' || new.certification_level, '')
BEGIN
insert into student_track_tallies (student_id, skill_group, progress_sum, completed)
  select student_id, iif(old.deleted_at is null, old.program_type || ':' || old.certification_level, ''), -progress_percentage, -(status = 'completed') from student_skills where skill_id = new.id and deleted_at is null
  on conflict (student_id, skill_group) do update set progress_sum = progress_sum + excluded.progress_sum, completed = completed + excluded.completed;
insert into student_track_tallies (student_id, skill_group, progress_sum, completed)
  select student_id, iif(new.deleted_at is null, new.program_type || ':' || new.certification_level, ''), progress_percentage, status = 'completed' from student_skills where skill_id = new.id and deleted_at is null
  on conflict (student_id, skill_group) do update set progress_sum = progress_sum + excluded.progress_sum, completed = completed + excluded.completed;
END;
--> statement-breakpoint
CREATE TRIGGER `skills_tally_insert` AFTER INSERT ON `skills` WHEN new.deleted_at is null
BEGIN
insert into student_track_tallies (student_id, skill_group, progress_sum, completed)
  select student_id, '', -progress_percentage, -(status = 'completed') from student_skills where skill_id = new.id and deleted_at is null
  on conflict (student_id, skill_group) do update set progress_sum = progress_sum + excluded.progress_sum, completed = completed + excluded.completed;
insert into student_track_tallies (student_id, skill_group, progress_sum, completed)
  select student_id, iif(new.deleted_at is null, new.program_type || ':' || new.certification_level, ''), progress_percentage, status = 'completed' from student_skills where skill_id = new.id and deleted_at is null
  on conflict (student_id, skill_group) do update set progress_sum = progress_sum + excluded.progress_sum, completed = completed + excluded.completed;
END;
--> statement-breakpoint
CREATE TRIGGER `skills_tally_delete` AFTER DELETE ON `skills`
BEGIN
insert into student_track_tallies (student_id, skill_group, progress_sum, completed)
  select student_id, iif(old.deleted_at is null, old.program_type || ':' || old.certification_level, ''), -progress_percentage, -(status = 'completed') from student_skills where skill_id = old.id and deleted_at is null
  on conflict (student_id, skill_group) do update set progress_sum = progress_sum + excluded.progress_sum, completed = completed + excluded.completed;
insert into student_track_tallies (student_id, skill_group, progress_sum, completed)
  select student_id, '', progress_percentage, status = 'completed' from student_skills where skill_id = old.id and deleted_at is null
  on conflict (student_id, skill_group) do update set progress_sum = progress_sum + excluded.progress_sum, completed = completed + excluded.completed;
END;
--> statement-breakpoint
-- The tallies of the records already held.
insert into student_track_tallies (student_id, skill_group, progress_sum, completed)
  select ss.student_id, coalesce((select iif(k.deleted_at is null, k.program_type || ':' || k.certification_level, '') from skills k where k.id = ss.skill_id), ''), sum(ss.progress_percentage), sum(ss.status = 'completed')
  from student_skills ss where ss.deleted_at is null group by 1, 2;
--> statement-breakpoint
insert into student_tallies (student_id, attempts, pending_attempts, last_progress)
  select student_id, sum(attempts), sum(pending_attempts), max(substr(updated_at, 1, 10))
  from student_skills where deleted_at is null group by student_id;
--> statement-breakpoint
insert into student_tallies (student_id, clinical_millihours, field_millihours, last_hours)
  select student_id, sum(iif(hour_type = 'field', 0, cast(round(clinical_hours.hours_completed * 1000) as integer))),
    sum(iif(hour_type = 'field', cast(round(clinical_hours.hours_completed * 1000) as integer), 0)), max(date)
  from clinical_hours where deleted_at is null group by student_id
  on conflict (student_id) do update set clinical_millihours = excluded.clinical_millihours,
    field_millihours = excluded.field_millihours, last_hours = excluded.last_hours;
