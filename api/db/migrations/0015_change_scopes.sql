CREATE TABLE `change_scopes` (
	`scope` text PRIMARY KEY NOT NULL,
	`version` integer NOT NULL
);

--> statement-breakpoint
-- Every write to a synced row marks the scopes of who may see it (schema/tables.ts changeScopes) with the row's version,
-- in the write's own transaction: a pull whose cookie is at or past the last change in the user's scopes has nothing
-- new to read, whatever other programs wrote meanwhile. A student's records mark the program the student is in now; a
-- student moved marks both programs, so the old one's staff learn that the student and their records left. max():
-- an update that keeps a row's old version never moves a scope back.
CREATE TRIGGER `users_change_scopes_insert` AFTER INSERT ON `users`
BEGIN
insert into change_scopes (scope, version) values ('all', new.version) on conflict (scope) do update set version = max(version, excluded.version);
END;
--> statement-breakpoint
CREATE TRIGGER `users_change_scopes_update` AFTER UPDATE ON `users`
BEGIN
insert into change_scopes (scope, version) values ('all', new.version) on conflict (scope) do update set version = max(version, excluded.version);
END;
--> statement-breakpoint
CREATE TRIGGER `instructors_change_scopes_insert` AFTER INSERT ON `instructors`
BEGIN
insert into change_scopes (scope, version) values ('all', new.version) on conflict (scope) do update set version = max(version, excluded.version);
END;
--> statement-breakpoint
CREATE TRIGGER `instructors_change_scopes_update` AFTER UPDATE ON `instructors`
BEGIN
insert into change_scopes (scope, version) values ('all', new.version) on conflict (scope) do update set version = max(version, excluded.version);
END;
--> statement-breakpoint
CREATE TRIGGER `programs_change_scopes_insert` AFTER INSERT ON `programs`
BEGIN
insert into change_scopes (scope, version) values ('all', new.version) on conflict (scope) do update set version = max(version, excluded.version);
END;
--> statement-breakpoint
CREATE TRIGGER `programs_change_scopes_update` AFTER UPDATE ON `programs`
BEGIN
insert into change_scopes (scope, version) values ('all', new.version) on conflict (scope) do update set version = max(version, excluded.version);
END;
--> statement-breakpoint
CREATE TRIGGER `program_members_change_scopes_insert` AFTER INSERT ON `program_members`
BEGIN
insert into change_scopes (scope, version) values ('all', new.version) on conflict (scope) do update set version = max(version, excluded.version);
END;
--> statement-breakpoint
CREATE TRIGGER `program_members_change_scopes_update` AFTER UPDATE ON `program_members`
BEGIN
insert into change_scopes (scope, version) values ('all', new.version) on conflict (scope) do update set version = max(version, excluded.version);
END;
--> statement-breakpoint
CREATE TRIGGER `students_change_scopes_insert` AFTER INSERT ON `students`
BEGIN
insert into change_scopes (scope, version) values ('program:' || new.program_id, new.version) on conflict (scope) do update set version = max(version, excluded.version);
insert into change_scopes (scope, version) select 'user:' || new.user_id, new.version where new.user_id is not null on conflict (scope) do update set version = max(version, excluded.version);
END;
--> statement-breakpoint
CREATE TRIGGER `students_change_scopes_update` AFTER UPDATE ON `students`
BEGIN
insert into change_scopes (scope, version) values ('program:' || new.program_id, new.version) on conflict (scope) do update set version = max(version, excluded.version);
insert into change_scopes (scope, version) select 'user:' || new.user_id, new.version where new.user_id is not null on conflict (scope) do update set version = max(version, excluded.version);
insert into change_scopes (scope, version) select 'program:' || old.program_id, new.version where old.program_id <> new.program_id on conflict (scope) do update set version = max(version, excluded.version);
insert into change_scopes (scope, version) select 'user:' || old.user_id, new.version where old.user_id is not null on conflict (scope) do update set version = max(version, excluded.version);
END;
--> statement-breakpoint
CREATE TRIGGER `skills_change_scopes_insert` AFTER INSERT ON `skills`
BEGIN
insert into change_scopes (scope, version) values ('all', new.version) on conflict (scope) do update set version = max(version, excluded.version);
END;
--> statement-breakpoint
CREATE TRIGGER `skills_change_scopes_update` AFTER UPDATE ON `skills`
BEGIN
insert into change_scopes (scope, version) values ('all', new.version) on conflict (scope) do update set version = max(version, excluded.version);
END;
--> statement-breakpoint
CREATE TRIGGER `student_skills_change_scopes_insert` AFTER INSERT ON `student_skills`
BEGIN
insert into change_scopes (scope, version) select 'program:' || s.program_id, new.version from students s where s.id = new.student_id on conflict (scope) do update set version = max(version, excluded.version);
END;
--> statement-breakpoint
CREATE TRIGGER `student_skills_change_scopes_update` AFTER UPDATE ON `student_skills`
BEGIN
insert into change_scopes (scope, version) select 'program:' || s.program_id, new.version from students s where s.id = new.student_id on conflict (scope) do update set version = max(version, excluded.version);
END;
--> statement-breakpoint
CREATE TRIGGER `skill_attempts_change_scopes_insert` AFTER INSERT ON `skill_attempts`
BEGIN
insert into change_scopes (scope, version) select 'program:' || s.program_id, new.version from students s where s.id = new.student_id on conflict (scope) do update set version = max(version, excluded.version);
END;
--> statement-breakpoint
CREATE TRIGGER `skill_attempts_change_scopes_update` AFTER UPDATE ON `skill_attempts`
BEGIN
insert into change_scopes (scope, version) select 'program:' || s.program_id, new.version from students s where s.id = new.student_id on conflict (scope) do update set version = max(version, excluded.version);
END;
--> statement-breakpoint
CREATE TRIGGER `skill_attempt_voids_change_scopes_insert` AFTER INSERT ON `skill_attempt_voids`
BEGIN
insert into change_scopes (scope, version) select 'program:' || s.program_id, new.version from students s where s.id = new.student_id on conflict (scope) do update set version = max(version, excluded.version);
END;
--> statement-breakpoint
CREATE TRIGGER `skill_attempt_voids_change_scopes_update` AFTER UPDATE ON `skill_attempt_voids`
BEGIN
insert into change_scopes (scope, version) select 'program:' || s.program_id, new.version from students s where s.id = new.student_id on conflict (scope) do update set version = max(version, excluded.version);
END;
--> statement-breakpoint
CREATE TRIGGER `patient_contacts_change_scopes_insert` AFTER INSERT ON `patient_contacts`
BEGIN
insert into change_scopes (scope, version) select 'program:' || s.program_id, new.version from students s where s.id = new.student_id on conflict (scope) do update set version = max(version, excluded.version);
END;
--> statement-breakpoint
CREATE TRIGGER `patient_contacts_change_scopes_update` AFTER UPDATE ON `patient_contacts`
BEGIN
insert into change_scopes (scope, version) select 'program:' || s.program_id, new.version from students s where s.id = new.student_id on conflict (scope) do update set version = max(version, excluded.version);
END;
--> statement-breakpoint
CREATE TRIGGER `sign_offs_change_scopes_insert` AFTER INSERT ON `sign_offs`
BEGIN
insert into change_scopes (scope, version) select 'program:' || s.program_id, new.version from students s where s.id = new.student_id on conflict (scope) do update set version = max(version, excluded.version);
insert into change_scopes (scope, version) values ('sign-offs', new.version) on conflict (scope) do update set version = max(version, excluded.version);
END;
--> statement-breakpoint
CREATE TRIGGER `sign_offs_change_scopes_update` AFTER UPDATE ON `sign_offs`
BEGIN
insert into change_scopes (scope, version) select 'program:' || s.program_id, new.version from students s where s.id = new.student_id on conflict (scope) do update set version = max(version, excluded.version);
insert into change_scopes (scope, version) values ('sign-offs', new.version) on conflict (scope) do update set version = max(version, excluded.version);
END;
--> statement-breakpoint
CREATE TRIGGER `clinical_sites_change_scopes_insert` AFTER INSERT ON `clinical_sites`
BEGIN
insert into change_scopes (scope, version) values ('all', new.version) on conflict (scope) do update set version = max(version, excluded.version);
END;
--> statement-breakpoint
CREATE TRIGGER `clinical_sites_change_scopes_update` AFTER UPDATE ON `clinical_sites`
BEGIN
insert into change_scopes (scope, version) values ('all', new.version) on conflict (scope) do update set version = max(version, excluded.version);
END;
--> statement-breakpoint
CREATE TRIGGER `site_emails_change_scopes_insert` AFTER INSERT ON `site_emails`
BEGIN
insert into change_scopes (scope, version) values ('all', new.version) on conflict (scope) do update set version = max(version, excluded.version);
END;
--> statement-breakpoint
CREATE TRIGGER `site_emails_change_scopes_update` AFTER UPDATE ON `site_emails`
BEGIN
insert into change_scopes (scope, version) values ('all', new.version) on conflict (scope) do update set version = max(version, excluded.version);
END;
--> statement-breakpoint
CREATE TRIGGER `clinical_hours_change_scopes_insert` AFTER INSERT ON `clinical_hours`
BEGIN
insert into change_scopes (scope, version) select 'program:' || s.program_id, new.version from students s where s.id = new.student_id on conflict (scope) do update set version = max(version, excluded.version);
END;
--> statement-breakpoint
CREATE TRIGGER `clinical_hours_change_scopes_update` AFTER UPDATE ON `clinical_hours`
BEGIN
insert into change_scopes (scope, version) select 'program:' || s.program_id, new.version from students s where s.id = new.student_id on conflict (scope) do update set version = max(version, excluded.version);
END;
--> statement-breakpoint
CREATE TRIGGER `documents_change_scopes_insert` AFTER INSERT ON `documents`
BEGIN
insert into change_scopes (scope, version) values ('all', new.version) on conflict (scope) do update set version = max(version, excluded.version);
END;
--> statement-breakpoint
CREATE TRIGGER `documents_change_scopes_update` AFTER UPDATE ON `documents`
BEGIN
insert into change_scopes (scope, version) values ('all', new.version) on conflict (scope) do update set version = max(version, excluded.version);
END;
--> statement-breakpoint
CREATE TRIGGER `messages_change_scopes_insert` AFTER INSERT ON `messages`
BEGIN
insert into change_scopes (scope, version) values ('user:' || new.sender_id, new.version) on conflict (scope) do update set version = max(version, excluded.version);
insert into change_scopes (scope, version) values ('user:' || new.recipient_id, new.version) on conflict (scope) do update set version = max(version, excluded.version);
END;
--> statement-breakpoint
CREATE TRIGGER `messages_change_scopes_update` AFTER UPDATE ON `messages`
BEGIN
insert into change_scopes (scope, version) values ('user:' || new.sender_id, new.version) on conflict (scope) do update set version = max(version, excluded.version);
insert into change_scopes (scope, version) values ('user:' || new.recipient_id, new.version) on conflict (scope) do update set version = max(version, excluded.version);
END;
--> statement-breakpoint
CREATE TRIGGER `requests_change_scopes_insert` AFTER INSERT ON `requests`
BEGIN
insert into change_scopes (scope, version) values ('user:' || new.user_id, new.version) on conflict (scope) do update set version = max(version, excluded.version);
insert into change_scopes (scope, version) values ('requests', new.version) on conflict (scope) do update set version = max(version, excluded.version);
insert into change_scopes (scope, version) select 'program:' || s.program_id, new.version from students s where s.id = new.student_id on conflict (scope) do update set version = max(version, excluded.version);
END;
--> statement-breakpoint
CREATE TRIGGER `requests_change_scopes_update` AFTER UPDATE ON `requests`
BEGIN
insert into change_scopes (scope, version) values ('user:' || new.user_id, new.version) on conflict (scope) do update set version = max(version, excluded.version);
insert into change_scopes (scope, version) values ('requests', new.version) on conflict (scope) do update set version = max(version, excluded.version);
insert into change_scopes (scope, version) select 'program:' || s.program_id, new.version from students s where s.id = new.student_id on conflict (scope) do update set version = max(version, excluded.version);
END;
--> statement-breakpoint
CREATE TRIGGER `accreditation_requirements_change_scopes_insert` AFTER INSERT ON `accreditation_requirements`
BEGIN
insert into change_scopes (scope, version) values (coalesce('program:' || new.program_id, 'all'), new.version) on conflict (scope) do update set version = max(version, excluded.version);
END;
--> statement-breakpoint
CREATE TRIGGER `accreditation_requirements_change_scopes_update` AFTER UPDATE ON `accreditation_requirements`
BEGIN
insert into change_scopes (scope, version) values (coalesce('program:' || new.program_id, 'all'), new.version) on conflict (scope) do update set version = max(version, excluded.version);
insert into change_scopes (scope, version) select coalesce('program:' || old.program_id, 'all'), new.version where old.program_id is not new.program_id on conflict (scope) do update set version = max(version, excluded.version);
END;
--> statement-breakpoint
CREATE TRIGGER `ram_assessments_change_scopes_insert` AFTER INSERT ON `ram_assessments`
BEGIN
insert into change_scopes (scope, version) values (coalesce('program:' || new.program_id, 'all'), new.version) on conflict (scope) do update set version = max(version, excluded.version);
END;
--> statement-breakpoint
CREATE TRIGGER `ram_assessments_change_scopes_update` AFTER UPDATE ON `ram_assessments`
BEGIN
insert into change_scopes (scope, version) values (coalesce('program:' || new.program_id, 'all'), new.version) on conflict (scope) do update set version = max(version, excluded.version);
insert into change_scopes (scope, version) select coalesce('program:' || old.program_id, 'all'), new.version where old.program_id is not new.program_id on conflict (scope) do update set version = max(version, excluded.version);
END;
--> statement-breakpoint
-- Tables added with shift scheduling: shifts are read by everyone, bookings and credentials go with their student.
CREATE TRIGGER `shifts_change_scopes_insert` AFTER INSERT ON `shifts`
BEGIN
insert into change_scopes (scope, version) values ('all', new.version) on conflict (scope) do update set version = max(version, excluded.version);
END;
--> statement-breakpoint
CREATE TRIGGER `shifts_change_scopes_update` AFTER UPDATE ON `shifts`
BEGIN
insert into change_scopes (scope, version) values ('all', new.version) on conflict (scope) do update set version = max(version, excluded.version);
END;
--> statement-breakpoint
CREATE TRIGGER `shift_bookings_change_scopes_insert` AFTER INSERT ON `shift_bookings`
BEGIN
insert into change_scopes (scope, version) select 'program:' || s.program_id, new.version from students s where s.id = new.student_id on conflict (scope) do update set version = max(version, excluded.version);
END;
--> statement-breakpoint
CREATE TRIGGER `shift_bookings_change_scopes_update` AFTER UPDATE ON `shift_bookings`
BEGIN
insert into change_scopes (scope, version) select 'program:' || s.program_id, new.version from students s where s.id = new.student_id on conflict (scope) do update set version = max(version, excluded.version);
END;
--> statement-breakpoint
CREATE TRIGGER `student_credentials_change_scopes_insert` AFTER INSERT ON `student_credentials`
BEGIN
insert into change_scopes (scope, version) select 'program:' || s.program_id, new.version from students s where s.id = new.student_id on conflict (scope) do update set version = max(version, excluded.version);
END;
--> statement-breakpoint
CREATE TRIGGER `student_credentials_change_scopes_update` AFTER UPDATE ON `student_credentials`
BEGIN
insert into change_scopes (scope, version) select 'program:' || s.program_id, new.version from students s where s.id = new.student_id on conflict (scope) do update set version = max(version, excluded.version);
END;
--> statement-breakpoint
-- Devices that synced before this migration hold cookies of the global version: one changed pull each, then as above.
insert into change_scopes (scope, version) select 'all', version from sync_meta where id = 1;
