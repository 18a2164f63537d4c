CREATE TABLE `accreditation_requirements` (
	`id` text PRIMARY KEY NOT NULL,
	`created_at` text NOT NULL,
	`updated_at` text NOT NULL,
	`version` integer DEFAULT 0 NOT NULL,
	`deleted_at` text,
	`program_id` text,
	`title` text NOT NULL,
	`description` text,
	`frequency` text,
	`role_required` text,
	`standard_reference` text,
	`requirement_type` text NOT NULL,
	`documents` text DEFAULT '[]' NOT NULL,
	`completion_status` text DEFAULT 'pending' NOT NULL,
	`due_date` text,
	`completed_at` text,
	`confidence` text DEFAULT 'uncertain' NOT NULL,
	`source` text
);
--> statement-breakpoint
CREATE INDEX `accreditation_requirements_version` ON `accreditation_requirements` (`version`);--> statement-breakpoint
CREATE TABLE `audit_log` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`at` text NOT NULL,
	`actor_id` text,
	`command` text NOT NULL,
	`table_name` text NOT NULL,
	`record_id` text NOT NULL,
	`action` text NOT NULL,
	`changes` text NOT NULL,
	`version` integer NOT NULL
);
--> statement-breakpoint
CREATE INDEX `audit_log_record` ON `audit_log` (`table_name`,`record_id`);--> statement-breakpoint
CREATE INDEX `audit_log_actor` ON `audit_log` (`actor_id`,`at`);--> statement-breakpoint
CREATE TABLE `clinical_hours` (
	`id` text PRIMARY KEY NOT NULL,
	`created_at` text NOT NULL,
	`updated_at` text NOT NULL,
	`version` integer DEFAULT 0 NOT NULL,
	`deleted_at` text,
	`student_id` text NOT NULL,
	`clinical_site_id` text,
	`date` text NOT NULL,
	`hours_completed` real NOT NULL,
	`hour_type` text DEFAULT 'clinical' NOT NULL,
	`notes` text,
	`recorded_by` text NOT NULL
);
--> statement-breakpoint
CREATE INDEX `clinical_hours_student` ON `clinical_hours` (`student_id`);--> statement-breakpoint
CREATE INDEX `clinical_hours_version` ON `clinical_hours` (`version`);--> statement-breakpoint
CREATE TABLE `clinical_sites` (
	`id` text PRIMARY KEY NOT NULL,
	`created_at` text NOT NULL,
	`updated_at` text NOT NULL,
	`version` integer DEFAULT 0 NOT NULL,
	`deleted_at` text,
	`name` text NOT NULL,
	`type` text NOT NULL,
	`address` text NOT NULL,
	`city` text,
	`state` text,
	`zip_code` text,
	`phone` text,
	`email` text,
	`contact_person` text,
	`contact_title` text,
	`max_students` integer DEFAULT 1 NOT NULL,
	`program_types` text DEFAULT '[]' NOT NULL,
	`specialties` text DEFAULT '[]' NOT NULL,
	`notes` text,
	`requirements` text,
	`requires_background` integer DEFAULT true NOT NULL,
	`requires_insurance` integer DEFAULT true NOT NULL,
	`requires_orientation` integer DEFAULT true NOT NULL,
	`is_active` integer DEFAULT true NOT NULL
);
--> statement-breakpoint
CREATE INDEX `clinical_sites_version` ON `clinical_sites` (`version`);--> statement-breakpoint
CREATE TABLE `documents` (
	`id` text PRIMARY KEY NOT NULL,
	`created_at` text NOT NULL,
	`updated_at` text NOT NULL,
	`version` integer DEFAULT 0 NOT NULL,
	`deleted_at` text,
	`name` text NOT NULL,
	`description` text,
	`type` text NOT NULL,
	`program_type` text NOT NULL,
	`program_id` text,
	`is_public` integer DEFAULT false NOT NULL,
	`file_name` text NOT NULL,
	`stored_name` text NOT NULL,
	`mime_type` text NOT NULL,
	`file_size` integer NOT NULL,
	`uploaded_by` text NOT NULL
);
--> statement-breakpoint
CREATE INDEX `documents_version` ON `documents` (`version`);--> statement-breakpoint
CREATE TABLE `instructors` (
	`id` text PRIMARY KEY NOT NULL,
	`created_at` text NOT NULL,
	`updated_at` text NOT NULL,
	`version` integer DEFAULT 0 NOT NULL,
	`deleted_at` text,
	`employee_id` text NOT NULL,
	`title` text NOT NULL,
	`department` text NOT NULL,
	`program_types` text DEFAULT '[]' NOT NULL,
	`experience` text,
	`education` text,
	`hire_date` text NOT NULL,
	`is_preceptor` integer DEFAULT false NOT NULL,
	`notes` text
);
--> statement-breakpoint
CREATE INDEX `instructors_version` ON `instructors` (`version`);--> statement-breakpoint
CREATE TABLE `messages` (
	`id` text PRIMARY KEY NOT NULL,
	`created_at` text NOT NULL,
	`updated_at` text NOT NULL,
	`version` integer DEFAULT 0 NOT NULL,
	`deleted_at` text,
	`sender_id` text NOT NULL,
	`recipient_id` text NOT NULL,
	`subject` text NOT NULL,
	`content` text NOT NULL,
	`priority` text DEFAULT 'normal' NOT NULL,
	`category` text DEFAULT 'general' NOT NULL,
	`is_read` integer DEFAULT false NOT NULL,
	`read_at` text,
	`recipient_starred` integer DEFAULT false NOT NULL,
	`recipient_archived` integer DEFAULT false NOT NULL,
	`recipient_deleted` integer DEFAULT false NOT NULL,
	`sender_starred` integer DEFAULT false NOT NULL,
	`sender_archived` integer DEFAULT false NOT NULL,
	`sender_deleted` integer DEFAULT false NOT NULL
);
--> statement-breakpoint
CREATE INDEX `messages_recipient` ON `messages` (`recipient_id`);--> statement-breakpoint
CREATE INDEX `messages_sender` ON `messages` (`sender_id`);--> statement-breakpoint
CREATE INDEX `messages_version` ON `messages` (`version`);--> statement-breakpoint
CREATE TABLE `mutation_results` (
	`client_id` text NOT NULL,
	`mutation_id` integer NOT NULL,
	`status` text NOT NULL,
	`code` text,
	`message` text,
	`fields` text,
	`version` integer NOT NULL,
	PRIMARY KEY(`client_id`, `mutation_id`)
);
--> statement-breakpoint
CREATE TABLE `program_members` (
	`id` text PRIMARY KEY NOT NULL,
	`created_at` text NOT NULL,
	`updated_at` text NOT NULL,
	`version` integer DEFAULT 0 NOT NULL,
	`deleted_at` text,
	`program_id` text NOT NULL,
	`user_id` text NOT NULL,
	`assigned_role` text NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `program_members_live` ON `program_members` (`program_id`,`user_id`) WHERE deleted_at is null;--> statement-breakpoint
CREATE INDEX `program_members_user` ON `program_members` (`user_id`);--> statement-breakpoint
CREATE INDEX `program_members_version` ON `program_members` (`version`);--> statement-breakpoint
CREATE TABLE `programs` (
	`id` text PRIMARY KEY NOT NULL,
	`created_at` text NOT NULL,
	`updated_at` text NOT NULL,
	`version` integer DEFAULT 0 NOT NULL,
	`deleted_at` text,
	`name` text NOT NULL,
	`type` text NOT NULL,
	`certification_level` text,
	`description` text,
	`duration_weeks` integer,
	`duration_text` text,
	`required_hours` integer,
	`director_id` text,
	`credits` integer,
	`capacity` integer,
	`prerequisites` text,
	`certifications` text DEFAULT '[]' NOT NULL
);
--> statement-breakpoint
CREATE INDEX `programs_version` ON `programs` (`version`);--> statement-breakpoint
CREATE TABLE `ram_assessments` (
	`id` text PRIMARY KEY NOT NULL,
	`created_at` text NOT NULL,
	`updated_at` text NOT NULL,
	`version` integer DEFAULT 0 NOT NULL,
	`deleted_at` text,
	`program_id` text,
	`year` integer NOT NULL,
	`component_area` text NOT NULL,
	`component_description` text,
	`status` text DEFAULT 'pending' NOT NULL,
	`compliance_percentage` integer,
	`improvement_plan` text,
	`assessment_date` text,
	`confidence` text DEFAULT 'uncertain' NOT NULL,
	`source` text
);
--> statement-breakpoint
CREATE INDEX `ram_assessments_year` ON `ram_assessments` (`year`);--> statement-breakpoint
CREATE INDEX `ram_assessments_version` ON `ram_assessments` (`version`);--> statement-breakpoint
CREATE TABLE `requests` (
	`id` text PRIMARY KEY NOT NULL,
	`created_at` text NOT NULL,
	`updated_at` text NOT NULL,
	`version` integer DEFAULT 0 NOT NULL,
	`deleted_at` text,
	`kind` text NOT NULL,
	`user_id` text NOT NULL,
	`status` text DEFAULT 'pending' NOT NULL,
	`justification` text,
	`review_notes` text,
	`reviewed_by` text,
	`reviewed_at` text,
	`approval_level` text,
	`program_id` text,
	`current_role` text,
	`requested_role` text,
	`student_id` text,
	`clinical_site_id` text,
	`requested_preceptor_id` text,
	`ems_certification_level` text,
	`requested_dates` text,
	`requested_dates_text` text,
	`skills_to_focus` text,
	`skills_to_focus_text` text,
	`start_at` text,
	`end_at` text,
	`requested_hours` integer,
	`special_requirements` text
);
--> statement-breakpoint
CREATE INDEX `requests_kind_status` ON `requests` (`kind`,`status`);--> statement-breakpoint
CREATE INDEX `requests_user` ON `requests` (`user_id`);--> statement-breakpoint
CREATE INDEX `requests_version` ON `requests` (`version`);--> statement-breakpoint
CREATE TABLE `sessions` (
	`id` text PRIMARY KEY NOT NULL,
	`user_id` text NOT NULL,
	`created_at` text NOT NULL,
	`expires_at` text NOT NULL
);
--> statement-breakpoint
CREATE INDEX `sessions_user` ON `sessions` (`user_id`);--> statement-breakpoint
CREATE TABLE `site_emails` (
	`id` text PRIMARY KEY NOT NULL,
	`created_at` text NOT NULL,
	`updated_at` text NOT NULL,
	`version` integer DEFAULT 0 NOT NULL,
	`deleted_at` text,
	`clinical_site_id` text NOT NULL,
	`email_address` text NOT NULL,
	`contact_name` text,
	`email_type` text DEFAULT 'secondary' NOT NULL,
	`is_active` integer DEFAULT true NOT NULL
);
--> statement-breakpoint
CREATE INDEX `site_emails_site` ON `site_emails` (`clinical_site_id`);--> statement-breakpoint
CREATE INDEX `site_emails_version` ON `site_emails` (`version`);--> statement-breakpoint
CREATE TABLE `skills` (
	`id` text PRIMARY KEY NOT NULL,
	`created_at` text NOT NULL,
	`updated_at` text NOT NULL,
	`version` integer DEFAULT 0 NOT NULL,
	`deleted_at` text,
	`code` text NOT NULL,
	`name` text NOT NULL,
	`description` text,
	`category` text NOT NULL,
	`program_type` text NOT NULL,
	`certification_level` text NOT NULL,
	`competency_domain` text,
	`smc_matrix_number` text,
	`smc_motor_skill_name` text,
	`smc_pathology_category` text,
	`clinical_hours_required` real,
	`field_hours_required` real,
	`minimum_attempts` integer DEFAULT 1 NOT NULL,
	`simulation_allowed` integer,
	`standard_reference` text,
	`confidence` text DEFAULT 'uncertain' NOT NULL,
	`source` text
);
--> statement-breakpoint
CREATE UNIQUE INDEX `skills_code` ON `skills` (`code`);--> statement-breakpoint
CREATE INDEX `skills_level` ON `skills` (`program_type`,`certification_level`);--> statement-breakpoint
CREATE INDEX `skills_version` ON `skills` (`version`);--> statement-breakpoint
CREATE TABLE `student_skills` (
	`id` text PRIMARY KEY NOT NULL,
	`created_at` text NOT NULL,
	`updated_at` text NOT NULL,
	`version` integer DEFAULT 0 NOT NULL,
	`deleted_at` text,
	`student_id` text NOT NULL,
	`skill_id` text NOT NULL,
	`instructor_id` text,
	`status` text DEFAULT 'not_started' NOT NULL,
	`progress_percentage` integer DEFAULT 0 NOT NULL,
	`attempts` integer DEFAULT 0 NOT NULL,
	`successful_attempts` integer DEFAULT 0 NOT NULL,
	`last_attempt_date` text,
	`next_assessment_date` text,
	`notes` text
);
--> statement-breakpoint
CREATE UNIQUE INDEX `student_skills_pair` ON `student_skills` (`student_id`,`skill_id`);--> statement-breakpoint
CREATE INDEX `student_skills_version` ON `student_skills` (`version`);--> statement-breakpoint
CREATE TABLE `students` (
	`id` text PRIMARY KEY NOT NULL,
	`created_at` text NOT NULL,
	`updated_at` text NOT NULL,
	`version` integer DEFAULT 0 NOT NULL,
	`deleted_at` text,
	`user_id` text,
	`first_name` text NOT NULL,
	`last_name` text NOT NULL,
	`email` text NOT NULL,
	`phone` text NOT NULL,
	`student_code` text NOT NULL,
	`ems_certification_level` text DEFAULT 'emt' NOT NULL,
	`program_id` text NOT NULL,
	`enrollment_date` text NOT NULL,
	`expected_graduation` text NOT NULL,
	`graduation_date` text,
	`address` text,
	`emergency_contact` text,
	`emergency_phone` text,
	`gpa` real,
	`is_active` integer DEFAULT true NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `students_code_live` ON `students` (`student_code`) WHERE deleted_at is null;--> statement-breakpoint
CREATE INDEX `students_program` ON `students` (`program_id`);--> statement-breakpoint
CREATE INDEX `students_user` ON `students` (`user_id`);--> statement-breakpoint
CREATE INDEX `students_version` ON `students` (`version`);--> statement-breakpoint
CREATE TABLE `sync_clients` (
	`client_id` text PRIMARY KEY NOT NULL,
	`client_group_id` text NOT NULL,
	`user_id` text NOT NULL,
	`last_mutation_id` integer DEFAULT 0 NOT NULL,
	`updated_at` text NOT NULL
);
--> statement-breakpoint
CREATE TABLE `sync_meta` (
	`id` integer PRIMARY KEY NOT NULL,
	`version` integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE `users` (
	`id` text PRIMARY KEY NOT NULL,
	`created_at` text NOT NULL,
	`updated_at` text NOT NULL,
	`version` integer DEFAULT 0 NOT NULL,
	`deleted_at` text,
	`email` text NOT NULL,
	`password_hash` text,
	`first_name` text NOT NULL,
	`last_name` text NOT NULL,
	`role` text NOT NULL,
	`phone` text,
	`department` text,
	`certifications` text DEFAULT '[]' NOT NULL,
	`specialties` text DEFAULT '[]' NOT NULL,
	`profile_image_url` text,
	`is_active` integer DEFAULT true NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `users_email_live` ON `users` (`email`) WHERE deleted_at is null;--> statement-breakpoint
CREATE INDEX `users_version` ON `users` (`version`);