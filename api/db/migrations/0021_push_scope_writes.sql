-- A scope marked with a version it already holds is left as it is, instead of being written again with the same value:
-- a push's changes share one version (sync/server/push.ts), so after its first change in a program the rest find the
-- scope marked, and each rewrite was a page written and journalled under the change's savepoint. Same rule as
-- max(version, excluded.version): a scope never moves back.
DROP TRIGGER `users_change_scopes_insert`;
--> statement-breakpoint
CREATE TRIGGER `users_change_scopes_insert` AFTER INSERT ON `users`
BEGIN
insert into change_scopes (scope, version) values ('all', new.version) on conflict (scope) do update set version = excluded.version where excluded.version > change_scopes.version;
END;
--> statement-breakpoint
DROP TRIGGER `users_change_scopes_update`;
--> statement-breakpoint
CREATE TRIGGER `users_change_scopes_update` AFTER UPDATE ON `users`
BEGIN
insert into change_scopes (scope, version) values ('all', new.version) on conflict (scope) do update set version = excluded.version where excluded.version > change_scopes.version;
END;
--> statement-breakpoint
DROP TRIGGER `instructors_change_scopes_insert`;
--> statement-breakpoint
CREATE TRIGGER `instructors_change_scopes_insert` AFTER INSERT ON `instructors`
BEGIN
insert into change_scopes (scope, version) values ('all', new.version) on conflict (scope) do update set version = excluded.version where excluded.version > change_scopes.version;
END;
--> statement-breakpoint
DROP TRIGGER `instructors_change_scopes_update`;
--> statement-breakpoint
CREATE TRIGGER `instructors_change_scopes_update` AFTER UPDATE ON `instructors`
BEGIN
insert into change_scopes (scope, version) values ('all', new.version) on conflict (scope) do update set version = excluded.version where excluded.version > change_scopes.version;
END;
--> statement-breakpoint
DROP TRIGGER `programs_change_scopes_insert`;
--> statement-breakpoint
CREATE TRIGGER `programs_change_scopes_insert` AFTER INSERT ON `programs`
BEGIN
insert into change_scopes (scope, version) values ('all', new.version) on conflict (scope) do update set version = excluded.version where excluded.version > change_scopes.version;
END;
--> statement-breakpoint
DROP TRIGGER `programs_change_scopes_update`;
--> statement-breakpoint
CREATE TRIGGER `programs_change_scopes_update` AFTER UPDATE ON `programs`
BEGIN
insert into change_scopes (scope, version) values ('all', new.version) on conflict (scope) do update set version = excluded.version where excluded.version > change_scopes.version;
END;
--> statement-breakpoint
DROP TRIGGER `program_members_change_scopes_insert`;
--> statement-breakpoint
CREATE TRIGGER `program_members_change_scopes_insert` AFTER INSERT ON `program_members`
BEGIN
insert into change_scopes (scope, version) values ('all', new.version) on conflict (scope) do update set version = excluded.version where excluded.version > change_scopes.version;
END;
--> statement-breakpoint
DROP TRIGGER `program_members_change_scopes_update`;
--> statement-breakpoint
CREATE TRIGGER `program_members_change_scopes_update` AFTER UPDATE ON `program_members`
BEGIN
insert into change_scopes (scope, version) values ('all', new.version) on conflict (scope) do update set version = excluded.version where excluded.version > change_scopes.version;
END;
--> statement-breakpoint
DROP TRIGGER `students_change_scopes_insert`;
--> statement-breakpoint
CREATE TRIGGER `students_change_scopes_insert` AFTER INSERT ON `students`
BEGIN
insert into change_scopes (scope, version) values ('program:' || new.program_id, new.version) on conflict (scope) do update set version = excluded.version where excluded.version > change_scopes.version;
insert into change_scopes (scope, version) select 'user:' || new.user_id, new.version where new.user_id is not null on conflict (scope) do update set version = excluded.version where excluded.version > change_scopes.version;
END;
--> statement-breakpoint
DROP TRIGGER `students_change_scopes_update`;
--> statement-breakpoint
CREATE TRIGGER `students_change_scopes_update` AFTER UPDATE ON `students`
BEGIN
insert into change_scopes (scope, version) values ('program:' || new.program_id, new.version) on conflict (scope) do update set version = excluded.version where excluded.version > change_scopes.version;
insert into change_scopes (scope, version) select 'user:' || new.user_id, new.version where new.user_id is not null on conflict (scope) do update set version = excluded.version where excluded.version > change_scopes.version;
insert into change_scopes (scope, version) select 'program:' || old.program_id, new.version where old.program_id <> new.program_id on conflict (scope) do update set version = excluded.version where excluded.version > change_scopes.version;
insert into change_scopes (scope, version) select 'user:' || old.user_id, new.version where old.user_id is not null on conflict (scope) do update set version = excluded.version where excluded.version > change_scopes.version;
END;
--> statement-breakpoint
DROP TRIGGER `skills_change_scopes_insert`;
--> statement-breakpoint
CREATE TRIGGER `skills_change_scopes_insert` AFTER INSERT ON `skills`
BEGIN
insert into change_scopes (scope, version) values ('all', new.version) on conflict (scope) do update set version = excluded.version where excluded.version > change_scopes.version;
END;
--> statement-breakpoint
DROP TRIGGER `skills_change_scopes_update`;
--> statement-breakpoint
CREATE TRIGGER `skills_change_scopes_update` AFTER UPDATE ON `skills`
BEGIN
insert into change_scopes (scope, version) values ('all', new.version) on conflict (scope) do update set version = excluded.version where excluded.version > change_scopes.version;
END;
--> statement-breakpoint
DROP TRIGGER `student_skills_change_scopes_insert`;
--> statement-breakpoint
CREATE TRIGGER `student_skills_change_scopes_insert` AFTER INSERT ON `student_skills`
BEGIN
insert into change_scopes (scope, version) select 'program:' || s.program_id, new.version from students s where s.id = new.student_id on conflict (scope) do update set version = excluded.version where excluded.version > change_scopes.version;
END;
--> statement-breakpoint
DROP TRIGGER `student_skills_change_scopes_update`;
--> statement-breakpoint
CREATE TRIGGER `student_skills_change_scopes_update` AFTER UPDATE ON `student_skills`
BEGIN
insert into change_scopes (scope, version) select 'program:' || s.program_id, new.version from students s where s.id = new.student_id on conflict (scope) do update set version = excluded.version where excluded.version > change_scopes.version;
END;
--> statement-breakpoint
DROP TRIGGER `skill_attempts_change_scopes_insert`;
--> statement-breakpoint
CREATE TRIGGER `skill_attempts_change_scopes_insert` AFTER INSERT ON `skill_attempts`
BEGIN
insert into change_scopes (scope, version) select 'program:' || s.program_id, new.version from students s where s.id = new.student_id on conflict (scope) do update set version = excluded.version where excluded.version > change_scopes.version;
END;
--> statement-breakpoint
DROP TRIGGER `skill_attempts_change_scopes_update`;
--> statement-breakpoint
CREATE TRIGGER `skill_attempts_change_scopes_update` AFTER UPDATE ON `skill_attempts`
BEGIN
insert into change_scopes (scope, version) select 'program:' || s.program_id, new.version from students s where s.id = new.student_id on conflict (scope) do update set version = excluded.version where excluded.version > change_scopes.version;
END;
--> statement-breakpoint
DROP TRIGGER `skill_attempt_voids_change_scopes_insert`;
--> statement-breakpoint
CREATE TRIGGER `skill_attempt_voids_change_scopes_insert` AFTER INSERT ON `skill_attempt_voids`
BEGIN
insert into change_scopes (scope, version) select 'program:' || s.program_id, new.version from students s where s.id = new.student_id on conflict (scope) do update set version = excluded.version where excluded.version > change_scopes.version;
END;
--> statement-breakpoint
DROP TRIGGER `skill_attempt_voids_change_scopes_update`;
--> statement-breakpoint
CREATE TRIGGER `skill_attempt_voids_change_scopes_update` AFTER UPDATE ON `skill_attempt_voids`
BEGIN
insert into change_scopes (scope, version) select 'program:' || s.program_id, new.version from students s where s.id = new.student_id on conflict (scope) do update set version = excluded.version where excluded.version > change_scopes.version;
END;
--> statement-breakpoint
DROP TRIGGER `patient_contacts_change_scopes_insert`;
--> statement-breakpoint
CREATE TRIGGER `patient_contacts_change_scopes_insert` AFTER INSERT ON `patient_contacts`
BEGIN
insert into change_scopes (scope, version) select 'program:' || s.program_id, new.version from students s where s.id = new.student_id on conflict (scope) do update set version = excluded.version where excluded.version > change_scopes.version;
END;
--> statement-breakpoint
DROP TRIGGER `patient_contacts_change_scopes_update`;
--> statement-breakpoint
CREATE TRIGGER `patient_contacts_change_scopes_update` AFTER UPDATE ON `patient_contacts`
BEGIN
insert into change_scopes (scope, version) select 'program:' || s.program_id, new.version from students s where s.id = new.student_id on conflict (scope) do update set version = excluded.version where excluded.version > change_scopes.version;
END;
--> statement-breakpoint
DROP TRIGGER `sign_offs_change_scopes_insert`;
--> statement-breakpoint
CREATE TRIGGER `sign_offs_change_scopes_insert` AFTER INSERT ON `sign_offs`
BEGIN
insert into change_scopes (scope, version) select 'program:' || s.program_id, new.version from students s where s.id = new.student_id on conflict (scope) do update set version = excluded.version where excluded.version > change_scopes.version;
insert into change_scopes (scope, version) values ('sign-offs', new.version) on conflict (scope) do update set version = excluded.version where excluded.version > change_scopes.version;
END;
--> statement-breakpoint
DROP TRIGGER `sign_offs_change_scopes_update`;
--> statement-breakpoint
CREATE TRIGGER `sign_offs_change_scopes_update` AFTER UPDATE ON `sign_offs`
BEGIN
insert into change_scopes (scope, version) select 'program:' || s.program_id, new.version from students s where s.id = new.student_id on conflict (scope) do update set version = excluded.version where excluded.version > change_scopes.version;
insert into change_scopes (scope, version) values ('sign-offs', new.version) on conflict (scope) do update set version = excluded.version where excluded.version > change_scopes.version;
END;
--> statement-breakpoint
DROP TRIGGER `clinical_sites_change_scopes_insert`;
--> statement-breakpoint
CREATE TRIGGER `clinical_sites_change_scopes_insert` AFTER INSERT ON `clinical_sites`
BEGIN
insert into change_scopes (scope, version) values ('all', new.version) on conflict (scope) do update set version = excluded.version where excluded.version > change_scopes.version;
END;
--> statement-breakpoint
DROP TRIGGER `clinical_sites_change_scopes_update`;
--> statement-breakpoint
CREATE TRIGGER `clinical_sites_change_scopes_update` AFTER UPDATE ON `clinical_sites`
BEGIN
insert into change_scopes (scope, version) values ('all', new.version) on conflict (scope) do update set version = excluded.version where excluded.version > change_scopes.version;
END;
--> statement-breakpoint
DROP TRIGGER `site_emails_change_scopes_insert`;
--> statement-breakpoint
CREATE TRIGGER `site_emails_change_scopes_insert` AFTER INSERT ON `site_emails`
BEGIN
insert into change_scopes (scope, version) values ('all', new.version) on conflict (scope) do update set version = excluded.version where excluded.version > change_scopes.version;
END;
--> statement-breakpoint
DROP TRIGGER `site_emails_change_scopes_update`;
--> statement-breakpoint
CREATE TRIGGER `site_emails_change_scopes_update` AFTER UPDATE ON `site_emails`
BEGIN
insert into change_scopes (scope, version) values ('all', new.version) on conflict (scope) do update set version = excluded.version where excluded.version > change_scopes.version;
END;
--> statement-breakpoint
DROP TRIGGER `clinical_hours_change_scopes_insert`;
--> statement-breakpoint
CREATE TRIGGER `clinical_hours_change_scopes_insert` AFTER INSERT ON `clinical_hours`
BEGIN
insert into change_scopes (scope, version) select 'program:' || s.program_id, new.version from students s where s.id = new.student_id on conflict (scope) do update set version = excluded.version where excluded.version > change_scopes.version;
END;
--> statement-breakpoint
DROP TRIGGER `clinical_hours_change_scopes_update`;
--> statement-breakpoint
CREATE TRIGGER `clinical_hours_change_scopes_update` AFTER UPDATE ON `clinical_hours`
BEGIN
insert into change_scopes (scope, version) select 'program:' || s.program_id, new.version from students s where s.id = new.student_id on conflict (scope) do update set version = excluded.version where excluded.version > change_scopes.version;
END;
--> statement-breakpoint
DROP TRIGGER `documents_change_scopes_insert`;
--> statement-breakpoint
CREATE TRIGGER `documents_change_scopes_insert` AFTER INSERT ON `documents`
BEGIN
insert into change_scopes (scope, version) values ('all', new.version) on conflict (scope) do update set version = excluded.version where excluded.version > change_scopes.version;
END;
--> statement-breakpoint
DROP TRIGGER `documents_change_scopes_update`;
--> statement-breakpoint
CREATE TRIGGER `documents_change_scopes_update` AFTER UPDATE ON `documents`
BEGIN
insert into change_scopes (scope, version) values ('all', new.version) on conflict (scope) do update set version = excluded.version where excluded.version > change_scopes.version;
END;
--> statement-breakpoint
DROP TRIGGER `messages_change_scopes_insert`;
--> statement-breakpoint
CREATE TRIGGER `messages_change_scopes_insert` AFTER INSERT ON `messages`
BEGIN
insert into change_scopes (scope, version) values ('user:' || new.sender_id, new.version) on conflict (scope) do update set version = excluded.version where excluded.version > change_scopes.version;
insert into change_scopes (scope, version) values ('user:' || new.recipient_id, new.version) on conflict (scope) do update set version = excluded.version where excluded.version > change_scopes.version;
END;
--> statement-breakpoint
DROP TRIGGER `messages_change_scopes_update`;
--> statement-breakpoint
CREATE TRIGGER `messages_change_scopes_update` AFTER UPDATE ON `messages`
BEGIN
insert into change_scopes (scope, version) values ('user:' || new.sender_id, new.version) on conflict (scope) do update set version = excluded.version where excluded.version > change_scopes.version;
insert into change_scopes (scope, version) values ('user:' || new.recipient_id, new.version) on conflict (scope) do update set version = excluded.version where excluded.version > change_scopes.version;
END;
--> statement-breakpoint
DROP TRIGGER `requests_change_scopes_insert`;
--> statement-breakpoint
CREATE TRIGGER `requests_change_scopes_insert` AFTER INSERT ON `requests`
BEGIN
insert into change_scopes (scope, version) values ('user:' || new.user_id, new.version) on conflict (scope) do update set version = excluded.version where excluded.version > change_scopes.version;
insert into change_scopes (scope, version) values ('requests', new.version) on conflict (scope) do update set version = excluded.version where excluded.version > change_scopes.version;
insert into change_scopes (scope, version) select 'program:' || s.program_id, new.version from students s where s.id = new.student_id on conflict (scope) do update set version = excluded.version where excluded.version > change_scopes.version;
END;
--> statement-breakpoint
DROP TRIGGER `requests_change_scopes_update`;
--> statement-breakpoint
CREATE TRIGGER `requests_change_scopes_update` AFTER UPDATE ON `requests`
BEGIN
insert into change_scopes (scope, version) values ('user:' || new.user_id, new.version) on conflict (scope) do update set version = excluded.version where excluded.version > change_scopes.version;
insert into change_scopes (scope, version) values ('requests', new.version) on conflict (scope) do update set version = excluded.version where excluded.version > change_scopes.version;
insert into change_scopes (scope, version) select 'program:' || s.program_id, new.version from students s where s.id = new.student_id on conflict (scope) do update set version = excluded.version where excluded.version > change_scopes.version;
END;
--> statement-breakpoint
DROP TRIGGER `accreditation_requirements_change_scopes_insert`;
--> statement-breakpoint
CREATE TRIGGER `accreditation_requirements_change_scopes_insert` AFTER INSERT ON `accreditation_requirements`
BEGIN
insert into change_scopes (scope, version) values (coalesce('program:' || new.program_id, 'all'), new.version) on conflict (scope) do update set version = excluded.version where excluded.version > change_scopes.version;
END;
--> statement-breakpoint
DROP TRIGGER `accreditation_requirements_change_scopes_update`;
--> statement-breakpoint
CREATE TRIGGER `accreditation_requirements_change_scopes_update` AFTER UPDATE ON `accreditation_requirements`
BEGIN
insert into change_scopes (scope, version) values (coalesce('program:' || new.program_id, 'all'), new.version) on conflict (scope) do update set version = excluded.version where excluded.version > change_scopes.version;
insert into change_scopes (scope, version) select coalesce('program:' || old.program_id, 'all'), new.version where old.program_id is not new.program_id on conflict (scope) do update set version = excluded.version where excluded.version > change_scopes.version;
END;
--> statement-breakpoint
DROP TRIGGER `ram_assessments_change_scopes_insert`;
--> statement-breakpoint
CREATE TRIGGER `ram_assessments_change_scopes_insert` AFTER INSERT ON `ram_assessments`
BEGIN
insert into change_scopes (scope, version) values (coalesce('program:' || new.program_id, 'all'), new.version) on conflict (scope) do update set version = excluded.version where excluded.version > change_scopes.version;
END;
--> statement-breakpoint
DROP TRIGGER `ram_assessments_change_scopes_update`;
--> statement-breakpoint
CREATE TRIGGER `ram_assessments_change_scopes_update` AFTER UPDATE ON `ram_assessments`
BEGIN
insert into change_scopes (scope, version) values (coalesce('program:' || new.program_id, 'all'), new.version) on conflict (scope) do update set version = excluded.version where excluded.version > change_scopes.version;
insert into change_scopes (scope, version) select coalesce('program:' || old.program_id, 'all'), new.version where old.program_id is not new.program_id on conflict (scope) do update set version = excluded.version where excluded.version > change_scopes.version;
END;
--> statement-breakpoint
DROP TRIGGER `shifts_change_scopes_insert`;
--> statement-breakpoint
CREATE TRIGGER `shifts_change_scopes_insert` AFTER INSERT ON `shifts`
BEGIN
insert into change_scopes (scope, version) values ('all', new.version) on conflict (scope) do update set version = excluded.version where excluded.version > change_scopes.version;
END;
--> statement-breakpoint
DROP TRIGGER `shifts_change_scopes_update`;
--> statement-breakpoint
CREATE TRIGGER `shifts_change_scopes_update` AFTER UPDATE ON `shifts`
BEGIN
insert into change_scopes (scope, version) values ('all', new.version) on conflict (scope) do update set version = excluded.version where excluded.version > change_scopes.version;
END;
--> statement-breakpoint
DROP TRIGGER `shift_bookings_change_scopes_insert`;
--> statement-breakpoint
CREATE TRIGGER `shift_bookings_change_scopes_insert` AFTER INSERT ON `shift_bookings`
BEGIN
insert into change_scopes (scope, version) select 'program:' || s.program_id, new.version from students s where s.id = new.student_id on conflict (scope) do update set version = excluded.version where excluded.version > change_scopes.version;
END;
--> statement-breakpoint
DROP TRIGGER `shift_bookings_change_scopes_update`;
--> statement-breakpoint
CREATE TRIGGER `shift_bookings_change_scopes_update` AFTER UPDATE ON `shift_bookings`
BEGIN
insert into change_scopes (scope, version) select 'program:' || s.program_id, new.version from students s where s.id = new.student_id on conflict (scope) do update set version = excluded.version where excluded.version > change_scopes.version;
END;
--> statement-breakpoint
DROP TRIGGER `student_credentials_change_scopes_insert`;
--> statement-breakpoint
CREATE TRIGGER `student_credentials_change_scopes_insert` AFTER INSERT ON `student_credentials`
BEGIN
insert into change_scopes (scope, version) select 'program:' || s.program_id, new.version from students s where s.id = new.student_id on conflict (scope) do update set version = excluded.version where excluded.version > change_scopes.version;
END;
--> statement-breakpoint
DROP TRIGGER `student_credentials_change_scopes_update`;
--> statement-breakpoint
CREATE TRIGGER `student_credentials_change_scopes_update` AFTER UPDATE ON `student_credentials`
BEGIN
insert into change_scopes (scope, version) select 'program:' || s.program_id, new.version from students s where s.id = new.student_id on conflict (scope) do update set version = excluded.version where excluded.version > change_scopes.version;
END;
--> statement-breakpoint
DROP TRIGGER `dors_change_scopes_insert`;
--> statement-breakpoint
CREATE TRIGGER `dors_change_scopes_insert` AFTER INSERT ON `dors`
BEGIN
insert into change_scopes (scope, version) select 'program:' || s.program_id, new.version from students s where s.id = new.student_id on conflict (scope) do update set version = excluded.version where excluded.version > change_scopes.version;
END;
--> statement-breakpoint
DROP TRIGGER `dors_change_scopes_update`;
--> statement-breakpoint
CREATE TRIGGER `dors_change_scopes_update` AFTER UPDATE ON `dors`
BEGIN
insert into change_scopes (scope, version) select 'program:' || s.program_id, new.version from students s where s.id = new.student_id on conflict (scope) do update set version = excluded.version where excluded.version > change_scopes.version;
END;
--> statement-breakpoint
DROP TRIGGER `task_books_change_scopes_insert`;
--> statement-breakpoint
CREATE TRIGGER `task_books_change_scopes_insert` AFTER INSERT ON `task_books`
BEGIN
insert into change_scopes (scope, version) select 'program:' || s.program_id, new.version from students s where s.id = new.student_id on conflict (scope) do update set version = excluded.version where excluded.version > change_scopes.version;
END;
--> statement-breakpoint
DROP TRIGGER `task_books_change_scopes_update`;
--> statement-breakpoint
CREATE TRIGGER `task_books_change_scopes_update` AFTER UPDATE ON `task_books`
BEGIN
insert into change_scopes (scope, version) select 'program:' || s.program_id, new.version from students s where s.id = new.student_id on conflict (scope) do update set version = excluded.version where excluded.version > change_scopes.version;
END;
--> statement-breakpoint
DROP TRIGGER `jpr_sign_offs_change_scopes_insert`;
--> statement-breakpoint
CREATE TRIGGER `jpr_sign_offs_change_scopes_insert` AFTER INSERT ON `jpr_sign_offs`
BEGIN
insert into change_scopes (scope, version) select 'program:' || s.program_id, new.version from students s where s.id = new.student_id on conflict (scope) do update set version = excluded.version where excluded.version > change_scopes.version;
END;
--> statement-breakpoint
DROP TRIGGER `jpr_sign_offs_change_scopes_update`;
--> statement-breakpoint
CREATE TRIGGER `jpr_sign_offs_change_scopes_update` AFTER UPDATE ON `jpr_sign_offs`
BEGIN
insert into change_scopes (scope, version) select 'program:' || s.program_id, new.version from students s where s.id = new.student_id on conflict (scope) do update set version = excluded.version where excluded.version > change_scopes.version;
END;
